import { describe, expect, it } from 'vitest';
import { scores, trainLinearSvm } from './linear-svm.js';
import type { SparseVector } from '../features/vectorizer.js';

/** Three classes, each owning two of six features, plus noise on the others. */
function dataset(n: number) {
  const xs: SparseVector[] = [];
  const labels: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = i % 3;
    const noise = ((i * 7919) % 13) / 40;
    xs.push({ idx: Int32Array.from([2 * k, 2 * k + 1, (2 * k + 2) % 6]), val: Float32Array.from([0.8, 0.5 + noise, 0.3]) });
    labels.push(k);
  }
  return { xs, labels: Int32Array.from(labels) };
}

describe('linear SVM', () => {
  it('separates classes and gives the same weights on one thread or several', () => {
    const { xs, labels } = dataset(300);
    const one = trainLinearSvm(xs, labels, 3, 6, { c: 1, threads: 1, maxEpochs: 200, tolerance: 0.001 });
    const two = trainLinearSvm(xs, labels, 3, 6, { c: 1, threads: 2, maxEpochs: 200, tolerance: 0.001 });
    expect([...two.weights]).toEqual([...one.weights]);
    expect([...two.bias]).toEqual([...one.bias]);
    const correct = xs.filter((x, i) => {
      const s = scores(two, x);
      return s.indexOf(Math.max(...s)) === labels[i];
    }).length;
    expect(correct).toBe(xs.length);
  });

  it('reports progress once per class and trains multi-label data', () => {
    const { xs } = dataset(90);
    const seen: number[] = [];
    // Class 0: samples with feature 0; class 1: samples with feature 2 (two of the three kinds).
    const multiLabels = xs.map((x) => [...(x.idx.includes(0) ? [0] : []), ...(x.idx.includes(2) ? [1] : [])]);
    const m = trainLinearSvm(xs, new Int32Array(xs.length), 2, 6, { multiLabels, threads: 2, onClass: (f) => seen.push(f) });
    expect(seen.sort()).toEqual([1, 2]);
    xs.forEach((x, i) => {
      const s = scores(m, x);
      expect([s[0]! > 0, s[1]! > 0]).toEqual([multiLabels[i]!.includes(0), multiLabels[i]!.includes(1)]);
    });
  });
});
