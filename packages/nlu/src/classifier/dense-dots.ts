/**
 * Dot products of a fixed set of rows with one vector at a time: the dense word-vector block of the intent scores
 * (150 classes x 300) and the intent prototypes (300 x 300) are most of a prediction's arithmetic. WebAssembly SIMD
 * computes two rows per instruction. Every row's sum still takes its products in order, one rounding per multiply
 * and per add as in JavaScript, so the results are bit for bit those of the plain loop (which runs where the
 * engine lacks SIMD).
 */
// dense-dots.wat, assembled with wabt's wat2wasm (--enable-simd), base64.
const WASM =
  'AGFzbQEAAAABCQFgBX9/f39/AAMCAQAFAwEAAQcRAgZtZW1vcnkCAARkb3RzAAAK5wEB5AECBH8FewJAA0AgBSADTw0BIAIgBUEGdGohCCAI/QAEACEKIAj9AAQQIQsgCP0ABCAhDCAI/QAEMCENIAEhB0EAIQYCQANAIAYgBE8NASAHKwMA/RQhCSAKIAD9AAQAIAn98gH98AEhCiALIAD9AAQQIAn98gH98AEhCyAMIAD9AAQgIAn98gH98AEhDCANIAD9AAQwIAn98gH98AEhDSAAQcAAaiEAIAdBCGohByAGQQFqIQYMAAsLIAggCv0LBAAgCCAL/QsEECAIIAz9CwQgIAggDf0LBDAgBUEBaiEFDAALCws=';

/** The part of the WebAssembly API used here (the package compiles without the DOM library, which declares it). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: { memory: { buffer: ArrayBuffer; grow(pages: number): number }; dots: Wasm['dots'] } };
}
const wasmApi = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

let compiled: object | null | undefined;
function wasmModule(): object | null {
  if (compiled === undefined) {
    try {
      compiled = wasmApi ? new wasmApi.Module(Buffer.from(WASM, 'base64')) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** Rows per block of the wasm layout: four f64x2 accumulators. */
const GROUP = 8;

interface Wasm {
  dots: (m: number, x: number, out: number, groups: number, n: number) => void;
  x: Float64Array;
  out: Float64Array;
  xAt: number;
  outAt: number;
}

export class DotRows {
  private readonly groups: number;
  private readonly wasm: Wasm | undefined;
  /** Row-major copy for the plain loop, without wasm. */
  private readonly plain: Float64Array | undefined;

  constructor(
    readonly rows: number,
    readonly n: number,
    at: (row: number, d: number) => number,
    useWasm = true,
  ) {
    this.groups = Math.ceil(rows / GROUP);
    const module = useWasm ? wasmModule() : null;
    if (!module) {
      this.plain = new Float64Array(rows * n);
      for (let r = 0; r < rows; r++) for (let d = 0; d < n; d++) this.plain[r * n + d] = at(r, d);
      return;
    }
    // Memory: the matrix (a block of GROUP rows d by d), then x, then out, each 16-byte aligned.
    const matrixBytes = this.groups * GROUP * n * 8;
    const xAt = matrixBytes;
    const outAt = xAt + Math.ceil(n / 2) * 16;
    const bytes = outAt + this.groups * GROUP * 8;
    const instance = new wasmApi!.Instance(module);
    const memory = instance.exports.memory;
    memory.grow(Math.max(0, Math.ceil(bytes / 65536) - memory.buffer.byteLength / 65536));
    const matrix = new Float64Array(memory.buffer, 0, matrixBytes / 8);
    for (let r = 0; r < rows; r++) {
      const base = Math.floor(r / GROUP) * GROUP * n + (r % GROUP);
      for (let d = 0; d < n; d++) matrix[base + d * GROUP] = at(r, d);
    }
    this.wasm = {
      dots: instance.exports.dots,
      x: new Float64Array(memory.buffer, xAt, n),
      out: new Float64Array(memory.buffer, outAt, this.groups * GROUP),
      xAt,
      outAt,
    };
  }

  /** Whether the WebAssembly SIMD path runs (Node 16.4 and later). */
  get simd(): boolean {
    return this.wasm !== undefined;
  }

  /** out[r] = out[r] + row r . x[from ..< from + n] for every row, the products added to out[r] in order. */
  addDots(x: ArrayLike<number>, from: number, out: Float64Array): void {
    const { rows, n } = this;
    const w = this.wasm;
    if (w) {
      for (let d = 0; d < n; d++) w.x[d] = x[from + d]!;
      for (let r = 0; r < rows; r++) w.out[r] = out[r]!;
      w.dots(0, w.xAt, w.outAt, this.groups, n);
      for (let r = 0; r < rows; r++) out[r] = w.out[r]!;
      return;
    }
    const m = this.plain!;
    for (let r = 0; r < rows; r++) {
      let s = out[r]!;
      for (let d = 0; d < n; d++) s += m[r * n + d]! * x[from + d]!;
      out[r] = s;
    }
  }
}
