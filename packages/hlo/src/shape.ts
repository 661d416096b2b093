/**
 * Shapes: an array shape is an element type plus dimension sizes (and, where
 * text gave one, a layout, kept only so that printing reproduces it); a tuple
 * shape is a list of shapes. Values are always logical row-major, whatever the
 * layout says.
 */
import { ShapeError } from "./errors.ts";
import { ELEMENT_TYPES, type ElementType, isElementType } from "./element_type.ts";

/** An array's element type and dimensions (with optional layout and dynamic dimensions). */
export interface ArrayShape {
  readonly elementType: ElementType;
  readonly dimensions: readonly number[];
  /** minor_to_major order as written in text; absent means the default {rank-1,...,0}. */
  readonly layout?: readonly number[];
  /**
   * Per dimension, whether it is a bounded dynamic dimension (`<=8` in text):
   * its size in `dimensions` is the bound, and values are held at the bound.
   * Absent means every dimension is static.
   */
  readonly dynamicDimensions?: readonly boolean[];
  /**
   * Per dimension, whether it is unbounded (`?` in text): a dynamic dimension
   * without a bound. minixla holds it at size 0 (its entry in `dimensions`,
   * with `dynamicDimensions` true), so shape rules and the verifier run, and
   * prints it back as `?`. Absent means none is unbounded.
   */
  readonly unboundedDimensions?: readonly boolean[];
  /**
   * XLA's buffer shape `b(f32[2,4])`: a mutable buffer holding an array of
   * this shape (the Pin, Unpin and CreateBuffer custom calls make and read
   * them). Its value is the array's; only printing and the flag differ.
   */
  readonly buffer?: true;
}
/** A tuple's element shapes. */
export interface TupleShape {
  readonly elementType: "tuple";
  readonly tupleShapes: readonly Shape[];
}
/** An array or tuple shape, discriminated on `elementType === "tuple"`. */
export type Shape = ArrayShape | TupleShape;

/** A computation's signature. */
export interface ProgramShape {
  readonly parameters: readonly Shape[];
  readonly result: Shape;
}

/**
 * Why dimension sizes cannot make a shape, or undefined if they can: every
 * size an integer in [0, 2^53) and the element count within 2^53 - 1, so that
 * sizes, counts and flat indices stay exact in a double. Shared by every entry
 * point that makes shapes (shape(), the text parser, the builder, literals, npy).
 */
export function dimensionsProblem(elementType: string, dimensions: readonly number[]): string | undefined {
  if (!Array.isArray(dimensions)) return `dimensions of a ${elementType} shape must be an array of sizes, got ${typeof dimensions}`;
  const shown = () => `${elementType}[${dimensions.map((d) => String(d)).join(",")}]`;
  let count = 1;
  for (let i = 0; i < dimensions.length; i++) {
    const d: unknown = dimensions[i];
    if (typeof d !== "number" || !Number.isSafeInteger(d) || d < 0) {
      return `Invalid dimension size ${String(d)} at dimension ${i} of shape ${shown()}: a size must be an integer in [0, 2^53)`;
    }
    count *= d;
    if (count > Number.MAX_SAFE_INTEGER) {
      return `shape ${shown()} has more than 2^53 - 1 elements (the product of its sizes passes that at dimension ${i})`;
    }
  }
  return undefined;
}

function layoutProblem(dimensions: readonly number[], layout: readonly number[]): string | undefined {
  const seen = new Set<number>();
  const ok =
    Array.isArray(layout) &&
    layout.length === dimensions.length &&
    layout.every((d) => Number.isInteger(d) && d >= 0 && d < dimensions.length && !seen.has(d) && seen.add(d) !== undefined);
  return ok ? undefined : `layout {${Array.isArray(layout) ? layout.join(",") : String(layout)}} is not a permutation of the ${dimensions.length} dimensions`;
}

/** An array shape; throws ShapeError for an unknown element type, bad dimensions or a bad layout. */
export function shape(elementType: ElementType, dimensions: readonly number[], layout?: readonly number[]): ArrayShape {
  if (!isElementType(elementType)) {
    throw new ShapeError(`unknown element type '${String(elementType)}'; expected one of ${ELEMENT_TYPES.join(", ")}`);
  }
  const problem = dimensionsProblem(elementType, dimensions) ?? (layout === undefined ? undefined : layoutProblem(dimensions, layout));
  if (problem !== undefined) throw new ShapeError(problem);
  const s: ArrayShape = layout === undefined ? { elementType, dimensions: [...dimensions] } : { elementType, dimensions: [...dimensions], layout: [...layout] };
  return s;
}

/** A tuple shape of these elements. */
export function tupleShape(elements: readonly Shape[]): TupleShape {
  return { elementType: "tuple", tupleShapes: [...elements] };
}

/**
 * Walks a shape object made by hand (tuples without recursion) and returns the
 * first problem: a non-object, a tuple without its array, an unknown element
 * type, or what `arrayProblem` finds in an array shape of a known type.
 */
function firstShapeProblem(s: unknown, arrayProblem: (t: ElementType, a: Record<string, unknown>) => string | undefined): string | undefined {
  const stack: unknown[] = [s];
  while (stack.length > 0) {
    const t = stack.pop();
    if (typeof t !== "object" || t === null) return `expected a shape, got ${String(t)}`;
    const { elementType } = t as { elementType?: unknown };
    if (elementType === "tuple") {
      const elements = (t as { tupleShapes?: unknown }).tupleShapes;
      if (!Array.isArray(elements)) return "a tuple shape needs a tupleShapes array";
      stack.push(...(elements as unknown[]));
      continue;
    }
    if (typeof elementType !== "string" || !isElementType(elementType)) {
      return `unknown element type '${String(elementType)}'; expected one of ${ELEMENT_TYPES.join(", ")}`;
    }
    const problem = arrayProblem(elementType, t as Record<string, unknown>);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * Why a shape object made by hand (not by `shape()`) is malformed, or
 * undefined if it is sound: element types known, sizes as `shape()` requires,
 * layouts permutations, tuples well formed.
 */
export function shapeProblem(s: unknown): string | undefined {
  return firstShapeProblem(s, (elementType, t) => {
    const a = t as unknown as ArrayShape;
    const problem = dimensionsProblem(elementType, a.dimensions) ?? (a.layout === undefined ? undefined : layoutProblem(a.dimensions, a.layout));
    if (problem !== undefined) return problem;
    const dyn: unknown = a.dynamicDimensions;
    if (dyn !== undefined && (!Array.isArray(dyn) || dyn.length !== a.dimensions.length || !dyn.every((d) => typeof d === "boolean"))) {
      return `dynamicDimensions of ${elementType}[${a.dimensions.join(",")}] must be one boolean per dimension`;
    }
    const unbounded: unknown = a.unboundedDimensions;
    if (unbounded !== undefined) {
      const ok = Array.isArray(unbounded) && unbounded.length === a.dimensions.length &&
        unbounded.every((u, i) => typeof u === "boolean" && (!u || (a.dimensions[i] === 0 && a.dynamicDimensions?.[i] === true)));
      if (!ok) return `unboundedDimensions of ${elementType}[${a.dimensions.join(",")}] must be one boolean per dimension, each unbounded one dynamic and held at size 0`;
    }
    if (a.buffer !== undefined && a.buffer !== true) return `buffer of a ${elementType} shape must be true or absent`;
    return undefined;
  });
}

/**
 * Why `s` does not even have the form of a shape, or undefined if it does:
 * an object with a known element type and an array of numeric sizes (or a
 * tuple of such). Looser than shapeProblem: a size out of range is a typing
 * problem for the verifier to report, but a shape without this form cannot be
 * printed or read at all.
 */
export function shapeFormProblem(s: unknown): string | undefined {
  return firstShapeProblem(s, (elementType, { dimensions, layout }) => {
    if (!Array.isArray(dimensions) || !dimensions.every((d) => typeof d === "number")) return `dimensions of a ${elementType} shape must be an array of numbers`;
    if (layout !== undefined && (!Array.isArray(layout) || !layout.every((d) => typeof d === "number"))) return `the layout of a ${elementType} shape must be an array of numbers`;
    return undefined;
  });
}

/** Re-validates a shape made by hand: throws ShapeError naming `what` and the broken rule; returns the shape. */
export function checkShape(s: Shape, what: string): Shape {
  const problem = shapeProblem(s);
  if (problem !== undefined) throw new ShapeError(`${what}: ${problem}`);
  return s;
}

/** Whether a shape is a tuple (narrows it). */
export const isTupleShape = (s: Shape): s is TupleShape => s.elementType === "tuple";
/** Whether a shape is an array (narrows it). */
export const isArrayShape = (s: Shape): s is ArrayShape => s.elementType !== "tuple";

/** The number of dimensions. */
export function rank(s: ArrayShape): number {
  return s.dimensions.length;
}
/** The number of elements (1 for a scalar). */
export function elementCount(s: ArrayShape): number {
  let n = 1;
  for (const d of s.dimensions) n *= d;
  return n;
}

/** Row-major strides in elements. */
export function stridesOf(dims: readonly number[]): number[] {
  const strides = new Array<number>(dims.length);
  let acc = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    strides[i] = acc;
    acc *= dims[i];
  }
  return strides;
}

/** XLA's default layout of that rank: minor-to-major `{r-1, ..., 0}` (row-major). */
export function defaultLayout(r: number): number[] {
  return Array.from({ length: r }, (_, i) => r - 1 - i);
}

/** Whether two dimension lists are equal. */
export function sameDimensions(a: readonly number[], b: readonly number[]): boolean {
  // A plain loop: this runs for most instructions a module reader builds, and a closure per call costs there.
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Structural equality of shapes: element types and dimensions; layouts ignored. */
export function shapesEqual(a: Shape, b: Shape): boolean {
  if (isTupleShape(a) || isTupleShape(b)) {
    return (
      isTupleShape(a) && isTupleShape(b) &&
      a.tupleShapes.length === b.tupleShapes.length &&
      a.tupleShapes.every((s, i) => shapesEqual(s, b.tupleShapes[i]))
    );
  }
  return a.elementType === b.elementType && sameDimensions(a.dimensions, b.dimensions);
}

/** Same shape with another element type (layout and dynamic dimensions kept). */
export function withElementType(s: ArrayShape, elementType: ElementType): ArrayShape {
  const out: ArrayShape = s.layout === undefined ? { elementType, dimensions: s.dimensions } : { elementType, dimensions: s.dimensions, layout: s.layout };
  return s.dynamicDimensions === undefined ? out : { ...out, dynamicDimensions: s.dynamicDimensions };
}

/** The dimension sizes as text writes them: "2,<=8,?". */
function dimensionsText(s: ArrayShape): string {
  const dyn = s.dynamicDimensions;
  const unbounded = s.unboundedDimensions;
  if (dyn === undefined) return s.dimensions.join(",");
  return s.dimensions.map((d, i) => (unbounded?.[i] === true ? "?" : dyn[i] ? `<=${d}` : `${d}`)).join(",");
}

/** A buffer shape's text wraps its array's, as XLA prints it: `b(f32[2,4]{1,0})`. */
const bufferText = (s: ArrayShape, text: string): string => (s.buffer === true ? `b(${text})` : text);

/** HLO notation without layouts: "f64[2,3]", "(f64[2], s32[])", "pred[]", "f32[<=8]", "f32[?]", "b(f32[2])". */
export function shapeToString(s: Shape): string {
  if (isTupleShape(s)) return `(${s.tupleShapes.map(shapeToString).join(", ")})`;
  return bufferText(s, `${s.elementType}[${dimensionsText(s)}]`);
}

/** HLO notation with layouts, as XLA prints shapes: "f64[2,3]{1,0}", scalars bare. */
export function shapeToStringWithLayout(s: Shape): string {
  if (isTupleShape(s)) return `(${s.tupleShapes.map(shapeToStringWithLayout).join(", ")})`;
  const base = `${s.elementType}[${dimensionsText(s)}]`;
  if (s.dimensions.length === 0) return bufferText(s, base);
  const layout = s.layout ?? defaultLayout(s.dimensions.length);
  return bufferText(s, `${base}{${layout.join(",")}}`);
}

/** Throws ShapeError unless s is an array shape; `what` names the operand in the message. */
export function expectArray(s: Shape, what: string): ArrayShape {
  if (isTupleShape(s)) throw new ShapeError(`Expected array argument for ${what}, but got ${shapeToString(s)}.`);
  return s;
}
