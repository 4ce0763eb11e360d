import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A year: chunk names carry a content hash and versioned paths never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The unversioned entry names move with upgrades: pages pick up a new version within minutes. */
const SHORT = 'public, max-age=300';

/**
 * The element bundles (`npm run bundles -w @parley/elements`) for partner pages: `/elements/parley-try-it.js` (the
 * current version) and `/elements/v0.1.0/parley-try-it.js` (pinned). A module script from another origin needs
 * CORS; the files are public code, so any origin may load them, without credentials.
 */
export async function serveElements(app: FastifyInstance, dir: string): Promise<void> {
  const listing = join(dir, 'bundles.json');
  if (!existsSync(listing)) return;
  const { version } = JSON.parse(readFileSync(listing, 'utf8')) as { version: string };
  const headers = (pinned: boolean) => (reply: FastifyReply, path: string) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', pinned || path.includes('/chunks/') ? IMMUTABLE : SHORT);
  };
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/elements/',
    decorateReply: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: headers(false),
  });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: `/elements/v${version}/`,
    decorateReply: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: headers(true),
  });
}
