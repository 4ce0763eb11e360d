import { z } from 'zod';
import { MAX_PAGE_OFFSET } from '@parley/sdk/contract/paging';

/*
 * The pieces of a list's URL search (page, name, sort). These schemas live in the lazily loaded screens, never in the
 * route definitions: the routes are in the first bundle, and zod's object schemas would grow what /login loads.
 */

/** A value that fails its schema is dropped, so a hand-edited URL opens the list with its defaults, never an error. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** The router reads `?name=123` as the number 123: a name is any string or number, trimmed, at most 100 characters. */
export const nameParam = lenient(z.union([z.string(), z.number()]).transform((v) => String(v).trim().slice(0, 100) || undefined));

/** The first row's offset, rounded down to a page start; the first page is no parameter at all. */
export const fromParam = (page: number) =>
  lenient(
    z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_PAGE_OFFSET)
      .transform((n) => n - (n % page) || undefined),
  );

export const sortParams = <K extends string>(columns: readonly [K, ...K[]]) => ({
  sort: lenient(z.enum(columns)),
  dir: lenient(z.enum(['asc', 'desc'])),
});

/** Spectrum's TableView sort (its SortDescriptor), which the URL keeps as `sort` and `dir`. */
export interface TableSort {
  column: string | number;
  direction: 'ascending' | 'descending';
}

export interface SortSearch {
  sort?: string;
  dir?: 'asc' | 'desc';
}

export const tableSort = ({ sort, dir }: SortSearch): TableSort | undefined =>
  sort ? { column: sort, direction: dir === 'desc' ? 'descending' : 'ascending' } : undefined;

/** The URL's `sort` and `dir` for a header the table sorted by; ascending is the default and no parameter. */
export const sortSearch = <K extends string>({ column, direction }: TableSort, keys: Record<K, unknown>) => ({
  sort: String(column) in keys ? (String(column) as K) : undefined,
  dir: direction === 'descending' ? ('desc' as const) : undefined,
});

/** A server-sorted list's columns as `sortSearch` takes them: the contract's own list of sorts. */
export const sortKeys = <K extends string>(columns: readonly K[]) => Object.fromEntries(columns.map((c) => [c, true])) as Record<K, true>;

/** The list API's `sort` and `dir` for the URL's: the server orders every page (no sort: its newest first). */
export const sortQuery = <K extends string>(sort: K | undefined, dir: 'asc' | 'desc' | undefined) => (sort ? { sort, ...(dir ? { dir } : {}) } : {});

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * A list that comes whole (departments) in the table's order; no sort keeps the server's order, and ties keep it
 * too (the sort is stable). Paged lists sort on the server instead: sorting one page would misorder the next.
 */
export function sortRows<T>(rows: readonly T[], sort: TableSort | undefined, keys: Record<string, (row: T) => string>): T[] {
  const key = sort && keys[String(sort.column)];
  if (!key || !sort) return [...rows];
  const sign = sort.direction === 'descending' ? -1 : 1;
  return [...rows].sort((a, b) => sign * collator.compare(key(a), key(b)));
}

/** `parse` for a list's search schema: the parsed values without the absent ones, so URLs and tests stay short. */
export const searchParser =
  <S extends z.ZodType<object>>(schema: S) =>
  (raw: unknown): z.output<S> => {
    const parsed = schema.safeParse(raw);
    // Each field falls back by itself; only a search that is no object at all fails, and that is an empty search.
    const values: object = parsed.success ? parsed.data : {};
    return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as z.output<S>;
  };
