import type { FastifyRequest } from 'fastify';
import type { FormShape } from './form-shape.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const toList = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** JSON text of a list or an object, else undefined. */
function parseContainer(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '[' && first !== '{') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function coerceValue(value: unknown, shape: FormShape): unknown {
  if (Array.isArray(value)) return shape.items ? value.map((item) => coerceValue(item, shape.items!)) : value;
  if (typeof value !== 'string' || (!shape.items && !shape.object)) return value;
  const json = parseContainer(value);
  if (shape.items && Array.isArray(json)) return json;
  if (shape.object && isPlainObject(json)) return json;
  // Where text is also accepted (comma-separated prompts, a phrase), the string is meant as it is.
  return shape.items && !shape.text ? [coerceValue(value, shape.items)] : value;
}

/**
 * A form or query string carries only strings, a repeated key as a list: shapes each field as the endpoint's schema
 * expects it. A single value where a list is expected becomes a one-item list, unless it is JSON text of a list; JSON
 * text where an object is expected is parsed; `key[]` (PHP and jQuery naming) is the list `key`.
 */
export function coerceFormFields(raw: Record<string, unknown>, shape: FormShape): Record<string, unknown> {
  if (!shape.fields) return raw;
  // Null prototype: a field named __proto__ stays a field.
  const gathered: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of Object.entries(raw)) {
    const listed = name.length > 2 && name.endsWith('[]');
    const key = listed ? name.slice(0, -2) : name;
    gathered[key] = listed || Object.hasOwn(gathered, key) ? [...toList(gathered[key]), ...toList(value)] : value;
  }
  const coerced: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(gathered)) {
    const field = shape.fields.get(key);
    coerced[key] = field ? coerceValue(value, field) : value;
  }
  return coerced;
}

/** Whether the body came form-urlencoded; JSON bodies are typed already and are never coerced. */
export const isFormBody = (request: FastifyRequest) => /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '');
