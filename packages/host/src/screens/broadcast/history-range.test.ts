import { CalendarDate } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { defaultRange, rangeQuery, titleCase } from './history-range.js';

describe('the broadcast history’s date range', () => {
  it('defaults to the last 7 days ending today', () => {
    const { start, end } = defaultRange('UTC');
    expect(end.toString()).toBe(new Date().toISOString().slice(0, 10));
    expect(end.compare(start)).toBe(6);
  });

  it('asks for whole days in the viewer’s zone: from the first day’s midnight to the last day’s last millisecond', () => {
    const range = { start: new CalendarDate(2026, 3, 1), end: new CalendarDate(2026, 3, 7) };
    expect(rangeQuery(range, 'UTC')).toEqual({ fromDate: '2026-03-01T00:00:00.000Z', toDate: '2026-03-07T23:59:59.999Z' });
    expect(rangeQuery(range, 'Asia/Kolkata')).toEqual({ fromDate: '2026-02-28T18:30:00.000Z', toDate: '2026-03-07T18:29:59.999Z' });
  });

  it('shows statuses in title case', () => {
    expect(['COMPLETED', 'FAILED', 'scheduled'].map(titleCase)).toEqual(['Completed', 'Failed', 'Scheduled']);
  });
});
