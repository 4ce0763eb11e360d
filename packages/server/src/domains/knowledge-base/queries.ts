import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { WebsiteCrawlReport } from '@parley/sdk/contract/nlp-genai';
import { agentModels, kbPassages } from '../../db/schema.js';
import type { Passage } from './passages.js';

/** Replaces an agent's passages in one transaction: a question asked meanwhile sees the old index or the new one. */
export async function replacePassages(db: Db, eId: string, agentId: string, passages: readonly Passage[]) {
  await db.transaction(async (tx) => {
    await tx.delete(kbPassages).where(and(eq(kbPassages.eId, eId), eq(kbPassages.agentId, agentId)));
    for (let i = 0; i < passages.length; i += 500) {
      await tx.insert(kbPassages).values(passages.slice(i, i + 500).map((p, j) => ({ eId, agentId, ...p, position: i + j })));
    }
  });
}

export interface RankedPassage extends Passage {
  /** The question's stemmed words this passage holds, of `asked`. */
  matched: number;
  asked: number;
}

/**
 * The passages that share most of the question's words, best first. The question's words are OR-ed (plainto_tsquery
 * ANDs them, and a real question rarely has every word in one passage); ts_rank_cd orders, and `matched` counts
 * the distinct stemmed words found, which decides whether a passage answers at all.
 */
export async function rankPassages(db: Db, eId: string, agentId: string, question: string, limit = 5): Promise<RankedPassage[]> {
  const result = await db.execute(sql`
    with q as (
      select nullif(replace(plainto_tsquery('english', ${question})::text, '&', '|'), '')::tsquery as query,
             array(select distinct unnest(tsvector_to_array(to_tsvector('english', ${question})))) as words
    )
    select p.source, p.title, p.page, p.text,
           (select count(*) from unnest(q.words) w where w = any(tsvector_to_array(p.search)))::int as matched,
           cardinality(q.words) as asked
    from ${kbPassages} p, q
    where p.e_id = ${eId}::uuid and p.agent_id = ${agentId}::uuid and q.query is not null and p.search @@ q.query
    order by ts_rank_cd(p.search, q.query) desc, p.position
    limit ${limit}`);
  const rows = (result as unknown as { rows: { source: string; title: string; page: number | null; text: string; matched: number; asked: number }[] }).rows;
  return rows.map((r) => ({ ...r, page: r.page === null ? null : Number(r.page), matched: Number(r.matched), asked: Number(r.asked) }));
}

/** For each sentence, the question's stemmed words it holds (the same stemming as the index). */
export async function wordsMatchedPerSentence(db: Db, question: string, sentences: readonly string[]): Promise<number[]> {
  if (sentences.length === 0) return [];
  const result = await db.execute(sql`
    select (select count(*) from unnest(array(select distinct unnest(tsvector_to_array(to_tsvector('english', ${question}))))) w
            where w = any(tsvector_to_array(to_tsvector('english', s.sentence))))::int as n
    from jsonb_array_elements_text(${JSON.stringify(sentences)}::jsonb) with ordinality as s(sentence, i) order by s.i`);
  return (result as unknown as { rows: { n: number }[] }).rows.map((r) => Number(r.n));
}

export async function countPassages(db: Db, eId: string, agentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(kbPassages)
    .where(and(eq(kbPassages.eId, eId), eq(kbPassages.agentId, agentId)));
  return Number(row?.n ?? 0);
}

/** The website crawl of the agent's trained model (kept in its runtime data by Train); null when it had none. */
export async function lastWebsiteCrawl(db: Db, eId: string, agentId: string): Promise<WebsiteCrawlReport | null> {
  const [row] = await db
    .select({ websites: sql<Omit<WebsiteCrawlReport, 'trainedAt'> | null>`${agentModels.runtime}->'websites'`, trainedAt: agentModels.trainedAt })
    .from(agentModels)
    .where(and(eq(agentModels.eId, eId), eq(agentModels.agentId, agentId)));
  if (!row?.websites) return null;
  const { pages, skipped, stopped } = row.websites;
  return { trainedAt: row.trainedAt.toISOString(), pages, skipped, stopped };
}
