/**
 * The element loops every element-wise kernel runs through, and the operand
 * checks they share.
 *
 * Why loops are generated: V8 inlines a scalar callback into a loop only
 * while the loop's call site has seen one callee. A single shared
 * `for (...) out[i] = f(a[i])` runs at ~1.6 ns/element while one op uses it
 * and at 11-12 ns once a second op has (the call site turns megamorphic).
 * So each (opcode, element type) key gets its own copy of the loop, compiled
 * from one small template with `new Function`: every copy has its own call
 * feedback, sees exactly one scalar function and one normalizer, and V8
 * inlines both. Copies are cached per key, so a key compiles once.
 * The normalizer (the element type's value set, element_type.ts) is left out
 * for f64 and for results that are already in the value set (pred 0/1).
 * The same template serves every storage (literal.ts): s64/u64 keys get their
 * own copies whose scalar functions take and return bigints, and whose
 * BigInt64Array/BigUint64Array output wraps each result to 64 bits on store.
 */
import { EvalError, type ArrayLiteral, type LiteralData, sameDimensions, shapeToString } from "@minixla/hlo";

export type Scalar1 = (x: number) => number;
export type Scalar2 = (x: number, y: number) => number;
export type Scalar3 = (x: number, y: number, z: number) => number;
export type Normalize = (x: number) => number;

/**
 * A scalar function over any storage: numbers for Float64Array operands,
 * bigints for BigInt64Array/BigUint64Array ones. The loops do not look at
 * the values; callers pair each function with the storages it reads and writes.
 */
export type ElementFn = (...xs: never[]) => number | bigint;

type Loop1 = (f: Scalar1, norm: Normalize | undefined, a: Float64Array, out: Float64Array, n: number) => void;
type Loop2 = (f: Scalar2, norm: Normalize | undefined, a: Float64Array, b: Float64Array, out: Float64Array, n: number) => void;
type Loop3 = (
  f: Scalar3, norm: Normalize | undefined, a: Float64Array, b: Float64Array, c: Float64Array, out: Float64Array, n: number,
) => void;

const loops = new Map<string, Loop1 | Loop2 | Loop3>();

/** An element read: `a[i]`, or `a[0]` for an operand broadcast from a scalar. */
const read = (name: string, scalar: boolean): string => (scalar ? `${name}0` : `${name}[i]`);

function compile(key: string, arity: 1 | 2 | 3, normalized: boolean, scalars: readonly boolean[]): Function {
  const names = ["a", "b", "c"].slice(0, arity);
  const hoist = names.map((x, k) => (scalars[k] ? `const ${x}0 = ${x}[0];\n` : "")).join("");
  const call = `f(${names.map((x, k) => read(x, scalars[k] ?? false)).join(", ")})`;
  // The key in a comment makes each source text unique: V8 caches `new Function` by source,
  // and copies compiled from one cached source would share one call-site feedback again.
  const body = `// element loop for ${key.replace(/[^\w:.|-]/g, "_")}\n${hoist}for (let i = 0; i < n; i++) out[i] = ${normalized ? `norm(${call})` : call};`;
  return new Function("f", "norm", ...names, "out", "n", body);
}

function loopFor(key: string, arity: 1 | 2 | 3, normalized: boolean, scalars: readonly boolean[]): Function {
  const full = `${arity}|${normalized ? "n" : "-"}|${scalars.map((s) => (s ? "s" : "a")).join("")}|${key}`;
  let loop = loops.get(full);
  if (loop === undefined) {
    loop = compile(full, arity, normalized, scalars) as Loop1;
    loops.set(full, loop);
  }
  return loop;
}

/** out[i] = norm(f(a[i])) in a loop owned by `key`. */
export function map1(key: string, f: Scalar1, norm: Normalize | undefined, a: Float64Array): Float64Array {
  const out = new Float64Array(a.length);
  if (a.length > 0) (loopFor(key, 1, norm !== undefined, [false]) as Loop1)(f, norm, a, out, a.length);
  return out;
}

/** out[i] = norm(f(a[i], b[i])) in a loop owned by `key`. */
export function map2(key: string, f: Scalar2, norm: Normalize | undefined, a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length);
  if (a.length > 0) (loopFor(key, 2, norm !== undefined, [false, false]) as Loop2)(f, norm, a, b, out, a.length);
  return out;
}

type AnyLoop = (f: ElementFn, norm: Normalize | undefined, ...arrays: (LiteralData | number)[]) => void;

/**
 * out[i] = f(a[i]) (then norm where given, for Float64Array output only) into
 * `out`, whatever the storages: a key of its own per storage combination.
 */
export function mapInto1<O extends LiteralData>(key: string, f: ElementFn, norm: Normalize | undefined, a: LiteralData, out: O): O {
  if (out.length > 0) (loopFor(key, 1, norm !== undefined, [false]) as AnyLoop)(f, norm, a, out, out.length);
  return out;
}

/** out[i] = f(a[i], b[i]) into `out`, whatever the storages. */
export function mapInto2<O extends LiteralData>(key: string, f: ElementFn, norm: Normalize | undefined, a: LiteralData, b: LiteralData, out: O): O {
  if (out.length > 0) (loopFor(key, 2, norm !== undefined, [false, false]) as AnyLoop)(f, norm, a, b, out, out.length);
  return out;
}

/** out[i] = f(a[i], b[i], c[i]) into `out`; an operand flagged in `scalars` is read as a broadcast scalar. */
export function mapInto3<O extends LiteralData>(
  key: string, f: ElementFn, norm: Normalize | undefined,
  a: LiteralData, b: LiteralData, c: LiteralData, scalars: readonly [boolean, boolean, boolean], out: O,
): O {
  if (out.length > 0) (loopFor(key, 3, norm !== undefined, scalars) as AnyLoop)(f, norm, a, b, c, out, out.length);
  return out;
}

/**
 * out[i] = norm(f(a[i], b[i], c[i])) over n elements; an operand flagged in
 * `scalars` is a one-element array read as a broadcast scalar.
 */
export function map3(
  key: string, f: Scalar3, norm: Normalize | undefined,
  a: Float64Array, b: Float64Array, c: Float64Array, scalars: readonly [boolean, boolean, boolean], n: number,
): Float64Array {
  const out = new Float64Array(n);
  if (n > 0) (loopFor(key, 3, norm !== undefined, scalars) as Loop3)(f, norm, a, b, c, out, n);
  return out;
}

/** Kernels run on lowered graphs: an element-wise operand has the result's dimensions. */
export function expectSameDimensions(opcode: string, result: ArrayLiteral["shape"], operand: ArrayLiteral, i: number): void {
  if (!sameDimensions(result.dimensions, operand.shape.dimensions)) {
    throw new EvalError(
      `${opcode}: operand ${i} has shape ${shapeToString(operand.shape)} but the result is ${shapeToString(result)}; element-wise kernels need operands of the result's dimensions (run lowerBroadcasts)`,
    );
  }
}
