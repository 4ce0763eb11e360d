import { z } from 'zod';

/**
 * The deepest row a page may start at. An offset is paid for by reading and dropping every row before it: at 6.8 M
 * customers a page at `from=6500000` took 4-8 s, and on the embedded database (one connection, which cannot cancel a
 * statement) every other request waited behind it. Ten thousand rows cost milliseconds; deeper, a list is narrowed by
 * its filters, or (the customer list) followed with its cursor, which costs the same at any depth.
 */
export const MAX_PAGE_OFFSET = 10_000;

export const PagingMessages = {
  tooDeep: `Pages start at most ${MAX_PAGE_OFFSET} rows in; narrow the search to reach older rows`,
  tooDeepCustomers: `Pages start at most ${MAX_PAGE_OFFSET} rows in; narrow the search, or follow nextCursor to go further`,
  badCursor: 'This cursor is not valid; start again from the first page',
} as const;

/** `from`: the offset of a page's first row, 0 to MAX_PAGE_OFFSET (1400 on `from` beyond it). */
/**
 * A list's header sort, `sort` (a column) and `dir` (`asc`, `desc`; ascending by default). Not in the specs, whose
 * lists come newest first; without `sort` they still do. Sorting on the server orders every page, not the one shown.
 */
export const listSort = <K extends string>(columns: readonly [K, ...K[]]) => ({
  sort: z.enum(columns).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});
export interface ListSort<K extends string> {
  sort?: K | undefined;
  dir?: 'asc' | 'desc' | undefined;
}

export const pageFrom = (message: string = PagingMessages.tooDeep) => z.coerce.number().int().min(0).max(MAX_PAGE_OFFSET, { error: message }).default(0);
