import { and, eq, inArray } from 'drizzle-orm';
import { TrashTexts } from '@parley/sdk/contract/trash-texts';
import { messageTemplates } from '../../db/schema.js';
import { findChannel } from '../channels/queries.js';
import { rowsOf, type TrashKind } from './snapshot.js';

/**
 * A template is deleted by name (the Cloud API deletes a name in every language), so the snapshot holds every
 * language of that name on its channel. The vendor deleted it too: a restore submits each language again for review,
 * under the same ids here and the vendor's new ids and first status.
 */
export const templateKind: TrashKind = {
  async capture(tx, eId, objectId) {
    const [row] = await tx
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.id, objectId), eq(messageTemplates.eId, eId)));
    if (!row) return null;
    const rows = await tx
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.eId, eId), eq(messageTemplates.channelId, row.channelId), eq(messageTemplates.name, row.name)));
    return { name: row.name, snapshot: { tables: [{ table: 'messageTemplates', rows }] } };
  },

  async conflict(db, eId, snapshot) {
    const rows = rowsOf(snapshot, 'messageTemplates');
    const channelId = String(rows[0]?.channelId ?? '');
    if (!(await findChannel(db, eId, channelId))) return TrashTexts.templateChannelGone;
    const taken = await db
      .select({ language: messageTemplates.language })
      .from(messageTemplates)
      .where(
        and(
          eq(messageTemplates.channelId, channelId),
          eq(messageTemplates.name, String(rows[0]?.name ?? '')),
          inArray(
            messageTemplates.language,
            rows.map((r) => String(r.language)),
          ),
        ),
      );
    return taken.length ? TrashTexts.templateNameTaken : null;
  },
};
