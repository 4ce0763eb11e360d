import { Button, Checkbox, Divider, Flex, Form, Link as SpectrumLink, TextField } from '@adobe/react-spectrum';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { LoginReply } from '@parley/sdk/contract/account';
import { useApp } from '../stores/app-store.js';
import { api } from '../stores/session-store.js';
import { accountContract } from './account-contract.js';
import { AuthShell } from './AuthShell.js';
import { CaptchaField } from './CaptchaField.js';
import { completeSignIn } from './complete-sign-in.js';
import { fromServer, invalid, validate } from './form-errors.js';
import { useAuthForm } from './use-auth-form.js';
import { TwoFactorStep } from './TwoFactorStep.js';

export function LoginScreen() {
  const search = useSearch({ strict: false }) as { redirect?: string; ssoError?: string };
  const navigate = useNavigate();
  const config = useApp((s) => s.config);
  // The schemas (zod) load right after the first paint; a submit waits for them.
  useEffect(() => void accountContract().catch(() => undefined), []);
  const form = useAuthForm(() => accountContract().then((a) => a.login.input), {
    email: '',
    password: '',
    captcha: '',
    captchaId: '',
    removeExistingSession: false,
  });
  const { values, set, errors } = form;
  const [challenge, setChallenge] = useState<{ id: string; authType: 'totp' | 'email' } | null>(null);
  const message = form.message || (search.ssoError ? `Single sign-on failed: ${search.ssoError}` : '');

  const finish = async (reply: LoginReply) => {
    await navigate({ to: await completeSignIn(reply, search.redirect) });
  };

  const submit = () =>
    form.submit(async (v) => {
      const reply = await firstValueFrom(api.account.login({ ...v, routePath: search.redirect ?? '' }));
      if (reply.twoFactorRequired && reply.id && reply.authType) setChallenge({ id: reply.id, authType: reply.authType });
      else await finish(reply);
    });

  const singleSignOn = async () => {
    try {
      const found = validate((await accountContract()).oauthValidate.input, { email: values.email });
      form.setErrors(found);
      if (Object.keys(found).length) return;
      window.location.assign((await firstValueFrom(api.account.oauthValidate({ email: values.email }))).redirectUrl);
    } catch (e) {
      form.setMessage(fromServer(e).message);
    }
  };

  if (challenge) {
    return (
      <AuthShell title="Two-factor authentication">
        <TwoFactorStep challenge={challenge} onSignedIn={(r) => void finish(r)} onCancel={() => (setChallenge(null), form.refreshCaptcha())} />
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Sign in to your account">
      {message && (
        <p className="form-message" role="alert">
          {message}
        </p>
      )}
      <Form validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void submit())} aria-label="Sign in">
        <TextField
          label="Email"
          type="email"
          value={values.email}
          onChange={set('email')}
          autoComplete="username"
          autoFocus
          width="100%"
          {...invalid(errors, 'email')}
        />
        <TextField
          label="Password"
          type="password"
          value={values.password}
          onChange={set('password')}
          autoComplete="current-password"
          width="100%"
          {...invalid(errors, 'password')}
        />
        <CaptchaField
          value={values.captcha}
          onChange={set('captcha')}
          onCaptchaId={set('captchaId')}
          errorMessage={errors.captcha ?? errors.captchaId}
          refreshKey={form.captchaKey}
        />
        <Checkbox isSelected={values.removeExistingSession} onChange={set('removeExistingSession')}>
          Sign out my other sessions
        </Checkbox>
        <Button type="submit" variant="accent" isPending={form.busy} width="100%">
          Sign In
        </Button>
      </Form>
      <Flex justifyContent="space-between" marginTop="size-200">
        <Link to="/forgot-password" className="text-link">
          Forgot password?
        </Link>
        {!config?.features.hideSignup && (
          <Link to="/signup" className="text-link">
            Create an account
          </Link>
        )}
      </Flex>
      {config?.sso.enabled && (
        <>
          <Divider size="S" marginY="size-200" />
          <SpectrumLink onPress={() => void singleSignOn()}>Sign in with single sign-on</SpectrumLink>
        </>
      )}
    </AuthShell>
  );
}
