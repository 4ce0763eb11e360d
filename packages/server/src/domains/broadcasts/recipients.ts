import { and, eq, inArray } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import { BroadcastMessages, MOBILE_MIN_LENGTH } from '@parley/sdk/contract/broadcasts';
import type { Db } from '../../db/database.js';
import { customerAttributeDefinitions, customers } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { isPhone, parsePhone } from '../customers/phone.js';
import { fieldsByNameOrLabel } from './send-fields.js';

/** Customers are looked up this many numbers a query: one round trip per chunk, never one per recipient. */
const LOOKUP_CHUNK = 10_000;

/**
 * The numbers as typed → E.164, blanks dropped, each number once (the first spelling wins). Every invalid one is
 * named in `errors` (field `phoneNumber.<index in the request>`), so the form can point at it.
 */
export function normaliseNumbers(raw: readonly string[], country: CountryCode): string[] {
  const typed = raw.map((n, index) => ({ text: n.trim(), index })).filter((n) => n.text !== '');
  if (!typed.length) throw ApiError.field('phoneNumber', BroadcastMessages.mandatory);
  const bad: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  for (const n of typed) {
    const phone = n.text.length < MOBILE_MIN_LENGTH ? null : parsePhone(n.text, country);
    if (!phone || !isPhone(phone)) bad.push({ field: `phoneNumber.${n.index}`, message: BroadcastMessages.invalidNumber });
    else seen.add(phone.e164);
  }
  if (bad.length) throw ApiError.validation(bad);
  return [...seen];
}

export interface RecipientCustomer {
  id: string;
  name: string;
  phoneNumber: string;
  whatsAppNumber: string;
  data: Record<string, string | string[]>;
}

/** The enterprise's customers with these E.164 numbers, by number. */
export async function customersByPhone(db: Db, eId: string, phones: readonly string[]): Promise<Map<string, RecipientCustomer>> {
  const found = new Map<string, RecipientCustomer>();
  for (let i = 0; i < phones.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select({ id: customers.id, name: customers.name, phoneNumber: customers.phoneNumber, whatsAppNumber: customers.whatsAppNumber, data: customers.data })
      .from(customers)
      .where(and(eq(customers.eId, eId), inArray(customers.phoneNumber, phones.slice(i, i + LOOKUP_CHUNK))));
    for (const r of rows) found.set(r.phoneNumber, r);
  }
  return found;
}

/** Custom fields by their name or label (lower case) → the key their values are stored under in a customer's `data`. */
export async function customFieldKeys(db: Db, eId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({
      key: customerAttributeDefinitions.dataKey,
      fieldName: customerAttributeDefinitions.fieldName,
      fieldLabel: customerAttributeDefinitions.fieldLabel,
    })
    .from(customerAttributeDefinitions)
    .where(eq(customerAttributeDefinitions.eId, eId));
  return fieldsByNameOrLabel(rows.map((r) => ({ name: r.fieldName, label: r.fieldLabel, value: r.key })));
}
