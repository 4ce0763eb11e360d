import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeOptions, SocketEvent, SocketStatus } from '@parley/sdk/realtime-socket';

/** Each connection the console opened: its token, what the server pushes on it, and whether it was closed. */
const { sockets } = vi.hoisted(() => ({
  sockets: [] as { token: unknown; events$: Subject<SocketEvent>; status$: Subject<SocketStatus>; send: ReturnType<typeof vi.fn>; closed: boolean }[],
}));
vi.mock('@parley/sdk/realtime-socket', () => ({
  connectRealtime: (options: RealtimeOptions) => {
    const socket = { token: options.token, events$: new Subject<SocketEvent>(), status$: new Subject<SocketStatus>(), send: vi.fn(), closed: false };
    sockets.push(socket);
    return { ...socket, close: () => (socket.closed = true) };
  },
}));

const { realtimeEvents$, sendRealtime } = await import('./realtime.js');
const { useSession } = await import('./session-store.js');

const reload = vi.fn();
const session = new Map<string, string>();

beforeEach(() => {
  sockets.length = 0;
  session.clear();
  vi.stubGlobal('location', { origin: 'https://console.example', reload });
  vi.stubGlobal('sessionStorage', { getItem: (k: string) => session.get(k) ?? null, setItem: (k: string, v: string) => session.set(k, v) });
  useSession.setState({ token: 'tok-1' });
});
afterEach(() => {
  reload.mockClear();
  vi.unstubAllGlobals();
});

describe('the console realtime connection (platform-shell 4.6)', () => {
  it('opens one connection for every listener, and closes it when the last one leaves', () => {
    const heard: string[] = [];
    const a = realtimeEvents$.subscribe((e) => heard.push(`a:${e.type}`));
    const b = realtimeEvents$.subscribe((e) => heard.push(`b:${e.type}`));
    expect(sockets).toHaveLength(1);
    sockets[0]!.events$.next({ type: 'chat.new' });
    expect(heard).toEqual(['a:chat.new', 'b:chat.new']);
    a.unsubscribe();
    expect(sockets[0]!.closed).toBe(false);
    b.unsubscribe();
    expect(sockets[0]!.closed).toBe(true);
  });

  it('closes on sign-out and opens a new connection with the next sign-in’s token', () => {
    const sub = realtimeEvents$.subscribe();
    useSession.setState({ token: null });
    expect(sockets[0]!.closed).toBe(true);
    useSession.setState({ token: 'tok-2' });
    expect(sockets.map((s) => s.token)).toEqual(['tok-1', 'tok-2']);
    sendRealtime({ type: 'typing' });
    expect(sockets[1]!.send).toHaveBeenCalledWith({ type: 'typing' });
    sub.unsubscribe();
  });

  it('sends nothing, and fails nothing, while no connection is open', () => {
    expect(() => sendRealtime({ type: 'typing' })).not.toThrow();
  });

  it('reloads the page once for a refused token, never in a loop', () => {
    const sub = realtimeEvents$.subscribe();
    sockets[0]!.status$.next('invalid-token');
    sockets[0]!.status$.next('invalid-token');
    expect(reload).toHaveBeenCalledTimes(1);
    sub.unsubscribe();
  });
});
