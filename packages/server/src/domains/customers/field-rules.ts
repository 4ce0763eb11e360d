import { CustomerMessages } from '@parley/sdk/contract/customer-texts';
import type { DefinitionRow } from '../customer-definitions/queries.js';
import { searchVector } from './search-words.js';

/** One custom field's rules, compiled once per request or per import from its definition (customer-master 3, 5). */
export interface FieldRule {
  id: string;
  /** The key of the field's values in a customer's `data` (schema.ts). */
  key: string;
  fieldName: string;
  label: string;
  mandatory: boolean;
  search: boolean;
  multiple: boolean;
  /** Checks one value; returns the cleaned value (trimmed; a list for a multiple select) or the messages. */
  check(raw: string | string[] | null | undefined): { value: string | string[] | null } | { errors: string[] };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const LETTER = /\p{L}|\p{M}/u;
const DIGIT = /\p{Nd}/u;

function validationsOf(row: Pick<DefinitionRow, 'validations'>) {
  const byId = new Map(row.validations.map((v) => [v.id, v.value]));
  const num = (id: string) => (typeof byId.get(id) === 'number' ? (byId.get(id) as number) : null);
  const chars = byId.get('allowedChars');
  return {
    min: num('minValue'),
    max: num('maxValue'),
    allowSpecial: byId.get('allowSpecialChars') === true,
    allowedChars: new Set(Array.isArray(chars) ? (chars as string[]) : []),
  };
}

const escapeClass = (chars: Iterable<string>) => [...chars].map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('');

/**
 * Which characters a text field takes: letters (alphabets), letters and digits (alphanumeric), plus the allowed
 * specials; email, number and decimal by their shape. Compiled to one regular expression per field, since an import
 * checks every cell of a million rows; the message is worked out only for a value that fails.
 */
function charsCheck(row: DefinitionRow, v: ReturnType<typeof validationsOf>, say: FieldTexts): (value: string) => string | null {
  const type = row.inputType;
  // A textarea holds lines: its line breaks are no special characters (a text field's still are).
  const lines = row.fieldType === 'textarea' ? '\\n' : '';
  if (type === 'email') return (value) => (EMAIL.test(value) ? null : say.invalidEmail);
  if (type === 'number') return (value) => (NUMBER.test(value) ? null : say.invalidNumber);
  if (type === 'decimal') return (value) => (DECIMAL.test(value) ? null : say.invalidDecimal);
  const digits = type === 'alphabets' ? '' : '\\p{Nd}';
  if (v.allowSpecial && v.allowedChars.size === 0 && type !== 'alphabets') return () => null;
  const specials = v.allowSpecial ? escapeClass(v.allowedChars) : '';
  const allowed = v.allowSpecial && v.allowedChars.size === 0 ? /^[^\p{Nd}]*$/u : new RegExp(`^[\\p{L}\\p{M} ${lines}${digits}${specials}]*$`, 'u');
  return (value) => {
    if (allowed.test(value)) return null;
    for (const ch of value) {
      if (LETTER.test(ch) || ch === ' ' || (lines && ch === '\n')) continue;
      if (DIGIT.test(ch)) {
        if (type === 'alphabets') return say.onlyAlphabets;
        continue;
      }
      if (v.allowSpecial && (v.allowedChars.size === 0 || v.allowedChars.has(ch))) continue;
      return v.allowSpecial ? say.specialChars([...v.allowedChars].join(' ')) : type === 'alphabets' ? say.onlyAlphabets : say.onlyAlphanumeric;
    }
    return null;
  };
}

/** A field's messages, worded for where they are shown. */
interface FieldTexts {
  required: string;
  whitespaceOnly: string;
  minLength(n: number): string;
  maxLength(n: number): string;
  onlyAlphabets: string;
  onlyAlphanumeric: string;
  specialChars(chars: string): string;
  invalidEmail: string;
  invalidNumber: string;
  invalidDecimal: string;
  invalidOption(value: string): string;
  oneOption: string;
}

/** Beside the field in the customer form: the spec's texts ('{label} is required', 'Minimum length must be N characters.'). */
function formTexts(label: string): FieldTexts {
  const m = CustomerMessages;
  return {
    required: m.isRequired(label),
    whitespaceOnly: m.whitespaceOnly(label),
    minLength: m.minLength,
    maxLength: m.maxLength,
    onlyAlphabets: m.onlyAlphabets(label),
    onlyAlphanumeric: m.onlyAlphanumeric(label),
    specialChars: (chars) => m.specialCharsNotAllowed(label, chars),
    invalidEmail: m.invalidEmail(label),
    invalidNumber: m.invalidNumber(label),
    invalidDecimal: m.invalidDecimal(label),
    invalidOption: (value) => m.invalidOption(label, value),
    oneOption: m.oneOption(label),
  };
}

/** In an upload's error list, where no field is beside a message: every one reads '{label}: message' (listedError). */
export function listTexts(label: string): FieldTexts {
  const m = CustomerMessages.listed;
  const at = (message: string) => CustomerMessages.listedError(label, message);
  return {
    required: at(CustomerMessages.required),
    whitespaceOnly: at(m.whitespaceOnly),
    minLength: (n) => at(CustomerMessages.minLength(n)),
    maxLength: (n) => at(CustomerMessages.maxLength(n)),
    onlyAlphabets: at(m.onlyAlphabets),
    onlyAlphanumeric: at(m.onlyAlphanumeric),
    specialChars: (chars) => at(m.specialChars(chars)),
    invalidEmail: at(m.invalidEmail),
    invalidNumber: at(m.invalidNumber),
    invalidDecimal: at(m.invalidDecimal),
    invalidOption: (value) => at(m.invalidOption(value)),
    oneOption: at(m.oneOption),
  };
}

/** A definition's rule; `style` words its messages for the customer form or for an upload's error list. */
export function compileRule(row: DefinitionRow, style: 'form' | 'list' = 'form'): FieldRule {
  const select = row.fieldType === 'selectbox-singlevalue' || row.fieldType === 'selectbox-multiplevalue';
  const multiple = row.fieldType === 'selectbox-multiplevalue';
  const multiline = row.fieldType === 'textarea';
  const options = new Map(row.defaultValue.map((o) => [o.toLowerCase(), o]));
  const v = validationsOf(row);
  const label = row.fieldLabel;
  const say = style === 'form' ? formTexts(label) : listTexts(label);
  const chars = charsCheck(row, v, say);
  return {
    id: row.id,
    key: row.dataKey,
    fieldName: row.fieldName,
    label,
    mandatory: row.mandatory,
    search: row.search,
    multiple,
    check(raw) {
      if (select) {
        // A multiple select arrives as a list (the form) or a comma list (a CSV cell).
        const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? (multiple ? raw.split(',') : [raw]) : []).map((x) => x.trim()).filter(Boolean);
        if (list.length === 0) return row.mandatory ? { errors: [say.required] } : { value: null };
        if (!multiple && list.length > 1) return { errors: [say.oneOption] };
        const errors: string[] = [];
        const chosen = list.map((x) => options.get(x.toLowerCase()) ?? (errors.push(say.invalidOption(x)), x));
        if (errors.length) return { errors };
        return { value: multiple ? [...new Set(chosen)] : chosen[0]! };
      }
      const joined = Array.isArray(raw) ? raw.join(', ') : (raw ?? '');
      // A textarea's lines end in \n whatever wrote them (a CSV from Windows: \r\n).
      const text = multiline ? joined.replace(/\r\n?/g, '\n') : joined;
      if (text.length > 0 && text.trim() === '') return { errors: [say.whitespaceOnly] };
      const value = text.trim();
      if (!value) return row.mandatory ? { errors: [say.required] } : { value: null };
      const errors: string[] = [];
      if (v.min !== null && value.length < v.min) errors.push(say.minLength(v.min));
      if (v.max !== null && value.length > v.max) errors.push(say.maxLength(v.max));
      const refused = chars(value);
      if (refused) errors.push(refused);
      return errors.length ? { errors } : { value };
    },
  };
}

/**
 * The built-in name (customer-master 3): required, 2 to 30 characters, any characters. The form says 'This field is
 * required' beside the field (customer-master 5); an error list, which has no field beside it, passes its own words.
 */
export function checkName(raw: string | null | undefined, required: string = CustomerMessages.required): { value: string } | { errors: string[] } {
  const text = raw ?? '';
  if (text.trim() === '') return { errors: [required] };
  const value = text.trim().replace(/\s+/g, ' ');
  if (value.length < 2) return { errors: [CustomerMessages.minLength(2)] };
  if (value.length > 30) return { errors: [CustomerMessages.maxLength(30)] };
  return { value };
}

/**
 * The words the full-text index holds (search-words.ts): the name and the values of searchable fields. Not the phone
 * number: its btree index answers a search by digits (queries.ts), while two distinct numbers per customer in the
 * full-text index were two new entries of its tree per imported row, a third of what an import cost the database.
 */
export function searchVectorOf(name: string, rules: readonly FieldRule[], data: Record<string, string | string[]>): string {
  const texts = [name];
  for (const r of rules) {
    const v = r.search ? data[r.key] : undefined;
    if (v !== undefined) texts.push(...(typeof v === 'string' ? [v] : v));
  }
  return searchVector(texts);
}
