import { describe, expect, it } from 'vitest';
import { compileSafePattern, PatternMatcher, UnsafePatternError } from './pattern-matcher.js';

const matcherFor = (...patterns: string[]) => new PatternMatcher([{ id: 'e', name: 'code', values: [{ value: 'code', patterns }] }]);
const spans = (patterns: string[], text: string) =>
  matcherFor(...patterns)
    .match(text)
    .map((e) => [e.text, e.start, e.end]);

function timeAllMatches(pattern: string, input: string): number {
  const regex = compileSafePattern(pattern);
  const t0 = performance.now();
  const m = regex.matcher(input);
  while (m.find());
  return performance.now() - t0;
}

describe('pattern entities', () => {
  // A backtracking engine needs about 2^n steps on these inputs: hours at n = 40, far beyond the age of the universe here.
  const pathological: [string, (n: number) => string][] = [
    ['(a+)+$', (n) => `${'a'.repeat(n)}!`],
    ['((a+))+$', (n) => `${'a'.repeat(n)}!`],
    ['(?:(a+))+$', (n) => `${'a'.repeat(n)}!`],
    ['(a+){25}$', (n) => `${'a'.repeat(n)}!`],
    ['\\d*\\d*\\d*\\d*\\d*x', (n) => `${'1'.repeat(n)}!`],
    ['\\d{6}', (n) => `${'1'.repeat(n)}!`],
    ['[A-Z]{2}\\d{4}', (n) => `${'a1'.repeat(n / 2)}!`],
    ['\\w+@\\w+(\\.\\w+)+$', (n) => `${'a'.repeat(n)}@${'b.'.repeat(n / 2)}`],
  ];

  it.each(pathological)('matches %s in time linear in the input', (pattern, input) => {
    timeAllMatches(pattern, input(500)); // warm the engine so the timings measure matching, not compilation by V8
    expect(timeAllMatches(pattern, input(5000))).toBeLessThan(200);
    expect(timeAllMatches(pattern, input(40_000))).toBeLessThan(500);
  });

  it('answers a pathological message through the matcher promptly and without false matches', () => {
    const matcher = matcherFor('((a+))+$', '(a+){25}$', '\\d*\\d*\\d*\\d*\\d*x');
    const t0 = performance.now();
    expect(matcher.match(`${'a'.repeat(27)}!`)).toEqual([]);
    expect(matcher.match(`${'1'.repeat(900)}!`)).toEqual([]);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(spans(['((a+))+$'], 'say aaa')).toEqual([['aaa', 4, 7]]);
  });

  it('matches ordinary patterns case-insensitively with offsets into the original text, also after non-ASCII text', () => {
    expect(spans(['\\d{6}'], 'my pin is 560001, thanks')).toEqual([['560001', 10, 16]]);
    expect(spans(['[A-Z]{2}\\d{4}'], 'flight ai1234 or BA2490')).toEqual([
      ['ai1234', 7, 13],
      ['BA2490', 17, 23],
    ]);
    expect(spans(['\\d+'], 'café 12')).toEqual([['12', 5, 7]]);
    const text = 'I 😀 paid 42 € for crème brûlée #77';
    const found = matcherFor('\\d+', 'cr[eè]me', 'BRÛLÉE').match(text);
    expect(found.map((e) => e.text).sort()).toEqual(['42', '77', 'brûlée', 'crème']);
    for (const e of found) expect(text.slice(e.start, e.end)).toBe(e.text);
  });

  it('understands JavaScript code-point escapes', () => {
    expect(spans(['caf\\u00e9', '\\u{1F600}+'], 'café 😀😀')).toEqual([
      ['café', 0, 4],
      ['😀😀', 5, 9],
    ]);
    expect(spans(['\\\\u00e9'], 'a \\u00e9')).toEqual([['\\u00e9', 2, 8]]);
  });

  it('refuses what RE2 cannot run in linear time, naming the pattern and the reason', () => {
    for (const bad of ['(a)\\1', '(?<x>a)\\k<x>', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b']) {
      expect(() => compileSafePattern(bad), bad).toThrow(
        new UnsafePatternError(`Pattern not supported: backreferences and lookaround are not allowed: ${bad}`),
      );
    }
    expect(() => compileSafePattern('[a-')).toThrow(/^Pattern not supported: missing closing \]: `\[a-`: \[a-$/);
    expect(() => compileSafePattern('a{1001}')).toThrow(/^Pattern not supported: invalid repeat count/);
    expect(() => compileSafePattern('a'.repeat(501))).toThrow(/Pattern too long \(max 500 characters\)/);
  });

  it('refuses patterns too large to search quickly, naming the limit', () => {
    expect(() => compileSafePattern('\\w{1,255}')).toThrow(
      'Pattern too complex (it compiles to 511 instructions, max 300; use smaller repeat counts): \\w{1,255}',
    );
    expect(() => compileSafePattern('\\w{1,100}')).not.toThrow();
  });

  it('bounds the searches of a pattern that matches once per character but scans to the end each time', () => {
    // Unbounded, these take about 0.2 s and 1.2 s on this input; a handful of them in one agent would hold the process.
    const spread = matcherFor('.*z|a');
    const nested = matcherFor('(?:(?:.{0,12}){0,11}z|a)');
    const text = 'a'.repeat(1000);
    const t0 = performance.now();
    const found = [...spread.match(text), ...nested.match(text)];
    expect(performance.now() - t0).toBeLessThan(300);
    expect(found.length).toBeGreaterThan(0);
    expect(spread.match(text)).toEqual(spread.match(text));
  });

  it('still finds every match of an ordinary pattern in a long message', () => {
    const text = Array.from({ length: 50 }, (_, i) => `order ORD-${10_000 + i}`).join(', ');
    const found = matcherFor('ORD-\\d{5}').match(text);
    expect(text.length).toBeLessThan(1000);
    expect(found).toHaveLength(50);
    for (const e of found) expect(text.slice(e.start, e.end)).toBe(e.text);
  });
});
