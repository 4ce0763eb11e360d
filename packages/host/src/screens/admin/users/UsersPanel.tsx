import {
  ActionMenu,
  Button,
  Cell,
  Column,
  Content,
  DialogContainer,
  Flex,
  Heading,
  IllustratedMessage,
  Item,
  Picker,
  Row,
  SearchField,
  TableBody,
  TableHeader,
  TableView,
  Text,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import { useEffect, useState } from 'react';
import { ACCESS } from '@parley/sdk/contract/access';
import { UserStates } from '@parley/sdk/contract/user-texts';
import type { EnterpriseUser } from '@parley/sdk/contract/users';
import { PagerNav } from '../../../components/PagerNav.js';
import { useCan } from '../../../components/use-can.js';
import { useSession } from '../../../stores/session-store.js';
import { AddUserDialog } from './AddUserDialog.js';
import { EditRolesDialog } from './EditRolesDialog.js';
import { ResetPasswordDialog } from './ResetPasswordDialog.js';
import { roleNamesIn, useRoles } from '../roles/use-roles.js';
import { UserStateDialog } from './UserStateDialog.js';
import { useUsers } from './use-users.js';
import { USERS_PAGE, type UsersSearch } from './users-search.js';

const COLUMNS = [
  { key: 'name', name: 'Name', width: '1fr', minWidth: 140 },
  { key: 'email', name: 'Email', width: '1.2fr', minWidth: 180 },
  { key: 'roles', name: 'Roles', width: '1.2fr', minWidth: 160 },
  { key: 'state', name: 'State', width: 130 },
  { key: 'actions', name: 'Actions', width: 80 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];
type Open = { kind: 'add' } | { kind: 'roles' | 'password' | 'state'; user: EnterpriseUser } | null;

const STATES = [
  { id: 'all', name: 'All users' },
  { id: '1', name: 'Active' },
  { id: '2', name: 'Deactivated' },
];
const tableHeight = (rows: number) => (rows ? 36 + rows * 49 : 300);

/** The Users tab: search by name, state filter, 15 a page, and each row's actions as the caller's permissions allow. */
export function UsersPanel({ search, go }: { search: UsersSearch; go(next: UsersSearch): void }) {
  const canAdd = useCan(ACCESS.users.add);
  const canEdit = useCan(ACCESS.users.edit);
  const me = useSession((s) => s.profile?.uId);
  const list = useUsers(search);
  const roleNames = roleNamesIn(useRoles().roles);
  const [open, setOpen] = useState<Open>(null);
  const [name, setName] = useState(search.name ?? '');
  const from = search.from ?? 0;
  const { from: _page, ...filters } = search;
  // platform-shell 9: a search waits 500 ms after the last key.
  useEffect(() => {
    const wanted = name.trim() || undefined;
    if (wanted === search.name) return;
    const timer = setTimeout(() => go({ ...filters, name: wanted }), 500);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing starts a search; `filters` and `go` are new on every render.
  }, [name]);

  const cell = (user: EnterpriseUser, key: ColumnKey) => {
    switch (key) {
      case 'name':
        return <Text UNSAFE_className="users-name">{user.name}</Text>;
      case 'email':
        return user.emailId;
      case 'roles':
        return roleNames(user.roles);
      case 'state':
        return (
          <span className={`users-state users-state-${user.state}`}>
            {user.state === UserStates.DEACTIVATED ? 'Deactivated' : user.state === UserStates.ACTIVE ? 'Active' : 'Not activated'}
          </span>
        );
      case 'actions':
        return canEdit ? (
          <ActionMenu aria-label={`Actions for ${user.name}`} isQuiet onAction={(k) => setOpen({ kind: k as 'roles' | 'password' | 'state', user })}>
            {[
              <Item key="roles">Edit roles</Item>,
              <Item key="password">Reset password</Item>,
              ...(user.uId === me ? [] : [<Item key="state">{user.state === UserStates.DEACTIVATED ? 'Activate' : 'Deactivate'}</Item>]),
            ]}
          </ActionMenu>
        ) : null;
    }
  };

  return (
    <div className="users-panel">
      <Flex gap="size-150" alignItems="end" wrap justifyContent="space-between">
        <Flex gap="size-150" alignItems="end" wrap>
          <SearchField label="Search by name" value={name} onChange={setName} width="size-3000" />
          <Picker
            label="State"
            items={STATES}
            selectedKey={search.state ? String(search.state) : 'all'}
            onSelectionChange={(k) => go({ ...filters, state: k === '1' ? 1 : k === '2' ? 2 : undefined })}
            width="size-2000"
          >
            {(o) => <Item key={o.id}>{o.name}</Item>}
          </Picker>
        </Flex>
        {canAdd && (
          <Button variant="accent" onPress={() => setOpen({ kind: 'add' })}>
            <Add />
            <Text>Add user</Text>
          </Button>
        )}
      </Flex>
      <div className="users-table">
        <TableView
          aria-label="Users"
          density="spacious"
          overflowMode="truncate"
          selectionMode="none"
          height={tableHeight(list.rows.length)}
          renderEmptyState={() => <EmptyState />}
        >
          <TableHeader columns={COLUMNS.filter((c) => canEdit || c.key !== 'actions')}>
            {(c) => (
              <Column
                key={c.key}
                width={c.width}
                minWidth={'minWidth' in c ? c.minWidth : undefined}
                hideHeader={c.key === 'actions'}
                align={c.key === 'actions' ? 'end' : 'start'}
              >
                {c.name}
              </Column>
            )}
          </TableHeader>
          <TableBody items={list.rows} loadingState={list.loading ? 'loading' : 'idle'}>
            {(user) => (
              <Row key={user.uId} textValue={user.name}>
                {(key) => <Cell>{cell(user, key as ColumnKey)}</Cell>}
              </Row>
            )}
          </TableBody>
        </TableView>
      </div>
      <PagerNav
        className="users-pager"
        list={{
          hasPrevious: from > 0,
          hasNext: list.more,
          loading: list.loading,
          previous: () => go({ ...filters, from: Math.max(0, from - USERS_PAGE) || undefined }),
          next: () => go({ ...filters, from: from + USERS_PAGE }),
        }}
      />
      <DialogContainer onDismiss={() => setOpen(null)}>
        {open?.kind === 'add' && <AddUserDialog onAdded={list.reload} />}
        {open?.kind === 'roles' && <EditRolesDialog user={open.user} onSaved={list.reload} />}
        {open?.kind === 'password' && <ResetPasswordDialog user={open.user} />}
        {open?.kind === 'state' && <UserStateDialog user={open.user} onDone={list.reload} />}
      </DialogContainer>
    </div>
  );
}

function EmptyState() {
  return (
    <IllustratedMessage>
      <Heading>No Record</Heading>
      <Content>No user matches this search.</Content>
    </IllustratedMessage>
  );
}
