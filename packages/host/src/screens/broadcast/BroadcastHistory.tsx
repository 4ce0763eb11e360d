import {
  Button,
  Cell,
  Column,
  Content,
  DatePicker,
  Heading,
  IllustratedMessage,
  Row,
  SearchField,
  TableBody,
  TableHeader,
  TableView,
  Text,
} from '@adobe/react-spectrum';
import Send from '@spectrum-icons/workflow/Send';
import { Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { BroadcastMessages } from '@parley/sdk/contract/broadcast-texts';
import type { BroadcastListItem } from '@parley/sdk/contract/broadcasts';
import { createdOn, titleCase } from './history-range.js';
import { useBroadcastHistory } from './use-broadcast-history.js';
import { useBroadcastStatus } from './use-broadcast-status.js';
import { PagerNav } from '../../components/PagerNav.js';
import { hasAnyPermission, useSession } from '../../stores/session-store.js';

const AREA = '/campaigns/broadcast';
const COLUMNS = [
  { key: 'name', name: 'Template Name', width: '1.4fr', minWidth: 160, sortable: true },
  { key: 'user', name: 'Initiated By', width: '1fr', minWidth: 120 },
  { key: 'channel', name: 'Channel', width: '1fr', minWidth: 120, sortable: true },
  { key: 'created', name: 'Created On', width: 200, sortable: true },
  { key: 'status', name: 'Status', width: 140 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

/** Rows are 49 px high (spacious) under the header: the table is as tall as its page, or tall enough for 'No Record'. */
const tableHeight = (rows: number) => (rows ? 36 + rows * 49 : 300);

/**
 * Broadcast history (customer-master-and-broadcast 2): name search (300 ms), Start and End Date (the last 7 days ending
 * today), Submit, 'Send Template'; Template Name, Initiated By, Channel, Created On, Status; 20 a page. Statuses move
 * live with the realtime socket's `broadcast.status` events.
 */
export function BroadcastHistory() {
  const list = useBroadcastHistory();
  const navigate = useNavigate();
  // Sending needs CAMPAIGNS.CREATE (SECURITY.md "Roles"); an agent's just-in-time send arrives with live chat.
  const canSend = hasAnyPermission(
    useSession((s) => s.profile),
    ['CAMPAIGNS.CREATE'],
  );
  useBroadcastStatus(list.onStatus);
  const invalid = list.picked.end.compare(list.picked.start) < 0;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalid) list.submit();
  };

  const cell = (b: BroadcastListItem, key: ColumnKey) => {
    switch (key) {
      case 'name':
        return (
          <Link to="/campaigns/broadcast/$broadcastId" params={{ broadcastId: b.id }} className="broadcast-name">
            {b.name}
          </Link>
        );
      case 'user':
        return b.user.name || '-';
      case 'channel':
        return b.channelName || '-';
      case 'created':
        return createdOn(b.createdOn);
      case 'status':
        return (
          <span className="broadcast-status" data-status={b.status}>
            {titleCase(b.status)}
          </span>
        );
    }
  };

  return (
    <section className="broadcasts" aria-labelledby="broadcasts-title">
      <header className="broadcasts-header">
        <h1 id="broadcasts-title">Broadcast History</h1>
        {canSend && (
          <Button variant="accent" onPress={() => void navigate({ to: `${AREA}/create` })}>
            <Send />
            <Text>Send Template</Text>
          </Button>
        )}
      </header>
      <form className="broadcasts-filters" onSubmit={onSubmit} aria-label="Filter broadcasts">
        <SearchField label="Search" value={list.search} onChange={list.setSearch} width="size-3400" />
        <DatePicker label="Start Date" value={list.picked.start} onChange={(start) => start && list.setPicked({ ...list.picked, start })} />
        <DatePicker
          label="End Date"
          value={list.picked.end}
          onChange={(end) => end && list.setPicked({ ...list.picked, end })}
          validationState={invalid ? 'invalid' : undefined}
          errorMessage={invalid ? 'End Date should not be before Start Date' : undefined}
        />
        <Button type="submit" variant="primary" isDisabled={invalid}>
          Submit
        </Button>
      </form>
      <div className="broadcasts-table">
        <TableView
          aria-label="Broadcasts"
          density="spacious"
          overflowMode="truncate"
          selectionMode="none"
          height={tableHeight(list.rows.length)}
          sortDescriptor={list.sortDescriptor}
          onSortChange={list.sort}
          onAction={(id) => void navigate({ to: '/campaigns/broadcast/$broadcastId', params: { broadcastId: String(id) } })}
          renderEmptyState={() => (
            <IllustratedMessage>
              <Heading>{BroadcastMessages.noRecord}</Heading>
              <Content>Send a template, or widen the dates.</Content>
            </IllustratedMessage>
          )}
        >
          <TableHeader columns={COLUMNS}>
            {(c) => (
              <Column key={c.key} width={c.width} minWidth={'minWidth' in c ? c.minWidth : undefined} allowsSorting={'sortable' in c}>
                {c.name}
              </Column>
            )}
          </TableHeader>
          <TableBody items={list.rows} loadingState={list.loading ? 'loading' : 'idle'}>
            {(b) => <Row key={b.id}>{(key) => <Cell>{cell(b, key as ColumnKey)}</Cell>}</Row>}
          </TableBody>
        </TableView>
      </div>
      <PagerNav className="broadcasts-pager" list={list} />
    </section>
  );
}
