import { and, desc, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import type { ListSort } from '@parley/sdk/contract/paging';
import type { TEMPLATE_SORTS, TemplateStatus } from '@parley/sdk/contract/templates';
import { byText, listOrder } from '../../db/list-order.js';
import type { Db } from '../../db/database.js';
import { containing } from '../../db/like-pattern.js';
import { channels, messageTemplates } from '../../db/schema.js';
import type { VendorTemplate } from '../../vendors/vendor.js';

export type TemplateRow = typeof messageTemplates.$inferSelect;
export type ListedTemplate = TemplateRow & { channelName: string };

export interface TemplateFilter extends ListSort<(typeof TEMPLATE_SORTS)[number]> {
  status?: TemplateStatus | undefined;
  name?: string | undefined;
  channelId?: string | undefined;
}

const withChannelName = { ...getTableColumns(messageTemplates), channelName: channels.name };

/** One page, newest first or in the header's order, with one row more than asked to tell whether there is a next page. */
export function listTemplates(db: Db, eId: string, f: TemplateFilter, from: number, perPage: number): Promise<ListedTemplate[]> {
  const name = f.name?.trim();
  return db
    .select(withChannelName)
    .from(messageTemplates)
    .innerJoin(channels, eq(channels.id, messageTemplates.channelId))
    .where(
      and(
        eq(messageTemplates.eId, eId),
        f.status ? eq(messageTemplates.status, f.status) : undefined,
        f.channelId ? eq(messageTemplates.channelId, f.channelId) : undefined,
        name ? ilike(messageTemplates.name, containing(name)) : undefined,
      ),
    )
    .orderBy(
      ...listOrder(f, { name: byText(messageTemplates.name), channel: byText(channels.name), updated: messageTemplates.updatedAt }, messageTemplates.id, [
        desc(messageTemplates.createdAt),
        desc(messageTemplates.id),
      ]),
    )
    .limit(perPage + 1)
    .offset(from);
}

export async function findTemplate(db: Db, eId: string, id: string): Promise<ListedTemplate | null> {
  const [row] = await db
    .select(withChannelName)
    .from(messageTemplates)
    .innerJoin(channels, eq(channels.id, messageTemplates.channelId))
    .where(and(eq(messageTemplates.eId, eId), eq(messageTemplates.id, id)));
  return row ?? null;
}

/**
 * A channel's template by name, as a send names it; with several languages the approved one first, then the newest.
 * `id` (our uuid) is accepted in place of the name.
 */
export async function findTemplateOfChannel(db: Db, eId: string, channelId: string, nameOrId: string, isId: boolean): Promise<ListedTemplate | null> {
  const [row] = await db
    .select(withChannelName)
    .from(messageTemplates)
    .innerJoin(channels, eq(channels.id, messageTemplates.channelId))
    .where(
      and(
        eq(messageTemplates.eId, eId),
        eq(messageTemplates.channelId, channelId),
        isId ? or(eq(messageTemplates.name, nameOrId), eq(messageTemplates.id, nameOrId)) : eq(messageTemplates.name, nameOrId),
      ),
    )
    .orderBy(sql`(${messageTemplates.status} = 'APPROVED') desc`, desc(messageTemplates.createdAt))
    .limit(1);
  return row ?? null;
}

export async function templateNameTaken(db: Db, channelId: string, name: string, language: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messageTemplates.id })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.channelId, channelId), eq(messageTemplates.name, name), eq(messageTemplates.language, language)))
    .limit(1);
  return Boolean(row);
}

/** Every language of a name on a channel: the Cloud API deletes a template by name. */
export async function deleteTemplatesNamed(db: Db, eId: string, channelId: string, name: string): Promise<number> {
  const gone = await db
    .delete(messageTemplates)
    .where(and(eq(messageTemplates.eId, eId), eq(messageTemplates.channelId, channelId), eq(messageTemplates.name, name)))
    .returning({ id: messageTemplates.id });
  return gone.length;
}

/**
 * Applies the vendor's view of a channel's templates: matched by the vendor's id, else by name and language (a row
 * stored before the id was known). Only rows whose status or reason changed are written; returns how many.
 */
export async function applyVendorStatuses(db: Db, channelId: string, vendorTemplates: readonly VendorTemplate[]): Promise<number> {
  if (!vendorTemplates.length) return 0;
  const rows = await db.select().from(messageTemplates).where(eq(messageTemplates.channelId, channelId));
  let updated = 0;
  for (const row of rows) {
    const seen =
      vendorTemplates.find((v) => row.vendorTemplateId && v.vendorTemplateId === row.vendorTemplateId) ??
      vendorTemplates.find((v) => v.name === row.name && v.language === row.language);
    if (!seen || (seen.status === row.status && (seen.rejectedReason ?? null) === row.rejectedReason)) continue;
    await db
      .update(messageTemplates)
      .set({
        status: seen.status,
        rejectedReason: seen.rejectedReason ?? null,
        vendorTemplateId: row.vendorTemplateId ?? seen.vendorTemplateId,
        updatedAt: new Date(),
      })
      .where(eq(messageTemplates.id, row.id));
    updated++;
  }
  return updated;
}

/** Channels (of any enterprise) with templates still waiting for the vendor's review, for the periodic sync. */
export async function channelsWithPending(db: Db, limit = 50): Promise<{ id: string; eId: string }[]> {
  return db
    .selectDistinct({ id: channels.id, eId: channels.eId })
    .from(messageTemplates)
    .innerJoin(channels, eq(channels.id, messageTemplates.channelId))
    .where(eq(messageTemplates.status, 'PENDING'))
    .limit(limit);
}
