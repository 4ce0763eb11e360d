import { and, eq, sql } from 'drizzle-orm';
import type { FieldError } from '@parley/sdk/contract/envelope';
import {
  DocumentMessages,
  GenAiMessages,
  PDF_MAGIC,
  documentNameProblem,
  promptConfig,
  storedGenAiConfig,
  type GenAiConfig,
  type PromptConfig,
  type StoredGenAiConfig,
} from '@parley/sdk/contract/nlp-genai';
import type { Db } from '../../db/database.js';
import { agents } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { lastWebsiteCrawl } from '../knowledge-base/queries.js';
import { findAgent, type AgentRow } from '../nlp-agents/queries.js';
import { DocumentExistsError, type DocumentOwner, type DocumentStore } from './document-store.js';

export interface UploadedFile {
  fileName: string;
  bytes: Uint8Array;
}

const PDF_MAGIC_BYTES = new TextEncoder().encode(PDF_MAGIC);
const isPdf = (f: UploadedFile) => /\.pdf$/i.test(f.fileName) && f.bytes.length >= PDF_MAGIC_BYTES.length && PDF_MAGIC_BYTES.every((b, i) => f.bytes[i] === b);

/** Gen AI knowledge base, prompt configuration and documents of one agent, always within the caller's enterprise. */
export class GenAiService {
  constructor(
    private readonly db: Db,
    private readonly store: DocumentStore,
  ) {}

  private async owner(auth: AuthContext, agentId: string): Promise<DocumentOwner & { row: AgentRow }> {
    const row = await findAgent(this.db, auth.eId, agentId);
    if (!row) throw ApiError.notFound();
    return { eId: auth.eId, agentId: row.id, row };
  }

  async genAiConfig(auth: AuthContext, agentId: string): Promise<GenAiConfig> {
    const owner = await this.owner(auth, agentId);
    return { ...storedGenAiConfig.parse(owner.row.config.genai ?? {}), documents: await this.store.list(owner), ...(await this.lastCrawl(owner)) };
  }

  async saveGenAiConfig(auth: AuthContext, agentId: string, genai: StoredGenAiConfig): Promise<GenAiConfig> {
    const owner = await this.owner(auth, agentId);
    const documents = await this.store.list(owner);
    if (genai.kbFromDoc && documents.length === 0) throw ApiError.field('documents', GenAiMessages.documentRequired);
    // Merged in SQL so a concurrent model-config save (other keys of the same document) is not overwritten.
    await this.db
      .update(agents)
      .set({ config: sql`${agents.config} || jsonb_build_object('genai', ${JSON.stringify(genai)}::jsonb)`, updatedAt: new Date() })
      .where(and(eq(agents.id, owner.agentId), eq(agents.eId, auth.eId)));
    return { ...genai, documents, ...(await this.lastCrawl(owner)) };
  }

  /** The last Train's website crawl, beside the spec's fields only once there is one. */
  private async lastCrawl(owner: DocumentOwner) {
    const lastCrawl = await lastWebsiteCrawl(this.db, owner.eId, owner.agentId);
    return lastCrawl ? { lastCrawl } : {};
  }

  async promptConfig(auth: AuthContext, agentId: string): Promise<PromptConfig> {
    const { row } = await this.owner(auth, agentId);
    return promptConfig.parse(row.promptConfig);
  }

  async savePrompt(auth: AuthContext, agentId: string, config: PromptConfig): Promise<PromptConfig> {
    const owner = await this.owner(auth, agentId);
    await this.db
      .update(agents)
      .set({ promptConfig: config, updatedAt: new Date() })
      .where(and(eq(agents.id, owner.agentId), eq(agents.eId, auth.eId)));
    return config;
  }

  /** All files are checked before any is stored, and a failure part-way removes what this call stored. */
  async upload(auth: AuthContext, agentId: string, files: UploadedFile[]): Promise<{ fileName: string }[]> {
    const owner = await this.owner(auth, agentId);
    if (files.length === 0) throw ApiError.field('files', DocumentMessages.noFiles);
    const existing = new Set((await this.store.list(owner)).map((d) => d.fileName));
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    for (const file of files) {
      const message =
        documentNameProblem(file.fileName) ??
        (!isPdf(file) ? DocumentMessages.onlyPdf : existing.has(file.fileName) || seen.has(file.fileName) ? DocumentMessages.duplicate(file.fileName) : null);
      if (message && !errors.some((e) => e.message === message)) errors.push({ field: 'files', message });
      seen.add(file.fileName);
    }
    if (errors.length > 0) throw ApiError.validation(errors);

    const stored: string[] = [];
    try {
      for (const file of files) {
        await this.store.put(owner, file.fileName, file.bytes);
        stored.push(file.fileName);
      }
    } catch (err) {
      await Promise.all(stored.map((name) => this.store.delete(owner, name).catch(() => false)));
      // Another request stored the same name between the check above and this put.
      if (err instanceof DocumentExistsError) throw ApiError.field('files', DocumentMessages.duplicate(err.fileName));
      throw err;
    }
    return stored.map((fileName) => ({ fileName }));
  }

  /** Every name must be a document of the agent; then all are removed. */
  async deleteDocuments(auth: AuthContext, agentId: string, fileNames: string[]): Promise<{ fileName: string }[]> {
    const owner = await this.owner(auth, agentId);
    const names = [...new Set(fileNames)];
    const existing = new Set((await this.store.list(owner)).map((d) => d.fileName));
    const missing = names.filter((n) => !existing.has(n));
    if (missing.length > 0) throw ApiError.validation(missing.map((n) => ({ field: 'filenames', message: DocumentMessages.notFound(n) })));
    for (const name of names) await this.store.delete(owner, name);
    return names.map((fileName) => ({ fileName }));
  }
}
