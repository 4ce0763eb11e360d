import Papa from 'papaparse';
import type { FieldRule } from './field-rules.js';
import type { DefinitionRow } from '../customer-definitions/queries.js';
import { SOCIAL_FIELDS, SOCIAL_LABELS } from '@parley/sdk/contract/customers';

/**
 * A value of a text field's input type with `length` characters, which passes its character rules whatever specials
 * it allows: letters, letters and digits, digits, a decimal, an address.
 */
function exampleOf(inputType: string | null, length: number): string {
  const fill = (seed: string) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
  switch (inputType) {
    case 'number':
      return fill('9876543210');
    case 'decimal':
      return length >= 3 ? `4.${fill('5').slice(2)}` : fill('4');
    case 'email': {
      // The shortest address the rule takes is a@b.c; a longer one grows its name.
      const domain = length >= 16 ? '@example.com' : '@b.co';
      return `${fill('asha').slice(0, Math.max(1, length - domain.length))}${domain}`;
    }
    case 'alphabets':
      return fill('Example');
    default:
      return fill('Example1');
  }
}

/** The natural length of each input type's example, brought within the definition's minimum and maximum. */
const NATURAL: Record<string, number> = { number: 6, decimal: 3, email: 16, alphabets: 7, alphanumeric: 8 };

/**
 * The sample file of the upload screen (customer-master 2, 'Download Sample'): one column per customer field, headed
 * with its label so the mapping matches it at once, and one example row that passes every definition's rules.
 */
export function sampleCsv(definitions: readonly DefinitionRow[], rules: readonly FieldRule[]): string {
  const headers = ['Phone Number', 'Name', ...SOCIAL_FIELDS.map((f) => SOCIAL_LABELS[f]), ...rules.map((r) => r.label)];
  const custom = definitions.map((d) => {
    if (d.fieldType === 'selectbox-singlevalue') return d.defaultValue[0] ?? '';
    if (d.fieldType === 'selectbox-multiplevalue') return d.defaultValue.slice(0, 2).join(',');
    const bound = (id: string) => d.validations.find((v) => v.id === id)?.value;
    const min = typeof bound('minValue') === 'number' ? (bound('minValue') as number) : 0;
    const max = typeof bound('maxValue') === 'number' ? (bound('maxValue') as number) : Infinity;
    const natural = NATURAL[d.inputType ?? 'alphanumeric'] ?? 8;
    return exampleOf(d.inputType, Math.max(1, Math.min(Math.max(natural, min), max)));
  });
  const row = ['+919876543210', 'Asha Rao', '+919876543210', '@asha', 'asha.rao', 'asha.rao', ...custom];
  // A BOM so that spreadsheet programs read the file as UTF-8.
  return `\uFEFF${Papa.unparse([headers, row], { newline: '\r\n' })}\r\n`;
}
