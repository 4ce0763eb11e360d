import { and, eq, inArray } from 'drizzle-orm';
import { TrashTexts } from '@parley/sdk/contract/trash-texts';
import { customerGroupMembers, customerGroups, customerTagMembers, customerTags, customers } from '../../db/schema.js';
import { insertSnapshot, rowsOf, type TrashKind } from './snapshot.js';

/**
 * A customer with its tag (segment) and group memberships. Chats name the customer by number, not by id, so they
 * are untouched by the delete and need nothing back.
 */
export const customerKind: TrashKind = {
  async capture(tx, eId, objectId) {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, objectId), eq(customers.eId, eId)));
    if (!customer) return null;
    const tags = await tx.select().from(customerTagMembers).where(eq(customerTagMembers.customerId, objectId));
    const groups = await tx.select().from(customerGroupMembers).where(eq(customerGroupMembers.customerId, objectId));
    return {
      name: customer.name ? `${customer.name} (${customer.phoneNumber})` : customer.phoneNumber,
      snapshot: {
        tables: [
          { table: 'customers', rows: [customer] },
          { table: 'customerTagMembers', rows: tags },
          { table: 'customerGroupMembers', rows: groups },
        ],
      },
    };
  },

  async conflict(db, eId, snapshot) {
    const phone = String(rowsOf(snapshot, 'customers')[0]?.phoneNumber ?? '');
    const [taken] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.eId, eId), eq(customers.phoneNumber, phone)))
      .limit(1);
    return taken ? TrashTexts.customerNumberTaken : null;
  },

  /** A tag or group deleted meanwhile is not brought back for one member: that membership is left out. */
  async restore(tx, eId, snapshot) {
    const tagIds = rowsOf(snapshot, 'customerTagMembers').map((m) => String(m.tagId));
    const groupIds = rowsOf(snapshot, 'customerGroupMembers').map((m) => String(m.groupId));
    const liveTags = new Set(
      tagIds.length
        ? (
            await tx
              .select({ id: customerTags.id })
              .from(customerTags)
              .where(and(eq(customerTags.eId, eId), inArray(customerTags.id, tagIds)))
          ).map((t) => t.id)
        : [],
    );
    const liveGroups = new Set(
      groupIds.length
        ? (
            await tx
              .select({ id: customerGroups.id })
              .from(customerGroups)
              .where(and(eq(customerGroups.eId, eId), inArray(customerGroups.id, groupIds)))
          ).map((g) => g.id)
        : [],
    );
    await insertSnapshot(tx, eId, {
      tables: [
        { table: 'customers', rows: rowsOf(snapshot, 'customers') },
        { table: 'customerTagMembers', rows: rowsOf(snapshot, 'customerTagMembers').filter((m) => liveTags.has(String(m.tagId))) },
        { table: 'customerGroupMembers', rows: rowsOf(snapshot, 'customerGroupMembers').filter((m) => liveGroups.has(String(m.groupId))) },
      ],
    });
  },
};
