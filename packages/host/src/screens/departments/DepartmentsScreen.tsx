import {
  ActionMenu,
  AlertDialog,
  Button,
  Cell,
  Column,
  Content,
  DialogContainer,
  Heading,
  IllustratedMessage,
  Item,
  Row,
  TableBody,
  TableHeader,
  TableView,
  useAsyncList,
} from '@adobe/react-spectrum';
import { useEffect, useState } from 'react';
import { ACCESS } from '@parley/sdk/contract/access';
import { DepartmentMessages, type Department } from '@parley/sdk/contract/departments';
import { sortRows, sortSearch, tableSort, type TableSort } from '../../components/list-search.js';
import { useCan } from '../../components/use-can.js';
import { useListSearch } from '../../components/use-list-search.js';
import { toast } from '../../stores/toast-store.js';
import { showRefusal } from '../../components/show-refusal.js';
import { departmentCalls } from './department-calls.js';
import { parseDepartmentSearch } from './department-search.js';
import { DepartmentDialog } from './DepartmentDialog.js';
import { MembersDialog } from './MembersDialog.js';
import './departments.css';

const COLUMNS = [
  { key: 'name', name: 'Name', width: '1fr', minWidth: 140, sortable: true },
  { key: 'desc', name: 'Description', width: '1.4fr', minWidth: 160 },
  { key: 'manager', name: 'Manager', width: '1fr', minWidth: 120 },
  { key: 'members', name: 'Members', width: 100, sortable: true },
  { key: 'channels', name: 'Channels', width: 100, sortable: true },
  { key: 'actions', name: 'Actions', width: 100 },
] as const;

const SORT_KEYS = {
  name: (d: Department) => d.name,
  members: (d: Department) => String(d.memberCount),
  channels: (d: Department) => String(d.channelCount),
};
/** The server's own order, which a URL without a sort shows. */
const BY_NAME: TableSort = { column: 'name', direction: 'ascending' };
const sameSort = (a: TableSort | undefined, b: TableSort) => a?.column === b.column && a.direction === b.direction;

type Open = { kind: 'edit'; dept: Department | null } | { kind: 'members'; dept: Department } | { kind: 'delete'; dept: Department } | null;

/** Manage → Departments (`/admin/departments`, DEPARTMENTS.*): who belongs where, and so whose queue a channel's chats wait in. */
export function DepartmentsScreen() {
  const canCreate = useCan(ACCESS.departments.create);
  const canEdit = useCan(ACCESS.departments.edit);
  const [open, setOpen] = useState<Open>(null);
  const [url, go] = useListSearch('/admin/departments', parseDepartmentSearch);
  const wanted = tableSort(url) ?? BY_NAME;
  // Every department comes in one reply, so the list sorts them itself; the sort is kept in the URL.
  const list = useAsyncList<Department>({
    async load({ sortDescriptor }) {
      try {
        return { items: sortRows(await departmentCalls.list(), sortDescriptor, SORT_KEYS) };
      } catch (error) {
        showRefusal(error);
        return { items: [] };
      }
    },
    sort: ({ items, sortDescriptor }) => ({ items: sortRows(items, sortDescriptor, SORT_KEYS) }),
    initialSortDescriptor: wanted,
    getKey: (d) => d.deptId,
  });
  // Back and Forward change the URL's sort without a header press: the table follows.
  useEffect(() => {
    if (!sameSort(list.sortDescriptor, wanted)) list.sort(wanted);
  }, [wanted.column, wanted.direction]); // eslint-disable-line react-hooks/exhaustive-deps -- `list` and `wanted` are new objects every render
  const onSortChange = (next: TableSort) => {
    list.sort(next);
    go({ ...url, ...sortSearch(next, SORT_KEYS) });
  };
  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) list.reload();
  };
  const remove = async (dept: Department) => {
    try {
      await departmentCalls.delete(dept.deptId);
      toast(DepartmentMessages.deleted, 'success');
      list.reload();
    } catch (error) {
      showRefusal(error);
    }
  };

  const cell = (d: Department, key: string) => {
    switch (key) {
      case 'name':
        return d.name;
      case 'desc':
        return d.desc || '-';
      case 'manager':
        return d.managerName || '-';
      case 'members':
        return String(d.memberCount);
      case 'channels':
        return String(d.channelCount);
      default:
        return (
          <ActionMenu
            aria-label={`Actions for ${d.name}`}
            isQuiet
            onAction={(k) => setOpen({ kind: k as 'edit' | 'members' | 'delete', dept: d })}
            disabledKeys={canEdit ? [] : ['edit', 'delete']}
          >
            <Item key="edit">Edit</Item>
            <Item key="members">Members</Item>
            <Item key="delete">Delete</Item>
          </ActionMenu>
        );
    }
  };

  return (
    <section className="departments" aria-labelledby="departments-title">
      <header className="departments-header">
        <div>
          <h1 id="departments-title">Departments</h1>
          <p className="departments-lead">A channel&apos;s chats wait in its department&apos;s queue, for that department&apos;s members.</p>
        </div>
        {canCreate && (
          <Button variant="accent" onPress={() => setOpen({ kind: 'edit', dept: null })}>
            Add Department
          </Button>
        )}
      </header>
      <div className="departments-table">
        <TableView
          aria-label="Departments"
          density="spacious"
          overflowMode="truncate"
          selectionMode="none"
          height={list.items.length ? 36 + list.items.length * 49 : 260}
          sortDescriptor={list.sortDescriptor}
          onSortChange={onSortChange}
          renderEmptyState={() => (
            <IllustratedMessage>
              <Heading>No Record</Heading>
              <Content>No department yet: add one, then put people and channels in it.</Content>
            </IllustratedMessage>
          )}
        >
          <TableHeader columns={COLUMNS}>
            {(c) => (
              <Column
                key={c.key}
                width={c.width}
                minWidth={'minWidth' in c ? c.minWidth : undefined}
                align={c.key === 'members' || c.key === 'channels' ? 'end' : 'start'}
                allowsSorting={'sortable' in c}
              >
                {c.name}
              </Column>
            )}
          </TableHeader>
          <TableBody items={list.items} loadingState={list.loadingState}>
            {(d) => (
              <Row key={d.deptId} textValue={d.name}>
                {(key) => <Cell>{cell(d, String(key))}</Cell>}
              </Row>
            )}
          </TableBody>
        </TableView>
      </div>
      <DialogContainer onDismiss={() => close(false)}>
        {open?.kind === 'edit' && <DepartmentDialog dept={open.dept} onDone={close} />}
        {open?.kind === 'members' && <MembersDialog dept={open.dept} editable={canEdit} onDone={close} />}
        {open?.kind === 'delete' && (
          <AlertDialog
            title="Delete department"
            variant="destructive"
            primaryActionLabel="Delete"
            cancelLabel="Cancel"
            onPrimaryAction={() => void remove(open.dept)}
          >
            Delete {open.dept.name}? Its members stay users of the enterprise; its labels go with it.
          </AlertDialog>
        )}
      </DialogContainer>
    </section>
  );
}
