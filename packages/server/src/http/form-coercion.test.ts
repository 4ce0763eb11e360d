import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '@parley/sdk/contract/endpoint';
import { coerceFormFields } from './form-coercion.js';
import { formShapeOf, type FormShape } from './form-shape.js';

const contractDir = fileURLToPath(new URL('../../../sdk/src/contract/', import.meta.url));
const contractFiles = readdirSync(contractDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'input' in v && typeof (v as Endpoint).input?.safeParse === 'function';

async function allEndpoints(): Promise<[string, Endpoint][]> {
  const found: [string, Endpoint][] = [];
  for (const file of contractFiles) {
    const module = (await import(`@parley/sdk/contract/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      if (typeof value !== 'object' || value === null) continue;
      for (const [name, e] of Object.entries(value)) if (isEndpoint(e)) found.push([`${file} ${exported}.${name}`, e]);
    }
  }
  return found;
}

/** A value a form would send for one item of this shape, and the same value as it sits inside JSON text. */
const formItem = (s: FormShape) => (s.text ? 'x' : s.items ? '[]' : s.object ? '{}' : 'x');
const jsonItem = (s: FormShape): unknown => (s.text ? 'x' : s.items ? [] : s.object ? {} : 'x');

/** Issues saying the field, or one of its list items, is not the list or object the schema expects. */
function shapeIssues(schema: z.ZodType, name: string, value: unknown) {
  const result = schema.safeParse({ [name]: value });
  return (result.error?.issues ?? []).filter(
    (issue) =>
      issue.path[0] === name &&
      (issue.path.length === 1 || (issue.path.length === 2 && typeof issue.path[1] === 'number')) &&
      (issue.code === 'invalid_union' || (issue.code === 'invalid_type' && ['array', 'object'].includes(issue.expected))),
  );
}

describe('form coercion of every contract endpoint', async () => {
  const endpoints = await allEndpoints();

  it('finds the endpoints and understands every input as an object of fields', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    for (const [where, e] of endpoints) expect(formShapeOf(e.input).fields, where).toBeInstanceOf(Map);
  });

  const listFields = endpoints.flatMap(([where, e]) =>
    [...(formShapeOf(e.input).fields ?? [])].filter(([, s]) => s.items).map(([name, s]) => [`${where} ${name}`, e, name, s.items!] as const),
  );
  const objectFields = endpoints.flatMap(([where, e]) =>
    [...(formShapeOf(e.input).fields ?? [])].filter(([, s]) => s.object).map(([name]) => [`${where} ${name}`, e, name] as const),
  );

  it('finds the list and object fields of the contracts', () => {
    expect(listFields.map(([where]) => where)).toEqual(expect.arrayContaining([expect.stringMatching(/nlp-intents.ts nlpIntentsApi.save responses$/)]));
    expect(objectFields.map(([where]) => where)).toEqual(
      expect.arrayContaining([expect.stringMatching(/nlp-runtime.ts nlpRuntimeApi.predictIntent message$/)]),
    );
  });

  it.each(listFields)('%s: a single value, repeated keys, key[] and JSON text become the list the schema expects', (_where, e, name, items) => {
    const shape = formShapeOf(e.input);
    const coerce = (raw: Record<string, unknown>) => coerceFormFields(raw, shape)[name];
    const encodings = {
      single: coerce({ [name]: formItem(items) }),
      repeated: coerce({ [name]: [formItem(items), formItem(items)] }),
      bracketed: coerce({ [`${name}[]`]: formItem(items) }),
      json: coerce({ [name]: JSON.stringify([jsonItem(items), jsonItem(items)]) }),
    };
    expect(encodings.repeated).toHaveLength(2);
    expect(encodings.bracketed).toHaveLength(1);
    expect(encodings.json).toEqual([jsonItem(items), jsonItem(items)]);
    for (const [encoding, value] of Object.entries(encodings)) expect(shapeIssues(e.input, name, value), encoding).toEqual([]);
  });

  it.each(objectFields)('%s: JSON text becomes the object the schema expects', (_where, e, name) => {
    const value = coerceFormFields({ [name]: '{}' }, formShapeOf(e.input))[name];
    expect(value).toEqual({});
    expect(shapeIssues(e.input, name, value)).toEqual([]);
  });
});
