import { Button, ButtonGroup, Content, Dialog, Divider, Form, Heading, NumberField, useDialogContainer } from '@adobe/react-spectrum';
import { firstValueFrom } from 'rxjs';
import { UserTexts } from '@parley/sdk/contract/user-texts';
import { usersApi, type EnterpriseUser } from '@parley/sdk/contract/users';
import { invalid } from '../../../auth/form-errors.js';
import { toast } from '../../../stores/toast-store.js';
import { RoleChecks } from './RoleChecks.js';
import { useDialogForm } from './use-dialog-form.js';
import { userCalls } from './users-api.js';

/** Edit roles (platform-shell 7.4 update_roles): the roles and the user's chat settings. */
export function EditRolesDialog({ user, onSaved }: { user: EnterpriseUser; onSaved(): void }) {
  const dialog = useDialogContainer();
  const form = useDialogForm(usersApi.updateRoles.input, { roles: user.roles, maxChats: user.chat.maxChats });
  const { values, set, errors } = form;
  const save = async () => {
    const ok = await form.submit({ id: user.uId }, async (v) => {
      await firstValueFrom(userCalls.updateRoles({ id: user.uId, roles: v.roles, chat: { maxChats: v.maxChats } }));
    });
    if (!ok) return;
    toast(UserTexts.rolesUpdated, 'success');
    onSaved();
    dialog.dismiss();
  };
  return (
    <Dialog size="M">
      <Heading>Edit roles of {user.name}</Heading>
      <Divider />
      <Content>
        {form.message && (
          <p className="users-form-message" role="alert">
            {form.message}
          </p>
        )}
        <Form id="edit-roles" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void save())}>
          <RoleChecks value={values.roles} onChange={set('roles')} errorMessage={errors.roles} />
          <NumberField
            label="Most chats at once"
            description="How many live chats the user may hold together; 0 for no limit."
            minValue={0}
            maxValue={50}
            value={values.maxChats}
            onChange={(n) => set('maxChats')(Number.isNaN(n) ? 0 : n)}
            width="size-2400"
            {...invalid(errors, 'chat')}
          />
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dialog.dismiss}>
          Cancel
        </Button>
        <Button variant="accent" type="submit" form="edit-roles" isPending={form.busy}>
          Save
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
