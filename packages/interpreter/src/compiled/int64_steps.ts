/**
 * Compiled steps for element-wise ops on s64/u64 values (BigInt64Array /
 * BigUint64Array storage): the loop counters of JAX's scans and fori loops
 * (add one, compare against the trip count, convert to u32 for threefry).
 * The reference kernel works out its scalar function, loop and checks on
 * every call, which costs microseconds for a scalar; here they are worked
 * out once when the step is planned. The scalar functions are the
 * reference's own (kernels/elementwise/bigint.ts, convert_wide.ts), and the
 * typed array wraps each result to 64 bits on store as there, so the bits
 * are the reference's by construction.
 */
import {
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  type ElementType,
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
} from "@minixla/hlo";
import { type Big1, type Big2, bigBinary, bigCompare, bigUnary, isBigBinaryOp, isBigUnaryOp } from "../kernels/elementwise/bigint.ts";
import { bigToNarrow, floatToBig } from "../kernels/elementwise/convert_wide.ts";
import type { FastStep } from "./fast_steps.ts";

type Wide = "s64" | "u64";

function staticArray(s: HloInstruction["shape"]): s is ArrayShape {
  return isArrayShape(s) && !(s.dynamicDimensions ?? []).some((d) => d);
}

function wide(t: ElementType): t is Wide {
  return storageOf(t) === "s64" || storageOf(t) === "u64";
}

/** Integers of at most 32 bits and pred: stored one float64 per element, each an exact integer. */
function narrowInteger(t: ElementType): boolean {
  const k = ELEMENT_TYPE_INFO[t].kind;
  return storageOf(t) === "f64" && (k === "signed" || k === "unsigned" || k === "pred");
}

/** An operand's data, checked to be what the plan was made for (a verified module always passes). */
function operandData(name: string, l: Literal | undefined, n: number, position: number): LiteralData {
  if (l === undefined || !isArrayLiteral(l) || l.data.length !== n) throw new EvalError(`${name}: operand ${position} must hold ${n} values`);
  return l.data;
}

type Fn1 = (x: never) => number | bigint;
type Fn2 = (x: never, y: never) => number | bigint;

/**
 * The step of a unary map `f` from storage to storage; `out` makes the result
 * array. Separate small loops per step keep the call to `f` monomorphic
 * within a step (the arrays here are mostly scalars and short vectors).
 */
function map1Step(inst: HloInstruction, shape: ArrayShape, f: Fn1, out: (n: number, frame: Take) => LiteralData): FastStep {
  const n = elementCount(shape);
  const g = f as (x: number | bigint) => number | bigint;
  return (operands, frame) => {
    const a = operandData(inst.name, operands[0], n, 0);
    const r = out(n, frame) as { [i: number]: number | bigint; length: number };
    for (let i = 0; i < n; i++) r[i] = g(a[i]);
    return { shape, data: r as LiteralData };
  };
}

function map2Step(inst: HloInstruction, shape: ArrayShape, f: Fn2, out: (n: number, frame: Take) => LiteralData): FastStep {
  const n = elementCount(shape);
  const g = f as (x: number | bigint, y: number | bigint) => number | bigint;
  return (operands, frame) => {
    const a = operandData(inst.name, operands[0], n, 0);
    const b = operandData(inst.name, operands[1], n, 1);
    const r = out(n, frame) as { [i: number]: number | bigint; length: number };
    for (let i = 0; i < n; i++) r[i] = g(a[i], b[i]);
    return { shape, data: r as LiteralData };
  };
}

type Take = { readonly take: (n: number) => Float64Array; readonly takeWide: (unsigned: boolean, n: number) => LiteralData };
// 64-bit results come from the pool too (their own free lists), so a loop counter does not allocate an array per iteration.
const bigOut = (t: Wide) => {
  const unsigned = storageOf(t) === "u64";
  return (n: number, frame: Take): LiteralData => frame.takeWide(unsigned, n);
};
const pooledOut = (n: number, frame: Take): LiteralData => frame.take(n);

/**
 * The compiled step of an element-wise op of `c` on s64/u64 values, or
 * undefined (the reference kernel then runs it): binary arithmetic and bit
 * ops but power (a numerics mode has its own), the unary integer ops,
 * compare of s64/u64, and convert between s64/u64 and the integer types
 * (and from floats to s64/u64). Operands have the result's dimensions
 * (lowered graphs).
 */
export function int64Step(c: HloComputation, inst: HloInstruction): FastStep | undefined {
  const shape = inst.shape;
  if (!staticArray(shape)) return undefined;
  const operandTypes: ElementType[] = [];
  for (const o of inst.operands) {
    const s = getInstruction(c, o).shape;
    if (!staticArray(s) || s.dimensions.length !== shape.dimensions.length || s.dimensions.some((d, k) => d !== shape.dimensions[k])) return undefined;
    operandTypes.push(s.elementType);
  }
  const t = shape.elementType;
  const op = inst.opcode;
  if (op === "compare") {
    const from = operandTypes[0];
    if (!wide(from) || operandTypes[1] !== from) return undefined;
    return map2Step(inst, shape, bigCompare(inst.attributes.direction) as Fn2, pooledOut);
  }
  if (op === "convert") {
    const from = operandTypes[0];
    if (wide(t) && wide(from)) return map1Step(inst, shape, ((x: bigint) => x) as Fn1, bigOut(t));
    if (wide(t) && narrowInteger(from)) return map1Step(inst, shape, ((x: number) => BigInt(x)) as Fn1, bigOut(t));
    if (wide(t) && ELEMENT_TYPE_INFO[from].kind === "float") return map1Step(inst, shape, floatToBig(storageOf(t) as Wide) as Fn1, bigOut(t));
    if (wide(from) && narrowInteger(t)) return map1Step(inst, shape, bigToNarrow(t) as Fn1, pooledOut);
    return undefined;
  }
  if (!wide(t) || operandTypes.some((o) => o !== t)) return undefined;
  const storage = storageOf(t) as Wide;
  if (isBigBinaryOp(op) && op !== "power" && operandTypes.length === 2) return map2Step(inst, shape, bigBinary(op, storage) as Big2 as Fn2, bigOut(storage));
  if (isBigUnaryOp(op) && operandTypes.length === 1) return map1Step(inst, shape, bigUnary(op, storage) as Big1 as Fn1, bigOut(storage));
  return undefined;
}
