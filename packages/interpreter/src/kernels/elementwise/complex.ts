/**
 * Element-wise ops on c64 and c128, whose literals hold interleaved
 * (real, imaginary) pairs of float64 (literal.ts). Arithmetic follows XLA's
 * CPU backend, checked bit for bit there: add and subtract per component;
 * multiply (ac - bd) + (ad + bc)i with one product of each part fused into a
 * multiply-add; divide by Smith's algorithm, also fused, with C Annex G's
 * infinity and NaN recovery. c64 rounds every component to f32 after each
 * step (the product of two f32 values is exact in float64, so each rounding
 * is the one f32 arithmetic would do). The
 * transcendental functions (exp, expm1, log, log1p, logistic, sqrt, rsqrt,
 * sin, cos, tan, tanh, power, atan2) use the textbook formulas in float64 and
 * round each part once, so c64 results can differ from XLA's complex<float>
 * code in the last bit; acos, asin, acosh, asinh, atanh, cosh and sinh come
 * from complex_inverse.ts (Kahan's formulas), likewise. maximum and minimum order by the real part alone
 * (see complexBinary). abs gives the
 * component type (hypot); compare has EQ and NE only (complex numbers are not
 * ordered). Any other op reaching a complex type is refused with EvalError.
 */
import { type ElementType, EvalError, type UnaryOpcodesTaking, unaryOpcodesTaking } from "@minixla/hlo";
import { type Complex, cacos, cacosh, casin, casinh, catanh, ccosh, csinh } from "./complex_inverse.ts";

export type ComplexBinaryOp = "add" | "subtract" | "multiply" | "divide" | "power" | "atan2" | "maximum" | "minimum";
/** Unary ops on complex numbers computed here: those the opcode table lets take complex operands, but abs (complexAbs), real and imag (complexPart), copy. */
export type ComplexUnaryOp = Exclude<UnaryOpcodesTaking<"complex">, "abs" | "real" | "imag" | "copy">;

const COMPLEX_BINARY: ReadonlySet<string> = new Set<ComplexBinaryOp>(["add", "subtract", "multiply", "divide", "power", "atan2", "maximum", "minimum"]);
const COMPLEX_UNARY: ReadonlySet<string> = new Set([...unaryOpcodesTaking("complex")].filter((op) => op !== "abs" && op !== "real" && op !== "imag" && op !== "copy"));
export const isComplexBinaryOp = (op: string): op is ComplexBinaryOp => COMPLEX_BINARY.has(op);
export const isComplexUnaryOp = (op: string): op is ComplexUnaryOp => COMPLEX_UNARY.has(op);

type Round = (x: number) => number;
const exact: Round = (x) => x;

function roundOf(t: ElementType): Round {
  return t === "c64" ? Math.fround : exact;
}

/** Writes a op b for every element pair into out (all three interleaved, n elements). */
type PairLoop = (a: Float64Array, b: Float64Array, out: Float64Array, n: number) => void;

function isInf(x: number): boolean {
  return x === Infinity || x === -Infinity;
}
const copysign = (mag: number, sign: number): number => (sign < 0 || Object.is(sign, -0) ? -Math.abs(mag) : Math.abs(mag));

const SPLIT = 134217729; // 2^27 + 1, Veltkamp's splitter for float64

/**
 * fma(x, y, z) in float64 from error-free transformations (Dekker's product,
 * Knuth's sum): exact product and sum, rounded once but for rare
 * double-rounding cases; falls back to x*y + z where splitting could overflow.
 */
function fma64(x: number, y: number, z: number): number {
  const p = x * y;
  if (!Number.isFinite(p) || !Number.isFinite(z) || Math.abs(x) > 1e300 || Math.abs(y) > 1e300) return p + z;
  let t = SPLIT * x;
  const xh = t - (t - x);
  const xl = x - xh;
  t = SPLIT * y;
  const yh = t - (t - y);
  const yl = y - yh;
  const e = xh * yh - p + xh * yl + xl * yh + xl * yl;
  const sum = p + z;
  const v = sum - p;
  const se = p - (sum - v) + (z - v);
  return sum + (se + e);
}

/** fma rounded to the component type: for c64 the f32 product is exact in float64, so one more rounding suffices. */
function fmaOf(t: ElementType): (x: number, y: number, z: number) => number {
  return t === "c64" ? (x, y, z) => Math.fround(x * y + z) : fma64;
}

type Fma = (x: number, y: number, z: number) => number;

/**
 * (a + bi) / (c + di) as XLA's CPU backend computes it: Smith's algorithm
 * (divide through by the larger of |c|, |d|), its multiply-adds fused; when
 * both parts come out NaN, C Annex G's recovery: zero divisor -> infinities,
 * infinite numerator over a finite divisor -> infinities, finite over
 * infinite -> zeros.
 */
function divide(a: number, b: number, c: number, d: number, r: Round, fma: Fma, out: Float64Array, o: number): void {
  let x: number;
  let y: number;
  if (Math.abs(c) >= Math.abs(d)) {
    const ratio = r(d / c);
    const denom = fma(d, ratio, c);
    x = r(fma(b, ratio, a) / denom);
    y = r(fma(-a, ratio, b) / denom);
  } else {
    const ratio = r(c / d);
    const denom = fma(c, ratio, d);
    x = r(fma(a, ratio, b) / denom);
    y = r(fma(b, ratio, -a) / denom);
  }
  if (x !== x && y !== y) {
    if (c === 0 && d === 0 && (a === a || b === b)) {
      x = copysign(Infinity, c) * a;
      y = copysign(Infinity, c) * b;
    } else if ((isInf(a) || isInf(b)) && Number.isFinite(c) && Number.isFinite(d)) {
      const ai = copysign(isInf(a) ? 1 : 0, a);
      const bi = copysign(isInf(b) ? 1 : 0, b);
      x = Infinity * (ai * c + bi * d);
      y = Infinity * (bi * c - ai * d);
    } else if ((isInf(c) || isInf(d)) && Number.isFinite(a) && Number.isFinite(b)) {
      const ci = copysign(isInf(c) ? 1 : 0, c);
      const di = copysign(isInf(d) ? 1 : 0, d);
      x = 0 * (a * ci + b * di);
      y = 0 * (b * ci - a * di);
    }
  }
  out[o] = r(x);
  out[o + 1] = r(y);
}

export function complexBinary(op: ComplexBinaryOp, t: ElementType): PairLoop {
  const r = roundOf(t);
  const fma = fmaOf(t);
  switch (op) {
    case "add":
      return (a, b, out, n) => {
        for (let i = 0; i < 2 * n; i++) out[i] = r(a[i] + b[i]);
      };
    case "subtract":
      return (a, b, out, n) => {
        for (let i = 0; i < 2 * n; i++) out[i] = r(a[i] - b[i]);
      };
    case "multiply":
      // XLA's CPU code fuses one product of each part: re = fma(a, c, -bd), im = fma(b, c, ad).
      return (a, b, out, n) => {
        for (let i = 0; i < 2 * n; i += 2) {
          const re = fma(a[i], b[i], -r(a[i + 1] * b[i + 1]));
          const im = fma(a[i + 1], b[i], r(a[i] * b[i + 1]));
          out[i] = re;
          out[i + 1] = im;
        }
      };
    case "divide":
      return (a, b, out, n) => {
        for (let i = 0; i < 2 * n; i += 2) divide(a[i], a[i + 1], b[i], b[i + 1], r, fma, out, i);
      };
    case "power":
    case "atan2": {
      const f = op === "power" ? pow : atan2;
      return (a, b, out, n) => {
        for (let i = 0; i < 2 * n; i += 2) {
          f(a[i], a[i + 1], b[i], b[i + 1]);
          out[i] = r(re);
          out[i + 1] = r(im);
        }
      };
    }
    case "maximum":
    case "minimum": {
      // As XLA's CPU backend answers (checked there, NaNs included): lhs when its real part is
      // strictly larger (smaller for minimum), or equal with an imaginary part that is not NaN;
      // otherwise rhs. The imaginary parts are not compared.
      const max = op === "maximum";
      return (a, b, out, n) => {
        for (let i = 0; i < 2 * n; i += 2) {
          const x = a[i];
          const y = b[i];
          const lhs = (max ? x > y : x < y) || (x === y && a[i + 1] === a[i + 1]);
          const src = lhs ? a : b;
          out[i] = src[i];
          out[i + 1] = src[i + 1];
        }
      };
    }
    default:
      return op satisfies never;
  }
}

// ---------------------------------------------------------------------------
// Element functions in float64. Each leaves its result in (re, im), module
// state, so that no pair is allocated per element.

let re = 0;
let im = 0;
const scratch = new Float64Array(2);

function set(x: number, y: number): void {
  re = x;
  im = y;
}

function exp(a: number, b: number): void {
  if (b === 0) return set(Math.exp(a), b); // keeps a real argument's imaginary zero (and its sign)
  const m = Math.exp(a);
  set(m * Math.cos(b), m * Math.sin(b));
}

function log(a: number, b: number): void {
  set(Math.log(Math.hypot(a, b)), Math.atan2(b, a));
}

/** The principal square root: non-negative real part, imaginary part with b's sign. */
function sqrt(a: number, b: number): void {
  if (a === 0 && b === 0) return set(0, b);
  if (b === Infinity || b === -Infinity) return set(Infinity, b);
  const t = Math.sqrt((Math.abs(a) + Math.hypot(a, b)) / 2);
  if (a >= 0) set(t, b / (2 * t));
  else set(Math.abs(b) / (2 * t), copysign(t, b));
}

function sin(a: number, b: number): void {
  set(Math.sin(a) * Math.cosh(b), Math.cos(a) * Math.sinh(b));
}

function cos(a: number, b: number): void {
  set(Math.cos(a) * Math.cosh(b), -Math.sin(a) * Math.sinh(b));
}

/** tanh(a + bi) = (sinh 2a + i sin 2b) / (cosh 2a + cos 2b); for large |a| it is +-1 + 0i. */
function tanh(a: number, b: number): void {
  if (Math.abs(a) > 20) return set(Math.sign(a), copysign(0, Math.sin(2 * b)));
  const d = Math.cosh(2 * a) + Math.cos(2 * b);
  set(Math.sinh(2 * a) / d, Math.sin(2 * b) / d);
}

/** tan(z) = -i tanh(iz). */
function tan(a: number, b: number): void {
  tanh(-b, a);
  set(im, -re);
}

/** z^w = exp(w log z); 0^w is 0 for Re(w) > 0, and anything^0 is 1. */
function pow(a: number, b: number, c: number, d: number): void {
  if (c === 0 && d === 0) return set(1, 0);
  if (a === 0 && b === 0) return c > 0 && d === 0 ? set(0, 0) : set(Number.NaN, Number.NaN);
  log(a, b);
  const lr = re;
  const li = im;
  exp(c * lr - d * li, c * li + d * lr);
}

/** atan2(y, x) = -i log((x + iy) / sqrt(x^2 + y^2)), all in complex arithmetic (XLA's formula). */
function atan2(ya: number, yb: number, xa: number, xb: number): void {
  // x + iy
  const na = xa - yb;
  const nb = xb + ya;
  // x^2 + y^2
  sqrt(xa * xa - xb * xb + ya * ya - yb * yb, 2 * xa * xb + 2 * ya * yb);
  divide(na, nb, re, im, exact, fma64, scratch, 0);
  log(scratch[0], scratch[1]);
  set(im, -re);
}

/** expm1(a + bi) = (expm1(a) cos b - 2 sin^2(b/2)) + i e^a sin b, accurate near 0. */
function expm1(a: number, b: number): void {
  if (b === 0) return set(Math.expm1(a), b);
  const h = Math.sin(b / 2);
  set(Math.expm1(a) * Math.cos(b) - 2 * h * h, Math.exp(a) * Math.sin(b));
}

/** log1p(a + bi) = log|1 + z| + i arg(1 + z), with |1 + z|^2 - 1 = 2a + a^2 + b^2 kept accurate near 0. */
function log1p(a: number, b: number): void {
  const m = Math.hypot(1 + a, b);
  const x = m < 0.5 || m > 2 ? Math.log(m) : 0.5 * Math.log1p(a * (2 + a) + b * b);
  set(x, Math.atan2(b, 1 + a));
}

/** logistic(z) = 1 / (1 + exp(-z)). */
function logistic(a: number, b: number): void {
  exp(-a, -b);
  divide(1, 0, 1 + re, im, exact, fma64, scratch, 0);
  set(scratch[0], scratch[1]);
}

/** A function of complex_inverse.ts in this file's (re, im) convention. */
const via = (f: (a: number, b: number) => Complex) => (a: number, b: number): void => {
  const [x, y] = f(a, b);
  set(x, y);
};

/** n complex elements of a through op into out (pairs), rounding each part with r. */
export function complexUnary(op: ComplexUnaryOp, t: ElementType): (a: Float64Array, out: Float64Array, n: number) => void {
  const r = roundOf(t);
  const f = ((): ((a: number, b: number) => void) => {
    switch (op) {
      case "negate":
        return (a, b) => set(-a, -b);
      case "sign":
        return (a, b) => {
          const m = Math.hypot(a, b);
          if (m === 0 || m !== m) set(m === 0 ? a : Number.NaN, m === 0 ? b : Number.NaN);
          else set(a / m, b / m);
        };
      case "exponential":
        return exp;
      case "exponential-minus-one":
        return expm1;
      case "log":
        return log;
      case "log-plus-one":
        return log1p;
      case "logistic":
        return logistic;
      case "sqrt":
        return sqrt;
      case "rsqrt":
        return (a, b) => {
          sqrt(a, b);
          divide(1, 0, re, im, exact, fma64, scratch, 0);
          set(scratch[0], scratch[1]);
        };
      case "sine":
        return sin;
      case "cosine":
        return cos;
      case "tan":
        return tan;
      case "tanh":
        return tanh;
      case "acos":
        return via(cacos);
      case "acosh":
        return via(cacosh);
      case "asin":
        return via(casin);
      case "asinh":
        return via(casinh);
      case "atanh":
        return via(catanh);
      case "cosh":
        return via(ccosh);
      case "sinh":
        return via(csinh);
      default:
        return op satisfies never;
    }
  })();
  return (a, out, n) => {
    for (let i = 0; i < 2 * n; i += 2) {
      f(a[i], a[i + 1]);
      out[i] = r(re);
      out[i + 1] = r(im);
    }
  };
}

/** abs of n complex elements: |z| in the component type (hypot, which never overflows early). */
export function complexAbs(t: ElementType, a: Float64Array, n: number): Float64Array {
  const r = roundOf(t);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = r(Math.hypot(a[2 * i], a[2 * i + 1]));
  return out;
}

/** EQ / NE of complex pairs into a pred array of n elements. */
export function complexCompare(direction: string, t: ElementType, a: Float64Array, b: Float64Array, n: number): Float64Array {
  if (direction !== "EQ" && direction !== "NE") {
    throw new EvalError(`compare: direction ${direction} is not defined on ${t} (complex numbers are not ordered)`);
  }
  const out = new Float64Array(n);
  const eq = direction === "EQ";
  for (let i = 0; i < n; i++) {
    const same = a[2 * i] === b[2 * i] && a[2 * i + 1] === b[2 * i + 1];
    out[i] = same === eq ? 1 : 0;
  }
  return out;
}

export function notOnComplex(op: string, t: ElementType): EvalError {
  return new EvalError(`${op}: not defined on ${t} (a complex type) in minixla`);
}

/**
 * The parts of the complex-only opcodes real, imag and complex, ready for
 * kernels once the opcode table has them: the real or imaginary part of n
 * elements (already values of the component type), and complex(re, im) from
 * two real arrays of the component type.
 */
export function complexPart(part: "real" | "imag", a: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n);
  const k = part === "real" ? 0 : 1;
  for (let i = 0; i < n; i++) out[i] = a[2 * i + k];
  return out;
}

export function complexCompose(re: Float64Array, im: Float64Array): Float64Array {
  const out = new Float64Array(2 * re.length);
  for (let i = 0; i < re.length; i++) {
    out[2 * i] = re[i];
    out[2 * i + 1] = im[i];
  }
  return out;
}
