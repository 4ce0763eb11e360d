import type { Database } from '../db/database.js';

export interface ParleyEvent {
  type: string;
  eId: string;
  data: Record<string, unknown>;
}
type Subscriber = (event: ParleyEvent) => void;

const CHANNEL = 'parley_events';
/** NOTIFY payloads are limited to 8000 bytes; bigger events carry ids for the receiver to load. */
const MAX_PAYLOAD = 7900;

/**
 * Fan-out between server processes through LISTEN/NOTIFY: a process publishes, every process (itself included)
 * receives and hands the event to its local subscribers (the WebSocket gateway, tests).
 */
/** Whether an event fits in one NOTIFY. */
export const fits = (event: ParleyEvent) => Buffer.byteLength(JSON.stringify(event)) <= MAX_PAYLOAD;

export class EventBus {
  private readonly subscribers = new Set<Subscriber>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly database: Database) {}

  async start() {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => {
      let event: ParleyEvent;
      try {
        event = JSON.parse(payload) as ParleyEvent;
      } catch {
        return;
      }
      for (const s of this.subscribers) s(event);
    });
  }

  async publish(event: ParleyEvent) {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`event ${event.type} is too large to publish`);
    await this.database.notify(CHANNEL, payload);
  }

  /**
   * Several events in one statement, heard in this order: a burst (a batch of customers' messages) costs one round
   * trip, not one each. Throws, publishing none, when one of them is too large (see `fits`).
   */
  async publishAll(events: ParleyEvent[]) {
    const payloads = events.map((e) => JSON.stringify(e));
    const big = events.find((_, i) => Buffer.byteLength(payloads[i]!) > MAX_PAYLOAD);
    if (big) throw new Error(`event ${big.type} is too large to publish`);
    if (payloads.length === 1) return this.database.notify(CHANNEL, payloads[0]!);
    if (!payloads.length) return;
    await this.database.executeSql(
      'SELECT pg_notify($1, p) FROM (SELECT p FROM jsonb_array_elements_text($2::jsonb) WITH ORDINALITY AS t(p, n) ORDER BY n OFFSET 0) AS s',
      [CHANNEL, JSON.stringify(payloads)],
    );
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  async stop() {
    await this.unlisten?.();
  }
}
