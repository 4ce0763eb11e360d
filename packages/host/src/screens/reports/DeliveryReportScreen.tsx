import {
  Button,
  Cell,
  Column,
  Content,
  DialogContainer,
  Heading,
  IllustratedMessage,
  Item,
  Picker,
  Row,
  TableBody,
  TableHeader,
  TableView,
  Text,
  TextField,
} from '@adobe/react-spectrum';
import Download from '@spectrum-icons/workflow/Download';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { catchError, map, of } from 'rxjs';
import { ChannelPageSizes } from '@parley/sdk/contract/channel-texts';
import { DELIVERY_STATUSES, REPORT_PAGE } from '@parley/sdk/contract/report-texts';
import { reportsRoutes } from '@parley/sdk/contract/routes';
import type { DeliveryRow } from '@parley/sdk/contract/reports';
import { PagerNav } from '../../components/PagerNav.js';
import { api } from '../../stores/session-store.js';
import { MessageStatusDialog } from './MessageStatusDialog.js';
import { ReportDates } from './ReportDates.js';
import { filtersOf, formatTime } from './report-query.js';
import { validateDeliverySearch, type DeliverySearch } from './report-search.js';
import { useReportPage } from './use-report-page.js';
import { useCsvExport, useReportForm } from './use-report-form.js';
import './reports.css';

const COLUMNS = [
  { key: 'sentOn', name: 'Sent On', width: 220 },
  { key: 'source', name: 'Source', width: '1.3fr' },
  { key: 'channel', name: 'Channel', width: '1fr' },
  { key: 'to', name: 'Customer Number', width: 160 },
  { key: 'status', name: 'Status', width: 120 },
  { key: 'statusTime', name: 'Status Time', width: 220 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];
const ALL = '__all__';
const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
const tableHeight = (rows: number) => (rows ? 36 + rows * 49 : 300);

/**
 * Manage → Delivery Report (`/admin/report`, MANAGE.DELIVERYREPORT.VIEW): every message the vendor took from the
 * enterprise (broadcasts' and agents' chat messages), newest first, 15 a page; a row opens its status dialog (2.12).
 */
export function DeliveryReportScreen() {
  const search = validateDeliverySearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const go = (next: DeliverySearch) => void navigate({ to: '/admin/report', search: next });
  const channels = useChannels();
  const filters = filtersOf(search);
  const from = search.from ?? 0;
  const list = useReportPage<DeliveryRow>(
    () => api.callPage(reportsRoutes.messages, { ...filters, from, perPage: REPORT_PAGE }).pipe(map((p) => ({ rows: p.data.message, more: p.more }))),
    JSON.stringify(search),
  );
  const { draft, set, apply } = useReportForm(search, validateDeliverySearch, go);
  const [open, setOpen] = useState<string | null>(null);
  const { exporting, exportCsv } = useCsvExport(() => api.downloadDeliveryReportCsv(filters));

  const cell = (r: DeliveryRow, key: ColumnKey) => {
    switch (key) {
      case 'sentOn':
        return formatTime(r.sentOn);
      case 'source':
        return (
          <span className="reports-source">
            <span className="reports-source-kind">{r.source === 'broadcast' ? 'Broadcast' : 'Chat'}</span>
            {r.sourceName ?? r.templateName ?? ''}
          </span>
        );
      case 'channel':
        return r.channelName;
      case 'to':
        return r.to;
      case 'status':
        return <span className={`reports-badge reports-status-${r.currentDeliveryStatus.toLowerCase()}`}>{titleCase(r.currentDeliveryStatus)}</span>;
      case 'statusTime':
        return formatTime(r.currentDeliveryStatusTime);
    }
  };

  return (
    <section className="reports" aria-labelledby="delivery-title">
      <header className="reports-header">
        <h1 id="delivery-title">Delivery Report</h1>
        <Button variant="secondary" onPress={exportCsv} isPending={exporting}>
          <Download />
          <Text>Export CSV</Text>
        </Button>
      </header>
      <form className="reports-filters" onSubmit={apply} aria-label="Filter the delivery report">
        <Picker
          label="Source"
          selectedKey={draft.source ?? ALL}
          onSelectionChange={(k) => set({ source: k === 'broadcast' || k === 'chat' ? k : undefined })}
          width="size-1700"
        >
          <Item key={ALL}>All sources</Item>
          <Item key="broadcast">Broadcast</Item>
          <Item key="chat">Chat</Item>
        </Picker>
        <Picker
          label="Status"
          selectedKey={draft.status ?? ALL}
          onSelectionChange={(k) => set({ status: k === ALL ? undefined : (k as DeliverySearch['status']) })}
          width="size-1700"
        >
          {[ALL, ...DELIVERY_STATUSES].map((s) => (
            <Item key={s}>{s === ALL ? 'All statuses' : titleCase(s)}</Item>
          ))}
        </Picker>
        {channels && (
          <Picker
            label="Channel"
            selectedKey={draft.channelId ?? ALL}
            onSelectionChange={(k) => set({ channelId: k === ALL ? undefined : String(k) })}
            width="size-2400"
          >
            {[{ id: ALL, name: 'All channels' }, ...channels].map((c) => (
              <Item key={c.id}>{c.name}</Item>
            ))}
          </Picker>
        )}
        <TextField label="Customer number" value={draft.customerNumber ?? ''} onChange={(customerNumber) => set({ customerNumber })} width="size-2000" />
        <TextField label="Message id" value={draft.messageId ?? ''} onChange={(messageId) => set({ messageId })} width="size-2400" />
        <ReportDates value={draft} onChange={(d) => set({ fromDate: d.fromDate, toDate: d.toDate })} />
        <div className="reports-filter-actions">
          <Button type="submit" variant="accent">
            Search
          </Button>
          <Button variant="secondary" onPress={() => go({})}>
            Clear
          </Button>
        </div>
      </form>
      <div className="reports-table">
        <TableView
          aria-label="Messages"
          density="spacious"
          overflowMode="truncate"
          selectionMode="none"
          onAction={(key) => setOpen(String(key))}
          height={tableHeight(list.rows.length)}
          renderEmptyState={() => <Empty />}
        >
          <TableHeader columns={[...COLUMNS]}>
            {(c) => (
              <Column key={c.key} width={c.width}>
                {c.name}
              </Column>
            )}
          </TableHeader>
          <TableBody items={list.rows} loadingState={list.loading ? 'loading' : 'idle'}>
            {(r) => (
              <Row key={r.id} textValue={`${r.to} ${r.currentDeliveryStatus}`}>
                {(key) => <Cell>{cell(r, key as ColumnKey)}</Cell>}
              </Row>
            )}
          </TableBody>
        </TableView>
      </div>
      <PagerNav
        className="reports-pager"
        list={{
          hasPrevious: from > 0,
          hasNext: list.more,
          loading: list.loading,
          previous: () => go({ ...search, from: Math.max(0, from - REPORT_PAGE) || undefined }),
          next: () => go({ ...search, from: from + REPORT_PAGE }),
        }}
      />
      <DialogContainer onDismiss={() => setOpen(null)}>{open && <MessageStatusDialog messageId={open} />}</DialogContainer>
    </section>
  );
}

/** The channel filter's choices; a viewer without a channel permission gets no channel filter. */
function useChannels() {
  const [channels, setChannels] = useState<{ id: string; name: string }[] | null>(null);
  useEffect(() => {
    const sub = api.channels
      .list({ perPage: ChannelPageSizes.max })
      .pipe(
        map((page) => page.channels.map((c) => ({ id: c.channelId, name: c.name }))),
        catchError(() => of(null)),
      )
      .subscribe(setChannels);
    return () => sub.unsubscribe();
  }, []);
  return channels;
}

function Empty() {
  return (
    <IllustratedMessage>
      <Heading>No Record</Heading>
      <Content>No message matches these filters.</Content>
    </IllustratedMessage>
  );
}
