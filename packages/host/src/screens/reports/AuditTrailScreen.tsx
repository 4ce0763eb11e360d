import {
  Button,
  Cell,
  Column,
  Content,
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
import { REPORT_PAGE } from '@parley/sdk/contract/report-texts';
import { platformRoutes } from '@parley/sdk/contract/routes';
import { PagerNav } from '../../components/PagerNav.js';
import { api } from '../../stores/session-store.js';
import { ReportDates } from './ReportDates.js';
import { filtersOf, formatTime } from './report-query.js';
import { validateAuditSearch, type AuditSearch } from './report-search.js';
import { useReportPage } from './use-report-page.js';
import { useCsvExport, useReportForm } from './use-report-form.js';
import './reports.css';

interface Entry {
  id: string;
  userName: string | null;
  action: string;
  target: string;
  statusCode: number;
  ip: string | null;
  at: string;
}
const COLUMNS = [
  { key: 'at', name: 'Date and Time', width: 220 },
  { key: 'user', name: 'User', width: '1fr' },
  { key: 'action', name: 'Action', width: '2fr' },
  { key: 'object', name: 'Object', width: '2fr' },
  { key: 'result', name: 'Result', width: 140 },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];
const ALL = '__all__';
/** The audit plugin stores the envelope's code (100 for success) or, without one, the HTTP status. */
const succeeded = (code: number) => code === 100 || (code >= 200 && code < 300);
const tableHeight = (rows: number) => (rows ? 36 + rows * 49 : 300);

/**
 * Manage → Audit Trail (`/admin/audit_trail`, AUDITTRAIL.VIEW): every recorded change of the enterprise with who made
 * it, filtered by user, action, object and days, 15 a page, and the same selection as a CSV file.
 */
export function AuditTrailScreen() {
  const search = validateAuditSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const go = (next: AuditSearch) => void navigate({ to: '/admin/audit_trail', search: next });
  const users = useAuditUsers();
  const filters = filtersOf(search);
  const from = search.from ?? 0;
  const list = useReportPage<Entry>(
    () => api.callPage(platformRoutes.auditTrail, { ...filters, from, perPage: REPORT_PAGE }).pipe(map((p) => ({ rows: p.data, more: p.more }))),
    JSON.stringify(search),
  );
  const { draft, set, apply } = useReportForm(search, validateAuditSearch, go);
  const { exporting, exportCsv } = useCsvExport(() => api.downloadAuditTrailCsv(filters));

  const cell = (e: Entry, key: ColumnKey) => {
    switch (key) {
      case 'at':
        return formatTime(e.at);
      case 'user':
        return e.userName ?? '-';
      case 'action':
        return <Text UNSAFE_className="reports-code">{e.action}</Text>;
      case 'object':
        return <Text UNSAFE_className="reports-code">{e.target}</Text>;
      case 'result':
        return (
          <span className={`reports-badge ${succeeded(e.statusCode) ? 'reports-badge-ok' : 'reports-badge-failed'}`}>
            {succeeded(e.statusCode) ? 'Done' : `Refused · ${e.statusCode}`}
          </span>
        );
    }
  };

  return (
    <section className="reports" aria-labelledby="audit-title">
      <header className="reports-header">
        <h1 id="audit-title">Audit Trail</h1>
        <Button variant="secondary" onPress={exportCsv} isPending={exporting}>
          <Download />
          <Text>Export CSV</Text>
        </Button>
      </header>
      <form className="reports-filters" onSubmit={apply} aria-label="Filter the audit trail">
        {users && (
          <Picker label="User" selectedKey={draft.uId ?? ALL} onSelectionChange={(k) => set({ uId: k === ALL ? undefined : String(k) })} width="size-2400">
            {[{ uId: ALL, name: 'All users' }, ...users].map((u) => (
              <Item key={u.uId}>{u.name}</Item>
            ))}
          </Picker>
        )}
        <TextField label="Action" value={draft.action ?? ''} onChange={(action) => set({ action })} placeholder="e.g. PUT or users" width="size-2400" />
        <TextField label="Object" value={draft.object ?? ''} onChange={(object) => set({ object })} placeholder="Path or id" width="size-2400" />
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
          aria-label="Audit trail"
          density="spacious"
          overflowMode="truncate"
          selectionMode="none"
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
            {(e) => <Row key={e.id}>{(key) => <Cell>{cell(e, key as ColumnKey)}</Cell>}</Row>}
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
    </section>
  );
}

/** The user filter's choices; refused or failed, the filter is left out. */
function useAuditUsers() {
  const [users, setUsers] = useState<{ uId: string; name: string }[] | null>(null);
  useEffect(() => {
    const sub = api.platform
      .auditUsers({})
      .pipe(catchError(() => of(null)))
      .subscribe(setUsers);
    return () => sub.unsubscribe();
  }, []);
  return users;
}

function Empty() {
  return (
    <IllustratedMessage>
      <Heading>No Record</Heading>
      <Content>Nothing recorded matches these filters.</Content>
    </IllustratedMessage>
  );
}
