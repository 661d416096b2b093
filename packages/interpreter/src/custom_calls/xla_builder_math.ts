/**
 * The `xla_builder.math.*` custom-call targets: XLA's builder-library
 * functions (xla/hlo/builder/lib/math.cc), which XLA's own tests call through
 * these targets and expand into HLO (xla/hlo/builder/tests/math_*.hlo). Each
 * is element-wise over operands of one shape and type, and follows the
 * library's expansion in float64, rounding once into the result type:
 * - Acos, Acosh, Asin, Asinh, Atan, Cosh on real floats by the library's
 *   formulas (acos(x) = 2 atan2(sqrt(1 - x²), 1 + x), cosh = e^(x + log ½) +
 *   e^(-x + log ½) at least 1, ...); on c64/c128 by its complex formulas
 *   (acos = -i log(z + i sqrt((1 + z)(1 - z))), acosh = log(z + sqrt((z + 1)(z - 1))),
 *   atan = atan2(z, 1)), Asin by the principal complex asin (XLA uses Hull et
 *   al.'s algorithm for the same function) and Asinh by the principal complex
 *   asinh (the library's i·asin(-i z) with its branch-cut fix);
 * - NextAfter bit for bit on the type's encoding (fnuz types step from the
 *   least negative value to +0);
 * - Polygamma, IgammaGradA, RandomGammaGrad, RegularizedIncompleteBeta from
 *   xla_builder_special.ts.
 */
import {
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  type ElementType,
  type Literal,
  arrayLiteralFromData,
  shapeToString,
} from "@minixla/hlo";
import { type CustomCall, fail } from "./custom_call_error.ts";
import { elementReader, elementWriter } from "../kernels/support/element_bytes.ts";
import { complexBinary } from "../kernels/elementwise/complex.ts";
import { type Complex, casin, casinh, csqrt } from "../kernels/elementwise/complex_inverse.ts";
import { arrayOperand } from "../kernels/support/view.ts";
import {
  type Precision,
  igammaGradA,
  polygamma,
  randomGammaGrad,
  regularizedIncompleteBeta,
} from "./xla_builder_special.ts";

const MANTISSA_BITS: Partial<Record<ElementType, number>> = { f16: 10, bf16: 7, f32: 23, f64: 52 };

/** Epsilon and largest value of t, for the types the special functions take. */
function precisionOf(t: ElementType): Precision | undefined {
  const bits = MANTISSA_BITS[t];
  return bits === undefined ? undefined : { eps: 2 ** -bits, maxFinite: ELEMENT_TYPE_INFO[t].max };
}

/** f16 and bf16 run in f32, as the library upcasts them. */
const computeTypeOf = (t: ElementType): ElementType => (t === "f16" || t === "bf16" ? "f32" : t);

/**
 * Checks the element-wise contract (n operands of the result's shape and type,
 * a real float type of `types`) and returns the operands' data and the type.
 */
function realOperands(inst: CustomCall, operands: readonly Literal[], arity: number, types: readonly ElementType[]): { readonly data: readonly Float64Array[]; readonly type: ElementType } {
  if (operands.length !== arity) fail(inst, `takes ${arity} operand${arity === 1 ? "" : "s"}, got ${operands.length}`);
  const out = inst.shape;
  if (out.elementType === "tuple") fail(inst, `the result must be an array, got ${shapeToString(out)}`);
  const data = operands.map((o, i) => {
    const x = arrayOperand(inst, o, i);
    const same = x.shape.elementType === out.elementType && x.shape.dimensions.length === out.dimensions.length &&
      x.shape.dimensions.every((d, k) => d === out.dimensions[k]);
    if (!same) fail(inst, `operand ${i} ${shapeToString(x.shape)} must have the result's shape ${shapeToString(out)} (the function is element-wise)`);
    return x.data as Float64Array;
  });
  if (!types.includes(out.elementType)) fail(inst, `operands must be ${types.join(", ")}, got ${out.elementType}`);
  return { data, type: out.elementType };
}

/** Applies f element-wise and rounds into the result type. */
function mapReal(inst: CustomCall, operands: readonly Literal[], arity: number, types: readonly ElementType[], f: (t: ElementType, ...xs: number[]) => number): Literal {
  const { data, type } = realOperands(inst, operands, arity, types);
  const norm = ELEMENT_TYPE_INFO[type].normalize;
  const n = data.length === 0 ? 0 : data[0].length;
  const out = new Float64Array(n);
  const xs = new Array<number>(arity);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < arity; k++) xs[k] = data[k][i];
    out[i] = norm(f(type, ...xs));
  }
  return arrayLiteralFromData(inst.shape as ArrayShape, out);
}

const REAL_FLOATS: readonly ElementType[] = ["f16", "bf16", "f32", "f64"];
const COMPLEX: readonly ElementType[] = ["c64", "c128"];

/** Max that propagates NaN (XLA's maximum). */
const maxNaN = (a: number, b: number): number => (Number.isNaN(a) || Number.isNaN(b) ? Number.NaN : Math.max(a, b));
/** sqrt of the compute type's largest value: past it x² overflows and the library switches formula. */
const sqrtMax = (t: ElementType): number => Math.sqrt(ELEMENT_TYPE_INFO[t].max);

const realTrig: Readonly<Record<string, (t: ElementType, x: number) => number>> = {
  Acos: (_t, x) => (x !== -1 ? 2 * Math.atan2(Math.sqrt(1 - x * x), 1 + x) : Math.PI),
  Acosh: (t, x) => {
    if (x < -1) return Number.NaN;
    if (x >= sqrtMax(t)) return Math.log(x) + Math.log(2);
    return Math.log(x + Math.sqrt((x + 1) * (x - 1)));
  },
  Asin: (_t, x) => 2 * Math.atan2(x, 1 + Math.sqrt((1 - x) * (1 + x))),
  Asinh: (t, x) => {
    const a = Math.abs(x);
    // For small a, log1p keeps the a² / 2 term that log(a + sqrt(a² + 1)) loses.
    const y = a >= sqrtMax(computeTypeOf(t)) ? Math.log(a) + Math.log(2)
      : a <= 1 ? Math.log1p(a + (a * a) / (1 + Math.sqrt(a * a + 1)))
      : Math.log(a + Math.sqrt(a * a + 1));
    return Math.sign(x) * y;
  },
  Atan: (_t, x) => Math.atan2(x, 1),
  Cosh: (_t, x) => maxNaN(Math.exp(x + Math.log(0.5)) + Math.exp(-x + Math.log(0.5)), 1),
};

const cadd = (a: Complex, b: Complex): Complex => [a[0] + b[0], a[1] + b[1]];
const csub = (a: Complex, b: Complex): Complex => [a[0] - b[0], a[1] - b[1]];
const cmul = (a: Complex, b: Complex): Complex => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const clog = (a: Complex): Complex => [Math.log(Math.hypot(a[0], a[1])), Math.atan2(a[1], a[0])];
const cexp = (a: Complex): Complex => {
  const m = Math.exp(a[0]);
  return a[1] === 0 ? [m, a[1]] : [m * Math.cos(a[1]), m * Math.sin(a[1])];
};
const I: Complex = [0, 1];
const ONE: Complex = [1, 0];

const complexTrig: Readonly<Record<string, (z: Complex) => Complex>> = {
  Acos: (z) => {
    const w = clog(cadd(z, cmul(I, csqrt(...cmul(cadd(ONE, z), csub(ONE, z))))));
    const iw = cmul(I, w);
    return [-iw[0], -iw[1]];
  },
  Acosh: (z) => clog(cadd(z, csqrt(...cmul(cadd(z, ONE), csub(z, ONE))))),
  Asin: (z) => casin(z[0], z[1]),
  // The library's i·asin(-i z), branch cut fixed for re = ±0, is the principal asinh (XLA CPU: asinh(2i) = 1.317 + 1.571i).
  Asinh: (z) => casinh(z[0], z[1]),
  Cosh: (z) => {
    const logHalf: Complex = [Math.log(0.5), 0];
    return cadd(cexp(cadd(z, logHalf)), cexp(cadd([-z[0], -z[1]], logHalf)));
  },
};

/** A complex element-wise function, computed in float64 and rounded per component. */
function mapComplex(inst: CustomCall, operands: readonly Literal[], f: (z: Complex) => Complex): Literal {
  const { data, type } = realOperands(inst, operands, 1, COMPLEX);
  const norm = ELEMENT_TYPE_INFO[type === "c64" ? "f32" : "f64"].normalize;
  const x = data[0];
  const out = new Float64Array(x.length);
  for (let i = 0; i < x.length; i += 2) {
    const [re, im] = f([x[i], x[i + 1]]);
    out[i] = norm(re);
    out[i + 1] = norm(im);
  }
  return arrayLiteralFromData(inst.shape as ArrayShape, out);
}

/** atan(z) = atan2(z, 1) with XLA's complex atan2. */
function complexAtan(inst: CustomCall, operands: readonly Literal[]): Literal {
  const { data, type } = realOperands(inst, operands, 1, COMPLEX);
  const ones = new Float64Array(data[0].length);
  for (let i = 0; i < ones.length; i += 2) ones[i] = 1;
  const out = new Float64Array(data[0].length);
  complexBinary("atan2", type)(data[0], ones, out, data[0].length / 2);
  return arrayLiteralFromData(inst.shape as ArrayShape, out);
}

function trig(name: keyof typeof complexTrig | "Atan"): (inst: CustomCall, operands: readonly Literal[]) => Literal {
  return (inst, operands) => {
    if (operands.length === 1 && operands[0].shape.elementType !== "tuple" && COMPLEX.includes(operands[0].shape.elementType)) {
      return name === "Atan" ? complexAtan(inst, operands) : mapComplex(inst, operands, complexTrig[name]);
    }
    return mapReal(inst, operands, 1, REAL_FLOATS, realTrig[name]);
  };
}

/** The floats NextAfter steps through by their encoding. */
const NEXT_AFTER_TYPES: readonly ElementType[] = [
  "f16", "bf16", "f32", "f64", "f4e2m1fn", "f8e3m4", "f8e4m3", "f8e4m3fn", "f8e4m3fnuz", "f8e4m3b11fnuz", "f8e5m2", "f8e5m2fnuz",
];

/** nextafter(from, to) on t's bit patterns, as the library computes it with integer ops. */
function nextAfterOf(t: ElementType): (from: number, to: number) => number {
  const width = ELEMENT_TYPE_INFO[t].bitWidth;
  const bytes = Math.max(1, Math.ceil(width / 8));
  const view = new DataView(new ArrayBuffer(8));
  const write = elementWriter(t);
  const read = elementReader(t);
  const scratch = new Float64Array(1);
  const bitsOf = (x: number): bigint => {
    scratch[0] = x;
    write(view, 0, scratch, 0);
    return bytes === 8 ? view.getBigUint64(0, true) : BigInt(bytes === 4 ? view.getUint32(0, true) : bytes === 2 ? view.getUint16(0, true) : view.getUint8(0));
  };
  const valueOf = (bits: bigint): number => {
    if (bytes === 8) view.setBigUint64(0, bits, true);
    else if (bytes === 4) view.setUint32(0, Number(bits), true);
    else if (bytes === 2) view.setUint16(0, Number(bits), true);
    else view.setUint8(0, Number(bits));
    read(view, 0, scratch, 0);
    return scratch[0];
  };
  const signMask = 1n << BigInt(width - 1);
  const fnuz = t.endsWith("fnuz");
  return (from, to) => {
    if (Number.isNaN(from) || Number.isNaN(to)) return Number.NaN;
    const fromBits = bitsOf(from);
    const toBits = bitsOf(to);
    if (fromBits === toBits) return to;
    const fromAbs = fromBits & ~signMask;
    const toAbs = toBits & ~signMask;
    const toSign = toBits & signMask;
    // From ±0: the smallest subnormal, signed like `to` (or `to` itself when both are zero).
    if (fromAbs === 0n) return toAbs === 0n ? to : valueOf(toSign | 1n);
    // fnuz has no -0: from the least negative value towards the positives comes +0.
    if (fnuz && fromBits === (signMask | 1n) && toSign === 0n) return 0;
    const smaller = fromAbs > toAbs || (fromBits & signMask) !== toSign;
    return valueOf(smaller ? fromBits - 1n : fromBits + 1n);
  };
}

function nextAfter(inst: CustomCall, operands: readonly Literal[]): Literal {
  const t = inst.shape.elementType;
  if (t === "tuple" || !NEXT_AFTER_TYPES.includes(t)) fail(inst, `NextAfter takes floats with a sign bit, got ${shapeToString(inst.shape)}`);
  const step = nextAfterOf(t);
  return mapReal(inst, operands, 2, NEXT_AFTER_TYPES, (_t, a, b) => step(a, b));
}

/** A special function of `arity` real operands, computed with the precision of the type XLA computes in. */
function special(arity: number, f: (p: Precision, ...xs: number[]) => number): (inst: CustomCall, operands: readonly Literal[]) => Literal {
  return (inst, operands) =>
    mapReal(inst, operands, arity, REAL_FLOATS, (t, ...xs) => f(precisionOf(t) as Precision, ...xs));
}

/** The kernels of the `xla_builder.math.*` targets, by target name. */
export const XLA_BUILDER_MATH_TARGETS: ReadonlyMap<string, (inst: CustomCall, operands: readonly Literal[]) => Literal> = new Map([
  ["xla_builder.math.Acos", trig("Acos")],
  ["xla_builder.math.Acosh", trig("Acosh")],
  ["xla_builder.math.Asin", trig("Asin")],
  ["xla_builder.math.Asinh", trig("Asinh")],
  ["xla_builder.math.Atan", trig("Atan")],
  ["xla_builder.math.Cosh", trig("Cosh")],
  ["xla_builder.math.NextAfter", nextAfter],
  // Polygamma and the incomplete-gamma derivatives use the epsilon of the operand type (math.cc passes it unchanged).
  ["xla_builder.math.Polygamma", special(2, (p, n, x) => polygamma(n, x, p))],
  ["xla_builder.math.IgammaGradA", special(2, (p, a, x) => igammaGradA(a, x, p))],
  ["xla_builder.math.RandomGammaGrad", special(2, (p, a, x) => randomGammaGrad(a, x, p))],
  // f16 and bf16 run in f32 (200 steps); f64 takes 600.
  ["xla_builder.math.RegularizedIncompleteBeta", special(3, (p, a, b, x) =>
    p.eps === 2 ** -52 ? regularizedIncompleteBeta(a, b, x, p, 600) : regularizedIncompleteBeta(a, b, x, precisionOf("f32") as Precision, 200))],
]);
