import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../db/database.js';
import type { CheckedBatch } from './import-stream.js';

/** A custom field as the batch writes it: its key in `data`, and whether its value is a list (a multiple select). */
export interface StagedField {
  key: string;
  multiple: boolean;
}

/**
 * A batch's rows arrive by COPY (copy-text.ts) into a temporary table of the session, one column per mapped custom
 * field (v1, v2, ...) after the fixed ones; the database builds each row's `data` from them. Sending the values alone
 * keeps the fields' keys out of every line: the text is a third of what JSON would be.
 */
const stageName = (fields: number) => `customer_import_rows_${fields}`;
// `id`: a new customer's id, made by the worker (time-ordered-id.ts); an existing customer keeps its own.
const createStage = (fields: number) =>
  `create temp table if not exists ${stageName(fields)} (id uuid, p text, n text, s tsvector, w text, x text, f text, i text${Array.from({ length: fields }, (_, j) => `, v${j + 1} text`).join('')}) on commit delete rows`;

/**
 * The row's `data`: the values present, keyed by their fields' keys. Text values go through `jsonb_object` with the
 * keys of those fields as one array ($4): `jsonb_build_object` looks up every argument's type at every row, 2.3 µs a row
 * for seven fields against 0.9 (measured). A multiple select's value is a JSON list, so those fields are built by
 * `jsonb_build_object` from their keys (the parameters after that array; a function takes 100 arguments at most).
 */
function dataOf(fields: readonly StagedField[]): { sql: string; params: unknown[] } {
  if (!fields.length) return { sql: `'{}'::jsonb`, params: [] };
  const column = (f: StagedField) => `v${fields.indexOf(f) + 1}`;
  const texts = fields.filter((f) => !f.multiple);
  const lists = fields.filter((f) => f.multiple);
  const parts = texts.length ? [`jsonb_object($4::text[], array[${texts.map(column).join(', ')}]::text[])`] : [];
  const params: unknown[] = texts.length ? [texts.map((f) => f.key)] : [];
  const pairs = lists.map((f) => {
    params.push(f.key);
    return `$${params.length + 3}::text, ${column(f)}::jsonb`;
  });
  for (let k = 0; k < pairs.length; k += 50) parts.push(`jsonb_build_object(${pairs.slice(k, k + 50).join(', ')})`);
  return { sql: `jsonb_strip_nulls(${parts.join(' || ')})`, params };
}

/** A value from the file, or the stored one when the file's cell is empty or its column unmapped (null). */
const kept = (column: string) => `coalesce(nullif(excluded.${column}, ''), c.${column})`;

/**
 * $1 enterprise, $2 upload, $3 segment (or null), then `data`'s parameters (dataOf). Customers are inserted or updated by phone; an unchanged one is not
 * rewritten (a re-import writes no new row versions). A new customer joins the segment by the id its insert returns;
 * one that existed is looked up by phone (one index probe each, whatever the planner would guess about a table without
 * statistics), and joins unless already there. 'Replace Existing Records' marks every member it wrote.
 */
const writeRows = (replace: boolean, fields: readonly StagedField[], data: string) => `
  with up as (
    insert into customers as c (id, e_id, phone_number, name, data, search, whatsapp_number, twitter_id, facebook_id, insta_id, last_upload_id)
    select id, $1::uuid, p, n, ${data}, s, coalesce(w, ''), coalesce(x, ''), coalesce(f, ''), coalesce(i, ''), $2::uuid
    from ${stageName(fields.length)}
    on conflict (e_id, phone_number) do update set
      name = excluded.name, data = c.data || excluded.data, search = excluded.search,
      whatsapp_number = ${kept('whatsapp_number')}, twitter_id = ${kept('twitter_id')},
      facebook_id = ${kept('facebook_id')}, insta_id = ${kept('insta_id')},
      last_upload_id = excluded.last_upload_id, updated_at = now()
    where (c.name, c.data, c.search, c.whatsapp_number, c.twitter_id, c.facebook_id, c.insta_id)
      is distinct from (excluded.name, c.data || excluded.data, excluded.search,
        ${kept('whatsapp_number')}, ${kept('twitter_id')}, ${kept('facebook_id')}, ${kept('insta_id')})
    returning c.id, c.phone_number, c.xmax = 0 as fresh
  ), new_members as (
    insert into customer_tag_members (tag_id, customer_id, upload_id)
    select $3::uuid, id, $2::uuid from up where fresh and $3::uuid is not null
  ), old_members as (
    insert into customer_tag_members (tag_id, customer_id, upload_id)
    select $3::uuid, (select c.id from customers c where c.e_id = $1::uuid and c.phone_number = r.p), $2::uuid
    from ${stageName(fields.length)} r
    where $3::uuid is not null and not exists (select 1 from up where up.fresh and up.phone_number = r.p)
    on conflict (tag_id, customer_id) ${replace ? 'do update set upload_id = excluded.upload_id where customer_tag_members.upload_id is distinct from excluded.upload_id' : 'do nothing'}
  )
  select 1`;

const INSERT_ERRORS = `
  insert into customer_upload_errors (upload_id, line, line_str, errors)
  select $1::uuid, l, s, e from json_to_recordset($2::json) as r(l int, s text, e jsonb)
  on conflict do nothing`;

const MOVE_CHECKPOINT = `
  update customer_uploads set accepted_lines = accepted_lines + $2, error_lines = error_lines + $3, processed_lines = processed_lines + $4
  where id = $1::uuid and processed_lines = $5
  returning 1`;

interface BatchTx {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  copyIn(table: string, bytes: Uint8Array): Promise<void>;
}

const utf8 = new TextDecoder();
/** The stage tables each connection (or the embedded database) already has, by their number of value columns. */
const stages = new WeakMap<object, Set<number>>();
async function ensureStage(conn: object, fields: number, run: (text: string) => Promise<unknown>) {
  const made = stages.get(conn) ?? new Set<number>();
  if (made.has(fields)) return;
  await run(createStage(fields));
  made.add(fields);
  stages.set(conn, made);
}

/** One transaction on a connection of its own: COPY needs the driver's client, below drizzle. */
async function inTransaction(db: Db, fields: number, work: (tx: BatchTx) => Promise<void>): Promise<void> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const conn = await client.connect();
    let broken = false;
    try {
      await ensureStage(conn, fields, (text) => conn.query(text));
      await conn.query('begin');
      try {
        await work({
          query: (text, values) => conn.query(text, values),
          copyIn: (table, bytes) =>
            pipeline(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), conn.query(copyFrom(`copy ${table} from stdin`))),
        });
        await conn.query('commit');
      } catch (err) {
        await conn.query('rollback').catch(() => (broken = true));
        throw err;
      }
    } finally {
      // A connection that could not roll back is closed rather than handed to the next query mid-transaction.
      conn.release(broken);
    }
    return;
  }
  if (!(client instanceof PGlite)) throw new Error('import: unknown database client');
  await ensureStage(client, fields, (text) => client.query(text));
  await client.transaction(async (tx: Transaction) => {
    await work({
      query: (text, values) => tx.query(text, values),
      copyIn: async (table, bytes) => {
        // PGlite reads the blob once, by arrayBuffer(). A real Blob per batch kept its megabyte outside V8's view until
        // a collection the server's thread seldom needs: 1.1 GB peak RSS for a million rows instead of 0.87.
        const blob = { arrayBuffer: async () => bytes.slice().buffer } as unknown as Blob;
        await tx.query(`copy ${table} from '/dev/blob'`, [], { blob });
      },
    });
  });
}

/**
 * Writes one checked batch of an upload in one transaction: the customers (insert or update by phone), their
 * membership of the upload's segment, the rejected rows, and the upload's counts and checkpoint (the count of records
 * done, `checkpoint` before this batch). Either all of it is committed or none, so a job resumed after a crash starts
 * exactly after the last committed batch. Two batches may be written at once (import-job.ts); they commit in order.
 *
 * A phone repeated in the file was already made an error row by the worker. An empty or unmapped social profile cell
 * leaves the stored value: an import adds and corrects, it never erases. Membership: a customer already in the
 * segment is left as it is, except by a 'Replace Existing Records' upload, which marks the members it wrote so the
 * end of the import can remove the others.
 */
export async function writeBatch(
  db: Db,
  upload: { id: string; eId: string; segmentId: string | null; replace: boolean; fields: readonly StagedField[] },
  batch: CheckedBatch,
  checkpoint: number,
  previous: Promise<void>,
): Promise<void> {
  const { fields } = upload;
  await inTransaction(db, fields.length, async (tx) => {
    // The batch and its checkpoint commit together, so a commit lost to a crash is redone by the resumed job, never
    // half-kept: waiting for the disk at every batch buys nothing here. No JIT: the statement's estimated cost (a
    // table without statistics joined to a big one) made PostgreSQL compile it at every batch, 8 % of the
    // writers' CPU in a profile, for a statement that then runs in milliseconds.
    await tx.query(`select set_config('synchronous_commit', 'off', true), set_config('jit', 'off', true)`);
    if (batch.accepted) {
      await tx.copyIn(stageName(fields.length), batch.rows);
      const data = dataOf(fields);
      await tx.query(writeRows(upload.replace, fields, data.sql), [upload.eId, upload.id, upload.segmentId, ...data.params]);
    }
    if (batch.rejected) await tx.query(INSERT_ERRORS, [upload.id, utf8.decode(batch.errors)]);
    // Last, once the batch before has committed (its rows were written meanwhile, on another connection). Had it
    // failed, this one fails too, and a resumed job starts after the last batch in the file that committed. The
    // condition holds that order should two writers ever disagree.
    await previous;
    const moved = await tx.query(MOVE_CHECKPOINT, [upload.id, batch.accepted, batch.rejected, batch.records, checkpoint]);
    if (!moved.rows.length) throw new Error('import: the batch before this one was not written');
  });
}
