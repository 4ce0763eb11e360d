import { storedGenAiConfig } from '@parley/sdk/contract/nlp-genai';
import type { Db } from '../../db/database.js';
import type { DocumentOwner, DocumentStore } from '../nlp-genai/document-store.js';
import { passagesOf, type Passage } from './passages.js';
import { pdfText } from './pdf-text.js';
import { replacePassages } from './queries.js';

export interface KnowledgeBaseBuild {
  passages: number;
  /** Documents pdf.js could not open: left out, named in the training's result. */
  unreadable: string[];
  /** The LLM configuration chosen on the Gen AI screen, which writes the answers; null: extractive answers. */
  llmConfigId: string | null;
}

/**
 * Rebuilds an agent's knowledge base from its Gen AI configuration (part of Train, issue 38): with "knowledge base
 * from documents" on, every uploaded PDF, page by page; with it off, the agent has none. Websites come with the
 * crawler.
 */
export async function buildKnowledgeBase(db: Db, store: DocumentStore, owner: DocumentOwner, config: Record<string, unknown>): Promise<KnowledgeBaseBuild> {
  const genai = storedGenAiConfig.safeParse(config.genai ?? {});
  const passages: Passage[] = [];
  const unreadable: string[] = [];
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
  await replacePassages(db, owner.eId, owner.agentId, passages);
  return { passages: passages.length, unreadable, llmConfigId: genai.success ? genai.data.genAiConfigId : null };
}
