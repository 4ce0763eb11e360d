import { and, eq, ne, sql } from 'drizzle-orm';
import { ChatAction, ChatState } from '@parley/sdk/contract/chats';
import type { Db } from '../../db/database.js';
import { chatMessages, chats, customers } from '../../db/schema.js';
import type { InboundMessage } from '../../vendors/vendor.js';
import type { ChannelRow } from '../channels/queries.js';
import { searchVector } from '../customers/search-words.js';
import { closedAt, missOutOfHours } from './out-of-hours.js';
import type { ChatMessageRow, ChatRow } from './queries.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface InboundItem {
  channel: ChannelRow;
  message: InboundMessage;
  /** A web visitor (web-chat.ts): known by the widget's id, not by a phone number, and not added to the customer master. */
  web?: { visitorId: string };
}

export const webCustomerNumber = (visitorId: string) => `web:${visitorId}`;

export interface StoredInbound {
  channel: ChannelRow;
  chat: ChatRow;
  message: ChatMessageRow;
  /** The customer's first message of this chat (customerStartChat) rather than a reply. */
  started: boolean;
  /** The new chat arrived outside its department's working hours and is missed already (reason 0). */
  missedOutOfHours: boolean;
  /** The vendor's id of the media still to fetch into our storage. */
  mediaId: string | null;
}

/** What a message shows in the chat list when it has no words of its own. */
const LABELS: Record<string, string> = {
  image: '📷 Photo',
  video: '🎥 Video',
  audio: '🎤 Audio',
  document: '📄 Document',
  sticker: 'Sticker',
  location: '📍 Location',
  contacts: '👤 Contact',
  unsupported: 'Message type not supported',
};

export const previewOf = (type: string, text: string, fileName?: string | null) => text || fileName || LABELS[type] || type;

/**
 * Stores customers' messages, each once: a message id the channel already holds (the vendor retried a webhook we
 * answered, or did not hear our answer) is skipped inside the same transaction, so a retry never makes a second
 * message; the unique index on (channel, vendor id) backs this up. The customer is found in the customer master by
 * their number, or added with the name their profile gives; the message joins the customer's open chat on this
 * channel, or opens a new one in the queue. The webhook answers 200 only once this has committed.
 */
export async function storeInbound(db: Db, items: InboundItem[], botFor: (channel: ChannelRow) => boolean): Promise<StoredInbound[]> {
  if (!items.length) return [];
  return db.transaction(async (tx) => {
    const stored: StoredInbound[] = [];
    for (const item of items) {
      const one = await storeOne(tx, item, botFor(item.channel));
      if (one) stored.push(one);
    }
    return stored;
  });
}

async function storeOne(tx: Tx, { channel, message, web }: InboundItem, withBot: boolean): Promise<StoredInbound | null> {
  const number = web ? webCustomerNumber(web.visitorId) : `+${message.from.replace(/\D/g, '')}`;
  // One writer per customer and channel at a time: two webhooks of the same customer must not open two chats.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:${channel.id}:${number}`}))`);
  const [seen] = await tx
    .select({ id: chatMessages.actionId })
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, channel.id), eq(chatMessages.vendorMessageId, message.messageId)));
  if (seen) return null;

  const at = new Date(message.timestamp * 1000);
  const text = previewOf(message.type, message.text, message.media?.fileName);
  let [chat] = await tx.select().from(chats).where(and(eq(chats.channelId, channel.id), eq(chats.customerNumber, number), ne(chats.state, ChatState.CLOSED))).for('update');
  const started = !chat;
  if (!chat) {
    const customer = web ? { id: null, name: message.profileName.trim().slice(0, 100) || 'Web visitor' } : await customerFor(tx, channel.eId, number, message.profileName);
    [chat] = await tx
      .insert(chats)
      .values({
        eId: channel.eId,
        channelId: channel.id,
        channelType: channel.type,
        deptId: channel.deptId,
        customerId: customer.id,
        customerNumber: number,
        customerName: customer.name,
        state: withBot ? ChatState.CREATED : ChatState.STARTED,
        botActive: withBot,
      })
      .returning();
  }
  const attachment = message.media
    ? { type: message.type, mimeType: message.media.mimeType, ...(message.media.fileName ? { fileName: message.media.fileName } : {}), ...(message.media.caption ? { caption: message.media.caption } : {}) }
    : message.location
      ? { type: 'location', ...message.location }
      : null;
  const [row] = await tx
    .insert(chatMessages)
    .values({
      chatId: chat!.id,
      eId: channel.eId,
      channelId: channel.id,
      actionType: started ? ChatAction.CUSTOMER_START : ChatAction.CUSTOMER_REPLY,
      actionBy: number,
      userName: chat!.customerName,
      message: message.text,
      kind: message.type,
      attachment: attachment as Record<string, unknown> | null,
      vendorMessageId: message.messageId,
      actedOn: at,
    })
    .returning();
  const [updated] = await tx
    .update(chats)
    .set({
      messageCount: sql`${chats.messageCount} + 1`,
      lastMessage: text.slice(0, 200),
      lastMessageAt: at,
      lastCustomerAt: at,
      // The customer wrote: WhatsApp's 24-hour window is open again.
      isJitRequired: false,
    })
    .where(eq(chats.id, chat!.id))
    .returning();
  const missedOutOfHours = started && updated!.state === ChatState.STARTED && (await closedAt(tx, updated!.deptId, at));
  const final = missedOutOfHours ? await missOutOfHours(tx, updated!) : updated!;
  return { channel, chat: final, message: row!, started, missedOutOfHours, mediaId: message.media?.id ?? null };
}

/** The customer with this number, added to the customer master when new (their WhatsApp profile name, else the number). */
async function customerFor(tx: Tx, eId: string, number: string, profileName: string): Promise<{ id: string; name: string }> {
  const [known] = await tx.select({ id: customers.id, name: customers.name }).from(customers).where(and(eq(customers.eId, eId), eq(customers.phoneNumber, number)));
  if (known) return known;
  const name = profileName.trim().slice(0, 100) || number;
  const [added] = await tx
    .insert(customers)
    .values({ eId, name, phoneNumber: number, whatsAppNumber: number, search: searchVector([name]) })
    .onConflictDoNothing()
    .returning({ id: customers.id, name: customers.name });
  if (added) return added;
  const [raced] = await tx.select({ id: customers.id, name: customers.name }).from(customers).where(and(eq(customers.eId, eId), eq(customers.phoneNumber, number)));
  return raced!;
}
