import { Button, Form, TextField } from '@adobe/react-spectrum';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { profileApi } from '@parley/sdk/contract/profile';
import { fromServer, invalid, validate, type FieldErrors } from '../../auth/form-errors.js';
import { api } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

/**
 * Change password (platform-shell 5: mandatory, at least 8 characters, matching). The server ends the user's other
 * sessions when it changes, so the screen says so.
 */
export function PasswordCard() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async () => {
    const found = validate(profileApi.changePassword.input, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await firstValueFrom(api.profile.changePassword(values));
      setValues(EMPTY);
      toast('Your password has been changed. Your other sessions were signed out.', 'success');
    } catch (e) {
      const { fields, message } = fromServer(e);
      setErrors(fields);
      if (!Object.keys(fields).length) toast(message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile-card" aria-labelledby="change-password">
      <h2 id="change-password">Change password</h2>
      <Form validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void submit())} maxWidth="size-4600">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={set('oldPassword')}
          isRequired
          {...invalid(errors, 'oldPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          isRequired
          {...invalid(errors, 'password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          isRequired
          {...invalid(errors, 'confirmPassword')}
        />
        <Button type="submit" variant="accent" isPending={busy} alignSelf="start">
          Change password
        </Button>
      </Form>
    </section>
  );
}
