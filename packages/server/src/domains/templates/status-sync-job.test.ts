import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageTemplates } from '../../db/schema.js';
import { call, login, startServer } from '../../test/harness.js';
import { slotJobId, syncPendingTemplates, SYNC_EVERY_MS, TEMPLATE_SYNC_JOB } from './status-sync-job.js';
import { createSandboxChannel, plainComponents } from './test-fixtures.js';

describe('the template status sync job', async () => {
  const parley = await startServer({ sandboxApprovalSeconds: 0.2, jobs: true });
  const { db } = parley.database;
  const token = await login(parley);
  const deps = { db, sealed: parley.deps.sealed, app: parley.app, config: parley.deps.config };
  const channelId = await createSandboxChannel(parley, token, 1);
  const status = async (id: string) => (await call(parley, 'GET', `chatbird/api/templates/${id}`, { token })).data.template.status as string;
  const until = async (id: string, wanted: string) => {
    for (const end = Date.now() + 8000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if ((await status(id)) === wanted) return wanted;
    return status(id);
  };
  const created = await call(parley, 'POST', 'chatbird/api/templates', {
    token,
    json: { channelId, name: 'welcome', category: 'UTILITY', components: plainComponents() },
  });
  const id = created.data.template.id as string;
  const lose = () => db.update(messageTemplates).set({ status: 'PENDING' }).where(eq(messageTemplates.id, id));

  it('brings a template whose webhook was lost to its status when the queued job runs', async () => {
    expect(await until(id, 'APPROVED')).toBe('APPROVED');
    await lose();
    await parley.jobs.send(TEMPLATE_SYNC_JOB, {});
    expect(await until(id, 'APPROVED')).toBe('APPROVED');
  });

  it("syncs every channel with pending templates; one channel's failure spares the rest", async () => {
    const broken = await createSandboxChannel(parley, token, 2, 'not-the-sandbox-token');
    const [row] = await db.select().from(messageTemplates).where(eq(messageTemplates.id, id));
    await db.insert(messageTemplates).values({ eId: row!.eId, channelId: broken, name: 'orphan', category: 'UTILITY', components: plainComponents() });
    await lose();
    expect(await syncPendingTemplates(deps)).toBe(1);
    expect(await status(id)).toBe('APPROVED');
  });

  it('gives every process the same job id within one 30-second slot', () => {
    const start = Math.floor(Date.now() / SYNC_EVERY_MS) * SYNC_EVERY_MS;
    expect(slotJobId(start)).toBe(slotJobId(start + SYNC_EVERY_MS - 1));
    expect(slotJobId(start)).not.toBe(slotJobId(start + SYNC_EVERY_MS));
    expect(slotJobId(start)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
