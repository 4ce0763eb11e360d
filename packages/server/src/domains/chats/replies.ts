import { and, desc, eq, sql } from 'drizzle-orm';
import { ChannelTypes } from '@parley/sdk/contract/channels';
import { ChatAction, ChatMessages, ChatMessageStatus, ChatState, type ChatMessage } from '@parley/sdk/contract/chats';
import { Codes } from '@parley/sdk/contract/envelope';
import { ArtifactMessages, type MediaKind } from '@parley/sdk/contract/artifact-texts';
import type { ArtifactService } from '../artifacts/service.js';
import type { Db } from '../../db/database.js';
import { channelMessageEvents, channelMessages, chatMessages, chats, users } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { VendorError } from '../../vendors/vendor.js';
import { findChannel } from '../channels/queries.js';
import { vendorFor, type VendorDeps } from '../channels/vendor-for.js';
import type { StatusItem, Tx } from '../channels/status-batch.js';
import { isUuid } from '../customers/queries.js';
import type { ChatEvents } from './events.js';
import { findChat, type ChatRow } from './queries.js';
import { takesPart } from './reads.js';
import { peopleOfChat, shapeMessage } from './shape.js';

/** WhatsApp's customer-service window: free-form messages only within 24 hours of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 3600 * 1000;
/** The vendor's codes for "outside the window": 470 (on-premises API, the spec's) and 131047 (Cloud API). */
export const JIT_CODES = new Set([470, 131047]);
const STATUS_NUMBER: Record<string, number> = { delivered: ChatMessageStatus.DELIVERED, read: ChatMessageStatus.READ, failed: ChatMessageStatus.FAILED };

/** An agent's media reply: our URL (the thread, a web visitor) and the one the vendor fetches. */
interface OutboundMedia {
  type: 'image' | 'video' | 'audio' | 'document';
  url: string;
  vendorUrl: string;
  mimeType: string;
  fileName: string;
}
const MEDIA_TYPES: Record<MediaKind, OutboundMedia['type']> = { IMAGE: 'image', VIDEO: 'video', AUDIO: 'audio', DOC: 'document' };

const whatsApp = (chat: ChatRow) => chat.channelType === ChannelTypes.WhatsApp;
export const windowClosed = (chat: ChatRow, now = Date.now()) =>
  whatsApp(chat) && (!chat.lastCustomerAt || now - chat.lastCustomerAt.getTime() > SERVICE_WINDOW_MS);

/**
 * An agent's (or the bot's) message out: stored first, so the thread shows it at once and nothing typed is lost,
 * then handed to the channel's vendor; the vendor's id joins it, and its statuses come back through the webhook.
 * A refusal is kept on the message (status failed, the vendor's code and text); outside the customer-service window
 * the chat is flagged just-in-time and the agent sends a template instead.
 */
export class ChatReplies {
  constructor(
    private readonly db: Db,
    private readonly events: ChatEvents,
    private readonly vendors: VendorDeps,
    private readonly artifacts?: ArtifactService,
  ) {}

  async reply(auth: AuthContext, id: string, text: string, artifactId?: string): Promise<ChatMessage> {
    const chat = isUuid(id) ? await findChat(this.db, auth.eId, id) : null;
    if (!chat) throw ApiError.notFound(ChatMessages.notFound);
    if (chat.state === ChatState.CLOSED) throw new ApiError(Codes.CONFLICT, ChatMessages.closed, 200);
    if (chat.state !== ChatState.ONGOING || !(await takesPart(this.db, chat, auth.uId))) throw new ApiError(Codes.CONFLICT, ChatMessages.notYours, 200);
    if (!text.trim() && !artifactId) throw ApiError.field('message', ChatMessages.emptyReply);
    if (windowClosed(chat)) {
      await this.flagJit(chat);
      throw new ApiError(Codes.CONFLICT, ChatMessages.jitRequired, 200);
    }
    const media = artifactId ? await this.mediaOf(auth, artifactId) : undefined;
    const [me] = await this.db.select({ name: users.name }).from(users).where(eq(users.id, auth.uId));
    return this.send(chat, { actionType: ChatAction.AGENT_REPLY, by: auth.uId, userName: me?.name ?? '', text, ...(media ? { media } : {}) });
  }

  /** A file of the attachment library, checked as a broadcast's media is (kind, type, size), with the URL the vendor fetches. */
  private async mediaOf(auth: AuthContext, artifactId: string): Promise<OutboundMedia> {
    if (!this.artifacts) throw ApiError.field('artifactId', ArtifactMessages.mediaNotFound);
    const checked = await this.artifacts.mediaForVendor(auth, artifactId, undefined);
    const type = MEDIA_TYPES[checked.row.type as MediaKind];
    if (!type) throw ApiError.field('artifactId', ArtifactMessages.invalidFileType);
    return { type, url: checked.url, vendorUrl: checked.vendorUrl, mimeType: checked.mimeType, fileName: checked.row.name ?? 'file' };
  }

  /** Stores and sends one outbound message of a chat; resolves with it as it stands after the vendor's answer. */
  async send(chat: ChatRow, m: { actionType: number; by: string; userName: string; text: string; media?: OutboundMedia }): Promise<ChatMessage> {
    const media = m.media;
    // A web visitor has no session: their widget gets the signed URL the vendor would.
    const attachment = media
      ? {
          type: media.type,
          url: chat.channelType === ChannelTypes.Web ? media.vendorUrl : media.url,
          fileName: media.fileName,
          mimeType: media.mimeType,
          ...(m.text ? { caption: m.text } : {}),
        }
      : null;
    const row = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(chatMessages)
        .values({
          chatId: chat.id,
          eId: chat.eId,
          channelId: chat.channelId,
          actionType: m.actionType,
          actionBy: m.by,
          userName: m.userName,
          message: m.text,
          kind: media?.type ?? 'text',
          attachment,
        })
        .returning();
      await tx
        .update(chats)
        .set({
          messageCount: sql`${chats.messageCount} + 1`,
          lastMessage: (m.text || (media ? `[${media.type}] ${media.fileName}` : '')).slice(0, 200),
          lastMessageAt: new Date(),
        })
        .where(eq(chats.id, chat.id));
      return row!;
    });
    // Only its people are needed here, not the chat's summary: one read per message, not four.
    const people = await peopleOfChat(this.db, chat);
    void this.events.emit('agentReplyChat', chat.eId, { toUsers: people }, { chatId: chat.id, message: shapeMessage(row) });

    let done = row;
    if (chat.channelType === ChannelTypes.Web) {
      // No vendor between us and a web visitor: the message is theirs as soon as it is stored; read when their widget
      // fetches it. A poll can read it before this line runs: a status never goes back (read stays read).
      const [delivered] = await this.db
        .update(chatMessages)
        .set({ status: sql`greatest(coalesce(${chatMessages.status}, 0), ${ChatMessageStatus.DELIVERED})`, transId: `web.${row.actionId}` })
        .where(eq(chatMessages.actionId, row.actionId))
        .returning();
      const message = shapeMessage(delivered!);
      void this.events.emit('chatMessageStatus', chat.eId, { toUsers: people }, { chatId: chat.id, message, isJITRequired: false });
      return message;
    }
    try {
      const channel = await findChannel(this.db, chat.eId, chat.channelId);
      if (!channel) throw new VendorError('The channel of this chat no longer exists', 0, 404);
      const to = chat.customerNumber.replace(/^\+/, '');
      const { messageId } = await vendorFor(channel, this.vendors).sendMessage(
        media
          ? {
              to,
              type: media.type,
              link: media.vendorUrl,
              ...(m.text ? { caption: m.text } : {}),
              ...(media.type === 'document' ? { fileName: media.fileName } : {}),
            }
          : { to, type: 'text', text: m.text },
      );
      done = await this.db.transaction(async (tx) => {
        await tx
          .insert(channelMessages)
          .values({
            eId: chat.eId,
            channelId: chat.channelId,
            wamid: messageId,
            recipient: chat.customerNumber,
            payload: { type: 'text' },
            sourceType: 'CHAT',
            sourceId: chat.id,
          })
          .onConflictDoNothing();
        const [updated] = await tx.update(chatMessages).set({ transId: messageId }).where(eq(chatMessages.actionId, row.actionId)).returning();
        // A status that came back before this commit (a fast vendor) was stored without finding its message.
        const [early] = await tx
          .select({ status: channelMessageEvents.status, code: channelMessageEvents.errorCode, title: channelMessageEvents.errorTitle })
          .from(channelMessageEvents)
          .where(and(eq(channelMessageEvents.channelId, chat.channelId), eq(channelMessageEvents.wamid, messageId)))
          .orderBy(desc(channelMessageEvents.occurredAt))
          .limit(1);
        return early ? ((await applyChatStatus(tx, chat.channelId, messageId, early.status, early.code, early.title)) ?? updated!) : updated!;
      });
    } catch (err) {
      const code = err instanceof VendorError ? err.code : 0;
      const desc = err instanceof VendorError ? err.message : 'The message could not be sent';
      const [failed] = await this.db
        .update(chatMessages)
        .set({ status: ChatMessageStatus.FAILED, channelErrorCode: code, channelErrorDesc: desc })
        .where(eq(chatMessages.actionId, row.actionId))
        .returning();
      done = failed!;
      if (JIT_CODES.has(code)) await this.flagJit(chat);
    }
    const message = shapeMessage(done);
    void this.events.emit(
      'chatMessageStatus',
      chat.eId,
      { toUsers: people },
      { chatId: chat.id, message, isJITRequired: done.status === ChatMessageStatus.FAILED && JIT_CODES.has(done.channelErrorCode ?? 0) },
    );
    return message;
  }

  /** The agent's read receipt, passed on to the customer's phone; a failure costs only the blue ticks, so it is logged. */
  async readAtVendor(eId: string, chatId: string, vendorMessageId: string): Promise<void> {
    const chat = await findChat(this.db, eId, chatId);
    if (!chat || !whatsApp(chat)) return;
    const channel = await findChannel(this.db, eId, chat.channelId);
    if (channel) await vendorFor(channel, this.vendors).markRead(vendorMessageId);
  }

  private async flagJit(chat: ChatRow) {
    await this.db.update(chats).set({ isJitRequired: true }).where(eq(chats.id, chat.id));
  }
}

/** Moves one chat message by a vendor status; returns it when it moved. Statuses only go forward, failed is final. */
async function applyChatStatus(tx: Tx, channelId: string, wamid: string, status: string, code: number | null, title: string | null) {
  const next = STATUS_NUMBER[status];
  if (!next) return null;
  const [row] = await tx
    .update(chatMessages)
    .set({ status: next, ...(next === ChatMessageStatus.FAILED ? { channelErrorCode: code, channelErrorDesc: title } : {}) })
    .where(
      and(
        eq(chatMessages.channelId, channelId),
        eq(chatMessages.transId, wamid),
        next === ChatMessageStatus.FAILED
          ? sql`coalesce(${chatMessages.status}, 0) not in (${ChatMessageStatus.READ}, ${ChatMessageStatus.FAILED})`
          : sql`coalesce(${chatMessages.status}, 0) < ${next} and coalesce(${chatMessages.status}, 0) <> ${ChatMessageStatus.FAILED}`,
      ),
    )
    .returning();
  if (row && next === ChatMessageStatus.FAILED && JIT_CODES.has(code ?? 0)) await tx.update(chats).set({ isJitRequired: true }).where(eq(chats.id, row.chatId));
  return row ?? null;
}

export type ChatStatusChange = { eId: string; chatId: string; message: ChatMessage; isJITRequired: boolean };

/** With the webhook's status events, in their transaction: the chat messages they are about move too. */
export async function applyStatusesToChats(tx: Tx, fresh: StatusItem[]): Promise<ChatStatusChange[]> {
  if (!fresh.length) return [];
  // One look for the lot: a broadcast's thousands of statuses are not chat messages and cost no more than this.
  const ours = (
    (await tx.execute(sql`
      select channel_id, trans_id from chat_messages
      where trans_id is not null and (channel_id, trans_id) in (select * from unnest(${sql.param(fresh.map((i) => i.channel.id))}::uuid[], ${sql.param(fresh.map((i) => i.event.messageId))}::text[]))`)) as unknown as {
      rows: { channel_id: string; trans_id: string }[];
    }
  ).rows;
  if (!ours.length) return [];
  const known = new Set(ours.map((r) => `${r.channel_id}:${r.trans_id}`));
  const changes: ChatStatusChange[] = [];
  for (const { channel, event } of fresh.filter((i) => known.has(`${i.channel.id}:${i.event.messageId}`))) {
    const row = await applyChatStatus(tx, channel.id, event.messageId, event.status, event.errorCode, event.errorTitle);
    if (row)
      changes.push({
        eId: row.eId,
        chatId: row.chatId,
        message: shapeMessage(row),
        isJITRequired: row.status === ChatMessageStatus.FAILED && JIT_CODES.has(row.channelErrorCode ?? 0),
      });
  }
  return changes;
}
