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

/** digits10 and max_digits10 of each float type, as std::numeric_limits gives them. */
const FLOAT_DIGITS: Partial<Record<ElementType, readonly [number, number]>> = {
  f64: [15, 17],
  f32: [6, 9],
  f16: [3, 5],
  bf16: [2, 4],
};

/** C's `%.{precision}g` for a finite, non-zero x. */
function formatG(x: number, precision: number): string {
  const [mantissa, exp] = x.toExponential(precision - 1).split("e");
  const e = Number(exp);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace(/^-/, "").replace(".", "");
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

/** A float element as XLA prints it: "1", "0.5", "1e-05", "inf", "-inf", "nan", "-nan", "-0". */
export function formatFloat(x: number, type: ElementType, negativeNaN = false): string {
  if (Number.isNaN(x)) return negativeNaN ? "-nan" : "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const [short, long] = FLOAT_DIGITS[type] ?? [15, 17];
  // XLA tries digits10 first only for f32 and f64; f16 and bf16 go straight
  // to max_digits10 (util.cc's GenericRoundTripFpToString).
  if (type === "f16" || type === "bf16") return formatG(x, long);
  const s = formatG(x, short);
  if (normalizeValue(type, Number(s)) === x) return s;
  return formatG(x, long);
}
