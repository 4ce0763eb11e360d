import { z } from 'zod';

/**
 * Reply codes. 100, 101 and 1403 are the specs' own; the others follow the 1403 pattern (1 + HTTP-like number)
 * so a client can branch on `code` alone.
 */
export const Codes = {
  SUCCESS: 100,
  AGENT_HAS_STORIES: 101,
  VALIDATION_FAILED: 1400,
  LOGIN_REQUIRED: 1401,
  TWO_FACTOR_REQUIRED: 1402,
  ACCESS_DENIED: 1403,
  NOT_FOUND: 1404,
  CONFLICT: 1409,
  TOO_MANY_ATTEMPTS: 1429,
  INTERNAL: 1500,
  NOT_CONFIGURED: 1501,
} as const;
export type Code = (typeof Codes)[keyof typeof Codes];

export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

/** Every reply of the API: `status`, `code`, `message`, `data`, `more` (spec: common reply fields). */
export const envelope = z.object({
  status: z.boolean(),
  code: z.union([z.number(), z.string()]),
  message: z.string(),
  data: z.unknown().optional(),
  more: z.boolean().optional(),
  errors: z.array(fieldError).optional(),
  login_required: z.boolean().optional(),
});
export type Envelope<T = unknown> = Omit<z.infer<typeof envelope>, 'data'> & { data?: T };

/** A list page: `from` is the offset, `perPage` -1 means all. */
export const pageQuery = z.object({
  from: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(-1).max(1000).default(15),
});
export type PageQuery = z.infer<typeof pageQuery>;
