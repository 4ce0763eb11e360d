import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are credentials: session tokens (`/api/ws?token=`), chat references
 * (`/chatagent?chatRefId=`), reset and activation codes, OIDC codes and state, captcha answers, passwords and keys.
 * Matched by name so a new parameter such as `embedKey` or `resetCode` is covered without a list to keep up.
 */
const SECRET_PARAM = /token|password|secret|code|captcha|answer|activation|chatref|key|state|otp/i;

/** Path segments that are themselves one-time secrets (the console's activation link). */
const SECRET_PATH = /^(\/signup-verify\/)[^/?#]+/;

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (q === -1) return path;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed escape stays as sent; its name is still matched below.
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${path}?${params.join('&')}`;
}

/**
 * Pino options for every log line: the request serializer writes the redacted URL, and `redact` removes credential
 * headers and any secret-named field a log call might pass (an error carrying a request body, for example).
 */
export function loggerOptions(level: string, extra: Record<string, unknown> = {}) {
  return {
    level,
    ...extra,
    redact: {
      paths: [
        'req.headers["authentication-token"]',
        'req.headers["x-parley-embed-key"]',
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.resetCode',
        '*.captcha',
        '*.securityCode',
        '*.apikey',
      ],
      censor: REDACTED,
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
