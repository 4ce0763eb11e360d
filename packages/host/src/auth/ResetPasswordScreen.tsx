import { Button, Form, TextField } from '@adobe/react-spectrum';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { accountApi } from '@parley/sdk/contract/account';
import { Messages } from '@parley/sdk/contract/messages';
import { api } from '../stores/session-store.js';
import { toast } from '../stores/toast-store.js';
import { AuthShell } from './AuthShell.js';
import { fromServer, invalid, validate, type FieldErrors } from './form-errors.js';

/** Query codes 900 and 901 select the reset path (platform-shell 2.5, 9). */
const RESET_PATH_CODES = ['900', '901'];

export function ResetPasswordScreen() {
  const search = useSearch({ strict: false }) as { uId?: string; eId?: string; resetCode?: string; code?: string | number };
  const navigate = useNavigate();
  const resetPath = RESET_PATH_CODES.includes(String(search.code ?? ''));
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async () => {
    const body = resetPath
      ? { ...values, resetCode: search.resetCode ?? '' }
      : { ...values, uId: search.uId ?? '', eId: search.eId ?? '', resetCode: search.resetCode ?? '' };
    const found = validate(resetPath ? accountApi.resetPassword.input : accountApi.changePassword.input, body);
    setErrors(found);
    if (found.password || found.confirmPassword) return;
    setBusy(true);
    try {
      if (resetPath) {
        await firstValueFrom(api.call(accountApi.resetPassword, body as never));
        await navigate({ to: '/login' });
      } else {
        await firstValueFrom(api.call(accountApi.changePassword, body as never));
        setDone(true);
      }
    } catch (e) {
      const { fields, message } = fromServer(e);
      setErrors(fields);
      setMessage(fields.resetCode ?? message);
      toast(Messages.somethingWentWrong, 'error');
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthShell title="Password reset">
        <p role="status">{Messages.passwordResetDone}</p>
        <Link to="/login" className="text-link">Sign In</Link>
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
        <TextField label="New Password" type="password" value={values.password} onChange={set('password')} autoComplete="new-password" autoFocus width="100%" {...invalid(errors, 'password')} />
        <TextField label="Confirm Password" type="password" value={values.confirmPassword} onChange={set('confirmPassword')} autoComplete="new-password" width="100%" {...invalid(errors, 'confirmPassword')} />
        <Button type="submit" variant="accent" isPending={busy} width="100%">
          Reset Password
        </Button>
      </Form>
      <Link to="/login" className="text-link">Back to sign in</Link>
    </AuthShell>
  );
}
