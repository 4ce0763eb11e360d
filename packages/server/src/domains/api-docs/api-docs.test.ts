import { readdirSync, readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@parley/sdk/contract/endpoint';
import { routeTable } from '../../http/route.js';
import { startServer } from '../../test/harness.js';
import { CONTRACT_MODULES, contractEndpoints } from './contract-modules.js';
import { escapeHtml, renderDocsHtml } from './html.js';
import { buildOpenApi, openApiPath, toJsonSchema, UNREPRESENTABLE, type HttpMethod, type OpenApiDocument, type OpenApiOperation } from './openapi.js';

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'delete', 'patch'];

function operations(doc: OpenApiDocument) {
  const ops: { key: string; path: string; method: HttpMethod; op: OpenApiOperation }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) ops.push({ key: `${method.toUpperCase()} ${path}`, path, method, op });
    }
  }
  return ops;
}

describe('API reference', async () => {
  const parley = await startServer();
  const res = await parley.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const doc = res.json() as OpenApiDocument;
  const ops = operations(doc);
  const byKey = new Map(ops.map((o) => [o.key, o.op]));
  // routeTable is shared by the process; this server registered each of these.
  const routes = [...new Map(routeTable.map((r) => [`${r.method} ${r.url}`, r])).values()];

  it('serves the document as JSON that may be cached and revalidated', async () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    // Built once: the same bytes each time, and a 304 for a client that has them.
    const again = await parley.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(again.body).toBe(res.body);
    const notModified = await parley.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Parley API', version: expect.any(String) });
    expect(doc.info.description).toContain('authentication-token');
    expect(doc.components.securitySchemes.authenticationToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'authentication-token' });
    expect(doc.security).toEqual([{ authenticationToken: [] }]);
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('has every registered route exactly once, with its method, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(50);
    const expected = routes.map((r) => `${r.method} ${openApiPath(r.url)}`).sort();
    expect(ops.map((o) => o.key).sort()).toEqual(expected);
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
    // Fastify's own list agrees (the docs routes included).
    for (const r of parley.apiRoutes) expect(byKey.has(`${r.method} ${openApiPath(r.url)}`), `${r.method} ${r.url}`).toBe(true);
  });

  it("documents each route's real access: public ones need no token, the others name what they need", () => {
    for (const r of routes) {
      const op = byKey.get(`${r.method} ${openApiPath(r.url)}`)!;
      expect(op['x-parley-access']).toEqual(r.access);
      if (r.access === 'public') {
        expect(op.security, `${r.method} ${r.url}`).toEqual([]);
        expect(op.description).toContain('Public: no token needed.');
      } else {
        // The document's default applies: the session token header.
        expect(op.security, `${r.method} ${r.url}`).toBeUndefined();
        expect(op.responses['401']).toEqual({ $ref: '#/components/responses/LoginRequired' });
      }
      if (Array.isArray(r.access)) expect(op.description).toContain(`Needs one of: ${r.access.join(', ')}.`);
    }
    expect(byKey.get('POST /api/nlp/intent')!.description).toContain('Needs one of: NLP.NLP.');
    expect(byKey.get('GET /api/openapi.json')!.security).toEqual([]);
    expect(byKey.get('GET /api/docs')!.security).toEqual([]);
  });

  it('describes every route that has a contract endpoint from it, tagged by contract module', () => {
    const contract = new Map(contractEndpoints().map((c) => [`${c.endpoint.method} ${openApiPath(`/api/${c.endpoint.path}`)}`, c]));
    let described = 0;
    for (const { key, op } of ops) {
      const c = contract.get(key);
      if (!c) continue;
      described++;
      expect(op.operationId).toBe(c.operationId);
      expect(op.tags).toEqual([c.tag]);
      expect(op.responses['200']).toMatchObject({
        content: {
          'application/json': { schema: { oneOf: [{ required: ['status', 'code', 'message', 'data'] }, { $ref: '#/components/schemas/ErrorEnvelope' }] } },
        },
      });
    }
    // All but the few routes registered by hand (CSV exports, sample CSV, socket, SSO return, webhooks, this reference).
    expect(described).toBeGreaterThanOrEqual(ops.length - 12);
    expect(doc.tags.map((t) => t.name)).toEqual(expect.arrayContaining(['account', 'profile', 'nlp-agents', 'nlp-intents', 'nlp-runtime']));
  });

  it('knows every contract module that declares endpoints', () => {
    const dir = new URL('../../../../sdk/src/contract/', import.meta.url);
    const withApis = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /export const \w+Api = \{/.test(readFileSync(new URL(f, dir), 'utf8')))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(withApis.length).toBeGreaterThan(5);
    expect(Object.keys(CONTRACT_MODULES).sort()).toEqual(withApis.sort());
  });

  it('puts path parameters in the path, GET and DELETE inputs in the query, other inputs in a JSON or form body', () => {
    for (const { key, path, method, op } of ops) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const inPath = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(
        inPath.map((p) => p.name),
        key,
      ).toEqual(names);
      expect(inPath.every((p) => p.required)).toBe(true);
      if (method === 'get' || method === 'delete') expect(op.requestBody, key).toBeUndefined();
      else
        expect(
          (op.parameters ?? []).filter((p) => p.in === 'query'),
          key,
        ).toEqual([]);
      // Ours take JSON or a form; a vendor's webhook is JSON as the vendor sends it.
      if (op.requestBody && !op.requestBody.content['multipart/form-data'] && !path.startsWith('/webhooks/')) {
        expect(Object.keys(op.requestBody.content).sort(), key).toEqual(['application/json', 'application/x-www-form-urlencoded']);
      }
    }
    const train = byKey.get('GET /api/nlp/agent/{id}/train')!;
    expect(train.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(train['x-parley-effect']).toBe('write');
    const upload = byKey.get('POST /api/nlp/agent/upload_documents')!;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
  });

  it('documents the fields of an intent', () => {
    const body = byKey.get('POST /api/nlp/intent')!.requestBody!;
    expect(body.required).toBe(true);
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      const schema = body.content[type]!.schema as { properties: Record<string, unknown>; required: string[] };
      expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['agentId', 'name']));
      expect(schema.required).toEqual(expect.arrayContaining(['agentId', 'name']));
    }
  });

  it('serves a self-contained page with every path, and no script', async () => {
    const page = await parley.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('public, max-age=300');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).not.toContain('script-src');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//i);
    for (const { path, method } of ops) {
      expect(page.body, path).toContain(`<code class="path">${escapeHtml(path)}</code>`);
      expect(page.body).toContain(`<span class="method ${method}">`);
    }
    expect(page.body).toContain('Needs one of: NLP.NLP.');
    expect(page.body).toContain('<code>agentId</code>');
  });

  it('escapes what it interpolates: a < in a description', async () => {
    const page = (await parley.app.inject({ method: 'GET', url: '/api/docs' })).body;
    // The socket's description says `?token=<session token>`.
    expect(JSON.stringify(doc)).toContain('<session token>');
    expect(page).toContain('&lt;session token&gt;');
    expect(page).not.toContain('<session token>');

    const hostile = '<img src=x onerror="alert(1)"> & </table>';
    const html = renderDocsHtml(
      buildOpenApi({
        routes: [{ method: 'POST', url: '/api/x/:id', access: ['NLP.NLP'] }],
        version: '1<2',
        contract: [
          {
            tag: 'x<y',
            operationId: 'x.save',
            endpoint: endpoint({
              method: 'POST',
              path: 'x/:id',
              input: z.object({ id: z.string(), note: z.string().describe(hostile), kind: z.enum(['<a>', 'b"']) }),
              reply: z.object({ text: z.string().describe(hostile) }),
            }),
          },
        ],
      }),
      { openapi: '/api/openapi.json' },
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('</table> &');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;/table&gt;');
    expect(html).toContain('x&lt;y');
    expect(html).toContain('1&lt;2');
    expect(html).toContain('&quot;&lt;a&gt;&quot;');
  });

  it('documents what zod cannot express without failing, and keeps the endpoint', () => {
    expect(
      toJsonSchema(
        z.string().transform((s) => s.length),
        'output',
      ),
    ).toEqual({ description: UNREPRESENTABLE });
    expect(toJsonSchema(z.object({ when: z.custom<Date>((v) => v instanceof Date) }), 'input')).toMatchObject({
      properties: { when: { description: UNREPRESENTABLE } },
    });
    // Not a zod schema at all: the converter throws, and the schema falls back to a description.
    const broken = { not: 'a schema' } as unknown as z.ZodType;
    expect(toJsonSchema(broken, 'input').description).toContain(UNREPRESENTABLE);

    const built = buildOpenApi({
      routes: [
        { method: 'POST', url: '/api/odd', access: 'authenticated' },
        { method: 'GET', url: '/api/odd/:id', access: 'public' },
      ],
      version: '0',
      contract: [
        { tag: 't', operationId: 't.odd', endpoint: endpoint({ method: 'POST', path: 'odd', input: broken, reply: broken }) },
        {
          tag: 't',
          operationId: 't.get',
          endpoint: endpoint({
            method: 'GET',
            path: 'odd/:id',
            input: z.preprocess((v) => v, z.object({ id: z.string() })),
            reply: z.string().transform(Number),
          }),
        },
      ],
    });
    expect(Object.keys(built.paths).sort()).toEqual(['/api/odd', '/api/odd/{id}']);
    expect(built.paths['/api/odd']!.post!.description).toContain('shaped in code');
    expect(built.paths['/api/odd/{id}']!.get!.security).toEqual([]);
  });
});
