import { describe, expect, it } from 'vitest';
import { analyticsQuery, csatText } from './analytics-range.js';
import { validateAnalyticsSearch } from './analytics-search.js';

const figures = { chats: 4, picked: 3, closed: 3, missed: 1, missedRate: 25, avgPickupSeconds: 160, avgHandlingSeconds: 780, csat: null, feedbackShare: 66.67 };

describe('chat analytics helpers', () => {
  it('keeps a whole, ordered period in the URL and drops anything else', () => {
    expect(validateAnalyticsSearch({ fromDate: '2026-03-01', toDate: '2026-03-10' })).toEqual({ fromDate: '2026-03-01', toDate: '2026-03-10' });
    expect(validateAnalyticsSearch({ fromDate: '2026-03-10', toDate: '2026-03-01' })).toEqual({});
    expect(validateAnalyticsSearch({ fromDate: '2026-02-31', toDate: '2026-03-01' })).toEqual({});
    expect(validateAnalyticsSearch({ fromDate: '2026-03-01' })).toEqual({});
  });

  it('asks for local midnights of the first and the day after the last day, with the offset', () => {
    expect(analyticsQuery({ fromDate: '2026-03-01', toDate: '2026-03-10' }, 'Asia/Kolkata')).toMatchObject({
      fromDate: '2026-02-28T18:30:00.000Z',
      toDate: '2026-03-10T18:30:00.000Z',
    });
  });

  it('shows CSAT as a rating when there is one, else the share closed with feedback', () => {
    expect(csatText({ ...figures, csat: 4.5 })).toBe('4.50 / 5');
    expect(csatText(figures)).toBe('66.67% with feedback');
    expect(csatText({ ...figures, closed: 0, csat: null })).toBe('-');
  });
});
