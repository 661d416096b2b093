/**
 * The element-wise table: one row per element-wise opcode with its
 * reference kernel (kernels.ts) and its scalar rule (scalar_rules.ts), the
 * function on numbers and the rounding after it that the kernels, the
 * reduce fast path (reducer.ts) and the compiled loops all read, so they
 * cannot drift apart: the reference computes out[i] = norm(fn(a[i], ...)),
 * and so must anyone else. Typed by the opcode table's element-wise family,
 * so a new element-wise opcode does not compile until it has a row.
 */
import {
  type ElementType,
  type HloInstruction,
  type InstructionOf,
  type OpcodesOf,
  OPCODES,
  defaultComparisonType,
  opcodesOfCategory,
  isFloatType,
} from "@minixla/hlo";
import type { FamilyKernels, Kernel, Numerics } from "../../kernel.ts";
import type { BinaryOp } from "./binary.ts";
import { convertScalar, reducePrecisionScalar } from "./convert.ts";
import {
  binary,
  bitcastConvert,
  clampKernel,
  compareKernel,
  complexKernel,
  complexPartKernel,
  convertKernel,
  copy,
  reducePrecisionKernel,
  selectKernel,
  unary,
} from "./kernels.ts";
import {
  type Rule,
  type ScalarSemantics,
  binaryRule,
  compareEntry,
  identity,
  mixed,
  normalizerOf,
  ruleSemantics,
  unaryRule,
  zero,
} from "./scalar_rules.ts";
import { clampFloat, clampInteger, selectScalar } from "./select_clamp.ts";
import type { UnaryOp } from "./unary.ts";

type Op = OpcodesOf<"elementwise">;

/** One opcode's row: its reference kernel and its scalar rule. */
export interface ElementwiseRow<K extends Op> {
  readonly kernel: Kernel<K>;
  readonly scalar: Rule<K>;
}

/** A row whose kernel reads its semantics through the row's own rule. */
function row<K extends Op>(scalar: Rule<K>, kernel: (rule: Rule<K>) => Kernel<K>): ElementwiseRow<K> {
  return { scalar, kernel: kernel(scalar) };
}
const unaryRow = <K extends UnaryOp>(op: K): ElementwiseRow<K> => row(unaryRule(op), (r) => unary(op, r));
const binaryRow = <K extends BinaryOp>(op: K): ElementwiseRow<K> => row(binaryRule(op), (r) => binary(op, r));

/** The unary ops with a scalar function (unary.ts) all take the generic row: their kernel and rule follow the opcode table's operand category. */
const UNARY_ROWS = Object.fromEntries(
  [...opcodesOfCategory("float", "float-predicate", "rounding", "float-or-complex", "signed-float-or-complex", "numeric", "integral", "pred-or-integral")].map(
    (op) => [op, unaryRow(op)],
  ),
) as { readonly [K in UnaryOp]: ElementwiseRow<K> };

export const ELEMENTWISE: { readonly [K in Op]: ElementwiseRow<K> } = {
  ...UNARY_ROWS,
  add: binaryRow("add"),
  and: binaryRow("and"),
  atan2: binaryRow("atan2"),
  // A reinterpretation of bytes, not a function of the value on numbers.
  "bitcast-convert": { kernel: bitcastConvert, scalar: () => undefined },
  // clamp(lo, x, hi); the operands are rounded to the result type only when one differs from it.
  clamp: row((_inst, operands, r, numerics) => {
    const float = isFloatType(r);
    const m = mixed(operands, r);
    const fn = numerics.scalar.clamp?.(r)?.fn ?? (float ? clampFloat : clampInteger);
    return { attrs: float ? "float" : "integer", make: () => ({ fn, norm: m ? normalizerOf(r) : undefined }) };
  }, clampKernel),
  // SIGNED, UNSIGNED and FLOAT all compare the stored numbers; only TOTALORDER on floats orders bit patterns.
  // A mode may order the NaN of the fnuz types (bits 0x80) below every value.
  compare: row((inst, [t], _r, numerics) => {
    const type = inst.attributes.comparisonType ?? defaultComparisonType(t);
    const totalOrder = type === "TOTALORDER" && isFloatType(t);
    return compareEntry(inst.attributes.direction, totalOrder, totalOrder && numerics.fnuzNaNLowest && t.endsWith("fnuz"));
  }, compareKernel),
  // Its result is complex: no scalar form.
  complex: { kernel: complexKernel, scalar: () => undefined },
  convert: row((_inst, [from], to) => ({ attrs: "", make: () => ({ fn: convertScalar(from, to), norm: normalizerOf(to) }) }), convertKernel),
  copy: { kernel: copy, scalar: () => ({ attrs: "", make: () => ({ fn: identity, norm: undefined }) }) },
  divide: binaryRow("divide"),
  // On a real float (XLA allows it): the imaginary part is +0.
  imag: { kernel: complexPartKernel("imag"), scalar: (_inst, [t]) => (isFloatType(t) ? { attrs: "", make: () => ({ fn: zero, norm: undefined }) } : undefined) },
  maximum: binaryRow("maximum"),
  minimum: binaryRow("minimum"),
  multiply: binaryRow("multiply"),
  or: binaryRow("or"),
  power: binaryRow("power"),
  // On a real float: the value itself.
  real: { kernel: complexPartKernel("real"), scalar: (_inst, [t]) => (isFloatType(t) ? { attrs: "", make: () => ({ fn: identity, norm: undefined }) } : undefined) },
  // A mode may keep NaN when reducing to 0 mantissa bits, where the rounding alone gives inf (the reference's
  // value), and may reduce an f16 on f16's own bits.
  "reduce-precision": row((inst, _operands, r, numerics) => {
    const { exponentBits, mantissaBits } = inst.attributes;
    const keepNaN = numerics.reducePrecision.keepNaNAtZeroMantissa && mantissaBits === 0;
    return {
      attrs: `${exponentBits}:${mantissaBits}`,
      make: () => {
        const f = reducePrecisionScalar(r, exponentBits, mantissaBits, numerics.reducePrecision.f16OnOwnBits);
        return { fn: keepNaN ? (x: number) => (x !== x ? x : f(x)) : f, norm: normalizerOf(r) };
      },
    };
  }, reducePrecisionKernel),
  remainder: binaryRow("remainder"),
  // select(pred, on_true, on_false); the branches are rounded to the result type only when one differs from it.
  select: row((_inst, operands, r) => {
    const m = mixed(operands.slice(1), r);
    return { attrs: "", make: () => ({ fn: selectScalar, norm: m ? normalizerOf(r) : undefined }) };
  }, selectKernel),
  "shift-left": binaryRow("shift-left"),
  "shift-right-arithmetic": binaryRow("shift-right-arithmetic"),
  "shift-right-logical": binaryRow("shift-right-logical"),
  subtract: binaryRow("subtract"),
  xor: binaryRow("xor"),};

/** The reference kernels of the element-wise family, read from the table. */
export const elementwiseKernels = Object.fromEntries(Object.entries(ELEMENTWISE).map(([op, r]) => [op, r.kernel])) as unknown as FamilyKernels<"elementwise">;

const isElementwise = (op: string): op is Op => Object.hasOwn(ELEMENTWISE, op) && OPCODES[op as Op].family === "elementwise";

/**
 * The semantics of one element-wise instruction given its operands' element
 * types, in the given numerics (default "reference"); undefined when an
 * operand or the result is not stored one float64 per element, or the op has
 * no scalar form (complex, bitcast-convert) or is not element-wise. Cached per
 * key: the same key gives the same object, and the same functions.
 */
export function scalarSemantics(inst: HloInstruction, operandTypes: readonly ElementType[], numerics: Numerics = "reference"): ScalarSemantics | undefined {
  return lookup(inst, operandTypes, numerics)?.s;
}

/** The key naming (numerics, opcode, attributes that matter, types): equal keys give the same semantics. */
export function scalarKey(inst: HloInstruction, operandTypes: readonly ElementType[], numerics: Numerics = "reference"): string | undefined {
  return lookup(inst, operandTypes, numerics)?.key;
}

function lookup(inst: HloInstruction, operandTypes: readonly ElementType[], numerics: Numerics): { readonly key: string; readonly s: ScalarSemantics } | undefined {
  if (!isElementwise(inst.opcode)) return undefined;
  // One cast at the table's edge: each row's rule reads its own instruction type.
  const rule = ELEMENTWISE[inst.opcode].scalar as Rule<Op>;
  return ruleSemantics(rule, inst as InstructionOf<Op>, operandTypes, numerics);
}

/** The scalar semantics of a binary op on operands and result of type t (the reduce fast path's reducers). */
export function binarySemantics(op: BinaryOp, t: ElementType, numerics: Numerics = "reference"): ScalarSemantics | undefined {
  const inst: InstructionOf<BinaryOp> = { name: "", opcode: op, operands: ["", ""], shape: { elementType: t, dimensions: [] }, attributes: {}, called: [] };
  return scalarSemantics(inst as HloInstruction, [t, t], numerics);
}
