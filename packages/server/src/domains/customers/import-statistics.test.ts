import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskFileStore, type FileStore } from '../../storage/file-store.js';
import { call, login, startServer } from '../../test/harness.js';
import { withReads } from '../../test/file-store-reads.js';
import { postMultipart } from '../../test/multipart.js';
import { runImport, type ImportDeps } from './import-job.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-import-stats-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ROWS = 70_000;
const file = ['phone,name', ...Array.from({ length: ROWS }, (_, i) => `+1415${String(2_000_000 + i)},Person ${i}`)].join('\n');
/** Where the read waits: after ~62,000 rows, past the first refresh of the statistics (at 50,000). */
const PAUSE = file.split('\n').slice(0, 62_001).join('\n').length;

/** The server's store, but the import's read stops at `bytes` until `go` is called: an import caught half way. */
function pausingStore(files: FileStore, bytes: number) {
  let go = () => {};
  const resumed = new Promise<void>((r) => (go = r));
  const store = withReads(files, (source) => {
    let seen = 0;
    const gate = new Transform({
      transform(chunk: Buffer, _enc, done) {
        const before = Math.max(0, Math.min(chunk.length, bytes - seen));
        seen += chunk.length;
        if (before === chunk.length) return done(null, chunk);
        if (before > 0) this.push(chunk.subarray(0, before));
        void resumed.then(() => done(null, chunk.subarray(before)));
      },
    });
    return source.pipe(gate) as Readable;
  });
  return { store, go };
}

describe('statistics while a big import runs', async () => {
  const parley = await startServer({ jobs: false, dataDir });
  const token = await login(parley);
  const eId = (await parley.deps.sessions.resolve(token))!.eId;
  const files = new DiskFileStore(join(dataDir, 'files'));

  it('are refreshed before the import ends, so a search meanwhile is planned for the rows already there', async () => {
    const segment = (await call(parley, 'POST', 'customer/tag', { token, json: { name: 'Growing' } })).data.tag.id as string;
    const up = await postMultipart(parley, 'customer/upload', {
      token,
      fields: { segmentId: segment },
      files: [{ field: 'file', name: 'big.csv', content: file, type: 'text/csv' }],
    });
    const uploadId = up.data.uploadId as string;
    await call(parley, 'POST', 'customer/upload/mapping', {
      token,
      json: {
        uploadId,
        headerMapping: [
          { src: 'phone', des: 'phoneNumber' },
          { src: 'name', des: 'name' },
        ],
      },
    });
    const { store, go } = pausingStore(files, PAUSE);
    const deps: ImportDeps = { db: parley.database.db, jobs: parley.jobs, events: parley.events, files: store, defaultCountry: 'US' };
    const importing = runImport(deps, uploadId, eId);

    // Half way, the planner already knows tens of thousands of customers and members (it knew none before).
    const known = async () =>
      (
        await parley.database.executeSql(`select relname, reltuples from pg_class where relname in ('customers', 'customer_tag_members') order by relname`, [])
      ).rows.map((r) => Number(r.reltuples));
    let seen: number[] = [];
    for (let waited = 0; waited < 20_000; waited += 100) {
      seen = await known();
      if (seen.every((n) => n >= 40_000)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const midway = (await call(parley, 'GET', `customer/uploads/${uploadId}`, { token })).data.customerCSV;
    go();
    await importing;
    expect(midway.state).toBe('WAITING');
    expect(seen.every((n) => n >= 40_000)).toBe(true);
    const done = (await call(parley, 'GET', `customer/uploads/${uploadId}`, { token })).data.customerCSV;
    expect(done).toMatchObject({ state: 'COMPLETED', totalLines: ROWS, acceptedLines: ROWS, errorLines: 0 });
  });
});
