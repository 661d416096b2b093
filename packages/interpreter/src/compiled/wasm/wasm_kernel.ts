/**
 * A kernel plan run as WebAssembly (emit_plan.ts): the module compiled and
 * instantiated once, its constants copied into its memory once, and per run
 * the inputs copied in, the function called, the result copied out (and,
 * for a sum into a narrower float, rounded once as the reference rounds it).
 * The engine's arrays stay Float64Arrays outside.
 */
import type { Numerics } from "../../kernel.ts";
import { fma64 } from "../../numerics/xla_cpu/arith.ts";
import type { KernelPlan } from "../kernel_plan.ts";
import type { LoopKernel } from "../loop_codegen.ts";
import { type MatmulArithmetic, type MatmulOperands, type MatmulSizes, emitMatmul } from "./emit_matmul.ts";
import { emitPlan, readArrays } from "./emit_plan.ts";
import { hardwareFma32, hardwareFma64 } from "./hardware_fma.ts";

import { foldPays } from "./reduce_lanes.ts";
import { type WasmInstance, compileModule, exportedBuffer, instantiate, wasmApi } from "./runtime.ts";
import { mathKindOf, mathWork } from "./emit_xla_cpu_math.ts";
import { isU32Kind } from "./emit_u32_lanes.ts";
import { type LaneOp, laneScalarOf } from "./scalar_ops.ts";

/**
 * Arrays moved per run (inputs in, result out) up to which WebAssembly runs
 * any plan it has an exact form for: they stay in cache, and the copies cost
 * little (relu(x + b) over [64,512]: 0.03 ms against the JavaScript loop's
 * 0.2 ms).
 */
const CACHED_BYTES = 1 << 20;
/**
 * Above CACHED_BYTES, the work per point (see workOf) from which the SIMD
 * arithmetic pays for the copies: a memory-bound add of 1M elements ran 9 ms
 * in WebAssembly, 6 of them copies, against 2.3 ms in JavaScript; six ops
 * with a divide and a square root (work 13) ran 28 ms against 58 ms. XLA
 * CPU's flushed ops cost the JavaScript loops most: clamp(0, x + x, 6) over
 * 1M elements ran 2.5x (f32) and 4.5x (bf16) faster in WebAssembly in that
 * mode, 1.4x (f32) and 2x (bf16) slower in the reference mode.
 */
const WORK_PER_POINT = 8;

/** Work of one lane op in the JavaScript loops, roughly in adds. */
const OP_WORK: { readonly [K in LaneOp]?: number } = {
  divide: 4,
  sqrt: 4,
  maximum: 2,
  minimum: 2,
  clamp: 3,
  maximumOrderedZeros: 4,
  minimumOrderedZeros: 4,
  clampOrderedZeros: 6,
  fma32: 12,
  fma64: 30,
};

/** Work of one point: each op's OP_WORK (1 if not listed), 3 more where a mode flushes around it, 1 more for bf16's rounding, 2 for f16's. */
function workOf(plan: KernelPlan, numerics: Numerics): number {
  let work = 0;
  for (const n of plan.nodes) {
    if (n.kind !== "op") continue;
    const lane = laneScalarOf(n.fn, n.norm, n.operands.length, numerics);
    if (lane === undefined) {
      const kind = mathKindOf(n.fn, n.norm, n.operands.length);
      if (kind !== undefined) work += mathWork(kind);
      continue;
    }
    work += (OP_WORK[lane.op] ?? 1) + (lane.flush !== undefined ? 3 : 0) + (lane.rounding === "bf16" ? 1 : lane.rounding === "f16" ? 2 : 0);
  }
  return work;
}

/**
 * Whether every op of the plan is a u32 lane (emit_u32_lanes.ts): the JavaScript loop runs those
 * at the speed of the copies alone (threefry's rounds over 1024 words: 1.3-5 us against 1.5-8.5 us
 * in WebAssembly), so such a plan stays there.
 */
function onlyWords(plan: KernelPlan): boolean {
  const ops = plan.nodes.filter((n) => n.kind === "op");
  return ops.length > 0 && ops.every((n) => isU32Kind(mathKindOf(n.fn, n.norm, n.operands.length) ?? ""));
}

/** Whether WebAssembly is expected to beat the JavaScript loops on the plan, copies included (measured, see above). */
export function wasmPays(plan: KernelPlan, numerics: Numerics): boolean {
  if (onlyWords(plan)) return false;
  const read = readArrays(plan);
  const moved = 8 * (plan.inputLengths.reduce((a, b, k) => a + (read.has(k) ? b : 0), 0) + plan.result.dimensions.reduce((a, b) => a * b, 1));
  const work = workOf(plan, numerics);
  // A small reduce stays with the JavaScript loops (reduce_lanes.ts foldPays).
  if (plan.reduce !== undefined && !foldPays(plan, work, numerics)) return false;
  return moved <= CACHED_BYTES || (work >= WORK_PER_POINT && tanhPays(plan, moved, work));
}

/**
 * V8's tanh lanes (emit_v8_tanh.ts) save about a third of Math.tanh's time, which pays for
 * the copies of two arrays per point but not of more: per 1M points, tanh(x) ran 17.7 ms of
 * CPU against the JavaScript loop's 20.9, tanh(x·y + z) 25.2 against 22.3. So above the
 * cache such a plan goes to WebAssembly only where its other ops are work enough alone.
 */
function tanhPays(plan: KernelPlan, moved: number, work: number): boolean {
  const tanh = plan.nodes.filter((n) => n.kind === "op" && mathKindOf(n.fn, n.norm, n.operands.length) === "tanhV8").length;
  if (tanh === 0) return true;
  const points = plan.iteration.reduce((a, b) => a * b, 1);
  return moved <= 16 * points || work - tanh * mathWork("tanhV8") >= WORK_PER_POINT;
}

/**
 * Whether a plan above the cache is expected to run faster streamed through
 * WebAssembly in blocks of rows (streamed_loop.ts) than in the JavaScript
 * loops: its lanes must save more than the blocks' copies cost. The blocks'
 * copies stay in cache, so they cost much less than wasmPays's whole-array
 * copies (1M points of one f64 add in XLA CPU numerics: 3.7 ms streamed, 5.1
 * copied whole, 34 in JavaScript; tanh(x) in the reference numerics: 13.2
 * streamed, 14.3 whole, 16.3 in JavaScript), but a plain sqrt(x)/y still ran
 * 4.1 ms streamed against 3.0 in JavaScript. So a plan streams where
 * wasmPays would copy it whole above the cache, and where it holds V8's tanh.
 */
export function streamPays(plan: KernelPlan, numerics: Numerics): boolean {
  if (onlyWords(plan)) return false;
  const read = readArrays(plan);
  const moved = 8 * (plan.inputLengths.reduce((a, b, k) => a + (read.has(k) ? b : 0), 0) + plan.result.dimensions.reduce((a, b) => a * b, 1));
  if (moved <= CACHED_BYTES) return false;
  const work = workOf(plan, numerics);
  if (plan.reduce !== undefined && !foldPays(plan, work, numerics)) return false;
  const tanh = plan.nodes.some((n) => n.kind === "op" && mathKindOf(n.fn, n.norm, n.operands.length) === "tanhV8");
  return tanh || work >= WORK_PER_POINT;
}

/**
 * The plan as a LoopKernel running WebAssembly, or undefined where the
 * emitter has no exact form for it, or (unless `always`) where it is not
 * expected to pay (wasmPays).
 */
export function compileWasmLoop(plan: KernelPlan, numerics: Numerics, always = false): LoopKernel | undefined {
  if (wasmApi === undefined || (!always && !wasmPays(plan, numerics))) return undefined;
  const emitted = emitPlan(plan, numerics);
  if (emitted === undefined) return undefined;
  const instance = instantiate(emitted.bytes, emitted.host);
  const buffer = instance && exportedBuffer(instance, "memory");
  const run = instance?.exports.run;
  if (buffer === undefined || typeof run !== "function") return undefined;
  // The memory never grows, so one view serves every run.
  const heap = new Float64Array(buffer);
  const { arrays: starts, out: outStart, outLength } = emitted.layout;
  const read = readArrays(plan);
  plan.constants.forEach((c, k) => {
    if (read.has(plan.inputCount + k)) heap.set(c, starts[plan.inputCount + k]);
  });
  const round = plan.reduce?.kind === "sum" && emitted.roundsSum !== true ? plan.reduce.round : undefined;
  // Only the inputs some node reads are copied in (a kOutput epilogue is passed the dot's operands too).
  const inputs = Int32Array.from({ length: plan.inputCount }, (_, k) => k).filter((k) => read.has(k));
  const inputStarts = Int32Array.from(inputs, (k) => starts[k]);
  // The result's view of the memory is made once, not at every run (a small kernel's copies cost more in views than in bytes).
  const result = heap.subarray(outStart, outStart + outLength);
  const call = run as () => void;
  // A group's further outputs (KernelPlan.extraValues) come after the plan's arrays.
  const extras = (emitted.layout.extras ?? []).map((start) => heap.subarray(start, start + outLength));
  if (extras.length > 0) {
    const first = plan.inputCount + plan.constants.length;
    return (arrays, out) => {
      for (let i = 0; i < inputs.length; i++) heap.set(arrays[inputs[i]], inputStarts[i]);
      call();
      out.set(result);
      for (let j = 0; j < extras.length; j++) arrays[first + j].set(extras[j]);
    };
  }
  return (arrays, out) => {
    for (let i = 0; i < inputs.length; i++) heap.set(arrays[inputs[i]], inputStarts[i]);
    call();
    out.set(result);
    if (round !== undefined) for (let j = 0; j < out.length; j++) out[j] = round(out[j]);
  };
}

/**
 * Products per element copied (A and B in, the output out) from which the
 * WebAssembly matmul pays for its copies: 256x256x256 (85 per element) ran
 * in 11 ms against the JavaScript tiles' 36, 64x512x512 (51) 31 ms against
 * 63, f32 128x64x32 (18) 0.16 ms against 0.30; 16x16x16 (5) ran as fast
 * either way, and a 1x1024 by 1024x1024 matrix-vector product (1), all copy,
 * 20 ms against 14.
 */
const PRODUCTS_PER_COPY = 8;
/** The same for XLA CPU's fused steps, each one or three dozen lane operations against a multiply and an add. */
const FUSED_PRODUCTS_PER_COPY = 1;

/** A batched matmul as dot_kernel.ts runs it: A [batch, m, k], B [batch, k, n] in, every output element written. */
export type Matmul = (a: Float64Array, b: Float64Array, out: Float64Array) => void;

/**
 * Operands whose array, when the same object comes in again, holds the
 * same values (a module's constant, laid out once): such an operand is
 * copied into the module's memory (and prepared) only when another array
 * comes in, and its copy costs nothing per run.
 */
export interface StayingOperands {
  readonly a: boolean;
  readonly b: boolean;
}

const NONE_STAY: StayingOperands = { a: false, b: false };

/** Whether the WebAssembly matmul is expected to beat the JavaScript tiles, copies included (measured, see PRODUCTS_PER_COPY). */
export function wasmMatmulPays(sizes: MatmulSizes, arithmetic: MatmulArithmetic, stay: StayingOperands = NONE_STAY): boolean {
  const { batches, m, k, n } = sizes;
  const perCopy = arithmetic === "fma32" || arithmetic === "fma64" ? FUSED_PRODUCTS_PER_COPY : PRODUCTS_PER_COPY;
  return m * k * n >= perCopy * ((stay.a ? 0 : m * k) + (stay.b ? 0 : k * n) + m * n) && batches * m * k * n > 0;
}

/**
 * A matmul's compiled module and where its arrays lie, what a thread needs
 * to instantiate and run it (a worker thread gets it by message,
 * threads/threaded_dot.ts): memory holds A at element offset `a`, B at `b`
 * and the `outLength` results at `out`; `prepared`: the module exports
 * prepareA and prepareB, run after each copy of A or B in; `hostFma64`: it
 * imports XLA CPU's fma64 as host.fma64.
 */
export interface MatmulModule {
  readonly module: object;
  readonly a: number;
  readonly b: number;
  readonly out: number;
  readonly outLength: number;
  readonly prepared: boolean;
  readonly hostFma64: boolean;
}

/** The matmul's module (emit_matmul.ts), or undefined where the host has no WebAssembly, refuses a synchronous compile, or the arrays are too large. */
export function matmulModule(sizes: MatmulSizes, arithmetic: MatmulArithmetic, operands: MatmulOperands = "f32"): MatmulModule | undefined {
  if (wasmApi === undefined) return undefined;
  const hardware = arithmetic === "fma64" ? hardwareFma64() : arithmetic === "fma32" ? hardwareFma32() : false;
  const emitted = emitMatmul(sizes, arithmetic, operands, hardware);
  if (emitted === undefined) return undefined;
  const module = compileModule(emitted.bytes);
  if (module === undefined) return undefined;
  const outLength = sizes.batches * sizes.m * sizes.n;
  return { module, a: emitted.a, b: emitted.b, out: emitted.out, outLength, prepared: emitted.prepared, hostFma64: arithmetic === "fma64" };
}

/**
 * The matmul as WebAssembly (emit_matmul.ts), or undefined where the host
 * has none or the arrays are too large. `operands` as emitMatmul's;
 * `stay`: the operands copied in only when a new array comes (StayingOperands).
 */
export function compileWasmMatmul(sizes: MatmulSizes, arithmetic: MatmulArithmetic, operands: MatmulOperands = "f32", stay: StayingOperands = NONE_STAY): Matmul | undefined {
  const compiled = matmulModule(sizes, arithmetic, operands);
  if (compiled === undefined || wasmApi === undefined) return undefined;
  let instance: WasmInstance;
  try {
    instance = new wasmApi.Instance(compiled.module, compiled.hostFma64 ? { host: { fma64 } } : undefined);
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
  const emitted = compiled;
  const buffer = exportedBuffer(instance, "memory");
  const run = instance.exports.run;
  const prepareA = instance.exports.prepareA;
  const prepareB = instance.exports.prepareB;
  if (buffer === undefined || typeof run !== "function") return undefined;
  if (emitted.prepared && (typeof prepareA !== "function" || typeof prepareB !== "function")) return undefined;
  const heap = new Float64Array(buffer);
  const outLength = compiled.outLength;
  const result = heap.subarray(emitted.out, emitted.out + outLength);
  const call = run as () => void;
  // The arrays in memory now, for the operands that stay.
  let inA: Float64Array | undefined;
  let inB: Float64Array | undefined;
  return (a, b, out) => {
    if (a !== inA) {
      heap.set(a, emitted.a);
      if (emitted.prepared) (prepareA as () => void)();
      if (stay.a) inA = a;
    }
    if (b !== inB) {
      heap.set(b, emitted.b);
      if (emitted.prepared) (prepareB as () => void)();
      if (stay.b) inB = b;
    }
    call();
    out.set(result);
  };
}
