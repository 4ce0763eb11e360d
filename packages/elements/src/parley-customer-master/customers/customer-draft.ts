import { CustomerMessages, SOCIAL_FIELDS } from '@parley/sdk/contract/customer-texts';
import type { Customer, SocialField } from '@parley/sdk/contract/customers';
import type { Definition } from '@parley/sdk/contract/customer-definitions';

/** A custom field's value while edited: text, or the chosen options of a multiple select. */
export type FieldValue = string | string[];

/** The customer form as the user edits it. */
export interface CustomerDraft extends Record<SocialField, string> {
  name: string;
  phoneNumber: string;
  tags: string[];
  groups: string[];
  /** By definition `_id`. */
  data: Record<string, FieldValue>;
}

/** Form errors by field key: `name`, `phoneNumber`, a social field or `data.<definitionId>` (the server's keys too). */
export type DraftErrors = Record<string, string>;

export const dataKey = (definitionId: string) => `data.${definitionId}`;

export const isMultiple = (d: Definition) => d.fieldType === 'selectbox-multiplevalue';

/** A dropdown's options, from the definition's comma list. */
export const optionsOf = (d: Definition) =>
  d.defaultValue
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function emptyDraft(): CustomerDraft {
  return { name: '', phoneNumber: '', whatsAppNumber: '', twitterId: '', facebookId: '', instaId: '', tags: [], groups: [], data: {} };
}

export function draftOf(customer: Customer): CustomerDraft {
  const draft: CustomerDraft = { ...emptyDraft(), name: customer.name, phoneNumber: customer.phoneNumber };
  for (const f of SOCIAL_FIELDS) draft[f] = customer[f] ?? '';
  draft.tags = customer.tags.map((t) => t.id);
  draft.groups = customer.groups.map((g) => g.id);
  for (const entry of customer.data) if (entry.value !== null) draft.data[entry.id] = entry.value;
  return draft;
}

const blank = (v: FieldValue | undefined) => (Array.isArray(v) ? v.length === 0 : !v || v.length === 0);

/**
 * customer-master 5, checked before sending: name and phone number hold something besides spaces; a mandatory custom
 * field is given and not only spaces; minValue and maxValue bound a text's length. The server checks the rest (input
 * types, phone format, duplicates) and its errors are listed above the form.
 */
export function validateDraft(draft: CustomerDraft, definitions: Definition[]): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = CustomerMessages.required;
  if (!draft.phoneNumber.trim()) errors.phoneNumber = CustomerMessages.required;
  for (const d of definitions) {
    const value = draft.data[d._id];
    const key = dataKey(d._id);
    if (blank(value)) {
      if (d.mandatory) errors[key] = CustomerMessages.isRequired(d.fieldLabel);
      continue;
    }
    if (typeof value !== 'string') continue;
    if (!value.trim()) {
      if (d.mandatory) errors[key] = CustomerMessages.whitespaceOnly(d.fieldLabel);
      continue;
    }
    const min = d.validations.find((v) => v.id === 'minValue')?.value;
    const max = d.validations.find((v) => v.id === 'maxValue')?.value;
    if (typeof min === 'number' && value.length < min) errors[key] = CustomerMessages.minLength(min);
    else if (typeof max === 'number' && value.length > max) errors[key] = CustomerMessages.maxLength(max);
  }
  return errors;
}

/** The body of `POST customer/customer`: every custom field by definition `_id` (null when left blank). */
export function payloadOf(draft: CustomerDraft, definitions: Definition[], id: string | null) {
  return {
    ...(id ? { id } : {}),
    name: draft.name.trim(),
    phoneNumber: draft.phoneNumber.trim(),
    whatsAppNumber: draft.whatsAppNumber.trim(),
    twitterId: draft.twitterId.trim(),
    facebookId: draft.facebookId.trim(),
    instaId: draft.instaId.trim(),
    tags: draft.tags,
    groups: draft.groups,
    data: definitions.map((d) => {
      const value = draft.data[d._id];
      return { id: d._id, value: blank(value) ? null : (value ?? null) };
    }),
  };
}
