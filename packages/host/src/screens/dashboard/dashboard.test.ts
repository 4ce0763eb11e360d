import { describe, expect, it, vi } from 'vitest';
import { bucketKeys, dashboardRange } from '@parley/sdk/contract/dashboard-range';
import { elapsed, figure, pointLabel, thinnedLabels, validateDashboardSearch } from './graph-format.js';

// The console's locale comes from the page; these shapes are en-GB's.
vi.stubGlobal('navigator', { language: 'en-GB' });

describe('dashboard graph helpers', () => {
  it('shows elapsed time as s, m s or h m s', () => {
    expect(elapsed(0)).toBe('0s');
    expect(elapsed(59.6)).toBe('59s');
    expect(elapsed(60)).toBe('1m 0s');
    expect(elapsed(754)).toBe('12m 34s');
    expect(elapsed(3600)).toBe('1h 0m 0s');
    expect(elapsed(3 * 3600 + 25 * 60 + 7)).toBe('3h 25m 7s');
  });

  it('labels every point up to 30 and thins beyond, always keeping the last', () => {
    const week = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect([...thinnedLabels(week)]).toEqual(week);
    const thirty = Array.from({ length: 30 }, (_, i) => `k${i}`);
    expect(thinnedLabels(thirty).size).toBe(30);
    const month = Array.from({ length: 31 }, (_, i) => `k${i}`);
    const shown = thinnedLabels(month);
    expect(shown.size).toBeLessThanOrEqual(30);
    expect(shown.has('k30')).toBe(true);
    expect(shown.has('k29')).toBe(false);
    expect(shown.has('k0')).toBe(true);
    expect(thinnedLabels(Array.from({ length: 100 }, (_, i) => i.toString())).size).toBeLessThanOrEqual(30);
  });

  it('labels days and hours, keeps the period in the URL and formats figures', () => {
    expect(pointLabel('2026-03-10')).toBe('10 Mar');
    expect(pointLabel('2026-03-10T14:00')).toBe('14:00');
    expect(validateDashboardSearch({ period: 'WEEK' })).toEqual({ period: 'WEEK' });
    expect(validateDashboardSearch({ period: 'MONTH' })).toEqual({});
    expect(validateDashboardSearch({ period: 'YEAR' })).toEqual({});
    expect([figure(4), figure(3.456)]).toEqual(['4', '3.46']);
  });

  it('builds the periods of 2.7 in the viewer’s offset: 30, 14 and 6 days back, or today’s hours', () => {
    const now = new Date('2026-03-10T20:00:00Z'); // already the 11th in India
    const india = dashboardRange('MONTH', now, -330);
    expect(india.fromDate.toISOString()).toBe('2026-02-08T18:30:00.000Z');
    expect(bucketKeys(india, -330)).toHaveLength(31);
    expect(bucketKeys(dashboardRange('HALF-MONTH', now, -330), -330)).toHaveLength(15);
    const week = bucketKeys(dashboardRange('WEEK', now, 300), 300); // New York: still the 10th
    expect([week[0], week.at(-1), week.length]).toEqual(['2026-03-04', '2026-03-10', 7]);
    const day = bucketKeys(dashboardRange('DAY', now, -330), -330);
    expect([day[0], day.at(-1), day.length]).toEqual(['2026-03-11T00:00', '2026-03-11T23:00', 24]);
  });
});
