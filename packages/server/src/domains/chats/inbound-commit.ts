import type { FastifyBaseLogger } from 'fastify';
import { GroupCommit } from '../../db/group-commit.js';
import type { InboundItem, StoredInbound } from './inbound.js';

/** Messages per transaction at most: a burst is written in a few commits rather than one huge one. */
const MAX_MESSAGES = 500;

const isStored = (s: StoredInbound | null): s is StoredInbound => s !== null;

/**
 * Group commit for customers' messages (db/group-commit.ts): those of every webhook that arrives while a batch is
 * being written go into the next one, so under load one transaction (a fixed handful of statements, inbound.ts) and
 * one publish carry dozens of messages, and a quiet endpoint still writes each webhook at once. One batch at a time,
 * in arrival order, so a chat's messages keep their order.
 */
export class InboundCommitter {
  private readonly group: GroupCommit<InboundItem, (StoredInbound | null)[], StoredInbound[]>;
  /** Announcements run one batch after another, so a chat's events go out in the order its messages were stored. */
  private announcing: Promise<void> = Promise.resolve();

  constructor(
    store: (items: InboundItem[]) => Promise<(StoredInbound | null)[]>,
    /** Told of what a batch stored, after its commit (agents hear of it; not awaited by the webhooks). */
    private readonly announce: (stored: StoredInbound[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.group = new GroupCommit({
      maxItems: MAX_MESSAGES,
      store,
      share: (results, start, count) => results.slice(start, start + count).filter(isStored),
      committed: (results) => this.told(results.filter(isStored)),
      log,
      what: 'inbound',
      gatherFirst: true,
    });
  }

  /** Resolves, with what was new among them, once these messages are stored; rejects when they could not be. */
  write(items: InboundItem[]): Promise<StoredInbound[]> {
    return this.group.write(items, []);
  }

  /** Settles once every batch committed so far has been announced. */
  announced(): Promise<void> {
    return this.announcing;
  }

  private told(stored: StoredInbound[]) {
    if (!stored.length) return;
    this.announcing = this.announcing.then(() => this.announce(stored)).catch((err: unknown) => this.log.warn({ err }, 'inbound messages not announced'));
  }
}
