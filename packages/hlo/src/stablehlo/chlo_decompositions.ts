/**
 * CHLO ops that HLO has no instruction for, written out as element-wise HLO
 * the way StableHLO's CHLO legalization (the pass XLA runs on what JAX
 * lowers) writes them: erf_inv, erfc (chlo_erfc.ts), lgamma, digamma, bessel_i1e, zeta,
 * polygamma, next_after, cosh and sinh, and asin, acos, asinh, acosh and
 * atanh on real types. The same polynomial and rational coefficients, the
 * same operation order, the constants rounded to the type the formula runs
 * in, and f16/bf16 converted to f32 and back where XLA does so, so that the
 * numbers are XLA's and not those of a float64 library.
 */
import type { ElementType } from "../element_type.ts";
import { type Comp, type Val } from "./emitter.ts";
import type { MlirToken } from "./lexer.ts";
import type { MlirType, TensorType } from "./types.ts";
import { erfc32, erfc64 } from "./chlo_erfc.ts";

export type Unary = "negate" | "abs" | "sqrt" | "log" | "log-plus-one" | "exponential" | "exponential-minus-one" | "floor" | "sine" | "cosine" | "sign";
type Binary = "add" | "subtract" | "multiply" | "divide" | "power" | "remainder" | "atan2" | "maximum" | "minimum" | "shift-right-logical" | "shift-right-arithmetic";
type Direction = "EQ" | "NE" | "LT" | "LE" | "GT" | "GE";

/** Element-wise HLO over one shape: each call adds one instruction. */
export class Elementwise {
  readonly #comp: Comp;
  readonly #at: MlirToken | number;
  readonly dims: readonly number[];
  readonly #consts = new Map<string, Val>();
  constructor(comp: Comp, dims: readonly number[], at: MlirToken | number) {
    this.#comp = comp;
    this.dims = dims;
    this.#at = at;
  }
  #type(elementType: ElementType): TensorType {
    return { kind: "tensor", elementType, dims: this.dims };
  }
  #emit(base: string, elementType: ElementType, opcode: string, xs: readonly Val[], attrs = ""): Val {
    return this.#comp.emit(base, this.#type(elementType), opcode, xs, attrs, this.#at);
  }
  /** A constant of `elementType` broadcast to the shape; `literal` is its HLO text. */
  literal(elementType: ElementType, literal: string): Val {
    const key = `${elementType}:${literal}`;
    const known = this.#consts.get(key);
    if (known !== undefined) return known;
    const scalar = this.#comp.constant("constant", { kind: "tensor", elementType, dims: [] }, literal, this.#at);
    const v = this.dims.length === 0 ? scalar : this.#comp.emit("broadcast", this.#type(elementType), "broadcast", [scalar], "dimensions={}", this.#at);
    this.#consts.set(key, v);
    return v;
  }
  /** A float constant like `x`, rounded to its type as MLIR's constant builder rounds a double. */
  c(like: Val, value: number): Val {
    const et = elementOf(like);
    return this.literal(et, floatLiteral(et, value));
  }
  un(op: Unary, x: Val): Val {
    return this.#emit(op, elementOf(x), op, [x]);
  }
  bin(op: Binary, a: Val, b: Val): Val {
    return this.#emit(op, elementOf(a), op, [a, b]);
  }
  add(a: Val, b: Val): Val { return this.bin("add", a, b); }
  atan2(a: Val, b: Val): Val { return this.bin("atan2", a, b); }
  sub(a: Val, b: Val): Val { return this.bin("subtract", a, b); }
  mul(a: Val, b: Val): Val { return this.bin("multiply", a, b); }
  div(a: Val, b: Val): Val { return this.bin("divide", a, b); }
  cmp(a: Val, b: Val, direction: Direction): Val {
    return this.#emit("compare", "pred", "compare", [a, b], `direction=${direction}`);
  }
  and(a: Val, b: Val): Val { return this.#emit("and", elementOf(a), "and", [a, b]); }
  or(a: Val, b: Val): Val { return this.#emit("or", elementOf(a), "or", [a, b]); }
  select(p: Val, a: Val, b: Val): Val {
    return this.#emit("select", elementOf(a), "select", [p, a, b]);
  }
  not(p: Val): Val { return this.#emit("not", elementOf(p), "not", [p]); }
  /** The real or imaginary part of a complex value, in its part type. */
  part(op: "real" | "imag", z: Val): Val {
    return this.#emit(op, elementOf(z) === "c64" ? "f32" : "f64", op, [z]);
  }
  complex(re: Val, im: Val): Val {
    return this.#emit("complex", elementOf(re) === "f32" ? "c64" : "c128", "complex", [re, im]);
  }
  isFinite(x: Val): Val { return this.#emit("is_finite", "pred", "is-finite", [x]); }
  convert(x: Val, to: ElementType): Val { return this.#emit("convert", to, "convert", [x]); }
  bitcast(x: Val, to: ElementType): Val { return this.#emit("bitcast", to, "bitcast-convert", [x]); }
}

/** A value's element type: decomposeChlo admits tensor operands only, and makes only tensors. */
export function elementOf(v: Val): ElementType {
  return v.type.kind === "tensor" ? v.type.elementType : "pred";
}

/** HLO text of `value` rounded to a float type (f32 for the f16/bf16 formulas run in f32). */
function floatLiteral(et: ElementType, value: number): string {
  if (et === "c64" || et === "c128") return `(${floatLiteral(et === "c64" ? "f32" : "f64", value)}, 0)`;
  if (Number.isNaN(value)) return "nan";
  if (value === Infinity) return "inf";
  if (value === -Infinity) return "-inf";
  // f16 and bf16 constants are rounded once, by the HLO text reader.
  const v = et === "f32" ? Math.fround(value) : value;
  if (Object.is(v, -0)) return "-0";
  // Integral values past 2^53 in exponent form: the HLO text reader takes a bare digit string for an integer.
  return Number.isInteger(v) && Math.abs(v) >= 2 ** 53 ? v.toExponential() : String(v);
}

/** The CHLO ops this file writes out. */
const DECOMPOSED = [
  "erf_inv", "erfc", "lgamma", "digamma", "bessel_i1e", "zeta", "polygamma", "next_after", "cosh", "sinh", "asin", "acos", "asinh", "acosh", "atanh",
] as const;
export type DecomposedChloOp = (typeof DECOMPOSED)[number];

/** The inverse trig and hyperbolic ops, written out here on real types only (their complex forms in chlo_complex.ts). */
const REAL_ONLY: ReadonlySet<string> = new Set(["asin", "acos", "asinh", "acosh", "atanh"]);

/**
 * Whether `short` (a CHLO op name without `chlo.`) on `elementType` is
 * written out here (or refused here for a type it does not take).
 */
export function isDecomposedChlo(short: string, elementType: ElementType | undefined): short is DecomposedChloOp {
  if (!(DECOMPOSED as readonly string[]).includes(short)) return false;
  return !(REAL_ONLY.has(short) && (elementType === "c64" || elementType === "c128"));
}

const ARITY: Readonly<Record<DecomposedChloOp, 1 | 2>> = {
  erf_inv: 1, erfc: 1, lgamma: 1, digamma: 1, bessel_i1e: 1, zeta: 2, polygamma: 2, next_after: 2, cosh: 1, sinh: 1,
  asin: 1, acos: 1, asinh: 1, acosh: 1, atanh: 1,
};

/** The inverse trig and hyperbolic formulas run in the operand's own type, f16 and bf16 included. */
const IN_OWN_TYPE: ReadonlySet<DecomposedChloOp> = new Set(["asin", "acos", "asinh", "acosh", "atanh"]);

/**
 * Writes CHLO op `short` on `operands` into `comp` and returns its value, of
 * `resultType`. Operands must have the result's type (the legalization's
 * element-wise forms; CHLO's broadcasting forms are refused).
 */
export function decomposeChlo(comp: Comp, short: DecomposedChloOp, operands: readonly Val[], resultType: MlirType, at: MlirToken | number): Val {
  const fail = (why: string) => comp.out.lx.error(at, `chlo.${short} ${why}`);
  const arity = ARITY[short];
  if (operands.length !== arity) throw fail(`takes ${arity} operand${arity === 1 ? "" : "s"}, not ${operands.length}`);
  if (resultType.kind !== "tensor") throw fail("needs a tensor result");
  const et = resultType.elementType;
  const dims = resultType.dims.join("x");
  for (const o of operands) {
    if (o.type.kind !== "tensor" || o.type.elementType !== et || o.type.dims.join("x") !== dims) throw fail("needs operands of its result type");
  }
  const complex = et === "c64" || et === "c128";
  const narrow = et === "f16" || et === "bf16";
  const float = narrow || et === "f32" || et === "f64";
  if (!float && !(complex && (short === "cosh" || short === "sinh"))) throw fail(`needs a floating-point operand, not ${et}`);
  const e = new Elementwise(comp, resultType.dims, at);
  // next_after works on the bits of the type itself.
  if (short === "next_after") return nextAfter(e, operands[0], operands[1]);
  // Complex cosh and sinh take the exponential form whatever |x| is, in their own type.
  if (complex) return expHalves(e, operands[0], short === "cosh" ? "add" : "subtract");
  // f16 and bf16 are computed in f32 and rounded back, but by the inverse trig and hyperbolic formulas.
  const upcast = narrow && !IN_OWN_TYPE.has(short);
  const args = upcast ? operands.map((x) => e.convert(x, "f32")) : operands;
  const r = formula(e, short, args[0], args[1]);
  return upcast ? e.convert(r, et) : r;
}

function formula(e: Elementwise, short: Exclude<DecomposedChloOp, "next_after">, x: Val, y: Val): Val {
  switch (short) {
    case "erf_inv": return elementOf(x) === "f64" ? erfInv64(e, x) : erfInv32(e, x);
    case "erfc": return elementOf(x) === "f64" ? erfc64(e, x) : erfc32(e, x);
    case "lgamma": return lgamma(e, x);
    case "digamma": return digamma(e, x);
    case "bessel_i1e": return besselI1e(e, x);
    case "zeta": return zeta(e, x, y);
    case "polygamma": return polygamma(e, x, y);
    case "cosh": return cosh(e, x);
    case "sinh": return sinh(e, x);
    case "asin": return asin(e, x);
    case "acos": return acos(e, x);
    case "asinh": return asinh(e, x);
    case "acosh": return acosh(e, x);
    case "atanh": return atanh(e, x);
    default: {
      const never: never = short;
      return never;
    }
  }
}

// erf_inv: Giles' single and double precision approximations, in w = -log1p(-x²).
const ERF_INV32_LT5 = [2.81022636e-8, 3.43273939e-7, -3.5233877e-6, -4.39150654e-6, 0.00021858087, -0.00125372503, -0.00417768164, 0.246640727, 1.50140941];
const ERF_INV32_GE5 = [-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682];
const ERF_INV64_LT625 = [
  -3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18, 1.115787767802518096e-17, -1.333171662854620906e-16,
  2.0972767875968561637e-17, 6.6376381343583238325e-15, -4.0545662729752068639e-14, -8.1519341976054721522e-14, 2.6335093153082322977e-12,
  -1.2975133253453532498e-11, -5.4154120542946279317e-11, 1.051212273321532285e-9, -4.1126339803469836976e-9, -2.9070369957882005086e-8,
  4.2347877827932403518e-7, -1.3654692000834678645e-6, -1.3882523362786468719e-5, 0.0001867342080340571352, -0.00074070253416626697512,
  -0.0060336708714301490533, 0.24015818242558961693, 1.6536545626831027356,
];
const ERF_INV64_LT16 = [
  2.2137376921775787049e-9, 9.0756561938885390979e-8, -2.7517406297064545428e-7, 1.8239629214389227755e-8, 1.5027403968909827627e-6,
  -4.013867526981545969e-6, 2.9234449089955446044e-6, 1.2475304481671778723e-5, -4.7318229009055733981e-5, 6.8284851459573175448e-5,
  2.4031110387097893999e-5, -0.0003550375203628474796, 0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066,
  -0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334, 3.0838856104922207635,
];
const ERF_INV64_GE16 = [
  -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-9, -3.7894654401267369937e-9, 7.6157012080783393804e-9,
  -1.4960026627149240478e-8, 2.9147953450901080826e-8, -6.7711997758452339498e-8, 2.2900482228026654717e-7, -9.9298272942317002539e-7,
  4.5260625972231537039e-6, -1.9681778105531670567e-5, 7.5995277030017761139e-5, -0.00021503011930044477347, -0.00013871931833623122026,
  1.0103004648645343977, 4.8499064014085844221,
];

/** w = -log1p(x * -x), the variable both erf_inv polynomials run in. */
function erfInvW(e: Elementwise, x: Val): Val {
  return e.un("negate", e.un("log-plus-one", e.mul(x, e.un("negate", x))));
}

/** erf_inv(±1) = ±inf, where the polynomial is indeterminate. */
function erfInvEdges(e: Elementwise, x: Val, result: Val): Val {
  const atOne = e.cmp(e.un("abs", x), e.c(x, 1), "EQ");
  return e.select(atOne, e.mul(x, e.c(x, Infinity)), result);
}

function erfInv32(e: Elementwise, x: Val): Val {
  let w = erfInvW(e, x);
  const lt = e.cmp(w, e.c(x, 5), "LT");
  const coefficient = (i: number) => e.select(lt, e.c(x, ERF_INV32_LT5[i]), e.c(x, ERF_INV32_GE5[i]));
  w = e.select(lt, e.sub(w, e.c(x, 2.5)), e.sub(e.un("sqrt", w), e.c(x, 3)));
  let p = coefficient(0);
  for (let i = 1; i < ERF_INV32_LT5.length; i++) p = e.add(coefficient(i), e.mul(p, w));
  return erfInvEdges(e, x, e.mul(p, x));
}

function erfInv64(e: Elementwise, x: Val): Val {
  let w = erfInvW(e, x);
  const lt625 = e.cmp(w, e.c(x, 6.25), "LT");
  const lt16 = e.cmp(w, e.c(x, 16), "LT");
  const coefficient = (i: number) => {
    let c = e.c(x, ERF_INV64_LT625[i]);
    if (i < ERF_INV64_LT16.length) c = e.select(lt625, c, e.c(x, ERF_INV64_LT16[i]));
    if (i < ERF_INV64_GE16.length) c = e.select(lt16, c, e.c(x, ERF_INV64_GE16[i]));
    return c;
  };
  const sqrtW = e.un("sqrt", w);
  const wMinus3125 = e.sub(w, e.c(x, 3.125));
  const shift = e.select(lt16, e.c(x, 3.25), e.c(x, 5));
  w = e.select(lt625, wMinus3125, e.sub(sqrtW, shift));
  let p = coefficient(0);
  // The three polynomials share their leading terms; the shorter ones stop early.
  for (let i = 1; i < ERF_INV64_GE16.length; i++) p = e.add(coefficient(i), e.mul(p, w));
  for (let i = ERF_INV64_GE16.length; i < ERF_INV64_LT16.length; i++) p = e.select(lt16, e.add(coefficient(i), e.mul(p, w)), p);
  for (let i = ERF_INV64_LT16.length; i < ERF_INV64_LT625.length; i++) p = e.select(lt625, e.add(coefficient(i), e.mul(p, w)), p);
  return erfInvEdges(e, x, e.mul(p, x));
}

// Lanczos' approximation, g = 7, n = 9.
const LANCZOS_GAMMA = 7;
const LANCZOS_BASE = 0.99999999999980993227684700473478;
const LANCZOS = [
  676.520368121885098567009190444019, -1259.13921672240287047156078755283, 771.3234287776530788486528258894,
  -176.61502916214059906584551354, 12.507343278686904814458936853, -0.13857109526572011689554707,
  9.984369578019570859563e-6, 1.50563273514931155834e-7,
];

/** z = -x below 1/2 (reflected), x - 1 otherwise; and the reflection test. */
function lanczosZ(e: Elementwise, x: Val): { reflect: Val; z: Val } {
  const reflect = e.cmp(x, e.c(x, 0.5), "LT");
  return { reflect, z: e.select(reflect, e.un("negate", x), e.sub(x, e.c(x, 1))) };
}

/** log(t) = log(g + 1/2) + log1p(z / (g + 1/2)), with t = g + 1/2 + z. */
function lanczosLogT(e: Elementwise, z: Val): { t: Val; logT: Val } {
  const gHalf = e.c(z, LANCZOS_GAMMA + 0.5);
  const t = e.add(gHalf, z);
  const logT = e.add(e.c(z, Math.log(LANCZOS_GAMMA + 0.5)), e.un("log-plus-one", e.div(z, gHalf)));
  return { t, logT };
}

function lgamma(e: Elementwise, x: Val): Val {
  const { reflect, z } = lanczosZ(e, x);
  let a = e.c(x, LANCZOS_BASE);
  LANCZOS.forEach((k, i) => {
    a = e.add(a, e.div(e.c(x, k), e.add(z, e.c(x, i + 1))));
  });
  const { t, logT } = lanczosLogT(e, z);
  // (z + 1/2 - t / log t) * log t: (z + 1/2) log t - t without overflowing.
  const r = e.mul(e.sub(e.add(z, e.c(x, 0.5)), e.div(t, logT)), logT);
  let result = e.add(e.add(e.c(x, (Math.log(2) + Math.log(Math.PI)) / 2), r), e.un("log", a));
  // Reflection: log(pi) - log|sin(pi * frac|x|)| - lgamma(1 - x), frac folded into [0, 1/2].
  const abs = e.un("abs", x);
  let frac = e.sub(abs, e.un("floor", abs));
  frac = e.select(e.cmp(e.c(x, 0.5), frac, "LT"), e.sub(e.c(x, 1), frac), frac);
  const denom = e.un("log", e.un("sine", e.mul(e.c(x, Math.PI), frac)));
  const reflected = e.select(e.isFinite(denom), e.sub(e.sub(e.c(x, Math.log(Math.PI)), denom), result), e.un("negate", denom));
  result = e.select(reflect, reflected, result);
  // is_inf(x) as CHLO writes it, on an abs of its own as in XLA's HLO.
  const isInf = e.cmp(e.un("abs", x), e.c(x, Infinity), "EQ");
  return e.select(isInf, e.c(x, Infinity), result);
}

function digamma(e: Elementwise, x: Val): Val {
  const { reflect, z } = lanczosZ(e, x);
  const zero = e.c(x, 0);
  let a = e.c(x, LANCZOS_BASE);
  let aPrime = zero;
  LANCZOS.forEach((k, i) => {
    const coeff = e.c(x, k);
    const zk = e.add(z, e.c(x, i + 1));
    aPrime = e.sub(aPrime, e.div(coeff, e.mul(zk, zk)));
    a = e.add(a, e.div(coeff, zk));
  });
  const { t, logT } = lanczosLogT(e, z);
  let result = e.sub(e.add(logT, e.div(aPrime, a)), e.div(e.c(x, LANCZOS_GAMMA), t));
  // Reflection: digamma(1 - x) - pi cos(pi x) / sin(pi x), x moved into [-1/2, 1/2) first.
  const reduced = e.add(x, e.un("abs", e.un("floor", e.add(x, e.c(x, 0.5)))));
  const pi = e.c(x, Math.PI);
  const piX = e.mul(pi, reduced);
  const reflected = e.sub(result, e.div(e.mul(pi, e.un("cosine", piX)), e.un("sine", piX)));
  result = e.select(reflect, reflected, result);
  const pole = e.and(e.cmp(x, zero, "LE"), e.cmp(x, e.un("floor", x), "EQ"));
  return e.select(pole, e.c(x, NaN), result);
}

// bessel_i1e: Cephes' Chebyshev series on [0, 8] (in z/2 - 2) and (8, inf) (in 32/z - 2).
const I1E_A64 = [
  2.77791411276104639959e-18, -2.11142121435816608115e-17, 1.55363195773620046921e-16, -1.10559694773538630805e-15,
  7.6006842947354069341e-15, -5.04218550472791168711e-14, 3.22379336594557470981e-13, -1.9839743977649437152e-12,
  1.17361862988909016308e-11, -6.66348972350202774223e-11, 3.62559028155211703701e-10, -1.8872497517228292879e-9,
  9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7, -8.56872026469545474066e-7,
  3.47025130813767847674e-6, -1.32731636560394358279e-5, 4.78156510755005422638e-5, -1.61760815825896745588e-4,
  5.12285956168575772895e-4, -1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
  2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1, -1.76416518357834055153e-1,
  2.52587186443633654823e-1,
];
const I1E_B64 = [
  7.51729631084210481353e-18, 4.41434832307170791151e-18, -4.65030536848935832153e-17, -3.2095259219934239598e-17,
  2.96262899764595013876e-16, 3.30820231092092828324e-16, -1.88035477551078244854e-15, -3.81440307243700780478e-15,
  1.04202769841288027642e-14, 4.27244001671195135429e-14, -2.10154184277266431302e-14, -4.08355111109219731823e-13,
  -7.19855177624590851209e-13, 2.03562854414708950722e-12, 1.41258074366137813316e-11, 3.25260358301548823856e-11,
  -1.8974958123505412345e-11, -5.58974346219658380687e-10, -3.83538038596423702205e-9, -2.63146884688951950684e-8,
  -2.51223623787020892529e-7, -3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
  7.78576235018280120474e-1,
];
/** The f32 series are the last 17 and 7 terms of the f64 ones. */
const I1E_A32 = I1E_A64.slice(-17);
const I1E_B32 = I1E_B64.slice(-7);

/** Clenshaw's recurrence for a Chebyshev series: (b0 - b2) / 2. */
function chebyshev(e: Elementwise, x: Val, coefficients: readonly number[]): Val {
  const zero = e.c(x, 0);
  let b0 = zero;
  let b1 = b0;
  let b2 = b0;
  for (const k of coefficients) {
    b2 = b1;
    b1 = b0;
    // XLA's HLO has x * b1 - 0 folded to x * b1 (exact, -0 and NaN included).
    const xb1 = e.mul(x, b1);
    b0 = e.add(b2 === zero ? xb1 : e.sub(xb1, b2), e.c(x, k));
  }
  return e.mul(e.sub(b0, b2), e.c(x, 0.5));
}

function besselI1e(e: Elementwise, x: Val): Val {
  const f64 = elementOf(x) === "f64";
  const z = e.un("abs", x);
  const two = e.c(x, 2);
  const small = e.mul(z, chebyshev(e, e.sub(e.mul(e.c(x, 0.5), z), two), f64 ? I1E_A64 : I1E_A32));
  const large = e.div(chebyshev(e, e.sub(e.div(e.c(x, 32), z), two), f64 ? I1E_B64 : I1E_B32), e.un("sqrt", z));
  const le8 = e.cmp(z, e.c(x, 8), "LE");
  return e.mul(e.un("sign", x), e.select(le8, small, large));
}

// zeta: Hurwitz zeta by Euler-Maclaurin (Johansson 2015, formula (5)), 9 + 1 terms of the sum and 12 Bernoulli terms.
const ZETA_TERMS = 12;
const ZETA_ITERATIONS = 9;
const ZETA_COEFFS = [
  -7.1661652561756670113e18, 1.8152105401943546773e17, -4.5979787224074726105e15, 1.1646782814350067249e14,
  -2.950130727918164224e12, 7.47242496e10, -1.8924375803183791606e9, 47900160.0, -1209600.0, 30240.0, -720.0, 12.0,
];

/** The smallest positive subnormal of a float type. */
function smallestSubnormal(et: ElementType): number {
  return et === "f64" ? Number.MIN_VALUE : 2 ** -149;
}

function zeta(e: Elementwise, x: Val, q: Val): Val {
  const zero = e.c(q, 0);
  const one = e.c(q, 1);
  const negX = e.un("negate", x);
  let acc = q;
  let powerSum = e.bin("power", q, negX);
  for (let i = 0; i < ZETA_ITERATIONS; i++) {
    acc = e.add(acc, one);
    powerSum = e.add(powerSum, e.bin("power", acc, negX));
  }
  acc = e.add(acc, one);
  const qNegPower = e.bin("power", acc, negX);
  const correction = e.div(e.mul(qNegPower, acc), e.sub(x, one));
  const invAccSquared = e.div(one, e.mul(acc, acc));
  let hornerSum = zero;
  const twoTermsMinusOne = 2 * ZETA_TERMS - 1;
  for (let i = 0; i < ZETA_TERMS - 1; i++) {
    const product = e.mul(e.add(x, e.c(x, twoTermsMinusOne - 1 - 2 * i)), e.add(x, e.c(x, twoTermsMinusOne - 2 - 2 * i)));
    // 0 + c is folded to c in XLA's HLO (exact).
    const term = hornerSum === zero ? e.c(x, 1 / ZETA_COEFFS[i]) : e.add(hornerSum, e.c(x, 1 / ZETA_COEFFS[i]));
    hornerSum = e.mul(product, e.mul(invAccSquared, term));
  }
  const tail = e.mul(qNegPower, e.add(e.c(x, 0.5), e.mul(e.div(x, acc), e.add(e.c(x, 1 / ZETA_COEFFS[ZETA_TERMS - 1]), hornerSum))));
  const accurate = e.add(e.add(powerSum, correction), tail);
  // The plain sum where the correction is below its last place.
  const small = e.cmp(e.un("abs", qNegPower), e.mul(e.un("abs", powerSum), e.c(x, smallestSubnormal(elementOf(x)))), "LT");
  let out = e.select(small, powerSum, accurate);
  const nan = e.c(x, NaN);
  const inf = e.c(x, Infinity);
  out = e.select(e.cmp(x, one, "LT"), nan, out);
  const qLeZero = e.cmp(q, zero, "LE");
  out = e.select(e.and(qLeZero, e.cmp(x, e.un("floor", x), "NE")), nan, out);
  // At the poles (integer q <= 0) the limit is +inf for even integer x only.
  const atPole = e.and(qLeZero, e.cmp(q, e.un("floor", q), "EQ"));
  const evenInt = e.and(e.cmp(x, e.un("floor", x), "EQ"), e.cmp(e.bin("remainder", x, e.c(x, 2)), zero, "EQ"));
  out = e.select(atPole, e.select(evenInt, inf, nan), out);
  return e.select(e.cmp(x, one, "EQ"), inf, out);
}

/** polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x); digamma at n = 0; NaN for n not a natural number. */
function polygamma(e: Elementwise, n: Val, x: Val): Val {
  const one = e.c(x, 1);
  const two = e.c(x, 2);
  const sign = e.sub(e.mul(two, e.bin("remainder", n, two)), one);
  const nPlusOne = e.add(n, one);
  const factorial = e.un("exponential", lgamma(e, nPlusOne));
  let result = e.mul(e.mul(sign, factorial), zeta(e, nPlusOne, x));
  const zero = e.c(x, 0);
  result = e.select(e.cmp(n, zero, "EQ"), digamma(e, x), result);
  const notNatural = e.or(e.cmp(n, e.un("floor", n), "NE"), e.cmp(n, zero, "LT"));
  return e.select(notNatural, e.c(x, NaN), result);
}

/** e^(x + log 1/2) ± e^(log 1/2 - x): (e^x ± e^-x) / 2 without overflow where e^x is inf but e^x / 2 is not. */
function expHalves(e: Elementwise, x: Val, op: "add" | "subtract"): Val {
  const logHalf = e.c(x, Math.log(0.5));
  return e.bin(op, e.un("exponential", e.add(x, logHalf)), e.un("exponential", e.sub(logHalf, x)));
}

function cosh(e: Elementwise, x: Val): Val {
  return expHalves(e, x, "add");
}

/** sinh: the same sum as cosh for |x| >= 1; (expm1 x + expm1 x / (expm1 x + 1)) / 2 below, which keeps the first-order term. */
function sinh(e: Elementwise, x: Val): Val {
  const large = expHalves(e, x, "subtract");
  const expm1 = e.un("exponential-minus-one", x);
  const one = e.c(x, 1);
  const small = e.mul(e.c(x, 0.5), e.add(expm1, e.div(expm1, e.add(expm1, one))));
  return e.select(e.cmp(e.un("abs", x), one, "LT"), small, large);
}

// The inverse trig and hyperbolic functions on real types, as StableHLO's generated patterns write them.

/** The largest finite value of a float type. */
const MAX_FINITE: Readonly<Partial<Record<ElementType, number>>> = {
  f16: 65504, bf16: 3.3895313892515355e38, f32: 3.4028234663852886e38, f64: Number.MAX_VALUE,
};

/** (1 - x)(1 + x): 1 - x² without the cancellation near |x| = 1. */
function oneMinusSquare(e: Elementwise, x: Val): Val {
  const one = e.c(x, 1);
  return e.mul(e.sub(one, x), e.add(one, x));
}

/** asin x = 2 atan2(x, 1 + sqrt(1 - x²)), the doubling as a sum. */
function asin(e: Elementwise, x: Val): Val {
  const t = e.atan2(x, e.add(e.c(x, 1), e.un("sqrt", oneMinusSquare(e, x))));
  return e.add(t, t);
}

/** acos x = atan2(sqrt(1 - x²), x). */
function acos(e: Elementwise, x: Val): Val {
  return e.atan2(e.un("sqrt", oneMinusSquare(e, x)), x);
}

/** acosh x = log1p(sqrt(x - 1) (sqrt(x + 1) + sqrt(x - 1))); log 2 + log x from max/2 up, where the product overflows. */
function acosh(e: Elementwise, x: Val): Val {
  const max = MAX_FINITE[elementOf(x)] ?? Number.MAX_VALUE;
  const large = e.cmp(x, e.c(x, max / 2), "GE");
  const one = e.c(x, 1);
  const sm1 = e.un("sqrt", e.sub(x, one));
  const small = e.un("log-plus-one", e.mul(sm1, e.add(e.un("sqrt", e.add(x, one)), sm1)));
  return e.select(large, e.add(e.c(x, Math.log(2)), e.un("log", x)), small);
}

/** asinh x = sign(x) log1p(|x| + x² / (1 + sqrt(1 + x²))); log 2 + log|x| from sqrt(max) up. */
function asinh(e: Elementwise, x: Val): Val {
  const max = MAX_FINITE[elementOf(x)] ?? Number.MAX_VALUE;
  const ax = e.un("abs", x);
  const large = e.cmp(ax, e.c(x, Math.sqrt(max)), "GE");
  const ax2 = e.mul(ax, ax);
  const one = e.c(x, 1);
  const small = e.un("log-plus-one", e.add(ax, e.div(ax2, e.add(one, e.un("sqrt", e.add(one, ax2))))));
  return e.mul(e.un("sign", x), e.select(large, e.add(e.c(x, Math.log(2)), e.un("log", ax)), small));
}

/** atanh x = (log1p x - log1p(-x)) / 2; NaN beyond |x| = 1. */
function atanh(e: Elementwise, x: Val): Val {
  const outside = e.cmp(e.un("abs", x), e.c(x, 1), "GT");
  const r = e.mul(e.sub(e.un("log-plus-one", x), e.un("log-plus-one", e.un("negate", x))), e.c(x, 0.5));
  return e.select(outside, e.c(x, NaN), r);
}

const INT_OF: Readonly<Partial<Record<ElementType, { readonly type: ElementType; readonly bits: number }>>> = {
  f16: { type: "s16", bits: 16 }, bf16: { type: "s16", bits: 16 }, f32: { type: "s32", bits: 32 }, f64: { type: "s64", bits: 64 },
};

/** next_after on the bits: one step of the integer image towards y, with the zero, equal and NaN cases. */
function nextAfter(e: Elementwise, x: Val, y: Val): Val {
  const ft = elementOf(x);
  // decomposeChlo admits the four float types only.
  const spec = INT_OF[ft] ?? { type: "s32", bits: 32 };
  const it = spec.type;
  const int = (v: bigint) => e.literal(it, String(v));
  const xi = e.bitcast(x, it);
  const yi = e.bitcast(y, it);
  const nanInput = e.or(e.cmp(x, x, "NE"), e.cmp(y, y, "NE"));
  const nanBits = e.bitcast(e.literal(ft, "nan"), it);
  const signBit = -(1n << BigInt(spec.bits - 1));
  const signMask = int(signBit);
  const magnitudeMask = int(-signBit - 1n);
  const xAbs = e.and(xi, magnitudeMask);
  const yAbs = e.and(yi, magnitudeMask);
  const equal = e.cmp(x, y, "EQ");
  const zero = int(0n);
  const xZero = e.cmp(xAbs, zero, "EQ");
  const yZero = e.cmp(yAbs, zero, "EQ");
  const xSign = e.and(xi, signMask);
  const ySign = e.and(yi, signMask);
  const one = int(1n);
  const smallestTowardsY = e.or(ySign, one);
  const towardsZero = e.or(e.cmp(xAbs, yAbs, "GT"), e.cmp(xSign, ySign, "NE"));
  let r = e.add(xi, e.select(towardsZero, int(-1n), one));
  r = e.select(xZero, e.select(yZero, yi, smallestTowardsY), r);
  r = e.select(equal, yi, r);
  r = e.select(nanInput, nanBits, r);
  return e.bitcast(r, ft);
}
