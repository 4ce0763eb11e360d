import Papa from 'papaparse';
import type { FieldRule } from './field-rules.js';
import type { DefinitionRow } from '../customer-definitions/queries.js';
import { SOCIAL_FIELDS, SOCIAL_LABELS } from '@parley/sdk/contract/customers';

const EXAMPLES: Record<string, string> = { alphabets: 'Example', alphanumeric: 'Example 1', email: 'asha@example.com', number: '42', decimal: '4.5' };

/**
 * The sample file of the upload screen (customer-master 2, 'Download Sample'): one column per customer field, headed
 * with its label so the mapping matches it at once, and one example row that passes every definition's rules.
 */
export function sampleCsv(definitions: readonly DefinitionRow[], rules: readonly FieldRule[]): string {
  const headers = ['Phone Number', 'Name', ...SOCIAL_FIELDS.map((f) => SOCIAL_LABELS[f]), ...rules.map((r) => r.label)];
  const custom = definitions.map((d) => {
    if (d.fieldType === 'selectbox-singlevalue') return d.defaultValue[0] ?? '';
    if (d.fieldType === 'selectbox-multiplevalue') return d.defaultValue.slice(0, 2).join(',');
    const min = d.validations.find((v) => v.id === 'minValue')?.value;
    const example = EXAMPLES[d.inputType ?? 'alphanumeric'] ?? 'Example';
    return typeof min === 'number' && example.length < min ? example.padEnd(min, 'x') : example;
  });
  const row = ['+919876543210', 'Asha Rao', '+919876543210', '@asha', 'asha.rao', 'asha.rao', ...custom];
  // A BOM so that spreadsheet programs read the file as UTF-8.
  return `\uFEFF${Papa.unparse([headers, row], { newline: '\r\n' })}\r\n`;
}
