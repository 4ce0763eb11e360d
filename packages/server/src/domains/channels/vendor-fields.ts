import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { ChannelMessages, SECRET_MASK, VENDOR_FORMS, type VendorField, type VendorId } from '@parley/sdk/contract/channels';
import type { FieldError } from '@parley/sdk/contract/envelope';

/** A vendor form's values once checked: where each kind of field is kept. */
export interface CheckedFields {
  /** The channel's own number (or address), the `contact_id` column. */
  contactId: string;
  /** Plain fields, the `data` column. */
  data: Record<string, string>;
  /** Secret fields, sealed together into `sealed_data`. */
  secrets: Record<string, string>;
}

export interface FormValues {
  contactId: string | null | undefined;
  data: Record<string, string> | null | undefined;
  /** The channel's stored secrets, kept when the form sends a secret empty or still masked. */
  storedSecrets: Record<string, string>;
  defaultCountry: CountryCode;
  /** How a missing required secret is worded: 'is required', or 'must be entered again' once the endpoint moved. */
  secretRequired?: (label: string) => string;
}

/**
 * A channel's number in E.164, or null. Valid as libphonenumber-js knows numbers (as customers' are), and also the
 * North American 555 numbers it calls invalid: Meta hands those out as WhatsApp test numbers (+1 555 ...).
 */
export function channelNumber(raw: string, defaultCountry: CountryCode): string | null {
  const text = raw.trim();
  const parsed = parsePhoneNumberFromString(text.startsWith('00') ? `+${text.slice(2)}` : text, defaultCountry);
  if (!parsed) return null;
  const metaTestNumber = parsed.countryCallingCode === '1' && parsed.nationalNumber.startsWith('555') && parsed.isPossible();
  return parsed.isValid() || metaTestNumber ? parsed.number : null;
}

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
};

/** A secret as the form shows it: the mask, and the last four characters when the secret is long enough to spare them. */
export const maskSecret = (value: string) => (value.length >= 8 ? `${SECRET_MASK}${value.slice(-4)}` : SECRET_MASK);

/** What the form sent for a secret does not replace the stored one: nothing, blanks, or the mask it was shown. */
const keepsStored = (sent: string) => !sent.trim() || sent.startsWith(SECRET_MASK);

/** Where a field's error is reported: contactId is the form's own field, the rest live under `data`. */
export const fieldPath = (key: string) => (key === 'contactId' ? 'contactId' : `data.${key}`);

/**
 * Checks a channel form against its vendor's fields (VENDOR_FORMS), every error at once in the vendor table's words
 * ('<label> is required'). Keys the vendor does not have are dropped; phone numbers are stored in E.164.
 */
export function checkVendorFields(vendor: VendorId, form: FormValues): { errors: FieldError[]; fields: CheckedFields } {
  const fields = VENDOR_FORMS[vendor];
  const errors: FieldError[] = [];
  const sent = (key: string) => (key === 'contactId' ? (form.contactId ?? form.data?.contactId ?? '') : (form.data?.[key] ?? ''));
  const out: CheckedFields = { contactId: fields.some((f) => f.key === 'contactId') ? '' : (form.contactId ?? '').trim(), data: {}, secrets: {} };
  const fail = (field: VendorField, message: string) => errors.push({ field: fieldPath(field.key), message });

  for (const field of fields) {
    const raw = sent(field.key);
    if (field.kind === 'secret') {
      const value = keepsStored(raw) ? (form.storedSecrets[field.key] ?? '') : raw.trim();
      if (value) out.secrets[field.key] = value;
      else if (field.required) fail(field, (form.secretRequired ?? ChannelMessages.isRequired)(field.label));
      continue;
    }
    const value = raw.trim();
    if (!value) {
      if (field.required) fail(field, ChannelMessages.isRequired(field.label));
      continue;
    }
    let stored = value;
    if (field.kind === 'phone') {
      const number = channelNumber(value, form.defaultCountry);
      if (!number) {
        fail(field, ChannelMessages.isRequired(field.label));
        continue;
      }
      stored = number;
    } else if (field.kind === 'url') {
      if (!isHttpUrl(value)) {
        fail(field, ChannelMessages.invalidUrl);
        continue;
      }
      // The client appends `/{version}/...`: a trailing slash would double it.
      stored = value.replace(/\/+$/, '');
    } else if (field.kind === 'select' && !field.options?.some((o) => o.value === value)) {
      fail(field, ChannelMessages.isRequired(field.label));
      continue;
    }
    if (field.key === 'contactId') out.contactId = stored;
    else out.data[field.key] = stored;
  }
  return { errors, fields: out };
}

/** The form's `data` as a reply shows it: every plain field of the vendor, secrets masked, contactId left out. */
export function presentFields(vendor: VendorId, data: Record<string, string>, secrets: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const field of VENDOR_FORMS[vendor] ?? []) {
    if (field.key === 'contactId') continue;
    const secret = secrets[field.key];
    shown[field.key] = field.kind === 'secret' ? (secret ? maskSecret(secret) : '') : (data[field.key] ?? '');
  }
  return shown;
}
