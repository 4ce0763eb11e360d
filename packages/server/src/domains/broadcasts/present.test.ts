import { describe, expect, it } from 'vitest';
import type { BroadcastMessageRow, EventRow } from './history-queries.js';
import { statusHistory } from './present.js';

const at = (iso: string) => new Date(`2026-11-28T10:00:${iso}Z`);
/** Only what the history reads of a row; the rest does not take part. */
const message = (over: Partial<BroadcastMessageRow>) =>
  ({
    wamid: 'wamid.1',
    state: 'read',
    createdAt: at('00.400'),
    handedAt: at('00.700'),
    statusAt: null,
    errorTitle: null,
    errorCode: null,
    ...over,
  }) as BroadcastMessageRow;
const event = (status: string, seconds: string, over: Partial<EventRow> = {}) =>
  ({ status, occurredAt: at(seconds), errorTitle: null, errorCode: null, ...over }) as EventRow;

describe('the message status history', () => {
  it('keeps the lifecycle within one second: vendor times are whole seconds, ours have milliseconds', () => {
    const history = statusHistory(message({}), [event('read', '00'), event('delivered', '00'), event('sent', '00')]);
    expect(history.map((h) => h.status)).toEqual(['Queued', 'Accepted', 'Sent', 'Delivered', 'Read']);
  });

  it('puts a failure reported in the second the message was queued after the queueing', () => {
    const failed = message({ wamid: null, state: 'failed', createdAt: at('05.900'), handedAt: at('05.950') });
    const history = statusHistory(failed, [event('failed', '05', { errorTitle: 'Message undeliverable', errorCode: 131026 })]);
    expect(history.map((h) => [h.status, h.description])).toEqual([
      ['Queued', ''],
      ['Failed', 'Message undeliverable (131026)'],
    ]);
  });

  it('still orders by time across seconds', () => {
    const history = statusHistory(message({}), [event('read', '09'), event('delivered', '03'), event('sent', '01')]);
    expect(history.map((h) => h.time.slice(17, 19))).toEqual(['00', '00', '01', '03', '09']);
  });
});
