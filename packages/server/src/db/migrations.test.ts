import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('../../drizzle/', import.meta.url));
const journal = JSON.parse(readFileSync(`${folder}meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] };
const run = async (db: PGlite, tag: string) => {
  for (const statement of readFileSync(`${folder}${tag}.sql`, 'utf8').split('--> statement-breakpoint')) await db.exec(statement);
};
/** A new database with every migration before `tag` applied. */
const before = async (tag: string) => {
  const db = new PGlite();
  const tags = journal.entries.map((e) => e.tag);
  for (const t of tags.slice(0, tags.indexOf(tag))) await run(db, t);
  return db;
};

describe('migration 0016: stored search words', () => {
  it("gives every customer saved before it the words a search now asks for, PostgreSQL's and those cut at every non-letter", async () => {
    const db = await before('0016_search_words');
    const eId = '00000000-0000-4000-8000-000000000001';
    await db.query(`insert into enterprises (id, name) values ($1, 'E')`, [eId]);
    await db.query(
      `insert into customers (e_id, name, phone_number, search_text) values ($1, 'Asha', '+911', 'asha rao asha.0@example.com jean-luc josé'), ($1, 'B', '+912', '')`,
      [eId],
    );

    await run(db, '0016_search_words');
    const found = async (q: string) =>
      (await db.query<{ phone_number: string }>('select phone_number from customers where search @@ $1::tsquery', [q])).rows.map((r) => r.phone_number);
    for (const q of [`'asha'`, `'rao'`, `'example'`, `'exam':*`, `'com'`, `'luc'`, `'jean'`, `'josé'`]) expect(await found(q), q).toEqual(['+911']);
    expect((await db.query<{ search: string }>(`select search from customers where phone_number = '+912'`)).rows[0]!.search).toBe('');
    const columns = (await db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'customers'`)).rows.map(
      (r) => r.column_name,
    );
    expect(columns).toContain('search');
    expect(columns).not.toContain('search_text');
    await db.close();
  }, 60_000);
});

describe('migration 0017: short keys for custom field values', () => {
  it("moves every stored value to its field's new key, keeps a deleted field's value out of the way, and keeps enterprises apart", async () => {
    const db = await before('0017_short_data_keys');
    const e1 = '00000000-0000-4000-8000-000000000001';
    const e2 = '00000000-0000-4000-8000-000000000002';
    const city = '10000000-0000-4000-8000-000000000001';
    const tier = '10000000-0000-4000-8000-000000000002';
    const gone = '10000000-0000-4000-8000-000000000003';
    for (const eId of [e1, e2]) await db.query(`insert into enterprises (id, name) values ($1, 'E')`, [eId]);
    for (const [id, eId, name, index] of [
      [city, e1, 'city', 0],
      [tier, e2, 'tier', 0],
    ] as const) {
      await db.query(
        `insert into customer_attribute_definitions (id, e_id, field_name, field_label, field_type, field_help_text, index) values ($1, $2, $3, $3, 'text', '', $4)`,
        [id, eId, name, index],
      );
    }
    const add = (eId: string, phone: string, data: object) =>
      db.query(`insert into customers (e_id, name, phone_number, data) values ($1, 'C', $2, $3)`, [eId, phone, JSON.stringify(data)]);
    await add(e1, '+911', { [city]: 'Pune', [gone]: 'left behind' });
    // A value under another enterprise's field id stays where it is: a definition applies to its own enterprise only.
    await add(e2, '+912', { [tier]: 'Gold', [city]: 'Delhi' });
    await add(e1, '+913', {});

    await run(db, '0017_short_data_keys');
    const keys = new Map(
      (await db.query<{ id: string; data_key: string }>('select id, data_key from customer_attribute_definitions')).rows.map((r) => [r.id, r.data_key]),
    );
    expect(new Set(keys.values()).size).toBe(2);
    const data = async (phone: string) => (await db.query<{ data: object }>('select data from customers where phone_number = $1', [phone])).rows[0]!.data;
    expect(await data('+911')).toEqual({ [keys.get(city)!]: 'Pune', [gone]: 'left behind' });
    expect(await data('+912')).toEqual({ [keys.get(tier)!]: 'Gold', [city]: 'Delhi' });
    expect(await data('+913')).toEqual({});
    // A field made later never takes a key given before.
    await db.query(
      `insert into customer_attribute_definitions (e_id, field_name, field_label, field_type, field_help_text, index) values ($1, 'pin', 'Pin', 'text', '', 1)`,
      [e1],
    );
    const newest = (await db.query<{ data_key: string }>(`select data_key from customer_attribute_definitions where field_name = 'pin'`)).rows[0]!.data_key;
    expect([...keys.values()]).not.toContain(newest);
    await db.close();
  }, 60_000);
});
