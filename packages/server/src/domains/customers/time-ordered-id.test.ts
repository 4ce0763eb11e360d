import { describe, expect, it } from 'vitest';
import { uuidV7 } from './time-ordered-id.js';

describe('time-ordered ids', () => {
  it('are RFC 9562 version 7 uuids carrying their millisecond', () => {
    const at = Date.UTC(2026, 10, 27, 16, 40, 1, 234);
    const id = uuidV7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });
  it('sort by time, and differ within one millisecond', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => uuidV7(1_800_000_000_000 + Math.floor(i / 100)));
    expect(new Set(ids).size).toBe(ids.length);
    const stamps = ids.map((id) => id.slice(0, 13));
    expect([...stamps].sort()).toEqual(stamps);
  });
});
