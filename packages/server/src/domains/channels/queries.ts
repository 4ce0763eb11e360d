import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { WHATSAPP_CLOUD_VENDOR, type CHANNEL_SORTS } from '@parley/sdk/contract/channels';
import type { ListSort } from '@parley/sdk/contract/paging';
import { byText, listOrder } from '../../db/list-order.js';
import type { Db } from '../../db/database.js';
import { containing } from '../../db/like-pattern.js';
import { channels } from '../../db/schema.js';

export type ChannelRow = typeof channels.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Db | Tx;

export interface ChannelFilter extends ListSort<ChannelSort> {
  name?: string | undefined;
  type?: number | undefined;
}
type ChannelSort = (typeof CHANNEL_SORTS)[number];

/** One page, newest first or in the header's order, with one row more than asked to tell whether there is a next page. */
export function listChannels(db: Runner, eId: string, f: ChannelFilter, from: number, perPage: number): Promise<ChannelRow[]> {
  const name = f.name?.trim();
  return db
    .select()
    .from(channels)
    .where(and(eq(channels.eId, eId), name ? ilike(channels.name, containing(name)) : undefined, f.type === undefined ? undefined : eq(channels.type, f.type)))
    .orderBy(...listOrder(f, { name: byText(channels.name), updated: channels.updatedAt }, channels.id, [desc(channels.createdAt), desc(channels.id)]))
    .limit(perPage + 1)
    .offset(from);
}

export async function findChannel(db: Runner, eId: string, id: string): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.eId, eId), eq(channels.id, id)));
  return row ?? null;
}

/** Names are unique per enterprise whatever their case, as the unique index has it. */
export async function nameTaken(db: Runner, eId: string, name: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.eId, eId), sql`lower(${channels.name}) = lower(${name})`, except ? ne(channels.id, except) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function deleteChannel(db: Runner, eId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(channels)
    .where(and(eq(channels.eId, eId), eq(channels.id, id)))
    .returning({ id: channels.id });
  return gone.length > 0;
}

/**
 * The WhatsApp Cloud channels a webhook may be for, in any enterprise: by phone number id (message statuses) or
 * WABA id (template reviews). Few channels exist per server, so the JSON fields are read without an index.
 */
export function webhookChannels(db: Runner, phoneNumberIds: string[], wabaIds: string[]): Promise<ChannelRow[]> {
  if (!phoneNumberIds.length && !wabaIds.length) return Promise.resolve([]);
  const matches = [
    phoneNumberIds.length ? sql`${channels.data}->>'phoneNumberId' in ${phoneNumberIds}` : undefined,
    wabaIds.length ? sql`${channels.data}->>'wabaId' in ${wabaIds}` : undefined,
  ];
  return db
    .select()
    .from(channels)
    .where(and(eq(channels.vendor, WHATSAPP_CLOUD_VENDOR), or(...matches)));
}
