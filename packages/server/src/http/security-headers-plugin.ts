import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** Origins allowed to frame the console (`frame-ancestors`), PARLEY_FRAME_ANCESTORS; the console itself only. */
  frameAncestors: string;
  /** The analytics service the agent shell frames (PARLEY_ANALYTICS_URL): its origin is added to `frame-src`. */
  analyticsUrl?: string | undefined;
}

/**
 * The console's policy: scripts only from this origin and never inline, so a stored string (an intent response, a
 * customer name) can never run as script even if a renderer slipped; this is also what keeps the session token in
 * localStorage out of an injected script's reach. Styles allow inline because React Spectrum injects its styles at
 * run time. Partners embed elements with a script tag on their own pages, not by framing, so framing is limited to
 * the origins an operator lists.
 */
export function consolePolicy(frameAncestors: string, analyticsUrl?: string) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src 'self'${analyticsUrl ? ` ${new URL(analyticsUrl).origin}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** API replies are data, never a document: nothing in them may load or be framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Headers every reply carries. API replies are never cached (they hold tenant data). */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
  const policy = consolePolicy(opts.frameAncestors, opts.analyticsUrl);
  app.addHook('onSend', async (request, res) => {
    res.header('x-content-type-options', 'nosniff');
    res.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (request.url.startsWith('/api/')) {
      res.header('cache-control', 'no-store');
      res.header('content-security-policy', API_POLICY);
    } else if (!res.hasHeader('content-security-policy')) {
      // A reply with a policy of its own (an uploaded file's, artifacts/file-routes.ts) keeps it.
      res.header('content-security-policy', policy);
    }
  });
});
