import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { LlmClient, LlmUnavailable, type Usage } from './llm-client.js';
import { sandboxProvider, type SandboxProviderControl } from './sandbox-provider.js';

// The client against a loopback server speaking the OpenAI wire format (the sandbox provider).
describe('LLM client (OpenAI wire format) against a loopback provider', async () => {
  const control: SandboxProviderControl = { requests: [], failures: [] };
  const handle = sandboxProvider(control);
  const server = createServer((req, res) => void handle(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  afterAll(() => new Promise((r) => server.close(r)));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const client = new LlmClient({ baseUrl, apiKey: 'sk-loopback-secret', model: 'gpt-4o-mini', embeddingModel: 'text-embedding-3-small' });
  const passages = 'Answer only from these passages.\n[1] Pizza menu.pdf, page 2: Gluten free base available on request.\n[2] Delivery is free within 5 km.';

  it('sends chat completions with the model and the key as a bearer token, and counts tokens', async () => {
    const result = await client.chat([
      { role: 'system', content: passages },
      { role: 'user', content: 'is there a gluten free base?' },
    ]);
    expect(result.text).toBe('Gluten free base available on request. (answered by the Parley sandbox model)');
    expect(result.usage.promptTokens).toBeGreaterThan(10);
    expect(result.usage.completionTokens).toBeGreaterThan(5);
    const last = control.requests.at(-1)!;
    expect(last).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-loopback-secret', body: { model: 'gpt-4o-mini' } });
  });

  it('streams a reply piece by piece, with the usage at the end', async () => {
    const usage: Usage = { promptTokens: 0, completionTokens: 0 };
    const pieces: string[] = [];
    for await (const piece of client.chatStream(
      [
        { role: 'system', content: passages },
        { role: 'user', content: 'is delivery free?' },
      ],
      usage,
    ))
      pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe('Delivery is free within 5 km. (answered by the Parley sandbox model)');
    expect(usage.completionTokens).toBeGreaterThan(0);
  });

  it('asks for JSON-schema output and gets an object of that shape', async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: ['string', 'null'], description: "the customer's name" }, order: { type: ['string', 'null'], description: 'order number' } },
      required: ['name', 'order'],
      additionalProperties: false,
    };
    const result = await client.chat(
      [
        { role: 'user', content: 'Hi, my name is Asha Rao' },
        { role: 'assistant', content: 'Your order number?' },
        { role: 'user', content: 'It is ORD-12345' },
      ],
      { json: { name: 'collected', schema } },
    );
    expect(JSON.parse(result.text)).toEqual({ name: 'Asha Rao', order: 'ORD-12345' });
    expect(control.requests.at(-1)!.body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { name: 'collected', strict: true } } });
  });

  it('embeds texts in order, similar texts closer than unrelated ones', async () => {
    const { vectors } = await client.embed(['gluten free pizza base', 'a base for pizza without gluten', 'opening hours on sunday']);
    const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    expect(vectors).toHaveLength(3);
    expect(dot(vectors[0]!, vectors[1]!)).toBeGreaterThan(dot(vectors[0]!, vectors[2]!));
  });

  it('retries 429 and 5xx, then gives up with the provider message and never the key', async () => {
    control.failures.push(429, 503);
    const before = control.requests.length;
    expect((await client.chat([{ role: 'user', content: 'hello' }])).text).toContain('sandbox');
    expect(control.requests.length - before).toBe(3);
    control.failures.push(500, 500, 500);
    const failed = await client.chat([{ role: 'user', content: 'hello' }]).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(LlmUnavailable);
    expect(String((failed as Error).message)).toContain('500');
    expect(String((failed as Error).message)).not.toContain('sk-loopback-secret');
    // Resting: the next question is not made to wait through the retries again.
    const asked = control.requests.length;
    await expect(client.chat([{ role: 'user', content: 'hello' }])).rejects.toThrow('failed moments ago');
    expect(control.requests.length).toBe(asked);
  }, 20_000);
});
