import { EMPTY, Observable, distinctUntilChanged, share, switchMap } from 'rxjs';
import { connectRealtime, type RealtimeSocket, type SocketEvent } from '@parley/sdk/realtime-socket';
import { useSession } from './session-store.js';

/** Set once a 4001 close has reloaded the page for a token, so a token the socket keeps refusing cannot loop reloads. */
const RELOADED_KEY = 'parley.realtime.reloaded';

let current: RealtimeSocket | undefined;

const token$ = new Observable<string | null>((subscriber) => {
  subscriber.next(useSession.getState().token);
  return useSession.subscribe((s) => subscriber.next(s.token));
}).pipe(distinctUntilChanged());

function socketEvents(token: string): Observable<SocketEvent> {
  return new Observable<SocketEvent>((subscriber) => {
    const socket = connectRealtime({ url: `${location.origin}/api`, token });
    current = socket;
    const events = socket.events$.subscribe(subscriber);
    const status = socket.status$.subscribe((s) => {
      // platform-shell 4.6 and 8: an invalid token (close 4001) reloads the page, whose guard then asks for a sign-in.
      if (s !== 'invalid-token' || sessionStorage.getItem(RELOADED_KEY) === token) return;
      sessionStorage.setItem(RELOADED_KEY, token);
      location.reload();
    });
    return () => {
      events.unsubscribe();
      status.unsubscribe();
      socket.close();
      if (current === socket) current = undefined;
    };
  });
}

/**
 * The console's one realtime connection (platform-shell 4.6), shared by every screen that listens: it opens with the
 * first subscriber, follows the session's token (a sign-out closes it, a sign-in opens a new one) and closes when the
 * last subscriber leaves. Events of every kind pass through; each listener picks its own by `type`.
 */
export const realtimeEvents$: Observable<SocketEvent> = token$.pipe(
  switchMap((token) => (token ? socketEvents(token) : EMPTY)),
  share(),
);

/** Sends a client message (typing, read receipts) on the shared connection, if it is open. */
export function sendRealtime(message: SocketEvent) {
  current?.send(message);
}
