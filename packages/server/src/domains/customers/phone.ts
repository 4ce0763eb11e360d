import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { CustomerMessages } from '@parley/sdk/contract/customers';

export interface Phone {
  e164: string;
}

/**
 * A phone number as stored: E.164 through libphonenumber-js (its compact metadata: valid lengths per country, about
 * 9 µs a number). A number without '+' or 00 is read in the enterprise's default country (PARLEY_DEFAULT_COUNTRY).
 */
export function parsePhone(raw: string, defaultCountry: CountryCode): Phone | { error: string } {
  const text = raw.trim();
  if (!text) return { error: CustomerMessages.required };
  const parsed = parsePhoneNumberFromString(text.startsWith('00') ? `+${text.slice(2)}` : text, defaultCountry);
  if (!parsed || !parsed.isValid()) return { error: CustomerMessages.invalidPhone };
  return { e164: parsed.number };
}

export const isPhone = (p: Phone | { error: string }): p is Phone => 'e164' in p;
