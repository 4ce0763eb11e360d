import { DELIVERY_SOURCES, DELIVERY_STATUSES, REPORT_PAGE, type DeliverySource, type DeliveryStatus } from '@parley/sdk/contract/report-texts';

/** Both reports keep their filters and page in the URL (checked here, in the first page's bundle: no zod, no date library). */
const TEXT_MAX = 100;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, TEXT_MAX) : undefined);
const uuid = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : undefined);
/** A real calendar day (2024-02-31 is not). */
const day = (v: unknown) => {
  if (typeof v !== 'string' || !DAY.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : undefined;
};
const offset = (v: unknown) => {
  const from = Number(v);
  return Number.isInteger(from) && from > 0 ? from - (from % REPORT_PAGE) : undefined;
};
const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export interface DaySearch {
  /** Days as yyyy-mm-dd in the viewer's calendar, both inclusive. */
  fromDate?: string;
  toDate?: string;
  /** The first row's offset (pages of REPORT_PAGE). */
  from?: number;
}

export interface AuditSearch extends DaySearch {
  uId?: string;
  action?: string;
  object?: string;
}

export interface DeliverySearch extends DaySearch {
  source?: DeliverySource;
  status?: DeliveryStatus;
  channelId?: string;
  customerNumber?: string;
  messageId?: string;
}

const days = (raw: Record<string, unknown>): DaySearch => {
  const fromDate = day(raw.fromDate);
  const toDate = day(raw.toDate);
  // Days in the wrong order are dropped rather than asked for as an empty page.
  return fromDate && toDate && toDate < fromDate ? { from: offset(raw.from) } : { fromDate, toDate, from: offset(raw.from) };
};

export function validateAuditSearch(raw: Record<string, unknown>): AuditSearch {
  return defined({ uId: uuid(raw.uId), action: text(raw.action), object: text(raw.object), ...days(raw) });
}

export function validateDeliverySearch(raw: Record<string, unknown>): DeliverySearch {
  const status = typeof raw.status === 'string' ? raw.status.toUpperCase() : '';
  return defined({
    source: (DELIVERY_SOURCES as readonly unknown[]).includes(raw.source) ? (raw.source as DeliverySource) : undefined,
    status: (DELIVERY_STATUSES as readonly string[]).includes(status) ? (status as DeliveryStatus) : undefined,
    channelId: uuid(raw.channelId),
    customerNumber: text(raw.customerNumber),
    messageId: text(raw.messageId),
    ...days(raw),
  });
}
