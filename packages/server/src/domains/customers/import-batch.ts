import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/database.js';
import type { CheckedBatch } from './import-stream.js';

/** A value from the file, or the stored one when the file's cell is empty or its column unmapped (null). */
const kept = (column: string) => sql.raw(`coalesce(nullif(excluded.${column}, ''), c.${column})`);

const utf8 = new TextDecoder();

/**
 * A batch's JSON as a parameter. node-postgres sends bytes as they are (json's binary form is its text), so the
 * server's heap never holds the text; PGlite takes a string.
 */
function jsonParam(db: Db, bytes: Uint8Array): Buffer | string {
  return (db as { $client?: unknown }).$client instanceof pg.Pool ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : utf8.decode(bytes);
}

/**
 * Writes one checked batch of an upload in one transaction: the customers (insert or update by phone), their
 * membership of the upload's segment, the rejected rows, and the upload's counts and checkpoint (the count of records
 * done, `checkpoint` before this batch). Either all of it is committed or none, so a job resumed after a crash starts
 * exactly after the last committed batch. Two batches may be written at once (import-job.ts); they commit in order.
 *
 * Rows arrive as one JSON text (json_to_recordset): one parameter instead of a dozen arrays, made in the import's
 * worker thread. A phone repeated in the file was already made an error row there.
 *
 * An empty or unmapped social profile cell leaves the stored value: an import adds and corrects, it never erases. A
 * customer whose values would not change is not rewritten (a re-import of the same file writes no new row versions).
 * Membership: a customer already in the segment is left as it is, except by a 'Replace Existing Records' upload,
 * which marks the members it wrote so the end of the import can remove the others.
 */
export async function writeBatch(db: Db, upload: { id: string; eId: string; segmentId: string | null; replace: boolean }, batch: CheckedBatch, checkpoint: number, previous: Promise<void>): Promise<void> {
  const seg = sql`${upload.segmentId}::uuid`;
  const onMember = upload.replace
    ? sql`do update set upload_id = excluded.upload_id where customer_tag_members.upload_id is distinct from excluded.upload_id`
    : sql`do nothing`;
  await db.transaction(async (tx) => {
    // The batch and its checkpoint commit together, so a commit lost to a crash is redone by the resumed job, never
    // half-kept: waiting for the disk at every batch buys nothing here.
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`
      with input as (
        select * from json_to_recordset(${jsonParam(db, batch.rows)}::json) as r(p text, n text, d jsonb, s text, w text, x text, f text, i text)
      ), up as (
        insert into customers as c (e_id, phone_number, name, data, search_text, whatsapp_number, twitter_id, facebook_id, insta_id, last_upload_id)
        select ${upload.eId}::uuid, p, n, d, s, coalesce(w, ''), coalesce(x, ''), coalesce(f, ''), coalesce(i, ''), ${upload.id}::uuid
        from input
        on conflict (e_id, phone_number) do update set
          name = excluded.name, data = c.data || excluded.data, search_text = excluded.search_text,
          whatsapp_number = ${kept('whatsapp_number')}, twitter_id = ${kept('twitter_id')},
          facebook_id = ${kept('facebook_id')}, insta_id = ${kept('insta_id')},
          last_upload_id = excluded.last_upload_id, updated_at = now()
        where (c.name, c.data, c.search_text, c.whatsapp_number, c.twitter_id, c.facebook_id, c.insta_id)
          is distinct from (excluded.name, c.data || excluded.data, excluded.search_text,
            ${kept('whatsapp_number')}, ${kept('twitter_id')}, ${kept('facebook_id')}, ${kept('insta_id')})
        returning c.id
      ), ids as (
        -- New customers come from the insert; existing ones, rewritten or not, from the statement's snapshot.
        select id from up
        union
        select c.id from customers c join input on c.e_id = ${upload.eId}::uuid and c.phone_number = input.p
      ), members as (
        insert into customer_tag_members (tag_id, customer_id, upload_id)
        select ${seg}, id, ${upload.id}::uuid from ids where ${seg} is not null
        on conflict (tag_id, customer_id) ${onMember}
      ), rejected as (
        insert into customer_upload_errors (upload_id, line, line_str, errors)
        select ${upload.id}::uuid, l, s, e from json_to_recordset(${jsonParam(db, batch.errors)}::json) as r(l int, s text, e jsonb)
        on conflict do nothing
      )
      select 1`);
    // Last, once the batch before has committed (its rows were written meanwhile, on another connection). Had it
    // failed, this one fails too, and a resumed job starts after the last batch in the file that committed. The
    // condition holds that order should two writers ever disagree.
    await previous;
    const moved = await tx.execute(sql`
      update customer_uploads set accepted_lines = accepted_lines + ${batch.accepted}, error_lines = error_lines + ${batch.rejected},
        processed_lines = processed_lines + ${batch.records}
      where id = ${upload.id}::uuid and processed_lines = ${checkpoint}
      returning 1`);
    if (!(moved as unknown as { rows: unknown[] }).rows.length) throw new Error('import: the batch before this one was not written');
  });
}
