import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ArtifactMessages } from '@parley/sdk/contract/artifacts';
import { findArtifactById } from './queries.js';
import type { ArtifactDeps } from './service.js';
import { signatureOpens } from './vendor-url.js';

/**
 * `filename` for old clients (ASCII only, no quotes) and `filename*` with the real name (RFC 6266 / 5987). Only
 * images open in the browser: any other upload (a PDF above all, whose viewer runs script) is a download, so a file
 * a user uploaded never renders as a page of this origin.
 */
export function contentDisposition(name: string, mimeType: string | null = null) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${servedInline(mimeType) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The raster images uploads accept (file-checks.ts); SVG, which can hold script, is never one of them. */
const servedInline = (mimeType: string | null) => mimeType === 'image/png' || mimeType === 'image/jpeg';

/**
 * Whatever a browser makes of a served file, it runs as a sandboxed, opaque origin with nothing to load: no script
 * of it reaches the console's storage (where the session token lives), even if a browser ignores the attachment.
 */
export const FILE_POLICY = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

function tokenOf(request: FastifyRequest): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const header = request.headers['authentication-token'];
  return bearer ?? (Array.isArray(header) ? header[0] : header) ?? null;
}

const refuse = (res: FastifyReply, status: number, message: string) =>
  res.status(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(message);

/**
 * Stored files at `/files/<artifactId>/<name>`, outside `/api`. A public attachment needs no session: a vendor such
 * as WhatsApp fetches media by URL, and the id is a random uuid. A private one is served to its creator's session
 * only (`Authorization: Bearer` or the API's `authentication-token`), or with a link we signed for a vendor
 * (`?expires=&signature=`, vendor-url.ts), and to anyone else it does not exist. The name
 * in the path is for people; the file is found by id, its storage key from the row, never from the request.
 */
export function fileRoutes(app: FastifyInstance, deps: ArtifactDeps) {
  // The name is a wildcard, not a parameter: parameters are cut at the router's 100 characters (414), and a stored
  // name may have STORED_NAME_MAX, each up to 12 bytes percent-encoded.
  app.get('/files/:artifactId/*', async (request, res) => {
    const { artifactId } = request.params as { artifactId: string };
    const row = await findArtifactById(deps.db, artifactId);
    if (!row?.storageKey) return refuse(res, 404, ArtifactMessages.mediaNotFound);
    // A vendor fetching a private file we sent it (a broadcast's media) has no session: a signed link opens it.
    if (!row.isPublic && !signatureOpens(deps.sealed, row.id, request.query as Record<string, unknown>)) {
      const token = tokenOf(request);
      if (!token) return refuse(res, 401, ArtifactMessages.sessionExpired);
      const auth = await deps.sessions.resolve(token);
      if (!auth || auth.eId !== row.eId || auth.uId !== row.createdBy) return refuse(res, 404, ArtifactMessages.mediaNotFound);
    }
    let size: number;
    try {
      size = await deps.files.size(row.storageKey);
    } catch {
      return refuse(res, 404, ArtifactMessages.mediaNotFound);
    }
    // The bytes under an id never change (an edit renames, it does not replace), so the id and size tag them.
    const etag = `"${row.id}-${size}"`;
    res
      .header('etag', etag)
      .header('last-modified', row.createdAt.toUTCString())
      .header('cache-control', row.isPublic ? 'public, max-age=3600' : 'private, no-cache')
      .header('vary', 'authorization, authentication-token')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_POLICY);
    if (request.headers['if-none-match'] === etag) return res.status(304).send();
    return res
      .header('content-type', row.mimeType ?? 'application/octet-stream')
      .header('content-length', size)
      .header('content-disposition', contentDisposition(row.name, row.mimeType))
      .send(deps.files.read(row.storageKey));
  });
}
