import { EntityMessages, type Entity, type EntityValueRequest } from '@parley/sdk/contract/nlp-entities';

/** The entity screens' own words (agent-designer 5 and 8), spacing as the spec writes them. */
export const EntityTexts = {
  valueFirst: 'Please give the value and type first',
  deleted: 'Deleted  Entity  succesfully',
  noRecord: 'No Record',
} as const;

/** agent-designer 9: 15 entities per page in the entity list. */
export const ENTITIES_PER_PAGE = 15;

export type ValueType = 'synonyms' | 'pattern';

/** One value row of the form: synonyms are edited as comma-separated text, patterns one per line. */
export interface ValueRow {
  key: number;
  value: string;
  type: ValueType;
  synonyms: string;
  patterns: string;
}

/** Form errors keyed as the server names its fields (`name`, `values.0.synonyms`), so both kinds show in one place. */
export type FieldErrors = Record<string, string>;

export const splitSynonyms = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];
export const joinSynonyms = (list: readonly string[]): string => list.join(', ');
export const splitPatterns = (text: string): string[] =>
  text
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);

let nextKey = 1;
export const emptyRow = (): ValueRow => ({ key: nextKey++, value: '', type: 'synonyms', synonyms: '', patterns: '' });

export function rowsOf(entity: Entity): ValueRow[] {
  const rows = entity.values.map<ValueRow>((v) => ({
    key: nextKey++,
    value: v.value,
    type: v.type,
    synonyms: v.type === 'synonyms' ? joinSynonyms(v.synonyms) : '',
    patterns: v.type === 'pattern' ? v.pattern.join('\n') : '',
  }));
  return rows.length ? rows : [emptyRow()];
}

export const valueField = (index: number, part: 'value' | 'synonyms' | 'pattern') => `values.${index}.${part}`;

/** agent-designer 5: name required; at least one value; each value needs value, type and synonyms (or patterns). */
export function validate(name: string, rows: readonly ValueRow[]): FieldErrors {
  const errors: FieldErrors = {};
  if (!name.trim()) errors.name = EntityMessages.nameRequired;
  if (!rows.length) errors.values = EntityMessages.valuesRequired;
  rows.forEach((row, i) => {
    if (!row.value.trim()) {
      errors[valueField(i, 'value')] = EntityMessages.valueRequired;
      return;
    }
    if (row.type === 'synonyms' && !splitSynonyms(row.synonyms).length) errors[valueField(i, 'synonyms')] = EntityMessages.synonymsRequired;
    if (row.type === 'pattern' && !splitPatterns(row.patterns).length) errors[valueField(i, 'pattern')] = EntityMessages.patternsRequired;
  });
  return errors;
}

/** The save body's values: blank synonyms and patterns dropped, as the popup drops them on confirm. */
export const valuesOf = (rows: readonly ValueRow[]): EntityValueRequest[] =>
  rows.map((row) =>
    row.type === 'pattern'
      ? { value: row.value.trim(), type: 'pattern', pattern: splitPatterns(row.patterns) }
      : { value: row.value.trim(), type: 'synonyms', synonyms: splitSynonyms(row.synonyms) },
  );
