import type { CountryCode } from 'libphonenumber-js';
import { CustomerMessages, SOCIAL_FIELDS, SOCIAL_LABELS, type SocialField } from '@parley/sdk/contract/customer-texts';
import type { CsvRecord } from './csv-records.js';
import { csvProblemMessage } from './csv-scan.js';
import { checkName, searchVectorOf, type FieldRule } from './field-rules.js';
import { isPhone, parsePhone } from './phone.js';

/** A row ready to be written. Social fields are null when their column is not mapped (the stored value stays). */
export interface GoodRow {
  line: number;
  lineStr: string;
  phone: string;
  name: string;
  social: Record<SocialField, string | null>;
  data: Record<string, string | string[]>;
  search: string;
}
export interface BadRow {
  line: number;
  lineStr: string;
  errors: { message: string }[];
}

export const PHONE_LABEL = 'Phone Number';
const NAME_LABEL = 'Name';

/** The customer fields a column may go to (the spec's systemHeaders): built-ins, social profiles, then custom fields. */
export function systemHeaders(rules: readonly FieldRule[]) {
  return [
    { id: 'phoneNumber', label: PHONE_LABEL, mandatory: true },
    { id: 'name', label: NAME_LABEL, mandatory: true },
    ...SOCIAL_FIELDS.map((id) => ({ id, label: SOCIAL_LABELS[id], mandatory: false })),
    ...rules.map((r) => ({ id: r.fieldName, label: r.label, mandatory: r.mandatory })),
  ];
}

/** A checked mapping: for each customer field, the index of its column in the file. */
export interface ColumnPlan {
  phone: number;
  name: number;
  social: Partial<Record<SocialField, number>>;
  fields: { rule: FieldRule; column: number | null }[];
  /** The rules of `fields`, once, for every row's search text. */
  rules: FieldRule[];
  columns: number;
}

/** Checks a mapping against the file's header and the definitions; every problem is returned, in the spec's voice. */
export function planColumns(
  headers: readonly string[],
  mapping: readonly { src: string; des: string }[],
  rules: readonly FieldRule[],
): ColumnPlan | { errors: string[] } {
  const errors: string[] = [];
  const byDes = new Map<string, number>();
  const known = new Map(systemHeaders(rules).map((h) => [h.id.toLowerCase(), h]));
  for (const { src, des } of mapping) {
    if (!des) continue;
    const column = headers.indexOf(src);
    const target = known.get(des.toLowerCase());
    if (column === -1) errors.push(CustomerMessages.unknownColumn(src));
    else if (!target) errors.push(CustomerMessages.unknownSystemHeader(des));
    else if (byDes.has(target.id)) errors.push(CustomerMessages.mappedTwice(target.label));
    else byDes.set(target.id, column);
  }
  if (!byDes.has('phoneNumber')) errors.push(CustomerMessages.phoneNotMapped);
  for (const h of systemHeaders(rules))
    if (h.mandatory && h.id !== 'phoneNumber' && !byDes.has(h.id)) errors.push(CustomerMessages.mandatoryNotMapped(h.label));
  if (errors.length) return { errors };
  return {
    phone: byDes.get('phoneNumber')!,
    name: byDes.get('name')!,
    social: Object.fromEntries(SOCIAL_FIELDS.filter((f) => byDes.has(f)).map((f) => [f, byDes.get(f)!])),
    fields: rules.map((rule) => ({ rule, column: byDes.get(rule.fieldName) ?? null })),
    rules: [...rules],
    columns: headers.length,
  };
}

/** The custom fields an import writes, in the order of their columns in its COPY lines (see import-batch.ts). */
export const stagedFields = (plan: ColumnPlan) => plan.fields.filter((f) => f.column !== null).map((f) => f.rule);

/**
 * Checks one record against the plan. An unmapped custom field is left as stored, so a mandatory one must be mapped
 * (planColumns); a mapped mandatory one must have a value in every row.
 */
export function checkRecord(r: CsvRecord, plan: ColumnPlan, country: CountryCode): GoodRow | BadRow {
  const bad = (messages: string[]): BadRow => ({ line: r.line, lineStr: r.text, errors: messages.map((message) => ({ message })) });
  if (r.broken) return bad([r.tooLong ? csvProblemMessage({ kind: 'record', line: r.line }) : CustomerMessages.unreadableLine]);
  if (r.fields.length !== plan.columns) return bad([CustomerMessages.columnCount(r.fields.length, plan.columns)]);
  const errors: string[] = [];
  const phone = parsePhone(r.fields[plan.phone] ?? '', country);
  if (!isPhone(phone)) errors.push(CustomerMessages.listedError(PHONE_LABEL, phone.error));
  const name = checkName(r.fields[plan.name]);
  if ('errors' in name) errors.push(...name.errors.map((e) => CustomerMessages.listedError(NAME_LABEL, e)));
  const data: Record<string, string | string[]> = {};
  for (const { rule, column } of plan.fields) {
    if (column === null) continue;
    const checked = rule.check(r.fields[column]);
    if ('errors' in checked) errors.push(...checked.errors);
    else if (checked.value !== null) data[rule.key] = checked.value;
  }
  if (errors.length || !isPhone(phone) || 'errors' in name) return bad(errors);
  const social = {} as GoodRow['social'];
  for (const f of SOCIAL_FIELDS) social[f] = plan.social[f] === undefined ? null : (r.fields[plan.social[f]!] ?? '').trim().slice(0, 200);
  return { line: r.line, lineStr: r.text, phone: phone.e164, name: name.value, social, data, search: searchVectorOf(name.value, plan.rules, data) };
}

export const isGood = (row: GoodRow | BadRow): row is GoodRow => 'phone' in row;
