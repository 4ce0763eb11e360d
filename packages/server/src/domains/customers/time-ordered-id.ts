import { randomFillSync } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
// Random bytes drawn 64 kB at a time: one system call per 6,500 ids rather than one each.
const pool = new Uint8Array(1 << 16);
let taken = pool.length;

/**
 * A time-ordered id as the database's uuid_v7() makes them (RFC 9562 version 7: 48 bits of Unix milliseconds, then
 * random bits), made where the import checks its rows: in the database the function cost about 3 µs a row, a tenth
 * of what writing a customer costs there.
 */
export function uuidV7(now: number = Date.now()): string {
  if (taken + 10 > pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  const r = taken;
  taken += 10;
  // Thousands of ids share a millisecond: its part is written once.
  if (now !== lastMs) {
    let ms = '';
    for (let shift = 40; shift >= 0; shift -= 8) ms += HEX[Math.floor(now / 2 ** shift) % 256];
    lastMs = now;
    msPart = `${ms.slice(0, 8)}-${ms.slice(8)}-`;
  }
  const p = pool;
  return `${msPart}${HEX[0x70 | (p[r]! & 0x0f)]}${HEX[p[r + 1]!]}-${HEX[0x80 | (p[r + 2]! & 0x3f)]}${HEX[p[r + 3]!]}-${HEX[p[r + 4]!]}${HEX[p[r + 5]!]}${HEX[p[r + 6]!]}${HEX[p[r + 7]!]}${HEX[p[r + 8]!]}${HEX[p[r + 9]!]}`;
}
let lastMs = -1;
let msPart = '';
