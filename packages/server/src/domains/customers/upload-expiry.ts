import { and, eq, lt } from 'drizzle-orm';
import { CustomerLimits, CustomerMessages } from '@parley/sdk/contract/customer-texts';
import { customerUploads } from '../../db/schema.js';
import { publishUpload, type ImportDeps } from './import-job.js';

const EXPIRY_MS = CustomerLimits.uploadMappingHours * 3600_000;
/** How often every enterprise's uploads are looked at; the lists and the upload calls look at theirs at each call. */
const SWEEP_MS = 3600_000;

/**
 * A file chosen on Upload Data but never mapped (the user left the screen) would stay WAITING in My Uploads for ever,
 * its bytes kept. After CustomerLimits.uploadMappingHours it is ERROR with a message saying so, and its file is removed.
 * Each row is taken by one UPDATE, so two servers sweeping at once never both remove the same file.
 */
export async function expireUploads(deps: Pick<ImportDeps, 'db' | 'files' | 'events'>, eId?: string): Promise<number> {
  const rows = await deps.db
    .update(customerUploads)
    .set({ state: 'ERROR', error: CustomerMessages.uploadExpired(CustomerLimits.uploadMappingHours), completedAt: new Date() })
    .where(
      and(
        eId ? eq(customerUploads.eId, eId) : undefined,
        eq(customerUploads.started, false),
        eq(customerUploads.state, 'WAITING'),
        lt(customerUploads.createdAt, new Date(Date.now() - EXPIRY_MS)),
      ),
    )
    .returning();
  for (const row of rows) {
    await deps.files.remove(row.storageKey).catch(() => undefined);
    await publishUpload(deps, row);
  }
  return rows.length;
}

/** Sweeps every enterprise now and then every hour; the returned function stops it. */
export function sweepExpiredUploads(deps: Pick<ImportDeps, 'db' | 'files' | 'events'>, log: (err: unknown) => void): () => void {
  const sweep = () => void expireUploads(deps).catch(log);
  sweep();
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
