import { describe, expect, it } from 'vitest';
import { addPrototypeEvidence, fitPrototypes } from './prototypes.js';

/** A point near the given axis of a 4-d space, slightly tilted by i. */
const near = (axis: number, i: number) => Array.from({ length: 4 }, (_, d) => (d === axis ? 1 : 0.05 * ((i + d) % 3)));

describe('intent prototypes', () => {
  it('finds the separate ways an intent is asked, and keeps a lone phrase as it is', () => {
    // Intent 0 is asked two ways (axes 0 and 1); intent 1 one way (axis 2); intent 2 has a single phrase.
    const points = [...[0, 1, 2, 3].map((i) => near(0, i)), ...[0, 1, 2].map((i) => near(1, i)), ...[0, 1, 2].map((i) => near(2, i)), near(3, 0)];
    const labels = [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2];
    const p = fitPrototypes(points, labels, 3, 2, 1);
    expect(p.counts).toEqual([2, 2, 1]);
    const centres = Array.from({ length: 5 }, (_, r) => [...p.vectors.subarray(r * 4, r * 4 + 4)]);
    // Intent 0's two prototypes point one along axis 0, the other along axis 1.
    expect([centres[0]!, centres[1]!].map((c) => c.indexOf(Math.max(...c))).sort()).toEqual([0, 1]);
    expect(centres[4]!.indexOf(Math.max(...centres[4]!))).toBe(3);
    expect(fitPrototypes(points, labels, 3, 2, 1)).toEqual(p);

    // A message asked the second way of intent 0 is as close to it as its own phrases (about nothing added), and
    // far from the others (a margin lost).
    const margins = new Float64Array(3);
    addPrototypeEvidence(p, near(1, 5), margins);
    expect(Math.abs(margins[0]!)).toBeLessThan(0.01);
    expect(margins[1]).toBeLessThan(-0.8);
    expect(margins[2]).toBeLessThan(-0.8);
  });
});
