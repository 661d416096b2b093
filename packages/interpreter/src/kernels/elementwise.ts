/**
 * Kernels of the element-wise family. Each kernel checks its operands (lowered
 * graphs only: operands have the result's dimensions, except select's pred and
 * clamp's bounds, which may be scalars), picks the scalar function for its
 * opcode and element type (elementwise/unary.ts, binary.ts, bits.ts,
 * compare.ts, convert.ts, select_clamp.ts) and runs it through that key's own
 * loop (elementwise/loops.ts), which brings every result into the result
 * type's value set with the one normalizer of element_type.ts (skipped for
 * f64, where it is the identity). Kernels never write to their operands.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  type InstructionOf,
  type Literal,
  arrayLiteralFromData,
  isArrayShape,
  isFloatType,
  shapeToString,
} from "@minixla/hlo";
import type { FamilyKernels, Kernel } from "../kernel.ts";
import { type BinaryOp, binaryScalar } from "./elementwise/binary.ts";
import { compareScalar, compareTotalOrder, defaultComparisonType } from "./elementwise/compare.ts";
import { bitcastScalar, convertScalar, reducePrecisionScalar } from "./elementwise/convert.ts";
import { type Normalize, arrayOperand, expectSameDimensions, map1, map2, map3 } from "./elementwise/loops.ts";
import { clampFloat, clampInteger, selectScalar } from "./elementwise/select_clamp.ts";
import { type UnaryOp, unaryScalar } from "./elementwise/unary.ts";

/** The normalizer of t, or none where it is the identity (f64). */
function normalizerOf(t: ElementType): Normalize | undefined {
  return t === "f64" ? undefined : ELEMENT_TYPE_INFO[t].normalize;
}

// Scalar functions are built once per key, so a key's loop always sees the same function object.
const scalarCache = new Map<string, unknown>();
function cached<F>(key: string, make: () => F): F {
  let f = scalarCache.get(key) as F | undefined;
  if (f === undefined) {
    f = make();
    scalarCache.set(key, f);
  }
  return f;
}

function resultShape(inst: { readonly opcode: string; readonly shape: InstructionOf<"add">["shape"] }): ArrayShape {
  if (!isArrayShape(inst.shape)) throw new EvalError(`${inst.opcode}: result shape ${shapeToString(inst.shape)} must be an array`);
  return inst.shape;
}

function checkedOperand(opcode: string, result: ArrayShape, operands: readonly Literal[], i: number): ArrayLiteral {
  const l = arrayOperand(opcode, operands, i);
  expectSameDimensions(opcode, result, l, i);
  return l;
}

function unary<K extends UnaryOp>(op: K): Kernel<K> {
  return (inst, operands) => {
    const s = resultShape(inst);
    const x = checkedOperand(op, s, operands, 0);
    const t = x.shape.elementType;
    const key = `${op}:${t}`;
    const f = cached(key, () => unaryScalar(op, t));
    const norm = op === "is-finite" ? undefined : normalizerOf(s.elementType);
    return arrayLiteralFromData(s, map1(key, f, norm, x.data));
  };
}

function binary<K extends BinaryOp>(op: K): Kernel<K> {
  return (inst, operands) => {
    const s = resultShape(inst);
    const a = checkedOperand(op, s, operands, 0);
    const b = checkedOperand(op, s, operands, 1);
    const t = s.elementType;
    const key = `${op}:${t}`;
    const f = cached(key, () => binaryScalar(op, t));
    return arrayLiteralFromData(s, map2(key, f, normalizerOf(t), a.data, b.data));
  };
}

const compare: Kernel<"compare"> = (inst, operands) => {
  const s = resultShape(inst);
  const a = checkedOperand("compare", s, operands, 0);
  const b = checkedOperand("compare", s, operands, 1);
  const t = a.shape.elementType;
  const { direction } = inst.attributes;
  const type = inst.attributes.comparisonType ?? defaultComparisonType(t);
  if (type === "TOTALORDER" && isFloatType(t)) return arrayLiteralFromData(s, compareTotalOrder(direction, a.data, b.data));
  const key = `compare:${direction}`;
  return arrayLiteralFromData(s, map2(key, cached(key, () => compareScalar(direction)), undefined, a.data, b.data));
};

const convert: Kernel<"convert"> = (inst, operands) => {
  const s = resultShape(inst);
  const x = checkedOperand("convert", s, operands, 0);
  const from = x.shape.elementType;
  const to = s.elementType;
  const key = `convert:${from}:${to}`;
  return arrayLiteralFromData(s, map1(key, cached(key, () => convertScalar(from, to)), normalizerOf(to), x.data));
};

const bitcastConvert: Kernel<"bitcast-convert"> = (inst, operands) => {
  const s = resultShape(inst);
  const x = checkedOperand("bitcast-convert", s, operands, 0);
  const from = x.shape.elementType;
  const to = s.elementType;
  if (ELEMENT_TYPE_INFO[from].bitWidth !== ELEMENT_TYPE_INFO[to].bitWidth) {
    throw new EvalError(`bitcast-convert: ${shapeToString(x.shape)} and ${shapeToString(s)} differ in bit width`);
  }
  const key = `bitcast-convert:${from}:${to}`;
  return arrayLiteralFromData(s, map1(key, cached(key, () => bitcastScalar(from, to)), undefined, x.data));
};

const reducePrecisionKernel: Kernel<"reduce-precision"> = (inst, operands) => {
  const s = resultShape(inst);
  const x = checkedOperand("reduce-precision", s, operands, 0);
  const t = s.elementType;
  const { exponentBits, mantissaBits } = inst.attributes;
  const key = `reduce-precision:${t}:${exponentBits}:${mantissaBits}`;
  const f = cached(key, () => reducePrecisionScalar(t, exponentBits, mantissaBits));
  return arrayLiteralFromData(s, map1(key, f, normalizerOf(t), x.data));
};

/** Operand i of a ternary op: the result's dimensions, or (where `scalarOk`) a scalar. */
function ternaryOperand(opcode: string, s: ArrayShape, operands: readonly Literal[], i: number, scalarOk: boolean): ArrayLiteral {
  const l = arrayOperand(opcode, operands, i);
  if (!(scalarOk && l.shape.dimensions.length === 0)) expectSameDimensions(opcode, s, l, i);
  return l;
}

/** Data of `l` in the value set of t (a copy only when l's type differs, e.g. an f16 branch of an f32 select). */
function inType(l: ArrayLiteral, t: ElementType): Float64Array {
  if (l.shape.elementType === t || t === "f64") return l.data;
  const norm = ELEMENT_TYPE_INFO[t].normalize;
  return l.data.map((v) => norm(v));
}

const select: Kernel<"select"> = (inst, operands) => {
  const s = resultShape(inst);
  const p = ternaryOperand("select", s, operands, 0, true);
  const t = ternaryOperand("select", s, operands, 1, false);
  const f = ternaryOperand("select", s, operands, 2, false);
  const r = s.elementType;
  if (p.shape.dimensions.length === 0 && s.dimensions.length > 0) {
    return arrayLiteralFromData(s, inType(p.data[0] !== 0 ? t : f, r));
  }
  const mixed = t.shape.elementType !== r || f.shape.elementType !== r;
  const key = `select:${mixed ? r : "same"}`;
  const n = p.data.length;
  return arrayLiteralFromData(s, map3(key, selectScalar, mixed ? normalizerOf(r) : undefined, p.data, t.data, f.data, [false, false, false], n));
};

const clamp: Kernel<"clamp"> = (inst, operands) => {
  const s = resultShape(inst);
  const lo = ternaryOperand("clamp", s, operands, 0, true);
  const x = ternaryOperand("clamp", s, operands, 1, false);
  const hi = ternaryOperand("clamp", s, operands, 2, true);
  const r = s.elementType;
  const mixed = lo.shape.elementType !== r || x.shape.elementType !== r || hi.shape.elementType !== r;
  const float = isFloatType(r);
  const key = `clamp:${float ? "float" : "integer"}:${mixed ? r : "same"}`;
  const scalars: [boolean, boolean, boolean] = [lo.shape.dimensions.length === 0, false, hi.shape.dimensions.length === 0];
  const n = x.data.length;
  const data = map3(key, float ? clampFloat : clampInteger, mixed ? normalizerOf(r) : undefined, lo.data, x.data, hi.data, scalars, n);
  return arrayLiteralFromData(s, data);
};

/** copy: literals are immutable, so the operand's data is the result's. */
const copy: Kernel<"copy"> = (inst, operands) => {
  const x = operands[0];
  if (x === undefined) throw new EvalError("copy: missing operand");
  return isArrayShape(inst.shape) && isArrayShape(x.shape) ? arrayLiteralFromData(inst.shape, (x as ArrayLiteral).data) : x;
};

export const elementwiseKernels: FamilyKernels<"elementwise"> = {
  abs: unary("abs"),
  add: binary("add"),
  and: binary("and"),
  atan2: binary("atan2"),
  "bitcast-convert": bitcastConvert,
  cbrt: unary("cbrt"),
  ceil: unary("ceil"),
  clamp,
  compare,
  convert,
  copy,
  cosine: unary("cosine"),
  "count-leading-zeros": unary("count-leading-zeros"),
  divide: binary("divide"),
  erf: unary("erf"),
  exponential: unary("exponential"),
  "exponential-minus-one": unary("exponential-minus-one"),
  floor: unary("floor"),
  "is-finite": unary("is-finite"),
  log: unary("log"),
  "log-plus-one": unary("log-plus-one"),
  logistic: unary("logistic"),
  maximum: binary("maximum"),
  minimum: binary("minimum"),
  multiply: binary("multiply"),
  negate: unary("negate"),
  not: unary("not"),
  or: binary("or"),
  popcnt: unary("popcnt"),
  power: binary("power"),
  "reduce-precision": reducePrecisionKernel,
  remainder: binary("remainder"),
  "round-nearest-afz": unary("round-nearest-afz"),
  "round-nearest-even": unary("round-nearest-even"),
  rsqrt: unary("rsqrt"),
  select,
  "shift-left": binary("shift-left"),
  "shift-right-arithmetic": binary("shift-right-arithmetic"),
  "shift-right-logical": binary("shift-right-logical"),
  sign: unary("sign"),
  sine: unary("sine"),
  sqrt: unary("sqrt"),
  subtract: binary("subtract"),
  tan: unary("tan"),
  tanh: unary("tanh"),
  xor: binary("xor"),
};
