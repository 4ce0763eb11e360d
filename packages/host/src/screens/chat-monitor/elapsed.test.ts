import { describe, expect, it } from 'vitest';
import { elapsed, secondsSince } from './elapsed.js';

describe('elapsed time (platform-shell 9)', () => {
  it.each([
    [0, '0s'],
    [59.9, '59s'],
    [60, '1m 0s'],
    [3599, '59m 59s'],
    [3600, '1h 0m 0s'],
    [90061, '25h 1m 1s'],
    // A clock a little ahead of the server's must not show a negative time.
    [-4, '0s'],
  ])('%s s → %s', (seconds, text) => {
    expect(elapsed(seconds)).toBe(text);
  });

  it('counts from an ISO instant to now', () => {
    expect(elapsed(secondsSince('2026-11-30T10:00:00Z', Date.parse('2026-11-30T10:02:05Z')))).toBe('2m 5s');
  });
});
