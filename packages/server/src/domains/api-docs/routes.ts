import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONVERSATIONS_CSV_PATH, conversationsCsvQuery } from '@parley/sdk/contract/nlp-reports';
import { API_PREFIX, routeTable } from '../../http/route.js';
import { CUSTOMER_SAMPLE_CSV_PATH } from '@parley/sdk/contract/paths';
import { SOCKET_PATH } from '../../realtime/socket-gateway.js';
import { WEBHOOK_PATH } from '../channels/webhook-routes.js';
import { OIDC_RETURN_PATH } from '../account/oidc-service.js';
import { renderDocsHtml } from './html.js';
import { buildOpenApi, type ExtraOperation, type OpenApiDocument } from './openapi.js';

export const OPENAPI_URL = `${API_PREFIX}/openapi.json`;
export const DOCS_URL = `${API_PREFIX}/docs`;

/** The page has no script at all; its styles are inline. Nothing else may load, and nobody may frame it. */
const DOCS_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Routes registered by hand, which no contract endpoint describes. */
const EXTRAS: ExtraOperation[] = [
  {
    method: 'GET',
    url: `${API_PREFIX}/${CONVERSATIONS_CSV_PATH}`,
    tag: 'nlp-reports',
    operationId: 'downloadConversationsCsv',
    summary: 'Download conversations as CSV',
    description:
      'A file, not an envelope: the conversations of the range as CSV, named `conversation_report_{dd-MM-yyyy HH:mm}.csv`. SDK: `client.downloadConversationsCsv(query)`.',
    query: conversationsCsvQuery,
    responses: {
      '200': {
        description: "The CSV file (cells starting with `=`, `+`, `-`, `@`, tab or carriage return are prefixed with `'`).",
        content: { 'text/csv': { schema: { type: 'string' } } },
        headers: { 'content-disposition': { description: 'attachment; filename="conversation_report_….csv"', schema: { type: 'string' } } },
      },
    },
  },
  {
    method: 'GET',
    url: SOCKET_PATH,
    tag: 'realtime',
    operationId: 'realtimeSocket',
    summary: 'Realtime socket (WebSocket)',
    description:
      'Upgrade to a WebSocket. Authenticate with the query (`?token=<session token>`) or with the first message `{"type":"auth","token":"<session token>"}` within 10 s; the server answers `{"type":"ready"}` and then pushes the events of your enterprise as `{type, data}` (for example `nlp.training`). Close code 4001 means the token is not (or no longer) valid.',
    responses: { '101': { description: 'Switching protocols to a WebSocket.' } },
  },
  {
    method: 'GET',
    url: OIDC_RETURN_PATH,
    tag: 'account',
    operationId: 'oidcReturn',
    summary: 'Single sign-on return',
    description: "The identity provider sends the browser here; it is redirected to the console's `/{ticket}/redirect` screen, or to `/login?ssoError=…`.",
    responses: { '302': { description: 'A redirect into the console.' } },
  },
  {
    method: 'GET',
    url: `${API_PREFIX}/${CUSTOMER_SAMPLE_CSV_PATH}`,
    tag: 'customers',
    operationId: 'downloadCustomerSampleCsv',
    summary: 'Download the sample customer CSV',
    description: "A file, not an envelope: a header row of the enterprise's current fields and one sample row that imports cleanly.",
    responses: {
      '200': {
        description: 'The sample CSV, named `customers-sample.csv`.',
        content: { 'text/csv': { schema: { type: 'string' } } },
        headers: { 'content-disposition': { description: 'attachment; filename="customers-sample.csv"', schema: { type: 'string' } } },
      },
    },
  },
  {
    method: 'GET',
    url: WEBHOOK_PATH,
    tag: 'webhooks',
    operationId: 'whatsappWebhookVerify',
    summary: "Meta's webhook subscription check",
    description:
      "Meta calls it when the webhook is set up: with `hub.mode=subscribe` and the server's verify token (`PARLEY_WHATSAPP_VERIFY_TOKEN`) it answers `hub.challenge` as plain text, otherwise 403.",
    responses: {
      '200': { description: 'The challenge, echoed.', content: { 'text/plain': { schema: { type: 'string' } } } },
      '403': { description: 'Wrong mode or verify token.', content: { 'text/plain': { schema: { type: 'string' } } } },
    },
  },
  {
    method: 'POST',
    url: WEBHOOK_PATH,
    tag: 'webhooks',
    operationId: 'whatsappWebhook',
    summary: 'WhatsApp Cloud API events',
    description:
      "Meta's webhook body (`object: whatsapp_business_account`, `entry[].changes[]`): message statuses and template reviews. `X-Hub-Signature-256` must be the HMAC-SHA256 of the exact body with the app secret of the channel the event names. Answered 200 once the events are stored; a replayed event changes nothing.",
    body: {
      type: 'object',
      description: "Meta's webhook payload.",
      properties: { object: { type: 'string' }, entry: { type: 'array', items: { type: 'object' } } },
    },
    responses: {
      '200': { description: '`EVENT_RECEIVED`.', content: { 'text/plain': { schema: { type: 'string' } } } },
      '400': { description: 'The body is not JSON.', content: { 'text/plain': { schema: { type: 'string' } } } },
      '401': { description: 'No channel, or a wrong signature.', content: { 'text/plain': { schema: { type: 'string' } } } },
    },
  },
  {
    method: 'GET',
    url: OPENAPI_URL,
    tag: 'api-docs',
    operationId: 'openApiDocument',
    summary: 'This reference as OpenAPI 3.1',
    description: 'Generated from the zod contract when the server starts.',
    responses: { '200': { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } } },
  },
  {
    method: 'GET',
    url: DOCS_URL,
    tag: 'api-docs',
    operationId: 'apiReferencePage',
    summary: 'This reference as a page',
    description: 'The OpenAPI document rendered as one HTML page.',
    responses: { '200': { description: 'The reference page.', content: { 'text/html': { schema: { type: 'string' } } } } },
  },
];

function serverVersion(): string {
  try {
    // src/domains/api-docs/ and dist/domains/api-docs/ both sit three levels under the package.
    return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

interface Rendered {
  body: string;
  etag: string;
}

const rendered = (body: string): Rendered => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });

/**
 * `GET /api/openapi.json` and `GET /api/docs`: the API reference, built once when the server is ready (every route is
 * registered by then) from `routeTable` and the contract. Public: it describes the API, not any tenant's data.
 */
export function apiDocsRoutes(app: FastifyInstance) {
  for (const [method, url] of [
    ['GET', OPENAPI_URL],
    ['GET', DOCS_URL],
    ['GET', WEBHOOK_PATH],
    ['POST', WEBHOOK_PATH],
  ] as const) {
    if (!routeTable.some((r) => r.method === method && r.url === url)) routeTable.push({ method, url, access: 'public' });
  }
  let built: { document: OpenApiDocument; json: Rendered; html: Rendered } | undefined;
  // Built on first request, not at start-up: every process (and every test server) would pay ~40 ms for a page few
  // ever ask for. By then every route is registered. routeTable is shared by every server in the process: document
  // only what this one registered. Trailing slashes are ignored by the router, which stores such a route without it.
  const build = () => {
    if (built) return built;
    const registered = (method: string, url: string) => app.hasRoute({ method: method as 'GET', url });
    const routes = routeTable.filter((r) => registered(r.method, r.url) || registered(r.method, r.url.replace(/(.)\/$/, '$1')));
    const document = buildOpenApi({ routes, version: serverVersion(), extras: EXTRAS });
    built = { document, json: rendered(JSON.stringify(document)), html: rendered(renderDocsHtml(document, { openapi: OPENAPI_URL })) };
    return built;
  };

  const serve = (get: () => Rendered, type: string) => async (request: FastifyRequest, res: FastifyReply) => {
    const page = get();
    res.header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return res.code(304).send();
    return res.type(type).send(page.body);
  };
  // Route hooks run after the security headers' (API replies: no-store): this reply holds no tenant data, so it may
  // be cached for a while and then revalidated by its ETag.
  const headers = (policy?: string) => async (_request: FastifyRequest, res: FastifyReply) => {
    res.header('cache-control', 'public, max-age=300');
    if (policy) res.header('content-security-policy', policy);
  };

  app.get(
    OPENAPI_URL,
    { onSend: headers() },
    serve(() => build().json, 'application/json; charset=utf-8'),
  );
  app.get(
    DOCS_URL,
    { onSend: headers(DOCS_POLICY) },
    serve(() => build().html, 'text/html; charset=utf-8'),
  );
  return { document: () => build().document };
}
