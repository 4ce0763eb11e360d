import { describe, expect, it } from 'vitest';
import { DotRows } from './dense-dots.js';

describe('dense dot products', () => {
  it('gives the WebAssembly and the plain loop the same scores, bit for bit, whatever the number of rows', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (const [rows, n] of [
      [150, 300],
      [13, 7],
      [1, 1],
    ] as const) {
      const m = Float32Array.from({ length: rows * n }, random);
      const x = Float32Array.from({ length: n + 3 }, random);
      const fast = new DotRows(rows, n, (r, d) => m[r * n + d]!);
      const plain = new DotRows(rows, n, (r, d) => m[r * n + d]!, false);
      expect(fast.simd).toBe(true);
      const start = Float64Array.from({ length: rows }, random);
      const a = Float64Array.from(start);
      const b = Float64Array.from(start);
      fast.addDots(x, 3, a);
      plain.addDots(x, 3, b);
      expect([...a]).toEqual([...b]);
      // The plain loop is the definition: each row's products added to its start in order.
      let s = start[0]!;
      for (let d = 0; d < n; d++) s += m[d]! * x[3 + d]!;
      expect(a[0]).toBe(s);
    }
  });
});
