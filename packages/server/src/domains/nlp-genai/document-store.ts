import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isSafeDocumentName, type AgentDocument } from '@parley/sdk/contract/nlp-genai';

/** Whose documents: an agent of an enterprise. Both are ids from the database, never from the client. */
export interface DocumentOwner {
  eId: string;
  agentId: string;
}

/** Raised by `put` when the name is taken: a document is never silently replaced. */
export class DocumentExistsError extends Error {
  constructor(readonly fileName: string) {
    super(`document ${fileName} exists`);
  }
}

/** The knowledge-base documents of agents. The disk store below is the first; an object store can replace it. */
export interface DocumentStore {
  /** Stores a new document; throws DocumentExistsError when the owner already has one of that name. */
  put(owner: DocumentOwner, fileName: string, bytes: Uint8Array): Promise<void>;
  /** Oldest first, so the list keeps the order of upload. */
  list(owner: DocumentOwner): Promise<AgentDocument[]>;
  /** False when there was nothing of that name. */
  delete(owner: DocumentOwner, fileName: string): Promise<boolean>;
  read(owner: DocumentOwner, fileName: string): Promise<Uint8Array | null>;
  /** Everything of an owner, when its agent is deleted. */
  removeAll(owner: DocumentOwner): Promise<void>;
}

const TEMP_PREFIX = '.upload-';
const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Files under `{root}/{eId}/{agentId}/`; the folder is the list, so there is no second record to drift. */
export class DiskDocumentStore implements DocumentStore {
  constructor(private readonly root: string) {}

  private folder(owner: DocumentOwner) {
    return join(this.root, owner.eId, owner.agentId);
  }

  private path(owner: DocumentOwner, fileName: string) {
    // The routes check names already; this is the last line before a path is built from one.
    if (!isSafeDocumentName(fileName)) throw new Error('unsafe document name');
    return join(this.folder(owner), fileName);
  }

  async put(owner: DocumentOwner, fileName: string, bytes: Uint8Array): Promise<void> {
    const target = this.path(owner, fileName);
    await mkdir(this.folder(owner), { recursive: true });
    const temp = join(this.folder(owner), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    await writeFile(temp, bytes, { flag: 'wx' });
    try {
      // link, unlike rename, refuses an existing target: two uploads of one name cannot overwrite each other.
      await link(temp, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new DocumentExistsError(fileName);
      throw err;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  }

  async list(owner: DocumentOwner): Promise<AgentDocument[]> {
    let names: string[];
    try {
      names = await readdir(this.folder(owner));
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
    const docs: (AgentDocument & { at: number })[] = [];
    for (const fileName of names.filter(isSafeDocumentName)) {
      try {
        const s = await stat(join(this.folder(owner), fileName));
        if (s.isFile()) docs.push({ fileName, size: s.size, uploadedOn: s.mtime.toISOString(), at: s.mtimeMs });
      } catch (err) {
        // Deleted between readdir and stat by a concurrent request.
        if (!isMissing(err)) throw err;
      }
    }
    return docs.sort((a, b) => a.at - b.at || a.fileName.localeCompare(b.fileName)).map(({ at: _at, ...d }) => d);
  }

  async delete(owner: DocumentOwner, fileName: string): Promise<boolean> {
    try {
      await unlink(this.path(owner, fileName));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async removeAll(owner: DocumentOwner): Promise<void> {
    await rm(this.folder(owner), { recursive: true, force: true });
  }

  async read(owner: DocumentOwner, fileName: string): Promise<Uint8Array | null> {
    try {
      return await readFile(this.path(owner, fileName));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }
}
