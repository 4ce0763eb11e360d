import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { CustomerMessages, CustomerLimits, type CustomerCsv } from '@parley/sdk/contract/customers';
import { customerUploads } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { guessDelimiter, type Delimiter } from './csv-delimiter.js';
import { CsvDecoder } from './csv-encoding.js';
import { csvStart } from './csv-records.js';
import { countRecords, RecordCounter } from './import-count.js';
import { IMPORT_JOB, publishUpload, type ImportDeps } from './import-job.js';
import { planColumns, systemHeaders } from './import-rows.js';
import { isUuid, ownSegments } from './queries.js';
import { expireUploads } from './upload-expiry.js';
import { fieldRules } from './service.js';
import { findUpload, listErrors, listUploads, presentUpload, segmentNameOf, type UploadRecord } from './upload-queries.js';

/** Rows of the file shown under the mapping, as read with its encoding and delimiter, and the characters of a value there. */
const PREVIEW_ROWS = 3;
const PREVIEW_CHARS = 60;

/** A file in the store, as UTF-8, with what was learnt while storing it. */
export interface StoredFile {
  key: string;
  records: number;
  delimiter: Delimiter;
  encoding: string;
}

/** Uploads (customer-master 4): store the file and read its header, then start the import with the mapping. */
export class UploadService {
  constructor(private readonly deps: ImportDeps) {}

  private async segment(auth: AuthContext, segmentId: string) {
    const own = isUuid(segmentId) ? await ownSegments(this.deps.db, 'tag', auth.eId, [segmentId]) : new Set<string>();
    if (!own.has(segmentId)) throw ApiError.field('segmentId', CustomerMessages.unknownSegment);
  }

  /**
   * Stores an uploaded file as UTF-8 under a new key (before its other form fields may have arrived): decoded from
   * the encoding it is in (CsvDecoder), its delimiter chosen from its start (guessDelimiter), its records counted on
   * the way, so the progress bar's total is known before the import starts without reading the file again. A file
   * that is not text, not in an encoding we can read, or has a record, a value or a header over its bound
   * (RecordCounter) is refused as soon as that is seen, and nothing of it is kept: the caller drains the rest of the
   * upload unread.
   */
  async store(auth: AuthContext, file: Readable): Promise<StoredFile | { refused: string }> {
    const key = `customer-uploads/${auth.eId}/${randomUUID()}.csv`;
    const decoder = new CsvDecoder();
    let counter: RecordCounter | undefined;
    let delimiter: Delimiter = ',';
    const problem = () => decoder.problem ?? counter?.problem;
    // The first UTF-8 out of the decoder is the file's start (SAMPLE_BYTES of it, or all of a smaller file), read
    // once to choose the delimiter before any record is counted.
    const count = (utf8: Uint8Array) => {
      if (!utf8.length) return;
      if (!counter) {
        delimiter = guessDelimiter(Buffer.from(utf8.buffer, utf8.byteOffset, utf8.byteLength).toString('utf8'));
        counter = new RecordCounter(delimiter);
      }
      counter.push(utf8);
    };
    // A generator rather than a piped transform, so an error of the upload's stream reaches the store's pipeline.
    // Left early, it must not destroy the upload's stream: the request's other parts are still to be read.
    const decoded = Readable.from(
      (async function* () {
        for await (const chunk of file.iterator({ destroyOnReturn: false })) {
          const utf8 = decoder.push(chunk as Buffer);
          count(utf8);
          if (problem()) return;
          if (utf8.length) yield utf8;
        }
        const rest = decoder.end();
        count(rest);
        if (!problem() && rest.length) yield rest;
      })(),
    );
    try {
      await this.deps.files.write(key, decoded);
    } catch (err) {
      await this.discard(key);
      throw err;
    }
    const records = counter?.total() ?? 0;
    const refused = problem();
    if (!refused) return { key, records, delimiter, encoding: decoder.encoding ?? 'UTF-8' };
    await this.discard(key);
    return { refused };
  }

  discard(key: string) {
    return this.deps.files.remove(key);
  }

  /** The first call: the file is stored, its header row read; nothing is imported until the mapping comes. */
  async receive(auth: AuthContext, fileName: string, stored: StoredFile, segmentId: string, replace: boolean) {
    const { key } = stored;
    await this.segment(auth, segmentId).catch(async (err: unknown) => {
      await this.discard(key);
      throw err;
    });
    const { headers, preview } = await this.headers(key, stored.delimiter).catch(async (err: unknown) => {
      await this.deps.files.remove(key);
      throw err;
    });
    const [row] = await this.deps.db
      .insert(customerUploads)
      .values({
        eId: auth.eId,
        segmentId,
        fileName: fileName.slice(0, 255),
        storageKey: key,
        replace,
        userHeaders: headers,
        delimiter: stored.delimiter,
        encoding: stored.encoding,
        totalLines: stored.records,
        createdBy: auth.embedKey ? null : auth.uId,
      })
      .returning();
    return this.parsed(auth, row!, preview);
  }

  /** The header row of a stored file read with a delimiter, and the rows of the preview, or the refusal of it. */
  private async headers(key: string, delimiter: string): Promise<{ headers: string[]; preview: string[][] }> {
    const start = await csvStart(this.deps.files.read(key), delimiter, PREVIEW_ROWS);
    const headers = start?.headers;
    const problem =
      !headers || headers.every((h) => h === '')
        ? CustomerMessages.emptyFile
        : headers.length > CustomerLimits.csvColumns
          ? CustomerMessages.tooManyColumns
          : duplicateOf(headers);
    if (problem) throw ApiError.field('file', problem);
    // Values cut for the screen: a preview is to recognise the columns, not to read a long note.
    return { headers: headers!, preview: start!.preview.map((row) => row.map((v) => v.slice(0, PREVIEW_CHARS))) };
  }

  private async parsed(auth: AuthContext, row: UploadRecord, preview: string[][]) {
    const rules = await fieldRules(this.deps.db, auth.eId);
    return {
      uploadId: row.id,
      parsedHeaders: { systemHeaders: systemHeaders(rules), userHeaders: row.userHeaders },
      delimiter: row.delimiter as Delimiter,
      encoding: row.encoding,
      preview,
    };
  }

  /**
   * The mapping screen's delimiter, changed before the mapping is submitted: the header is read again with it, and
   * the records counted again (a quoted value's newlines depend on where fields start).
   */
  async changeDelimiter(auth: AuthContext, uploadId: string, delimiter: Delimiter) {
    const upload = await this.waiting(auth, uploadId);
    const { headers, preview } = await this.headers(upload.storageKey, delimiter);
    if (upload.delimiter === delimiter) return this.parsed(auth, upload, preview);
    const totalLines = await countRecords(this.deps.files.read(upload.storageKey), delimiter);
    const [row] = await this.deps.db
      .update(customerUploads)
      .set({ delimiter, userHeaders: headers, totalLines })
      .where(and(eq(customerUploads.id, upload.id), eq(customerUploads.started, false)))
      .returning();
    if (!row) throw ApiError.conflict(CustomerMessages.alreadyStarted);
    return this.parsed(auth, row, preview);
  }

  /** The second call: checks the mapping, records it and queues the import (once: a repeated call is refused). */
  async start(
    auth: AuthContext,
    input: { uploadId: string; headerMapping: { src: string; des: string }[]; replace?: boolean | undefined; segmentId?: string | undefined },
  ): Promise<CustomerCsv> {
    const upload = await this.waiting(auth, input.uploadId);
    const segmentId = input.segmentId || upload.segmentId;
    if (segmentId && segmentId !== upload.segmentId) await this.segment(auth, segmentId);
    const plan = planColumns(upload.userHeaders, input.headerMapping, await fieldRules(this.deps.db, auth.eId));
    if ('errors' in plan)
      throw new ApiError(
        ApiError.validation([]).code,
        plan.errors[0]!,
        400,
        plan.errors.map((message) => ({ field: 'headerMapping', message })),
      );
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

  /** An upload whose mapping may still be given: not started, not expired (upload-expiry.ts). */
  private async waiting(auth: AuthContext, uploadId: string) {
    await expireUploads(this.deps, auth.eId);
    const upload = isUuid(uploadId) ? await findUpload(this.deps.db, auth.eId, uploadId) : null;
    if (!upload) throw ApiError.notFound();
    if (upload.started) throw ApiError.conflict(CustomerMessages.alreadyStarted);
    if (upload.state !== 'WAITING') throw ApiError.conflict(upload.error ?? CustomerMessages.uploadExpired(CustomerLimits.uploadMappingHours));
    return upload;
  }

  async list(
    auth: AuthContext,
    f: { segmentId?: string | undefined; fromDate?: string | undefined; toDate?: string | undefined },
    from: number,
    perPage: number,
  ) {
    if (f.segmentId && !isUuid(f.segmentId)) return { customerCSVs: [], hasMore: false };
    await expireUploads(this.deps, auth.eId);
    const toDate = f.toDate ? new Date(f.toDate) : undefined;
    // A bare date as the end of the range means the whole of that day.
    if (toDate && f.toDate!.length <= 10) toDate.setUTCHours(23, 59, 59, 999);
    const rows = await listUploads(
      this.deps.db,
      auth.eId,
      { segmentId: f.segmentId, fromDate: f.fromDate ? new Date(f.fromDate) : undefined, toDate },
      from,
      perPage,
    );
    return { customerCSVs: rows.slice(0, perPage).map((r) => presentUpload(r.upload, r.segmentName)), hasMore: rows.length > perPage };
  }

  async get(auth: AuthContext, uploadId: string) {
    await expireUploads(this.deps, auth.eId);
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
