import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { customerGroupMembers, customerGroups, customers, customerTagMembers, customerTags } from '../../db/schema.js';
import { searchWords } from './search-words.js';

export type CustomerRecord = typeof customers.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Db | Tx;

/**
 * A search box's words as full-text terms, the last word a prefix ('asha ra' → 'asha', 'ra:*'), as a search-as-you-type
 * box reads them: the words before the last are finished. Digits typed in groups are one number ('98765 43210' →
 * '9876543210:*'). Words are cut as a customer's are when saved (search-words.ts), so what was stored is what is
 * found. A finished word is one entry of the index; a prefix unions every entry it starts, which costs tens of
 * milliseconds at a million customers for a common one, so only the word being typed is read that way.
 */
export function searchTerms(term: string | undefined): string[] | null {
  const words: string[] = [];
  for (const w of searchWords(term ?? '')) {
    const last = words.length - 1;
    if (last >= 0 && /^\d+$/.test(w) && /^\d+$/.test(words[last]!)) words[last] += w;
    else words.push(w);
  }
  if (!words.length) return null;
  const kept = words.slice(0, 8);
  return kept.map((w, i) => (i === kept.length - 1 ? `${w}:*` : w));
}

/**
 * The terms as a tsquery literal ("'asha' & 'ra':*"), read by the cast without PostgreSQL's parser. Words hold only
 * letters, marks and digits, so quoting each is all it takes for a user's text never to be read as query syntax.
 */
const quoted = (t: string) => (t.endsWith(':*') ? `'${t.slice(0, -2)}':*` : `'${t}'`);
const tsquery = (terms: string[]) => terms.map(quoted).join(' & ');
export const searchQuery = (term: string | undefined) => {
  const terms = searchTerms(term);
  return terms ? tsquery(terms) : null;
};

const ASCII_DIGITS = /^[0-9]+$/;
const textMatches = (terms: string[]) => sql`search @@ ${tsquery(terms)}::tsquery`;

/**
 * What a search matches, on the columns of `customers` (unqualified: it also filters a subquery of them). Words go
 * to the full-text index. A number is the first digits of a phone number, in full ('9198…' or '+91 98…') or
 * national in the enterprise's country ('98…', with `callingCode` 91), read from the phone key; or a number in a
 * searchable field (a pincode), read from the full-text index. The digits are inlined, never a parameter, so that
 * the planner sees the prefix and reads the key's range (they are ASCII digits by construction).
 */
export function searchCondition(term: string | undefined, callingCode: string): SQL | undefined {
  const terms = searchTerms(term);
  if (!terms) return undefined;
  const isNumber = (t: string) => ASCII_DIGITS.test(t.replace(/:\*$/, ''));
  const words = terms.filter((t) => !isNumber(t));
  const parts: SQL[] = words.length ? [textMatches(words)] : [];
  for (const t of terms.filter(isNumber)) {
    const digits = t.replace(/:\*$/, '');
    const prefixes = [`+${digits}%`, ...(ASCII_DIGITS.test(callingCode) ? [`+${callingCode}${digits}%`] : [])];
    parts.push(
      sql`(${textMatches([t])} or ${sql.join(
        prefixes.map((p) => sql.raw(`phone_number like '${p}'`)),
        sql` or `,
      )})`,
    );
  }
  return and(...parts);
}

export interface ListFilter {
  search?: string | undefined;
  /** The enterprise's country calling code: a number typed without it is national ('98…' for '+9198…'). */
  callingCode?: string | undefined;
  tags?: string[] | undefined;
  groups?: string[] | undefined;
}

const memberFilters = (f: ListFilter) => [
  f.tags?.length ? sql`exists (select 1 from ${customerTagMembers} m where m.customer_id = ${customers.id} and m.tag_id in ${f.tags})` : undefined,
  f.groups?.length ? sql`exists (select 1 from ${customerGroupMembers} m where m.customer_id = ${customers.id} and m.group_id in ${f.groups})` : undefined,
];
/** Newest first; NULLS LAST as the index read backwards has it (the columns are never null), so the index gives the order. */
const newestFirst = [sql`${customers.createdAt} desc nulls last`, sql`${customers.id} desc nulls last`];
/** A row's place in that order, exactly: created_at in microseconds (a JavaScript Date keeps only milliseconds). */
const placeOf = sql<string>`(extract(epoch from ${customers.createdAt}) * 1000000)::bigint::text`;
const columns = { id: customers.id, name: customers.name, phoneNumber: customers.phoneNumber, data: customers.data, at: placeOf };
export type ListedCustomer = { id: string; name: string; phoneNumber: string; data: Record<string, string | string[]>; at: string };

/** Where a page ends in the list's order: its last row's created_at (microseconds since 1970) and id. */
export interface ListPlace {
  at: string;
  id: string;
}

/**
 * The rows after a place, newest first. Many customers share a created_at (an import's batch, a millisecond), so the id
 * breaks ties, as in the order. A row comparison is one range of the (e_id, created_at, id) index: a page after the
 * millionth customer costs what the first does, where an offset reads and drops every row before it.
 */
const after = (p: ListPlace) =>
  sql`(${customers.createdAt}, ${customers.id}) < (timestamptz 'epoch' + ${p.at}::bigint * interval '1 microsecond', ${p.id}::uuid)`;

/** How many of the newest customers a search reads before it asks the full-text index instead. */
const RECENT_WINDOW = 3000;

/**
 * One page, newest first; one row more than asked tells whether there is a next page. A search first reads the
 * newest customers in index order and keeps those that match: a common word (a first name, a city) fills the page
 * from a few thousand rows. When it does not, the word is rare enough for the full-text index to find every match
 * quickly, and those are sorted. Either way a million customers are never read to answer one page.
 */
export async function listCustomers(db: Db, eId: string, f: ListFilter, from: number, perPage: number, start?: ListPlace): Promise<ListedCustomer[]> {
  const q = searchCondition(f.search, f.callingCode ?? '');
  const since = start ? after(start) : undefined;
  const where = and(eq(customers.eId, eId), ...memberFilters(f), since, q)!;
  const page = (runner: Runner) =>
    runner
      .select(columns)
      .from(customers)
      .where(where)
      .orderBy(...newestFirst)
      .limit(perPage + 1)
      .offset(from);
  if (!q) return page(db);
  const recent = await db.execute(sql`
    select id, name, phone_number as "phoneNumber", data, (extract(epoch from created_at) * 1000000)::bigint::text as at from (
      select id, name, phone_number, data, search, created_at from ${customers}
      where ${and(eq(customers.eId, eId), ...memberFilters(f), since)}
      order by created_at desc nulls last, id desc nulls last limit ${RECENT_WINDOW}
    ) recent
    where ${q}
    order by created_at desc nulls last, id desc nulls last
    limit ${perPage + 1} offset ${from}`);
  const rows = (recent as unknown as { rows: ListedCustomer[] }).rows;
  if (rows.length > perPage) return rows;
  // Rare words: every match from the full-text index and the phone key (a bitmap scan, forced: the planner cannot tell
  // how many a prefix matches and would walk the whole table in order), then sorted.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    // Room for an exact bitmap of two common words' matches: a lossy one rechecks every row of its pages (seconds).
    await tx.execute(sql`set local work_mem = '64MB'`);
    // A segment filter is checked per match through its index, never by hashing a segment of a million members.
    await tx.execute(sql`set local enable_hashjoin = off`);
    await tx.execute(sql`set local enable_mergejoin = off`);
    return page(tx);
  });
}

/** Every customer of the enterprise, segmented or not, counted over its one range of the (e_id, created_at, id) index. */
export async function countCustomers(db: Runner, eId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers).where(eq(customers.eId, eId));
  return Number(row?.n ?? 0);
}

export async function findCustomer(db: Runner, eId: string, id: string): Promise<CustomerRecord | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.eId, eId), eq(customers.id, id)));
  return row ?? null;
}

export async function phoneTaken(db: Runner, eId: string, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.eId, eId), eq(customers.phoneNumber, phone)))
    .limit(1);
  return Boolean(row);
}

export type SegmentKind = 'tag' | 'group';
const tables = {
  tag: { table: customerTags, members: customerTagMembers, key: customerTagMembers.tagId },
  group: { table: customerGroups, members: customerGroupMembers, key: customerGroupMembers.groupId },
} as const;

/** The segments (or groups) of these customers, by customer id, by name. */
async function namedMemberships(db: Runner, kind: SegmentKind, ids: string[]) {
  const { table, members, key } = tables[kind];
  const byCustomer = new Map<string, { id: string; name: string }[]>();
  if (!ids.length) return byCustomer;
  const rows = await db
    .select({ customerId: members.customerId, id: table.id, name: table.name })
    .from(members)
    .innerJoin(table, eq(table.id, key))
    .where(inArray(members.customerId, ids))
    .orderBy(asc(table.name));
  for (const r of rows) byCustomer.set(r.customerId, [...(byCustomer.get(r.customerId) ?? []), { id: r.id, name: r.name }]);
  return byCustomer;
}

/** The segments and groups of these customers, by customer id. */
export async function membershipsOf(db: Runner, ids: string[]) {
  return { tags: await namedMemberships(db, 'tag', ids), groups: await namedMemberships(db, 'group', ids) };
}

/** Segments or groups with their member counts, by name; `search` matches anywhere in the name. */
export async function listSegments(db: Runner, kind: SegmentKind, eId: string, search?: string) {
  const { table, members, key } = tables[kind];
  const term = search?.trim();
  return db
    .select({ id: table.id, name: table.name, count: sql<number>`(select ${count()} from ${members} where ${key} = ${table.id})::int` })
    .from(table)
    .where(and(eq(table.eId, eId), term ? sql`strpos(lower(${table.name}), lower(${term})) > 0` : undefined))
    .orderBy(asc(table.createdAt), asc(table.id));
}

export async function insertSegment(db: Runner, kind: SegmentKind, eId: string, name: string) {
  const { table } = tables[kind];
  const [row] = await db.insert(table).values({ eId, name }).onConflictDoNothing().returning({ id: table.id, name: table.name });
  return row ?? null;
}

/** Which of `ids` are segments (or groups) of the enterprise. */
export async function ownSegments(db: Runner, kind: SegmentKind, eId: string, ids: string[]): Promise<Set<string>> {
  const { table } = tables[kind];
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.eId, eId), inArray(table.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Which of `ids` are customers of the enterprise. */
export async function ownCustomers(db: Runner, eId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.eId, eId), inArray(customers.id, ids)));
  return rows.map((r) => r.id);
}

export async function addMembers(db: Runner, kind: SegmentKind, segmentIds: string[], customerIds: string[]) {
  if (!segmentIds.length || !customerIds.length) return;
  const pairs = segmentIds.flatMap((s) => customerIds.map((c) => ({ s, c })));
  if (kind === 'tag')
    await db
      .insert(customerTagMembers)
      .values(pairs.map(({ s, c }) => ({ tagId: s, customerId: c })))
      .onConflictDoNothing();
  else
    await db
      .insert(customerGroupMembers)
      .values(pairs.map(({ s, c }) => ({ groupId: s, customerId: c })))
      .onConflictDoNothing();
}

/** Makes the customer's segments (or groups) exactly `segmentIds`. */
export async function setMembers(tx: Tx, kind: SegmentKind, customerId: string, segmentIds: string[]) {
  const { members, key } = tables[kind];
  await tx.delete(members).where(and(eq(members.customerId, customerId), segmentIds.length ? sql`${key} not in ${segmentIds}` : undefined));
  await addMembers(tx, kind, segmentIds, [customerId]);
}

export const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
