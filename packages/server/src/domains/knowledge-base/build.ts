import { storedGenAiConfig } from '@parley/sdk/contract/nlp-genai';
import type { Db } from '../../db/database.js';
import type { DocumentOwner, DocumentStore } from '../nlp-genai/document-store.js';
import { crawlSites, type CrawlOptions, type CrawlSkip } from './crawl.js';
import { passagesOf, type Passage } from './passages.js';
import { pdfText } from './pdf-text.js';
import { replacePassages } from './queries.js';

export interface KnowledgeBaseBuild {
  passages: number;
  /** Documents pdf.js could not open: left out, named in the training's result. */
  unreadable: string[];
  /** The LLM configuration chosen on the Gen AI screen, which writes the answers; null: extractive answers. */
  llmConfigId: string | null;
  /** With "knowledge base from website" on: the pages read, those skipped and why, and a limit that stopped it. */
  websites: { pages: number; skipped: CrawlSkip[]; stopped: string | null } | null;
}

/**
 * Rebuilds an agent's knowledge base from its Gen AI configuration (part of Train, issue 38): with "knowledge base
 * from documents" on, every uploaded PDF, page by page; with "knowledge base from website" on, the configured sites,
 * crawled anew (crawl.ts). What is switched off or removed from the configuration leaves the knowledge base, since
 * it is replaced whole. A page or document that cannot be read is left out and named; it never fails the Train.
 */
export async function buildKnowledgeBase(
  db: Db,
  store: DocumentStore,
  owner: DocumentOwner,
  config: Record<string, unknown>,
  crawl: CrawlOptions = {},
): Promise<KnowledgeBaseBuild> {
  const genai = storedGenAiConfig.safeParse(config.genai ?? {});
  const passages: Passage[] = [];
  const unreadable: string[] = [];
  let websites: KnowledgeBaseBuild['websites'] = null;
  if (genai.success && genai.data.kbFromDoc) {
    for (const doc of await store.list(owner)) {
      const bytes = await store.read(owner, doc.fileName);
      if (!bytes) continue;
      try {
        const { title, pages } = await pdfText(bytes);
        passages.push(...passagesOf(doc.fileName, title ?? doc.fileName, pages));
      } catch {
        unreadable.push(doc.fileName);
      }
    }
  }
  if (genai.success && genai.data.kbFromWebsite && genai.data.websitesUrls.length) {
    const crawled = await crawlSites(genai.data.websitesUrls, crawl);
    for (const page of crawled.pages) {
      const cut = passagesOf(page.url, page.title, page.pages);
      // A web page has no page numbers: its link is the source. A PDF on a site keeps them.
      passages.push(...(page.kind === 'pdf' ? cut : cut.map((p) => ({ ...p, page: null }))));
    }
    websites = { pages: crawled.pages.length, skipped: crawled.skipped, stopped: crawled.stopped };
  }
  await replacePassages(db, owner.eId, owner.agentId, passages);
  return { passages: passages.length, unreadable, llmConfigId: genai.success ? genai.data.genAiConfigId : null, websites };
}
