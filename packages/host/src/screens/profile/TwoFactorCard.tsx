import { ActionButton, Button, DialogContainer, Switch, Text } from '@adobe/react-spectrum';
import { useState, type ReactElement } from 'react';
import { firstValueFrom } from 'rxjs';
import type { Profile } from '@parley/sdk/contract/profile';
import { api, useSession } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import { PasswordPrompt } from './PasswordPrompt.js';
import { RecoveryCodesDialog } from './RecoveryCodesDialog.js';
import { TotpEnrolDialog } from './TotpEnrolDialog.js';

type Step =
  | { kind: 'password'; title: string; explanation: string; action: string; run(password: string): Promise<void> }
  | { kind: 'enrol'; secret: string; otpauthUrl: string; password: string }
  | { kind: 'codes'; codes: string[] };

const reload = () => useSession.getState().loadProfile();

/** The second factor: a mailed code on or off, an authenticator app (TOTP) with recovery codes, or neither. */
export function TwoFactorCard({ profile }: { profile: Profile }) {
  const [step, setStep] = useState<Step | null>(null);
  const close = () => setStep(null);
  const { email, totp } = profile.twoFactor;

  const setMailed = (enable: boolean) =>
    setStep({
      kind: 'password',
      title: enable ? 'Turn on mailed codes' : 'Turn off mailed codes',
      explanation: enable ? 'After your password, sign-in will ask for a code we send to your email.' : 'Sign-in will no longer ask for a mailed code.',
      action: enable ? 'Turn on' : 'Turn off',
      run: async (password) => {
        await firstValueFrom(api.twoFactor.setEmail({ enable, password }));
        await reload();
        close();
        toast('Two-factor settings saved', 'success');
      },
    });

  const enrol = () =>
    setStep({
      kind: 'password',
      title: 'Set up an authenticator app',
      explanation: 'Confirm it is you before a new authenticator key is made.',
      action: 'Continue',
      run: async (password) => setStep({ kind: 'enrol', ...(await firstValueFrom(api.twoFactor.enrolTotp({ password }))), password }),
    });

  const newCodes = () =>
    setStep({
      kind: 'password',
      title: 'New recovery codes',
      explanation: 'New codes replace the ones you have: the old codes stop working.',
      action: 'Make new codes',
      run: async (password) => setStep({ kind: 'codes', codes: (await firstValueFrom(api.twoFactor.recoveryCodesByPost({ password }))).recoveryCodes }),
    });

  const disable = () =>
    setStep({
      kind: 'password',
      title: 'Turn off two-factor authentication',
      explanation: 'Your authenticator key, recovery codes and mailed codes are all switched off; sign-in asks for your password only.',
      action: 'Turn off',
      run: async (password) => {
        await firstValueFrom(api.twoFactor.disable({ password }));
        await reload();
        close();
        toast('Two-factor authentication disabled', 'success');
      },
    });

  let dialog: ReactElement | null = null;
  if (step?.kind === 'password')
    dialog = <PasswordPrompt title={step.title} explanation={step.explanation} action={step.action} onConfirm={step.run} close={close} />;
  if (step?.kind === 'enrol')
    dialog = (
      <TotpEnrolDialog
        enrolment={step}
        close={close}
        onVerified={(codes) => {
          void reload();
          toast('Two-factor authentication enabled', 'success');
          setStep({ kind: 'codes', codes });
        }}
      />
    );
  if (step?.kind === 'codes') dialog = <RecoveryCodesDialog codes={step.codes} account={profile.emailId} close={close} />;

  return (
    <section className="profile-card" aria-labelledby="two-factor">
      <h2 id="two-factor">Two-factor authentication</h2>
      {profile.loginMethod === 'sso' && (
        <Text UNSAFE_className="muted">You signed in through single sign-on; these settings apply when you sign in with your password.</Text>
      )}
      <div className="two-factor-row">
        <div>
          <h3>Authenticator app</h3>
          <Text UNSAFE_className="muted">
            {totp ? 'On: sign-in asks for a code from your app.' : 'Off. Use an app such as Google Authenticator for a code at each sign-in.'}
          </Text>
        </div>
        {totp ? (
          <ActionButton onPress={newCodes}>New recovery codes</ActionButton>
        ) : (
          <Button variant="accent" onPress={enrol}>
            Set up
          </Button>
        )}
      </div>
      <div className="two-factor-row">
        <div>
          <h3>Code by email</h3>
          <Text UNSAFE_className="muted">{totp ? 'Used only while the authenticator app is off.' : 'A code is mailed to you at each sign-in.'}</Text>
        </div>
        <Switch isSelected={email} onChange={setMailed} aria-label="Code by email">
          {email ? 'On' : 'Off'}
        </Switch>
      </div>
      {(email || totp) && (
        <ActionButton isQuiet onPress={disable} UNSAFE_className="two-factor-off">
          Turn off two-factor authentication
        </ActionButton>
      )}
      <DialogContainer onDismiss={close}>{dialog}</DialogContainer>
    </section>
  );
}
