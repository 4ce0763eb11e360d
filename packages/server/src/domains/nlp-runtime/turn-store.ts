import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { meterCtes } from '../billing/meter.js';
import { GroupBatcher, type Settled } from './group-batcher.js';

/** A conversation session as a turn needs it. */
export interface StoredSession {
  id: string;
  senderId: string;
  state: Record<string, unknown>;
}

interface SessionKey {
  id: string;
  eId: string;
  agentId: string;
}

/** One answered turn: the session's new state and the message-log row, written together or not at all. */
export interface TurnRecord {
  eId: string;
  agentId: string;
  sessionId: string;
  /** The session is new: it is inserted with this turn (its id made in the process) rather than updated. */
  newSession: boolean;
  senderId: string;
  state: Record<string, unknown>;
  userMessage: string;
  intentIdentified: boolean;
  intent: string | null;
  confidence: number;
  utterance: string | null;
  botResponse: string;
  emotion: string;
  otherIntents: { intent: string; confidence: number; utterance: string | null }[];
  scoped: boolean;
  weak: boolean;
  /** predictReply's output.source: the report tells knowledge-base answers apart. */
  answerSource: string;
}

/** Most turns one statement carries; the batch travels as one jsonb parameter, so this bounds its size only. */
const MAX_BATCH = 256;

/**
 * Batches of one kind in flight at once: PGlite runs one statement at a time anyway, so one batch gathers the most;
 * on a PostgreSQL pool two overlap (measured: 1, 2 and 4 perform alike; the turn's CPU, not the database, bounds it).
 */
function inFlightFor(db: Db): number {
  const client = (db as unknown as { $client?: { totalCount?: unknown } }).$client;
  return typeof client?.totalCount === 'number' ? 2 : 1;
}

/** SQLSTATE classes caused by a row's own content (22 data exception, 23 integrity): the other rows may go on alone. */
const ROW_ERROR = /^2[23]/;

function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A lone surrogate is valid in a JavaScript string but not in jsonb; the driver would have sent U+FFFD for it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (_key: string, value: unknown) => (typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value);
/**
 * JSON of a batch for jsonb. JSON.stringify writes a lone surrogate as a \uD8xx-\uDFxx escape and a paired one as
 * itself, so the replacer (which costs a call per value) runs only for a batch whose plain JSON shows such an escape.
 */
function jsonbText(value: unknown): string {
  const plain = JSON.stringify(value);
  return /\\u[dD][89a-fA-F]/.test(plain) ? JSON.stringify(value, wellFormed) : plain;
}

/**
 * The conversation runtime's database traffic, grouped: the session reads of the turns that arrive together are
 * one SELECT, and their writes one statement (sessions inserted or updated, message-log rows inserted), committed
 * before any of those turns is answered. The caller never puts two turns of one session in flight at once
 * (conversation-service serializes them), so a batch holds at most one turn per session.
 */
export class TurnStore {
  private readonly reads: GroupBatcher<SessionKey, StoredSession | null>;
  private readonly writes: GroupBatcher<TurnRecord, void>;

  constructor(
    private readonly db: Db,
    opts: { maxInFlight: number } = { maxInFlight: inFlightFor(db) },
  ) {
    this.reads = new GroupBatcher((keys) => this.readBatch(keys), { maxBatch: MAX_BATCH, maxInFlight: opts.maxInFlight });
    this.writes = new GroupBatcher((turns) => this.writeBatch(turns), { maxBatch: MAX_BATCH, maxInFlight: opts.maxInFlight });
  }

  /** The session with this id, of this enterprise and agent; null when there is none. */
  readSession(key: SessionKey): Promise<StoredSession | null> {
    return this.reads.submit(key);
  }

  /** Resolves once the turn is committed; rejects when it was not. */
  writeTurn(turn: TurnRecord): Promise<void> {
    return this.writes.submit(turn);
  }

  private async readBatch(keys: SessionKey[]): Promise<Settled<StoredSession | null>[]> {
    const wanted = JSON.stringify(keys.map((k) => ({ id: k.id, e_id: k.eId, agent_id: k.agentId })));
    const result = await this.db.execute(sql`
      SELECT s.id, s.e_id, s.agent_id, s.sender_id, s.state
      FROM conversation_sessions s
      JOIN jsonb_to_recordset(${wanted}::jsonb) AS k(id uuid, e_id uuid, agent_id uuid)
        ON s.id = k.id AND s.e_id = k.e_id AND s.agent_id = k.agent_id`);
    const rows = (result as unknown as { rows: { id: string; e_id: string; agent_id: string; sender_id: string; state: Record<string, unknown> }[] }).rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return keys.map((k) => {
      const row = byId.get(k.id);
      // Scoped again here: a row is an answer only for the enterprise and agent that asked.
      const value = row && row.e_id === k.eId && row.agent_id === k.agentId ? { id: row.id, senderId: row.sender_id, state: row.state } : null;
      return { ok: true, value };
    });
  }

  private async writeBatch(turns: TurnRecord[]): Promise<Settled<void>[]> {
    try {
      await this.writeAll(turns);
      return turns.map(() => ({ ok: true, value: undefined }));
    } catch (err) {
      // The statement failed as a whole, so nothing of the batch is committed. When a row's content is to blame,
      // each turn is tried alone and only the guilty ones fail; any other failure (connection lost, database
      // closing) fails the whole batch.
      const state = sqlState(err);
      if (turns.length === 1 || !state || !ROW_ERROR.test(state)) return turns.map(() => ({ ok: false, error: err }));
      const results: Settled<void>[] = [];
      for (const turn of turns) {
        try {
          await this.writeAll([turn]);
          results.push({ ok: true, value: undefined });
        } catch (error) {
          results.push({ ok: false, error });
        }
      }
      return results;
    }
  }

  /**
   * One statement, so one implicit transaction: every session change and message row of the batch, or none; each turn
   * is metered in it too (an NLU turn, keyed by its message row: billing/meter.ts).
   */
  private async writeAll(turns: TurnRecord[]) {
    const batch = jsonbText(
      turns.map((t, n) => ({
        n,
        sid: t.sessionId,
        e_id: t.eId,
        agent_id: t.agentId,
        sender_id: t.senderId,
        is_new: t.newSession,
        state: t.state,
        user_message: t.userMessage,
        intent_identified: t.intentIdentified,
        intent: t.intent,
        confidence: t.confidence,
        utterance: t.utterance,
        bot_response: t.botResponse,
        emotion: t.emotion,
        other_intents: t.otherIntents,
        scoped: t.scoped,
        weak: t.weak,
        answer_source: t.answerSource,
      })),
    );
    await this.db.execute(sql`
      WITH t AS (
        SELECT * FROM jsonb_to_recordset(${batch}::jsonb) AS t(
          n int, sid uuid, e_id uuid, agent_id uuid, sender_id text, is_new boolean, state jsonb, user_message text,
          intent_identified boolean, intent text, confidence real, utterance text, bot_response text, emotion text,
          other_intents jsonb, scoped boolean, weak boolean, answer_source text)
      ), created AS (
        INSERT INTO conversation_sessions (id, e_id, agent_id, sender_id, state, messages, scoped_messages, weak_messages)
        SELECT sid, e_id, agent_id, sender_id, state, 1, scoped::int, weak::int FROM t WHERE is_new
        RETURNING id
      ), updated AS (
        UPDATE conversation_sessions s
        SET state = t.state, updated_at = now(), messages = s.messages + 1,
            scoped_messages = s.scoped_messages + t.scoped::int, weak_messages = s.weak_messages + t.weak::int
        FROM t
        WHERE NOT t.is_new AND s.id = t.sid AND s.e_id = t.e_id AND s.agent_id = t.agent_id
        RETURNING s.id
      ), logged AS (
        INSERT INTO conversation_messages (e_id, agent_id, session_id, sender_id, user_message, intent_identified, intent,
          confidence, utterance, bot_response, emotion, other_intents, scoped, weak, answer_source)
        SELECT e_id, agent_id, sid, sender_id, user_message, intent_identified, intent, confidence, utterance,
          bot_response, emotion, other_intents, scoped, weak, answer_source
        FROM t ORDER BY n
        RETURNING id, e_id, created_at
      ), ${meterCtes(sql`SELECT e_id, 'NLU_TURN' AS service, 'nlu_turn' AS source, id::text AS source_id, 1 AS units, true AS billable, created_at AS occurred_at FROM logged`)}
      SELECT 1`);
  }
}
