import { Observable, Subject, firstValueFrom, isObservable, of, retry, timer, type MonoTypeOperatorFunction } from 'rxjs';
import { accountApi } from './contract/account.js';
import { effectOf, type Endpoint, type InputOf, type ReplyOf } from './contract/endpoint.js';
import { Codes, type Envelope } from './contract/envelope.js';
import { nlpAgentsApi } from './contract/nlp-agents.js';
import { nlpConfigApi } from './contract/nlp-config.js';
import { nlpEntitiesApi } from './contract/nlp-entities.js';
import { nlpGenaiApi } from './contract/nlp-genai.js';
import { nlpIntentsApi } from './contract/nlp-intents.js';
import { CONVERSATIONS_CSV_PATH, nlpReportsApi } from './contract/nlp-reports.js';
import { nlpRuntimeApi } from './contract/nlp-runtime.js';
import { platformApi } from './contract/platform.js';
import { profileApi, twoFactorApi } from './contract/profile.js';
import { usersApi } from './contract/users.js';
import { ParleyError } from './parley-error.js';
import { encodeRequest, joinUrl } from './request-encoding.js';

export { ParleyError };

export type TokenSource = string | null | Observable<string | null>;

export interface ClientOptions {
  /** The API base: `/api` in the console, `https://parley.example.com/api` for a partner page. */
  baseUrl: string;
  token?: TokenSource;
  fetch?: typeof fetch;
}

export type SessionEvent = { state: 'signed-out'; reason: 'http-403' | 'login-required'; message: string };
export interface Page<T> {
  data: T;
  more: boolean;
}

/**
 * At most two retries, only for calls that read and only for network failures: never repeats a write, including a
 * GET that changes state (Train, recovery codes, logout declare `effect: 'write'`).
 */
const retryIdempotent = <T>(endpoint: Endpoint): MonoTypeOperatorFunction<T> =>
  retry({ count: effectOf(endpoint) === 'read' ? 2 : 0, delay: (error, n) => (error instanceof ParleyError && error.code === 0 ? timer(300 * n) : Promise.reject(error)) });

export class ParleyClient {
  private readonly sessionEvents = new Subject<SessionEvent>();
  /** Emits when the server says the session is over (HTTP 403 or login_required, platform-shell 8). */
  readonly session$ = this.sessionEvents.asObservable();
  private readonly token$: Observable<string | null>;
  private readonly fetchImpl: typeof fetch;

  readonly account = bindApi(this, accountApi);
  readonly profile = bindApi(this, profileApi);
  readonly twoFactor = bindApi(this, twoFactorApi);
  readonly platform = bindApi(this, platformApi);
  readonly users = bindApi(this, usersApi);
  readonly nlpAgents = bindApi(this, nlpAgentsApi);
  readonly nlpIntents = bindApi(this, nlpIntentsApi);
  readonly nlpEntities = bindApi(this, nlpEntitiesApi);
  readonly nlpConfig = bindApi(this, nlpConfigApi);
  readonly nlpGenai = bindApi(this, nlpGenaiApi);
  readonly nlpRuntime = bindApi(this, nlpRuntimeApi);
  readonly nlpReports = bindApi(this, nlpReportsApi);

  constructor(readonly options: ClientOptions) {
    const token = options.token ?? null;
    this.token$ = isObservable(token) ? token : of(token);
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  /** A cold Observable of the reply's `data`: subscribing sends the request, unsubscribing aborts it. */
  call<E extends Endpoint>(endpoint: E, input: InputOf<E>): Observable<ReplyOf<E>> {
    return new Observable<ReplyOf<E>>((subscriber) => {
      const abort = new AbortController();
      this.send(endpoint, input as Record<string, unknown>, abort.signal).then(
        (envelope) => {
          subscriber.next(envelope.data as ReplyOf<E>);
          subscriber.complete();
        },
        (error: unknown) => subscriber.error(error),
      );
      return () => abort.abort();
    }).pipe(retryIdempotent(endpoint));
  }

  /** Like `call`, with the envelope's `more` for paged lists. */
  callPage<E extends Endpoint>(endpoint: E, input: InputOf<E>): Observable<Page<ReplyOf<E>>> {
    return new Observable<Page<ReplyOf<E>>>((subscriber) => {
      const abort = new AbortController();
      this.send(endpoint, input as Record<string, unknown>, abort.signal).then(
        (envelope) => {
          subscriber.next({ data: envelope.data as ReplyOf<E>, more: envelope.more ?? false });
          subscriber.complete();
        },
        (error: unknown) => subscriber.error(error),
      );
      return () => abort.abort();
    }).pipe(retryIdempotent(endpoint));
  }

  /**
   * The conversation export (agent-designer 7) as a file: its bytes and the server's file name. A refusal arrives as
   * an envelope and becomes a ParleyError like any other call.
   */
  downloadConversationsCsv(query: {
    agentId: string;
    startDate: string | number;
    endDate: string | number;
    scope?: 0 | 1 | 2;
    timeZoneOffset?: number;
    timeZone?: string;
  }): Observable<{ fileName: string; blob: Blob }> {
    return new Observable<{ fileName: string; blob: Blob }>((subscriber) => {
      const abort = new AbortController();
      const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
      void (async () => {
        const token = await firstValueFrom(this.token$);
        const response = await this.fetchImpl(`${joinUrl(this.options.baseUrl, CONVERSATIONS_CSV_PATH)}?${params}`, {
          headers: token ? { 'authentication-token': token } : {},
          signal: abort.signal,
        });
        if (!(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
          const envelope = (await response.json()) as Envelope;
          throw new ParleyError(envelope.code ?? Codes.INTERNAL, envelope.message, envelope.errors ?? [], response.status);
        }
        const disposition = response.headers.get('content-disposition') ?? '';
        const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'conversation_report.csv';
        return { fileName, blob: await response.blob() };
      })().then(
        (file) => {
          subscriber.next(file);
          subscriber.complete();
        },
        (error: unknown) => subscriber.error(error instanceof ParleyError || abort.signal.aborted ? error : ParleyError.network(error)),
      );
      return () => abort.abort();
    });
  }

  private async send(endpoint: Endpoint, input: Record<string, unknown>, signal: AbortSignal): Promise<Envelope> {
    const { url, init } = encodeRequest(this.options.baseUrl, endpoint, input);
    const token = await firstValueFrom(this.token$);
    if (token) init.headers['authentication-token'] = token;
    let response: Response;
    try {
      response = await this.fetchImpl(url, { ...init, signal });
    } catch (cause) {
      if (signal.aborted) throw cause;
      throw ParleyError.network(cause);
    }
    let envelope: Envelope;
    try {
      envelope = (await response.json()) as Envelope;
    } catch (cause) {
      throw ParleyError.network(cause);
    }
    if (response.status === 403 || envelope.login_required) {
      this.sessionEvents.next({
        state: 'signed-out',
        reason: response.status === 403 ? 'http-403' : 'login-required',
        message: envelope.message,
      });
    }
    if (!envelope.status) {
      throw new ParleyError(envelope.code ?? Codes.INTERNAL, envelope.message, envelope.errors ?? [], response.status);
    }
    return envelope;
  }
}

export type BoundApi<A extends Record<string, Endpoint>> = {
  [K in keyof A]: (input: InputOf<A[K]>) => Observable<ReplyOf<A[K]>>;
};

/** One typed method per endpoint of a contract API object. */
export function bindApi<A extends Record<string, Endpoint>>(client: Pick<ParleyClient, 'call'>, api: A): BoundApi<A> {
  return Object.fromEntries(
    Object.entries(api).map(([name, endpoint]) => [name, (input: unknown) => client.call(endpoint, input as never)]),
  ) as BoundApi<A>;
}

export const createClient = (options: ClientOptions) => new ParleyClient(options);
