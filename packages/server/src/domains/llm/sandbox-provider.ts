import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { sandboxCompletion, sandboxEmbedding, sandboxTokens } from './sandbox-model.js';

interface ChatBody {
  model?: string;
  messages?: { role: string; content: string }[];
  stream?: boolean;
  response_format?: { type?: string; json_schema?: { schema?: Record<string, unknown> } };
}

/** What a test can see and steer: every request received, and failures to answer with before the real answers. */
export interface SandboxProviderControl {
  requests: { path: string; body: Record<string, unknown>; authorization: string | undefined }[];
  failures: number[];
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/**
 * An OpenAI-compatible provider (POST {base}/chat/completions, streaming included, and {base}/embeddings) answering
 * with the sandbox model: the tests' loopback provider and the demo's "Parley sandbox" LLM configuration. Any bearer
 * key is accepted; a missing one is refused with 401 as OpenAI does. Without `control` nothing is kept (the server's
 * mount).
 */
/** Between two streamed pieces: a streamed reply then arrives word by word, as a real model's does. */
const STREAM_PIECE_MS = 25;

export function sandboxProvider(control?: SandboxProviderControl) {
  /** `parsed`: the JSON body when a framework has read it already (the server's mount); otherwise it is read here. */
  return async (req: IncomingMessage, res: ServerResponse, path: string, parsed?: Record<string, unknown>) => {
    let body = parsed;
    if (!body) {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    }
    control?.requests.push({ path, body, authorization: req.headers.authorization });
    if (!req.headers.authorization?.startsWith('Bearer ')) return json(res, 401, { error: { message: 'Missing API key', type: 'invalid_request_error' } });
    const failure = control?.failures.shift();
    if (failure) return json(res, failure, { error: { message: `Sandbox failure ${failure}`, type: 'server_error' } });

    if (path.endsWith('/embeddings')) {
      const input = body.input;
      const texts = Array.isArray(input) ? input.map(String) : [String(input ?? '')];
      const data = texts.map((t, index) => ({ object: 'embedding', index, embedding: sandboxEmbedding(t) }));
      const tokens = texts.reduce((n, t) => n + sandboxTokens(t), 0);
      return json(res, 200, { object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
    }
    if (!path.endsWith('/chat/completions')) return json(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });

    const chat = body as ChatBody;
    const messages = chat.messages ?? [];
    const schema = chat.response_format?.type === 'json_schema' ? chat.response_format.json_schema?.schema : undefined;
    const text = sandboxCompletion(messages, schema);
    const usage = { prompt_tokens: messages.reduce((n, m) => n + sandboxTokens(m.content), 0), completion_tokens: sandboxTokens(text) };
    const id = `chatcmpl-${randomUUID()}`;
    const created = Math.floor(Date.now() / 1000);
    if (!chat.stream) {
      return json(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: chat.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    for (const [i, piece] of (text.match(/\S+\s*/g) ?? []).entries()) {
      if (i > 0) await new Promise((r) => setTimeout(r, STREAM_PIECE_MS));
      send({ id, object: 'chat.completion.chunk', created, model: chat.model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
    }
    send({ id, object: 'chat.completion.chunk', created, model: chat.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    send({
      id,
      object: 'chat.completion.chunk',
      created,
      model: chat.model,
      choices: [],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    });
    res.end('data: [DONE]\n\n');
  };
}
