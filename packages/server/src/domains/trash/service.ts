import { ACCESS, may } from '@parley/sdk/contract/access';
import { Codes } from '@parley/sdk/contract/envelope';
import { TrashTexts, type TrashItem, type TrashType } from '@parley/sdk/contract/trash';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { FileStore } from '../../storage/file-store.js';
import { isUuid } from '../customers/queries.js';
import { isUniqueViolation } from '../nlp-agents/queries.js';
import type { DocumentStore } from '../nlp-genai/document-store.js';
import type { TemplateDeps } from '../templates/service.js';
import { storageKeyOf } from './attachment-kind.js';
import { TRASH_KINDS } from './put-in-trash.js';
import { findTrashItem, listTrash, takeTrashItem, type TrashFilter, type TrashRow } from './queries.js';
import { insertSnapshot, type Snapshot } from './snapshot.js';
import { resubmitTemplates } from './template-resubmit.js';

export interface TrashDeps extends TemplateDeps {
  /** Attachments' files. */
  files: FileStore;
  /** Agents' knowledge-base documents. */
  documents: DocumentStore;
}

const DAY_MS = 86_400_000;
/** A refusal the user reads in the envelope (HTTP 200, as the chat actions' conflicts): the item stays in the trash. */
const refuse = (message: string) => new ApiError(Codes.CONFLICT, message, 200);
const gone = () => ApiError.notFound(TrashTexts.notFound);

function present(row: TrashRow, deletedByName: string | null, now: number): TrashItem {
  return {
    id: row.id,
    type: row.type as TrashType,
    objectId: row.objectId,
    name: row.name,
    deletedBy: deletedByName,
    deletedAt: row.deletedAt.toISOString(),
    purgeAfter: row.purgeAfter.toISOString(),
    daysLeft: Math.max(0, Math.floor((row.purgeAfter.getTime() - now) / DAY_MS)),
  };
}

/** What a trash item still holds outside the database: an attachment's file, an agent's documents. */
export async function discardOutside(deps: Pick<TrashDeps, 'files' | 'documents'>, row: TrashRow) {
  const snapshot = row.snapshot as unknown as Snapshot;
  if (row.type === 'attachment') {
    const key = storageKeyOf(snapshot);
    if (key) await deps.files.remove(key).catch(() => undefined);
  }
  if (row.type === 'agent') await deps.documents.removeAll({ eId: row.eId, agentId: row.objectId });
}

export class TrashService {
  constructor(private readonly deps: TrashDeps) {}

  async list(auth: AuthContext, filter: TrashFilter, from: number, perPage: number) {
    const rows = await listTrash(this.deps.db, auth.eId, filter, from, perPage);
    const now = Date.now();
    return { items: rows.slice(0, perPage).map((r) => present(r.item, r.deletedByName, now)), more: rows.length > perPage };
  }

  /**
   * Puts the object back with its own ids, in one transaction that also removes the item. Restoring is creating the
   * object again, so it needs that type's create permission besides TRASH.VIEW. Anything that now conflicts refuses
   * the restore and keeps the item.
   */
  async restore(auth: AuthContext, id: string): Promise<{ type: TrashType; objectId: string }> {
    const { db } = this.deps;
    const item = isUuid(id) ? await findTrashItem(db, auth.eId, id) : null;
    if (!item) throw gone();
    const type = item.type as TrashType;
    if (!may([...auth.permissions], ACCESS.trash[type])) throw ApiError.accessDenied();
    const kind = TRASH_KINDS[type];
    let snapshot = item.snapshot as unknown as Snapshot;
    const refusal = await kind.conflict(db, auth.eId, snapshot);
    if (refusal) throw refuse(refusal);
    // Outside the transaction: the vendor call may take seconds (and the sandbox writes to this database).
    if (type === 'template') snapshot = await resubmitTemplates(this.deps, auth.eId, snapshot);
    try {
      await db.transaction(async (tx) => {
        // Two restores of one item: the first takes the row, the second finds it gone.
        if (!(await takeTrashItem(tx, auth.eId, item.id))) throw gone();
        const late = await kind.conflict(tx, auth.eId, snapshot);
        if (late) throw refuse(late);
        if (kind.restore) await kind.restore(tx, auth.eId, snapshot);
        else await insertSnapshot(tx, auth.eId, snapshot);
      });
    } catch (err) {
      // Made in the same instant by someone else: the unique index has the last word.
      if (isUniqueViolation(err)) throw refuse(TrashTexts.restoreConflict);
      throw err;
    }
    return { type, objectId: item.objectId };
  }

  async deleteForever(auth: AuthContext, id: string) {
    const row = isUuid(id) ? await takeTrashItem(this.deps.db, auth.eId, id) : null;
    if (!row) throw gone();
    await discardOutside(this.deps, row);
  }
}
