import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../test/harness.js';
import { LlmAddressRefused, LlmClient } from './llm-client.js';
import { llmFetch } from './llm-fetch.js';
import { sandboxProvider, type SandboxProviderControl } from './sandbox-provider.js';

// The base-URL policy of LLM configurations: the outbound rules, the operator's private origins, the server's sandbox.
describe('the fetch of LLM clients', async () => {
  const control: SandboxProviderControl = { requests: [], failures: [] };
  const handle = sandboxProvider(control);
  const server = createServer((req, res) => void handle(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  afterAll(() => new Promise((r) => server.close(r)));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpoint = { baseUrl: `${origin}/v1`, apiKey: 'sk-policy-secret', model: 'm' };
  // Its public URL is a loopback address that no rule allows: only the sandbox's own path may be reached there.
  const parley = await startServer({ publicUrl: 'http://127.0.0.1:9' });

  it('refuses a private address at once, with its reason, sending nothing', async () => {
    const client = new LlmClient(endpoint, llmFetch({ privateOrigins: [] }));
    const started = Date.now();
    const refused = await client.chat([{ role: 'user', content: 'hi' }]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LlmAddressRefused);
    expect((refused as Error).message).toBe('The base URL of the LLM configuration is not allowed: 127.0.0.1 is not a public address');
    expect(Date.now() - started).toBeLessThan(1000);
    const metadata = new LlmClient({ ...endpoint, baseUrl: 'http://169.254.169.254/latest/v1' }, llmFetch({ privateOrigins: [] }));
    await expect(metadata.chat([{ role: 'user', content: 'hi' }])).rejects.toThrow('169.254.169.254 is not a public address');
    expect(control.requests).toEqual([]);
  });

  it("reaches an operator's private origin, and hands a streamed reply over as it arrives", async () => {
    const client = new LlmClient(endpoint, llmFetch({ privateOrigins: [origin] }));
    const arrivals: { piece: string; at: number }[] = [];
    for await (const piece of client.chatStream([{ role: 'user', content: 'one two three four five six seven' }])) arrivals.push({ piece, at: Date.now() });
    expect(arrivals.map((a) => a.piece).join('')).toBe('The Parley sandbox model heard: "one two three four five six seven".');
    // The provider writes a piece every 25 ms: read whole first, they would all arrive at once.
    expect(arrivals.at(-1)!.at - arrivals[0]!.at).toBeGreaterThan(100);
    expect(control.requests).toHaveLength(1);
  });

  it("answers the server's own sandbox in process, and only under its normalised path", async () => {
    const fetch = llmFetch({ privateOrigins: [], sandbox: { publicUrl: 'http://127.0.0.1:9', app: parley.app } });
    const headers = { authorization: 'Bearer x', 'content-type': 'application/json' };
    const inside = await fetch('http://127.0.0.1:9/sandbox/openai/v1/embeddings', {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'e', input: 'pizza' }),
    });
    expect(inside.status).toBe(200);
    expect(((await inside.json()) as { data: unknown[] }).data).toHaveLength(1);
    // Out of the sandbox's path, the address is the server's own loopback one: refused like any other.
    const escaped = await fetch('http://127.0.0.1:9/sandbox/openai/v1/../../../api/health', { headers });
    expect(escaped.status).toBe(403);
    expect(await escaped.json()).toEqual({ error: { message: '127.0.0.1 is not a public address', type: 'parley_outbound_refused' } });
  });
});
