import type { FieldLookup } from './components.js';
import type { RecipientCustomer } from './recipients.js';

/**
 * A recipient's customer fields by name, as a column mapping or an expression names them: `name`, `phoneNumber`
 * (the recipient's own number when no customer has it), `whatsAppNumber`, or a custom field's `fieldName`
 * (case-insensitive; customer data is keyed by the definition's `data_key`). A list value is joined with ', '.
 */
export function customerFieldLookup(recipient: string, customer: RecipientCustomer | undefined, fieldKeys: Map<string, string>): FieldLookup {
  return (field) => {
    const name = field.trim();
    if (name === 'phoneNumber') return customer?.phoneNumber ?? recipient;
    if (!customer) return undefined;
    if (name === 'name') return customer.name;
    if (name === 'whatsAppNumber') return customer.whatsAppNumber;
    const key = fieldKeys.get(name.toLowerCase());
    const value = key ? customer.data[key] : undefined;
    return Array.isArray(value) ? value.join(', ') : value;
  };
}
