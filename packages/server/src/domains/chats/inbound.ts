import { and, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { ChatAction, ChatState } from '@parley/sdk/contract/chats';
import type { Db } from '../../db/database.js';
import { chatMessages, chats } from '../../db/schema.js';
import type { InboundMessage } from '../../vendors/vendor.js';
import type { ChannelRow } from '../channels/queries.js';
import { customersFor } from './inbound-customers.js';
import { closedAt, missOutOfHours } from './out-of-hours.js';
import type { ChatMessageRow, ChatRow } from './queries.js';
import type { ChatPeople } from './shape.js';

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
  /** The chat as this message left it (a later message of the same batch is not counted yet). */
  chat: ChatRow;
  message: ChatMessageRow;
  /** The customer's first message of this chat (customerStartChat) rather than a reply. */
  started: boolean;
  /** The new chat arrived outside its department's working hours and is missed already (reason 0). */
  missedOutOfHours: boolean;
  /** The vendor's id of the media still to fetch into our storage. */
  mediaId: string | null;
  /** What the chat's summary needs beyond its row, read in the same statement that updated it. */
  people: ChatPeople;
  /** The chat's customer messages no agent has read, this one included. */
  unread: number;
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

interface Fresh {
  item: InboundItem;
  index: number;
  number: string;
  at: Date;
  preview: string;
}

const numberOf = ({ message, web }: InboundItem) => (web ? webCustomerNumber(web.visitorId) : `+${message.from.replace(/\D/g, '')}`);
const customerKey = (channelId: string, number: string) => `chat:${channelId}:${number}`;

/**
 * Stores customers' messages, each once, in one transaction whatever their number (a batch of webhooks: see
 * inbound-commit.ts), in a fixed handful of statements: the customers' locks, the ids already stored, one UPDATE of
 * their open chats that returns what the agents' event shows, the chats opened for new ones, one INSERT of the
 * messages. A message id the channel already holds (the vendor retried a webhook we answered, or sent it twice in one
 * batch) is skipped, so a retry never makes a second message; the unique index on (channel, vendor id) backs this up.
 * A customer is found in the customer master by their number, or added with the name their profile gives; their
 * messages join their open chat on the channel, or the first opens a new one in the queue. Returns, per item, what was
 * stored for it (null: already stored).
 */
export async function storeInbound(db: Db, items: InboundItem[], botFor: (channel: ChannelRow) => boolean): Promise<(StoredInbound | null)[]> {
  if (!items.length) return [];
  return db.transaction(async (tx) => {
    const keys = [...new Set(items.map((item) => customerKey(item.channel.id, numberOf(item))))];
    // One writer per customer and channel at a time (across processes too): two batches must not open two chats.
    // Taken in one order by every batch, so two batches holding some of each other's customers cannot deadlock.
    await tx.execute(
      sql`select pg_advisory_xact_lock(k) from (select distinct hashtext(x) as k from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as x order by k) as s`,
    );
    const seen = await storedIds(tx, items);
    const fresh: Fresh[] = [];
    items.forEach((item, index) => {
      const id = `${item.channel.id} ${item.message.messageId}`;
      if (seen.has(id)) return;
      seen.add(id);
      const { message } = item;
      fresh.push({
        item,
        index,
        number: numberOf(item),
        at: new Date(message.timestamp * 1000),
        preview: previewOf(message.type, message.text, message.media?.fileName),
      });
    });
    const results: (StoredInbound | null)[] = items.map(() => null);
    if (!fresh.length) return results;

    const byChat = groupByCustomer(fresh);
    const open = await bumpOpenChats(tx, byChat);
    const opened = await openChats(
      tx,
      [...byChat].filter(([key]) => !open.has(key)),
      botFor,
    );
    const chatOf = new Map([...open, ...opened]);
    const rows = await tx
      .insert(chatMessages)
      .values(
        fresh.map((f) => {
          const chat = chatOf.get(customerKey(f.item.channel.id, f.number))!;
          return {
            chatId: chat.row.id,
            eId: f.item.channel.eId,
            channelId: f.item.channel.id,
            actionType: chat.started && byChat.get(customerKey(f.item.channel.id, f.number))![0] === f ? ChatAction.CUSTOMER_START : ChatAction.CUSTOMER_REPLY,
            actionBy: f.number,
            userName: chat.row.customerName,
            message: f.item.message.text,
            kind: f.item.message.type,
            attachment: attachmentOf(f.item.message),
            vendorMessageId: f.item.message.messageId,
            actedOn: f.at,
          };
        }),
      )
      .returning();
    const rowOf = new Map(rows.map((r) => [`${r.channelId} ${r.vendorMessageId}`, r]));

    for (const [key, group] of byChat) {
      const chat = chatOf.get(key)!;
      let final = chat.row;
      const missedOutOfHours = chat.started && final.state === ChatState.STARTED && (await closedAt(tx, final.deptId, group[0]!.at));
      if (missedOutOfHours) final = await missOutOfHours(tx, final);
      group.forEach((f, k) => {
        // The chat as this message left it: the event of each message tells its own count and last line.
        const later = group.length - 1 - k;
        results[f.index] = {
          channel: f.item.channel,
          chat: { ...final, messageCount: final.messageCount - later, lastMessage: f.preview.slice(0, 200), lastMessageAt: f.at, lastCustomerAt: f.at },
          message: rowOf.get(`${f.item.channel.id} ${f.item.message.messageId}`)!,
          started: chat.started && k === 0,
          missedOutOfHours: missedOutOfHours && k === 0,
          mediaId: f.item.message.media?.id ?? null,
          people: chat.people,
          unread: chat.unread - later,
        };
      });
    }
    return results;
  });
}

/** `channel id + ' ' + vendor id` of the items' messages the channels already hold. */
async function storedIds(tx: Tx, items: InboundItem[]): Promise<Set<string>> {
  const rows = await tx
    .select({ channelId: chatMessages.channelId, id: chatMessages.vendorMessageId })
    .from(chatMessages)
    .where(
      and(
        inArray(chatMessages.channelId, [...new Set(items.map((i) => i.channel.id))]),
        inArray(chatMessages.vendorMessageId, [...new Set(items.map((i) => i.message.messageId))]),
      ),
    );
  return new Set(rows.map((r) => `${r.channelId} ${r.id}`));
}

/** The new messages per customer and channel, in arrival order. */
function groupByCustomer(fresh: Fresh[]): Map<string, Fresh[]> {
  const groups = new Map<string, Fresh[]>();
  for (const f of fresh) {
    const key = customerKey(f.item.channel.id, f.number);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return groups;
}

interface BatchChat {
  row: ChatRow;
  started: boolean;
  people: ChatPeople;
  unread: number;
}

/**
 * The customers' open chats, counted forward and their last message set, in one UPDATE that also returns what the
 * event's summary needs (participants, names, unread count): it locks each chat until the commit, so an agent
 * closing it meanwhile waits, and it replaces a read of the chat before and three after.
 */
async function bumpOpenChats(tx: Tx, byChat: Map<string, Fresh[]>): Promise<Map<string, BatchChat>> {
  const values = [...byChat.values()].map((group) => {
    const last = group.at(-1)!;
    return {
      channel_id: last.item.channel.id,
      customer_number: last.number,
      n: group.length,
      last_message: last.preview.slice(0, 200),
      at: last.at.toISOString(),
    };
  });
  const invited = sql`select p.u_id from chat_participants p where p.chat_id = ${chats.id} and p.left_at is null`;
  const rows = await tx
    .update(chats)
    .set({
      messageCount: sql`${chats.messageCount} + v.n`,
      lastMessage: sql`v.last_message`,
      lastMessageAt: sql`v.at`,
      lastCustomerAt: sql`v.at`,
      // The customer wrote: WhatsApp's 24-hour window is open again.
      isJitRequired: false,
    })
    .from(sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(channel_id uuid, customer_number text, n int, last_message text, at timestamptz)`)
    .where(and(eq(chats.channelId, sql`v.channel_id`), eq(chats.customerNumber, sql`v.customer_number`), ne(chats.state, ChatState.CLOSED)))
    .returning({
      ...getTableColumns(chats),
      unread: sql<number>`(select count(*)::int from chat_messages m where m.chat_id = ${chats.id} and not m.seen and m.action_type in (${ChatAction.CUSTOMER_START}, ${ChatAction.CUSTOMER_REPLY}))`,
      invited: sql<string[]>`(select coalesce(json_agg(i.u_id), '[]'::json) from (${invited}) as i)`,
      names: sql<Record<string, string>>`(select coalesce(json_object_agg(u.id, u.name), '{}'::json) from users u
        where u.e_id = ${chats.eId} and (u.id = ${chats.agentId} or u.id = ${chats.pendingBy} or u.id in (${invited})))`,
    });
  const open = new Map<string, BatchChat>();
  for (const { unread, invited: uIds, names, ...row } of rows) {
    const key = customerKey(row.channelId, row.customerNumber);
    // Counted before this batch's messages went in.
    open.set(key, { row, started: false, people: { invited: uIds, names: new Map(Object.entries(names)) }, unread: unread + byChat.get(key)!.length });
  }
  return open;
}

/** A chat in the queue (or the bot's) for each customer without an open one, their messages counted in already. */
async function openChats(tx: Tx, groups: [string, Fresh[]][], botFor: (channel: ChannelRow) => boolean): Promise<Map<string, BatchChat>> {
  if (!groups.length) return new Map();
  const phoned = groups.map(([, g]) => g[0]!).filter((f) => !f.item.web);
  const known = await customersFor(
    tx,
    phoned.map((f) => ({ eId: f.item.channel.eId, number: f.number, profileName: f.item.message.profileName })),
  );
  const rows = await tx
    .insert(chats)
    .values(
      groups.map(([, group]) => {
        const { item, number } = group[0]!;
        const last = group.at(-1)!;
        const withBot = botFor(item.channel);
        const customer = item.web
          ? { id: null, name: item.message.profileName.trim().slice(0, 100) || 'Web visitor' }
          : known.get(`${item.channel.eId} ${number}`)!;
        return {
          eId: item.channel.eId,
          channelId: item.channel.id,
          channelType: item.channel.type,
          deptId: item.channel.deptId,
          customerId: customer.id,
          customerNumber: number,
          customerName: customer.name,
          state: withBot ? ChatState.CREATED : ChatState.STARTED,
          botActive: withBot,
          messageCount: group.length,
          lastMessage: last.preview.slice(0, 200),
          lastMessageAt: last.at,
          lastCustomerAt: last.at,
        };
      }),
    )
    .returning();
  return new Map(
    rows.map((row) => [
      customerKey(row.channelId, row.customerNumber),
      { row, started: true, people: { invited: [], names: new Map() }, unread: row.messageCount },
    ]),
  );
}

function attachmentOf(message: InboundMessage): Record<string, unknown> | null {
  if (message.media) {
    const { mimeType, fileName, caption } = message.media;
    return { type: message.type, mimeType, ...(fileName ? { fileName } : {}), ...(caption ? { caption } : {}) };
  }
  return message.location ? { type: 'location', ...message.location } : null;
}
