/**
 * The entry point of the fused-loop compiler: a fused computation (the body
 * of a `fusion kind=kLoop|kInput|kOutput`) in, one generated loop nest out
 * (kernel_plan.ts plans it, loop_codegen.ts writes it), bitwise equal to
 * evaluating the computation with the reference kernels. It returns
 * undefined for what it does not handle, so the engine can fall back on the
 * reference.
 */
import { type ArrayLiteral, type HloComputation, type HloModule, EvalError, shapeToString } from "@minixla/hlo";
import type { Numerics } from "../kernel.ts";
import { planFusedComputation } from "./kernel_plan.ts";
import { type LoopKernel, compileLoopNest } from "./loop_codegen.ts";
import { compileWasmLoop, streamPays } from "./wasm/wasm_kernel.ts";
import { streamPlan, streamedLoop } from "./wasm/streamed_loop.ts";
import { threadedStream } from "./threads/threaded_stream.ts";
import { plannedThreads } from "./threads/settings.ts";
import { threadedLoop } from "./threads/threaded_loop.ts";

/** A compiled fused computation: array operands in (the fusion's operands, in order), result out. `out`, when given, is a Float64Array of the result's length to write every element of (it is never an operand). */
export type FusedKernel = (operands: readonly ArrayLiteral[], out?: Float64Array) => ArrayLiteral;

/**
 * undefined when the computation holds anything this compiler does not
 * handle (the engine then runs it through the reference kernels).
 * `external`: names of instructions inside `fused` to treat as extra inputs
 * appended after the parameters (used for kOutput: the dot is computed
 * elsewhere and its result passed in). `wasm`: false keeps to the
 * JavaScript loops, "always" takes WebAssembly wherever it has an exact form
 * (tests), the default wherever it is also expected to pay.
 */
export function compileFusedComputation(
  fused: HloComputation,
  module: HloModule,
  options?: { readonly external?: readonly string[]; readonly numerics?: Numerics; readonly wasm?: boolean | "always"; readonly threads?: number },
): FusedKernel | undefined {
  const plan = planFusedComputation(fused, module, options?.external ?? [], options?.numerics ?? "reference");
  if (plan === undefined) return undefined;
  const numerics = options?.numerics ?? "reference";
  const threads = options?.threads ?? plannedThreads();
  // Above the cache, a plan whose lanes beat the JavaScript loop streams through WebAssembly in blocks of rows (wasm/streamed_loop.ts), split across threads there.
  const stream = options?.wasm === undefined || options.wasm === true ? (streamPays(plan, numerics) ? streamPlan(plan, numerics) : undefined) : undefined;
  const streamed = stream && streamedLoop(stream);
  let loop: LoopKernel;
  if (stream !== undefined && streamed !== undefined) {
    const split = threadedStream(stream, threads, streamed, plan.inputCount, plan.iteration.reduce((a, b) => a * b, 1));
    // A stream of too few blocks to split (long rows) or one importing host functions may still split as JavaScript loops.
    loop = split !== streamed ? split : threadedLoop(plan, threads, streamed);
  } else {
    // WebAssembly SIMD where it has an exact form and pays for its copies (wasm/), else the JavaScript loops.
    const whole = options?.wasm !== false ? compileWasmLoop(plan, numerics, options?.wasm === "always") : undefined;
    // Large loop nests split by output rows across the executable's threads (threads/), where their inputs are shared.
    loop = threadedLoop(plan, threads, whole ?? compileLoopNest(plan));
  }
  const { inputCount, inputLengths, constants, result } = plan;
  const count = result.dimensions.reduce((a, b) => a * b, 1);
  const what = `fused computation ${fused.name}`;
  return (operands, out) => {
    if (operands.length !== inputCount) throw new EvalError(`${what}: expected ${inputCount} operands, got ${operands.length}`);
    const arrays: Float64Array[] = [];
    for (let k = 0; k < inputCount; k++) {
      const data = operands[k]?.data;
      if (!(data instanceof Float64Array) || data.length !== inputLengths[k]) {
        const got = operands[k] === undefined ? "nothing" : `${shapeToString(operands[k].shape)} holding ${data instanceof Float64Array ? data.length : "non-float64"} values`;
        throw new EvalError(`${what}: operand ${k} must hold ${inputLengths[k]} float64 values, got ${got}`);
      }
      arrays.push(data);
    }
    for (const c of constants) arrays.push(c);
    if (out !== undefined && (!(out instanceof Float64Array) || out.length !== count)) {
      throw new EvalError(`${what}: the output buffer must be a Float64Array of ${count} values for ${shapeToString(result)}`);
    }
    const data = out ?? new Float64Array(count);
    if (count > 0) loop(arrays, data);
    return { shape: result, data };
  };
}
