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

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  async stop() {
    await this.unlisten?.();
  }
}
