import type { AuthContext } from '../../http/auth-context.js';
import type { ArtifactService } from '../artifacts/service.js';
import type { FastifyBaseLogger } from 'fastify';
import { ChatAction, ChatState, MissedReason } from '@parley/sdk/contract/chats';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { chatMessages, chats } from '../../db/schema.js';
import type { FileStore } from '../../storage/file-store.js';
import type { ChannelRow } from '../channels/queries.js';
import type { ChatRow } from './queries.js';
import type { VendorDeps } from '../channels/vendor-for.js';
import { ChatActions } from './actions.js';
import { ChatBot, botOf, type BotTurn } from './bot.js';
import { peopleOf, queueOf, type ChatEventOut, type ChatEvents } from './events.js';
import { storeInbound, type InboundItem, type StoredInbound } from './inbound.js';
import { InboundCommitter } from './inbound-commit.js';
import { fetchInboundMedia } from './media.js';
import { ChatReplies, type ChatStatusChange } from './replies.js';
import { peopleOfChat, shapeChat, shapeMessage, summaryOf } from './shape.js';

/** A chat waiting this long in the queue without a pickup is missed (reason 1, timed out), unless its department or the enterprise's `chat.missedAfterSeconds` says otherwise. */
export const DEFAULT_MISSED_AFTER_S = 600;
const SWEEP_MS = 15_000;

export interface ChatDeps {
  db: Db;
  events: ChatEvents;
  vendors: VendorDeps;
  files: FileStore;
  /** The attachment library, where an agent's media reply comes from. */
  artifacts?: ArtifactService;
  log: FastifyBaseLogger;
  /** The NLP runtime's turn, for channels with a bot attached (`botAgentId` in the channel's data). */
  botTurn?: BotTurn;
}

/** Live chat's server side: what the webhook hands over, the agents' actions, replies, and the missed-chat sweep. */
export class ChatService {
  readonly actions: ChatActions;
  readonly replies: ChatReplies;
  private readonly bot: ChatBot | null;
  private readonly inbound: InboundCommitter;

  constructor(readonly deps: ChatDeps) {
    this.actions = new ChatActions(deps.db, deps.events);
    this.replies = new ChatReplies(deps.db, deps.events, deps.vendors, deps.artifacts);
    this.bot = deps.botTurn
      ? new ChatBot(
          deps,
          deps.botTurn,
          (chat, m) => this.replies.send(chat, m),
          (chat) => this.queued(chat),
        )
      : null;
    const withBot = (channel: ChannelRow) => this.bot !== null && botOf(channel) !== null;
    this.inbound = new InboundCommitter(
      (items) => storeInbound(deps.db, items, withBot),
      (stored) => this.announce(stored),
      deps.log,
    );
  }

  /** An agent's read receipt: stored, then passed on to the customer's phone (not awaited: it costs only blue ticks). */
  async markRead(auth: AuthContext, id: string, actionIds: number[]): Promise<number> {
    const { updated, newestVendorId } = await this.actions.markRead(auth, id, actionIds);
    if (newestVendorId)
      void this.replies
        .readAtVendor(auth.eId, id, newestVendorId)
        .catch((err: unknown) => this.deps.log.warn({ err, chatId: id }, 'read receipt not passed on'));
    return updated;
  }

  /** A chat the bot handed over now waits for people (or was missed at once, out of hours): its queue hears of it. */
  private async queued(chat: ChatRow) {
    const summary = await shapeChat(this.deps.db, chat.eId, '', chat);
    await this.deps.events.emit(chat.state === ChatState.MISSED ? 'chatMissed' : 'customerStartChat', chat.eId, queueOf(chat), {
      chatId: chat.id,
      chat: summary,
    });
    await this.deps.events.emit('updateChatCount', chat.eId, queueOf(chat), { chatId: chat.id });
  }

  /**
   * Stores customers' messages, with those of the webhooks arriving meanwhile (inbound-commit.ts): resolves, with the
   * ones that were new, once they are committed (the webhook answers 200 only then). Agents hear of them right after.
   */
  receive(items: InboundItem[]): Promise<StoredInbound[]> {
    return this.inbound.write(items);
  }

  /** Settles once agents have heard of every message stored so far (the web widget answers after that). */
  announced(): Promise<void> {
    return this.inbound.announced();
  }

  /**
   * After the commit: agents hear of the messages, all in one publish, each with its chat's summary as the message
   * left it (built from what the storing statements returned: no read here), and media is fetched from the vendor
   * into our storage.
   */
  private async announce(stored: StoredInbound[]): Promise<void> {
    const out: ChatEventOut[] = [];
    for (const s of stored) {
      const chat = summaryOf(s.chat, '', s.channel.name, s.people, s.unread);
      const message = shapeMessage(s.message);
      const queued = s.chat.state === ChatState.STARTED || s.chat.state === ChatState.MISSED;
      const base = { eId: s.chat.eId, data: { chatId: s.chat.id, chat, message } };
      if (s.chat.botActive && this.bot) {
        void this.bot.take(s);
      } else if (s.started && s.chat.state === ChatState.STARTED) {
        out.push({ ...base, type: 'customerStartChat', audience: queueOf(s.chat) });
      } else if (s.missedOutOfHours) {
        out.push({ ...base, type: 'chatMissed', audience: queueOf(s.chat), data: { chatId: s.chat.id, chat } });
        out.push({ ...base, type: 'updateChatCount', audience: queueOf(s.chat), data: { chatId: s.chat.id } });
      } else if (queued) {
        out.push({ ...base, type: 'customerReplyChat', audience: queueOf(s.chat) });
      } else {
        const people = peopleOf(chat);
        if (people.length) out.push({ ...base, type: 'customerReplyChat', audience: { toUsers: people } });
      }
      if (s.mediaId) {
        void fetchInboundMedia(this.deps, s)
          .then(async (row) => {
            if (row)
              await this.deps.events.emit('systemMessage', s.chat.eId, queued ? queueOf(s.chat) : { toUsers: peopleOf(chat) }, {
                chatId: s.chat.id,
                chat,
                message: shapeMessage(row),
                updated: true,
              });
          })
          .catch((err: unknown) => this.deps.log.warn({ err, chatId: s.chat.id }, 'inbound media not fetched'));
      }
    }
    await this.deps.events.emitAll(out);
  }

  /** Delivery and read ticks (and failures) of agents' messages, from the vendor's status webhooks. */
  announceStatuses(changes: ChatStatusChange[]): void {
    for (const c of changes) {
      void (async () => {
        const [row] = await this.deps.db.select().from(chats).where(eq(chats.id, c.chatId));
        if (!row) return;
        await this.deps.events.emit(
          'chatMessageStatus',
          c.eId,
          { toUsers: await peopleOfChat(this.deps.db, row) },
          { chatId: c.chatId, message: c.message, isJITRequired: c.isJITRequired },
        );
      })().catch((err: unknown) => this.deps.log.warn({ err }, 'chat status not announced'));
    }
  }

  /**
   * Chats left in the queue past their department's timeout become missed (reason 1), where its agents can still pick
   * them up. The timeout is the department's (Chat Config), else the enterprise's `chat.missedAfterSeconds`, else 600 s.
   */
  async sweepMissed(now = new Date()): Promise<number> {
    const missed = await this.deps.db.transaction(async (tx) => {
      const timeout = sql`coalesce(
        (select d.missed_after_seconds from departments d where d.id = ${chats.deptId}),
        (select (e.config->'chat'->>'missedAfterSeconds')::int from enterprises e where e.id = ${chats.eId}),
        ${DEFAULT_MISSED_AFTER_S})`;
      const rows = await tx
        .update(chats)
        .set({ state: ChatState.MISSED, missedReason: MissedReason.TIMED_OUT })
        .where(and(eq(chats.state, ChatState.STARTED), lt(chats.lastMessageAt, sql`${now.toISOString()}::timestamptz - make_interval(secs => ${timeout})`)))
        .returning();
      for (const chat of rows) {
        await tx.insert(chatMessages).values({
          chatId: chat.id,
          eId: chat.eId,
          channelId: chat.channelId,
          actionType: ChatAction.MISSED,
          actionBy: 'system',
          message: 'No agent picked up the chat in time',
          kind: 'system',
        });
      }
      return rows;
    });
    for (const chat of missed) {
      await this.queued(chat);
    }
    return missed.length;
  }

  startSweeps(): () => void {
    const timer = setInterval(() => void this.sweepMissed().catch((err: unknown) => this.deps.log.warn({ err }, 'missed-chat sweep failed')), SWEEP_MS);
    timer.unref();
    return () => clearInterval(timer);
  }
}
