import type { CustomEntitySpec, EntityMatch } from '../types.js';

/** Longer inputs are cut before pattern matching: it bounds the work of any pattern. */
export const MAX_PATTERN_INPUT = 1000;

export class UnsafePatternError extends Error {}

/**
 * Rejects patterns that can backtrack catastrophically: a quantified group that itself contains a quantifier
 * ((a+)+, (a|aa)*, (\w*)*), and backreferences. Such patterns are refused at training with a clear message.
 */
export function compileSafePattern(source: string): RegExp {
  if (source.length > 500) throw new UnsafePatternError(`Pattern too long (max 500 characters): ${source.slice(0, 40)}…`);
  if (/\\[1-9]|\\k</.test(source)) throw new UnsafePatternError(`Backreferences are not allowed in patterns: ${source}`);
  if (/\((?:[^()\\]|\\.)*(?:[+*]|\{\d+,\d*\})(?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d+,\d*\})/.test(source) || /\((?:[^()\\]|\\.)*\|(?:[^()\\]|\\.)*\)\s*[+*]/.test(source)) {
    throw new UnsafePatternError(`Pattern may take exponential time (nested or alternating repetition): ${source}`);
  }
  try {
    return new RegExp(source, 'giu');
  } catch (e) {
    throw new UnsafePatternError(`Invalid pattern ${source}: ${(e as Error).message}`);
  }
}

export class PatternMatcher {
  private readonly patterns: { entity: string; value: string; regex: RegExp }[] = [];

  constructor(entities: CustomEntitySpec[]) {
    for (const entity of entities) {
      for (const v of entity.values) {
        if ('patterns' in v) for (const p of v.patterns) this.patterns.push({ entity: entity.name, value: v.value, regex: compileSafePattern(p) });
      }
    }
  }

  match(text: string): EntityMatch[] {
    const input = text.slice(0, MAX_PATTERN_INPUT);
    const found: EntityMatch[] = [];
    for (const { entity, regex } of this.patterns) {
      for (const m of input.matchAll(regex)) {
        if (!m[0]) continue;
        found.push({ name: entity, value: m[0], text: m[0], start: m.index, end: m.index + m[0].length, source: 'pattern' });
      }
    }
    return found;
  }
}
