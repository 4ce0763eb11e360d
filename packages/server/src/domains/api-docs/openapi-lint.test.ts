import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { call, login, startServer } from '../../test/harness.js';
import type { JsonSchema } from './openapi.js';

describe('the OpenAPI document against tools nobody here wrote', async () => {
  const parley = await startServer();
  const document = (await parley.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;

  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: document, absoluteRef: '/openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('describes a refusal on HTTP 200 so that a client cannot read it as success', async () => {
    const doc = JSON.parse(document) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>>;
    };
    const schema = doc.paths['/api/nlp/v2/agent']!.get!.responses['200']!.content!['application/json']!.schema;
    const [success, error] = schema.oneOf as JsonSchema[];
    expect(success).toMatchObject({ required: expect.arrayContaining(['data']), properties: { status: { const: true }, code: { const: 100 } } });
    expect(error).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    // What the server really answers a role without the permission: the success branch's `status` cannot match it.
    const agentToken = await login(parley, 'agent@parley.dev');
    const denied = await call(parley, 'GET', 'nlp/v2/agent', { token: agentToken });
    expect([denied.httpStatus, denied.code, denied.status]).toEqual([200, 1403, false]);
    expect(denied).not.toHaveProperty('data');
  });

  it('has no path with a trailing slash, and documents the webhook and the sample CSV', () => {
    const doc = JSON.parse(document) as {
      servers: unknown[];
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(Object.keys(doc.paths).filter((p) => p.length > 1 && p.endsWith('/'))).toEqual([]);
    expect(doc.paths['/api/e/enterprise/profile']?.get).toBeDefined();
    expect(Object.keys(doc.paths['/webhooks/whatsapp'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/customer/upload/sample']!.get!.responses['200']!.content!)).toEqual(['text/csv']);
  });
});
