import type { ReactNode } from 'react';
import type { ReplyOf } from '@parley/sdk/contract/endpoint';
import type { nlpReportsApi } from '@parley/sdk/contract/nlp-reports';
import { ActiveUsersChart, ActiveUsersTable, type UsersPoint } from './charts/ActiveUsersChart.js';
import { ChartCard } from './charts/chart-kit.js';
import { ScopeDonut, ScopeTable, type ScopeSplit } from './charts/ScopeDonut.js';
import { ScopeTrendChart, ScopeTrendTable, type TrendPoint } from './charts/ScopeTrendChart.js';
import { formatDay, twoDecimals, useCount } from './format.js';

export type ConversationsReport = ReplyOf<typeof nlpReportsApi.conversationsReport>;
export type TopIntents = ReplyOf<typeof nlpReportsApi.topIntent>;

export interface OverviewProps {
  report: ConversationsReport | undefined;
  trend: TrendPoint[] | undefined;
  users: UsersPoint[] | undefined;
  split: ScopeSplit | undefined;
  intents: TopIntents | undefined;
  loading: boolean;
  /** Total Scoped Messages was chosen: show those messages in User Conversations. */
  onShowScoped(): void;
}

const DASH = '–';

function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="pnr-stat">
      <dt>{label}</dt>
      <dd className="pnr-stat-value">{value}</dd>
      {note ? <dd className="pnr-stat-note">{note}</dd> : null}
    </div>
  );
}

/** Tab Overview (agent-designer 2): the cards, Scope Trend, the Scope donut, Active Users and Top Intents. */
export function Overview({ report, trend, users, split, intents, loading, onShowScoped }: OverviewProps) {
  const busiestDay = report?.maximumConversations.date;
  const count = useCount();
  return (
    <div className="pnr-overview" aria-busy={loading}>
      <dl className="pnr-stats" aria-label="Conversation figures">
        <Stat label="Total Conversation" value={report ? count(report.totalConversations) : DASH} />
        <Stat label="Avg.msg.per conversation" value={report ? twoDecimals(report.averageMessages) : DASH} />
        <Stat
          label="Max.Conversation"
          value={report ? count(report.maximumConversations.maximumConversationsValue) : DASH}
          note={busiestDay ? `on ${formatDay(busiestDay, true)}` : undefined}
        />
        <Stat label="Weak Understanding" value={report ? count(report.weakUnderstanding) : DASH} note="scoped, barely above the threshold" />
      </dl>

      <ChartCard
        className="pnr-area-trend"
        title="Scope Trend"
        chart={trend ? <ScopeTrendChart points={trend} /> : <ChartLoading />}
        table={<ScopeTrendTable points={trend ?? []} />}
      />

      <ChartCard
        className="pnr-area-scope"
        title="Scope"
        chart={split ? <ScopeDonut split={split} /> : <ChartLoading />}
        table={split ? <ScopeTable split={split} /> : null}
        footer={
          <div className="pnr-totals">
            <div className="pnr-total">
              <span className="pnr-total-label">Total Messages</span>
              <span className="pnr-total-value">{report ? count(report.totalMessages) : DASH}</span>
            </div>
            <button
              type="button"
              className="pnr-total pnr-total-link"
              onClick={onShowScoped}
              disabled={!report}
              title="Show the scoped messages in User Conversations"
            >
              <span className="pnr-total-label">
                <span className="pnr-swatch pnr-fill-scoped" aria-hidden="true" />
                Total Scoped Messages
              </span>
              <span className="pnr-total-value">{report ? count(report.totalScopedMessages) : DASH}</span>
            </button>
            <div className="pnr-total">
              <span className="pnr-total-label">
                <span className="pnr-swatch pnr-fill-nonScoped" aria-hidden="true" />
                Total non-Scoped Messages
              </span>
              <span className="pnr-total-value">{report ? count(report.totalNonScopedMessages) : DASH}</span>
            </div>
          </div>
        }
      />

      <ChartCard
        className="pnr-area-users"
        title="Active Users"
        chart={users ? <ActiveUsersChart points={users} /> : <ChartLoading />}
        table={<ActiveUsersTable points={users ?? []} />}
      />

      <section className="pnr-card pnr-area-intents" aria-label="Top Intents">
        <header className="pnr-card-header">
          <h3 className="pnr-card-title">Top Intents</h3>
        </header>
        <TopIntentList intents={intents} />
      </section>
    </div>
  );
}

function ChartLoading() {
  return <p className="pnr-empty">Loading…</p>;
}

function TopIntentList({ intents }: { intents: TopIntents | undefined }) {
  const count = useCount();
  if (!intents) return <p className="pnr-empty">Loading…</p>;
  if (!intents.length) return <p className="pnr-empty">No Record</p>;
  const most = Math.max(...intents.map((i) => i.count), 1);
  return (
    <ol className="pnr-intents">
      {intents.map((intent) => (
        <li key={intent.intentName} className="pnr-intent">
          <span className="pnr-intent-name">{intent.intentName}</span>
          <span className="pnr-intent-count">{count(intent.count)}</span>
          <span className="pnr-intent-bar" aria-hidden="true">
            <span style={{ width: `${(100 * intent.count) / most}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}
