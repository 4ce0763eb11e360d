import { Button, Flex, Form, Link, Text, TextField } from '@adobe/react-spectrum';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { LoginReply } from '@parley/sdk/contract/account';
import { Messages } from '@parley/sdk/contract/messages';
import { api } from '../stores/session-store.js';
import { toast } from '../stores/toast-store.js';
import { fromServer } from './form-errors.js';

interface Props {
  challenge: { id: string; authType: 'totp' | 'email' };
  onSignedIn(reply: LoginReply): void;
  onCancel(): void;
}

/** The second factor: a code from the authenticator app or the mail, or a recovery code. */
export function TwoFactorStep({ challenge, onSignedIn, onCancel }: Props) {
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const authType = useRecovery ? 'recovery' : challenge.authType;

  const submit = async () => {
    if (!code.trim()) return setError(Messages.mandatory);
    setBusy(true);
    try {
      onSignedIn(await firstValueFrom(api.account.verifyCode({ securityCode: code.trim(), authType, id: challenge.id })));
    } catch (e) {
      const { fields, message } = fromServer(e);
      setError(fields.securityCode ?? message);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      await firstValueFrom(api.account.resendAuthMail({ id: challenge.id }));
      toast('A new security code has been sent to your email', 'success');
    } catch (e) {
      toast(fromServer(e).message, 'error');
    }
  };

  return (
    <Form validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Text>
        {useRecovery
          ? 'Enter one of your recovery codes.'
          : challenge.authType === 'totp'
            ? 'Enter the 6-digit code from your authenticator app.'
            : 'We have sent a security code to your email.'}
      </Text>
      <TextField
        label="Security code"
        value={code}
        onChange={setCode}
        autoFocus
        autoComplete="one-time-code"
        width="100%"
        {...(error ? { validationState: 'invalid' as const, errorMessage: error } : {})}
      />
      <Button type="submit" variant="accent" isPending={busy} width="100%">
        Verify
      </Button>
      <Flex justifyContent="space-between" marginTop="size-100">
        {challenge.authType === 'email' && !useRecovery ? <Link onPress={() => void resend()}>Resend code</Link> : <span />}
        <Link onPress={() => (setUseRecovery(!useRecovery), setCode(''), setError(undefined))}>
          {useRecovery ? 'Use the security code' : 'Use a recovery code'}
        </Link>
      </Flex>
      <Link onPress={onCancel}>Back to sign in</Link>
    </Form>
  );
}
