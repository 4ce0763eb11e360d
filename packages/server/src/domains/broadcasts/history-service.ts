import { BroadcastMessages } from '@parley/sdk/contract/broadcast-texts';
import { Codes } from '@parley/sdk/contract/envelope';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { listDefinitions } from '../customer-definitions/queries.js';
import { isUuid } from '../customers/queries.js';
import {
  eventsOf,
  findBroadcast,
  findMessage,
  listBroadcasts,
  listMessages,
  recipientsOf,
  senderOf,
  type BroadcastRow,
  type HistoryFilter,
} from './history-queries.js';
import { detail, listItem, messageItem, statusHistory } from './present.js';
import { BUILT_IN_FIELDS, fieldKey, fieldsByNameOrLabel } from './send-fields.js';

const DAY_MS = 86_400_000;
const notFound = (message: string) => new ApiError(Codes.NOT_FOUND, message, 404);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The history's date range. A bare date ('2026-11-24') is its whole (UTC) day, both ends included; an instant is taken
 * as it is — the console sends the start and the end of the viewer's own days, so "today" is the viewer's today.
 */
export function dateRange(fromDate?: string, toDate?: string): { since?: Date; until?: Date } {
  const at = (v: string) => new Date(Date.parse(DATE_ONLY.test(v) ? `${v}T00:00:00Z` : v));
  return {
    ...(fromDate ? { since: at(fromDate) } : {}),
    ...(toDate ? { until: DATE_ONLY.test(toDate) ? new Date(at(toDate).getTime() + DAY_MS - 1) : at(toDate) } : {}),
  };
}

/** `{name}`-style placeholders of an expression, in order, each once ('{ city }' names city). */
export function placeholders(expression: string): string[] {
  const names = [...expression.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!.trim());
  return [...new Set(names)];
}

export class BroadcastHistoryService {
  constructor(private readonly db: Db) {}

  async list(
    auth: AuthContext,
    q: { name?: string | undefined; fromDate?: string | undefined; toDate?: string | undefined } & Pick<HistoryFilter, 'sort' | 'dir'>,
    from: number,
    perPage: number,
  ) {
    const rows = await listBroadcasts(this.db, auth.eId, { name: q.name, sort: q.sort, dir: q.dir, ...dateRange(q.fromDate, q.toDate) }, from, perPage);
    return { broadcastList: rows.slice(0, perPage).map(listItem), more: rows.length > perPage };
  }

  async get(auth: AuthContext, id: string) {
    const b = await this.broadcast(auth, id);
    return detail(b, await recipientsOf(this.db, b));
  }

  async messages(auth: AuthContext, id: string, from: number, perPage: number) {
    const b = await this.broadcast(auth, id);
    const [rows, sender] = await Promise.all([listMessages(this.db, b, from, perPage), senderOf(this.db, b)]);
    return { message: rows.slice(0, perPage).map((m) => messageItem(m, sender)), more: rows.length > perPage };
  }

  async messageStatus(auth: AuthContext, id: string, messageId: string) {
    const b = await this.broadcast(auth, id);
    const m = isUuid(messageId) ? await findMessage(this.db, b, messageId) : null;
    if (!m) throw notFound(BroadcastMessages.messageNotFound);
    const [events, sender] = await Promise.all([eventsOf(this.db, b, m), senderOf(this.db, b)]);
    return { message: messageItem(m, sender), history: statusHistory(m, events) };
  }

  /**
   * The customer fields an expression names; every placeholder must name one, and there must be at least one. A field
   * is named by its name or by its label (`{PIN code}` as well as `{pincode}`), in any case, as the send fills it.
   */
  async expression(auth: AuthContext, expression: string) {
    const names = placeholders(expression);
    // Built-ins last, so they win a clash as they do when the send fills them in (send-fields.ts).
    const fields = [...(await listDefinitions(this.db, auth.eId)).map((d) => ({ name: d.fieldName, label: d.fieldLabel })), ...BUILT_IN_FIELDS];
    const byKey = fieldsByNameOrLabel(fields.map((f) => ({ ...f, value: f })));
    const variables = names.map((n) => byKey.get(fieldKey(n)));
    if (!variables.length || variables.some((v) => !v)) throw ApiError.field('expression', BroadcastMessages.urlVariableNotFound);
    // '{orderId}', '{orderid}' and '{Order ID}' name one field.
    return { variables: [...new Set(variables as { name: string; label: string }[])] };
  }

  private async broadcast(auth: AuthContext, id: string): Promise<BroadcastRow> {
    const b = isUuid(id) ? await findBroadcast(this.db, auth.eId, id) : null;
    if (!b) throw notFound(BroadcastMessages.notFound);
    return b;
  }
}
