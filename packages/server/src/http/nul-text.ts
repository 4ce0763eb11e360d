import type { FieldError } from '@parley/sdk/contract/envelope';
import { Messages } from '@parley/sdk/contract/messages';
import { ApiError } from './api-error.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** The dotted paths of every string (or object key) holding a NUL character, walking plain objects and arrays. */
export function nulTextPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path.join('.') || 'body'] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => nulTextPaths(item, [...path, String(i)]));
  if (!isPlainObject(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const here = [...path, key];
    return key.includes('\u0000') ? [here.join('.')] : nulTextPaths(item, here);
  });
}

/**
 * PostgreSQL cannot store NUL in text or jsonb, so such a value would fail deep in a query as a 500. Refusing it at the
 * edge names the field instead, for every route at once.
 */
export function refuseNulText(value: unknown): void {
  const paths = nulTextPaths(value);
  if (paths.length === 0) return;
  const errors: FieldError[] = [...new Set(paths)].map((field) => ({ field, message: Messages.nulCharacter }));
  throw ApiError.validation(errors);
}
