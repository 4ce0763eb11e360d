import { Button, Form, TextField } from '@adobe/react-spectrum';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { accountApi } from '@parley/sdk/contract/account';
import { Messages } from '@parley/sdk/contract/messages';
import { useApp } from '../stores/app-store.js';
import { api } from '../stores/session-store.js';
import { toast } from '../stores/toast-store.js';
import { AuthShell } from './AuthShell.js';
import { CaptchaField } from './CaptchaField.js';
import { fromServer, invalid } from './form-errors.js';
import { useAuthForm } from './use-auth-form.js';

/** platform-shell 2.4: forgot password, and account activation at signup-verify/{id} on the same screen. */
export function ForgotPasswordScreen() {
  const { id } = useParams({ strict: false }) as { id?: string };
  return id ? <Activation activationId={id} /> : <ForgotPassword />;
}

function ForgotPassword() {
  const mailbox = useApp((s) => s.config?.mailbox);
  const form = useAuthForm(accountApi.recover.input, { emailId: '', captcha: '', captchaId: '' });
  const { values, set, errors } = form;
  const [sent, setSent] = useState(false);

  // platform-shell 2.4: a failure toasts "Something Went Wrong !!" and the captcha is refreshed.
  const submit = () =>
    form.submit(
      async (v) => {
        await firstValueFrom(api.account.recover(v));
        setSent(true);
      },
      () => toast(Messages.somethingWentWrong, 'error'),
    );

  if (sent) {
    return (
      <AuthShell title="Check your email">
        <p role="status">{Messages.recoverSent}</p>
        {mailbox && (
          <p>
            No mail server is configured:{' '}
            <Link to="/mailbox" search={{ to: values.emailId }} className="text-link">
              Open local mailbox
            </Link>
          </p>
        )}
        <Link to="/login" className="text-link">
          Back to sign in
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Forgot your password?">
      <p className="muted">Enter the email of your account and we will send you a link to choose a new password.</p>
      <Form validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void submit())} aria-label="Forgot password">
        <TextField
          label="Email"
          type="email"
          value={values.emailId}
          onChange={set('emailId')}
          autoFocus
          width="100%"
          {...invalid({ ...errors, email: errors.emailId ?? '' }, 'emailId')}
        />
        <CaptchaField
          value={values.captcha}
          onChange={set('captcha')}
          onCaptchaId={set('captchaId')}
          errorMessage={errors.captcha ?? errors.captchaId}
          refreshKey={form.captchaKey}
          purpose="forgetPassword"
        />
        <Button type="submit" variant="accent" isPending={form.busy} isDisabled={!values.emailId || !values.captcha} width="100%">
          Submit
        </Button>
      </Form>
      <Link to="/login" className="text-link">
        Back to sign in
      </Link>
    </AuthShell>
  );
}

function Activation({ activationId }: { activationId: string }) {
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  useEffect(() => {
    firstValueFrom(api.call(accountApi.activate, { activationId }))
      .then(() => setState({ ok: true, message: 'Your account has been activated. Please sign in.' }))
      .catch((e: unknown) => setState({ ok: false, message: fromServer(e).message }));
  }, [activationId]);
  return (
    <AuthShell title="Account activation">
      <p role="status">{state?.message ?? 'Activating your account…'}</p>
      {state && (
        <Link to="/login" className="text-link">
          Sign In
        </Link>
      )}
    </AuthShell>
  );
}
