import Papa from 'papaparse';
import type { AnalyticsAgent, AnalyticsDepartment, AnalyticsFigures } from '@parley/sdk/contract/chat-analytics';

const HEADER = [
  'Group',
  'Name',
  'Chats',
  'Picked',
  'Closed',
  'Missed',
  'Missed Rate %',
  'Avg Pickup (s)',
  'Avg Handling (s)',
  'CSAT (1-5)',
  'Closed With Feedback %',
];

const figures = (f: AnalyticsFigures) => [
  f.chats,
  f.picked,
  f.closed,
  f.missed,
  f.missedRate,
  f.avgPickupSeconds,
  f.avgHandlingSeconds,
  f.csat ?? '',
  f.feedbackShare,
];

/**
 * One file with the agents' rows, then the departments', then the total. papaparse quotes as RFC 4180 asks and, with
 * escapeFormulae, prefixes a cell starting with = + - @ (or tab/CR) so a spreadsheet does not run an agent's name.
 */
export function analyticsCsv(totals: AnalyticsFigures, agents: AnalyticsAgent[], departments: AnalyticsDepartment[]): string {
  const rows = [
    HEADER,
    ...agents.map((a) => ['Agent', a.name, ...figures(a)]),
    ...departments.map((d) => ['Department', d.name, ...figures(d)]),
    ['Total', 'All chats', ...figures(totals)],
  ];
  return '\ufeff' + Papa.unparse(rows, { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
}

/** `chat_analytics_{yyyy-mm-dd}_{yyyy-mm-dd}.csv`: the caller's first and last local day. */
export function analyticsFileName(from: Date, to: Date, offset: number): string {
  const day = (at: Date) => new Date(at.getTime() - offset * 60_000).toISOString().slice(0, 10);
  return `chat_analytics_${day(from)}_${day(new Date(to.getTime() - 1))}.csv`;
}
