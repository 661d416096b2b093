/**
 * Compiled dynamic-slice and dynamic-update-slice on values stored one
 * float64 per element with static shapes (a scan's per-step read of its
 * inputs and write of its outputs). The shapes' strides and the longest
 * contiguous run are worked out once; a run reads the start indices (any
 * integer type, 64-bit ones compared exactly as the reference's indexValue
 * does), clamps them into [0, dim - size] as XLA does, and copies runs.
 * A dynamic-update-slice whose operand dies at it and whose buffer no other
 * value holds writes the update into that buffer instead of copying the
 * whole operand first (the buffer is the pool's, made by this run, so no
 * caller, argument or constant sees the write).
 */
import {
  type ArrayShape,
  EvalError,
  type HloComputation,
  type HloInstruction,
  type Literal,
  type LiteralData,
  elementCount,
  getInstruction,
  isArrayLiteral,
  isArrayShape,
  storageOf,
  stridesOf,
} from "@minixla/hlo";
import { clamp, indexValue } from "../kernels/support/view.ts";
import type { FastStep } from "./fast_steps.ts";

function float64Static(s: HloInstruction["shape"]): s is ArrayShape {
  return isArrayShape(s) && storageOf(s.elementType) === "f64" && !(s.dynamicDimensions ?? []).some((d) => d);
}

/** Start indices as `rank` integer scalars (the form JAX emits); undefined for any other form (the reference reads those). */
function scalarIndices(c: HloComputation, names: readonly string[], rank: number): boolean {
  if (names.length !== rank) return false;
  return names.every((o) => {
    const s = getInstruction(c, o).shape;
    if (!isArrayShape(s) || s.dimensions.length !== 0) return false;
    const t = s.elementType;
    return t.startsWith("s") || t.startsWith("u");
  });
}

/**
 * Copying a `sizes` window at a start in an array of `dims`: the window's
 * trailing dimensions that span whole rows of the array make one contiguous
 * run; the dimensions before are walked as an odometer.
 */
interface Window {
  readonly rank: number;
  readonly dims: readonly number[];
  readonly sizes: readonly number[];
  readonly strides: readonly number[];
  /** Dimensions walked one by one: 0..outer-1. */
  readonly outer: number;
  /** Elements per contiguous run. */
  readonly run: number;
  /** Runs per window. */
  readonly runs: number;
}

function windowOf(dims: readonly number[], sizes: readonly number[]): Window {
  const rank = dims.length;
  // The first dimension of the run: every dimension after it spans the whole array dimension.
  let outer = rank - 1;
  while (outer > 0 && sizes[outer] === dims[outer]) outer--;
  if (outer < 0) outer = 0;
  let run = 1;
  for (let d = outer; d < rank; d++) run *= sizes[d];
  let runs = 1;
  for (let d = 0; d < outer; d++) runs *= sizes[d];
  return { rank, dims, sizes, strides: stridesOf(dims), outer, run, runs };
}

/** The clamped start's offset in the array (the reference's rule and order). */
function startOffset(w: Window, operands: readonly Literal[], first: number, name: string): number {
  let offset = 0;
  for (let d = 0; d < w.rank; d++) {
    const l = operands[first + d];
    if (l === undefined || !isArrayLiteral(l) || l.data.length !== 1) throw new EvalError(`${name}: start index ${d} must be a scalar`);
    offset += clamp(indexValue(l.data, 0), 0, w.dims[d] - w.sizes[d]) * w.strides[d];
  }
  return offset;
}

/**
 * Calls copy(arrayOffset, windowOffset) for each contiguous run of the
 * window starting at `base` in the array, in row-major order.
 */
function eachRun(w: Window, base: number, idx: Int32Array, copy: (at: number, k: number) => void): void {
  if (w.run === 0 || w.runs === 0) return;
  idx.fill(0);
  let at = base;
  for (let r = 0; r < w.runs; r++) {
    copy(at, r * w.run);
    for (let d = w.outer - 1; d >= 0; d--) {
      if (++idx[d] < w.sizes[d]) {
        at += w.strides[d];
        break;
      }
      idx[d] = 0;
      at -= (w.sizes[d] - 1) * w.strides[d];
    }
  }
}

function floats(name: string, l: Literal | undefined, n: number, position: number): Float64Array {
  const d: LiteralData | undefined = l !== undefined && isArrayLiteral(l) ? l.data : undefined;
  if (!(d instanceof Float64Array) || d.length !== n) throw new EvalError(`${name}: operand ${position} must hold ${n} float64 values`);
  return d;
}

function dynamicSlice(c: HloComputation, inst: HloInstruction & { readonly opcode: "dynamic-slice" }): FastStep | undefined {
  const operand = getInstruction(c, inst.operands[0]).shape;
  const shape = inst.shape;
  if (!float64Static(shape) || !float64Static(operand) || operand.elementType !== shape.elementType) return undefined;
  const dims = operand.dimensions;
  const sizes = inst.attributes.sliceSizes;
  if (sizes.length !== dims.length || sizes.some((s, d) => s < 0 || s > dims[d] || s !== shape.dimensions[d])) return undefined;
  if (!scalarIndices(c, inst.operands.slice(1), dims.length)) return undefined;
  const w = windowOf(dims, sizes);
  const n = elementCount(shape);
  const total = elementCount(operand);
  const idx = new Int32Array(w.rank);
  return (operands, frame) => {
    const x = floats(inst.name, operands[0], total, 0);
    const base = startOffset(w, operands, 1, inst.name);
    const out = frame.take(n);
    const run = w.run;
    eachRun(w, base, idx, (at, k) => {
      for (let i = 0; i < run; i++) out[k + i] = x[at + i];
    });
    return { shape, data: out };
  };
}

function dynamicUpdateSlice(c: HloComputation, inst: HloInstruction & { readonly opcode: "dynamic-update-slice" }, operandDies: boolean): FastStep | undefined {
  const operand = getInstruction(c, inst.operands[0]).shape;
  const update = getInstruction(c, inst.operands[1]).shape;
  const shape = inst.shape;
  if (!float64Static(shape) || !float64Static(operand) || !float64Static(update)) return undefined;
  if (operand.elementType !== shape.elementType || update.elementType !== shape.elementType) return undefined;
  const dims = operand.dimensions;
  const sizes = update.dimensions;
  if (sizes.length !== dims.length || sizes.some((s, d) => s > dims[d]) || dims.some((s, d) => s !== shape.dimensions[d])) return undefined;
  if (!scalarIndices(c, inst.operands.slice(2), dims.length)) return undefined;
  // The operand and the update being one value: the update is the whole operand, written over itself.
  const sameValue = inst.operands[0] === inst.operands[1];
  const w = windowOf(dims, sizes);
  const n = elementCount(shape);
  const m = elementCount(update);
  const idx = new Int32Array(w.rank);
  return (operands, frame) => {
    const x = floats(inst.name, operands[0], n, 0);
    const u = floats(inst.name, operands[1], m, 1);
    const base = startOffset(w, operands, 2, inst.name);
    let out: Float64Array;
    if (operandDies && !sameValue && frame.exclusive(x)) {
      out = x;
    } else {
      out = frame.take(n);
      out.set(x);
    }
    const run = w.run;
    eachRun(w, base, idx, (at, k) => {
      for (let i = 0; i < run; i++) out[at + i] = u[k + i];
    });
    return { shape, data: out };
  };
}

/**
 * The compiled step of a dynamic-slice or dynamic-update-slice of `c`, or
 * undefined (the reference kernel then runs it, with its checks and errors).
 * `operandDies`: no later step of `c` reads the operand's value.
 */
export function dynamicSliceStep(c: HloComputation, inst: HloInstruction, operandDies: boolean): FastStep | undefined {
  if (inst.opcode === "dynamic-slice") return dynamicSlice(c, inst);
  if (inst.opcode === "dynamic-update-slice") return dynamicUpdateSlice(c, inst, operandDies);
  return undefined;
}
