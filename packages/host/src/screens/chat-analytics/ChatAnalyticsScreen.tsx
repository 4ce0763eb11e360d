import {
  Button,
  Cell,
  Column,
  Content,
  DateRangePicker,
  Heading,
  IllustratedMessage,
  ProgressCircle,
  Row,
  TableBody,
  TableHeader,
  TableView,
} from '@adobe/react-spectrum';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { AnalyticsDay, AnalyticsFigures, DashboardEntry } from '@parley/sdk/contract/chat-analytics';
import { bucketKeys } from '@parley/sdk/contract/dashboard-range';
import { api } from '../../stores/session-store.js';
import { showRefusal } from '../../components/show-refusal.js';
import { ChatCountChart } from '../dashboard/ChatCharts.js';
import { elapsed, figure } from '../dashboard/graph-format.js';
import { analyticsDays, analyticsQuery, csatText, saveFile } from './analytics-range.js';
import { validateAnalyticsSearch } from './analytics-search.js';
import { useAnalytics } from './use-analytics.js';
import '../dashboard/dashboard.css';
import './chat-analytics.css';

type Named = AnalyticsFigures & { id: string; name: string };

/** Every day of the period, quiet ones at zero, so the chart's bars keep their width and place. */
function everyDay(days: AnalyticsDay[], q: { fromDate: string; toDate: string; clientOffset: number }): DashboardEntry[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return bucketKeys({ fromDate: new Date(q.fromDate), toDate: new Date(q.toDate), unit: 'day' }, q.clientOffset).map((date) => ({
    date,
    chatCount: byDate.get(date)?.chats ?? 0,
    avgPickedUpInterval: byDate.get(date)?.avgPickupSeconds ?? 0,
  }));
}

const COLUMNS = [
  { key: 'name', name: 'Name' },
  { key: 'chats', name: 'Chats' },
  { key: 'missed', name: 'Missed' },
  { key: 'missedRate', name: 'Missed rate' },
  { key: 'pickup', name: 'Avg pickup' },
  { key: 'handling', name: 'Avg handling' },
  { key: 'csat', name: 'CSAT' },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

function cell(row: Named, key: ColumnKey): string {
  switch (key) {
    case 'name':
      return row.name;
    case 'chats':
      return String(row.chats);
    case 'missed':
      return String(row.missed);
    case 'missedRate':
      return `${figure(row.missedRate)}%`;
    case 'pickup':
      return row.picked ? elapsed(row.avgPickupSeconds) : '-';
    case 'handling':
      return row.closed ? elapsed(row.avgHandlingSeconds) : '-';
    case 'csat':
      return csatText(row);
  }
}

function FiguresTable({ label, rows, loading }: { label: string; rows: Named[]; loading: boolean }) {
  return (
    <section className="analytics-table" aria-label={label}>
      <h2>{label}</h2>
      <TableView aria-label={label} density="compact" overflowMode="truncate" height={rows.length ? 36 + rows.length * 41 : 200}>
        <TableHeader columns={COLUMNS}>
          {(c) => (
            <Column key={c.key} width={c.key === 'name' ? '2fr' : c.key === 'csat' ? '1.6fr' : '1fr'} align={c.key === 'name' ? 'start' : 'end'}>
              {c.name}
            </Column>
          )}
        </TableHeader>
        <TableBody items={rows} loadingState={loading ? 'loading' : 'idle'}>
          {(row) => <Row key={row.id}>{(key) => <Cell>{cell(row, key as ColumnKey)}</Cell>}</Row>}
        </TableBody>
      </TableView>
    </section>
  );
}

/**
 * Chat analytics (`/chat/analytics`, CHAT.VIEW_ANALYTICS): for chats that started in the chosen days, the totals,
 * chats per day, and per agent and per department the pickup and handling times, missed rate and CSAT; Export CSV
 * downloads the agent and department rows.
 */
export function ChatAnalyticsScreen() {
  const search = validateAnalyticsSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const days = analyticsDays(search);
  const query = analyticsQuery(search);
  const { data, loading } = useAnalytics(query.fromDate, query.toDate, query.clientOffset);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await firstValueFrom(api.downloadChatAnalyticsCsv(query)));
    } catch (error) {
      showRefusal(error);
    } finally {
      setExporting(false);
    }
  };
  const t = data?.totals;

  return (
    <section className="chat-analytics" aria-labelledby="chat-analytics-title">
      <header className="dashboard-header">
        <h1 id="chat-analytics-title">Chat Analytics</h1>
      </header>
      <div className="analytics-filters">
        <DateRangePicker
          label="Chats started"
          value={days}
          maxVisibleMonths={2}
          onChange={(range) => {
            if (range) void navigate({ to: '/chat/analytics', search: { fromDate: range.start.toString(), toDate: range.end.toString() } });
          }}
        />
        <span className="dash-grow" />
        {loading && <ProgressCircle aria-label="Loading analytics" isIndeterminate size="S" />}
        <Button variant="secondary" onPress={() => void exportCsv()} isPending={exporting} isDisabled={!data}>
          Export CSV
        </Button>
      </div>
      {t && (
        <div className="dash-cards">
          <section className="dash-card" aria-label="Totals">
            <h2>Totals</h2>
            <dl>
              <div>
                <dt>Chats</dt>
                <dd>{t.chats}</dd>
              </div>
              <div>
                <dt>Missed rate</dt>
                <dd>{figure(t.missedRate)}%</dd>
              </div>
              <div>
                <dt>Avg pickup</dt>
                <dd>{t.picked ? elapsed(t.avgPickupSeconds) : '-'}</dd>
              </div>
              <div>
                <dt>Avg handling</dt>
                <dd>{t.closed ? elapsed(t.avgHandlingSeconds) : '-'}</dd>
              </div>
              <div>
                <dt>CSAT</dt>
                <dd>{csatText(t)}</dd>
              </div>
            </dl>
          </section>
        </div>
      )}
      {data && data.totals.chats === 0 && (
        <IllustratedMessage>
          <Heading>No chats</Heading>
          <Content>No chat started in these days.</Content>
        </IllustratedMessage>
      )}
      {data && data.days.length > 0 && (
        <section className="dash-graph">
          <ChatCountChart title="Chats per day" entries={everyDay(data.days, query)} />
        </section>
      )}
      <FiguresTable label="Agents" rows={(data?.agents ?? []).map((a) => ({ ...a, id: a.agentId }))} loading={loading} />
      <FiguresTable label="Departments" rows={(data?.departments ?? []).map((d) => ({ ...d, id: d.deptId ?? 'none' }))} loading={loading} />
    </section>
  );
}
