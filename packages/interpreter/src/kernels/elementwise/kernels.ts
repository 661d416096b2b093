/**
 * Kernels of the element-wise family (their rows in table.ts give each its
 * scalar rule). Each kernel checks its operands (lowered
 * graphs only: operands have the result's dimensions, except select's pred and
 * clamp's bounds, which may be scalars) and dispatches on the storage of its
 * element type (literal.ts):
 * - one float64 per element (pred, integers up to 32 bits, real floats): the
 *   scalar function and rounding of the opcode's scalar rule
 *   (scalar_rules.ts, which the reduce fast path and the compiled
 *   engine read too) run through that key's own loop (loops.ts),
 *   which brings every result into the result type's value set with the
 *   table's normalizer (none for f64, where it is the identity);
 * - s64/u64: bigint scalar functions (bigint.ts) through the same
 *   loops, writing BigInt64Array/BigUint64Array, which wrap on store;
 * - c64/c128: pair loops (complex.ts), which also split (real,
 *   imag) and join (complex) the pairs.
 * Conversions that cross storages are in convert_wide.ts.
 * Kernels never write to their operands.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  type OpcodesOf,
  type InstructionOf,
  type Literal,
  type LiteralData,
  allocData,
  arrayLiteralFromData,
  elementLanes,
  isArrayShape,
  isFloatType,
  sameDimensions,
  shapeToString,
  storageOf,
} from "@minixla/hlo";
import type { EvalContext, Kernel } from "../../kernel.ts";
import { bigBinary, bigClamp, bigCompare, bigUnary, isBigBinaryOp, isBigUnaryOp, notOnIntegers } from "./bigint.ts";
import type { BinaryOp } from "./binary.ts";
import { compareTotalOrder } from "./compare.ts";
import {
  complexAbs,
  complexBinary,
  complexCompare,
  complexCompose,
  complexPart,
  complexUnary,
  isComplexBinaryOp,
  isComplexUnaryOp,
  notOnComplex,
} from "./complex.ts";
import { convertWide, isWideConversion } from "./convert_wide.ts";
import { type ElementFn, expectSameDimensions, map1, map2, map3, mapInto1, mapInto2, mapInto3 } from "./loops.ts";
import { arrayOperand } from "../support/view.ts";
import { type Rule, type ScalarSemantics, ruleSemantics } from "./scalar_rules.ts";
import type { UnaryOp } from "./unary.ts";
import { numericsOf } from "../../numerics/index.ts";
import { elementReader, elementWriter } from "../support/element_bytes.ts";

/**
 * The semantics by the opcode's rule (its row of table.ts) of an instruction
 * on operands stored one float64 per element, with its key (the key of the
 * loop it runs in).
 */
function semanticsOf<K extends OpcodesOf<"elementwise">>(
  rule: Rule<K>,
  inst: InstructionOf<K>,
  operandTypes: readonly ElementType[],
  ctx: EvalContext,
): { readonly key: string; readonly s: ScalarSemantics } {
  const found = ruleSemantics(rule, inst, operandTypes, ctx.options.numerics);
  if (found === undefined) {
    throw new EvalError(`${inst.opcode}: no scalar semantics for operands ${operandTypes.join(", ")} and result ${shapeToString(inst.shape)}`);
  }
  return found;
}

// bigint scalar functions are built once per key, so a key's loop always sees the same function object.
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

function checkedOperand(inst: Operator, result: ArrayShape, operands: readonly Literal[], i: number): ArrayLiteral {
  const l = arrayOperand(inst, operands[i], i);
  expectSameDimensions(inst.opcode, result, l, i);
  return l;
}

/** What an operand error names: the instruction and its opcode. */
type Operator = { readonly name: string; readonly opcode: string };

/** Float64Array data of a literal whose storage is "f64" or "complex" (a kernel bug otherwise). */
function floats(l: ArrayLiteral): Float64Array {
  if (!(l.data instanceof Float64Array)) throw new EvalError(`${shapeToString(l.shape)}: expected float64 storage`);
  return l.data;
}

/** BigInt data of an s64/u64 literal. */
function bigints(l: ArrayLiteral): BigInt64Array | BigUint64Array {
  if (l.data instanceof Float64Array) throw new EvalError(`${shapeToString(l.shape)}: expected BigInt storage`);
  return l.data;
}

/**
 * A mode's tail of a unary op's result computed by another function (XLA
 * CPU's small-array quirk: the last elements of a short 1-D f32 exp or log
 * are glibc's expf/logf, not XLA's polynomial). The compiled engine leaves
 * such instructions to this kernel (kernel_plan.ts, usesUnaryTail).
 */
function applyUnaryTail(op: string, t: ElementType, dims: readonly number[], x: Float64Array, out: Float64Array, ctx: EvalContext): void {
  const tail = numericsOf(ctx.options.numerics).unaryTail(op, t, dims);
  if (tail === undefined) return;
  for (let i = tail.start; i < out.length; i++) out[i] = tail.fn(x[i]);
}

export function unary<K extends UnaryOp>(op: K, rule: Rule<K>): Kernel<K> {
  return (inst, operands, ctx) => {
    const s = resultShape(inst);
    const x = checkedOperand(inst, s, operands, 0);
    const t = x.shape.elementType;
    const n = x.data.length / elementLanes(t);
    const storage = storageOf(t);
    switch (storage) {
      case "f64": {
        const { key, s: sem } = semanticsOf(rule, inst, [t], ctx);
        const out = map1(key, sem.fn, sem.norm, floats(x));
        applyUnaryTail(op, t, s.dimensions, floats(x), out, ctx);
        return arrayLiteralFromData(s, out);
      }
      case "s64":
      case "u64": {
        if (!isBigUnaryOp(op)) throw notOnIntegers(op, t);
        const key = `${op}:${t}`;
        const f = cached(key, () => bigUnary(op, t as "s64" | "u64"));
        return arrayLiteralFromData(s, mapInto1(key, f as ElementFn, undefined, x.data, allocData(s.elementType, n)));
      }
      case "complex": {
        // abs gives the component type; every other complex op keeps the type.
        if (op === "abs") return arrayLiteralFromData(s, complexAbs(t, floats(x), n));
        if (!isComplexUnaryOp(op)) throw notOnComplex(op, t);
        const out = new Float64Array(2 * n);
        complexUnary(op, t)(floats(x), out, n);
        return arrayLiteralFromData(s, out);
      }
      default:
        return storage satisfies never;
    }
  };
}

export function binary<K extends BinaryOp>(op: K, rule: Rule<K>): Kernel<K> {
  return (inst, operands, ctx) => {
    const s = resultShape(inst);
    const a = checkedOperand(inst, s, operands, 0);
    const b = checkedOperand(inst, s, operands, 1);
    const t = s.elementType;
    const key = `${op}:${t}`;
    const storage = storageOf(t);
    switch (storage) {
      case "f64": {
        const { key: fkey, s: sem } = semanticsOf(rule, inst, [a.shape.elementType, b.shape.elementType], ctx);
        return arrayLiteralFromData(s, map2(fkey, sem.fn, sem.norm, floats(a), floats(b)));
      }
      case "s64":
      case "u64": {
        if (!isBigBinaryOp(op)) throw notOnIntegers(op, t);
        // A mode may have its own function (integer power); its key then names the mode.
        const nx = numericsOf(ctx.options.numerics);
        const own = op === "power" ? nx.bigScalar.power : undefined;
        const f = own === undefined ? cached(key, () => bigBinary(op, t as "s64" | "u64")) : cached(`${nx.keyPrefix}${key}`, () => own(t as "s64" | "u64"));
        return arrayLiteralFromData(s, mapInto2(key, f as ElementFn, undefined, a.data, b.data, allocData(t, a.data.length)));
      }
      case "complex": {
        if (!isComplexBinaryOp(op)) throw notOnComplex(op, t);
        const n = a.data.length / 2;
        const out = new Float64Array(2 * n);
        complexBinary(op, t)(floats(a), floats(b), out, n);
        return arrayLiteralFromData(s, out);
      }
      default:
        return storage satisfies never;
    }
  };
}

export const compareKernel = (rule: Rule<"compare">): Kernel<"compare"> => (inst, operands, ctx) => {
  const s = resultShape(inst);
  const a = checkedOperand(inst, s, operands, 0);
  const b = checkedOperand(inst, s, operands, 1);
  const t = a.shape.elementType;
  const { direction } = inst.attributes;
  const storage = storageOf(t);
  switch (storage) {
    case "f64": {
      // TOTALORDER on floats reads the bit patterns straight from the operands' words (the table's function reads them one by one).
      // A mode's fnuz NaN ordering is the table's (scalar_rules.ts), so those go through it.
      const nanLowest = numericsOf(ctx.options.numerics).fnuzNaNLowest && t.endsWith("fnuz");
      if (inst.attributes.comparisonType === "TOTALORDER" && isFloatType(t) && !nanLowest) {
        return arrayLiteralFromData(s, compareTotalOrder(direction, floats(a), floats(b)));
      }
      const { key, s: sem } = semanticsOf(rule, inst, [t, b.shape.elementType], ctx);
      return arrayLiteralFromData(s, map2(key, sem.fn, sem.norm, floats(a), floats(b)));
    }
    case "s64":
    case "u64": {
      // The stored reading is the type's own (signed for s64, unsigned for u64), which XLA's verifier requires the comparison type to be.
      const key = `compare:${direction}:${t}`;
      const f = cached(key, () => bigCompare(direction));
      return arrayLiteralFromData(s, mapInto2(key, f as ElementFn, undefined, bigints(a), bigints(b), new Float64Array(a.data.length)));
    }
    case "complex":
      return arrayLiteralFromData(s, complexCompare(direction, t, floats(a), floats(b), a.data.length / 2));
    default:
      return storage satisfies never;
  }
};

export const convertKernel = (rule: Rule<"convert">): Kernel<"convert"> => (inst, operands, ctx) => {
  const s = resultShape(inst);
  const x = checkedOperand(inst, s, operands, 0);
  const from = x.shape.elementType;
  const to = s.elementType;
  if (isWideConversion(from, to)) return arrayLiteralFromData(s, convertWide(from, to, x.data, x.data.length / elementLanes(from)));
  const { key, s: sem } = semanticsOf(rule, inst, [from], ctx);
  return arrayLiteralFromData(s, map1(key, sem.fn, sem.norm, floats(x)));
};

/**
 * The width XLA gives an element in a bitcast-convert (primitive_util's
 * BitWidth): sub-byte types their own bits, packed; pred a whole byte.
 */
const bitcastBits = (t: ElementType): number => (t === "pred" ? 8 : ELEMENT_TYPE_INFO[t].bitWidth);

/** Writes n elements of type t into a little-endian bit stream, element i at bit i·bits(t), sub-byte ones packed low bits first. */
function packBits(t: ElementType, data: LiteralData, n: number, bytes: DataView): void {
  const write = elementWriter(t);
  const bits = bitcastBits(t);
  if (bits % 8 === 0) {
    for (let i = 0; i < n; i++) write(bytes, i * (bits / 8), data, i);
    return;
  }
  const scratch = new DataView(new ArrayBuffer(1));
  const mask = (1 << bits) - 1;
  for (let i = 0; i < n; i++) {
    write(scratch, 0, data, i); // the element's bits in the low bits of one byte
    const at = i * bits;
    bytes.setUint8(at >> 3, bytes.getUint8(at >> 3) | ((scratch.getUint8(0) & mask) << (at & 7)));
  }
}

/** Reads m elements of type t from the bit stream packBits writes. */
function unpackBits(t: ElementType, bytes: DataView, m: number, out: LiteralData): void {
  const read = elementReader(t);
  const bits = bitcastBits(t);
  if (bits % 8 === 0) {
    for (let i = 0; i < m; i++) read(bytes, i * (bits / 8), out, i);
    return;
  }
  const scratch = new DataView(new ArrayBuffer(1));
  const mask = (1 << bits) - 1;
  for (let i = 0; i < m; i++) {
    const at = i * bits;
    scratch.setUint8(0, (bytes.getUint8(at >> 3) >> (at & 7)) & mask);
    read(scratch, 0, out, i);
  }
}

/**
 * bitcast-convert: the operand's elements as a little-endian bit stream
 * (XLA's widths: sub-byte types packed, pred a byte), read back as the result
 * type, in row-major order. Between types of one width the dimensions stay;
 * to a type k times narrower the result gains a minor dimension of size k;
 * from a type k times narrower the operand's minor dimension (of size k) goes
 * away, as XLA's shape rule says.
 */
export const bitcastConvert: Kernel<"bitcast-convert"> = (inst, operands) => {
  const s = resultShape(inst);
  const x = arrayOperand(inst, operands[0], 0);
  const from = x.shape.elementType;
  const to = s.elementType;
  if (from === "token" || to === "token") throw new EvalError(`bitcast-convert: ${shapeToString(x.shape)} to ${shapeToString(s)}: a token has no bytes`);
  const inBits = bitcastBits(from);
  const outBits = bitcastBits(to);
  const inDims = x.shape.dimensions;
  const expected =
    inBits === outBits ? inDims
    : inBits > outBits ? [...inDims, inBits / outBits]
    : inDims[inDims.length - 1] === outBits / inBits ? inDims.slice(0, -1)
    : undefined;
  if (expected === undefined || !sameDimensions(expected, s.dimensions)) {
    throw new EvalError(
      `bitcast-convert: cannot reinterpret ${shapeToString(x.shape)} (${inBits}-bit elements) as ${shapeToString(s)} (${outBits}-bit elements): a narrower result adds a minor dimension of the width ratio, a wider one removes it`,
    );
  }
  const n = x.data.length / elementLanes(from);
  const m = (n * inBits) / outBits;
  const bytes = new DataView(new ArrayBuffer(Math.ceil((n * inBits) / 8) + 8)); // slack for writers that stage through a wider value (bf16 via f32)
  packBits(from, x.data, n, bytes);
  const out = allocData(to, m);
  unpackBits(to, bytes, m, out);
  return arrayLiteralFromData(s, out);
};

export const reducePrecisionKernel = (rule: Rule<"reduce-precision">): Kernel<"reduce-precision"> => (inst, operands, ctx) => {
  const s = resultShape(inst);
  const x = checkedOperand(inst, s, operands, 0);
  const { key, s: sem } = semanticsOf(rule, inst, [x.shape.elementType], ctx);
  return arrayLiteralFromData(s, map1(key, sem.fn, sem.norm, floats(x)));
};

/** Operand i of a ternary op: the result's dimensions, or (where `scalarOk`) a scalar. */
function ternaryOperand(inst: Operator, s: ArrayShape, operands: readonly Literal[], i: number, scalarOk: boolean): ArrayLiteral {
  const l = arrayOperand(inst, operands[i], i);
  if (!(scalarOk && l.shape.dimensions.length === 0)) expectSameDimensions(inst.opcode, s, l, i);
  return l;
}

/**
 * Data of `l` in the value set of t (a copy only when l's type differs, e.g.
 * an f16 branch of an f32 select; types that differ are floats of one storage).
 */
function inType(l: ArrayLiteral, t: ElementType): LiteralData {
  if (l.shape.elementType === t || t === "f64" || !(l.data instanceof Float64Array)) return l.data;
  const norm = ELEMENT_TYPE_INFO[t].normalize;
  return l.data.map((v) => norm(v));
}

/** select with an array pred on storages other than one float64 per element: lanes copied per element. */
function selectSlots(p: Float64Array, t: LiteralData, f: LiteralData, lanes: 1 | 2, out: LiteralData): LiteralData {
  const o = out as unknown as { [i: number]: number | bigint };
  const tt = t as unknown as { readonly [i: number]: number | bigint };
  const ff = f as unknown as { readonly [i: number]: number | bigint };
  for (let i = 0; i < p.length; i++) {
    const src = p[i] !== 0 ? tt : ff;
    for (let k = 0; k < lanes; k++) o[lanes * i + k] = src[lanes * i + k];
  }
  return out;
}

export const selectKernel = (rule: Rule<"select">): Kernel<"select"> => (inst, operands, ctx) => {
  const s = resultShape(inst);
  const p = ternaryOperand(inst, s, operands, 0, true);
  const t = ternaryOperand(inst, s, operands, 1, false);
  const f = ternaryOperand(inst, s, operands, 2, false);
  const r = s.elementType;
  const pred = floats(p);
  if (p.shape.dimensions.length === 0 && s.dimensions.length > 0) {
    return arrayLiteralFromData(s, inType(pred[0] !== 0 ? t : f, r));
  }
  if (storageOf(r) !== "f64") {
    return arrayLiteralFromData(s, selectSlots(pred, t.data, f.data, elementLanes(r), allocData(r, pred.length)));
  }
  const { key, s: sem } = semanticsOf(rule, inst, [p.shape.elementType, t.shape.elementType, f.shape.elementType], ctx);
  return arrayLiteralFromData(s, map3(key, sem.fn, sem.norm, pred, floats(t), floats(f), [false, false, false], pred.length));
};

export const clampKernel = (rule: Rule<"clamp">): Kernel<"clamp"> => (inst, operands, ctx) => {
  const s = resultShape(inst);
  const lo = ternaryOperand(inst, s, operands, 0, true);
  const x = ternaryOperand(inst, s, operands, 1, false);
  const hi = ternaryOperand(inst, s, operands, 2, true);
  const r = s.elementType;
  const scalars: [boolean, boolean, boolean] = [lo.shape.dimensions.length === 0, false, hi.shape.dimensions.length === 0];
  const storage = storageOf(r);
  switch (storage) {
    case "f64": {
      const { key, s: sem } = semanticsOf(rule, inst, [lo.shape.elementType, x.shape.elementType, hi.shape.elementType], ctx);
      return arrayLiteralFromData(s, map3(key, sem.fn, sem.norm, floats(lo), floats(x), floats(hi), scalars, x.data.length));
    }
    case "s64":
    case "u64":
      return arrayLiteralFromData(s, mapInto3(`clamp:${r}`, bigClamp as ElementFn, undefined, lo.data, x.data, hi.data, scalars, allocData(r, x.data.length)));
    case "complex":
      throw notOnComplex("clamp", r);
    default:
      return storage satisfies never;
  }
};

/**
 * real and imag: the part of each complex element, in the component type. On
 * a real float (XLA allows it) real is the value and imag is +0.
 */
export function complexPartKernel<K extends "real" | "imag">(part: K): Kernel<K> {
  return (inst, operands) => {
    const s = resultShape(inst);
    const x = checkedOperand(inst, s, operands, 0);
    const t = x.shape.elementType;
    if (storageOf(t) === "complex") return arrayLiteralFromData(s, complexPart(part, floats(x), x.data.length / 2));
    if (!isFloatType(t)) throw new EvalError(`${part}: expected a floating or complex operand, got ${shapeToString(x.shape)}`);
    return arrayLiteralFromData(s, part === "real" ? floats(x) : new Float64Array(x.data.length));
  };
}

/** complex(re, im): operands of the component type (already in its value set), interleaved into pairs. */
export const complexKernel: Kernel<"complex"> = (inst, operands) => {
  const s = resultShape(inst);
  const re = checkedOperand(inst, s, operands, 0);
  const im = checkedOperand(inst, s, operands, 1);
  if (storageOf(s.elementType) !== "complex" || !isFloatType(re.shape.elementType) || !isFloatType(im.shape.elementType)) {
    throw new EvalError(`complex: cannot make ${shapeToString(s)} from ${shapeToString(re.shape)} and ${shapeToString(im.shape)}`);
  }
  return arrayLiteralFromData(s, complexCompose(floats(re), floats(im)));
};

/** copy: literals are immutable, so the operand's data is the result's. */
export const copy: Kernel<"copy"> = (inst, operands) => {
  const x = operands[0];
  if (x === undefined) throw new EvalError("copy: missing operand");
  return isArrayShape(inst.shape) && isArrayShape(x.shape) ? arrayLiteralFromData(inst.shape, (x as ArrayLiteral).data) : x;
};
