import { timingSafeEqual } from 'node:crypto';
import type { SealedBox } from '../../secrets/sealed-box.js';
import type { ArtifactRow } from './queries.js';

/** Where the console and elements read a stored file: a path on the server that serves it, whatever its address. */
export const fileUrl = (id: string, name: string) => `/files/${id}/${encodeURIComponent(name)}`;

/** How long a vendor may fetch a private file we handed it: a broadcast of a million at 80 a second takes ~3.5 h. */
export const SIGNED_URL_SECONDS = 48 * 3600;
const PURPOSE = 'file-link';
const FILE_PATH = /^\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i;

/**
 * The artifact id of a URL that points at one of our files: a path (`/files/<id>/<name>`, as the API gives them), or
 * an absolute URL on this server's public address (older rows, demo data). Anything else is someone else's URL.
 */
export function ourFileId(url: string, publicUrl: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, publicUrl);
  } catch {
    return null;
  }
  if (!url.startsWith('/') && parsed.origin !== new URL(publicUrl).origin) return null;
  return FILE_PATH.exec(parsed.pathname)?.[1]?.toLowerCase() ?? null;
}

const signed = (sealed: SealedBox, id: string, expires: number) => sealed.mac(PURPOSE, `${id}.${expires}`);

/**
 * The address a vendor fetches a file from: absolute on PUBLIC_URL (the one address that must leave the server), and
 * for a private file with a signature that opens it without a session until it expires.
 */
export function vendorFileUrl(row: Pick<ArtifactRow, 'id' | 'name' | 'isPublic'>, publicUrl: string, sealed: SealedBox, now = Date.now()): string {
  const url = `${publicUrl.replace(/\/+$/, '')}${fileUrl(row.id, row.name)}`;
  if (row.isPublic) return url;
  const expires = Math.floor(now / 1000) + SIGNED_URL_SECONDS;
  return `${url}?expires=${expires}&signature=${signed(sealed, row.id, expires)}`;
}

/** Whether a request for a private file carries a valid, unexpired signature for that file. */
export function signatureOpens(sealed: SealedBox, id: string, query: { expires?: unknown; signature?: unknown }, now = Date.now()): boolean {
  const expires = Number(query.expires);
  if (typeof query.signature !== 'string' || !Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const want = Buffer.from(signed(sealed, id, expires));
  const got = Buffer.from(query.signature);
  return want.length === got.length && timingSafeEqual(want, got);
}
