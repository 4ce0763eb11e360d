import { z } from 'zod';
import { pageFrom } from './paging.js';

export { Codes, type Code } from './codes.js';

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
  from: pageFrom(),
  perPage: z.coerce.number().int().min(-1).max(1000).default(15),
});
export type PageQuery = z.infer<typeof pageQuery>;
