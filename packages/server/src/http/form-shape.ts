import type { z } from 'zod';

/** What a schema takes at one position, as far as the strings of a form or query string are concerned. */
export interface FormShape {
  /** Takes a string as it is: text, a number or boolean written as text, or anything at all. */
  text: boolean;
  /** Takes an object, which a form can only carry as JSON text. */
  object: boolean;
  /** Takes a list of these. */
  items?: FormShape;
  /** The named fields, when it takes an object (the input's own fields matter; deeper ones arrive as JSON). */
  fields?: Map<string, FormShape>;
}

// The parts of zod 4's `_zod.def` this walk reads; each schema type fills those it has.
interface Def {
  type: string;
  innerType?: Walkable;
  in?: Walkable;
  out?: Walkable;
  getter?: () => Walkable;
  options?: readonly Walkable[];
  left?: Walkable;
  right?: Walkable;
  element?: Walkable;
  items?: readonly Walkable[];
  rest?: Walkable | null;
  shape?: Record<string, Walkable>;
}
interface Walkable {
  _zod: { def: Def };
}

const TEXT: FormShape = { text: true, object: false };
const NOTHING: FormShape = { text: false, object: false };

function merge(a: FormShape, b: FormShape): FormShape {
  const merged: FormShape = { text: a.text || b.text, object: a.object || b.object };
  const items = a.items && b.items ? merge(a.items, b.items) : (a.items ?? b.items);
  if (items) merged.items = items;
  if (a.fields || b.fields) {
    const fields = new Map(a.fields);
    for (const [name, shape] of b.fields ?? []) fields.set(name, fields.has(name) ? merge(fields.get(name)!, shape) : shape);
    merged.fields = fields;
  }
  return merged;
}

function walk(schema: Walkable, inProgress: Set<Walkable>): FormShape {
  // A recursive schema (z.lazy) ends here: deeper values are left as they came.
  if (inProgress.has(schema)) return TEXT;
  inProgress.add(schema);
  try {
    const def = schema._zod.def;
    const inner = (s: Walkable | null | undefined) => (s ? walk(s, inProgress) : NOTHING);
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return inner(def.innerType);
      case 'pipe':
        // z.preprocess pipes from a transform, which takes anything: what the value must be is what comes out.
        return inner(def.in?._zod.def.type === 'transform' ? def.out : def.in);
      case 'lazy':
        return inner(def.getter?.());
      case 'union':
        return (def.options ?? []).map(inner).reduce(merge, NOTHING);
      case 'intersection':
        return merge(inner(def.left), inner(def.right));
      case 'array':
        return { ...NOTHING, items: inner(def.element) };
      case 'tuple':
        return { ...NOTHING, items: [...(def.items ?? []), ...(def.rest ? [def.rest] : [])].map(inner).reduce(merge, NOTHING) };
      case 'object':
        return { text: false, object: true, fields: new Map(Object.entries(def.shape ?? {}).map(([name, s]) => [name, inner(s)])) };
      case 'record':
        return { text: false, object: true };
      case 'never':
      case 'null':
      case 'undefined':
      case 'void':
        return NOTHING;
      default:
        return TEXT;
    }
  } finally {
    inProgress.delete(schema);
  }
}

const shapes = new WeakMap<z.ZodType, FormShape>();

/** The form shape of an endpoint's input schema, worked out once per schema. */
export function formShapeOf(schema: z.ZodType): FormShape {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = walk(schema as unknown as Walkable, new Set());
    shapes.set(schema, shape);
  }
  return shape;
}
