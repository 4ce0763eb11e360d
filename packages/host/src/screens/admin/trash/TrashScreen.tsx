import {
  ActionButton,
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
import Delete from '@spectrum-icons/workflow/Delete';
import Revert from '@spectrum-icons/workflow/Revert';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { ACCESS, may } from '@parley/sdk/contract/access';
import type { TrashItem } from '@parley/sdk/contract/trash';
import { TRASH_PAGE, TRASH_RETENTION_DAYS, TRASH_TYPE_LABELS, TRASH_TYPES, TrashTexts } from '@parley/sdk/contract/trash-texts';
import { PagerNav } from '../../../components/PagerNav.js';
import { useSession } from '../../../stores/session-store.js';
import { toast } from '../../../stores/toast-store.js';
import { formatTime } from '../../reports/report-query.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { DeleteForeverDialog } from './DeleteForeverDialog.js';
import { trashCalls } from './trash-api.js';
import { validateTrashSearch, type TrashSearch } from './trash-search.js';
import { useTrash } from './use-trash.js';
import './trash.css';

const COLUMNS = [
  { key: 'name', name: 'Name', width: '2fr', minWidth: 180 },
  { key: 'type', name: 'Type', width: '1fr', minWidth: 170 },
  { key: 'deletedBy', name: 'Deleted by', width: '1fr', minWidth: 140 },
  { key: 'deletedAt', name: 'Deleted on', width: 230 },
  { key: 'daysLeft', name: 'Days left', width: 110 },
  { key: 'actions', name: 'Actions', width: 250 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];
const ALL = 'all';
const TYPES = [{ id: ALL, name: 'All types' }, ...TRASH_TYPES.map((t) => ({ id: t, name: TRASH_TYPE_LABELS[t] }))];
const tableHeight = (rows: number) => (rows ? 36 + rows * 49 : 300);
const daysLeft = (n: number) => (n === 0 ? 'Last day' : n === 1 ? '1 day' : `${n} days`);

/**
 * Manage → Trash (`/admin/trash`, TRASH.VIEW): deleted agents, customers, templates, channels and attachments, kept
 * TRASH_RETENTION_DAYS days. Restore needs the type's create permission as well (the same list the server checks);
 * Delete forever asks first. Type, search and page live in the URL.
 */
export function TrashScreen() {
  const search = validateTrashSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const go = useCallback((next: TrashSearch) => void navigate({ to: '/admin/trash', search: next }), [navigate]);
  const held = useSession((s) => s.profile?.permissions);
  const list = useTrash(search);
  const [deleting, setDeleting] = useState<TrashItem | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);
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

  const restore = async (item: TrashItem) => {
    setRestoring(item.id);
    try {
      await firstValueFrom(trashCalls.restore({ id: item.id }));
      toast(TrashTexts.restored(item.type), 'success');
      list.reload();
    } catch (error) {
      showRefusal(error);
    } finally {
      setRestoring(null);
    }
  };

  const cell = (item: TrashItem, key: ColumnKey) => {
    switch (key) {
      case 'name':
        return <Text UNSAFE_className="trash-name">{item.name}</Text>;
      case 'type':
        return <span className={`trash-type trash-type-${item.type}`}>{TRASH_TYPE_LABELS[item.type]}</span>;
      case 'deletedBy':
        return item.deletedBy ?? '-';
      case 'deletedAt':
        return formatTime(item.deletedAt);
      case 'daysLeft':
        return <span className={item.daysLeft < 3 ? 'trash-days-short' : undefined}>{daysLeft(item.daysLeft)}</span>;
      case 'actions': {
        // No aria-labels: the row names the item, and a label beside the visible text would not match it (axe).
        const canRestore = may(held, ACCESS.trash[item.type]);
        return (
          <Flex gap="size-50" justifyContent="end">
            <ActionButton isQuiet isDisabled={!canRestore || restoring === item.id} onPress={() => void restore(item)}>
              <Revert />
              <Text>Restore</Text>
            </ActionButton>
            <ActionButton isQuiet onPress={() => setDeleting(item)}>
              <Delete />
              <Text>Delete forever</Text>
            </ActionButton>
          </Flex>
        );
      }
    }
  };

  return (
    <section className="trash" aria-labelledby="trash-title">
      <header className="trash-header">
        <h1 id="trash-title">Trash</h1>
        <p className="trash-note">Deleted items stay here for {TRASH_RETENTION_DAYS} days, then they are removed for good.</p>
      </header>
      <Flex gap="size-150" alignItems="end" wrap>
        <SearchField label="Search by name" value={name} onChange={setName} width="size-3000" />
        <Picker
          label="Type"
          items={TYPES}
          selectedKey={search.type ?? ALL}
          onSelectionChange={(k) => go({ ...filters, type: k === ALL ? undefined : TRASH_TYPES.find((t) => t === k) })}
          width="size-2400"
        >
          {(o) => <Item key={o.id}>{o.name}</Item>}
        </Picker>
      </Flex>
      <div className="trash-table">
        <TableView
          aria-label="Deleted items"
          density="spacious"
          overflowMode="truncate"
          selectionMode="none"
          height={tableHeight(list.rows.length)}
          renderEmptyState={() => <EmptyState filtered={Boolean(search.type || search.name)} />}
        >
          <TableHeader columns={[...COLUMNS]}>
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
            {(item) => (
              <Row key={item.id} textValue={item.name}>
                {(key) => <Cell>{cell(item, key as ColumnKey)}</Cell>}
              </Row>
            )}
          </TableBody>
        </TableView>
      </div>
      <PagerNav
        className="trash-pager"
        list={{
          hasPrevious: from > 0,
          hasNext: list.more,
          loading: list.loading,
          previous: () => go({ ...filters, from: Math.max(0, from - TRASH_PAGE) || undefined }),
          next: () => go({ ...filters, from: from + TRASH_PAGE }),
        }}
      />
      <DialogContainer onDismiss={() => setDeleting(null)}>{deleting && <DeleteForeverDialog item={deleting} onDone={list.reload} />}</DialogContainer>
    </section>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <IllustratedMessage>
      <Heading>{filtered ? 'No Record' : 'The trash is empty'}</Heading>
      <Content>
        {filtered ? 'Nothing in the trash matches this search.' : 'Deleted agents, customers, templates, channels and attachments appear here.'}
      </Content>
    </IllustratedMessage>
  );
}
