import { Button, ButtonGroup, Content, Dialog, Divider, Form, Heading, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { firstValueFrom } from 'rxjs';
import { withConfirmation } from '@parley/sdk/contract/fields';
import { UserTexts } from '@parley/sdk/contract/user-texts';
import { usersApi, type EnterpriseUser } from '@parley/sdk/contract/users';
import { invalid } from '../../../auth/form-errors.js';
import { toast } from '../../../stores/toast-store.js';
import { useDialogForm } from './use-dialog-form.js';
import { userCalls } from './users-api.js';

const { id, adminPassword } = usersApi.resetPassword.input.shape;
const RESET_FORM = withConfirmation({ id, adminPassword });

/** Reset password (platform-shell 7.4 reset_password): the administrator confirms with their own password. */
export function ResetPasswordDialog({ user }: { user: EnterpriseUser }) {
  const dialog = useDialogContainer();
  const form = useDialogForm(RESET_FORM, { adminPassword: '', password: '', confirmPassword: '' });
  const { values, set, errors } = form;
  const save = async () => {
    const ok = await form.submit({ id: user.uId }, async (v) => {
      await firstValueFrom(userCalls.resetPassword({ id: user.uId, adminPassword: v.adminPassword, password: v.password }));
    });
    if (!ok) return;
    toast(UserTexts.passwordReset, 'success');
    dialog.dismiss();
  };
  return (
    <Dialog size="M">
      <Heading>Reset password of {user.name}</Heading>
      <Divider />
      <Content>
        <p className="users-dialog-note">{user.name} is signed out everywhere and signs in again with the new password.</p>
        {form.message && (
          <p className="users-form-message" role="alert">
            {form.message}
          </p>
        )}
        <Form id="reset-password" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void save())}>
          <TextField
            label="Your password"
            type="password"
            value={values.adminPassword}
            onChange={set('adminPassword')}
            autoFocus
            isRequired
            necessityIndicator="label"
            autoComplete="current-password"
            {...invalid(errors, 'adminPassword')}
          />
          <TextField
            label="New password"
            type="password"
            value={values.password}
            onChange={set('password')}
            isRequired
            necessityIndicator="label"
            autoComplete="new-password"
            {...invalid(errors, 'password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            isRequired
            necessityIndicator="label"
            autoComplete="new-password"
            {...invalid(errors, 'confirmPassword')}
          />
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dialog.dismiss}>
          Cancel
        </Button>
        <Button variant="accent" type="submit" form="reset-password" isPending={form.busy}>
          Reset password
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
