import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call, named once: the server registers its route from this object and the SDK types its method from it.
 * `path` is relative to the `{api}` base (`/api`), with `:name` parameters. `input` validates the merged query,
 * body and path parameters; `reply` documents `data`.
 */
export interface Endpoint<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly method: Method;
  readonly path: string;
  readonly input: I;
  readonly reply: R;
  /** Multipart uploads and GETs are not form-urlencoded (spec 7). */
  readonly multipart?: boolean;
}

export const endpoint = <I extends z.ZodType, R extends z.ZodType>(e: Endpoint<I, R>): Endpoint<I, R> => e;

export type InputOf<E> = E extends Endpoint<infer I, z.ZodType> ? z.input<I> : never;
export type ParsedInputOf<E> = E extends Endpoint<infer I, z.ZodType> ? z.output<I> : never;
export type ReplyOf<E> = E extends Endpoint<z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:name` parameters from the input and returns the path plus the values it did not use. */
export function fillPath(path: string, input: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path: filled, rest };
}
