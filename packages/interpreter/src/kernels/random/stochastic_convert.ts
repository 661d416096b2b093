/**
 * stochastic-convert(x, random) as XLA's CPU backend runs it, through
 * StochasticConvertDecomposer (the only form XLA:CPU has): with a = |x|,
 * t = floor(a) and the fraction a - t scaled to the random bits' width W
 * (fixed = trunc(frac * 2^W)), the magnitude is t rounded up when
 * random < fixed; the sign is put back (x < 0; -0 keeps 0), integer overflow
 * wraps, and then x <= min and x >= max (min and max of the result type,
 * rounded to x's type) saturate. NaN gives 0. Only signed integer results are
 * defined; XLA refuses the rest ("Unsupported stochastic convert").
 */
import { ELEMENT_TYPE_INFO, EvalError, type ElementType, type Literal, allocData, arrayLiteralFromData, normalizeValue, upperTypeName } from "@minixla/hlo";
import type { InstructionOf } from "@minixla/hlo";
import { arrayOperand, arrayResult } from "../support/view.ts";

/** One element: the rounded value as a bigint of the result type's `bits`. */
function roundOne(x: number, r: bigint, randomBits: number, bits: number, minF: number, maxF: number): bigint {
  const min = -(1n << BigInt(bits - 1));
  const max = (1n << BigInt(bits - 1)) - 1n;
  if (x <= minF) return min;
  if (x >= maxF) return max;
  if (Number.isNaN(x)) return 0n;
  const a = Math.abs(x);
  const t = Math.floor(a);
  // Scaling by a power of two is exact in float64, and the fraction of a float is exact too.
  const fixed = BigInt(Math.trunc((a - t) * 2 ** randomBits));
  // The decomposer converts t to the result type (saturating), adds 1 and negates in it (wrapping).
  let v = t >= Number(max) ? max : BigInt(t);
  if (r < fixed) v = BigInt.asIntN(bits, v + 1n);
  return x < 0 ? BigInt.asIntN(bits, -v) : v;
}

export function stochasticConvert(inst: InstructionOf<"stochastic-convert">, operands: readonly Literal[]): Literal {
  const x = arrayOperand(inst, operands[0], 0);
  const random = arrayOperand(inst, operands[1], 1);
  const out = arrayResult(inst);
  const from: ElementType = x.shape.elementType;
  const to: ElementType = out.elementType;
  const toInfo = ELEMENT_TYPE_INFO[to];
  if (toInfo.kind !== "signed") {
    throw new EvalError(`${inst.name} (stochastic-convert): Unsupported stochastic convert: from ${upperTypeName(from)} to ${upperTypeName(to)}`);
  }
  const bits = toInfo.bitWidth;
  const randomBits = ELEMENT_TYPE_INFO[random.shape.elementType].bitWidth;
  // XLA compares x with the result type's bounds made constants of x's type (rounded, possibly to infinity).
  const minF = normalizeValue(from, -(2 ** (bits - 1)));
  const maxF = normalizeValue(from, 2 ** (bits - 1) - 1);
  const xs = x.data;
  const rs = random.data;
  const n = xs.length;
  const data = allocData(to, n);
  for (let i = 0; i < n; i++) {
    const v = roundOne(Number(xs[i]), BigInt(rs[i]), randomBits, bits, minF, maxF);
    if (data instanceof BigInt64Array) data[i] = v;
    else (data as Float64Array)[i] = Number(v);
  }
  return arrayLiteralFromData(out, data);
}
