import { useNavigate, useSearch } from '@tanstack/react-router';
import type { DashboardInfo } from '@parley/sdk/contract/chat-analytics';
import { useApp } from '../../stores/app-store.js';
import { useSession } from '../../stores/session-store.js';
import { DashboardGraph } from './DashboardGraph.js';
import { figure, validateDashboardSearch } from './graph-format.js';
import { useDashboard } from './use-dashboard.js';

function Card({ title, figures, note }: { title: string; figures: [string, number | string][]; note?: string }) {
  return (
    <section className="dash-card" aria-label={title}>
      <h2>{title}</h2>
      <dl>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{typeof value === 'number' ? figure(value) : value}</dd>
          </div>
        ))}
      </dl>
      {note && <p className="dash-card-note">{note}</p>}
    </section>
  );
}

/** Today's cards: only those the caller's permissions give figures for. */
function TodayCards({ info }: { info: DashboardInfo }) {
  const { chats, broadcasts, bot } = info;
  if (!chats && !broadcasts && !bot) return null;
  return (
    <div className="dash-cards">
      {chats && (
        <Card
          title="Chats today"
          figures={[
            ['Started', chats.today.chats],
            ['Waiting', chats.today.waiting],
            ['Ongoing', chats.today.ongoing],
            ['Missed', chats.today.missed],
            ['Closed', chats.today.closed],
          ]}
        />
      )}
      {broadcasts && (
        <Card
          title="Broadcasts today"
          figures={[
            ['Sent', broadcasts.sent],
            ['Delivered', broadcasts.delivered],
            ['Read', broadcasts.read],
            ['Failed', broadcasts.failed],
          ]}
          note={`${broadcasts.broadcasts} ${broadcasts.broadcasts === 1 ? 'broadcast' : 'broadcasts'} started today`}
        />
      )}
      {bot && (
        <Card
          title="Bot today"
          figures={[
            ['Conversations', bot.conversations],
            ['Handed to people', bot.handedOver],
            ['Out of scope', `${figure(bot.outOfScopePercent)}%`],
          ]}
          note={`${bot.messages} ${bot.messages === 1 ? 'message' : 'messages'} answered`}
        />
      )}
    </div>
  );
}

/** `/dashboard`: the console's landing page, with today's figures a manager opens the console for, and the chat graph of 2.7 below them. */
export function DashboardScreen() {
  const search = validateDashboardSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const period = search.period ?? 'MONTH';
  const { info, loading } = useDashboard(period);
  const name = useSession((s) => s.profile?.name);
  const title = useApp((s) => s.whiteLabel?.info.title) ?? 'Parley';
  // The greeting stays the console's landing heading (sign-in lands here); the figures follow it.
  return (
    <div className="dashboard">
      <header className="dashboard-header">
        <h1>Welcome to {title}</h1>
        <p className="muted">{name ? `Signed in as ${name}. ` : ''}Today at a glance, and your chats over time.</p>
      </header>
      {info && <TodayCards info={info} />}
      <DashboardGraph
        period={period}
        onPeriod={(p) => void navigate({ to: '/dashboard', search: validateDashboardSearch({ period: p }) })}
        info={info}
        loading={loading}
      />
    </div>
  );
}
