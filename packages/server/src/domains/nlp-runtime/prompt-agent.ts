import { detectEmotion } from '@parley/nlu';
import { promptConfig, type PromptConfig } from '@parley/sdk/contract/nlp-genai';
import type { PredictReply } from '@parley/sdk/contract/nlp-runtime';
import type { AuthContext } from '../../http/auth-context.js';
import { LlmAddressRefused, type ChatMessage, type LlmClient } from '../llm/llm-client.js';
import { LlmBudgetExceeded } from '../llm/usage.js';
import type { LlmEndpoints } from '../llm/endpoints.js';
import { CONFIRM_LINE, confirmList, DATA_RULE, EXTRACT_INSTRUCTION, MISSING_ASK, MISSING_LINE, RULES_HEADING } from '../llm/prompt-rules.js';
import type { AgentRow } from '../nlp-agents/queries.js';
import type { StoredSession, TurnStore } from './turn-store.js';

/** What a prompt agent keeps in its session's state between turns. */
export interface PromptState {
  turns: number;
  /** The conversation the LLM sees, newest last, at most HISTORY messages. */
  history: ChatMessage[];
  /** promptConfig.userData by name: the value collected so far, or null. Only for an agent that collects data. */
  userData?: Record<string, string | null>;
  /** The values last confirmed to the user (JSON), so that they are confirmed once, and again only when they change. */
  confirmed?: string | null;
}

/** Messages of the conversation sent with each turn: enough context, bounded cost. */
const HISTORY = 20;
/** A collected value longer than this is not a name or a number; it is cut rather than stored whole. */
const MAX_VALUE = 500;

export const PromptReplies = {
  notConfigured: 'This prompt agent has no AI configuration or prompt yet. Choose them in Prompt Configuration, then try again.',
  configurationGone: 'The AI configuration of this prompt agent no longer exists. Choose another one in Prompt Configuration.',
  unavailable: "Sorry, I can't answer right now: the AI service did not respond. Please try again in a moment.",
  // The agent's daily tokens or per-minute calls are spent (llm/usage.ts); the customer needs no more than this.
  overBudget: "Sorry, I can't answer more questions right now. Please try again later.",
  addressRefused:
    'The AI configuration of this prompt agent points to an address the server may not reach (a private or local address). Use a public address, or ask the operator to allow it.',
} as const;

export interface PromptTurnLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

/**
 * A prompt agent's turn (issue 38): its prompt is the system instruction of a conversation kept in the session; with
 * `extractData` on, the variables of `userData` are read from the user's messages through the model's structured
 * output (a JSON schema of nullable strings), the reply asks for the first one missing, then confirms them all. The
 * user's text and the collected values are data in the messages, never part of the instructions. No Train is needed:
 * the saved prompt configuration is used as it is.
 */
export class PromptAgentTurns {
  constructor(
    private readonly turns: TurnStore,
    private readonly llms: LlmEndpoints,
    private readonly log?: PromptTurnLog,
  ) {}

  async turn(
    auth: AuthContext,
    agent: AgentRow,
    text: string,
    session: StoredSession & { isNew?: true },
    onDelta?: (text: string) => void,
  ): Promise<PredictReply> {
    const config = promptConfig.parse(agent.promptConfig ?? {});
    const previous = session.state as Partial<PromptState>;
    const state: PromptState = {
      turns: (previous.turns ?? 0) + 1,
      history: Array.isArray(previous.history) ? previous.history : [],
      ...(config.extractData ? { userData: collectedOf(config, previous.userData), confirmed: previous.confirmed ?? null } : {}),
    };
    const answer = await this.answer(auth, agent, config, state, text, onDelta);
    if (answer.source === 'prompt')
      state.history = [...state.history, { role: 'user' as const, content: text }, { role: 'assistant' as const, content: answer.text }].slice(-HISTORY);
    const emotion = detectEmotion(text).label;
    // Durable before answered, as every turn: the session (its history and collected values) and the log row.
    await this.turns.writeTurn({
      eId: auth.eId,
      agentId: agent.id,
      sessionId: session.id,
      newSession: session.isNew === true,
      senderId: session.senderId,
      state: state as unknown as Record<string, unknown>,
      userMessage: text,
      intentIdentified: false,
      intent: null,
      confidence: answer.source === 'prompt' ? 1 : 0,
      utterance: null,
      botResponse: answer.text,
      emotion,
      otherIntents: [],
      scoped: answer.source === 'prompt',
      weak: false,
      answerSource: answer.source,
    });
    return {
      sessionId: session.id,
      output: { text: answer.text, source: answer.source, ...(state.userData ? { userData: state.userData } : {}) },
      intent: null,
      confidence: answer.source === 'prompt' ? 1 : 0,
      outOfScope: answer.source !== 'prompt',
      entities: [],
      parameters: Object.fromEntries(Object.entries(state.userData ?? {}).filter((e): e is [string, string] => e[1] !== null)),
      emotion,
    };
  }

  /** The reply, streamed to `onDelta` as it is written; a provider that fails gives a reply that says so. */
  private async answer(auth: AuthContext, agent: AgentRow, config: PromptConfig, state: PromptState, text: string, onDelta?: (text: string) => void) {
    if (!config.openaiKey || !config.prompt.trim()) return { text: PromptReplies.notConfigured, source: 'prompt-unavailable' as const };
    const client = await this.llms.client(auth.eId, config.openaiKey, { agentId: agent.id, purpose: 'prompt' });
    if (!client) return { text: PromptReplies.configurationGone, source: 'prompt-unavailable' as const };
    try {
      if (state.userData) await this.collect(client, config, state, text);
      const system = systemMessage(config, state);
      let reply = '';
      for await (const piece of client.chatStream([{ role: 'system', content: system }, ...state.history, { role: 'user', content: text }])) {
        reply += piece;
        onDelta?.(piece);
      }
      if (state.userData && state.confirmed === null && allCollected(state.userData)) state.confirmed = JSON.stringify(state.userData);
      return { text: reply.trim() || PromptReplies.unavailable, source: reply.trim() ? ('prompt' as const) : ('prompt-unavailable' as const) };
    } catch (err) {
      // The provider's status and message only: the key is in no error of the client (llm-client.ts).
      this.log?.warn({ eId: auth.eId, agentId: agent.id, err: err instanceof Error ? err.message : String(err) }, 'prompt agent: the LLM did not answer');
      const text =
        err instanceof LlmAddressRefused
          ? PromptReplies.addressRefused
          : err instanceof LlmBudgetExceeded
            ? PromptReplies.overBudget
            : PromptReplies.unavailable;
      return { text, source: 'prompt-unavailable' as const };
    }
  }

  /** Structured output over the user's messages; a value found replaces the one kept, a null never erases one. */
  private async collect(client: LlmClient, config: PromptConfig, state: PromptState, text: string) {
    const said = [...state.history.filter((m) => m.role === 'user'), { role: 'user' as const, content: text }];
    const properties = Object.fromEntries(config.userData.map((v) => [v.name, { type: ['string', 'null'], description: v.description }]));
    const schema = { type: 'object', properties, required: config.userData.map((v) => v.name), additionalProperties: false };
    const result = await client.chat([{ role: 'system', content: EXTRACT_INSTRUCTION }, ...said], { json: { name: 'collected_details', schema } });
    let found: unknown;
    try {
      found = JSON.parse(result.text);
    } catch {
      return;
    }
    if (typeof found !== 'object' || found === null) return;
    const before = JSON.stringify(state.userData);
    for (const v of config.userData) {
      const value = (found as Record<string, unknown>)[v.name];
      if (typeof value === 'string' && value.trim()) state.userData![v.name] = value.trim().slice(0, MAX_VALUE);
    }
    // A changed value is confirmed again.
    if (JSON.stringify(state.userData) !== before) state.confirmed = null;
  }
}

/** Every variable of the configuration, with what the session collected for it (variables removed since are dropped). */
function collectedOf(config: PromptConfig, kept: unknown): Record<string, string | null> {
  const old = typeof kept === 'object' && kept !== null ? (kept as Record<string, unknown>) : {};
  return Object.fromEntries(config.userData.map((v) => [v.name, typeof old[v.name] === 'string' ? (old[v.name] as string) : null]));
}

const allCollected = (data: Record<string, string | null>) => Object.values(data).every((v) => v !== null);

/** The tenant's prompt, then the server's rules: what to ask for next, or what to confirm, with values as JSON data. */
function systemMessage(config: PromptConfig, state: PromptState): string {
  const lines = [config.prompt.trim(), '', RULES_HEADING, DATA_RULE];
  if (state.userData) {
    const missing = config.userData.find((v) => state.userData![v.name] === null);
    if (missing) lines.push(`${MISSING_LINE}${missing.description}${MISSING_ASK}`);
    else if (state.confirmed === null)
      lines.push(`${CONFIRM_LINE}${confirmList(config.userData.map((v) => ({ description: v.description, value: state.userData![v.name]! })))}`);
  }
  return lines.join('\n');
}
