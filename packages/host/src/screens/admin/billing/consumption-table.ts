import type { ConsumptionDay } from '@parley/sdk/contract/billing';
import { currencySymbol, fixedFigure } from '@parley/sdk/number-format';
import { serviceLabel } from '../../../billing/usage-rows.js';

/** One day's use of one service: a row of the consumption table and of its CSV. */
export interface ConsumptionRow {
  key: string;
  date: string;
  service: string;
  label: string;
  billableUnits: number;
  totalUnits: number;
  amount: number;
}

/** Days (oldest first, as the server sends them) flattened to one row per day and service that had use. */
export const consumptionRows = (days: readonly ConsumptionDay[]): ConsumptionRow[] =>
  days.flatMap((d) =>
    d.serviceConsumption
      .filter((s) => s.totalUnits > 0 || s.amount !== 0)
      .map((s) => ({
        key: `${d.date}:${s.planEntityId}`,
        date: d.date,
        service: s.planEntityId,
        label: serviceLabel(s.planEntityId),
        billableUnits: s.billableUnits,
        totalUnits: s.totalUnits,
        amount: s.amount,
      })),
  );

/** A CSV field, quoted when it holds a comma, quote or line break (RFC 4180); a leading =, +, - or @ is defused. */
const field = (value: string | number) => {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The consumption table as CSV: full precision figures (no K/M/B), the currency in the amount's header. */
export function consumptionCsv(rows: readonly ConsumptionRow[], currencyCode: string): string {
  const header = ['Date', 'Service', 'Service id', 'Billable units', 'Total units', `Amount (${currencyCode})`];
  const lines = rows.map((r) => [r.date, r.label, r.service, fixedFigure(r.billableUnits, 2), fixedFigure(r.totalUnits, 2), fixedFigure(r.amount, 2)]);
  return [header, ...lines].map((line) => line.map(field).join(',')).join('\r\n') + '\r\n';
}

export const csvFileName = (fromDate: string, toDate: string) => `consumption-${fromDate}-to-${toDate}.csv`;

/** The chart's stacks: per day, each service's amount; services in a fixed order so colours stay put. */
export function chartSeries(days: readonly ConsumptionDay[]) {
  const services = [...new Set(days.flatMap((d) => d.serviceConsumption.filter((s) => s.amount > 0).map((s) => s.planEntityId)))].sort();
  const points = days.map((d) => ({
    date: d.date,
    total: d.sumAllTotalAmount,
    ...Object.fromEntries(services.map((s) => [s, d.serviceConsumption.find((c) => c.planEntityId === s)?.amount ?? 0])),
  })) as ({ date: string; total: number } & Record<string, number>)[];
  return { services, points };
}

/** The y axis's label: "Amount (Rs.)". */
export const amountAxis = (currencyCode: string) => `Amount (${currencySymbol(currencyCode)})`;

/** The ranges the screen offers, as the server's fromDate/toDate (UTC days). */
export const RANGES = [
  { id: 'month', name: 'This month' },
  { id: 'last-month', name: 'Last month' },
  { id: '30', name: 'Last 30 days' },
  { id: '90', name: 'Last 90 days' },
] as const;
export type RangeId = (typeof RANGES)[number]['id'];

const iso = (d: Date) => d.toISOString().slice(0, 10);
export function rangeDates(id: RangeId, now = new Date()): { fromDate: string; toDate: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  switch (id) {
    case 'month':
      return { fromDate: iso(new Date(Date.UTC(y, m, 1))), toDate: iso(now) };
    case 'last-month':
      return { fromDate: iso(new Date(Date.UTC(y, m - 1, 1))), toDate: iso(new Date(Date.UTC(y, m, 0))) };
    default: {
      const days = Number(id);
      return { fromDate: iso(new Date(now.getTime() - (days - 1) * 86_400_000)), toDate: iso(now) };
    }
  }
}
