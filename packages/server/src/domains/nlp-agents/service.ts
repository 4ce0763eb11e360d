import { and, eq, inArray } from 'drizzle-orm';
import type { Agent, Story } from '@parley/sdk/contract/nlp-agents';
import { NlpMessages } from '@parley/sdk/contract/nlp-agents';
import { Codes } from '@parley/sdk/contract/envelope';
import type { Db } from '../../db/database.js';
import { agents, stories } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { deleteToTrash } from '../trash/put-in-trash.js';
import {
  agentStories,
  countStoriesAndIntents,
  findAgent,
  isUniqueViolation,
  listAgents,
  markDesignChanged,
  trainingOf,
  type AgentRow,
  type StoryRow,
} from './queries.js';

const ROOT_STORY = 'Root';

const shape = (a: AgentRow): Agent => ({
  id: a.id,
  eId: a.eId,
  name: a.name,
  description: a.description,
  type: a.type,
  config: a.config,
  promptConfig: a.promptConfig,
  training: trainingOf(a),
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

function tree(rows: StoryRow[]): Story {
  const nodes = new Map<string, Story>(rows.map((r) => [r.id, { id: r.id, name: r.name, agentId: r.agentId, parentId: r.parentId, childStories: [] }]));
  let root: Story | undefined;
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    if (r.parentId === null) root = node;
    else nodes.get(r.parentId)?.childStories.push(node);
  }
  if (!root) throw ApiError.notFound();
  return root;
}

export class AgentService {
  constructor(private readonly db: Db) {}

  private async agent(auth: AuthContext, id: string) {
    const agent = await findAgent(this.db, auth.eId, id);
    if (!agent) throw ApiError.notFound();
    return agent;
  }

  async save(auth: AuthContext, input: { id?: string | undefined; name: string; description: string; type: 'prompt' | 'nlp' }) {
    try {
      if (input.id) {
        await this.agent(auth, input.id);
        await this.db
          .update(agents)
          .set({ name: input.name, description: input.description, type: input.type, updatedAt: new Date() })
          .where(and(eq(agents.id, input.id), eq(agents.eId, auth.eId)));
        return { id: input.id, created: false };
      }
      // The agent and its root story are made together or not at all.
      const id = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(agents)
          .values({ eId: auth.eId, name: input.name, description: input.description, type: input.type, createdBy: auth.uId })
          .returning({ id: agents.id });
        await tx.insert(stories).values({ eId: auth.eId, agentId: row!.id, parentId: null, name: ROOT_STORY });
        return row!.id;
      });
      return { id, created: true };
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(NlpMessages.duplicateAgent, 'name');
      throw err;
    }
  }

  async list(auth: AuthContext, q: { name?: string | undefined; from: number; perPage: number }) {
    const limit = q.perPage === -1 ? 10_000 : q.perPage;
    const rows = await listAgents(this.db, auth.eId, q.name?.trim() || undefined, q.from, limit + 1);
    return { agents: rows.slice(0, limit).map(shape), more: rows.length > limit };
  }

  async get(auth: AuthContext, id: string) {
    return shape(await this.agent(auth, id));
  }

  async delete(auth: AuthContext, id: string) {
    await this.agent(auth, id);
    if ((await countStoriesAndIntents(this.db, id)) > 0) throw new ApiError(Codes.AGENT_HAS_STORIES, NlpMessages.agentHasStories, 200);
    // Kept in the trash; its documents stay on disk until the trash purges it.
    await deleteToTrash(this.db, auth, 'agent', id, (tx) => tx.delete(agents).where(and(eq(agents.id, id), eq(agents.eId, auth.eId))));
  }

  async saveStory(auth: AuthContext, input: { id?: string | undefined; agentId: string; parentId?: string | undefined; name: string }) {
    await this.agent(auth, input.agentId);
    const rows = await agentStories(this.db, auth.eId, input.agentId);
    const root = rows.find((r) => r.parentId === null);
    const parentId = input.parentId ?? root?.id;
    if (!parentId || !rows.some((r) => r.id === parentId)) throw ApiError.field('parentId', 'Unknown parent story');
    try {
      if (input.id) {
        const own = rows.find((r) => r.id === input.id && r.parentId !== null);
        if (!own) throw ApiError.notFound();
        await this.db
          .update(stories)
          .set({ name: input.name })
          .where(and(eq(stories.id, input.id), eq(stories.eId, auth.eId)));
        return { id: input.id };
      }
      const [row] = await this.db.insert(stories).values({ eId: auth.eId, agentId: input.agentId, parentId, name: input.name }).returning({ id: stories.id });
      return { id: row!.id };
    } catch (err) {
      if (isUniqueViolation(err)) throw ApiError.conflict(NlpMessages.duplicateStory, 'name');
      throw err;
    }
  }

  async stories(auth: AuthContext, agentId: string) {
    await this.agent(auth, agentId);
    return tree(await agentStories(this.db, auth.eId, agentId));
  }

  /** Deletes a story with the stories below it; the root story goes only with its agent. */
  async deleteStory(auth: AuthContext, agentId: string, storyId: string) {
    await this.agent(auth, agentId);
    const rows = await agentStories(this.db, auth.eId, agentId);
    const target = rows.find((r) => r.id === storyId);
    if (!target) throw ApiError.notFound();
    if (target.parentId === null) throw ApiError.field('storyId', 'The root story cannot be deleted');
    // Rows come oldest first and a child is always newer than its parent, so one pass collects the subtree.
    const doomed = new Set([storyId]);
    for (const r of rows) if (r.parentId && doomed.has(r.parentId)) doomed.add(r.id);
    await this.db.delete(stories).where(and(eq(stories.eId, auth.eId), inArray(stories.id, [...doomed])));
    await markDesignChanged(this.db, agentId);
  }
}
