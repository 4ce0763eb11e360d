import { and, asc, eq, sql } from 'drizzle-orm';
import { TrashTexts } from '@parley/sdk/contract/trash-texts';
import { agents, entities, intents, stories } from '../../db/schema.js';
import type { TrashKind } from './snapshot.js';

/**
 * An agent with its stories (the root included), intents and custom entities. Its trained model and its
 * conversations (Try-it and channel sessions, the reports' rows) go with the delete: a restored agent is retrained
 * from its design, and old conversations are history, not design. Its knowledge-base documents stay on disk until
 * the purge.
 */
export const agentKind: TrashKind = {
  async capture(tx, eId, objectId) {
    const [agent] = await tx
      .select()
      .from(agents)
      .where(and(eq(agents.id, objectId), eq(agents.eId, eId)));
    if (!agent) return null;
    const byAgent = { stories: eq(stories.agentId, objectId), intents: eq(intents.agentId, objectId), entities: eq(entities.agentId, objectId) };
    // Oldest first: a story is always newer than its parent, so the root comes back before its children.
    const storyRows = await tx.select().from(stories).where(byAgent.stories).orderBy(asc(stories.createdAt));
    const entityRows = await tx.select().from(entities).where(byAgent.entities);
    const intentRows = await tx.select().from(intents).where(byAgent.intents);
    const untrained = {
      ...agent,
      trainingState: 'not-trained',
      trainingProgress: null,
      trainingError: null,
      trainingJobId: null,
      trainingResumed: false,
      trainedVersion: null,
      trainedAt: null,
    };
    return {
      name: agent.name,
      snapshot: {
        tables: [
          { table: 'agents', rows: [untrained] },
          { table: 'stories', rows: storyRows },
          { table: 'entities', rows: entityRows },
          { table: 'intents', rows: intentRows },
        ],
      },
    };
  },

  async conflict(db, eId, snapshot) {
    const name = String(snapshot.tables[0]?.rows[0]?.name ?? '');
    const [taken] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.eId, eId), sql`lower(${agents.name}) = lower(${name})`))
      .limit(1);
    return taken ? TrashTexts.agentNameTaken : null;
  },
};
