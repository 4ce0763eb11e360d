import { Button, ButtonGroup, Content, Dialog, Divider, Form, Heading, Item, Picker, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { firstValueFrom } from 'rxjs';
import { rolesApi, RoleTexts, type Role } from '@parley/sdk/contract/roles';
import { invalid } from '../../../auth/form-errors.js';
import { toast } from '../../../stores/toast-store.js';
import { useDialogForm } from '../users/use-dialog-form.js';
import { roleCalls } from './role-calls.js';

/** Create role: a name, a description and the role whose permissions it starts with (then edited on the screen). */
export function CreateRoleDialog({ roles, basedOn, onCreated }: { roles: readonly Role[]; basedOn: number; onCreated(id: number): void }) {
  const dialog = useDialogContainer();
  const form = useDialogForm(rolesApi.create.input, { name: '', description: '', baseRole: basedOn });
  const { values, set, errors } = form;
  const create = async () => {
    let created = 0;
    const ok = await form.submit({}, async (v) => {
      created = (await firstValueFrom(roleCalls.create(v))).id;
    });
    if (!ok) return;
    toast(RoleTexts.created, 'success');
    dialog.dismiss();
    onCreated(created);
  };
  return (
    <Dialog size="M">
      <Heading>Create role</Heading>
      <Divider />
      <Content>
        {form.message && (
          <p className="roles-error" role="alert">
            {form.message}
          </p>
        )}
        <Form id="create-role" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void create())}>
          <TextField label="Name" value={values.name} onChange={set('name')} autoFocus isRequired necessityIndicator="label" {...invalid(errors, 'name')} />
          <TextField label="Description" value={values.description} onChange={set('description')} {...invalid(errors, 'description')} />
          <Picker
            label="Based on"
            items={roles}
            selectedKey={String(values.baseRole)}
            onSelectionChange={(k) => set('baseRole')(Number(k))}
            description="The new role starts with this role's permissions."
            isRequired
            necessityIndicator="label"
            {...invalid(errors, 'baseRole')}
          >
            {(r) => <Item key={String(r.id)}>{r.name}</Item>}
          </Picker>
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dialog.dismiss}>
          Cancel
        </Button>
        <Button variant="accent" type="submit" form="create-role" isPending={form.busy}>
          Create role
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
