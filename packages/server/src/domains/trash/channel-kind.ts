import { and, eq, sql } from 'drizzle-orm';
import { TrashTexts } from '@parley/sdk/contract/trash-texts';
import { channels, departments, messageTemplates } from '../../db/schema.js';
import { insertSnapshot, rowsOf, type Snapshot, type TrashKind } from './snapshot.js';

/**
 * A channel with its message templates (still approved at the vendor: deleting a channel does not delete them there).
 * Its sent messages, their delivery events and its chats go with the delete, as before: they are history, often
 * large, and a restored channel starts a new one. Broadcasts that used it keep their figures without a channel.
 */
export const channelKind: TrashKind = {
  async capture(tx, eId, objectId) {
    const [channel] = await tx
      .select()
      .from(channels)
      .where(and(eq(channels.id, objectId), eq(channels.eId, eId)));
    if (!channel) return null;
    const templates = await tx.select().from(messageTemplates).where(eq(messageTemplates.channelId, objectId));
    return {
      name: channel.name,
      snapshot: {
        tables: [
          { table: 'channels', rows: [channel] },
          { table: 'messageTemplates', rows: templates },
        ],
      },
    };
  },

  async conflict(db, eId, snapshot) {
    const channel = rowsOf(snapshot, 'channels')[0] ?? {};
    const name = String(channel.name ?? '');
    const [sameName] = await db
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.eId, eId), sql`lower(${channels.name}) = lower(${name})`))
      .limit(1);
    if (sameName) return TrashTexts.channelNameTaken;
    // Two channels on one WhatsApp number would split its webhooks between them.
    const phoneNumberId = (channel.data as Record<string, string> | undefined)?.phoneNumberId;
    if (phoneNumberId) {
      const [sameNumber] = await db
        .select({ id: channels.id })
        .from(channels)
        .where(and(eq(channels.eId, eId), sql`${channels.data}->>'phoneNumberId' = ${phoneNumberId}`))
        .limit(1);
      if (sameNumber) return TrashTexts.channelNumberTaken;
    }
    return null;
  },

  /** A department deleted meanwhile leaves the channel without one, as deleting a department does to live channels. */
  async restore(tx, eId, snapshot) {
    const channel = rowsOf(snapshot, 'channels')[0] ?? {};
    let deptId = typeof channel.deptId === 'string' ? channel.deptId : null;
    if (deptId) {
      const [dept] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.id, deptId), eq(departments.eId, eId)));
      if (!dept) deptId = null;
    }
    const tables: Snapshot['tables'] = snapshot.tables.map((t) => (t.table === 'channels' ? { ...t, rows: t.rows.map((r) => ({ ...r, deptId })) } : t));
    await insertSnapshot(tx, eId, { tables });
  },
};
