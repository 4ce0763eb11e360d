import OpenAI from 'openai';
import { REFUSED_ERROR_TYPE } from './llm-fetch.js';
import type { LlmMeter, LlmUsage } from './usage.js';

/** Where and how to reach a model that speaks the OpenAI wire format (OpenAI, Azure OpenAI, Ollama, vLLM, ...). */
export interface LlmEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** For Semantic intents and embedding retrieval; none: those features use full-text ranking only. */
  embeddingModel?: string | undefined;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatResult {
  text: string;
  usage: Usage;
}

/** A JSON-schema output (structured output): the model answers with one object of this shape. */
export interface JsonOutput {
  name: string;
  schema: Record<string, unknown>;
}

/** Raised for any failure after the retries: the caller falls back (SVM, extractive answer) with this message logged. */
export class LlmUnavailable extends Error {}

/** The configuration's base URL is one the server may not reach (llm-fetch.ts); nothing was sent. */
export class LlmAddressRefused extends LlmUnavailable {}

/** One request waits at most this long; the SDK retries twice more (with backoff) on timeouts, 429 and 5xx. */
const TIMEOUT_MS = 30_000;
const RETRIES = 2;
/**
 * After an endpoint failed every retry, calls to it fail at once for this long: a provider that is down must not make
 * every customer wait through the retries again; the callers answer without it meanwhile.
 */
const RESTING_MS = 30_000;
const restingUntil = new Map<string, number>();

const usageOf = (u: { prompt_tokens?: number; completion_tokens?: number } | null | undefined): Usage => ({
  promptTokens: u?.prompt_tokens ?? 0,
  completionTokens: u?.completion_tokens ?? 0,
});

/**
 * The client of the OpenAI wire format, through the official `openai` package: it speaks Chat Completions (with
 * streaming and JSON-schema output) and Embeddings to any base URL, and retries 429 and 5xx with exponential backoff
 * and jitter as OpenAI documents. The key goes in the Authorization header only; nothing here logs it.
 */
export class LlmClient {
  private readonly openai: OpenAI;

  /** `fetch`: how requests leave (llm-fetch.ts keeps a tenant's base URL off private addresses); the global one if none. */
  constructor(
    private readonly endpoint: LlmEndpoint,
    private readonly fetch?: typeof globalThis.fetch,
    private readonly meter?: { usage: LlmUsage; of: LlmMeter },
  ) {
    this.openai = new OpenAI({ baseURL: endpoint.baseUrl, apiKey: endpoint.apiKey, timeout: TIMEOUT_MS, maxRetries: RETRIES, ...(fetch ? { fetch } : {}) });
  }

  /** The embeddings model of this endpoint's configuration, if it names one. */
  get embeddingModel(): string | undefined {
    return this.endpoint.embeddingModel;
  }

  /** The same endpoint, each call admitted by the agent's budget and rate first and its tokens counted after. */
  metered(usage: LlmUsage, of: LlmMeter): LlmClient {
    return new LlmClient(this.endpoint, this.fetch, { usage, of });
  }

  private async admit() {
    if (this.meter) await this.meter.usage.admit(this.meter.of);
  }

  private async count(usage: Usage) {
    if (this.meter) await this.meter.usage.record(this.meter.of, usage);
  }

  private checkResting() {
    if ((restingUntil.get(this.endpoint.baseUrl) ?? 0) > Date.now()) throw new LlmUnavailable('The model provider failed moments ago; not asked again yet');
  }

  private failed(err: unknown): LlmUnavailable {
    // A refusal of this request (400, 401, 404) says nothing of the provider's health; the rest does.
    const status = err instanceof OpenAI.APIError ? err.status : undefined;
    if (status === undefined || status === 429 || status >= 500) restingUntil.set(this.endpoint.baseUrl, Date.now() + RESTING_MS);
    return unavailable(err);
  }

  async chat(messages: ChatMessage[], opts: { json?: JsonOutput; maxTokens?: number; signal?: AbortSignal } = {}): Promise<ChatResult> {
    this.checkResting();
    await this.admit();
    let result: ChatResult;
    try {
      const completion = await this.openai.chat.completions.create(
        {
          model: this.endpoint.model,
          messages,
          ...(opts.maxTokens ? { max_tokens: opts.maxTokens } : {}),
          ...(opts.json ? { response_format: { type: 'json_schema', json_schema: { name: opts.json.name, schema: opts.json.schema, strict: true } } } : {}),
        },
        opts.signal ? { signal: opts.signal } : {},
      );
      result = { text: completion.choices[0]?.message?.content ?? '', usage: usageOf(completion.usage) };
    } catch (err) {
      throw this.failed(err);
    }
    await this.count(result.usage);
    return result;
  }

  /** The reply as it is generated; `usage` resolves once the stream has ended (asked for with include_usage). */
  async *chatStream(messages: ChatMessage[], usage: Usage = { promptTokens: 0, completionTokens: 0 }, signal?: AbortSignal): AsyncGenerator<string> {
    this.checkResting();
    await this.admit();
    let stream;
    try {
      stream = await this.openai.chat.completions.create(
        { model: this.endpoint.model, messages, stream: true, stream_options: { include_usage: true } },
        signal ? { signal } : {},
      );
    } catch (err) {
      throw this.failed(err);
    }
    try {
      for await (const chunk of stream) {
        if (chunk.usage) Object.assign(usage, usageOf(chunk.usage));
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) yield delta;
      }
    } catch (err) {
      throw unavailable(err);
    } finally {
      // Counted however the stream ended: a reader that stopped early still spent what was generated.
      await this.count(usage);
    }
  }

  async embed(texts: string[]): Promise<{ vectors: number[][]; usage: Usage }> {
    if (!this.endpoint.embeddingModel) throw new LlmUnavailable('No embeddings model is configured');
    this.checkResting();
    await this.admit();
    let result: { vectors: number[][]; usage: Usage };
    try {
      const res = await this.openai.embeddings.create({ model: this.endpoint.embeddingModel, input: texts, encoding_format: 'float' });
      const vectors = [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      result = { vectors, usage: { promptTokens: res.usage?.prompt_tokens ?? 0, completionTokens: 0 } };
    } catch (err) {
      throw this.failed(err);
    }
    await this.count(result.usage);
    return result;
  }
}

/** The provider's own message (status and text), never the request: the key stays out of every error. */
function unavailable(err: unknown): LlmUnavailable {
  if (err instanceof OpenAI.APIError && (err.error as { type?: unknown } | undefined)?.type === REFUSED_ERROR_TYPE) {
    return new LlmAddressRefused(
      `The base URL of the LLM configuration is not allowed: ${(err.error as { message?: string }).message ?? 'not a public address'}`,
      { cause: err },
    );
  }
  if (err instanceof OpenAI.APIError)
    return new LlmUnavailable(`The model provider answered ${err.status ?? 'without a status'}: ${err.message}`, { cause: err });
  return new LlmUnavailable(err instanceof Error ? err.message : String(err), { cause: err });
}
