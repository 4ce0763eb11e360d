/**
 * The Semantic model type's index: one embedding per training phrase, made by the agent's embeddings model when it
 * trained (the server calls the provider; this library only keeps and compares vectors).
 */
export interface SemanticIndex {
  /** The embeddings model that made the vectors: a message must be embedded by the same one to compare. */
  model: string;
  dimension: number;
  intents: string[];
  /** For each vector, its intent's index in `intents`. */
  owners: number[];
  /** `owners.length` unit vectors of `dimension` floats, one after another. */
  vectors: Float32Array;
}

function unit(v: ArrayLike<number>): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  norm = Math.sqrt(norm) || 1;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! / norm;
  return out;
}

/** An index from each intent's phrase embeddings; every vector must have the same dimension. */
export function semanticIndex(model: string, intents: { name: string; vectors: ArrayLike<number>[] }[]): SemanticIndex {
  const dimension = intents.find((i) => i.vectors.length)?.vectors[0]?.length ?? 0;
  const owners: number[] = [];
  const all: Float32Array[] = [];
  intents.forEach((intent, i) => {
    for (const v of intent.vectors) {
      if (v.length !== dimension) throw new Error(`Embeddings of different sizes (${v.length} and ${dimension})`);
      owners.push(i);
      all.push(unit(v));
    }
  });
  const vectors = new Float32Array(owners.length * dimension);
  all.forEach((v, i) => vectors.set(v, i * dimension));
  return { model, dimension, intents: intents.map((i) => i.name), owners, vectors };
}

/**
 * Intents by their closest training phrase: the cosine similarity of the message's embedding with the intent's most
 * similar phrase, clamped to 0-1 (a negative cosine means unrelated). Best first, at most `top`.
 */
export function rankBySimilarity(index: SemanticIndex, query: ArrayLike<number>, top = 5): { intent: string; confidence: number }[] {
  if (query.length !== index.dimension) throw new Error(`The message embedding has ${query.length} dimensions, the index ${index.dimension}`);
  const q = unit(query);
  const best = new Array<number>(index.intents.length).fill(0);
  for (let v = 0; v < index.owners.length; v++) {
    let dot = 0;
    const base = v * index.dimension;
    for (let d = 0; d < index.dimension; d++) dot += q[d]! * index.vectors[base + d]!;
    const owner = index.owners[v]!;
    if (dot > best[owner]!) best[owner] = dot;
  }
  return best
    .map((confidence, i) => ({ intent: index.intents[i]!, confidence: Math.min(1, confidence) }))
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, top);
}
