import type { Readable } from 'node:stream';
import type { FileStore } from '../storage/file-store.js';

/** The store, with its reads passed through `read` (a test's way to make an import's read stop or fail mid-file). */
export function withReads(files: FileStore, read: (source: Readable) => Readable): FileStore {
  return {
    write: files.write.bind(files),
    remove: files.remove.bind(files),
    size: files.size.bind(files),
    read: (key) => read(files.read(key)),
  };
}
