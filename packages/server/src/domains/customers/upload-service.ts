import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { CustomerMessages, CustomerLimits, type CustomerCsv } from '@parley/sdk/contract/customers';
import { customerUploads } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { csvHeader } from './csv-records.js';
import { RecordCounter } from './import-count.js';
import { IMPORT_JOB, publishUpload, type ImportDeps } from './import-job.js';
import { planColumns, systemHeaders } from './import-rows.js';
import { isUuid, ownSegments } from './queries.js';
import { fieldRules } from './service.js';
import { findUpload, listErrors, listUploads, presentUpload, segmentNameOf } from './upload-queries.js';

/** Uploads (customer-master 4): store the file and read its header, then start the import with the mapping. */
export class UploadService {
  constructor(private readonly deps: ImportDeps) {}

  private async segment(auth: AuthContext, segmentId: string) {
    const own = isUuid(segmentId) ? await ownSegments(this.deps.db, 'tag', auth.eId, [segmentId]) : new Set<string>();
    if (!own.has(segmentId)) throw ApiError.field('segmentId', CustomerMessages.unknownSegment);
  }

  /**
   * Stores an uploaded file's bytes under a new key (before its other form fields may have arrived), counting its
   * records on the way: the progress bar's total is known before the import starts, without reading the file again.
   */
  async store(auth: AuthContext, file: Readable): Promise<{ key: string; records: number }> {
    const key = `customer-uploads/${auth.eId}/${randomUUID()}.csv`;
    const counter = new RecordCounter();
    // A generator rather than a piped transform, so an error of the upload's stream reaches the store's pipeline.
    const counted = Readable.from(
      (async function* () {
        for await (const chunk of file) {
          counter.push(chunk as Buffer);
          yield chunk as Buffer;
        }
      })(),
    );
    await this.deps.files.write(key, counted);
    return { key, records: counter.total() };
  }

  discard(key: string) {
    return this.deps.files.remove(key);
  }

  /** The first call: the file is stored, its header row read; nothing is imported until the mapping comes. */
  async receive(auth: AuthContext, fileName: string, stored: { key: string; records: number }, segmentId: string, replace: boolean) {
    const { key } = stored;
    await this.segment(auth, segmentId).catch(async (err: unknown) => {
      await this.discard(key);
      throw err;
    });
    const headers = await csvHeader(this.deps.files.read(key));
    const problem = !headers || headers.every((h) => h === '') ? CustomerMessages.emptyFile : headers.length > CustomerLimits.csvColumns ? CustomerMessages.tooManyColumns : duplicateOf(headers);
    if (problem) {
      await this.deps.files.remove(key);
      throw ApiError.field('file', problem);
    }
    const [row] = await this.deps.db
      .insert(customerUploads)
      .values({ eId: auth.eId, segmentId, fileName: fileName.slice(0, 255), storageKey: key, replace, userHeaders: headers!, totalLines: stored.records, createdBy: auth.embedKey ? null : auth.uId })
      .returning();
    const rules = await fieldRules(this.deps.db, auth.eId);
    return { uploadId: row!.id, parsedHeaders: { systemHeaders: systemHeaders(rules), userHeaders: headers! } };
  }

  /** The second call: checks the mapping, records it and queues the import (once: a repeated call is refused). */
  async start(auth: AuthContext, input: { uploadId: string; headerMapping: { src: string; des: string }[]; replace?: boolean | undefined; segmentId?: string | undefined }): Promise<CustomerCsv> {
    const upload = isUuid(input.uploadId) ? await findUpload(this.deps.db, auth.eId, input.uploadId) : null;
    if (!upload) throw ApiError.notFound();
    if (upload.started) throw ApiError.conflict(CustomerMessages.alreadyStarted);
    const segmentId = input.segmentId || upload.segmentId;
    if (segmentId && segmentId !== upload.segmentId) await this.segment(auth, segmentId);
    const plan = planColumns(upload.userHeaders, input.headerMapping, await fieldRules(this.deps.db, auth.eId));
    if ('errors' in plan) throw new ApiError(ApiError.validation([]).code, plan.errors[0]!, 400, plan.errors.map((message) => ({ field: 'headerMapping', message })));
    const [row] = await this.deps.db
      .update(customerUploads)
      .set({ headerMapping: input.headerMapping, started: true, segmentId, replace: input.replace ?? upload.replace })
      .where(and(eq(customerUploads.id, upload.id), eq(customerUploads.started, false)))
      .returning();
    if (!row) throw ApiError.conflict(CustomerMessages.alreadyStarted);
    // The job id is the upload's: a retried call can never queue a second import of the same file.
    await this.deps.jobs.send(IMPORT_JOB, { uploadId: row.id, eId: auth.eId }, { id: row.id });
    await publishUpload(this.deps, row);
    return presentUpload(row, await segmentNameOf(this.deps.db, row.segmentId));
  }

  async list(auth: AuthContext, f: { segmentId?: string | undefined; fromDate?: string | undefined; toDate?: string | undefined }, from: number, perPage: number) {
    if (f.segmentId && !isUuid(f.segmentId)) return { customerCSVs: [], hasMore: false };
    const toDate = f.toDate ? new Date(f.toDate) : undefined;
    // A bare date as the end of the range means the whole of that day.
    if (toDate && f.toDate!.length <= 10) toDate.setUTCHours(23, 59, 59, 999);
    const rows = await listUploads(this.deps.db, auth.eId, { segmentId: f.segmentId, fromDate: f.fromDate ? new Date(f.fromDate) : undefined, toDate }, from, perPage);
    return { customerCSVs: rows.slice(0, perPage).map((r) => presentUpload(r.upload, r.segmentName)), hasMore: rows.length > perPage };
  }

  async get(auth: AuthContext, uploadId: string) {
    const upload = isUuid(uploadId) ? await findUpload(this.deps.db, auth.eId, uploadId) : null;
    if (!upload) throw ApiError.notFound();
    return presentUpload(upload, await segmentNameOf(this.deps.db, upload.segmentId));
  }

  async errors(auth: AuthContext, uploadId: string, from: number, perPage: number, search?: string) {
    const upload = isUuid(uploadId) ? await findUpload(this.deps.db, auth.eId, uploadId) : null;
    if (!upload) throw ApiError.notFound();
    const rows = await listErrors(this.deps.db, upload.id, from, perPage, search);
    return { customers: rows.slice(0, perPage), headers: upload.userHeaders, hasMore: rows.length > perPage };
  }
}

function duplicateOf(headers: string[]): string | null {
  const seen = new Set<string>();
  for (const h of headers) {
    if (h && seen.has(h.toLowerCase())) return CustomerMessages.duplicateHeader(h);
    seen.add(h.toLowerCase());
  }
  return null;
}
