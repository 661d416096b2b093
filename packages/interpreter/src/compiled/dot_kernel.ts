/**
 * The compiled engine's dot: the reference's sums (kernels/dot_conv/dot.ts), computed
 * by cache-blocked, register-tiled loops. The operands are read as batched
 * matrices A [batch, m, k] and B [batch, k, n]; when the dimension numbers
 * already lay them out so (`x @ W`), their data is used in place, otherwise
 * each is copied once per call into that layout (transpose_kernel.ts).
 *
 * Each output element is one chain of additions over the contracting index,
 * ascending from +0, with the reference's rounding at every step (f64 sums;
 * f32 products and sums rounded to f32; Math.imul and 32-bit wrap for
 * integers), then the result type's normalize: so the bits are the
 * reference's. Speed comes from the order in which chains advance: 4x4
 * blocks of outputs held in locals (dot_tiles.ts), over KC contracting steps
 * at a time, a column panel of B reused across MC rows of A while both stay
 * in cache. A chain split over contracting blocks resumes from the partial
 * sum stored in the output, which is exact in a Float64Array for every kind.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  type InstructionOf,
  storageOf,
} from "@minixla/hlo";
import type { Numerics } from "../kernel.ts";
import { accumulationKind } from "../kernels/dot_conv/accumulation.ts";
import { numericsOf } from "../numerics/index.ts";
import { matmulXlaCpu } from "../numerics/xla_cpu/dot.ts";
import { xlaCpuFlusher } from "../numerics/xla_cpu/flush.ts";
import { f32FmaRows, f64FmaRows } from "./dot_fma_rows.ts";
import {
  type DotTile,
  f32Tile1x1,
  f32Tile1x4,
  f32Tile4x1,
  f32Tile4x4,
  f64Tile1x1,
  f64Tile1x4,
  f64Tile4x1,
  f64Tile4x4,
  i32Tile1x1,
  i32Tile1x4,
  i32Tile4x1,
  i32Tile4x4,
} from "./dot_tiles.ts";
import { transposeInto } from "./transpose_kernel.ts";
import { plannedThreads } from "./threads/settings.ts";
import { threadedMatmul } from "./threads/threaded_dot.ts";
import type { MatmulOperands } from "./wasm/emit_matmul.ts";
import { compileWasmMatmul, wasmMatmulPays } from "./wasm/wasm_kernel.ts";

/** `out`, when given, is a Float64Array of the result's length to write every element of (never an operand). */
export type DotKernel = (lhs: ArrayLiteral, rhs: ArrayLiteral, out?: Float64Array) => ArrayLiteral;

/**
 * Contracting steps per block: the 4-column panel of B over KC steps spans
 * 512 cache lines (L1), and each row of A is read in 4 KiB runs, long enough
 * for the prefetcher (256-step runs made a 1024x1024 matrix-vector product
 * 4x slower).
 */
const KC = 512;
/** Rows of A per block: MC x KC f64 is 256 KiB, kept in L2 while the panels of B pass. */
const MC = 64;

/** The four register tiles of one accumulation kind (dot_tiles.ts). */
export interface Tiles<A extends Float64Array | Int32Array> {
  readonly t4x4: DotTile<A>;
  readonly t1x4: DotTile<A>;
  readonly t4x1: DotTile<A>;
  readonly t1x1: DotTile<A>;
}

export const F64_TILES: Tiles<Float64Array> = { t4x4: f64Tile4x4, t1x4: f64Tile1x4, t4x1: f64Tile4x1, t1x1: f64Tile1x1 };
export const F32_TILES: Tiles<Float64Array> = { t4x4: f32Tile4x4, t1x4: f32Tile1x4, t4x1: f32Tile4x1, t1x1: f32Tile1x1 };
export const I32_TILES: Tiles<Int32Array> = { t4x4: i32Tile4x4, t1x4: i32Tile1x4, t4x1: i32Tile4x1, t1x1: i32Tile1x1 };

/** Batched matrix sizes: A [batches, m, k] times B [batches, k, n]. */
export interface Sizes {
  readonly batches: number;
  readonly m: number;
  readonly k: number;
  readonly n: number;
}

/** out[b][i][j] = sum_p a[b][i][p] * c[b][p][j], every chain in the reference's order. */
export function blockedMatmul<A extends Float64Array | Int32Array>(tiles: Tiles<A>, a: A, c: A, out: Float64Array, { batches, m, k, n }: Sizes): void {
  const { t4x4, t1x4, t4x1, t1x1 } = tiles;
  const n4 = n - (n % 4);
  for (let bt = 0; bt < batches; bt++) {
    const aB = bt * m * k;
    const cB = bt * k * n;
    const oB = bt * m * n;
    // An empty sum is +0, as the reference's zero-filled row.
    if (k === 0) out.fill(0, oB, oB + m * n);
    for (let p0 = 0; p0 < k; p0 += KC) {
      const len = Math.min(KC, k - p0);
      const first = p0 === 0;
      for (let i0 = 0; i0 < m; i0 += MC) {
        const i1 = Math.min(i0 + MC, m);
        const i4 = i0 + ((i1 - i0) & ~3);
        for (let j = 0; j < n4; j += 4) {
          const cj = cB + p0 * n + j;
          for (let i = i0; i < i4; i += 4) t4x4(a, aB + i * k + p0, k, c, cj, n, out, oB + i * n + j, len, first);
          for (let i = i4; i < i1; i++) t1x4(a, aB + i * k + p0, k, c, cj, n, out, oB + i * n + j, len, first);
        }
        for (let j = n4; j < n; j++) {
          const cj = cB + p0 * n + j;
          for (let i = i0; i < i4; i += 4) t4x1(a, aB + i * k + p0, k, c, cj, n, out, oB + i * n + j, len, first);
          for (let i = i4; i < i1; i++) t1x1(a, aB + i * k + p0, k, c, cj, n, out, oB + i * n + j, len, first);
        }
      }
    }
  }
}

function product(dims: readonly number[]): number {
  let p = 1;
  for (const d of dims) p *= d;
  return p;
}

const isIdentity = (order: readonly number[]): boolean => order.every((d, i) => d === i);

/** A reusable buffer of one length, allocated on first use (the kernel's shapes are fixed). */
function scratch<T>(make: () => T): () => T {
  let buf: T | undefined;
  return () => (buf ??= make());
}

type LayOut = (data: Float64Array, dims: readonly number[], order: readonly number[], inPlace: boolean, buf: () => Float64Array) => Float64Array;

/**
 * `layOut` itself, or, for an operand that is a constant (`constant`, its
 * array), its result remembered for the array it was made from: made here,
 * at compile time, and given back on every call the same array comes in.
 * Its scratch buffer serves that operand alone.
 */
function onceFor(constant: Float64Array | undefined, layOut: LayOut, dims: readonly number[], order: readonly number[], inPlace: boolean, buf: () => Float64Array): LayOut {
  // A constant not of the operand's size is left to the run's checks and errors.
  if (constant === undefined || constant.length !== product(dims)) return layOut;
  let source = constant;
  let made = layOut(constant, dims, order, inPlace, buf);
  return (data, d, o, p, b) => {
    if (data !== source) {
      made = layOut(data, d, o, p, b);
      source = data;
    }
    return made;
  };
}

/** Throws unless the literal has the compiled shape's dimensions and f64 storage of its element count. */
function checkOperand(inst: InstructionOf<"dot">, l: ArrayLiteral, expected: ArrayShape, position: number, count: number): Float64Array {
  const d = l.shape.dimensions;
  const e = expected.dimensions;
  let same = d.length === e.length && l.data instanceof Float64Array && l.data.length === count;
  for (let i = 0; same && i < e.length; i++) same = d[i] === e[i];
  if (!same) {
    throw new EvalError(`${inst.name} (dot): operand ${position} is ${l.shape.elementType}[${d.join(",")}], compiled for ${expected.elementType}[${e.join(",")}]`);
  }
  return l.data as Float64Array;
}

/** The result types whose accumulator already is the stored value (no normalize pass). */
function normalizedByAccumulator(t: ElementType): boolean {
  return t === "f64" || t === "f32" || t === "s32";
}

/** Element types all of whose values f16 holds: at most 11 significant bits, between 2^-24 and 65504 in magnitude. */
const WITHIN_F16: ReadonlySet<ElementType> = new Set<ElementType>(["f16", "f8e5m2", "f8e5m2fnuz", "f8e4m3", "f8e4m3fn", "f8e4m3fnuz", "f8e4m3b11fnuz", "f8e3m4", "f4e2m1fn"]);

/**
 * What the fused f32 steps may assume of a dot's operands (MatmulOperands):
 * values f16 holds make every product an exact f32; f16, bf16 and narrower
 * (at most 12 significant bits each) let the steps skip their midpoint check.
 */
export function matmulOperands(lhs: ElementType, rhs: ElementType): MatmulOperands {
  if (WITHIN_F16.has(lhs) && WITHIN_F16.has(rhs)) return "exact";
  const narrow = (e: ElementType): boolean => ELEMENT_TYPE_INFO[e].kind === "float" && ELEMENT_TYPE_INFO[e].bitWidth <= 16;
  return narrow(lhs) && narrow(rhs) ? "narrow" : "f32";
}

/**
 * Whether products of these operand types are exact f32 values once every
 * bf16 operand passes exactRange: bf16's 8 significant bits between 2^-67
 * and 2^63 times another such value (or one f16 holds) give at most 19 bits
 * between 2^-148 and 2^126.
 */
export function rangeMakesExact(lhs: ElementType, rhs: ElementType): boolean {
  const ok = (e: ElementType): boolean => e === "bf16" || WITHIN_F16.has(e);
  return ok(lhs) && ok(rhs) && (lhs === "bf16" || rhs === "bf16");
}

/**
 * Whether every value is zero, infinite, NaN, below 2^-126 (the fused
 * steps flush it to zero) or of magnitude in [2^-67, 2^63) (rangeMakesExact).
 */
export function exactRange(data: Float64Array): boolean {
  for (let i = 0; i < data.length; i++) {
    const a = Math.abs(data[i]);
    if ((a >= 2 ** 63 && a !== Infinity) || (a < 2 ** -67 && a >= 2 ** -126)) return false;
  }
  return true;
}

/**
 * A compiled dot for results and operands stored one float64 per element
 * (float64/float32/int32 accumulation kinds of kernels/dot_conv/accumulation.ts);
 * undefined otherwise, or when the shapes do not match the dimension
 * numbers (the engine then uses the reference kernel, which reports it).
 * A numerics mode with its own float dot is compiled when that dot is XLA
 * CPU's (its operands flushed, then fused multiply-add chains: the same
 * steps in the same order, dot_fma_rows.ts), and left to the reference
 * kernel otherwise. `wasm`: the other float sums run as WebAssembly SIMD
 * where that is expected to pay (true), always ("always", tests) or never (false).
 * `constantOperands`: the arrays of the operands that are the module's
 * constants, whose flushed layout is made once, here, instead of on every call.
 */
export function compileDot(
  inst: InstructionOf<"dot">,
  lhsShape: ArrayShape,
  rhsShape: ArrayShape,
  numerics: Numerics = "reference",
  wasm: boolean | "always" = true,
  constantOperands: readonly [Float64Array | undefined, Float64Array | undefined] = [undefined, undefined],
): DotKernel | undefined {
  const result = inst.shape;
  if (result.elementType === "tuple") return undefined;
  const t = result.elementType;
  if (storageOf(t) !== "f64" || storageOf(lhsShape.elementType) !== "f64" || storageOf(rhsShape.elementType) !== "f64") return undefined;
  if (ELEMENT_TYPE_INFO[t].kind === "token") return undefined;
  const kind = accumulationKind(t, `${inst.name} (dot)`);
  if (kind !== "float64" && kind !== "float32" && kind !== "int32") return undefined;
  const ownDot = numericsOf(numerics).dotFloat;
  const fma = ownDot !== undefined && kind !== "int32";
  if (fma && ownDot !== matmulXlaCpu) return undefined;
  const flush = fma ? (xlaCpuFlusher(kind === "float32" ? "f32" : "f64") as (x: number) => number) : undefined;

  const at = inst.attributes;
  const ld = lhsShape.dimensions;
  const rd = rhsShape.dimensions;
  const lhsFree = ld.map((_, d) => d).filter((d) => !at.lhsBatchDimensions.includes(d) && !at.lhsContractingDimensions.includes(d));
  const rhsFree = rd.map((_, d) => d).filter((d) => !at.rhsBatchDimensions.includes(d) && !at.rhsContractingDimensions.includes(d));
  const sizes: Sizes = {
    batches: product(at.lhsBatchDimensions.map((d) => ld[d])),
    m: product(lhsFree.map((d) => ld[d])),
    k: product(at.lhsContractingDimensions.map((d) => ld[d])),
    n: product(rhsFree.map((d) => rd[d])),
  };
  const consistent =
    sizes.k === product(at.rhsContractingDimensions.map((d) => rd[d])) &&
    sizes.batches === product(at.rhsBatchDimensions.map((d) => rd[d])) &&
    sizes.batches * sizes.m * sizes.n === product(result.dimensions) &&
    lhsFree.length + at.lhsBatchDimensions.length + at.lhsContractingDimensions.length === ld.length &&
    rhsFree.length + at.rhsBatchDimensions.length + at.rhsContractingDimensions.length === rd.length;
  if (!consistent) return undefined;

  const lhsOrder = [...at.lhsBatchDimensions, ...lhsFree, ...at.lhsContractingDimensions];
  const rhsOrder = [...at.rhsBatchDimensions, ...at.rhsContractingDimensions, ...rhsFree];
  const lhsInPlace = isIdentity(lhsOrder);
  const rhsInPlace = isIdentity(rhsOrder);
  const lhsCount = product(ld);
  const rhsCount = product(rd);
  const outCount = product(result.dimensions);
  const lhsF64 = scratch(() => new Float64Array(lhsCount));
  const rhsF64 = scratch(() => new Float64Array(rhsCount));
  const lhsI32 = scratch(() => new Int32Array(lhsCount));
  const rhsI32 = scratch(() => new Int32Array(rhsCount));
  const rhsPairs = scratch(() => new Float64Array(2 * rhsCount));
  const normalize = normalizedByAccumulator(t) ? undefined : ELEMENT_TYPE_INFO[t].normalize;
  const arithmetic = kind === "float32" ? (fma ? "fma32" : "f32") : kind === "float64" ? (fma ? "fma64" : "f64") : undefined;
  // A constant operand stays in the WebAssembly module's memory between runs (copied in once).
  const constantOf = (k: 0 | 1, count: number): Float64Array | undefined => (constantOperands[k]?.length === count ? constantOperands[k] : undefined);
  const stay = { a: constantOf(0, lhsCount) !== undefined, b: constantOf(1, rhsCount) !== undefined };
  const useWasm = arithmetic !== undefined && (wasm === "always" || (wasm && wasmMatmulPays(sizes, arithmetic, stay)));
  const operands = matmulOperands(lhsShape.elementType, rhsShape.elementType);
  const singleMatmul = useWasm ? compileWasmMatmul(sizes, arithmetic, operands, stay) : undefined;
  // A large dot splits its output rows (or batches) across the executable's threads (threads/threaded_dot.ts).
  const wasmMatmul = singleMatmul !== undefined && arithmetic !== undefined ? threadedMatmul(sizes, arithmetic, operands, stay, plannedThreads(), singleMatmul) : undefined;
  // bf16 operands: a second module whose steps take the products as exact f32 values, run on the calls whose operands are all in exactRange.
  const rangeChecked = wasmMatmul !== undefined && arithmetic === "fma32" && operands === "narrow" && rangeMakesExact(lhsShape.elementType, rhsShape.elementType);
  const singleExact = rangeChecked ? compileWasmMatmul(sizes, arithmetic, "exact", stay) : undefined;
  const exactMatmul = singleExact !== undefined && arithmetic !== undefined ? threadedMatmul(sizes, arithmetic, "exact", stay, plannedThreads(), singleExact) : undefined;
  // A constant operand's range is checked once.
  const inRange = (k: 0 | 1, data: Float64Array): boolean => {
    if (data !== constantOperands[k]) return exactRange(data);
    return (constantInRange[k] ??= exactRange(data));
  };
  const constantInRange: [boolean | undefined, boolean | undefined] = [undefined, undefined];

  /** The operand in [batch, m, k] / [batch, k, n] order, as float64 values. */
  const laidOut = (data: Float64Array, dims: readonly number[], order: readonly number[], inPlace: boolean, buf: () => Float64Array): Float64Array =>
    inPlace ? data : transposeInto(data, dims, order, buf());
  /** The same as int32 words (ToInt32, as Math.imul reads them in the reference). */
  const laidOutI32 = (data: Float64Array, dims: readonly number[], order: readonly number[], inPlace: boolean, f64: () => Float64Array, i32: () => Int32Array): Int32Array => {
    const words = i32();
    words.set(laidOut(data, dims, order, inPlace, f64));
    return words;
  };

  /** The operand laid out and flushed as XLA CPU's dot reads it, in the scratch buffer (never the caller's array). */
  const laidOutFlushed = (data: Float64Array, dims: readonly number[], order: readonly number[], inPlace: boolean, buf: () => Float64Array): Float64Array => {
    const f = flush as (x: number) => number;
    const src = laidOut(data, dims, order, inPlace, buf);
    const dst = buf();
    for (let i = 0; i < src.length; i++) dst[i] = f(src[i]);
    return dst;
  };

  /** The operand laid out for the WebAssembly matmul: a staying one in an array of its own per source array, whose identity tells its values. */
  const stayingLayout = (stays: boolean, dims: readonly number[], order: readonly number[], inPlace: boolean, count: number) => {
    let source: Float64Array | undefined;
    let made: Float64Array | undefined;
    return (data: Float64Array, buf: () => Float64Array): Float64Array => {
      if (!stays) return laidOut(data, dims, order, inPlace, buf);
      if (data !== source || made === undefined) {
        made = inPlace ? data : transposeInto(data, dims, order, new Float64Array(count));
        source = data;
      }
      return made;
    };
  };
  const lhsForWasm = stayingLayout(stay.a, ld, lhsOrder, lhsInPlace, lhsCount);
  const rhsForWasm = stayingLayout(stay.b, rd, rhsOrder, rhsInPlace, rhsCount);

  // A constant operand's array is the module's own and never written: laid out and flushed once, now.
  const lhsFlushed = fma ? onceFor(constantOperands[0], laidOutFlushed, ld, lhsOrder, lhsInPlace, lhsF64) : laidOutFlushed;
  const rhsFlushed = fma ? onceFor(constantOperands[1], laidOutFlushed, rd, rhsOrder, rhsInPlace, rhsF64) : laidOutFlushed;

  return (lhs, rhs, out) => {
    const l = checkOperand(inst, lhs, lhsShape, 0, lhsCount);
    const r = checkOperand(inst, rhs, rhsShape, 1, rhsCount);
    if (out !== undefined && (out.length !== outCount || out === l || out === r)) {
      throw new EvalError(`${inst.name} (dot): the result buffer must hold ${outCount} elements and not be an operand`);
    }
    const data = out ?? new Float64Array(outCount);
    if (wasmMatmul !== undefined && fma) {
      // The WebAssembly module flushes its copies of the operands itself.
      const matmul = exactMatmul !== undefined && inRange(0, l) && inRange(1, r) ? exactMatmul : wasmMatmul;
      matmul(lhsForWasm(l, lhsF64), rhsForWasm(r, rhsF64), data);
      if (normalize !== undefined) for (let i = 0; i < outCount; i++) data[i] = normalize(data[i]);
      return { shape: result, data };
    }
    if (fma) {
      const la = lhsFlushed(l, ld, lhsOrder, lhsInPlace, lhsF64);
      const rb = rhsFlushed(r, rd, rhsOrder, rhsInPlace, rhsF64);
      if (kind === "float32") f32FmaRows(la, rb, data, sizes.batches, sizes.m, sizes.k, sizes.n);
      else f64FmaRows(la, rb, data, sizes.batches, sizes.m, sizes.k, sizes.n, rhsPairs());
      if (normalize !== undefined) for (let i = 0; i < outCount; i++) data[i] = normalize(data[i]);
      return { shape: result, data };
    }
    switch (kind) {
      case "float64":
      case "float32": {
        if (wasmMatmul !== undefined) wasmMatmul(lhsForWasm(l, lhsF64), rhsForWasm(r, rhsF64), data);
        else blockedMatmul(kind === "float64" ? F64_TILES : F32_TILES, laidOut(l, ld, lhsOrder, lhsInPlace, lhsF64), laidOut(r, rd, rhsOrder, rhsInPlace, rhsF64), data, sizes);
        break;
      }
      case "int32":
        blockedMatmul(I32_TILES, laidOutI32(l, ld, lhsOrder, lhsInPlace, lhsF64, lhsI32), laidOutI32(r, rd, rhsOrder, rhsInPlace, rhsF64, rhsI32), data, sizes);
        break;
      default:
        return kind satisfies never;
    }
    if (normalize !== undefined) for (let i = 0; i < outCount; i++) data[i] = normalize(data[i]);
    return { shape: result, data };
  };
}
