import { TRASH_RETENTION_DAYS, type TrashType } from '@parley/sdk/contract/trash-texts';
import type { Db } from '../../db/database.js';
import type { AuthContext } from '../../http/auth-context.js';
import { agentKind } from './agent-kind.js';
import { attachmentKind } from './attachment-kind.js';
import { channelKind } from './channel-kind.js';
import { customerKind } from './customer-kind.js';
import { insertTrashItem } from './queries.js';
import type { TrashKind, Tx } from './snapshot.js';
import { templateKind } from './template-kind.js';

export const TRASH_KINDS: Record<TrashType, TrashKind> = {
  agent: agentKind,
  customer: customerKind,
  template: templateKind,
  channel: channelKind,
  attachment: attachmentKind,
};

/**
 * A user's delete of an object that can come back: in one transaction, the object and the rows that go with it are
 * kept as a trash item, then `remove` deletes them as before (it throws to refuse, and nothing is kept). Bulk and
 * internal deletes (import rollbacks, an enterprise's deletion) call their queries directly and keep nothing.
 */
export async function deleteToTrash<T>(db: Db, auth: AuthContext, type: TrashType, objectId: string, remove: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const captured = await TRASH_KINDS[type].capture(tx, auth.eId, objectId);
    const result = await remove(tx);
    if (captured) {
      // An embed key is no user; its deletes (if a scope ever allowed one) are kept without a name.
      const deletedBy = auth.embedKey ? null : auth.uId;
      await insertTrashItem(tx, {
        eId: auth.eId,
        type,
        objectId,
        name: captured.name,
        snapshot: captured.snapshot,
        deletedBy,
        retentionDays: TRASH_RETENTION_DAYS,
      });
    }
    return result;
  });
}
