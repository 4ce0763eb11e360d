import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskFileStore, type FileStore } from '../../storage/file-store.js';
import { call, login, startServer } from '../../test/harness.js';
import { withReads } from '../../test/file-store-reads.js';
import { postMultipart } from '../../test/multipart.js';
import { BATCH_ROWS, FIRST_BATCH_ROWS, runImport, type ImportDeps } from './import-job.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-resume-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A first batch and two and a half full ones: every 50th phone invalid, and the last 1,000 rows repeat phones of the first batches. */
const ROWS = FIRST_BATCH_ROWS + BATCH_ROWS * 2 + BATCH_ROWS / 2;
function bigFile(): string {
  const lines = ['phone,name'];
  for (let i = 1; i <= ROWS; i++) {
    const n = i % 50 === 0 ? '12345' : `+1415${String(2000000 + (i > ROWS - 1000 ? i - (ROWS - 3000) : i)).padStart(7, '0')}`;
    lines.push(`${n},"Person ${i}"`);
  }
  return lines.join('\n');
}
/** Where the import's read dies: half way through the second full batch. */
const CUT = bigFile()
  .split('\n')
  .slice(0, 1 + FIRST_BATCH_ROWS + BATCH_ROWS * 1.5)
  .join('\n').length;
const INVALID = ROWS / 50;
const REPEATED = 1000 - 1000 / 50;

/** The store of the server, but the read that imports fails after `bytes`: the process "dies" mid-file. */
function dyingStore(files: FileStore, bytes: number): FileStore {
  let reads = 0;
  return withReads(files, (source) => {
    // The upload counted the rows as it stored the file: the first read is the import's, and it dies.
    if (++reads !== 1) return source;
    let seen = 0;
    const cut = new Transform({
      transform(chunk: Buffer, _enc, done) {
        const allowed = Math.max(0, Math.min(chunk.length, bytes - seen));
        seen += chunk.length;
        if (allowed === chunk.length) return done(null, chunk);
        // What came before the cut is read and imported; then the stream hangs and dies, as the process would
        // (never ending normally: `done` is not called again, so the file does not look complete).
        if (allowed > 0) this.push(chunk.subarray(0, allowed));
        setTimeout(() => cut.destroy(new Error('killed')), 300);
      },
    });
    return source.pipe(cut) as Readable;
  });
}

describe('an import resumed after its process died', async () => {
  const parley = await startServer({ jobs: false, dataDir });
  const token = await login(parley);
  const files = new DiskFileStore(join(dataDir, 'files'));
  const deps = (store: FileStore): ImportDeps => ({ db: parley.database.db, jobs: parley.jobs, events: parley.events, files: store, defaultCountry: 'US' });
  const mapping = [
    { src: 'phone', des: 'phoneNumber' },
    { src: 'name', des: 'name' },
  ];
  const prepare = async (segmentName: string) => {
    const segment = (await call(parley, 'POST', 'customer/tag', { token, json: { name: segmentName } })).data.tag.id as string;
    const up = await postMultipart(parley, 'customer/upload', {
      token,
      fields: { segmentId: segment },
      files: [{ field: 'file', name: 'big.csv', content: bigFile(), type: 'text/csv' }],
    });
    // Workers are off in this server: the queued job waits, and the test runs it by hand.
    await call(parley, 'POST', 'customer/upload/mapping', { token, json: { uploadId: up.data.uploadId, headerMapping: mapping } });
    return { segment, uploadId: up.data.uploadId as string };
  };
  const state = async (uploadId: string, segment: string) => {
    const csv = (await call(parley, 'GET', `customer/uploads/${uploadId}`, { token })).data.customerCSV;
    const errors = (await call(parley, 'GET', `customer/uploads/${uploadId}/errors?perPage=100`, { token })).data.customers.customers;
    const members = (await call(parley, 'GET', `customer/tags?search=${encodeURIComponent(segment)}`, { token })).data.tags[0].count;
    return { csv, errors, members };
  };

  it('ends exactly where an uninterrupted run ends: no duplicate customer, no duplicate error row, exact counts', async () => {
    const whole = await prepare('Uninterrupted');
    await runImport(deps(files), whole.uploadId, (await parley.deps.sessions.resolve(token))!.eId);
    const expected = await state(whole.uploadId, 'Uninterrupted');
    expect(expected.csv).toMatchObject({ state: 'COMPLETED', totalLines: ROWS, acceptedLines: ROWS - INVALID - REPEATED, errorLines: INVALID + REPEATED });
    // Each customer holds its own line's name: the batches' memory is reused (import-stream.ts), never while written.
    const stored = (
      await parley.database.executeSql(
        'select c.phone_number as p, c.name as n from customers c join customer_tag_members m on m.customer_id = c.id where m.tag_id = $1::uuid',
        [whole.segment],
      )
    ).rows;
    expect(stored).toHaveLength(expected.csv.acceptedLines);
    expect(stored.filter((r) => r.n !== `Person ${Number(String(r.p).slice(5)) - 2_000_000}`)).toEqual([]);

    const crashed = await prepare('Crashed');
    const eId = (await parley.deps.sessions.resolve(token))!.eId;
    await expect(runImport(deps(dyingStore(files, CUT)), crashed.uploadId, eId)).rejects.toThrow('killed');
    const midway = (await call(parley, 'GET', `customer/uploads/${crashed.uploadId}`, { token })).data.customerCSV;
    expect(midway.state).toBe('WAITING');
    expect(midway.processedLines).toBe(FIRST_BATCH_ROWS + BATCH_ROWS);

    await runImport(deps(files), crashed.uploadId, eId);
    const resumed = await state(crashed.uploadId, 'Crashed');
    expect(resumed.csv).toMatchObject({ state: 'COMPLETED', totalLines: ROWS, acceptedLines: expected.csv.acceptedLines, errorLines: expected.csv.errorLines });
    expect(resumed.errors).toEqual(expected.errors);
    expect(resumed.members).toBe(expected.members);
    expect(resumed.members).toBe(expected.csv.acceptedLines);
  });
});
