import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListSort } from '@parley/sdk/contract/paging';

/** A text column ordered as a reader expects a name list: case does not split 'alpha' from 'Beta'. */
export const byText = (column: AnyColumn): SQL => sql`lower(${column})`;

/**
 * The ORDER BY of a list with a header sort: the chosen column in its direction, then the row id so that pages do not
 * overlap or skip rows that tie; without `sort`, the list's own order (newest first in every spec'd list).
 */
export function listOrder<K extends string>(s: ListSort<K>, columns: Record<K, AnyColumn | SQL>, id: AnyColumn, otherwise: SQL[]): SQL[] {
  if (!s.sort) return otherwise;
  const direction = s.dir === 'desc' ? desc : asc;
  return [direction(columns[s.sort]), direction(id)];
}
