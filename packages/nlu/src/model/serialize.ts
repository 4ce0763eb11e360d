import type { AgentModel } from './agent-model.js';
import { pack, unpack } from './float-pack.js';

const MAGIC = 'PNLU1';

/** Bytes for a bytea column: the model's JSON with its weight, bias and idf arrays stored as raw Float32. */
export function serializeModel(model: AgentModel): Uint8Array {
  const { linear, vectorizer, prototypes } = model.classifier;
  const header = {
    ...model,
    classifier: {
      ...model.classifier,
      linear: { classes: linear.classes, dimension: linear.dimension },
      vectorizer: { ...vectorizer, idf: undefined },
      prototypes: prototypes && { ...prototypes, vectors: undefined },
    },
    semantic: model.semantic && { ...model.semantic, vectors: undefined },
  };
  const semantic = model.semantic ? [model.semantic.vectors] : [];
  return pack(MAGIC, header, [linear.weights, linear.bias, vectorizer.idf, ...(prototypes ? [prototypes.vectors] : []), ...semantic]);
}

export function deserializeModel(bytes: Uint8Array): AgentModel {
  const { header, take } = unpack<AgentModel>(MAGIC, bytes);
  const c = header.classifier;
  const weights = take(c.linear.classes * c.linear.dimension);
  const bias = take(c.linear.classes);
  const idf = take(c.vectorizer.vocab.length);
  const p = c.prototypes;
  const prototypes = p && { ...p, vectors: take(p.counts.reduce((n, k) => n + k, 0) * p.dimension) };
  const s = header.semantic;
  const semantic = s && { ...s, vectors: take(s.owners.length * s.dimension) };
  return {
    ...header,
    ...(semantic && { semantic }),
    classifier: { ...c, linear: { ...c.linear, weights, bias }, vectorizer: { ...c.vectorizer, idf }, ...(prototypes && { prototypes }) },
  };
}
