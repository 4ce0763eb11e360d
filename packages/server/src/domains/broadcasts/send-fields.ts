import type { FieldLookup } from './components.js';
import type { RecipientCustomer } from './recipients.js';

/** The customer fields every enterprise has (customer-master 3, built-in definitions), as the form offers them. */
export const BUILT_IN_FIELDS = [
  { name: 'name', label: 'Name' },
  { name: 'phoneNumber', label: 'Phone Number' },
] as const;

type BuiltIn = 'name' | 'phoneNumber' | 'whatsAppNumber';
const builtIns = new Map<string, BuiltIn>([
  ...BUILT_IN_FIELDS.map((f) => [f.label.toLowerCase(), f.name] as const),
  ...BUILT_IN_FIELDS.map((f) => [f.name.toLowerCase(), f.name] as const),
  ['whatsappnumber', 'whatsAppNumber'],
]);

/** How a user may write a field in an expression: its name or its label, in any case, spaces around ignored. */
export const fieldKey = (written: string) => written.trim().toLowerCase();

/**
 * A field's key by every way it may be written: labels first, so that where one field's label is another's name, the
 * name wins (`{pincode}` means the field named pincode, whatever another field is labelled).
 */
export function fieldsByNameOrLabel<T>(fields: readonly { name: string; label: string | null | undefined; value: T }[]): Map<string, T> {
  const byKey = new Map<string, T>();
  for (const f of fields) if (f.label?.trim()) byKey.set(fieldKey(f.label), f.value);
  for (const f of fields) byKey.set(fieldKey(f.name), f.value);
  return byKey;
}

/**
 * A recipient's customer fields as a column mapping or an expression names them: `name`, `phoneNumber` (the
 * recipient's own number when no customer has it), `whatsAppNumber`, or a custom field, each by its name or by the
 * label the user sees (`{PIN code}` as well as `{pincode}`), case-insensitively; custom fields come as `fieldKeys`
 * (fieldsByNameOrLabel → the definition's `data_key`). A list value is joined with ', '.
 */
export function customerFieldLookup(recipient: string, customer: RecipientCustomer | undefined, fieldKeys: Map<string, string>): FieldLookup {
  return (field) => {
    const written = fieldKey(field);
    const builtIn = builtIns.get(written);
    if (builtIn === 'phoneNumber') return customer?.phoneNumber ?? recipient;
    if (!customer) return undefined;
    if (builtIn) return customer[builtIn];
    const key = fieldKeys.get(written);
    const value = key ? customer.data[key] : undefined;
    return Array.isArray(value) ? value.join(', ') : value;
  };
}
