import { sql } from 'drizzle-orm';
import { CustomerMessages, SOCIAL_FIELDS } from '@parley/sdk/contract/customers';
import type { Db } from '../../db/database.js';
import type { BadRow, GoodRow } from './import-rows.js';

export interface BatchResult {
  accepted: number;
  errors: number;
}

/**
 * Writes one batch of an upload in one transaction: the customers (insert or update by phone), their membership of
 * the upload's segment, the rejected rows, and the upload's counts and checkpoint. Either all of it is committed or
 * none, so a job resumed after a crash starts exactly after the last committed batch.
 *
 * An empty or unmapped social profile cell leaves the stored value: an import adds and corrects, it never erases.
 *
 * A phone number seen twice in one file: the first row wins. Within a batch that is decided here; across batches the
 * customer's `last_upload_id` tells that this upload already wrote it (the update's WHERE skips it and RETURNING
 * leaves it out), and the row becomes an error row.
 */
export async function writeBatch(db: Db, upload: { id: string; eId: string; segmentId: string | null }, good: GoodRow[], bad: BadRow[], records: number): Promise<BatchResult> {
  const seen = new Map<string, GoodRow>();
  const rejected = [...bad];
  for (const row of good) {
    if (seen.has(row.phone)) rejected.push({ line: row.line, lineStr: row.lineStr, errors: [{ message: CustomerMessages.repeatedPhone }] });
    else seen.set(row.phone, row);
  }
  const rows = [...seen.values()];
  return db.transaction(async (tx) => {
    // The batch and its checkpoint commit together, so a commit lost to a crash is redone by the resumed job, never
    // half-kept: waiting for the disk at every batch buys nothing here.
    await tx.execute(sql`set local synchronous_commit = off`);
    let written = new Set<string>();
    if (rows.length) {
      const social = (f: (typeof SOCIAL_FIELDS)[number]) => sql.param(rows.map((r) => r.social[f]));
      const result = await tx.execute(sql`
        with input as (
          select * from unnest(${sql.param(rows.map((r) => r.phone))}::text[], ${sql.param(rows.map((r) => r.name))}::text[],
            ${sql.param(rows.map((r) => JSON.stringify(r.data)))}::jsonb[], ${sql.param(rows.map((r) => r.searchText))}::text[],
            ${social('whatsAppNumber')}::text[], ${social('twitterId')}::text[], ${social('facebookId')}::text[], ${social('instaId')}::text[])
            as t(phone, name, data, search, whatsapp, twitter, facebook, insta)
        ), up as (
          insert into customers as c (e_id, phone_number, name, data, search_text, whatsapp_number, twitter_id, facebook_id, insta_id, last_upload_id)
          select ${upload.eId}::uuid, phone, name, data, search, coalesce(whatsapp, ''), coalesce(twitter, ''), coalesce(facebook, ''), coalesce(insta, ''), ${upload.id}::uuid
          from input
          on conflict (e_id, phone_number) do update set
            name = excluded.name, data = c.data || excluded.data, search_text = excluded.search_text,
            whatsapp_number = case when excluded.whatsapp_number = '' then c.whatsapp_number else excluded.whatsapp_number end,
            twitter_id = case when excluded.twitter_id = '' then c.twitter_id else excluded.twitter_id end,
            facebook_id = case when excluded.facebook_id = '' then c.facebook_id else excluded.facebook_id end,
            insta_id = case when excluded.insta_id = '' then c.insta_id else excluded.insta_id end,
            last_upload_id = excluded.last_upload_id, updated_at = now()
          where c.last_upload_id is distinct from excluded.last_upload_id
          returning c.id, c.phone_number
        ), members as (
          insert into customer_tag_members (tag_id, customer_id, upload_id)
          select ${upload.segmentId}::uuid, id, ${upload.id}::uuid from up where ${upload.segmentId}::uuid is not null
          on conflict (tag_id, customer_id) do update set upload_id = excluded.upload_id
        )
        select phone_number from up`);
      written = new Set(((result as unknown as { rows: { phone_number: string }[] }).rows ?? []).map((r) => r.phone_number));
      for (const r of rows) if (!written.has(r.phone)) rejected.push({ line: r.line, lineStr: r.lineStr, errors: [{ message: CustomerMessages.repeatedPhone }] });
    }
    if (rejected.length) {
      await tx.execute(sql`
        insert into customer_upload_errors (upload_id, line, line_str, errors)
        select ${upload.id}::uuid, line, line_str, errors
        from unnest(${sql.param(rejected.map((r) => r.line))}::int[], ${sql.param(rejected.map((r) => r.lineStr))}::text[], ${sql.param(rejected.map((r) => JSON.stringify(r.errors)))}::jsonb[]) as t(line, line_str, errors)
        on conflict do nothing`);
    }
    const accepted = written.size;
    await tx.execute(sql`
      update customer_uploads set accepted_lines = accepted_lines + ${accepted}, error_lines = error_lines + ${rejected.length},
        processed_lines = processed_lines + ${records}
      where id = ${upload.id}::uuid`);
    return { accepted, errors: rejected.length };
  });
}
