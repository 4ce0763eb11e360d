import { Observable, Subject, firstValueFrom, isObservable, of, retry, timer, type MonoTypeOperatorFunction } from 'rxjs';
import { Codes } from './contract/codes.js';
import { effectOf, type Endpoint, type InputOf, type ReplyOf } from './contract/endpoint.js';
import type { Envelope } from './contract/envelope.js';
import { ParleyError } from './parley-error.js';
import { encodeRequest, joinUrl } from './request-encoding.js';
import { AUDIT_TRAIL_CSV_PATH, CHAT_ANALYTICS_CSV_PATH, CONVERSATIONS_CSV_PATH, CUSTOMER_SAMPLE_CSV_PATH, DELIVERY_REPORT_CSV_PATH } from './contract/paths.js';
import { xhrSend, type UploadEvent } from './xhr-upload.js';

export type { UploadEvent };

/**
 * The request machinery of the client, without any contract: a page that needs a few calls binds just those (from
 * the zod-free route tables in `contract/routes.ts`) and loads neither zod nor the other contract groups.
 */

export type TokenSource = string | null | Observable<string | null>;

export interface ClientOptions {
  /** The API base: `/api` in the console, `https://parley.example.com/api` for a partner page. */
  baseUrl: string;
  token?: TokenSource;
  /** A partner page's embed key, sent as `x-parley-embed-key` on calls made without a session token. */
  embedKey?: string | null;
  fetch?: typeof fetch;
}

export type SessionEvent = { state: 'signed-out'; reason: 'http-403' | 'login-required'; message: string };
export interface Page<T> {
  data: T;
  more: boolean;
}

/** What sending a call needs of an endpoint: its route and encoding hints, not its schemas. */
export type RouteInfo = Pick<Endpoint, 'method' | 'path' | 'multipart' | 'effect'>;

/** A contract endpoint without its zod schemas; `E` (type only) types the call's input and reply. */
export type Route<E extends Endpoint = Endpoint> = RouteInfo & { readonly __contract?: E };

/** A contract API object's routes, one per endpoint. */
export type RoutesOf<A extends Record<string, Endpoint>> = { readonly [K in keyof A]: Route<A[K]> };

/** The endpoint that types a call: the endpoint itself, or the one a route describes. */
export type EndpointOf<R> = R extends Endpoint ? R : R extends { readonly __contract?: infer E } ? Exclude<E, undefined> : never;

/**
 * At most two retries, only for calls that read and only for network failures: never repeats a write, including a
 * GET that changes state (Train, recovery codes, logout declare `effect: 'write'`).
 */
const retryIdempotent = <T>(endpoint: RouteInfo): MonoTypeOperatorFunction<T> =>
  retry({
    count: effectOf(endpoint) === 'read' ? 2 : 0,
    delay: (error, n) => (error instanceof ParleyError && error.code === 0 ? timer(300 * n) : Promise.reject(error)),
  });

export class ParleyTransport {
  private readonly sessionEvents = new Subject<SessionEvent>();
  /** Emits when the server says the session is over (HTTP 403 or login_required, platform-shell 8). */
  readonly session$ = this.sessionEvents.asObservable();
  protected readonly token$: Observable<string | null>;
  protected readonly fetchImpl: typeof fetch;

  constructor(readonly options: ClientOptions) {
    const token = options.token ?? null;
    this.token$ = isObservable(token) ? token : of(token);
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  /** A cold Observable of the reply's `data`: subscribing sends the request, unsubscribing aborts it. */
  call<E extends RouteInfo>(endpoint: E, input: InputOf<EndpointOf<E>>): Observable<ReplyOf<EndpointOf<E>>> {
    return new Observable<ReplyOf<EndpointOf<E>>>((subscriber) => {
      const abort = new AbortController();
      this.send(endpoint, input as Record<string, unknown>, abort.signal).then(
        (envelope) => {
          subscriber.next(envelope.data as ReplyOf<EndpointOf<E>>);
          subscriber.complete();
        },
        (error: unknown) => subscriber.error(error),
      );
      return () => abort.abort();
    }).pipe(retryIdempotent(endpoint));
  }

  /** Like `call`, with the envelope's `more` for paged lists. */
  callPage<E extends RouteInfo>(endpoint: E, input: InputOf<EndpointOf<E>>): Observable<Page<ReplyOf<EndpointOf<E>>>> {
    return new Observable<Page<ReplyOf<EndpointOf<E>>>>((subscriber) => {
      const abort = new AbortController();
      this.send(endpoint, input as Record<string, unknown>, abort.signal).then(
        (envelope) => {
          subscriber.next({ data: envelope.data as ReplyOf<EndpointOf<E>>, more: envelope.more ?? false });
          subscriber.complete();
        },
        (error: unknown) => subscriber.error(error),
      );
      return () => abort.abort();
    }).pipe(retryIdempotent(endpoint));
  }

  /**
   * A multipart upload with progress: `progress` events while the body goes out (in a browser), then `done` with the
   * reply's `data`. Plain fields are sent before the file so the server reads them first. Unsubscribing aborts.
   */
  upload<E extends RouteInfo>(endpoint: E, input: InputOf<EndpointOf<E>>): Observable<UploadEvent<ReplyOf<EndpointOf<E>>>> {
    return new Observable<UploadEvent<ReplyOf<EndpointOf<E>>>>((subscriber) => {
      const abort = new AbortController();
      const entries = Object.entries(input as Record<string, unknown>);
      const ordered = Object.fromEntries([...entries.filter(([, v]) => !(v instanceof Blob)), ...entries.filter(([, v]) => v instanceof Blob)]);
      const done = (envelope: Envelope) => {
        subscriber.next({ type: 'done', data: envelope.data as ReplyOf<EndpointOf<E>> });
        subscriber.complete();
      };
      const sending =
        typeof XMLHttpRequest === 'undefined'
          ? this.send(endpoint, ordered, abort.signal)
          : this.headers().then(async (headers) => {
              const { url, init } = encodeRequest(this.options.baseUrl, endpoint, ordered);
              let reply: { status: number; envelope: Envelope };
              try {
                reply = await xhrSend(url, endpoint.method, { ...init.headers, ...headers }, init.body as FormData, abort.signal, (loaded, total) =>
                  subscriber.next({ type: 'progress', loaded, total }),
                );
              } catch (cause) {
                if (abort.signal.aborted) throw cause;
                throw ParleyError.network(cause);
              }
              return this.check(reply.status, reply.envelope);
            });
      sending.then(done, (error: unknown) => subscriber.error(error));
      return () => abort.abort();
    });
  }

  private async headers(): Promise<Record<string, string>> {
    const token = await firstValueFrom(this.token$);
    if (token) return { 'authentication-token': token };
    if (this.options.embedKey) return { 'x-parley-embed-key': this.options.embedKey };
    return {};
  }

  protected async send(endpoint: RouteInfo, input: Record<string, unknown>, signal: AbortSignal): Promise<Envelope> {
    const { url, init } = encodeRequest(this.options.baseUrl, endpoint, input);
    Object.assign(init.headers, await this.headers());
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
    return this.check(response.status, envelope);
  }

  /** Tells `session$` about a lost session and turns a refusal into a ParleyError. */
  private check(httpStatus: number, envelope: Envelope): Envelope {
    if (httpStatus === 403 || envelope.login_required) {
      this.sessionEvents.next({
        state: 'signed-out',
        reason: httpStatus === 403 ? 'http-403' : 'login-required',
        message: envelope.message,
      });
    }
    if (!envelope.status) {
      throw new ParleyError(envelope.code ?? Codes.INTERNAL, envelope.message, envelope.errors ?? [], httpStatus);
    }
    return envelope;
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
    return this.downloadCsv(CONVERSATIONS_CSV_PATH, query, 'conversation_report.csv');
  }

  /** The upload screen's sample file, built from the enterprise's customer fields (customer-master 2). */
  downloadCustomerSampleCsv(): Observable<{ fileName: string; blob: Blob }> {
    return this.downloadCsv(CUSTOMER_SAMPLE_CSV_PATH, {}, 'customers-sample.csv');
  }

  /** Chat analytics per agent and department as CSV (`/chat/analytics` Export CSV). */
  downloadChatAnalyticsCsv(query: { fromDate: string; toDate: string; clientOffset: number }): Observable<{ fileName: string; blob: Blob }> {
    return this.downloadCsv(CHAT_ANALYTICS_CSV_PATH, query, 'chat_analytics.csv');
  }

  /** The audit trail with its filters as CSV (issue 36 item 5). */
  downloadAuditTrailCsv(query: {
    uId?: string;
    action?: string;
    object?: string;
    fromDate?: string;
    toDate?: string;
  }): Observable<{ fileName: string; blob: Blob }> {
    return this.downloadCsv(AUDIT_TRAIL_CSV_PATH, query, 'audit_trail.csv');
  }

  /** The delivery report with its filters as CSV (issue 36 item 6). */
  downloadDeliveryReportCsv(query: Record<string, string | undefined>): Observable<{ fileName: string; blob: Blob }> {
    return this.downloadCsv(DELIVERY_REPORT_CSV_PATH, query, 'delivery_report.csv');
  }

  /** A CSV file (not an envelope) with the caller's credential; a refusal still arrives as an envelope. */
  private downloadCsv(path: string, query: Record<string, string | number | undefined>, fallbackName: string): Observable<{ fileName: string; blob: Blob }> {
    return new Observable<{ fileName: string; blob: Blob }>((subscriber) => {
      const abort = new AbortController();
      const params = new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      void (async () => {
        const headers = await this.headers();
        const qs = params.toString();
        const response = await this.fetchImpl(`${joinUrl(this.options.baseUrl, path)}${qs ? `?${qs}` : ''}`, {
          headers,
          signal: abort.signal,
        });
        if (!(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
          const envelope = (await response.json()) as Envelope;
          throw new ParleyError(envelope.code ?? Codes.INTERNAL, envelope.message, envelope.errors ?? [], response.status);
        }
        const disposition = response.headers.get('content-disposition') ?? '';
        const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
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
}

export type BoundApi<A extends Record<string, RouteInfo>> = {
  [K in keyof A]: (input: InputOf<EndpointOf<A[K]>>) => Observable<ReplyOf<EndpointOf<A[K]>>>;
};

/** One typed method per endpoint of a contract API object (or of its zod-free routes). */
export function bindApi<A extends Record<string, RouteInfo>>(client: Pick<ParleyTransport, 'call'>, api: A): BoundApi<A> {
  return Object.fromEntries(
    Object.entries(api).map(([name, endpoint]) => [name, (input: unknown) => client.call(endpoint, input as never)]),
  ) as unknown as BoundApi<A>;
}
