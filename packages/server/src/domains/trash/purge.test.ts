import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { artifacts, trashItems } from '../../db/schema.js';
import { DiskFileStore } from '../../storage/file-store.js';
import { call, login, startServer } from '../../test/harness.js';
import { minimalPdf, postMultipart } from '../../test/multipart.js';
import { DiskDocumentStore } from '../nlp-genai/document-store.js';
import { dayJobId, purgeTrash } from './purge-job.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parley-purge-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the trash purge', async () => {
  const parley = await startServer({ dataDir });
  const { db } = parley.database;
  const token = await login(parley);
  const deps = { db, files: new DiskFileStore(join(dataDir, 'files')), documents: new DiskDocumentStore(join(dataDir, 'documents')) };
  const upload = async (name: string) =>
    (await postMultipart(parley, 'e/drive/upload', { token, files: [{ field: 'file', name, content: minimalPdf() }] })).data.artifact._id as string;
  const storedPath = async (id: string) => join(dataDir, 'files', (await db.select().from(artifacts).where(eq(artifacts.id, id)))[0]!.storageKey!);
  const expire = (objectId: string) =>
    db
      .update(trashItems)
      .set({ purgeAfter: sql`now() - interval '1 minute'` })
      .where(eq(trashItems.objectId, objectId));

  it('removes only the items past their date, with an attachment’s file, once however often it runs', async () => {
    const oldId = await upload('old.pdf');
    const newId = await upload('new.pdf');
    const oldFile = await storedPath(oldId);
    const newFile = await storedPath(newId);
    const customer = (await call(parley, 'POST', 'customer/customer', { token, json: { name: 'Old', phoneNumber: '+919811199999' } })).data.customer
      .id as string;
    for (const [path, id] of [
      ['e/enterprise/artifacts', oldId],
      ['e/enterprise/artifacts', newId],
      ['customer/customers', customer],
    ]) {
      expect(await call(parley, 'DELETE', `${path}/${id}`, { token })).toMatchObject({ status: true });
    }
    await expire(oldId);
    await expire(customer);

    // Two servers at once: each item is taken by one of them.
    const counts = await Promise.all([purgeTrash(deps), purgeTrash(deps)]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(await purgeTrash(deps)).toBe(0);
    expect((await db.select({ objectId: trashItems.objectId }).from(trashItems)).map((r) => r.objectId)).toEqual([newId]);
    expect(existsSync(oldFile)).toBe(false);
    expect(existsSync(newFile)).toBe(true);
  });

  it('queues one daily job per day, whichever server asks', () => {
    const day = Date.UTC(2025, 0, 10);
    expect(dayJobId(day + 1000)).toBe(dayJobId(day + 86_399_000));
    expect(dayJobId(day)).not.toBe(dayJobId(day + 86_400_000));
    expect(dayJobId(day)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
