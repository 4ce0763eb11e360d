import { Button, Form, TextField } from '@adobe/react-spectrum';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { withConfirmation } from '@parley/sdk/contract/fields';
import { Messages } from '@parley/sdk/contract/messages';
import { api } from '../stores/session-store.js';
import { toast } from '../stores/toast-store.js';
import { AuthShell } from './AuthShell.js';
import { invalid } from './form-errors.js';
import { useAuthForm } from './use-auth-form.js';

const NEW_PASSWORD = withConfirmation({});

/** Query codes 900 and 901 select the reset path (platform-shell 2.5, 9). */
const RESET_PATH_CODES = ['900', '901'];

export function ResetPasswordScreen() {
  const search = useSearch({ strict: false }) as { uId?: string; eId?: string; resetCode?: string; code?: string | number };
  const navigate = useNavigate();
  const resetPath = RESET_PATH_CODES.includes(String(search.code ?? ''));
  // Only the two password fields are the user's to fix; the codes come from the mailed link.
  const form = useAuthForm(NEW_PASSWORD, { password: '', confirmPassword: '' });
  const { values, set, errors, message } = form;
  const [done, setDone] = useState(false);

  const submit = () =>
    form.submit(
      async (v) => {
        const resetCode = search.resetCode ?? '';
        if (resetPath) {
          await firstValueFrom(api.account.resetPassword({ ...v, resetCode }));
          await navigate({ to: '/login' });
        } else {
          await firstValueFrom(api.account.changePassword({ ...v, uId: search.uId ?? '', eId: search.eId ?? '', resetCode }));
          setDone(true);
        }
      },
      () => toast(Messages.somethingWentWrong, 'error'),
    );

  if (done) {
    return (
      <AuthShell title="Password reset">
        <p role="status">{Messages.passwordResetDone}</p>
        <Link to="/login" className="text-link">
          Sign In
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Choose a new password">
      {message && (
        <p className="form-message" role="alert">
          {message}
        </p>
      )}
      <Form validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void submit())} aria-label="Reset password">
        <TextField
          label="New Password"
          type="password"
          value={values.password}
          onChange={set('password')}
          autoComplete="new-password"
          autoFocus
          width="100%"
          {...invalid(errors, 'password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          autoComplete="new-password"
          width="100%"
          {...invalid(errors, 'confirmPassword')}
        />
        <Button type="submit" variant="accent" isPending={form.busy} width="100%">
          Reset Password
        </Button>
      </Form>
      <Link to="/login" className="text-link">
        Back to sign in
      </Link>
    </AuthShell>
  );
}
