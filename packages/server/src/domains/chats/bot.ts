import { eq, sql } from 'drizzle-orm';
import { ChannelTypes } from '@parley/sdk/contract/channels';
import { ChatAction, ChatState } from '@parley/sdk/contract/chats';
import type { PredictReply } from '@parley/sdk/contract/nlp-runtime';
import { chatMessages, chats } from '../../db/schema.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { ChannelRow } from '../channels/queries.js';
import type { StoredInbound } from './inbound.js';
import { closedAt, missOutOfHours } from './out-of-hours.js';
import { findChat, type ChatRow } from './queries.js';
import type { ChatDeps } from './service.js';

/**
 * The built-in handoff intent every bot has: a customer asking for a person, in English, Hindi or Hinglish. Matched
 * before the agent's model, so no agent can train it away and it works before the first training.
 */
const HANDOFF = [
  /\b(talk|speak|chat|connect)\b.{0,20}\b(human|person|agent|someone|representative|operator|executive|staff)\b/i,
  /\b(human|real person|live agent|customer care|customer service|representative|operator)\b/i,
  /^\s*(agent|human|person)\s*(please|pls|plz)?[\s.!?]*$/i,
  /\bagent\s+(please|pls|plz)\b/i,
  /(इंसान|एजेंट|व्यक्ति|मानव|किसी\s*से\s*बात|कस्टमर\s*केयर)/u,
  /\b(insaan|insan|aadmi|agent)\s+se\s+baat\b/i,
];

export const asksForHuman = (text: string) => HANDOFF.some((re) => re.test(text));

/** Consecutive out-of-scope answers after which the bot hands over; `botHandoffAfter` in the channel's data overrides it. */
export const DEFAULT_HANDOFF_AFTER = 2;
export const HANDOFF_TEXT = 'Let me connect you to one of our team. Someone will be with you shortly.';

export type BotTurn = (eId: string, agentId: string, sessionId: string, text: string) => Promise<PredictReply>;

/** The bot's side of an enterprise: it speaks as no user, with no grant beyond its own turn. */
export const botAuth = (eId: string): AuthContext => ({ uId: 'bot', eId, roles: [], permissions: new Set(), credentialId: 'bot', method: 'password' });

/**
 * Runs the channel's bot on a customer's message while the chat is the bot's: its answer goes back through the
 * vendor like an agent's (marked as the bot's); a request for a person, or too many answers it could not give,
 * hands the chat to the queue, after which the bot stays silent until the chat closes.
 */
export class ChatBot {
  /** One turn at a time per chat, in arrival order. */
  private readonly lanes = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: ChatDeps,
    private readonly turn: BotTurn,
    private readonly send: (chat: ChatRow, m: { actionType: number; by: string; userName: string; text: string }) => Promise<unknown>,
    private readonly handedOver: (chat: ChatRow) => Promise<void>,
  ) {}

  take(s: StoredInbound): Promise<void> {
    const previous = this.lanes.get(s.chat.id) ?? Promise.resolve();
    const next = previous.then(() => this.answer(s)).catch((err: unknown) => this.deps.log.warn({ err, chatId: s.chat.id }, 'bot turn failed'));
    this.lanes.set(s.chat.id, next);
    void next.finally(() => this.lanes.get(s.chat.id) === next && this.lanes.delete(s.chat.id));
    return next;
  }

  private async answer(s: StoredInbound) {
    const chat = await findChat(this.deps.db, s.chat.eId, s.chat.id);
    const agentId = botOf(s.channel);
    if (!chat?.botActive || !agentId) return;
    const text = s.message.message;
    if (asksForHuman(text)) return this.handOff(chat, 'The customer asked for a person');
    let reply: PredictReply;
    try {
      reply = await this.turn(chat.eId, agentId, chat.id, text || s.message.kind);
    } catch {
      // An untrained or deleted bot cannot answer: people can.
      return this.handOff(chat, 'The bot could not answer');
    }
    const misses = reply.outOfScope ? chat.botMisses + 1 : 0;
    await this.deps.db.update(chats).set({ botMisses: misses }).where(eq(chats.id, chat.id));
    // The web widget renders the bot's Markdown as Try-it does; WhatsApp only knows its own marks.
    const said = chat.channelType === ChannelTypes.Web ? reply.output.text : whatsAppText(reply.output.text);
    await this.send(chat, { actionType: ChatAction.BOT_REPLY, by: 'bot', userName: 'Bot', text: said });
    if (misses >= handoffAfter(s.channel)) await this.handOff(chat, `The bot could not answer ${misses} times in a row`);
  }

  private async handOff(chat: ChatRow, why: string) {
    await this.send(chat, { actionType: ChatAction.BOT_REPLY, by: 'bot', userName: 'Bot', text: HANDOFF_TEXT });
    const [row] = await this.deps.db.transaction(async (tx) => {
      await tx.insert(chatMessages).values({
        chatId: chat.id,
        eId: chat.eId,
        channelId: chat.channelId,
        actionType: ChatAction.TRANSFERRED,
        actionBy: 'bot',
        userName: 'Bot',
        message: `${why}: the chat waits for an agent`,
        kind: 'system',
        seen: true,
      });
      const [waiting] = await tx
        .update(chats)
        .set({ botActive: false, botMisses: 0, state: ChatState.STARTED, lastMessageAt: sql`now()` })
        .where(eq(chats.id, chat.id))
        .returning();
      // Handed over after hours: nobody is there to take it, so it is missed at once like a chat arriving then.
      return waiting && (await closedAt(tx, waiting.deptId, new Date())) ? [await missOutOfHours(tx, waiting)] : [waiting];
    });
    if (row) await this.handedOver(row);
  }
}

/**
 * Agents' answers are written in Markdown (Try-it renders it); WhatsApp has its own marks: *bold*, _italic_, and a
 * link is shown as its address.
 */
export const whatsAppText = (markdown: string) =>
  markdown
    .replace(/\*\*(.+?)\*\*/g, '*$1*')
    .replace(/__(.+?)__/g, '_$1_')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '$1: $2');

export const botOf = (channel: ChannelRow) => channel.data.botAgentId?.trim() || null;
const handoffAfter = (channel: ChannelRow) => {
  const n = Number(channel.data.botHandoffAfter);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_HANDOFF_AFTER;
};
