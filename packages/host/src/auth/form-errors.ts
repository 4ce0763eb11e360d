import type { z } from 'zod';
import { ParleyError } from '@parley/sdk/parley-error';
import { Messages } from '@parley/sdk/contract/messages';

export type FieldErrors = Record<string, string>;

/** Checks a form with the same zod schema the server uses, so the texts match to the letter. */
export function validate(schema: z.ZodType, values: Record<string, unknown>): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A server refusal as field errors plus the message to show above the form. */
export function fromServer(error: unknown): { fields: FieldErrors; message: string } {
  if (!(error instanceof ParleyError)) return { fields: {}, message: Messages.somethingWentWrong };
  return { fields: Object.fromEntries(error.errors.map((e) => [e.field, e.message])), message: error.message };
}

/** Spectrum's props for a field with a possible error. */
export const invalid = (errors: FieldErrors, field: string) => (errors[field] ? { validationState: 'invalid' as const, errorMessage: errors[field] } : {});
