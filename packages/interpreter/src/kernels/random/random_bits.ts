/**
 * The counter-based bit generators behind rng-bit-generator, bit for bit as
 * XLA's CPU computes them (xla/hlo/builder/lib/prng.cc, expanded by
 * RngBitGeneratorExpander): Threefry-2x32 with 20 rounds and Philox-4x32 with
 * 10 rounds (Salmon et al., SC 2011), in 32-bit words held as JS numbers
 * (Math.imul and `>>> 0` keep them unsigned). A 64-bit key or counter is a
 * pair of words, low first.
 *
 * How XLA lays out the bits:
 * - Threefry, 32-bit results: the shape is split in halves on its first even
 *   dimension (else its largest; a scalar as [1]); element L of the half shape
 *   hashes the counter counter+L and gives its two output words to the pair of
 *   positions 2j, 2j+1 of the split dimension. The counter advances by the
 *   half shape's element count.
 * - Threefry, 64-bit results: element L hashes counter+L, its words joined
 *   (first word low); the counter advances by the element count.
 * - Philox: block b hashes the 128-bit counter+b; its four words fill four
 *   consecutive 32-bit results (two 64-bit results, words joined pairwise).
 *   The counter advances by the number of blocks.
 * Narrower results keep the low bits of the 32-bit ones.
 */

const TWO32 = 4294967296;

/** A 64-bit value as two unsigned 32-bit words. */
export interface Words64 {
  readonly lo: number;
  readonly hi: number;
}

export function wordsOf(v: bigint): Words64 {
  return { lo: Number(v & 0xffffffffn), hi: Number((v >> 32n) & 0xffffffffn) };
}
export function bigintOf(w: Words64): bigint {
  return (BigInt(w.hi) << 32n) | BigInt(w.lo);
}

/** v + n modulo 2^64, n a non-negative safe integer; `carry` says it wrapped. */
export function addWords(v: Words64, n: number): Words64 & { readonly carry: boolean } {
  const lo = v.lo + (n % TWO32);
  const hi = v.hi + Math.floor(n / TWO32) + (lo >= TWO32 ? 1 : 0);
  return { lo: lo % TWO32, hi: hi % TWO32, carry: hi >= TWO32 };
}

const rotl = (v: number, r: number): number => ((v << r) | (v >>> (32 - r))) >>> 0;

const ROTATIONS = [13, 15, 26, 6, 17, 29, 16, 24] as const;

/** Threefry-2x32, 20 rounds: hashes the words (x0, x1) under key (k0, k1) into out[0], out[1]. */
export function threeFry2x32(k0: number, k1: number, x0: number, x1: number, out: Uint32Array): void {
  const k2 = (0x1bd11bda ^ k0 ^ k1) >>> 0;
  const ks = [k0, k1, k2];
  let a = (x0 + k0) >>> 0;
  let b = (x1 + k1) >>> 0;
  // Five groups of four rounds; after group g the key schedule adds ks[g+1], ks[g+2] + g + 1.
  for (let g = 0; g < 5; g++) {
    const base = (g % 2) * 4;
    for (let r = 0; r < 4; r++) {
      a = (a + b) >>> 0;
      b = rotl(b, ROTATIONS[base + r]);
      b = (b ^ a) >>> 0;
    }
    a = (a + ks[(g + 1) % 3]) >>> 0;
    b = (b + ks[(g + 2) % 3] + g + 1) >>> 0;
  }
  out[0] = a;
  out[1] = b;
}

/** The high and low words of the 64-bit product of two 32-bit words. */
function mulHiLo(a: number, b: number, out: Uint32Array, at: number): void {
  const al = a & 0xffff;
  const ah = a >>> 16;
  const bl = b & 0xffff;
  const bh = b >>> 16;
  const ll = al * bl;
  const lh = al * bh;
  const hl = ah * bl;
  const mid = (ll >>> 16) + (lh & 0xffff) + (hl & 0xffff);
  out[at] = (ah * bh + Math.floor(lh / 65536) + Math.floor(hl / 65536) + Math.floor(mid / 65536)) >>> 0;
  out[at + 1] = Math.imul(a, b) >>> 0;
}

const PHILOX_M_A = 0xd2511f53;
const PHILOX_M_B = 0xcd9e8d57;
const PHILOX_W_A = 0x9e3779b9;
const PHILOX_W_B = 0xbb67ae85;

/** Philox-4x32, 10 rounds: hashes the four words of x (in place) under key (k0, k1). */
export function philox4x32(k0: number, k1: number, x: Uint32Array): void {
  const p = new Uint32Array(4);
  for (let round = 0; round < 10; round++) {
    mulHiLo(x[0], PHILOX_M_A, p, 0);
    mulHiLo(x[2], PHILOX_M_B, p, 2);
    const [hi0, lo0, hi1, lo1] = p;
    const x1 = x[1];
    const x3 = x[3];
    x[0] = (hi1 ^ x1 ^ k0) >>> 0;
    x[1] = lo1;
    x[2] = (hi0 ^ x3 ^ k1) >>> 0;
    x[3] = lo0;
    k0 = (k0 + PHILOX_W_A) >>> 0;
    k1 = (k1 + PHILOX_W_B) >>> 0;
  }
}

/** Random words for a shape, and how far the counter moved. */
export interface Bits32 {
  readonly bits: Uint32Array;
  readonly advance: number;
}
export interface Bits64 {
  readonly bits: BigUint64Array;
  readonly advance: number;
}

const product = (xs: readonly number[]): number => xs.reduce((a, b) => a * b, 1);

/** XLA's SplitShapeIntoHalves: the first even dimension, else the first largest. */
function splitDimension(dims: readonly number[]): number {
  const even = dims.findIndex((d) => d % 2 === 0);
  if (even >= 0) return even;
  let best = 0;
  dims.forEach((d, i) => {
    if (d > dims[best]) best = i;
  });
  return best;
}

export function threeFryBits32(key: Words64, counter: Words64, dims: readonly number[]): Bits32 {
  const out = new Uint32Array(2);
  if (dims.length === 0) {
    threeFry2x32(key.lo, key.hi, counter.lo, counter.hi, out);
    return { bits: Uint32Array.of(out[0]), advance: 1 };
  }
  const split = splitDimension(dims);
  const d = dims[split];
  const half = Math.ceil(d / 2);
  const outer = product(dims.slice(0, split));
  const inner = product(dims.slice(split + 1));
  const bits = new Uint32Array(outer * d * inner);
  let l = 0;
  for (let o = 0; o < outer; o++) {
    for (let j = 0; j < half; j++) {
      for (let r = 0; r < inner; r++, l++) {
        const c = addWords(counter, l);
        threeFry2x32(key.lo, key.hi, c.lo, c.hi, out);
        const first = (o * d + 2 * j) * inner + r;
        bits[first] = out[0];
        if (2 * j + 1 < d) bits[first + inner] = out[1];
      }
    }
  }
  return { bits, advance: l };
}

export function threeFryBits64(key: Words64, counter: Words64, n: number): Bits64 {
  const out = new Uint32Array(2);
  const bits = new BigUint64Array(n);
  for (let l = 0; l < n; l++) {
    const c = addWords(counter, l);
    threeFry2x32(key.lo, key.hi, c.lo, c.hi, out);
    bits[l] = bigintOf({ lo: out[0], hi: out[1] });
  }
  return { bits, advance: n };
}

/** A 128-bit counter as two 64-bit halves. */
export interface Counter128 {
  readonly lo: Words64;
  readonly hi: Words64;
}

export function addCounter(c: Counter128, n: number): Counter128 {
  const lo = addWords(c.lo, n);
  return { lo, hi: lo.carry ? addWords(c.hi, 1) : c.hi };
}

/** Philox blocks for `words` 32-bit results; calls emit(block, x) with the block's four words. */
function philoxBlocks(key: Words64, counter: Counter128, words: number, emit: (block: number, x: Uint32Array) => void): number {
  const blocks = Math.ceil(words / 4);
  const x = new Uint32Array(4);
  for (let b = 0; b < blocks; b++) {
    const c = addCounter(counter, b);
    x[0] = c.lo.lo;
    x[1] = c.lo.hi;
    x[2] = c.hi.lo;
    x[3] = c.hi.hi;
    philox4x32(key.lo, key.hi, x);
    emit(b, x);
  }
  return blocks;
}

export function philoxBits32(key: Words64, counter: Counter128, n: number): Bits32 {
  const bits = new Uint32Array(n);
  const advance = philoxBlocks(key, counter, n, (b, x) => {
    for (let c = 0; c < 4 && 4 * b + c < n; c++) bits[4 * b + c] = x[c];
  });
  return { bits, advance };
}

export function philoxBits64(key: Words64, counter: Counter128, n: number): Bits64 {
  const bits = new BigUint64Array(n);
  const advance = philoxBlocks(key, counter, 2 * n, (b, x) => {
    bits[2 * b] = bigintOf({ lo: x[0], hi: x[1] });
    if (2 * b + 1 < n) bits[2 * b + 1] = bigintOf({ lo: x[2], hi: x[3] });
  });
  return { bits, advance };
}
