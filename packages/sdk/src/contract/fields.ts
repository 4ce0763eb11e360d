import { z } from 'zod';
import { Messages } from './messages.js';

// Form-urlencoded bodies carry every value as a string; these accept both that and JSON's native types.

/** Required text: not empty, not whitespace-only, not beginning with whitespace (spec platform-shell 5). */
export const requiredText = (max = 200) =>
  z
    .string({ error: Messages.mandatory })
    .min(1, { error: Messages.mandatory })
    .max(max)
    // abort: a whitespace-only value gets one message, not also the leading-whitespace one.
    .refine((v) => v.trim().length > 0, { error: Messages.mandatory, abort: true })
    .refine((v) => !/^\s/.test(v), { error: Messages.leadingWhitespace });

export const email = z
  .string({ error: Messages.mandatory })
  .trim()
  .min(1, { error: Messages.mandatory })
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: Messages.invalidEmail })
  .transform((v) => v.toLowerCase());

export const newPassword = z.string({ error: Messages.mandatory }).min(1, { error: Messages.mandatory }).min(8, { error: Messages.passwordTooShort }).max(256);

export const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** Mobile number (spec 5): optional +, 00 or 91/1, optional separator and leading 0, ten digits starting 1-9. */
export const MOBILE_PATTERN = /^(?:\+|00)?(?:91|1)?[\s-]?0?[1-9]\d{9}$/;
export const mobile = z.string().regex(MOBILE_PATTERN, { error: Messages.invalidNumber });

/** Two passwords that must match; the mismatch is reported on confirmPassword. */
export const withConfirmation = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, password: newPassword, confirmPassword: z.string({ error: Messages.mandatory }).min(1, { error: Messages.mandatory }) }).refine(
    (v) => {
      const { password, confirmPassword } = v as { password: string; confirmPassword: string };
      return password === confirmPassword;
    },
    { error: Messages.passwordsDoNotMatch, path: ['confirmPassword'] },
  );

/** An id in a path or body: a uuid, else the caller is told it was not found. */
export const recordId = z.string().uuid({ error: Messages.notFound });

/** Nested values: JSON bodies send them as they are, form bodies as JSON text. */
export const jsonText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);

/**
 * The first and last instants a list's date filter may name. JavaScript's dates reach years 275760 and -271821 and
 * PostgreSQL's do not (nor does the day after the last one): such a filter was a 500. The first is UTC's 1970-01-01
 * less 14 hours, as a date picker far east of UTC sends that day's local midnight.
 */
export const FILTER_DATES = { earliest: Date.UTC(1970, 0, 1) - 14 * 3_600_000, latest: Date.UTC(9999, 11, 31, 23, 59, 59, 999) } as const;

/** A list's date filter: ISO text (a date or a date-time) within FILTER_DATES. */
export const filterDate = (message: string) =>
  z
    .string()
    .max(40)
    .refine(
      (v) => {
        const at = Date.parse(v);
        return !Number.isNaN(at) && at >= FILTER_DATES.earliest && at <= FILTER_DATES.latest;
      },
      { error: message },
    );
