import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { requiredText } from './fields.js';
import { imageDataUrl } from './image-data-url.js';

/** Texts the spec does not give (its country and time-zone lists are "not shown"); worded in its voice. */
export const EnterpriseMessages = {
  invalidCountry: 'Please select a valid country',
  invalidTimeZone: 'Please select a valid time zone',
  saved: 'Enterprise details saved',
  logoSaved: 'Logo updated',
  logoRemoved: 'Logo removed',
} as const;

/** ISO 3166-1 alpha-2, or empty for "not set"; the server checks the code is a country it knows. */
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), { error: EnterpriseMessages.invalidCountry });

/** An IANA zone name (Europe/Paris), or empty for "not set"; the server checks it against its time-zone data. */
const timeZone = z
  .string()
  .trim()
  .max(64)
  .refine((v) => v === '' || /^[A-Za-z_+\-0-9]+(\/[A-Za-z_+\-0-9]+)*$/.test(v), { error: EnterpriseMessages.invalidTimeZone });

/** Enterprise details (platform-shell 2.8 Manage, issue 36 item 9); unset values are null. */
export const enterpriseDetails = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  timeZone: z.string().nullable(),
  /** The country a phone number without + or 00 is read in. */
  phoneCountry: z.string().nullable(),
  /** The white-label logo override (a data URL), shown in the top bar instead of the host's logo. */
  logo: z.string().nullable(),
});
export type EnterpriseDetails = z.infer<typeof enterpriseDetails>;

export const countryCallingCode = z.object({ code: z.string(), callingCode: z.string() });

export const enterpriseApi = {
  details: endpoint({ method: 'GET', path: 'e/enterprise/details', input: z.object({}), reply: enterpriseDetails }),
  update: endpoint({
    method: 'PUT',
    path: 'e/enterprise/details',
    input: z.object({ name: requiredText(100), country: countryCode.default(''), timeZone: timeZone.default(''), phoneCountry: countryCode.default('') }),
    reply: enterpriseDetails,
  }),
  logo: endpoint({ method: 'PUT', path: 'e/enterprise/details/logo', input: z.object({ logo: imageDataUrl }), reply: enterpriseDetails }),
  removeLogo: endpoint({ method: 'DELETE', path: 'e/enterprise/details/logo', input: z.object({}), reply: enterpriseDetails }),
  /** "countrycodes" (platform-shell 7.5): the countries phone numbers can belong to, with their calling codes. */
  countryCodes: endpoint({ method: 'GET', path: 'e/enterprise/countrycodes', input: z.object({}), reply: z.array(countryCallingCode) }),
} as const;
