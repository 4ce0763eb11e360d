import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Replies compressed with brotli or gzip, whichever the client prefers. Built files come precompressed at their
 * strongest settings (`scripts/precompress.mjs`, served by @fastify/static `preCompressed`), so what is compressed
 * here is made per request (API replies, CSV exports): a quick brotli level keeps that cheap on the CPU.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

/** A year: file names under /assets/ carry a content hash, so a changed file is a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The console's page names the current hashed files: revalidated at every load, so an upgrade shows at once. */
export const REVALIDATE = 'no-cache';

/** Cache headers for the built console: hashed assets for good, everything else (index.html, icons) revalidated. */
export const consoleCacheHeaders = (res: { header(name: string, value: string): unknown }, path: string) => {
  res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : REVALIDATE);
};
