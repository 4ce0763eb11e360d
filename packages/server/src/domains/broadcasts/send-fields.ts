import type { FieldLookup } from './components.js';
import type { RecipientCustomer } from './recipients.js';

/**
 * A recipient's customer fields by name, as a column mapping or an expression names them: `name`, `phoneNumber`
 * (the recipient's own number when no customer has it), `whatsAppNumber`, or a custom field's `fieldName`
 * (case-insensitive; customer data is keyed by the definition's id). A list value is joined with ', '.
 */
export function customerFieldLookup(recipient: string, customer: RecipientCustomer | undefined, fieldIds: Map<string, string>): FieldLookup {
  return (field) => {
    const name = field.trim();
    if (name === 'phoneNumber') return customer?.phoneNumber ?? recipient;
    if (!customer) return undefined;
    if (name === 'name') return customer.name;
    if (name === 'whatsAppNumber') return customer.whatsAppNumber;
    const id = fieldIds.get(name.toLowerCase());
    const value = id ? customer.data[id] : undefined;
    return Array.isArray(value) ? value.join(', ') : value;
  };
}
