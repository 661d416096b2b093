/**
 * u32 element-wise ops as WebAssembly lanes for the fused-loop emitter (via
 * emit_xla_cpu_math.ts's module functions), in both numerics modes: add,
 * subtract, multiply, and, or, xor, the two left-and-logical shifts, and
 * bitcast-convert from u32 to f32 (the random-bits arithmetic of
 * jax.random's threefry). The lanes hold each u32 as the engine stores it,
 * an integer-valued float64 in [0, 2^32); each op truncates both lanes to
 * i32 (exact there), computes with the i32 wrap-around (which is the
 * table's function followed by the u32 normalizer, x >>> 0), and converts
 * back as unsigned. WebAssembly's vector shifts take one amount for every
 * lane, where HLO's shifts take one per element and give 0 from 32 on, so
 * each shift runs per lane. The bitcast reads the i32 lanes as f32 and
 * widens them exactly (a NaN keeps only its NaN-ness, as the engines'
 * cross-check compares NaNs). The ops are recognised by identity with the
 * scalar table's functions for u32 (and bitcast_scalar.ts's), never by
 * anything from a module.
 */
import { ELEMENT_TYPE_INFO } from "@minixla/hlo";
import type { Normalize } from "../../kernels/elementwise/loops.ts";
import { binarySemantics } from "../../kernels/elementwise/table.ts";
import { bitcastSemantics } from "../bitcast_scalar.ts";
import { type FunctionBody, Op, Simd, type SimdOp } from "./encoder.ts";

/** The u32 op a lane function computes. */
export type U32Kind = "u32add" | "u32sub" | "u32mul" | "u32and" | "u32or" | "u32xor" | "u32shl" | "u32shrl" | "u32bitsToF32";

const BINARY: readonly (readonly [Parameters<typeof binarySemantics>[0], U32Kind])[] = [
  ["add", "u32add"],
  ["subtract", "u32sub"],
  ["multiply", "u32mul"],
  ["and", "u32and"],
  ["or", "u32or"],
  ["xor", "u32xor"],
  ["shift-left", "u32shl"],
  ["shift-right-logical", "u32shrl"],
];

/** SIMD and scalar opcodes beyond the encoder's lists. */
const X = {
  i32x4ExtractLane: 0x1b,
  i32x4Sub: 0xb1,
  i32x4Mul: 0xb5,
  i32x4TruncSatF64x2UZero: 0xfd,
  f64x2ConvertLowI32x4U: 0xff,
  i32Shl: 0x74,
  i32ShrU: 0x76,
  i32LtU: 0x49,
  select: 0x1b,
} as const;

let table: Map<(...xs: number[]) => number, { readonly kind: U32Kind; readonly norm: Normalize | undefined }> | undefined;

function tableOf(): Map<(...xs: number[]) => number, { readonly kind: U32Kind; readonly norm: Normalize | undefined }> {
  if (table !== undefined) return table;
  const t = new Map<(...xs: number[]) => number, { readonly kind: U32Kind; readonly norm: Normalize | undefined }>();
  const wrap = ELEMENT_TYPE_INFO.u32.normalize;
  for (const numerics of ["reference", "xla-cpu"] as const) {
    for (const [op, kind] of BINARY) {
      const s = binarySemantics(op, "u32", numerics);
      // Only the table's function followed by the u32 wrap (a mode's own function for an op is not these lanes').
      if (s !== undefined && s.norm === wrap && !t.has(s.fn)) t.set(s.fn, { kind, norm: wrap });
    }
  }
  const bits = bitcastSemantics("u32", "f32");
  if (bits !== undefined) t.set(bits.fn, { kind: "u32bitsToF32", norm: bits.norm });
  return (table = t);
}

/** The u32 lane kind of a plan's op node norm(fn(...)), or undefined. */
export function u32KindOf(fn: (...xs: number[]) => number, norm: Normalize | undefined, arity: number): U32Kind | undefined {
  const found = tableOf().get(fn);
  return found !== undefined && found.norm === norm && u32Arity(found.kind) === arity ? found.kind : undefined;
}

export function isU32Kind(kind: string): kind is U32Kind {
  return kind.startsWith("u32");
}

export function u32Arity(kind: U32Kind): 1 | 2 {
  return kind === "u32bitsToF32" ? 1 : 2;
}

/** Pushes the u32 lanes of float64 local v as i32 lanes 0 and 1. */
function pushWords(f: FunctionBody, v: number): void {
  f.opU(Op.localGet, v).simd(X.i32x4TruncSatF64x2UZero as SimdOp);
}

/** Emits kind on the v128 locals `args` (float64 lanes), leaving the float64 result lanes on the stack; `scratch` two v128 locals. */
export function emitU32(f: FunctionBody, kind: U32Kind, args: readonly number[], scratch: readonly [number, number]): void {
  const [a, b] = args as [number, number];
  if (kind === "u32bitsToF32") {
    pushWords(f, a);
    f.simd(Simd.f64x2PromoteLowF32x4);
    return;
  }
  if (kind === "u32shl" || kind === "u32shrl") {
    // Per lane: amount < 32 ? word shifted : 0.
    const [wa, wb] = scratch;
    pushWords(f, a);
    f.opU(Op.localSet, wa);
    pushWords(f, b);
    f.opU(Op.localSet, wb);
    for (const lane of [0, 1]) {
      f.opU(Op.localGet, wa);
      f.opU(Op.localGet, wa).simdLane(X.i32x4ExtractLane as SimdOp, lane);
      f.opU(Op.localGet, wb).simdLane(X.i32x4ExtractLane as SimdOp, lane);
      f.op(kind === "u32shl" ? X.i32Shl : X.i32ShrU);
      f.i32Const(0);
      f.opU(Op.localGet, wb).simdLane(X.i32x4ExtractLane as SimdOp, lane);
      f.i32Const(32).op(X.i32LtU);
      // select(shifted, 0, amount < 32): the shifted word where the amount is in range.
      f.op(X.select);
      f.simdLane(Simd.i32x4ReplaceLane, lane).opU(Op.localSet, wa);
    }
    f.opU(Op.localGet, wa).simd(X.f64x2ConvertLowI32x4U as SimdOp);
    return;
  }
  pushWords(f, a);
  pushWords(f, b);
  switch (kind) {
    case "u32add":
      f.simd(Simd.i32x4Add);
      break;
    case "u32sub":
      f.simd(X.i32x4Sub as SimdOp);
      break;
    case "u32mul":
      f.simd(X.i32x4Mul as SimdOp);
      break;
    case "u32and":
      f.simd(Simd.v128And);
      break;
    case "u32or":
      f.simd(Simd.v128Or);
      break;
    case "u32xor":
      f.simd(Simd.v128Xor);
      break;
    default:
      return kind satisfies never;
  }
  f.simd(X.f64x2ConvertLowI32x4U as SimdOp);
}
