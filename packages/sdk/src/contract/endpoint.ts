import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Whether a call changes state: 'write' calls are recorded in the audit trail. */
export type Effect = 'read' | 'write';

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
  /**
   * What the call does, when its method says otherwise: a GET that changes state declares 'write', a POST that only
   * reads (a report with a long filter body) declares 'read'. Unset, GET reads and every other method writes.
   */
  readonly effect?: Effect;
  /**
   * The envelope's `message` when `input` refuses the call (a form's one summary, such as 'Save Failed. Please check
   * for errors in fields'); `errors` still lists every field. Unset, the message is the first field error's.
   */
  readonly invalidMessage?: string;
}

export const endpoint = <I extends z.ZodType, R extends z.ZodType>(e: Endpoint<I, R>): Endpoint<I, R> => e;

export const effectOf = (e: Pick<Endpoint, 'method' | 'effect'>): Effect => e.effect ?? (e.method === 'GET' ? 'read' : 'write');

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
