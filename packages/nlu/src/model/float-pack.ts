/**
 * A compact file layout for models: a magic tag, a 4-byte header length, a JSON header, then Float32 arrays as raw
 * little-endian bytes (JSON numbers would triple the size and the load time).
 */
export function pack(magic: string, header: object, arrays: Float32Array[]): Uint8Array {
  const tag = new TextEncoder().encode(magic);
  const head = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(tag.length + 4 + head.length + arrays.reduce((n, a) => n + a.byteLength, 0));
  out.set(tag, 0);
  new DataView(out.buffer).setUint32(tag.length, head.length, true);
  out.set(head, tag.length + 4);
  let offset = tag.length + 4 + head.length;
  for (const a of arrays) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), offset);
    offset += a.byteLength;
  }
  return out;
}

/** The header, and a reader that takes the arrays back in the order they were packed. */
export function unpack<H>(magic: string, bytes: Uint8Array): { header: H; take(count: number): Float32Array } {
  const tag = new TextEncoder().encode(magic);
  if (new TextDecoder().decode(bytes.subarray(0, tag.length)) !== magic) throw new Error('Not a Parley NLU model');
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(tag.length, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(tag.length + 4, tag.length + 4 + length))) as H;
  let offset = bytes.byteOffset + tag.length + 4 + length;
  return {
    header,
    take(count) {
      // A copy: the offset inside the source buffer need not be 4-byte aligned.
      const a = new Float32Array(bytes.buffer.slice(offset, offset + count * 4));
      offset += count * 4;
      return a;
    },
  };
}
