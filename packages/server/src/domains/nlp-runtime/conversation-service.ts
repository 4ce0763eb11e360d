import { randomUUID } from 'node:crypto';
import { recordId } from '@parley/sdk/contract/fields';
import { RuntimeMessages, type PredictReply } from '@parley/sdk/contract/nlp-runtime';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { answerFromKnowledgeBase } from '../knowledge-base/answer.js';
import type { LlmEndpoints } from '../llm/endpoints.js';
import { findAgent } from '../nlp-agents/queries.js';
import { closestPhrase, messageWords, takeTurn, wordsNewTo, type DialogState } from './dialog.js';
import { KeyedLanes } from './group-batcher.js';
import { PromptAgentTurns, type PromptTurnLog } from './prompt-agent.js';
import type { LoadedModel, ModelCache } from './model-cache.js';
import type { ModelLlms } from './model-types/chosen-llm.js';
import { ModelTypes } from './model-types/model-types.js';
import { TurnStore, type StoredSession } from './turn-store.js';

/** Scoped answers this close above the threshold count as Weak Understanding in the reports. */
const WEAK_MARGIN = 0.15;

export interface PredictInput {
  agentId: string;
  sessionId?: string | undefined;
  message: { text: string };
  metadata?: { senderId?: string | undefined } | undefined;
}

export class ConversationService {
  /** A session's turns run one after another in this process, each seeing the state its predecessor committed. */
  private readonly lanes = new KeyedLanes();
  private readonly prompts: PromptAgentTurns | undefined;
  private readonly modelTypes: ModelTypes;

  constructor(
    private readonly db: Db,
    private readonly models: ModelCache,
    private readonly turns: TurnStore = new TurnStore(db),
    private readonly llms?: LlmEndpoints,
    private readonly log?: PromptTurnLog,
    /** The LLM configurations of the OpenAi, GPT2 and Semantic model types; none: they answer as SVM, saying so. */
    modelLlms?: ModelLlms,
  ) {
    this.modelTypes = new ModelTypes(db, modelLlms);
    this.prompts = llms ? new PromptAgentTurns(turns, llms, log) : undefined;
  }

  /**
   * One turn. `opts.sessionIdIfNew` names the conversation the server keeps for a caller of its own (a live chat's bot
   * uses the chat's id), so it continues across turns without storing another id; API callers cannot set it.
   */
  async predict(auth: AuthContext, input: PredictInput, opts: { sessionIdIfNew?: string; onDelta?: (text: string) => void } = {}): Promise<PredictReply> {
    // The model lookup is scoped to the enterprise; the agent itself is read only to tell "not yours" from "not trained"
    // and to find a prompt agent, which answers through its LLM without a model (prompt-agent.ts).
    const loaded = await this.models.get(auth.eId, input.agentId);
    if (!loaded) {
      const agent = await findAgent(this.db, auth.eId, input.agentId);
      if (!agent) throw ApiError.notFound();
      if (agent.type !== 'prompt' || !this.prompts) throw ApiError.field('agentId', RuntimeMessages.notTrained);
      const prompts = this.prompts;
      return this.inSession(auth, input, opts, (session) => prompts.turn(auth, agent, input.message.text.trim(), session, opts.onDelta));
    }
    return this.inSession(auth, input, opts, (session) => this.turn(auth, input, loaded, session));
  }

  /** Runs a turn in its session: the stored one (turns of one session one after another), or a new one. */
  private inSession(
    auth: AuthContext,
    input: PredictInput,
    opts: { sessionIdIfNew?: string },
    run: (session: StoredSession & { isNew?: true }) => Promise<PredictReply>,
  ) {
    const senderId = input.metadata?.senderId?.trim() || auth.uId;
    const sessionId = input.sessionId;
    if (sessionId && recordId.safeParse(sessionId).success) {
      return this.lanes.run(`${auth.eId}:${sessionId}`, async () => {
        const session = await this.turns.readSession({ id: sessionId, eId: auth.eId, agentId: input.agentId });
        return run(session ?? this.newSession(senderId, opts.sessionIdIfNew === sessionId ? sessionId : undefined));
      });
    }
    // An unknown or expired session id starts a new conversation rather than failing the chat.
    return run(this.newSession(senderId));
  }

  private newSession(senderId: string, id: string = randomUUID()): StoredSession & { isNew: true } {
    return { id, senderId, state: { turns: 0 }, isNew: true };
  }

  /**
   * Issue 38: the knowledge base answers a question outside every intent when a passage is relevant enough, and takes
   * over from a matched intent only when the question has two or more words the intent was never trained on and one
   * passage holds every word of it ("is there a gluten free base?" against a Menu intent). Replaces the turn's reply.
   */
  private async answerFromKnowledgeBase(
    auth: AuthContext,
    agentId: string,
    loaded: LoadedModel,
    turn: ReturnType<typeof takeTurn>,
    text: string,
    words: Set<string>,
  ) {
    if (!loaded.runtime.knowledgeBase) return;
    const source = turn.reply.output.source;
    const fromIntent = source === 'intent' && turn.intent !== null && wordsNewTo(turn.intent, words).length >= 2;
    if (source !== 'out-of-scope' && !fromIntent) return;
    const found = await answerFromKnowledgeBase(
      this.db,
      auth.eId,
      agentId,
      text,
      () => this.modelTypes.answerModel(auth.eId, agentId, loaded),
      this.modelTypes.questionEmbedder(auth.eId, agentId, loaded, text),
    );
    if (!found || (fromIntent && !found.complete)) return;
    turn.reply = { ...turn.reply, output: { text: found.text, source: 'knowledge-base', sources: found.sources } };
  }

  private async turn(auth: AuthContext, input: PredictInput, loaded: LoadedModel, session: StoredSession & { isNew?: true }): Promise<PredictReply> {
    const text = input.message.text.trim();
    const { prediction, note } = await this.modelTypes.understand(auth.eId, input.agentId, loaded, text);
    const turn = takeTurn(loaded.runtime, prediction, session.state as unknown as DialogState);
    const words = messageWords(text);
    await this.answerFromKnowledgeBase(auth, input.agentId, loaded, turn, text, words);
    if (note.type === 'GPT2' && turn.reply.output.source === 'intent') {
      const rewritten = await this.modelTypes.rewrite(
        auth.eId,
        input.agentId,
        session.id,
        loaded,
        note,
        { text: turn.reply.output.text, parameters: turn.reply.parameters },
        text,
      );
      if (rewritten) turn.reply = { ...turn.reply, output: { ...turn.reply.output, text: rewritten } };
    }
    // A model type answering without its model is worth an operator's look (a provider down, a limit reached).
    if (note.fallback) this.log?.warn({ eId: auth.eId, agentId: input.agentId, modelType: note.type, reason: note.fallback }, 'model type fell back');
    const chosen = turn.intent?.name ?? null;
    const confidence = chosen ? (prediction.ranking.find((r) => r.intent === chosen)?.confidence ?? prediction.confidence) : prediction.confidence;
    const phraseOf = (name: string) => {
      const intent = loaded.runtime.intents.find((i) => i.name === name);
      return intent ? closestPhrase(intent, words) : null;
    };
    const weak = turn.scoped && prediction.intent === chosen && confidence < loaded.runtime.config.confidenceThreshold + WEAK_MARGIN;
    // Durable before answered: the reply leaves only once the session state and the log row are committed.
    await this.turns.writeTurn({
      eId: auth.eId,
      agentId: input.agentId,
      sessionId: session.id,
      newSession: session.isNew === true,
      senderId: session.senderId,
      state: turn.state as unknown as Record<string, unknown>,
      userMessage: text,
      // A turn that ends in the out-of-scope message did not identify an intent, even one whose questions it gave up on.
      intentIdentified: turn.scoped && chosen !== null,
      intent: chosen,
      confidence,
      utterance: turn.intent ? closestPhrase(turn.intent, words) : null,
      botResponse: turn.reply.output.text,
      emotion: prediction.emotion.label,
      otherIntents: prediction.ranking
        .filter((r) => r.intent !== chosen)
        .slice(0, 4)
        .map((r) => ({ intent: r.intent, confidence: r.confidence, utterance: phraseOf(r.intent) })),
      scoped: turn.scoped,
      weak,
      answerSource: turn.reply.output.source,
    });
    return {
      sessionId: session.id,
      ...turn.reply,
      confidence,
      outOfScope: !turn.scoped,
      entities: prediction.entities,
      emotion: prediction.emotion.label,
      model: note,
    };
  }
}
