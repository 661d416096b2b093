/**
 * Numbers in HLO text: reading integer and floating-point words strictly (a
 * word that is not a number in full is refused, never half-read), and printing
 * floats the way XLA's RoundTripFpToString does: f32/f64 with C's `%.*g` at
 * the type's digits10, or max_digits10 when fewer digits would not read back
 * to the same value; f16/bf16 always at max_digits10.
 */
import { type ElementType, normalizeValue } from "../element_type.ts";

const INT_RE = /^[-+]?[0-9]+$/;
const FLOAT_RE = /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/;
const NAN_PAYLOAD_RE = /^[-+]?nan\(0x[0-9a-fA-F]+\)$/;

/** An integer word as an exact BigInt, or undefined if the word is not an integer. */
export function integerWord(word: string): bigint | undefined {
  if (!INT_RE.test(word)) return undefined;
  return BigInt(word);
}

const LEXER_INT_RE = /^-?[0-9]+$/;

/**
 * An integer word as XLA's HLO lexer reads it: `[-]?[0-9]+` within
 * -2^63..2^64-1, kept as the int64 with the same bits (so 2^64-1 reads as -1,
 * which a u64 literal reads back as 2^64-1). "overflow" for an integer word
 * outside that range (XLA's lexer makes it an error token), undefined for a
 * word that is not an integer.
 */
export function lexInteger(word: string): bigint | "overflow" | undefined {
  if (!LEXER_INT_RE.test(word)) return undefined;
  const v = BigInt(word);
  if (v < -(2n ** 63n) || v > 2n ** 64n - 1n) return "overflow";
  return BigInt.asIntN(64, v);
}

export interface FloatWord {
  readonly value: number;
  /** The word spelled a non-finite value (inf, nan): such values skip the range check. */
  readonly nonFinite: boolean;
  /** "-nan": a NaN with its sign bit set. */
  readonly negativeNaN: boolean;
}

/** A floating-point word (decimal, inf, -inf, nan, -nan, nan(0x...)), or undefined. */
export function floatWord(word: string): FloatWord | undefined {
  const lower = word.toLowerCase();
  const sign = lower.startsWith("-") ? -1 : 1;
  const body = lower.replace(/^[-+]/, "");
  if (body === "inf" || body === "infinity") return { value: sign * Infinity, nonFinite: true, negativeNaN: false };
  if (body === "nan" || NAN_PAYLOAD_RE.test(lower)) return { value: NaN, nonFinite: true, negativeNaN: sign < 0 };
  if (!FLOAT_RE.test(word)) return undefined;
  return { value: Number(word), nonFinite: false, negativeNaN: false };
}

/**
 * digits10 and max_digits10 of each float type, as std::numeric_limits (and
 * ml_dtypes for the narrow formats) give them: max_digits10 is
 * ceil(1 + p * log10(2)) for p significand bits.
 */
const FLOAT_DIGITS: Partial<Record<ElementType, readonly [number, number]>> = {
  f64: [15, 17],
  f32: [6, 9],
  f16: [3, 5],
  bf16: [2, 4],
  f8e3m4: [1, 3],
  f8e4m3: [0, 3],
  f8e4m3fn: [0, 3],
  f8e4m3fnuz: [0, 3],
  f8e4m3b11fnuz: [0, 3],
  f8e5m2: [0, 2],
  f8e5m2fnuz: [0, 2],
  f8e8m0fnu: [0, 2],
  f4e2m1fn: [0, 2],
};

const scratch = new Float64Array(1);
const scratchWords = new Uint32Array(scratch.buffer);
const LOW = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;

/**
 * The exact decimal value of a finite x > 0 as digits D and exponent k with
 * x = D * 10^k: a double is M * 2^E, and M * 2^E = M * 5^-E * 10^E for E < 0.
 */
function exactDecimal(x: number): { digits: string; exponent: number } {
  scratch[0] = x;
  const hi = scratchWords[1 - LOW];
  const lo = scratchWords[LOW];
  const biased = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (biased === 0) e = -1074;
  else {
    m |= 1n << 52n;
    e = biased - 1075;
  }
  if (e >= 0) return { digits: (m << BigInt(e)).toString(), exponent: 0 };
  return { digits: (m * 5n ** BigInt(-e)).toString(), exponent: e };
}

/**
 * The significant digits of finite x > 0 rounded to `precision` digits, ties to
 * even as C's printf rounds the exact value, with the decimal exponent of the
 * first digit. JavaScript's toExponential breaks exact ties upward, so it is
 * used only when the value is not a tie at that precision.
 */
function roundedDigits(x: number, precision: number): { digits: string; exp: number } {
  const [fastMantissa, fastExp] = x.toExponential(precision - 1).split("e");
  // An exact tie ends in 5 at one more digit (and toExponential is exact there).
  const longer = x.toExponential(precision).split("e")[0];
  if (!longer.endsWith("5")) return { digits: fastMantissa.replace(".", ""), exp: Number(fastExp) };
  const { digits, exponent } = exactDecimal(x);
  let exp = digits.length - 1 + exponent;
  if (digits.length <= precision) return { digits: digits.padEnd(precision, "0"), exp };
  let kept = digits.slice(0, precision);
  const rest = digits.slice(precision);
  const half = rest[0] > "5" || (rest[0] === "5" && /[1-9]/.test(rest.slice(1)));
  const tie = rest[0] === "5" && !/[1-9]/.test(rest.slice(1));
  if (half || (tie && Number(kept[kept.length - 1]) % 2 === 1)) {
    const up = (BigInt(kept) + 1n).toString();
    if (up.length > precision) {
      exp += 1;
      kept = up.slice(0, precision);
    } else {
      kept = up;
    }
  }
  return { digits: kept, exp };
}

/** C's `%.{precision}g` for a finite, non-zero x. */
function formatG(x: number, precision: number): string {
  const negative = x < 0;
  const { digits, exp: e } = roundedDigits(Math.abs(x), precision);
  let out: string;
  if (e < -4 || e >= precision) {
    let m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    if (m.includes(".")) m = m.replace(/0+$/, "").replace(/\.$/, "");
    const abs = Math.abs(e);
    out = `${m}e${e < 0 ? "-" : "+"}${abs < 10 ? "0" : ""}${abs}`;
  } else {
    let m: string;
    if (e < 0) m = `0.${"0".repeat(-e - 1)}${digits}`;
    else if (e + 1 >= digits.length) m = digits + "0".repeat(e + 1 - digits.length);
    else m = `${digits.slice(0, e + 1)}.${digits.slice(e + 1)}`;
    if (m.includes(".")) m = m.replace(/0+$/, "").replace(/\.$/, "");
    out = m;
  }
  return negative ? `-${out}` : out;
}

/** C's `%g` with absl's six digits, as XLA's messages print doubles ("1e+39", "-3.40282e+38"). */
export function formatSixDigits(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x < 0 ? "-inf" : "inf";
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  return formatG(x, 6);
}

/**
 * A float element as XLA prints it: "1", "0.5", "1e-05", "inf", "-inf", "nan",
 * "-nan" — except negative zero, printed "-0.0" (see below). f32 and f64 try digits10 first and fall back to max_digits10
 * when that does not read back; every other float type (f16, bf16, the f8 and
 * f4 formats) goes straight to max_digits10 (util.cc's RoundTripFpToString).
 */
export function formatFloat(x: number, type: ElementType, negativeNaN = false): string {
  if (Number.isNaN(x)) return negativeNaN ? "-nan" : "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  // XLA prints -0 as "-0" but its parser reads that integer word as +0; "-0.0"
  // reads back as -0 in both, so printed text keeps the value it was printed from.
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0";
  const [short, long] = FLOAT_DIGITS[type] ?? [15, 17];
  if (type !== "f32" && type !== "f64") return formatG(x, long);
  const s = formatG(x, short);
  if (normalizeValue(type, Number(s)) === x) return s;
  return formatG(x, long);
}
