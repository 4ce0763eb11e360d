import { describe, expect, it } from 'vitest';
import { completedTimeStr } from './upload-queries.js';

describe('completedTimeStr (customer-master 9)', () => {
  it("writes an upload's end like '5 Jan 2024 10:30 am', in the server's time zone", () => {
    expect(completedTimeStr(new Date(2024, 0, 5, 10, 30))).toBe('5 Jan 2024 10:30 am');
    expect(completedTimeStr(new Date(2024, 0, 5, 0, 5))).toBe('5 Jan 2024 12:05 am');
    expect(completedTimeStr(new Date(2024, 8, 15, 12, 0))).toBe('15 Sep 2024 12:00 pm');
    expect(completedTimeStr(null)).toBe('');
  });
});
