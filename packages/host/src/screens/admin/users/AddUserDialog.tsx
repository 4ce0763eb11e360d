import { Button, ButtonGroup, Content, Dialog, Divider, Form, Heading, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { firstValueFrom } from 'rxjs';
import { UserTexts } from '@parley/sdk/contract/user-texts';
import { usersApi } from '@parley/sdk/contract/users';
import { invalid } from '../../../auth/form-errors.js';
import { toast } from '../../../stores/toast-store.js';
import { RoleChecks } from './RoleChecks.js';
import { useDialogForm } from './use-dialog-form.js';
import { userCalls } from './users-api.js';

/** Add user (platform-shell 7.4 POST users): name, email, a first password and roles; the user is active at once. */
export function AddUserDialog({ onAdded }: { onAdded(): void }) {
  const dialog = useDialogContainer();
  const form = useDialogForm(usersApi.add.input, { name: '', emailId: '', password: '', roles: [] as number[] });
  const { values, set, errors } = form;
  const save = async () => {
    const ok = await form.submit({}, async (v) => {
      await firstValueFrom(userCalls.add(v));
    });
    if (!ok) return;
    toast(UserTexts.userAdded, 'success');
    onAdded();
    dialog.dismiss();
  };
  return (
    <Dialog size="M">
      <Heading>Add user</Heading>
      <Divider />
      <Content>
        {form.message && (
          <p className="users-form-message" role="alert">
            {form.message}
          </p>
        )}
        <Form id="add-user" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void save())}>
          <TextField label="Name" value={values.name} onChange={set('name')} autoFocus isRequired necessityIndicator="label" {...invalid(errors, 'name')} />
          <TextField
            label="Email"
            type="email"
            value={values.emailId}
            onChange={set('emailId')}
            isRequired
            necessityIndicator="label"
            autoComplete="off"
            {...invalid(errors, 'emailId')}
          />
          <TextField
            label="Password"
            type="password"
            value={values.password}
            onChange={set('password')}
            isRequired
            necessityIndicator="label"
            autoComplete="new-password"
            description="At least 8 characters; share it with the user, who can change it in My Profile."
            {...invalid(errors, 'password')}
          />
          <RoleChecks value={values.roles} onChange={set('roles')} errorMessage={errors.roles} />
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dialog.dismiss}>
          Cancel
        </Button>
        <Button variant="accent" type="submit" form="add-user" isPending={form.busy}>
          Add user
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
