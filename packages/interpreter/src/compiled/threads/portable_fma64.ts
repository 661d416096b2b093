/**
 * XLA CPU's exact f64 fused multiply-add (numerics/xla_cpu/arith.ts fma64:
 * a·b + c rounded once, a denormal result flushed to zero of its sign) as
 * one function that names nothing outside itself, so that its source
 * (portable_function.ts) can travel to a worker thread: the WebAssembly f64
 * dot calls it as its host import for the lanes its own steps cannot settle
 * (wasm/fused_steps.ts), and a worker running a share of that dot needs it
 * too. It takes the exact path for every operand (integer arithmetic on the
 * operands' significands), slower than fma64's but called only for those
 * rare lanes; the bits are fma64's (threaded_dot.test.ts checks them).
 */
export function fma64Portable(a: number, b: number, c: number): number {
  // Not finite: an infinite or NaN addend with a finite product wins; otherwise IEEE's a·b + c.
  if (!(a - a === 0 && b - b === 0 && c - c === 0)) return c - c !== 0 && a - a === 0 && b - b === 0 ? c : a * b + c;
  const word = new Float64Array(1);
  const halves = new Uint32Array(word.buffer);
  const values = [a, b, c];
  const significands: bigint[] = [];
  const exponents: number[] = [];
  for (let i = 0; i < 3; i++) {
    // Each operand exactly as significand · 2^exponent (an integer significand, denormals included).
    word[0] = values[i];
    const hi = halves[1];
    const biased = (hi >>> 20) & 0x7ff;
    let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(halves[0]);
    if (biased !== 0) m |= 1n << 52n;
    significands.push(hi >>> 31 === 1 ? -m : m);
    exponents.push((biased === 0 ? 1 : biased) - 1075);
  }
  const productExponent = exponents[0] + exponents[1];
  let e = Math.min(productExponent, exponents[2]);
  const product = significands[0] * significands[1];
  const sum = (product << BigInt(productExponent - e)) + (significands[2] << BigInt(exponents[2] - e));
  if (sum === 0n) {
    // An exact zero is -0 only where the product is a zero of negative sign and c is -0 (round to nearest).
    const negativeProduct = (a < 0 || Object.is(a, -0)) !== (b < 0 || Object.is(b, -0));
    return product === 0n && negativeProduct && Object.is(c, -0) ? -0 : 0;
  }
  const negative = sum < 0n;
  let m = negative ? -sum : sum;
  // Keep 53 significant bits, fewer below the normal range (the last kept bit's exponent at least -1074), ties to even.
  const shift = Math.max(m.toString(2).length - 53, -1074 - e);
  if (shift > 0) {
    const big = BigInt(shift);
    const q = m >> big;
    const rest = m - (q << big);
    const half = 1n << (big - 1n);
    m = rest > half || (rest === half && (q & 1n) === 1n) ? q + 1n : q;
    e += shift;
  }
  // m < 2^54: exact unless it overflows (to infinity, as the rounding does).
  const magnitude = Number(m) * 2 ** e;
  const rounded = negative ? -magnitude : magnitude;
  // FTZ: a denormal result is zero of its sign.
  return Math.abs(rounded) < 2 ** -1022 ? (negative ? -0 : 0) : rounded;
}
