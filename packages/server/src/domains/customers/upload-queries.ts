import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { CustomerCsv, ErrorRow, UploadState } from '@parley/sdk/contract/customers';
import type { Db } from '../../db/database.js';
import { customerTags, customerUploadErrors, customerUploads } from '../../db/schema.js';
import type { Runner } from './queries.js';

export type UploadRecord = typeof customerUploads.$inferSelect;

// en-US's parts in the spec's order: its short months are the spec's ('Sep'; en-GB's is 'Sept').
const PARTS = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });

/** customer-master 9: uploads show a date like '5 Jan 2024 10:30 am' (the server's time zone, TZ). */
export function completedTimeStr(at: Date | null): string {
  if (!at) return '';
  const p = Object.fromEntries(PARTS.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute} ${String(p.dayPeriod).toLowerCase()}`;
}

export function presentUpload(u: UploadRecord, segmentName: string | null): CustomerCsv {
  return {
    uploadId: u.id,
    file: { name: u.fileName },
    segmentId: u.segmentId,
    segmentName,
    replace: u.replace,
    totalLines: u.totalLines,
    acceptedLines: u.acceptedLines,
    errorLines: u.errorLines,
    processedLines: u.processedLines,
    state: u.state as UploadState,
    started: u.started,
    createdOn: u.createdAt.toISOString(),
    completedOn: u.completedAt?.toISOString() ?? null,
    completedTimeStr: completedTimeStr(u.completedAt),
    error: u.error,
  };
}

export async function findUpload(db: Runner, eId: string, id: string): Promise<UploadRecord | null> {
  const [row] = await db
    .select()
    .from(customerUploads)
    .where(and(eq(customerUploads.id, id), eq(customerUploads.eId, eId)));
  return row ?? null;
}

export async function segmentNameOf(db: Runner, segmentId: string | null): Promise<string | null> {
  if (!segmentId) return null;
  const [row] = await db.select({ name: customerTags.name }).from(customerTags).where(eq(customerTags.id, segmentId));
  return row?.name ?? null;
}

export async function listUploads(
  db: Db,
  eId: string,
  f: { segmentId?: string | undefined; fromDate?: Date | undefined; toDate?: Date | undefined },
  from: number,
  perPage: number,
) {
  return db
    .select({ upload: customerUploads, segmentName: customerTags.name })
    .from(customerUploads)
    .leftJoin(customerTags, eq(customerTags.id, customerUploads.segmentId))
    .where(
      and(
        eq(customerUploads.eId, eId),
        f.segmentId ? eq(customerUploads.segmentId, f.segmentId) : undefined,
        f.fromDate ? gte(customerUploads.createdAt, f.fromDate) : undefined,
        f.toDate ? lte(customerUploads.createdAt, f.toDate) : undefined,
      ),
    )
    .orderBy(desc(customerUploads.createdAt), desc(customerUploads.id))
    .limit(perPage + 1)
    .offset(from);
}

/** One page of an upload's rejected rows in file order; `search` matches the row's text or a message. */
export function listErrors(db: Db, uploadId: string, from: number, perPage: number, search?: string): Promise<ErrorRow[]> {
  const term = search?.trim().toLowerCase();
  return db
    .select({ line: customerUploadErrors.line, lineStr: customerUploadErrors.lineStr, errors: customerUploadErrors.errors })
    .from(customerUploadErrors)
    .where(
      and(
        eq(customerUploadErrors.uploadId, uploadId),
        term
          ? sql`(strpos(lower(${customerUploadErrors.lineStr}), ${term}) > 0 or strpos(lower(${customerUploadErrors.errors}::text), ${term}) > 0)`
          : undefined,
      ),
    )
    .orderBy(asc(customerUploadErrors.line))
    .limit(perPage + 1)
    .offset(from);
}
