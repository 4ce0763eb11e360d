import { AlertDialog, Button, DialogContainer, Flex, Text, TextField } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import SaveFloppy from '@spectrum-icons/workflow/SaveFloppy';
import { useMemo, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { ACCESS } from '@parley/sdk/contract/access';
import type { RoleConfigGroup } from '@parley/sdk/contract/profile';
import { roleInUse, rolesApi, RoleTexts, type Role } from '@parley/sdk/contract/roles';
import { fromServer, invalid, validate, type FieldErrors } from '../../../auth/form-errors.js';
import { useCan } from '../../../components/use-can.js';
import { useSession } from '../../../stores/session-store.js';
import { toast } from '../../../stores/toast-store.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { PermissionGroups } from './PermissionGroups.js';
import { roleCalls } from './role-calls.js';

interface Props {
  role: Role;
  config: readonly RoleConfigGroup[];
  /** After a save (the role's id) or a delete (null). */
  onChanged(id: number | null): void;
}

const sameSet = (a: ReadonlySet<string>, b: readonly string[]) => a.size === b.length && b.every((p) => a.has(p));

/** One role: its name, description and permission groups; editable when it is a custom role and the user holds ROLES.EDIT. */
export function RoleEditor({ role, config, onChanged }: Props) {
  const editable = useCan(ACCESS.roles.edit) && !role.builtIn;
  const deletable = useCan(ACCESS.roles.delete) && !role.builtIn;
  const held = useSession((s) => s.profile?.permissions);
  const [name, setName] = useState(role.name);
  const [description, setDescription] = useState(role.description);
  const [permissions, setPermissions] = useState<Set<string>>(() => new Set(role.permissions));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Permissions the screen does not show (hidden groups) stay as the role has them.
  const shown = useMemo(() => new Set(config.flatMap((g) => g.values.map((v) => `${g.id}.${v.id}`))), [config]);
  const dirty = name !== role.name || description !== role.description || !sameSet(permissions, role.permissions);
  const isLocked = (p: string) => !held?.includes(p) && !role.permissions.includes(p);

  const afterChange = (id: number | null) => {
    // Editing one's own role changes one's own menu: read the profile again.
    const session = useSession.getState();
    if (session.profile?.roles.includes(role.id)) void session.loadProfile().catch(() => undefined);
    onChanged(id);
  };
  const save = async () => {
    const input = {
      id: role.id,
      name,
      description,
      permissions: [...role.permissions.filter((p) => !shown.has(p)), ...[...permissions].filter((p) => shown.has(p))],
    };
    const found = validate(rolesApi.update.input, input);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await firstValueFrom(roleCalls.update(input));
      toast(RoleTexts.updated, 'success');
      afterChange(role.id);
    } catch (error) {
      const refusal = fromServer(error);
      setErrors(refusal.fields);
      if (!Object.keys(refusal.fields).length) showRefusal(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await firstValueFrom(roleCalls.delete({ id: role.id }));
      toast(RoleTexts.deleted, 'success');
      afterChange(null);
    } catch (error) {
      showRefusal(error);
      // Refused because someone took the role meanwhile: the list shows who holds it now.
      onChanged(role.id);
    }
  };
  const heldBy = role.userCount + role.invitationCount;
  const permissionError = Object.entries(errors).find(([field]) => field.startsWith('permissions'))?.[1];

  return (
    <section className="roles-editor" aria-labelledby="role-title">
      <header className="roles-editor-header">
        <div>
          <h2 id="role-title">{role.name}</h2>
          <p className="roles-note">{note(role, editable)}</p>
        </div>
        {(editable || deletable) && (
          <Flex gap="size-100" flexShrink={0}>
            {deletable && (
              <Button variant="negative" style="outline" onPress={() => setConfirming(true)}>
                <Delete />
                <Text>Delete</Text>
              </Button>
            )}
            {editable && (
              <Button variant="accent" onPress={() => void save()} isPending={busy} isDisabled={!dirty}>
                <SaveFloppy />
                <Text>Save</Text>
              </Button>
            )}
          </Flex>
        )}
      </header>
      {editable && (
        <Flex gap="size-200" wrap>
          <TextField label="Name" value={name} onChange={setName} isRequired necessityIndicator="label" width="size-3600" {...invalid(errors, 'name')} />
          <TextField label="Description" value={description} onChange={setDescription} flex="1" minWidth="size-3600" {...invalid(errors, 'description')} />
        </Flex>
      )}
      {permissionError && (
        <p className="roles-error" role="alert">
          {permissionError}
        </p>
      )}
      <PermissionGroups config={config} value={permissions} onChange={setPermissions} isReadOnly={!editable} isLocked={isLocked} />
      <DialogContainer onDismiss={() => setConfirming(false)}>
        {confirming && (
          <AlertDialog
            title="Delete role"
            variant="destructive"
            primaryActionLabel="Delete"
            cancelLabel="Cancel"
            isPrimaryActionDisabled={heldBy > 0}
            onPrimaryAction={() => void remove()}
          >
            {heldBy > 0 ? roleInUse(role.userCount, role.invitationCount) : `Delete ${role.name}? Nobody holds it; it can no longer be given.`}
          </AlertDialog>
        )}
      </DialogContainer>
    </section>
  );
}

function note(role: Role, editable: boolean): string {
  const holders = `${role.userCount} user${role.userCount === 1 ? '' : 's'}`;
  if (role.builtIn) return `Built-in role, read-only · ${holders}. ${role.description}. To change what it may do, create a role based on it.`;
  if (!editable) return `Custom role · ${holders}. You may view roles but not change them.`;
  return `Custom role · ${holders}. Changes apply to everyone holding it on their next action.`;
}
