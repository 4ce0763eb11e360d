import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/sdk/contract/chats';
import { historyQuery } from './history-query.js';
import { datesReversed, validateHistorySearch } from './history-search.js';
import { clockTime, transcriptLines } from './transcript-lines.js';

// The console's locale comes from the page; these shapes are en-GB's.
vi.stubGlobal('navigator', { language: 'en-GB' });

describe('the history search params', () => {
  it('keeps valid filters and drops odd ones from a hand-edited URL', () => {
    expect(
      validateHistorySearch({ customer: '  Sneha ', agentId: 'u1', fromDate: '2024-02-01', toDate: '2024-02-31', from: '30', chatId: 'c9', extra: 'x' }),
    ).toEqual({
      customer: 'Sneha',
      agentId: 'u1',
      fromDate: '2024-02-01',
      from: 30,
      chatId: 'c9',
    });
    expect(validateHistorySearch({ from: '-15', customer: '', toDate: 'yesterday' })).toEqual({});
  });

  it('snaps an offset to a page of 15', () => {
    expect(validateHistorySearch({ from: 20 }).from).toBe(15);
  });

  it('asks for whole days in the viewer zone, 15 a page', () => {
    expect(historyQuery({ customer: 'Sneha', fromDate: '2024-03-01', toDate: '2024-03-02', from: 15 }, 'Asia/Kolkata')).toEqual({
      from: 15,
      perPage: 15,
      customer: 'Sneha',
      fromDate: '2024-02-29T18:30:00.000Z',
      toDate: '2024-03-02T18:29:59.999Z',
    });
    expect(historyQuery({}, 'UTC')).toEqual({ from: 0, perPage: 15 });
  });

  it('flags days in the wrong order', () => {
    expect(datesReversed('2024-03-02', '2024-03-01')).toBe(true);
    expect(datesReversed('2024-03-01', '2024-03-01')).toBe(false);
    expect(datesReversed(undefined, '2024-03-01')).toBe(false);
  });
});

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  actionId: 1,
  chatId: 'c1',
  actionBy: 'x',
  actionType: 1,
  kind: 'text',
  message: '',
  attachment: null,
  status: null,
  currentDeliveryStatus: 'sent',
  actedOn: '2024-03-01T10:05:00.000Z',
  userName: '',
  channelErrorCode: null,
  channelErrorDesc: null,
  transId: null,
  messageStatuses: [],
  ...over,
});

describe('the transcript', () => {
  it('tells customer, agent, bot and system lines apart, and keeps markup as text', () => {
    const lines = transcriptLines(
      [
        message({ actionId: 1, actionType: 0, message: '<b>hi</b>' }),
        message({ actionId: 2, actionType: 11, message: 'We open at 11', userName: 'Demo Pizza Bot' }),
        message({ actionId: 3, actionType: 2, kind: 'system', message: 'Asha picked up the chat' }),
        message({ actionId: 4, actionType: 3, message: 'Hello', userName: 'Asha', status: 3 }),
      ],
      'Sneha',
    );
    expect(lines.map((l) => [l.speaker, l.name, l.text, l.failed])).toEqual([
      ['customer', 'Sneha', '<b>hi</b>', false],
      ['bot', 'Demo Pizza Bot', 'We open at 11', false],
      ['system', '', 'Asha picked up the chat', false],
      ['agent', 'Asha', 'Hello', true],
    ]);
  });

  it('names media and places by what they are', () => {
    const [image, place] = transcriptLines(
      [
        message({ kind: 'image', attachment: { type: 'image', caption: 'the receipt' } }),
        message({ actionId: 2, kind: 'location', attachment: { type: 'location', name: 'Store', address: 'MG Road' } }),
      ],
      'Sneha',
    );
    expect(image!.text).toBe('[image] the receipt');
    expect(place!.text).toBe('[location] Store, MG Road');
  });

  it("writes times and days in the console's locale", () => {
    expect(clockTime(new Date(2024, 2, 1, 0, 5))).toBe('00:05');
    expect(clockTime(new Date(2024, 2, 1, 15, 30))).toBe('15:30');
    expect(transcriptLines([message({ actedOn: new Date(2024, 2, 1, 15, 30).toISOString() })], 'Sneha')[0]!.day).toBe('1 Mar 2024');
  });
});
