import { Button, DialogContainer, Item, ListView, Text } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ACCESS } from '@parley/sdk/contract/access';
import type { RoleConfigGroup } from '@parley/sdk/contract/profile';
import type { Role } from '@parley/sdk/contract/roles';
import { useCan } from '../../../components/use-can.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { CreateRoleDialog } from './CreateRoleDialog.js';
import { RoleEditor } from './RoleEditor.js';
import { roleConfigCall } from './role-calls.js';
import { validateRolesSearch } from './roles-search.js';
import { useRoles } from './use-roles.js';
import './roles.css';

// A ListView row with a description line.
const ROW_HEIGHT = 54;
const holders = (r: Role) => `${r.userCount} user${r.userCount === 1 ? '' : 's'}`;

/**
 * Manage → Role & Permission (`/admin/permission`, ROLES.*): the roles with what each may do. Built-in roles are
 * read-only; custom roles are made from any role, then edited and deleted here. The selected role is in the URL.
 */
export function RolesScreen() {
  const search = validateRolesSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const canCreate = useCan(ACCESS.roles.create);
  const { roles, reload } = useRoles();
  const [config, setConfig] = useState<RoleConfigGroup[]>([]);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    const request = roleConfigCall().subscribe({ next: setConfig, error: showRefusal });
    return () => request.unsubscribe();
  }, []);
  const selected = roles.find((r) => r.id === search.role) ?? roles[0];
  const select = (id: number | null) => void navigate({ to: '/admin/permission', search: id ? { role: id } : {} });
  const changed = (id: number | null) => {
    reload();
    if (id !== search.role) select(id);
  };

  return (
    <section className="roles" aria-labelledby="roles-title">
      <header className="roles-header">
        <div>
          <h1 id="roles-title">Role &amp; Permission</h1>
          <p className="roles-lead">What each role may do. Built-in roles are fixed; create your own from any of them.</p>
        </div>
        {canCreate && (
          <Button variant="accent" onPress={() => setCreating(true)} isDisabled={!roles.length}>
            <Add />
            <Text>Create role</Text>
          </Button>
        )}
      </header>
      <div className="roles-body">
        <div className="roles-list">
          <ListView
            aria-label="Roles"
            items={roles}
            selectionMode="single"
            selectionStyle="highlight"
            disallowEmptySelection
            selectedKeys={selected ? [String(selected.id)] : []}
            onSelectionChange={(keys) => keys !== 'all' && keys.size && select(Number([...keys][0]))}
            height={Math.min(Math.max(roles.length, 1) * ROW_HEIGHT + 2, 720)}
          >
            {(r) => (
              <Item key={String(r.id)} textValue={r.name}>
                <Text>{r.name}</Text>
                <Text slot="description">{r.builtIn ? `Built-in · ${holders(r)}` : `Custom · ${holders(r)}`}</Text>
              </Item>
            )}
          </ListView>
        </div>
        {selected && config.length > 0 && <RoleEditor key={`${selected.id}@${selected.updatedOn ?? ''}`} role={selected} config={config} onChanged={changed} />}
      </div>
      <DialogContainer onDismiss={() => setCreating(false)}>
        {creating && <CreateRoleDialog roles={roles} basedOn={selected?.id ?? 1} onCreated={changed} />}
      </DialogContainer>
    </section>
  );
}
