import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../http/auth-context.js';
import { API_PREFIX, routeTable } from '../http/route.js';
import type { SessionStore } from '../domains/account/sessions.js';
import type { EventBus, ParleyEvent } from './event-bus.js';

export const SOCKET_PATH = `${API_PREFIX}/ws`;
/** platform-shell 4.6: close code 4001 means an invalid access token, and the console reloads. */
export const INVALID_TOKEN = 4001;
const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;
/** A revoked session must not keep a socket open for long; it is checked again at this pace. */
const REVALIDATE_MS = 60_000;

type ClientMessage = { type: 'auth'; token: string } | { type: 'ping' } | { type: string; [k: string]: unknown };

/** Who may see an event: its enterprise only; when it names users, only them; when it names a permission, its holders. */
export function deliverable(event: ParleyEvent, auth: AuthContext): boolean {
  if (event.eId !== auth.eId) return false;
  const permission = event.data.toPermission;
  if (typeof permission === 'string' && !auth.permissions.has(permission)) return false;
  const to = event.data.toUsers;
  return !Array.isArray(to) || to.includes(auth.uId);
}

/** What a signed-in socket may send besides ping and auth (live chat's typing and read receipts). */
export type ClientMessageHandler = (auth: AuthContext, message: { type: string; data?: unknown }) => void | Promise<void>;

/**
 * The one realtime channel: a WebSocket per browser tab. The token comes in the query (`?token=`) or as the first
 * message `{type:'auth', token}`; events published on the EventBus by any process reach the sockets of their
 * enterprise here.
 */
export async function socketGateway(
  app: FastifyInstance,
  deps: {
    sessions: SessionStore;
    events: EventBus;
    onMessage?: ClientMessageHandler;
    transform?: (event: ParleyEvent, uId: string) => Record<string, unknown>;
  },
) {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  routeTable.push({ method: 'GET', url: SOCKET_PATH, access: 'authenticated' });

  app.get<{ Querystring: { token?: string } }>(SOCKET_PATH, { websocket: true }, (socket, request) => {
    let auth: AuthContext | null = null;
    let token = '';
    let alive = true;
    let unsubscribe: (() => void) | undefined;
    const send = (message: object) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));

    const authenticate = async (candidate: string) => {
      auth = candidate ? await deps.sessions.resolve(candidate) : null;
      if (!auth) return socket.close(INVALID_TOKEN, 'invalid access token');
      token = candidate;
      const me = auth;
      unsubscribe = deps.events.subscribe((event) => {
        if (deliverable(event, me)) send({ type: event.type, data: deps.transform ? deps.transform(event, me.uId) : event.data });
      });
      send({ type: 'ready', data: { uId: me.uId } });
    };

    const authTimer = setTimeout(() => !auth && socket.close(INVALID_TOKEN, 'authentication timed out'), AUTH_TIMEOUT_MS);
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    const revalidate = setInterval(async () => {
      if (auth && !(await deps.sessions.resolve(token))) socket.close(INVALID_TOKEN, 'session ended');
    }, REVALIDATE_MS);
    socket.on('pong', () => (alive = true));

    socket.on('message', (raw: Buffer) => {
      alive = true;
      let message: ClientMessage;
      try {
        message = JSON.parse(raw.toString()) as ClientMessage;
      } catch {
        return;
      }
      if (message.type === 'ping') return send({ type: 'pong' });
      if (message.type === 'auth' && !auth && typeof message.token === 'string') return void authenticate(message.token);
      if (auth && deps.onMessage && message.type !== 'auth') {
        const me = auth;
        void Promise.resolve(deps.onMessage(me, message as { type: string; data?: unknown })).catch((err: unknown) =>
          request.log.warn({ err }, 'socket message failed'),
        );
      }
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(heartbeat);
      clearInterval(revalidate);
      unsubscribe?.();
    });

    if (request.query.token) void authenticate(request.query.token);
  });
}
