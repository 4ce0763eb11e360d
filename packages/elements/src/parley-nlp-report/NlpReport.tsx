import { Item, TabList, TabPanels, Tabs } from '@adobe/react-spectrum/Tabs';
import { ElementRoot } from '../internal/element-root.js';
import { useEffect, useMemo, useState } from 'react';
import type { ConversationRow } from '@parley/sdk/contract/nlp-reports';
import { ensureStyles } from '../internal/styles.js';
import { showToastSoon as showToast } from '../internal/lazy-toasts.js';
import { messageOf, useLoad } from '../internal/use-call.js';
import { Conversations, type Scope } from './Conversations.js';
import type { ConversationOpenDetail } from './events.js';
import { FilterForm } from './FilterForm.js';
import { Overview } from './Overview.js';
import { ReportClient } from './report-client.js';
import { DEFAULT_DAYS, daysOf, defaultPeriod, latestPickable, periodError, rangeOf, viewerTimeZone, type Period } from './report-range.js';
import REPORT_CSS from './report-styles.css?inline';

export interface NlpReportProps {
  apiBase?: string;
  token?: string;
  embedKey?: string;
  agentName?: string;
  days?: number;
  /** The agent to show first; else the first agent of the list. */
  agentId?: string;
  /** The custom element itself (given by r2wc): events are dispatched from it. */
  container?: HTMLElement;
}

type Tab = 'overview' | 'conversations';

/** What Submit asked for: the report shows this until the next Submit. */
interface Applied {
  agentId: string;
  period: Period;
}

/** The conversation report (agent-designer 2, "NLP report screen"). */
export function NlpReport({ apiBase = '/api', token, embedKey, agentId, agentName, days: openDays, container }: NlpReportProps) {
  ensureStyles('nlp-report', REPORT_CSS);
  const client = useMemo(() => new ReportClient({ baseUrl: apiBase, token: token || null, embedKey: embedKey || null }), [apiBase, token, embedKey]);
  const tz = useMemo(() => viewerTimeZone(), []);
  const onError = (e: unknown) => showToast(messageOf(e), 'error');

  // A partner page's key reads one agent's report and never the agents list: Data Source is that agent alone.
  const keyOnly = !token && !!embedKey;
  const agents = useLoad(() => (keyOnly ? null : client.nlpAgents.list({ from: 0, perPage: -1 })), [client, keyOnly], onError);
  const agentList = useMemo(
    () => (keyOnly ? (agentId ? [{ id: agentId, name: agentName || 'This agent' }] : []) : agents.data?.agents.map((a) => ({ id: a.id, name: a.name }))),
    [agents.data, keyOnly, agentId, agentName],
  );

  const [chosenAgent, setChosenAgent] = useState<string | null>(null);
  const [period, setPeriod] = useState<Period>(() => defaultPeriod(tz, Number(openDays ?? DEFAULT_DAYS)));
  const [applied, setApplied] = useState<Applied | null>(null);
  const [tab, setTab] = useState<Tab>('overview');
  const [scope, setScope] = useState<Scope>(0);
  const [page, setPage] = useState(0);
  const endError = periodError(period, tz);

  // Data Source defaults to `agent-id` when it names a listed agent, else to the first agent; the report then loads.
  useEffect(() => {
    if (!agentList) return;
    const preferred = agentList.find((a) => a.id === agentId)?.id ?? agentList[0]?.id ?? null;
    setChosenAgent(preferred);
    setPage(0);
    setApplied((before) => (preferred ? { agentId: preferred, period: before?.period ?? period } : null));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new list or a new `agent-id` picks again; the period in use stays.
  }, [agentList, agentId]);

  const submit = () => {
    if (!chosenAgent || endError) return;
    setApplied({ agentId: chosenAgent, period });
    setPage(0);
  };

  const range = useMemo(() => (applied ? rangeOf(applied.agentId, applied.period, tz) : null), [applied, tz]);
  const days = useMemo(() => (applied ? daysOf(applied.period) : []), [applied]);

  const report = useLoad(() => (range ? client.nlpReports.conversationsReport(range) : null), [client, range], onError);
  const graph = useLoad(() => (range ? client.nlpReports.graphReport(range) : null), [client, range], onError);
  const intents = useLoad(() => (range ? client.nlpReports.topIntent(range) : null), [client, range], onError);

  // Every day of the period is on the axis, days without messages at zero.
  const trend = useMemo(() => {
    if (!graph.data) return undefined;
    const byDay = new Map(graph.data.scopeTrend.map((d) => [d.date, d]));
    return days.map((date) => ({ date, scoped: byDay.get(date)?.scoped ?? 0, nonScoped: byDay.get(date)?.nonScoped ?? 0 }));
  }, [graph.data, days]);
  const users = useMemo(() => {
    if (!graph.data) return undefined;
    const byDay = new Map(graph.data.activeUsers.map((d) => [d.date, d.value]));
    return days.map((date) => ({ date, value: byDay.get(date) ?? 0 }));
  }, [graph.data, days]);
  const split = useMemo(
    () =>
      report.data
        ? { scoped: report.data.totalScopedMessages, nonScoped: report.data.totalNonScopedMessages, scopedPercentage: report.data.scopedPercentage }
        : undefined,
    [report.data],
  );

  const openConversation = (row: ConversationRow) =>
    container?.dispatchEvent(
      new CustomEvent<ConversationOpenDetail>('parley-conversation-open', {
        detail: { sessionId: row.sessionId, message: row.userMessage, createdOn: row.createdOn },
        bubbles: true,
        composed: true,
      }),
    );

  const noAgents = agentList !== undefined && agentList.length === 0;

  return (
    <ElementRoot className="pnr-root" container={container}>
      <div className="pnr-page">
        <h2 className="pnr-title">Conversation Report</h2>
        <FilterForm
          agents={agentList}
          agentId={chosenAgent}
          onAgent={setChosenAgent}
          period={period}
          onPeriod={setPeriod}
          endError={endError}
          maxValue={latestPickable(tz)}
          onSubmit={submit}
        />
        {noAgents ? (
          <p className="pnr-empty pnr-card">There is no agent yet: create an agent, talk to it, then come back for its report.</p>
        ) : (
          <Tabs aria-label="Report" selectedKey={tab} onSelectionChange={(key) => setTab(key as Tab)} UNSAFE_className="pnr-tabs">
            <TabList>
              <Item key="overview">Overview</Item>
              <Item key="conversations">User Conversations</Item>
            </TabList>
            <TabPanels UNSAFE_className="pnr-tab-panels">
              <Item key="overview">
                <Overview
                  report={report.data}
                  trend={trend}
                  users={users}
                  split={split}
                  intents={intents.data}
                  loading={report.loading || graph.loading || intents.loading}
                  onShowScoped={() => {
                    setScope(1);
                    setPage(0);
                    setTab('conversations');
                  }}
                />
              </Item>
              <Item key="conversations">
                <Conversations
                  client={client}
                  range={range}
                  scope={scope}
                  onScope={(next) => {
                    setScope(next);
                    setPage(0);
                  }}
                  page={page}
                  onPage={setPage}
                  toast={showToast}
                  onOpen={openConversation}
                />
              </Item>
            </TabPanels>
          </Tabs>
        )}
      </div>
    </ElementRoot>
  );
}
