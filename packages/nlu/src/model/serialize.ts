import type { SvmModel } from './svm-model.js';
import type { AgentModel } from './agent-model.js';

const MAGIC = 'PNLU1';

/**
 * Bytes for a bytea column: magic, header length, a JSON header, then the Float32 arrays as raw little-endian
 * bytes (JSON numbers would triple the size).
 */
export function serializeModel(model: AgentModel): Uint8Array {
  const { linear, vectorizer } = model.classifier;
  const header = JSON.stringify({
    ...model,
    classifier: { ...model.classifier, linear: { classes: linear.classes, dimension: linear.dimension }, vectorizer: { ...vectorizer, idf: undefined } },
  });
  const head = new TextEncoder().encode(header);
  const arrays = [linear.weights, linear.bias, vectorizer.idf];
  const body = arrays.reduce((n, a) => n + a.byteLength, 0);
  const out = new Uint8Array(MAGIC.length + 4 + head.length + body);
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(MAGIC.length, head.length, true);
  out.set(head, MAGIC.length + 4);
  let offset = MAGIC.length + 4 + head.length;
  for (const a of arrays) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), offset);
    offset += a.byteLength;
  }
  return out;
}

export function deserializeModel(bytes: Uint8Array): AgentModel {
  if (new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) throw new Error('Not a Parley NLU model');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headLength = view.getUint32(MAGIC.length, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(MAGIC.length + 4, MAGIC.length + 4 + headLength))) as AgentModel;
  let offset = bytes.byteOffset + MAGIC.length + 4 + headLength;
  const take = (count: number) => {
    // Copy: the source buffer may not be 4-byte aligned at this offset.
    const a = new Float32Array(bytes.buffer.slice(offset, offset + count * 4));
    offset += count * 4;
    return a;
  };
  const c = header.classifier as SvmModel;
  const weights = take(c.linear.classes * c.linear.dimension);
  const bias = take(c.linear.classes);
  const idf = take(c.vectorizer.vocab.length);
  return { ...header, classifier: { ...c, linear: { ...c.linear, weights, bias }, vectorizer: { ...c.vectorizer, idf } } };
}
