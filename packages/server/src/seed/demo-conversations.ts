import { DEFAULT_MODEL_CONFIG } from '@parley/sdk/contract/nlp-config';
import type { Db } from '../db/database.js';
import { conversationMessages, conversationSessions } from '../db/schema.js';
import { DEMO_STORIES } from './demo-agent.js';

/** Days of demo history before the first start: enough for every chart of the NLP report to have a shape. */
export const DEMO_HISTORY_DAYS = 6;

const OUT_OF_SCOPE = ['what is the weather tomorrow', 'tell me a joke', 'can you book a taxi', 'who won the match yesterday', 'do you sell burgers'];
const EMOTIONS = ['neutral', 'neutral', 'neutral', 'joy', 'curiosity', 'gratitude', 'approval', 'confusion', 'annoyance', 'excitement'];

/** A small seeded generator: the same history on every machine, so the docs' figures and screenshots hold. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A few days of conversations with the demo agent, as the runtime logs them (messages with their running counts on
 * the session), so the NLP report shows figures on a new install. Each reply is the intent's own response, or the
 * agent's out-of-scope message for the questions it was not built for.
 */
export async function seedDemoConversations(db: Db, eId: string, agentId: string, now = new Date()): Promise<number> {
  const next = random(20261123);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
  const intents = DEMO_STORIES.flatMap((s) => s.intents);
  const outOfScope = DEFAULT_MODEL_CONFIG.outOfScopeMessage;
  const sessions: (typeof conversationSessions.$inferInsert)[] = [];
  const messages: (typeof conversationMessages.$inferInsert)[] = [];
  for (let day = DEMO_HISTORY_DAYS; day >= 1; day--) {
    const count = 4 + Math.floor(next() * 6);
    for (let c = 0; c < count; c++) {
      const sessionId = crypto.randomUUID();
      const senderId = `demo-visitor-${day}-${c}`;
      const start = new Date(now.getTime() - day * 86_400_000 + Math.floor(next() * 10 * 3_600_000));
      const turns = 1 + Math.floor(next() * 4);
      let scopedCount = 0;
      let weakCount = 0;
      for (let t = 0; t < turns; t++) {
        const at = new Date(start.getTime() + t * 40_000);
        const scoped = next() > 0.22;
        const emotion = pick(EMOTIONS);
        if (scoped) {
          const intent = pick(intents);
          const confidence = Math.round((0.62 + next() * 0.37) * 1000) / 1000;
          const weak = confidence < 0.7;
          scopedCount += 1;
          if (weak) weakCount += 1;
          const phrase = pick(intent.phrases).replace(/[[\]]/g, '');
          messages.push({
            eId,
            agentId,
            sessionId,
            senderId,
            userMessage: phrase,
            createdAt: at,
            intentIdentified: true,
            intent: intent.name,
            confidence,
            utterance: phrase,
            botResponse: (intent.responses[0] ?? '').replace('$size', 'large'),
            emotion,
            otherIntents: [],
            scoped: true,
            weak,
          });
        } else {
          const text = pick(OUT_OF_SCOPE);
          const guess = pick(intents);
          const confidence = Math.round(next() * 0.35 * 1000) / 1000;
          messages.push({
            eId,
            agentId,
            sessionId,
            senderId,
            userMessage: text,
            createdAt: at,
            intentIdentified: false,
            intent: null,
            confidence,
            utterance: null,
            botResponse: outOfScope,
            emotion,
            otherIntents: [{ intent: guess.name, confidence, utterance: guess.phrases[0]!.replace(/[[\]]/g, '') }],
            scoped: false,
            weak: false,
          });
        }
      }
      sessions.push({
        id: sessionId,
        eId,
        agentId,
        senderId,
        messages: turns,
        scopedMessages: scopedCount,
        weakMessages: weakCount,
        createdAt: start,
        updatedAt: new Date(start.getTime() + turns * 40_000),
      });
    }
  }
  await db.transaction(async (tx) => {
    await tx.insert(conversationSessions).values(sessions);
    await tx.insert(conversationMessages).values(messages);
  });
  return messages.length;
}
