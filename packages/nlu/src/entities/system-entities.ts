import { BuiltinMicrosoft } from '@nlpjs/builtin-microsoft';
import type { EntityMatch, Language } from '../types.js';
import type { SystemEntityName } from './system-entity-list.js';

export { SYSTEM_ENTITIES, type SystemEntityName } from './system-entity-list.js';

/** platform-shell 5: optional +, 00 or 91/1, optional separator and leading 0, ten digits starting 1-9. */
const MOBILE = /(?<![\d+])(?:\+|00)?(?:91|1)?[\s-]?0?[1-9]\d{9}(?!\d)/g;
const MICROSOFT_NAMES: Record<string, SystemEntityName> = {
  number: 'number',
  ordinal: 'ordinal',
  email: 'email',
  url: 'url',
  datetime: 'datetime',
  date: 'datetime',
  time: 'datetime',
  duration: 'duration',
  currency: 'currency',
  percentage: 'percentage',
  age: 'age',
  dimension: 'dimension',
  temperature: 'temperature',
};

let recognizer: BuiltinMicrosoft | undefined;

function resolvedValue(resolution: Record<string, unknown> | undefined, fallback: string): string {
  if (!resolution) return fallback;
  const values = resolution.values as { value?: unknown }[] | undefined;
  const v = resolution.value ?? resolution.strValue ?? values?.[0]?.value;
  return v === undefined || v === null ? fallback : String(v);
}

/** System entities of the names asked for; positions are offsets in `text`, end exclusive. */
export async function extractSystemEntities(text: string, language: Language, wanted: readonly string[]): Promise<EntityMatch[]> {
  if (!wanted.length || !text.trim()) return [];
  const found: EntityMatch[] = [];
  if (wanted.includes('phone')) {
    for (const m of text.matchAll(MOBILE)) {
      const raw = m[0].trim();
      const start = m.index + m[0].indexOf(raw);
      found.push({ name: 'phone', value: raw.replace(/[\s-]/g, ''), text: raw, start, end: start + raw.length, source: 'system' });
    }
  }
  const others = wanted.filter((w) => w !== 'phone');
  if (!others.length) return found;
  recognizer ??= new BuiltinMicrosoft();
  const { edges } = await recognizer.extract({ text: text.slice(0, 2000), locale: language });
  for (const edge of edges) {
    const name = MICROSOFT_NAMES[edge.entity];
    if (!name || !others.includes(name)) continue;
    found.push({
      name,
      value: resolvedValue(edge.resolution, edge.utteranceText),
      text: edge.utteranceText,
      start: edge.start,
      end: edge.end + 1,
      source: 'system',
    });
  }
  return found;
}
