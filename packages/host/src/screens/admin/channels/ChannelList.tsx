import {
  ActionButton,
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
import Edit from '@spectrum-icons/workflow/Edit';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { ChannelMessages, WHATSAPP_CLOUD_VENDOR } from '@parley/sdk/contract/channel-texts';
import type { Channel } from '@parley/sdk/contract/channels';
import { ACCESS } from '@parley/sdk/contract/access';
import { useCan } from '../../../components/use-can.js';
import { api } from '../../../stores/session-store.js';
import { toast } from '../../../stores/toast-store.js';
import { CHANNEL_TYPE_OPTIONS, typeName, vendorName } from './channel-names.js';
import { DeleteChannelDialog } from './DeleteChannelDialog.js';
import { showRefusal } from '../../../components/show-refusal.js';
import { useChannelList } from './use-channel-list.js';
import { CopyWebhookUrl } from './WebhookUrl.js';
import { PagerNav } from '../../../components/PagerNav.js';
import { formatMoment } from '../../../format/locale.js';

const ALL_TYPES = 'all';
/** Fixed columns fit their longest value; Name and Webhook URL share the rest, so a 1280 px screen needs no sideways scroll. */
const COLUMNS = [
  { key: 'name', name: 'Name', width: '1fr', minWidth: 120, sortable: true },
  { key: 'type', name: 'Type', width: 112 },
  { key: 'vendor', name: 'Vendor', width: 166 },
  { key: 'contact', name: 'Contact', width: 136 },
  { key: 'webhook', name: 'Webhook URL', width: '1.4fr', minWidth: 160 },
  { key: 'updated', name: 'Updated', width: 160, sortable: true },
  { key: 'actions', name: 'Actions', width: 136 },
] as const;

/** Rows are 49 px high (spacious) under a 34 px header: the table is as tall as its page, or tall enough for 'No Record'. */
const tableHeight = (rows: number) => (rows ? 36 + rows * 49 : 300);
const updated = (iso: string) => formatMoment(iso, 'dayTime');

/** Configuration → Channels (platform-shell 7.4): search, type filter, 20 a page, Edit and Delete per row. */
export function ChannelList({ onAdd, onEdit }: { onAdd(): void; onEdit(channelId: string): void }) {
  const canCreate = useCan(ACCESS.channels.create);
  const canEdit = useCan(ACCESS.channels.edit);
  const canDelete = useCan(ACCESS.channels.delete);
  const list = useChannelList();
  const [deleting, setDeleting] = useState<Channel | null>(null);

  const remove = async (channel: Channel) => {
    try {
      await firstValueFrom(api.channels.delete({ channelId: channel.channelId }));
      toast(ChannelMessages.deleted, 'success');
      list.reload(list.rows.length === 1);
    } catch (error) {
      showRefusal(error);
    }
  };

  const cell = (channel: Channel, key: (typeof COLUMNS)[number]['key']) => {
    switch (key) {
      case 'name':
        return <Text UNSAFE_className="channel-name">{channel.name}</Text>;
      case 'type':
        return typeName(channel.type);
      case 'vendor':
        return vendorName(channel.vendor);
      case 'contact':
        return channel.contactId || '-';
      case 'webhook':
        // Text alone in the cell: the table names a cell by its contents, and a button there made the name differ
        // from what is shown (axe: label-content-name-mismatch). Its copy button sits with the row's actions.
        return channel.vendor === WHATSAPP_CLOUD_VENDOR && channel.webhookUrl ? (
          <span className="webhook-url" title={channel.webhookUrl}>
            {channel.webhookUrl}
          </span>
        ) : (
          '-'
        );
      case 'updated':
        return updated(channel.updatedOn);
      case 'actions':
        return (
          <Flex gap="size-50">
            {channel.vendor === WHATSAPP_CLOUD_VENDOR && channel.webhookUrl ? <CopyWebhookUrl url={channel.webhookUrl} /> : null}
            {canEdit && (
              <ActionButton isQuiet aria-label={`Edit ${channel.name}`} onPress={() => onEdit(channel.channelId)}>
                <Edit />
              </ActionButton>
            )}
            {canDelete && (
              <ActionButton isQuiet aria-label={`Delete ${channel.name}`} onPress={() => setDeleting(channel)}>
                <Delete />
              </ActionButton>
            )}
          </Flex>
        );
    }
  };

  return (
    <section className="channels" aria-labelledby="channels-title">
      <header className="channels-header">
        <h1 id="channels-title">Channels</h1>
        <Flex gap="size-150" alignItems="end" wrap>
          <SearchField label="Search" labelPosition="side" value={list.search} onChange={list.setSearch} width="size-3000" />
          <Picker
            label="Type"
            labelPosition="side"
            items={[{ id: ALL_TYPES, name: 'All types' }, ...CHANNEL_TYPE_OPTIONS]}
            selectedKey={list.type === null ? ALL_TYPES : String(list.type)}
            onSelectionChange={(key) => list.filterType(key === null || key === ALL_TYPES ? null : Number(key))}
            width="size-2400"
          >
            {(o) => <Item key={o.id}>{o.name}</Item>}
          </Picker>
          {canCreate && (
            <Button variant="accent" onPress={onAdd}>
              <Add />
              <Text>Add Channel</Text>
            </Button>
          )}
        </Flex>
      </header>
      <div className="channels-table">
        <TableView
          aria-label="Channels"
          density="spacious"
          overflowMode="truncate"
          selectionMode="none"
          height={tableHeight(list.rows.length)}
          sortDescriptor={list.sortDescriptor}
          onSortChange={list.sort}
          renderEmptyState={() => <EmptyState />}
        >
          <TableHeader columns={COLUMNS}>
            {(c) => (
              <Column
                key={c.key}
                width={c.width}
                minWidth={'minWidth' in c ? c.minWidth : undefined}
                hideHeader={c.key === 'actions'}
                align={c.key === 'actions' ? 'end' : 'start'}
                allowsSorting={'sortable' in c}
              >
                {c.name}
              </Column>
            )}
          </TableHeader>
          <TableBody items={list.rows} loadingState={list.loading ? 'loading' : 'idle'}>
            {(channel) => <Row key={channel.channelId}>{(key) => <Cell>{cell(channel, key as (typeof COLUMNS)[number]['key'])}</Cell>}</Row>}
          </TableBody>
        </TableView>
      </div>
      <PagerNav className="channels-pager" list={list} />
      <DialogContainer onDismiss={() => setDeleting(null)}>
        {deleting && <DeleteChannelDialog name={deleting.name} onDelete={() => void remove(deleting)} />}
      </DialogContainer>
    </section>
  );
}

function EmptyState() {
  return (
    <IllustratedMessage>
      <Heading>No Record</Heading>
      <Content>Add a channel to send messages through it.</Content>
    </IllustratedMessage>
  );
}
