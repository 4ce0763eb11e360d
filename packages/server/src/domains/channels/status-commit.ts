import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { GroupCommit } from '../../db/group-commit.js';
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

/**
 * Group commit for the status webhooks (db/group-commit.ts): the status events of every webhook that arrives while a
 * transaction is being written go into the next one, so under load a commit carries hundreds of events and a quiet
 * endpoint still writes each webhook at once; a webhook is answered 200 only after its own events are committed.
 */
export class StatusCommitter {
  private readonly group: GroupCommit<StatusItem, Changes, void>;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus | undefined,
    log: FastifyBaseLogger,
    /** Told of the chat messages that moved, after the commit (the chat domain's events). */
    private readonly onChatStatuses?: (changes: ChatStatusChange[]) => void,
  ) {
    this.group = new GroupCommit<StatusItem, Changes, void>({
      maxItems: MAX_EVENTS,
      store: (items) => this.store(items),
      share: () => undefined,
      committed: (changes) => this.announce(changes),
      log,
      what: 'status',
    });
  }

  /** Resolves once these events are stored and their messages moved; rejects when they could not be. */
  write(items: StatusItem[]): Promise<void> {
    return this.group.write(items, undefined);
  }

  private async store(items: StatusItem[]): Promise<Changes> {
    return (await recordStatusEvents(this.db, items, applyStatuses)).after;
  }

  private announce(changes: Changes) {
    announceBroadcastChanges(this.db, this.events, changes.broadcasts);
    if (changes.chats.length) this.onChatStatuses?.(changes.chats);
  }
}
