import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live (customer CSVs today, attachments next): keys in, streams out, so a 150 MB file never
 * sits in memory. One interface so an object store can replace the disk without touching a domain.
 */
export interface FileStore {
  /** Writes the stream under `key` and returns its size in bytes. */
  write(key: string, source: Readable): Promise<number>;
  read(key: string): Readable;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}

/** Files under one directory of the data folder; keys are relative paths the server makes (never a user's name). */
export class DiskFileStore implements FileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string) {
    const full = resolve(join(this.root, key));
    if (!full.startsWith(this.root + sep)) throw new Error(`storage key outside the store: ${key}`);
    return full;
  }

  async write(key: string, source: Readable): Promise<number> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await pipeline(source, createWriteStream(path));
    return (await stat(path)).size;
  }

  read(key: string): Readable {
    return createReadStream(this.path(key), { highWaterMark: 1024 * 1024 });
  }

  async size(key: string): Promise<number> {
    return (await stat(this.path(key))).size;
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
