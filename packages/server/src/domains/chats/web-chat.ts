import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { ChannelTypes } from '@parley/sdk/contract/channels';
import { ChatAction, ChatMessageStatus, ChatState } from '@parley/sdk/contract/chats';
import { Codes } from '@parley/sdk/contract/envelope';
import { WebChatMessages, type WebChatView } from '@parley/sdk/contract/web-chat';
import { chatMessages, chats, users } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import { findChannel, type ChannelRow } from '../channels/queries.js';
import { isUuid } from '../customers/queries.js';
import { webCustomerNumber } from './inbound.js';
import type { ChatService } from './service.js';
import { peopleOfChat, shapeMessage } from './shape.js';

/** What a visitor sees of the thread: the customer's own words, the agents' and the bot's, and when someone joined. */
const VISIBLE = [
  ChatAction.CUSTOMER_START,
  ChatAction.CUSTOMER_REPLY,
  ChatAction.AGENT_REPLY,
  ChatAction.BOT_REPLY,
  ChatAction.AGENT_PICKED,
  ChatAction.AGENT_CLOSED,
];
const TYPING_MS = 5000;

/**
 * The customer's side of a web chat. A visitor is the widget's random id with a token the server signs for it
 * (HMAC under the installation's secret), so nobody can read a chat by guessing or copying another visitor's id.
 */
export class WebChat {
  /** Agents typing, by chat id, until when: shown to the visitor on their next poll. */
  private readonly typing = new Map<string, number>();

  constructor(
    private readonly chats: ChatService,
    private readonly sealed: SealedBox,
    private readonly bus: EventBus | undefined,
  ) {
    bus?.subscribe((event) => {
      if (event.type === 'chatTyping' && typeof event.data.chatId === 'string' && event.data.actor === 'agent')
        this.typing.set(event.data.chatId, Date.now() + TYPING_MS);
    });
  }

  private get db() {
    return this.chats.deps.db;
  }

  tokenFor(channelId: string, visitorId: string) {
    return this.sealed.mac('web-visitor', `${channelId}:${visitorId}`);
  }

  private async channel(auth: AuthContext, channelId: string): Promise<ChannelRow> {
    const channel = isUuid(channelId) ? await findChannel(this.db, auth.eId, channelId) : null;
    if (!channel || channel.type !== ChannelTypes.Web) throw new ApiError(Codes.NOT_FOUND, WebChatMessages.notWeb, 404);
    return channel;
  }

  private check(channelId: string, visitorId: string, token: string) {
    if (token !== this.tokenFor(channelId, visitorId)) throw new ApiError(Codes.ACCESS_DENIED, WebChatMessages.badVisitor, 200);
  }

  private openChat(channelId: string, visitorId: string) {
    return this.db
      .select()
      .from(chats)
      .where(and(eq(chats.channelId, channelId), eq(chats.customerNumber, webCustomerNumber(visitorId))))
      .orderBy(sql`${chats.state} = ${ChatState.CLOSED}`, sql`${chats.createdAt} desc`)
      .limit(1);
  }

  async start(auth: AuthContext, input: { channelId: string; visitorId?: string | undefined; visitorToken?: string | undefined }) {
    const channel = await this.channel(auth, input.channelId);
    const known = input.visitorId && input.visitorToken && input.visitorToken === this.tokenFor(channel.id, input.visitorId);
    const visitorId = known ? input.visitorId! : randomBytes(18).toString('base64url');
    const visitorToken = this.tokenFor(channel.id, visitorId);
    return { visitorId, visitorToken, ...(await this.view(channel, visitorId, 0)) };
  }

  async send(
    auth: AuthContext,
    input: { channelId: string; visitorId: string; visitorToken: string; text: string; clientId: string; name?: string | undefined },
  ) {
    const channel = await this.channel(auth, input.channelId);
    this.check(channel.id, input.visitorId, input.visitorToken);
    await this.chats.receive([
      {
        channel,
        web: { visitorId: input.visitorId },
        message: {
          kind: 'message',
          // The widget's id for this message: sent again after a network drop, it is stored once.
          messageId: `web.${input.visitorId}.${input.clientId}`,
          from: input.visitorId,
          profileName: input.name ?? '',
          timestamp: Math.floor(Date.now() / 1000),
          type: 'text',
          text: input.text,
          media: null,
          location: null,
          replyTo: null,
          raw: null,
        },
      },
    ]);
    // The visitor's view comes back once the agents have heard of the message.
    await this.chats.announced();
    return this.view(channel, input.visitorId, 0);
  }

  async typingFrom(auth: AuthContext, input: { channelId: string; visitorId: string; visitorToken: string }) {
    const channel = await this.channel(auth, input.channelId);
    this.check(channel.id, input.visitorId, input.visitorToken);
    const [chat] = await this.openChat(channel.id, input.visitorId);
    if (chat && chat.state !== ChatState.CLOSED) {
      const people = await peopleOfChat(this.db, chat);
      if (people.length)
        await this.chats.deps.events.emit('chatTyping', chat.eId, { toUsers: people }, { chatId: chat.id, actor: 'customer', name: chat.customerName });
    }
    return { ok: true };
  }

  /**
   * The visitor's thread after `after`; with `wait`, held until it has something new (a message, or typing starting
   * or stopping) or the time is up. Woken by this chat's events, or, before the visitor has a chat, by any event of the
   * enterprise (their first message may have opened one).
   */
  async poll(auth: AuthContext, input: { channelId: string; visitorId: string; visitorToken: string; after: number; wait: number }) {
    const channel = await this.channel(auth, input.channelId);
    this.check(channel.id, input.visitorId, input.visitorToken);
    const first = await this.view(channel, input.visitorId, input.after);
    if (first.messages.length || !input.wait || !this.bus) return first;
    const deadline = Date.now() + input.wait * 1000;
    let view = first;
    while (Date.now() < deadline) {
      const chatId = view.chatId;
      const woken = await new Promise<boolean>((resolve) => {
        const finish = (value: boolean) => {
          clearTimeout(timer);
          unsubscribe();
          resolve(value);
        };
        const timer = setTimeout(() => finish(false), Math.max(0, deadline - Date.now()));
        const unsubscribe = this.bus!.subscribe((event) => {
          if (event.eId === channel.eId && (chatId ? event.data.chatId === chatId : true)) finish(true);
        });
      });
      view = await this.view(channel, input.visitorId, input.after);
      if (!woken || view.messages.length || view.typing !== first.typing) return view;
    }
    return view;
  }

  private async view(channel: ChannelRow, visitorId: string, after: number): Promise<WebChatView> {
    const [chat] = await this.openChat(channel.id, visitorId);
    if (!chat) return { chatId: null, state: null, agentName: '', typing: false, messages: [] };
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chat.id), gt(chatMessages.actionId, after), inArray(chatMessages.actionType, VISIBLE)))
      .orderBy(asc(chatMessages.actionId))
      .limit(500);
    // What the visitor has now been shown of the agents' messages is read; also one whose "delivered" is not written
    // yet (status still null: `<> read` would skip it, and the later "delivered" would leave it unread).
    const unread = rows.filter(
      (r) => (r.actionType === ChatAction.AGENT_REPLY || r.actionType === ChatAction.BOT_REPLY) && r.status !== ChatMessageStatus.READ,
    );
    if (unread.length) {
      const read = await this.db
        .update(chatMessages)
        .set({ status: ChatMessageStatus.READ })
        .where(
          and(
            inArray(
              chatMessages.actionId,
              unread.map((r) => r.actionId),
            ),
            sql`${chatMessages.status} is distinct from ${ChatMessageStatus.READ}`,
          ),
        )
        .returning();
      const people = await peopleOfChat(this.db, chat);
      for (const r of read)
        void this.chats.deps.events.emit(
          'chatMessageStatus',
          chat.eId,
          { toUsers: people },
          { chatId: chat.id, message: shapeMessage(r), isJITRequired: false },
        );
    }
    const [agent] = chat.agentId ? await this.db.select({ name: users.name }).from(users).where(eq(users.id, chat.agentId)) : [];
    return {
      chatId: chat.id,
      state: chat.state,
      agentName: agent?.name ?? '',
      typing: (this.typing.get(chat.id) ?? 0) > Date.now(),
      messages: rows.map((r) => {
        const m = shapeMessage(r);
        return {
          actionId: m.actionId,
          actionType: m.actionType,
          kind: m.kind,
          message: m.message,
          attachment: m.attachment,
          actedOn: m.actedOn,
          userName: m.actionType === ChatAction.CUSTOMER_START || m.actionType === ChatAction.CUSTOMER_REPLY ? '' : m.userName,
          status: m.status,
        };
      }),
    };
  }
}
