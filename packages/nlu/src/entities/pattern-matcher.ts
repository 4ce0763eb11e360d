import { RE2JS, RE2JSException, RE2JSSyntaxException } from 're2js';
import type { CustomEntitySpec, EntityMatch } from '../types.js';

/** Longer inputs are cut before pattern matching: it bounds the work of any pattern. */
export const MAX_PATTERN_INPUT = 1000;

/**
 * An RE2 search costs at most (characters searched) × (program instructions). Capping the program bounds one search
 * of the capped input to a few tens of milliseconds; practical patterns (codes, phones, emails) take under 50.
 */
export const MAX_PROGRAM_SIZE = 300;

/**
 * A pattern such as `.*z|a` matches once per character yet scans to the end each time, so one message could cost a
 * search per character. Each search is charged its worst case before it runs, and a pattern stops once a message has
 * cost it this much: always at least one full search, about a tenth of a second at worst, and the same on every run.
 */
export const MAX_WORK_PER_PATTERN = 500_000;

const MAX_PATTERN_LENGTH = 500;

export class UnsafePatternError extends Error {}

/**
 * Compiles a user's pattern for RE2, whose matching time is linear in the input whatever the pattern, so no shape
 * of pattern can stall the process. What RE2 cannot run in linear time (backreferences, lookaround) it refuses.
 */
export function compileSafePattern(source: string): RE2JS {
  if (source.length > MAX_PATTERN_LENGTH) throw new UnsafePatternError(`Pattern too long (max ${MAX_PATTERN_LENGTH} characters): ${source.slice(0, 40)}…`);
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(withRe2CodePointEscapes(source), RE2JS.CASE_INSENSITIVE);
  } catch (e) {
    if (e instanceof RE2JSSyntaxException) throw new UnsafePatternError(`Pattern not supported: ${whyRefused(e)}: ${source}`);
    if (e instanceof RE2JSException) throw new UnsafePatternError(`Pattern not supported: ${e.message}: ${source}`);
    throw e;
  }
  if (regex.programSize() > MAX_PROGRAM_SIZE) {
    throw new UnsafePatternError(
      `Pattern too complex (it compiles to ${regex.programSize()} instructions, max ${MAX_PROGRAM_SIZE}; use smaller repeat counts): ${source}`,
    );
  }
  return regex;
}

/** Patterns are written in JavaScript syntax, where a code point is `\u00e9` or `\u{1F600}`; RE2 spells it `\x{…}`. */
function withRe2CodePointEscapes(source: string): string {
  // Escapes are consumed two characters at a time, so an escaped backslash followed by `u` stays literal.
  return source.replace(/\\(?:u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|[^])/g, (escape, braced?: string, four?: string) => {
    const hex = braced ?? four;
    return hex ? `\\x{${hex}}` : escape;
  });
}

function whyRefused(e: RE2JSSyntaxException): string {
  const at = e.getPattern() ?? '';
  const backreference = e.getDescription() === 'invalid escape sequence' && /^\\[1-9k]/.test(at);
  const lookaround = /^\(\?<?[=!]/.test(at);
  if (backreference || lookaround) return 'backreferences and lookaround are not allowed';
  return at ? `${e.getDescription()}: \`${at}\`` : e.getDescription();
}

export class PatternMatcher {
  private readonly patterns: { entity: string; value: string; regex: RE2JS }[] = [];

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
      const m = regex.matcher(input);
      const cost = (from: number) => (input.length - from + 1) * regex.programSize();
      let from = 0;
      for (let work = cost(0); work <= MAX_WORK_PER_PATTERN && m.find(); work += cost(from)) {
        // Offsets are UTF-16 indices of the JS string, so the matched text is sliced from them rather than taken from RE2.
        const start = m.start();
        const end = m.end();
        from = end;
        if (end === start) continue;
        const matched = input.slice(start, end);
        found.push({ name: entity, value: matched, text: matched, start, end, source: 'pattern' });
      }
    }
    return found;
  }
}
