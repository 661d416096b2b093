/**
 * Which instructions the compiled engine runs as compiled loops, and how:
 * a fusion becomes one generated loop nest (fused_kernel.ts), or a blocked
 * transpose when it only permutes a parameter; a dot becomes a tiled matrix
 * product (dot_kernel.ts), in numerics xla-cpu too; a convolution becomes
 * packed matrix products (conv_kernel.ts); a kOutput fusion runs its dot,
 * then its epilogue as a loop nest over the product. Anything else — and anything those
 * compilers decline (an element type they do not handle, an op they do not
 * fuse) — runs through the reference kernel, so every module the reference
 * runs, the engine runs.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  type HloComputation,
  type HloInstruction,
  type HloModule,
  type InstructionOf,
  type Literal,
  EvalError,
  elementCount,
  getComputation,
  getInstruction,
  isArrayLiteral,
  isArrayShape,
  storageOf,
} from "@minixla/hlo";
import type { EvalContext, Numerics } from "../kernel.ts";
import type { Frame } from "./buffer_pool.ts";
import { constantFusionStep } from "./constant_fusion.ts";
import { compileConvolution } from "./conv_kernel.ts";
import { compileDot } from "./dot_kernel.ts";
import { type MoveKernel, compileConcatenate, compileGather } from "./data_movement_steps.ts";
import { compileFusedComputation } from "./fused_kernel.ts";
import { plannedThreads } from "./threads/settings.ts";
import { compileTranspose } from "./threads/threaded_transpose.ts";
import { windowStep } from "./window_kernels.ts";

/** A compiled instruction: operands in, result out, its arrays taken from the frame. */
export type FastStep = (operands: readonly Literal[], frame: Frame, ctx: EvalContext) => Literal;

/**
 * An array shape whose elements are stored one float64 each, the only kind
 * the compiled loops write, and whose size is static: a bounded dynamic
 * dimension can hold fewer elements at run time, which the reference handles.
 */
function float64Shape(s: HloInstruction["shape"]): s is ArrayShape {
  return isArrayShape(s) && storageOf(s.elementType) === "f64" && !(s.dynamicDimensions ?? []).some((d) => d);
}

function arrays(opcode: string, operands: readonly Literal[]): readonly ArrayLiteral[] {
  for (const o of operands) if (!isArrayLiteral(o)) throw new EvalError(`${opcode}: a compiled step got a tuple operand`);
  return operands as readonly ArrayLiteral[];
}

/**
 * Elements up to which a lone transpose runs as its fused loop nest rather
 * than the blocked copy (transposeStep): the copy's per-run setup (checks,
 * simplification) cost [4,16,16] {1,0,2} 2.9-3.6 us against the fused
 * WebAssembly loop's 0.6; at 64x64 they were even (3.8 against 3.2 us), at
 * 128x128 the copy took 14 us against 23.
 */
const SMALL_TRANSPOSE = 4096;

/** The fused computation's root when it is one transpose of a parameter. */
function loneTranspose(fused: HloComputation): { readonly perm: readonly number[]; readonly param: number; readonly operand: ArrayShape } | undefined {
  const root = getInstruction(fused, fused.root);
  if (root.opcode !== "transpose" || fused.instructions.length !== 2) return undefined;
  const operand = getInstruction(fused, root.operands[0]);
  if (operand.opcode !== "parameter" || !float64Shape(operand.shape)) return undefined;
  return { perm: root.attributes.dimensions, param: operand.attributes.parameterNumber, operand: operand.shape };
}

function transposeStep(inst: HloInstruction, operand: ArrayShape, perm: readonly number[], param: number): FastStep {
  const n = elementCount(inst.shape as ArrayShape);
  // Split across the executable's threads when large (threads/threaded_transpose.ts).
  const kernel = compileTranspose(operand.dimensions, perm, plannedThreads());
  return (operands, frame) => {
    const x = arrays(inst.opcode, operands)[param];
    const out = frame.take(n);
    kernel(x.data as Float64Array, out);
    return { shape: inst.shape as ArrayShape, data: out };
  };
}

/** kOutput: the fused computation's one dot (its operands parameters), computed first, then the epilogue over it. */
function outputFusionStep(m: HloModule, inst: HloInstruction, fused: HloComputation, numerics: Numerics, wasm: boolean): FastStep | undefined {
  const dots = fused.instructions.filter((i): i is InstructionOf<"dot"> => i.opcode === "dot");
  if (dots.length !== 1) return undefined;
  const dot = dots[0];
  const [lhs, rhs] = dot.operands.map((o) => getInstruction(fused, o));
  if (lhs.opcode !== "parameter" || rhs.opcode !== "parameter" || !float64Shape(lhs.shape) || !float64Shape(rhs.shape) || !float64Shape(dot.shape)) return undefined;
  const dotKernel = compileDot(dot, lhs.shape, rhs.shape, numerics, wasm);
  const epilogue = compileFusedComputation(fused, m, { external: [dot.name], numerics, wasm });
  if (dotKernel === undefined || epilogue === undefined) return undefined;
  const li = lhs.attributes.parameterNumber;
  const ri = rhs.attributes.parameterNumber;
  const productLength = elementCount(dot.shape);
  const n = elementCount(inst.shape as ArrayShape);
  return (operands, frame) => {
    const xs = arrays(inst.opcode, operands);
    const temp = frame.scratch(productLength);
    const product = dotKernel(xs[li], xs[ri], temp);
    const result = epilogue([...xs, product], frame.take(n));
    frame.recycle(temp);
    return result;
  };
}

function fusionStep(m: HloModule, inst: InstructionOf<"fusion">, numerics: Numerics, wasm: boolean): FastStep | undefined {
  if (!float64Shape(inst.shape)) return undefined;
  const fused = getComputation(m, inst.called[0]);
  if (inst.attributes.kind === "kOutput") return outputFusionStep(m, inst, fused, numerics, wasm);
  const t = loneTranspose(fused);
  // A small one runs as the fused loop (WebAssembly where it pays): the blocked copy's setup costs more there.
  if (t !== undefined && (elementCount(inst.shape) > SMALL_TRANSPOSE || wasm === false)) return transposeStep(inst, t.operand, t.perm, t.param);
  const kernel = compileFusedComputation(fused, m, { numerics, wasm });
  const n = elementCount(inst.shape);
  if (kernel === undefined) return inst.operands.length === 0 ? constantFusionStep(fused, inst.shape, n) : undefined;
  return (operands, frame) => kernel(arrays(inst.opcode, operands), frame.take(n));
}

/** The values of operand `name` where it is a constant: the module's own array, which no step writes. */
function constantData(c: HloComputation, name: string): Float64Array | undefined {
  const o = getInstruction(c, name);
  const data = o.opcode === "constant" && o.attributes.literal !== undefined && isArrayLiteral(o.attributes.literal) ? o.attributes.literal.data : undefined;
  return data instanceof Float64Array ? data : undefined;
}

function dotStep(c: HloComputation, inst: InstructionOf<"dot">, numerics: Numerics, wasm: boolean): FastStep | undefined {
  const [lhs, rhs] = inst.operands.map((o) => getInstruction(c, o).shape);
  if (!float64Shape(inst.shape) || !float64Shape(lhs) || !float64Shape(rhs)) return undefined;
  const kernel = compileDot(inst, lhs, rhs, numerics, wasm, [constantData(c, inst.operands[0]), constantData(c, inst.operands[1])]);
  if (kernel === undefined) return undefined;
  const n = elementCount(inst.shape);
  return (operands, frame) => {
    const [a, b] = arrays(inst.opcode, operands);
    return kernel(a, b, frame.take(n));
  };
}

/** A convolution as packed matrix products (conv_kernel.ts). */
function convolutionStep(c: HloComputation, inst: InstructionOf<"convolution">, wasm: boolean): FastStep | undefined {
  const [lhs, rhs] = inst.operands.map((o) => getInstruction(c, o).shape);
  if (!float64Shape(inst.shape) || !float64Shape(lhs) || !float64Shape(rhs)) return undefined;
  const kernel = compileConvolution(inst, lhs, rhs, wasm, constantData(c, inst.operands[1]));
  if (kernel === undefined) return undefined;
  const n = elementCount(inst.shape);
  return (operands, frame) => {
    const [a, b] = arrays(inst.opcode, operands);
    return kernel(a, b, frame.take(n));
  };
}

/** A gather or concatenate that only moves elements (data_movement_steps.ts). */
function moveStep(inst: HloInstruction, kernel: MoveKernel | undefined): FastStep | undefined {
  if (kernel === undefined) return undefined;
  const n = elementCount(inst.shape as ArrayShape);
  return (operands, frame) => {
    const out = frame.take(n);
    kernel(arrays(inst.opcode, operands), out);
    return { shape: inst.shape as ArrayShape, data: out };
  };
}

/** The compiled step of `inst` (an instruction of `c`), or undefined to use the reference kernel; `numerics` as EvalOptions.numerics, `wasm` as CompileOptions.wasm. */
export function fastStep(m: HloModule, c: HloComputation, inst: HloInstruction, numerics: Numerics = "reference", wasm = true): FastStep | undefined {
  switch (inst.opcode) {
    case "fusion":
      return fusionStep(m, inst, numerics, wasm);
    case "dot":
      return dotStep(c, inst, numerics, wasm);
    case "convolution":
      return convolutionStep(c, inst, wasm);
    case "reduce-window":
    case "select-and-scatter":
    case "pad":
    case "reverse":
      return windowStep(m, c, inst, numerics);
    case "gather":
      return moveStep(inst, compileGather(inst, getInstruction(c, inst.operands[0]).shape, getInstruction(c, inst.operands[1]).shape));
    case "concatenate":
      return moveStep(inst, compileConcatenate(inst, inst.operands.map((o) => getInstruction(c, o).shape)));
    default:
      return undefined;
  }
}
