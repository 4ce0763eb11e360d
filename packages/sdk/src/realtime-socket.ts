import { BehaviorSubject, Observable, Subject, firstValueFrom, isObservable, of } from 'rxjs';

/** platform-shell 4.6 and 9: the console's socket timings. */
export const SOCKET_TIMINGS = { pingMs: 30_000, missedPongs: 2, firstRetryMs: 2_000, retryMs: 3_000 } as const;
export const INVALID_TOKEN_CLOSE = 4001;

export interface SocketEvent {
  type: string;
  data?: Record<string, unknown>;
}
export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'invalid-token' | 'closed';

/** The parts of the WebSocket API used here; the browser's WebSocket and the `ws` package both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type WebSocketFactory = (url: string) => WebSocketLike;

export interface RealtimeOptions {
  /** `ws://host/api/ws`, or an http(s) API base which is turned into it. */
  url: string;
  token: string | null | Observable<string | null>;
  webSocket?: WebSocketFactory;
  timings?: Partial<typeof SOCKET_TIMINGS>;
}

export interface RealtimeSocket {
  events$: Observable<SocketEvent>;
  status$: Observable<SocketStatus>;
  send(message: SocketEvent): void;
  close(): void;
}

export function socketUrl(base: string): string {
  const url = base.replace(/^http/, 'ws').replace(/\/+$/, '');
  return url.endsWith('/ws') ? url : `${url}/ws`;
}

/**
 * One realtime connection with the console's heartbeat and reconnect rules. The token is sent as the first message,
 * never in the URL, so it stays out of proxy logs. A 4001 close means the token is invalid: no reconnect.
 */
export function connectRealtime(options: RealtimeOptions): RealtimeSocket {
  const timings = { ...SOCKET_TIMINGS, ...options.timings };
  const factory: WebSocketFactory =
    options.webSocket ?? ((url) => new (globalThis as unknown as { WebSocket: new (u: string) => WebSocketLike }).WebSocket(url));
  const token$ = isObservable(options.token) ? options.token : of(options.token);
  const events = new Subject<SocketEvent>();
  const status = new BehaviorSubject<SocketStatus>('connecting');
  let socket: WebSocketLike | undefined;
  let stopped = false;
  let attempts = 0;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const open = async () => {
    const token = await firstValueFrom(token$);
    if (stopped) return;
    if (!token) return status.next('invalid-token');
    const ws = factory(socketUrl(options.url));
    socket = ws;
    let missed = 0;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'auth', token }));
      pingTimer = setInterval(() => {
        if (missed >= timings.missedPongs) return ws.close(4000, 'heartbeat lost');
        missed += 1;
        ws.send(JSON.stringify({ type: 'ping' }));
      }, timings.pingMs);
    };
    ws.onmessage = (ev) => {
      let message: SocketEvent;
      try {
        message = JSON.parse(String(ev.data)) as SocketEvent;
      } catch {
        return;
      }
      if (message.type === 'pong') {
        missed = 0;
        return;
      }
      if (message.type === 'ready') {
        attempts = 0;
        status.next('open');
      }
      events.next(message);
    };
    ws.onerror = () => undefined;
    ws.onclose = (ev) => {
      clearInterval(pingTimer);
      if (stopped) return status.next('closed');
      if (ev.code === INVALID_TOKEN_CLOSE) return status.next('invalid-token');
      status.next('reconnecting');
      retryTimer = setTimeout(() => void open(), attempts++ === 0 ? timings.firstRetryMs : timings.retryMs);
    };
  };
  void open();

  return {
    events$: events.asObservable(),
    status$: status.asObservable(),
    send: (message) => {
      if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
    },
    close: () => {
      stopped = true;
      clearInterval(pingTimer);
      clearTimeout(retryTimer);
      socket?.close(1000, 'closed by client');
      if (!socket) status.next('closed');
    },
  };
}
