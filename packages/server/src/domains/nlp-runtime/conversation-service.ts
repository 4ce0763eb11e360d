import { and, eq, sql } from 'drizzle-orm';
import { predict } from '@parley/nlu';
import { recordId } from '@parley/sdk/contract/fields';
import { RuntimeMessages, type PredictReply } from '@parley/sdk/contract/nlp-runtime';
import type { Db } from '../../db/database.js';
import { conversationMessages, conversationSessions } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { findAgent } from '../nlp-agents/queries.js';
import { closestPhrase, takeTurn, type DialogState } from './dialog.js';
import type { ModelCache } from './model-cache.js';

/** Scoped answers this close above the threshold count as Weak Understanding in the reports. */
const WEAK_MARGIN = 0.15;

export interface PredictInput {
  agentId: string;
  sessionId?: string | undefined;
  message: { text: string };
  metadata?: { senderId?: string | undefined } | undefined;
}

export class ConversationService {
  constructor(
    private readonly db: Db,
    private readonly models: ModelCache,
  ) {}

  private async session(auth: AuthContext, agentId: string, sessionId: string | undefined, senderId: string) {
    if (sessionId && recordId.safeParse(sessionId).success) {
      const [row] = await this.db
        .select()
        .from(conversationSessions)
        .where(and(eq(conversationSessions.id, sessionId), eq(conversationSessions.agentId, agentId), eq(conversationSessions.eId, auth.eId)));
      if (row) return row;
    }
    // An unknown or expired session id starts a new conversation rather than failing the chat.
    const [row] = await this.db.insert(conversationSessions).values({ eId: auth.eId, agentId, senderId, state: { turns: 0 } }).returning();
    return row!;
  }

  async predict(auth: AuthContext, input: PredictInput): Promise<PredictReply> {
    // The model lookup is scoped to the enterprise; the agent itself is read only to tell "not yours" from "not trained".
    const loaded = await this.models.get(auth.eId, input.agentId);
    if (!loaded) {
      if (!(await findAgent(this.db, auth.eId, input.agentId))) throw ApiError.notFound();
      throw ApiError.field('agentId', RuntimeMessages.notTrained);
    }
    const text = input.message.text.trim();
    const session = await this.session(auth, input.agentId, input.sessionId, input.metadata?.senderId?.trim() || auth.uId);
    const prediction = await predict(loaded.model, text);
    const turn = takeTurn(loaded.runtime, prediction, session.state as unknown as DialogState);
    const chosen = turn.intent?.name ?? null;
    const confidence = chosen ? (prediction.ranking.find((r) => r.intent === chosen)?.confidence ?? prediction.confidence) : prediction.confidence;
    const phraseOf = (name: string) => {
      const intent = loaded.runtime.intents.find((i) => i.name === name);
      return intent ? closestPhrase(intent, text) : null;
    };
    const weak = turn.scoped && prediction.intent === chosen && confidence < loaded.runtime.config.confidenceThreshold + WEAK_MARGIN;
    await this.db.transaction(async (tx) => {
      await tx
        .update(conversationSessions)
        .set({
          state: turn.state as unknown as Record<string, unknown>,
          updatedAt: new Date(),
          messages: sql`${conversationSessions.messages} + 1`,
          scopedMessages: sql`${conversationSessions.scopedMessages} + ${turn.scoped ? 1 : 0}`,
          weakMessages: sql`${conversationSessions.weakMessages} + ${weak ? 1 : 0}`,
        })
        .where(eq(conversationSessions.id, session.id));
      await tx.insert(conversationMessages).values({
        eId: auth.eId,
        agentId: input.agentId,
        sessionId: session.id,
        senderId: session.senderId,
        userMessage: text,
        intentIdentified: chosen !== null,
        intent: chosen,
        confidence,
        utterance: turn.intent ? closestPhrase(turn.intent, text) : null,
        botResponse: turn.reply.output.text,
        emotion: prediction.emotion.label,
        otherIntents: prediction.ranking.filter((r) => r.intent !== chosen).slice(0, 4).map((r) => ({ intent: r.intent, confidence: r.confidence, utterance: phraseOf(r.intent) })),
        scoped: turn.scoped,
        weak,
      });
    });
    return {
      sessionId: session.id,
      ...turn.reply,
      confidence,
      outOfScope: !turn.scoped,
      entities: prediction.entities,
      emotion: prediction.emotion.label,
    };
  }
}
