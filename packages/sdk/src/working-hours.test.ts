import { describe, expect, it } from 'vitest';
import { isOpenAt, workingHours, type DayHours } from './contract/working-hours.js';

// Kolkata has no daylight saving: 2026-11-27 is a Friday; 18:30Z is Saturday 00:00 there.
const at = (isoLocal: string) => new Date(`${isoLocal}+05:30`);
const week = (friday: DayHours, saturday: DayHours = null) => ({ timeZone: 'Asia/Kolkata', days: [null, null, null, null, null, friday, saturday] });

describe('working hours', () => {
  it('opens a day shift from its opening time until just before closing', () => {
    const hours = week({ open: '09:00', close: '18:00' });
    expect(isOpenAt(hours, at('2026-11-27T08:59'))).toBe(false);
    expect(isOpenAt(hours, at('2026-11-27T09:00'))).toBe(true);
    expect(isOpenAt(hours, at('2026-11-27T17:59'))).toBe(true);
    expect(isOpenAt(hours, at('2026-11-27T18:00'))).toBe(false);
  });

  it('runs a night shift past midnight into the next day, even when that day is closed', () => {
    const hours = week({ open: '22:00', close: '06:00' });
    expect(isOpenAt(hours, at('2026-11-27T21:59'))).toBe(false);
    expect(isOpenAt(hours, at('2026-11-27T23:30'))).toBe(true);
    expect(isOpenAt(hours, at('2026-11-28T00:00'))).toBe(true);
    expect(isOpenAt(hours, at('2026-11-28T05:59'))).toBe(true);
    expect(isOpenAt(hours, at('2026-11-28T06:00'))).toBe(false);
    // Thursday night is not Friday's shift.
    expect(isOpenAt(hours, at('2026-11-27T02:00'))).toBe(false);
  });

  it("keeps the next day's own hours beside the tail of the night before", () => {
    const hours = week({ open: '22:00', close: '02:00' }, { open: '10:00', close: '24:00' });
    expect(isOpenAt(hours, at('2026-11-28T01:00'))).toBe(true);
    expect(isOpenAt(hours, at('2026-11-28T03:00'))).toBe(false);
    expect(isOpenAt(hours, at('2026-11-28T23:59'))).toBe(true);
  });

  it('is always open without hours, and refuses a shift that closes when it opens', () => {
    expect(isOpenAt(null, at('2026-11-28T03:00'))).toBe(true);
    expect(workingHours.safeParse(week({ open: '22:00', close: '06:00' })).success).toBe(true);
    expect(workingHours.safeParse(week({ open: '09:00', close: '09:00' })).success).toBe(false);
  });
});
