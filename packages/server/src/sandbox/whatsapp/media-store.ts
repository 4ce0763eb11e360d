import { createHash, randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.js';

/** A customer's upload as the Cloud API describes it (`GET /{media-id}`). */
export interface StoredMedia {
  id: string;
  mimeType: string;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  size: number;
  filename?: string;
}

/** The sandbox's media: what its customers upload, kept under a Graph-like id for the business to fetch. */
export interface MediaStore {
  put(bytes: Buffer, mimeType: string, filename?: string): Promise<StoredMedia>;
  info(id: string): Promise<StoredMedia | null>;
  bytes(id: string): Promise<Buffer | null>;
}

/** Graph ids are long decimal strings; only such an id is ever looked up, so no other name reaches the disk. */
const MEDIA_ID = /^\d{16}$/;
export const isMediaId = (id: string) => MEDIA_ID.test(id);
const newId = () => `${randomInt(1, 10)}${Array.from({ length: 15 }, () => randomInt(0, 10)).join('')}`;
const describe = (bytes: Buffer, mimeType: string, filename?: string): StoredMedia => ({
  id: newId(),
  mimeType,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  size: bytes.length,
  ...(filename ? { filename } : {}),
});

/** Files under `dir`: the bytes as `<id>`, their description beside them as `<id>.json`. */
export class DiskMediaStore implements MediaStore {
  constructor(private readonly dir: string) {}

  async put(bytes: Buffer, mimeType: string, filename?: string): Promise<StoredMedia> {
    const media = describe(bytes, mimeType, filename);
    await writeFile(join(this.dir, media.id), bytes);
    await writeFile(join(this.dir, `${media.id}.json`), JSON.stringify(media));
    return media;
  }

  async info(id: string): Promise<StoredMedia | null> {
    if (!isMediaId(id)) return null;
    const text = await readFile(join(this.dir, `${id}.json`), 'utf8').catch(() => null);
    return text === null ? null : (JSON.parse(text) as StoredMedia);
  }

  async bytes(id: string): Promise<Buffer | null> {
    return isMediaId(id) ? readFile(join(this.dir, id)).catch(() => null) : null;
  }
}

/** Media in memory, the oldest dropped once they pass `maxBytes` altogether. */
export class MemoryMediaStore implements MediaStore {
  private readonly items = new Map<string, { media: StoredMedia; bytes: Buffer }>();
  private total = 0;

  constructor(private readonly maxBytes = 256 * 1024 * 1024) {}

  async put(bytes: Buffer, mimeType: string, filename?: string): Promise<StoredMedia> {
    const media = describe(bytes, mimeType, filename);
    this.items.set(media.id, { media, bytes });
    this.total += bytes.length;
    for (const [id, item] of this.items) {
      if (this.total <= this.maxBytes || id === media.id) break;
      this.items.delete(id);
      this.total -= item.bytes.length;
    }
    return media;
  }

  async info(id: string): Promise<StoredMedia | null> {
    return this.items.get(id)?.media ?? null;
  }

  async bytes(id: string): Promise<Buffer | null> {
    return this.items.get(id)?.bytes ?? null;
  }
}

/**
 * On disk under DATA_DIR/sandbox-media, as long as the database that names the media is kept there too: a server on an
 * in-memory database (tests, smoke benches) keeps its media in memory, as it keeps its install secrets. A data folder
 * that cannot be written falls back to memory rather than stop the server for a sandbox.
 */
export function mediaStoreFor(config: Pick<Config, 'dataDir' | 'databaseUrl'>, onFallback: (err: unknown) => void): MediaStore {
  if (config.databaseUrl?.startsWith('memory://')) return new MemoryMediaStore();
  const dir = join(config.dataDir, 'sandbox-media');
  try {
    mkdirSync(dir, { recursive: true });
    return new DiskMediaStore(dir);
  } catch (err) {
    onFallback(err);
    return new MemoryMediaStore();
  }
}
