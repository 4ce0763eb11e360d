import {
  ActionButton,
  AlertDialog,
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
import Delete from '@spectrum-icons/workflow/Delete';
import Refresh from '@spectrum-icons/workflow/Refresh';
import Visibility from '@spectrum-icons/workflow/Visibility';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { CATEGORY_LABELS, TemplateMessages, type TemplateStatus } from '@parley/sdk/contract/template-texts';
import type { Template } from '@parley/sdk/contract/templates';
import { api } from '../../../stores/session-store.js';
import { toast } from '../../../stores/toast-store.js';
import { KIND_LABELS, languageName } from './template-names.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { StatusBadge } from './StatusBadge.js';
import { useTemplateList } from './use-template-list.js';
import { useWhatsAppChannels } from './use-whatsapp-channels.js';
import { PagerNav } from '../../../components/PagerNav.js';
import { useCan } from '../../../components/use-can.js';
import { ACCESS } from '@parley/sdk/contract/access';
import { formatMoment } from '../../../format/locale.js';

const ALL = 'all';
const STATUS_FILTERS: { id: TemplateStatus | typeof ALL; name: string }[] = [
  { id: ALL, name: 'All' },
  { id: 'APPROVED', name: 'Approved' },
  { id: 'PENDING', name: 'Pending' },
  { id: 'REJECTED', name: 'Rejected' },
];
const COLUMNS = [
  { key: 'name', name: 'Name', width: '1.2fr', sortable: true },
  { key: 'channel', name: 'Channel', width: '1.1fr', sortable: true },
  { key: 'category', name: 'Category', width: 135 },
  { key: 'kind', name: 'Kind', width: 140 },
  { key: 'language', name: 'Language', width: 120 },
  { key: 'status', name: 'Status', width: 120 },
  { key: 'updated', name: 'Updated', width: 180, sortable: true },
  { key: 'actions', name: 'Actions', width: 104 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

const updated = (iso: string) => formatMoment(iso, 'dayTime');

/** Message Templates (WhatsApp): the channel's templates with their vendor status, create, view and delete. */
export function TemplateList({ onCreate, onView }: { onCreate(): void; onView(id: string): void }) {
  const canCreate = useCan(ACCESS.templates.create);
  const canDelete = useCan(ACCESS.templates.delete);
  const list = useTemplateList();
  const channels = useWhatsAppChannels();
  const [deleting, setDeleting] = useState<Template | null>(null);
  const [syncing, setSyncing] = useState(false);

  const remove = async (template: Template) => {
    try {
      await firstValueFrom(api.templates.delete({ id: template.id }));
      toast(TemplateMessages.deleted, 'success');
      list.reload(list.rows.length === 1);
    } catch (error) {
      showRefusal(error);
    }
  };

  /** Asks the vendor now: the chosen channel, or every channel when none is chosen. */
  const sync = async () => {
    const ids = list.channelId ? [list.channelId] : (channels ?? []).map((c) => c.channelId);
    setSyncing(true);
    try {
      const replies = await Promise.all(ids.map((channelId) => firstValueFrom(api.templates.sync({ channelId }))));
      const changed = replies.reduce((sum, r) => sum + r.updated, 0);
      toast(changed === 1 ? '1 template status updated' : `${changed} template statuses updated`, 'success');
      list.reload();
    } catch (error) {
      showRefusal(error);
    } finally {
      setSyncing(false);
    }
  };

  const cell = (t: Template, key: ColumnKey) => {
    switch (key) {
      case 'name':
        return <Text UNSAFE_className="tpl-name">{t.name}</Text>;
      case 'channel':
        return t.channelName;
      case 'category':
        return CATEGORY_LABELS[t.category];
      case 'kind':
        return KIND_LABELS[t.kind];
      case 'language':
        return languageName(t.language);
      case 'status':
        return <StatusBadge status={t.status} reason={t.rejectedReason} />;
      case 'updated':
        return updated(t.updatedOn);
      case 'actions':
        return (
          <Flex gap="size-50">
            <ActionButton isQuiet aria-label={`View ${t.name}`} onPress={() => onView(t.id)}>
              <Visibility />
            </ActionButton>
            {canDelete && (
              <ActionButton isQuiet aria-label={`Delete ${t.name}`} onPress={() => setDeleting(t)}>
                <Delete />
              </ActionButton>
            )}
          </Flex>
        );
    }
  };

  return (
    <section className="templates" aria-labelledby="templates-title">
      <header className="templates-header">
        <h1 id="templates-title">Message Templates</h1>
        <Flex gap="size-150" alignItems="end" wrap>
          <Picker
            label="Channel"
            labelPosition="side"
            items={[{ channelId: ALL, name: 'All channels' }, ...(channels ?? [])]}
            selectedKey={list.channelId || ALL}
            onSelectionChange={(key) => list.setChannelId(key === null || key === ALL ? '' : String(key))}
            isDisabled={channels === null}
            width="size-3000"
          >
            {(c) => <Item key={c.channelId}>{c.name}</Item>}
          </Picker>
          <SearchField label="Search" labelPosition="side" placeholder="Template name" value={list.search} onChange={list.setSearch} width="size-3000" />
          <Picker
            label="Status"
            labelPosition="side"
            items={STATUS_FILTERS}
            selectedKey={list.status || ALL}
            onSelectionChange={(key) => list.setStatus(key === null || key === ALL ? '' : (key as TemplateStatus))}
            width="size-2000"
          >
            {(o) => <Item key={o.id}>{o.name}</Item>}
          </Picker>
          {canCreate && (
            <>
              <Button variant="secondary" onPress={() => void sync()} isPending={syncing} isDisabled={!channels?.length}>
                <Refresh />
                <Text>Refresh status</Text>
              </Button>
              <Button variant="accent" onPress={onCreate}>
                <Add />
                <Text>Create Template</Text>
              </Button>
            </>
          )}
        </Flex>
      </header>
      <div className="templates-table">
        <TableView
          aria-label="Message templates"
          density="spacious"
          overflowMode="truncate"
          selectionMode="none"
          height="100%"
          sortDescriptor={list.sortDescriptor}
          onSortChange={list.sort}
          renderEmptyState={() => <EmptyState />}
        >
          <TableHeader columns={COLUMNS}>
            {(c) => (
              <Column
                key={c.key}
                width={c.width}
                hideHeader={c.key === 'actions'}
                align={c.key === 'actions' ? 'end' : 'start'}
                allowsSorting={'sortable' in c}
              >
                {c.name}
              </Column>
            )}
          </TableHeader>
          <TableBody items={list.rows} loadingState={list.loading ? 'loading' : 'idle'}>
            {(t) => <Row key={t.id}>{(key) => <Cell>{cell(t, key as ColumnKey)}</Cell>}</Row>}
          </TableBody>
        </TableView>
      </div>
      <PagerNav className="templates-pager" list={list} />
      <DialogContainer onDismiss={() => setDeleting(null)}>
        {deleting && (
          <AlertDialog
            title="Delete template"
            variant="destructive"
            primaryActionLabel="Delete"
            cancelLabel="Cancel"
            onPrimaryAction={() => void remove(deleting)}
          >
            Delete the template “{deleting.name}”? It is deleted from the channel’s WhatsApp account too, and can no longer be sent.
          </AlertDialog>
        )}
      </DialogContainer>
    </section>
  );
}

function EmptyState() {
  return (
    <IllustratedMessage>
      <Heading>No Record</Heading>
      <Content>Create a template to send it once WhatsApp approves it.</Content>
    </IllustratedMessage>
  );
}
