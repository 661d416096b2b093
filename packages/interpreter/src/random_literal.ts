/**
 * Random inputs that reach the values where passes break: NaN, ±0, ±inf,
 * denormals, the largest and smallest finite values and the integer extremes.
 * `specialValues(t)` lists them for one element type (only values the type
 * holds, in its storage form); `randomLiteralWithSpecials` draws the ordinary
 * seeded values of `randomLiteralOfShape` and replaces each element, with a
 * given probability, by one of those special values. Both are deterministic.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  type ElementType,
  type Literal,
  type Shape,
  ELEMENT_TYPE_INFO,
  arrayLiteralFromData,
  tupleLiteral,
} from "@minixla/hlo";
import { randomLiteralOfShape, uniformGenerator } from "./elided_constants.ts";

/** One special value in a type's storage form: a number, a bigint (s64/u64) or a (re, im) pair (complex). */
export type SpecialValue = number | bigint | readonly [number, number];

/** Options of randomLiteralWithSpecials. */
export interface RandomSpecialsOptions {
  /** Probability that an element is replaced by a special value (default 0.1; 0 gives randomLiteralOfShape's values). */
  readonly specialProbability?: number;
}

/** The candidates a float type may hold, before filtering by its value set. */
function floatSpecials(t: ElementType): number[] {
  const info = ELEMENT_TYPE_INFO[t];
  const norm = info.normalize;
  // Mantissa bits: the largest m with 1 + 2^-m exact in the type (0 for f8e8m0fnu).
  let m = 0;
  const exact = (x: number): boolean => x !== 1 && norm(x) === x;
  while (exact(1 + 2 ** -(m + 1))) m++;
  // Smallest positive value: the smallest power of two the type holds exactly.
  let k = -1074;
  while (k < 0 && norm(2 ** k) !== 2 ** k) k++;
  const smallestDenormal = 2 ** k;
  // Below the smallest normal the spacing is the smallest denormal; m bits of it span the subnormal range.
  const smallestNormal = smallestDenormal * 2 ** m;
  const out: number[] = [NaN, 0, -0, Infinity, -Infinity, 1, -1, info.max, info.min];
  for (const v of [smallestDenormal, smallestNormal]) out.push(v, -v);
  const held: number[] = [];
  for (const v of out) {
    const r = norm(v);
    const keep = Number.isNaN(v) ? Number.isNaN(r) : Object.is(r, v);
    if (keep && !held.some((h) => Object.is(h, v))) held.push(v);
  }
  return held;
}

function integerSpecials(t: ElementType): SpecialValue[] {
  const info = ELEMENT_TYPE_INFO[t];
  if (info.storage === "s64") return [0n, 1n, -1n, -(2n ** 63n), 2n ** 63n - 1n, -(2n ** 63n) + 1n];
  if (info.storage === "u64") return [0n, 1n, 2n ** 64n - 1n, 2n ** 63n];
  const out = [0, 1, -1, info.min, info.max, info.min + 1, info.max - 1];
  return out.filter((v, i) => v >= info.min && v <= info.max && out.indexOf(v) === i);
}

const cache = new Map<ElementType, readonly SpecialValue[]>();

/**
 * The special values of element type `t`, each one the type holds, in its
 * storage form: floats give NaN, ±0, ±inf, ±(smallest denormal), ±(smallest
 * normal), ±1 and the largest and smallest finite values (those the format
 * has: f8e4m3fn has no inf, f8e8m0fnu no zero); integers give 0, ±1 and the
 * extremes (s64 and u64 as bigint); pred gives 0 and 1; complex types give
 * (re, im) pairs of their component's specials; token gives none.
 */
export function specialValues(t: ElementType): readonly SpecialValue[] {
  const hit = cache.get(t);
  if (hit !== undefined) return hit;
  const info = ELEMENT_TYPE_INFO[t];
  let out: readonly SpecialValue[];
  switch (info.kind) {
    case "pred": out = [0, 1]; break;
    case "signed":
    case "unsigned": out = integerSpecials(t); break;
    case "float": out = floatSpecials(t); break;
    case "complex": {
      const parts = floatSpecials(t === "c64" ? "f32" : "f64");
      const pairs: (readonly [number, number])[] = [];
      for (const v of parts) pairs.push([v, 0], [0, v]);
      pairs.push([NaN, NaN], [Infinity, -Infinity]);
      out = pairs;
      break;
    }
    case "token": out = []; break;
    default: out = info.kind satisfies never;
  }
  const frozen = Object.freeze(out);
  cache.set(t, frozen);
  return frozen;
}

function sprinkle(l: ArrayLiteral, rand: () => number, p: number): ArrayLiteral {
  const t = l.shape.elementType;
  const specials = specialValues(t);
  if (specials.length === 0 || p <= 0) return l;
  const data = l.data.slice();
  const n = specials.length;
  const count = ELEMENT_TYPE_INFO[t].storage === "complex" ? data.length / 2 : data.length;
  for (let i = 0; i < count; i++) {
    if (rand() >= p) continue;
    const v = specials[Math.min(n - 1, Math.floor(rand() * n))];
    if (typeof v === "bigint") (data as BigInt64Array | BigUint64Array)[i] = v;
    else if (typeof v === "number") (data as Float64Array)[i] = v;
    else {
      (data as Float64Array)[2 * i] = v[0];
      (data as Float64Array)[2 * i + 1] = v[1];
    }
  }
  return arrayLiteralFromData(l.shape as ArrayShape, data);
}

/**
 * Seeded values of shape `s` (tuples element by element): the values of
 * `randomLiteralOfShape(s, seed)`, each element replaced with probability
 * `specialProbability` (default 0.1) by one of `specialValues` of its type,
 * drawn from a second generator seeded from `seed`. The same seed gives the
 * same bits.
 */
export function randomLiteralWithSpecials(s: Shape, seed: number, options: RandomSpecialsOptions = {}): Literal {
  const p = options.specialProbability ?? 0.1;
  const base = randomLiteralOfShape(s, seed);
  const rand = uniformGenerator((seed ^ 0x5bd1e995) >>> 0);
  const walk = (l: Literal): Literal =>
    l.shape.elementType === "tuple" ? tupleLiteral((l as { elements: readonly Literal[] }).elements.map(walk)) : sprinkle(l as ArrayLiteral, rand, p);
  return walk(base);
}
