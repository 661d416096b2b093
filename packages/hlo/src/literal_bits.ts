/**
 * Bit-for-bit comparison of two literals: what "the compiled engine gives the
 * same bits as the reference" means. Floats are compared by their 64-bit
 * patterns, so -0 differs from +0, except that every NaN equals every NaN:
 * V8 gives the NaN of one operation (`x % 0`, `0 / 0`) either sign depending
 * on which compiler tier ran it, so NaN sign and payload are not something
 * either engine can promise. Bigints compare by value.
 */
import { type Literal, isTupleLiteral } from "./literal.ts";
import { shapeToString, shapesEqual } from "./shape.ts";

/** Where two literals first differ: a path into tuples, then a flat storage index, or the shapes. */
export interface BitDifference {
  /** Tuple indices down to the array that differs ("" for an array result). */
  readonly path: string;
  /** Storage slot of the first differing value (complex: 2 slots per element), or -1 when the shapes differ. */
  readonly index: number;
  readonly message: string;
}

/** Same bits in each array, as 32-bit halves of every float64. */
function sameFloatBits(a: Float64Array, b: Float64Array): number {
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length * 2);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length * 2);
  for (let i = 0; i < x.length; i++) {
    if (x[i] !== y[i]) {
      const k = i >> 1;
      if (!(a[k] !== a[k] && b[k] !== b[k])) return k;
      i = 2 * k + 1; // both NaN: skip the rest of this element
    }
  }
  return -1;
}

/** The first bit difference between two literals, or undefined when they are bit for bit equal. */
export function firstBitDifference(a: Literal, b: Literal): BitDifference | undefined {
  const stack: { a: Literal; b: Literal; path: string }[] = [{ a, b, path: "" }];
  while (stack.length > 0) {
    const top = stack.pop() as { a: Literal; b: Literal; path: string };
    const at = top.path === "" ? "" : ` at tuple index ${top.path}`;
    if (!shapesEqual(top.a.shape, top.b.shape)) {
      return { path: top.path, index: -1, message: `shapes differ${at}: ${shapeToString(top.a.shape)} vs ${shapeToString(top.b.shape)}` };
    }
    if (isTupleLiteral(top.a) || isTupleLiteral(top.b)) {
      if (!isTupleLiteral(top.a) || !isTupleLiteral(top.b)) return { path: top.path, index: -1, message: `one side is a tuple${at}` };
      const ea = top.a.elements;
      const eb = top.b.elements;
      for (let k = ea.length - 1; k >= 0; k--) stack.push({ a: ea[k], b: eb[k], path: top.path === "" ? String(k) : `${top.path}.${k}` });
      continue;
    }
    const da = top.a.data;
    const db = top.b.data;
    if (da.length !== db.length || da.constructor !== db.constructor) {
      return { path: top.path, index: -1, message: `storage differs${at}: ${da.constructor.name}(${da.length}) vs ${db.constructor.name}(${db.length})` };
    }
    let i = -1;
    if (da instanceof Float64Array) i = sameFloatBits(da, db as Float64Array);
    else for (let k = 0; k < da.length && i < 0; k++) if (da[k] !== db[k]) i = k;
    if (i >= 0) {
      const show = (v: number | bigint): string => (Object.is(v, -0) ? "-0" : String(v));
      return { path: top.path, index: i, message: `value ${i}${at} differs: ${show(da[i])} vs ${show(db[i])}` };
    }
  }
  return undefined;
}
