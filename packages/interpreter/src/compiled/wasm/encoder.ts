/**
 * A small WebAssembly binary encoder: LEB128 numbers, the type, function,
 * memory, export and code sections, and a function-body builder with the
 * opcodes the kernel emitter (emit_plan.ts) uses, 0xFD-prefixed v128 ops
 * included. It writes no custom sections and no names besides the export
 * names its caller passes, so a module built from a kernel plan carries
 * nothing but numbers the emitter computed.
 */

/** Value types (binary encoding). */
export const I32 = 0x7f;
export const F64 = 0x7c;
export const V128 = 0x7b;
export type ValueType = typeof I32 | typeof F64 | typeof V128;

/** Unsigned LEB128 of a non-negative integer below 2^32. */
export function unsignedLeb(n: number, out: number[] = []): number[] {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new RangeError(`unsigned LEB128 of ${n}`);
  let v = n;
  do {
    let byte = v % 128;
    v = Math.floor(v / 128);
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

/** Signed LEB128 of an integer in the i32 range (i32.const takes the 32-bit pattern read as signed). */
export function signedLeb(n: number, out: number[] = []): number[] {
  if (!Number.isInteger(n) || n < -0x80000000 || n > 0xffffffff) throw new RangeError(`signed LEB128 of ${n}`);
  let v = n > 0x7fffffff ? n - 0x100000000 : n;
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    const done = (v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

/** The one-byte opcodes used. */
export const Op = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  call: 0x10,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  globalGet: 0x23,
  select: 0x1b,
  i32Load: 0x28,
  f32Load: 0x2a,
  f64Load: 0x2b,
  f32Store: 0x38,
  f64Store: 0x39,
  i32Const: 0x41,
  f64Const: 0x44,
  i32Eqz: 0x45,
  f64Eq: 0x61,
  f64Add: 0xa0,
  i32LtS: 0x48,
  i32GeS: 0x4e,
  i32LeS: 0x4c,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Mul: 0x6c,
  f64ConvertI32S: 0xb7,
} as const;

/** The 0xFD-prefixed v128 opcodes used (their LEB128 sub-opcode). */
export const Simd = {
  v128Load: 0x00,
  v128Load32Splat: 0x09,
  v128Load64Splat: 0x0a,
  v128Store: 0x0b,
  i32x4Splat: 0x11,
  i64x2Splat: 0x12,
  f64x2Splat: 0x14,
  i32x4ReplaceLane: 0x1c,
  f64x2ExtractLane: 0x21,
  f64x2ReplaceLane: 0x22,
  f32x4Lt: 0x43,
  f32x4Ge: 0x46,
  f64x2Eq: 0x47,
  f64x2Ne: 0x48,
  f64x2Lt: 0x49,
  f64x2Gt: 0x4a,
  f64x2Le: 0x4b,
  f64x2Ge: 0x4c,
  i32x4Eq: 0x37,
  i32x4Ne: 0x38,
  i32x4LtS: 0x39,
  v128And: 0x4e,
  v128AndNot: 0x4f,
  v128Or: 0x50,
  v128Xor: 0x51,
  v128Bitselect: 0x52,
  v128Store64Lane: 0x5b,
  f32x4DemoteF64x2Zero: 0x5e,
  f64x2PromoteLowF32x4: 0x5f,
  i32x4ShrU: 0xad,
  i32x4Add: 0xae,
  i64x2AllTrue: 0xc3,
  i64x2Shl: 0xcb,
  i64x2ShrS: 0xcc,
  i64x2Add: 0xce,
  i64x2Eq: 0xd6,
  f32x4Abs: 0xe0,
  f32x4Neg: 0xe1,
  f32x4Sqrt: 0xe3,
  f32x4Add: 0xe4,
  f32x4Sub: 0xe5,
  f32x4Mul: 0xe6,
  f32x4Div: 0xe7,
  f64x2Abs: 0xec,
  f64x2Neg: 0xed,
  f64x2Sqrt: 0xef,
  f64x2Add: 0xf0,
  f64x2Sub: 0xf1,
  f64x2Mul: 0xf2,
  f64x2Div: 0xf3,
  f64x2Min: 0xf4,
  f64x2Max: 0xf5,
  f64x2Pmin: 0xf6,
  f64x2Pmax: 0xf7,
  f64x2ConvertLowI32x4S: 0xfe,
  f32x4RelaxedMadd: 0x105,
  f64x2RelaxedMadd: 0x107,
} as const;
export type SimdOp = (typeof Simd)[keyof typeof Simd];

/** One function body: locals declared up front (numbered after the parameters), then instructions. */
export class FunctionBody {
  private readonly localTypes: ValueType[] = [];
  private readonly code: number[] = [];
  constructor(private readonly paramCount = 0) {}

  /** A new local of type t; its index. */
  local(t: ValueType): number {
    this.localTypes.push(t);
    return this.paramCount + this.localTypes.length - 1;
  }
  op(code: number): this {
    this.code.push(code);
    return this;
  }
  /** An instruction with one unsigned immediate (local index, branch depth). */
  opU(code: number, immediate: number): this {
    this.code.push(code);
    unsignedLeb(immediate, this.code);
    return this;
  }
  /** block / loop / if with no result. */
  structured(code: typeof Op.block | typeof Op.loop | typeof Op.if): this {
    this.code.push(code, 0x40);
    return this;
  }
  /** for (v = start; v < stop; v += step) body(), bounds known when emitting (nothing when the range is empty). */
  forRange(v: number, start: number, stop: number, step: number, body: () => void): this {
    if (start >= stop) return this;
    this.i32Const(start).opU(Op.localSet, v);
    this.structured(Op.loop);
    body();
    this.opU(Op.localGet, v).i32Const(step).op(Op.i32Add).opU(Op.localTee, v).i32Const(stop).op(Op.i32LtS).opU(Op.brIf, 0);
    return this.op(Op.end);
  }
  i32Const(n: number): this {
    this.code.push(Op.i32Const);
    signedLeb(n, this.code);
    return this;
  }
  f64Const(x: number): this {
    this.code.push(Op.f64Const);
    const bytes = new Uint8Array(new Float64Array([x]).buffer);
    for (const b of bytes) this.code.push(b);
    return this;
  }
  /** A memory access: opcode, alignment (log2 bytes), constant offset. */
  mem(code: number, align: number, offset = 0): this {
    this.code.push(code);
    unsignedLeb(align, this.code);
    unsignedLeb(offset, this.code);
    return this;
  }
  simd(op: SimdOp): this {
    this.code.push(0xfd);
    unsignedLeb(op, this.code);
    return this;
  }
  /** A v128 memory access (load, store, splat load): alignment then offset. */
  simdMem(op: SimdOp, align: number, offset = 0): this {
    this.simd(op);
    unsignedLeb(align, this.code);
    unsignedLeb(offset, this.code);
    return this;
  }
  /** A lane op (extract/replace lane): the lane index byte. */
  simdLane(op: SimdOp, lane: number): this {
    this.simd(op);
    this.code.push(lane);
    return this;
  }
  /** A v128 lane store (store64_lane): memarg then lane. */
  simdMemLane(op: SimdOp, align: number, offset: number, lane: number): this {
    this.simdMem(op, align, offset);
    this.code.push(lane);
    return this;
  }

  /** The body's encoding (size-prefixed), as the code section holds it. */
  encode(): number[] {
    const body: number[] = [];
    // Runs of one type share a declaration.
    const groups: { type: ValueType; count: number }[] = [];
    for (const t of this.localTypes) {
      const last = groups[groups.length - 1];
      if (last !== undefined && last.type === t) last.count++;
      else groups.push({ type: t, count: 1 });
    }
    unsignedLeb(groups.length, body);
    for (const g of groups) {
      unsignedLeb(g.count, body);
      body.push(g.type);
    }
    body.push(...this.code, Op.end);
    return [...unsignedLeb(body.length), ...body];
  }
}

export interface FunctionType {
  readonly params: readonly ValueType[];
  readonly results: readonly ValueType[];
}

export interface ModuleSpec {
  readonly types: readonly FunctionType[];
  /**
   * Imported functions (module "host", the given field name, printable ASCII), numbered
   * before the module's own functions; the caller's instantiation supplies them.
   */
  readonly imports?: readonly { readonly name: string; readonly type: number }[];
  /** Per function, its type index and body. */
  readonly functions: readonly { readonly type: number; readonly body: FunctionBody }[];
  /** Immutable v128 globals, each initialised to its 16 bytes (constants a body reads with global.get). */
  readonly v128Globals?: readonly Uint8Array[];
  /** Pages (64 KiB) of the module's one memory; undefined: none. */
  readonly memoryPages?: number;
  /** Exports: name (ASCII) -> function index, or "memory" kind for the memory. */
  readonly exports: readonly { readonly name: string; readonly kind: "function" | "memory"; readonly index: number }[];
}

function section(id: number, content: readonly number[], out: number[]): void {
  out.push(id);
  unsignedLeb(content.length, out);
  for (const b of content) out.push(b);
}

function vector(items: readonly (readonly number[])[]): number[] {
  const out = unsignedLeb(items.length);
  for (const item of items) for (const b of item) out.push(b);
  return out;
}

/** A length-prefixed import or export name. */
function asciiName(name: string): number[] {
  const codes = [...name].map((c) => {
    const code = c.charCodeAt(0);
    if (code > 0x7e || code < 0x20) throw new RangeError("import and export names are printable ASCII");
    return code;
  });
  return [...unsignedLeb(codes.length), ...codes];
}

/** The module's bytes. */
export function encodeModule(spec: ModuleSpec): Uint8Array {
  const out: number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  section(1, vector(spec.types.map((t) => [0x60, ...vector(t.params.map((p) => [p])), ...vector(t.results.map((r) => [r]))])), out);
  if (spec.imports !== undefined && spec.imports.length > 0) {
    section(2, vector(spec.imports.map((i) => [...asciiName("host"), ...asciiName(i.name), 0x00, ...unsignedLeb(i.type)])), out);
  }
  section(3, vector(spec.functions.map((f) => unsignedLeb(f.type))), out);
  if (spec.memoryPages !== undefined) section(5, vector([[0x00, ...unsignedLeb(spec.memoryPages)]]), out);
  if (spec.v128Globals !== undefined && spec.v128Globals.length > 0) {
    // v128, immutable, init: v128.const bytes; end.
    section(6, vector(spec.v128Globals.map((g) => [V128, 0x00, 0xfd, 0x0c, ...g, Op.end])), out);
  }
  section(
    7,
    vector(
      spec.exports.map((e) => [...asciiName(e.name), e.kind === "function" ? 0x00 : 0x02, ...unsignedLeb(e.index)]),
    ),
    out,
  );
  section(10, vector(spec.functions.map((f) => f.body.encode())), out);
  return Uint8Array.from(out);
}
