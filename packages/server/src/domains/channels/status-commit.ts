import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { announceBroadcastChanges, applyStatusesToBroadcasts, type BroadcastChange } from '../broadcasts/send-status.js';
import { applyStatusesToChats, type ChatStatusChange } from '../chats/replies.js';
import { meterStatuses } from '../billing/status-metering.js';
import { recordStatusEvents, type StatusItem, type Tx } from './status-batch.js';

interface Changes {
  broadcasts: BroadcastChange[];
  chats: ChatStatusChange[];
}

/**
 * Work committed with the events: broadcast recipients and chat messages follow their statuses, and the messages they
 * show sent are metered (billing/status-metering.ts), so a retried webhook meters nothing twice.
 */
const applyStatuses = async (tx: Tx, fresh: StatusItem[]): Promise<Changes> => {
  const changes = { broadcasts: await applyStatusesToBroadcasts(tx, fresh), chats: await applyStatusesToChats(tx, fresh) };
  await meterStatuses(tx, fresh);
  return changes;
};

/** Events per transaction at most: a burst of webhooks is written in a few commits rather than one huge one. */
const MAX_EVENTS = 2000;

interface Waiting {
  items: StatusItem[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for the webhook endpoint: the status events of every webhook that arrives while a transaction is
 * being written go into the next one, so under load a commit carries hundreds of events and a quiet endpoint still
 * writes each webhook at once. A webhook is answered 200 only after its own events are committed (Meta retries
 * anything else). When a batch fails, each webhook of it is written alone, so one bad event fails only its own
 * webhook, which Meta then retries.
 */
export class StatusCommitter {
  private queue: Waiting[] = [];
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus | undefined,
    private readonly log: FastifyBaseLogger,
    /** Told of the chat messages that moved, after the commit (the chat domain's events). */
    private readonly onChatStatuses?: (changes: ChatStatusChange[]) => void,
  ) {}

  /** Resolves once these events are stored and their messages moved; rejects when they could not be. */
  write(items: StatusItem[]): Promise<void> {
    if (!items.length) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ items, resolve, reject });
      if (!this.running) void this.run();
    });
  }

  private async run() {
    this.running = true;
    try {
      while (this.queue.length) {
        const batch: Waiting[] = [];
        let size = 0;
        while (this.queue.length && (size === 0 || size + this.queue[0]!.items.length <= MAX_EVENTS)) {
          const next = this.queue.shift()!;
          batch.push(next);
          size += next.items.length;
        }
        await this.commit(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async commit(batch: Waiting[]) {
    try {
      this.announce(await this.store(batch.flatMap((w) => w.items)));
      for (const w of batch) w.resolve();
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      this.log.warn({ err, webhooks: batch.length }, 'status batch failed; writing its webhooks one by one');
      for (const w of batch) {
        try {
          this.announce(await this.store(w.items));
          w.resolve();
        } catch (e) {
          w.reject(e);
        }
      }
    }
  }

  private async store(items: StatusItem[]): Promise<Changes> {
    return (await recordStatusEvents(this.db, items, applyStatuses)).after;
  }

  private announce(changes: Changes) {
    announceBroadcastChanges(this.db, this.events, changes.broadcasts);
    if (changes.chats.length) this.onChatStatuses?.(changes.chats);
  }
}
