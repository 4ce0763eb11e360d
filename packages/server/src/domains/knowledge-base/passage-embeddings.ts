import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { kbPassages } from '../../db/schema.js';
import type { LlmClient } from '../llm/llm-client.js';
import type { RankedPassage } from './queries.js';

/** Passages per embeddings request. */
const BATCH = 64;

const unit = (v: number[]) => {
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
};

/**
 * Embeds every passage of the agent's knowledge base (its title and text) and stores the unit vectors beside them,
 * so that a question's cosine similarity with a passage is a dot product in SQL. Called by Train after the rebuild.
 */
export async function embedPassages(db: Db, eId: string, agentId: string, llm: LlmClient): Promise<number> {
  const rows = await db
    .select({ id: kbPassages.id, title: kbPassages.title, text: kbPassages.text })
    .from(kbPassages)
    .where(and(eq(kbPassages.eId, eId), eq(kbPassages.agentId, agentId)))
    .orderBy(asc(kbPassages.position));
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const { vectors } = await llm.embed(batch.map((r) => `${r.title}\n${r.text}`));
    const values = batch.map((r, j) => ({ id: r.id, e: unit(vectors[j] ?? []) }));
    await db.execute(sql`
      update ${kbPassages} p set embedding = v.e
      from (select (x->>'id')::uuid as id,
                   array(select t.f::real from jsonb_array_elements_text(x->'e') with ordinality t(f, i) order by t.i) as e
            from jsonb_array_elements(${JSON.stringify(values)}::jsonb) x) v
      where p.id = v.id and p.e_id = ${eId}::uuid`);
  }
  return rows.length;
}

export interface SimilarPassage extends RankedPassage {
  /** Cosine similarity with the question, -1 to 1. */
  similarity: number;
}

/**
 * The agent's passages most similar to the question's embedding, best first, with the same word counts as the
 * full-text ranking (which decide, with the similarity, whether a passage answers).
 */
export async function similarPassages(db: Db, eId: string, agentId: string, question: string, embedding: number[], limit = 5): Promise<SimilarPassage[]> {
  const vector = `{${unit(embedding).join(',')}}`;
  const result = await db.execute(sql`
    with q as (
      select ${vector}::real[] as v,
             array(select distinct unnest(tsvector_to_array(to_tsvector('english', ${question})))) as words
    )
    select p.source, p.title, p.page, p.text,
           (select sum(a * b) from unnest(p.embedding, q.v) as t(a, b))::float8 as similarity,
           (select count(*) from unnest(q.words) w where w = any(tsvector_to_array(p.search)))::int as matched,
           cardinality(q.words) as asked
    from ${kbPassages} p, q
    where p.e_id = ${eId}::uuid and p.agent_id = ${agentId}::uuid and cardinality(p.embedding) = cardinality(q.v)
    order by similarity desc, p.position
    limit ${limit}`);
  const rows = (
    result as unknown as { rows: { source: string; title: string; page: number | null; text: string; similarity: number; matched: number; asked: number }[] }
  ).rows;
  return rows.map((r) => ({
    ...r,
    page: r.page === null ? null : Number(r.page),
    similarity: Number(r.similarity),
    matched: Number(r.matched),
    asked: Number(r.asked),
  }));
}

/** Reciprocal-rank fusion's constant (Cormack et al. 2009): ranks beyond the first few weigh about the same. */
const RRF_K = 60;

/**
 * One ranking from the full-text and the vector rankings by reciprocal-rank fusion: a passage's score is the sum of
 * 1/(60 + rank) over the rankings it is in. Neither score scale has to be comparable with the other.
 */
export function fuseRankings(lexical: RankedPassage[], vector: SimilarPassage[]): (RankedPassage & { similarity?: number })[] {
  const key = (p: RankedPassage) => `${p.source}\u0000${p.page ?? ''}\u0000${p.text}`;
  const merged = new Map<string, { passage: RankedPassage & { similarity?: number }; score: number }>();
  const add = (list: RankedPassage[]) =>
    list.forEach((p, rank) => {
      const entry = merged.get(key(p));
      if (entry) {
        entry.score += 1 / (RRF_K + rank + 1);
        entry.passage = { ...entry.passage, ...p };
      } else merged.set(key(p), { passage: p, score: 1 / (RRF_K + rank + 1) });
    });
  add(lexical);
  add(vector);
  return [...merged.values()].sort((a, b) => b.score - a.score).map((e) => e.passage);
}

/**
 * Similar enough to answer without sharing the question's words: a cosine similarity of at least this. Relevant
 * passages of OpenAI's text-embedding-3 models mostly score 0.4-0.7 with a question, unrelated ones under 0.3; a
 * passage below it still answers when it holds the question's words (`answers` in answer.ts).
 */
export const SIMILAR_ENOUGH = 0.5;

/**
 * The passages for a question: the full-text ranking, fused with the vector ranking when the knowledge base has
 * embeddings and the question could be embedded (`embedQuestion` null: full text alone, as without a model).
 */
export async function retrievePassages(
  db: Db,
  eId: string,
  agentId: string,
  question: string,
  lexical: RankedPassage[],
  embedQuestion?: () => Promise<number[] | null>,
): Promise<(RankedPassage & { similarity?: number })[]> {
  const embedding = embedQuestion ? await embedQuestion() : null;
  if (!embedding) return lexical;
  return fuseRankings(lexical, await similarPassages(db, eId, agentId, question, embedding));
}
