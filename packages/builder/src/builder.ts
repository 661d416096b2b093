/**
 * XlaBuilder: records ops into an HLO graph, inferring each result shape with
 * the same rules the verifier uses, so a bad call throws ShapeError at once.
 * Binary ops keep their implicit broadcast (`broadcast_dimensions`) until
 * `lowerBroadcasts`. Sub-computations are modules built by other builders,
 * embedded under fresh names, or functions that build them on a fresh
 * sub-builder (`b.reduce(x, init, (sb, a, c) => sb.add(a, c), [0])`).
 * Constants made without an element type are weakly typed: they take the
 * type of the operand they meet (weak_constant.ts). `build` returns a frozen module.
 *
 * Each method delegates to its op family's file under ops/ (the families of
 * @minixla/hlo's opcode table); the recording state lives in recorder.ts.
 */
import {
  type ArrayShape,
  type ConvolutionDimensionNumbers,
  type ElementType,
  type FftType,
  type FusionKind,
  type HloModule,
  type Literal,
  type RngAlgorithm,
  type Shape,
  type TransposeKind,
  sanitizeName,
} from "@minixla/hlo";
import type { CollectiveOptions } from "./collective_options.ts";
import type { Padding } from "./convolution_options.ts";
import type { XlaOp } from "./op.ts";
import type { DotDimensionNumbers, GatherDimensionNumbers, RaggedDotDimensionNumbers, ScatterDimensionNumbers, WindowOptions } from "./op_options.ts";
import * as asy from "./ops/async.ts";
import * as bn from "./ops/batch_norm.ts";
import * as co from "./ops/collectives.ts";
import * as cst from "./ops/constants.ts";
import * as cv from "./ops/convolution.ts";
import * as dm from "./ops/data_movement.ts";
import * as dt from "./ops/dot.ts";
import * as ew from "./ops/elementwise.ts";
import * as ht from "./ops/host_transfer.ts";
import * as ix from "./ops/indexing.ts";
import * as la from "./ops/linalg_fft_topk.ts";
import * as rn from "./ops/random.ts";
import * as rd from "./ops/reduction.ts";
import * as sc from "./ops/scan.ts";
import * as st from "./ops/structural.ts";
import * as tk from "./ops/tokens.ts";
import { Recorder } from "./recorder.ts";

/**
 * A computation argument: a module, or a function that builds one on a fresh
 * sub-builder from scalar parameters of the types the op calls it with
 * (a reducer gets (acc..., x...); a comparator (lhs0, rhs0, lhs1, rhs1, ...)).
 * Returning several ops makes the root a tuple of them.
 */
export type Computation = HloModule | ((sb: XlaBuilder, ...params: XlaOp[]) => XlaOp | readonly XlaOp[]);

/**
 * Records ops into an HLO module, as XLA's XlaBuilder: each method checks its
 * operands, infers the result shape (a bad call throws ShapeError at once) and
 * returns an XlaOp; `build` returns the frozen module.
 */
export class XlaBuilder {
  readonly name: string;
  readonly #r: Recorder<XlaBuilder>;

  /** `name` is sanitized as XLA's GetSanitizedName does ("my model" becomes "my_model"). */
  constructor(name: string) {
    this.name = sanitizeName(name);
    this.#r = new Recorder<XlaBuilder>(this.name, (n) => {
      const sb = new XlaBuilder(n);
      return [sb, sb.#r];
    });
  }

  // ---- the module ----

  /** The shape recorded for `op` (which must come from this builder). */
  getShape(op: XlaOp): Shape {
    this.#r.checkOwned(op, "getShape");
    return op.shape;
  }

  /** A frozen module whose entry computation is this builder's ops; root defaults to the last op. */
  build(root?: XlaOp): HloModule { return this.#r.build(root); }

  // ---- leaves ----

  /** Parameter `index` of the computation, of shape `s`; `name` becomes its instruction name. */
  parameter(index: number, s: Shape, name: string): XlaOp { return this.#r.parameter(index, s, name); }
  /** A constant holding the literal, of the literal's shape. */
  constant(l: Literal): XlaOp { return cst.constant(this.#r, l); }

  /**
   * A scalar constant. With an element type it is that type. Without one it
   * is weakly typed (JAX's weak types): it takes the element type of the
   * operand it meets in an element-wise op (binary ops, compare, select,
   * clamp), as a pad value or a reduce/reduceWindow/selectAndScatter init
   * (the operand's type), as an rng bound (the result's type) or as a
   * dynamic-slice index (s32), and is recorded then as a plain typed constant.
   * Anywhere else (alone, as the root, in a unary, shape or structural op) it
   * is f64, or pred for a boolean. The value must fit the type it takes
   * (integral and in range for integer types; floats round to nearest), or
   * ShapeError. Its XlaOp's shape reads that default.
   */
  constantR0(value: number | boolean, elementType?: ElementType): XlaOp { return cst.constantOf(this.#r, [], [value], elementType); }
  /** A rank-1 constant; weakly typed without an element type, as constantR0. */
  constantR1(values: readonly (number | boolean)[], elementType?: ElementType): XlaOp { return cst.constantOf(this.#r, [values.length], values, elementType); }
  /** A rank-2 constant from its rows (all of one length); weakly typed without an element type, as constantR0. */
  constantR2(rows: readonly (readonly (number | boolean)[])[], elementType?: ElementType): XlaOp { return cst.constantR2(this.#r, rows, elementType); }
  /** An array of shape `s` whose values count 0, 1, 2, ... along `iotaDimension`. */
  iota(s: ArrayShape, iotaDimension: number): XlaOp { return dm.iota(this.#r, s, iotaDimension); }

  // ---- element-wise ----

  /** Element-wise lhs + rhs; `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  add(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "add", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs - rhs; `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  sub(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "subtract", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs * rhs; `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  mul(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "multiply", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs / rhs (integers truncate; x / 0 gives -1 signed, all ones unsigned); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  div(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "divide", lhs, rhs, broadcastDimensions); }
  /** Element-wise the remainder of lhs / rhs, sign of lhs (C's fmod); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  rem(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "remainder", lhs, rhs, broadcastDimensions); }
  /** Element-wise the larger of lhs and rhs (NaN if either is NaN); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  max(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "maximum", lhs, rhs, broadcastDimensions); }
  /** Element-wise the smaller of lhs and rhs (NaN if either is NaN); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  min(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "minimum", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs raised to rhs; `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  pow(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "power", lhs, rhs, broadcastDimensions); }
  /** Element-wise atan2(lhs, rhs); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  atan2(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "atan2", lhs, rhs, broadcastDimensions); }
  /** Element-wise logical (pred) or bitwise AND; `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  and(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "and", lhs, rhs, broadcastDimensions); }
  /** Element-wise logical (pred) or bitwise OR; `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  or(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "or", lhs, rhs, broadcastDimensions); }
  /** Element-wise logical (pred) or bitwise XOR; `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  xor(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "xor", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs shifted left by rhs bits; `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  shiftLeft(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "shift-left", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs shifted right by rhs bits, copying the sign bit; `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  shiftRightArithmetic(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "shift-right-arithmetic", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs shifted right by rhs bits, filling with zeros; `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  shiftRightLogical(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "shift-right-logical", lhs, rhs, broadcastDimensions); }
  /** re + im·i from two f32 (c64) or two f64 (c128) operands. */
  complex(re: XlaOp, im: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.binary(this.#r, "complex", re, im, broadcastDimensions); }

  /** Element-wise lhs == rhs, a pred array (floats: NaN compares unequal); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  eq(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "EQ", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs != rhs, a pred array (floats: NaN compares unequal); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  ne(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "NE", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs < rhs, a pred array (floats: NaN compares unequal); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  lt(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "LT", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs <= rhs, a pred array (floats: NaN compares unequal); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  le(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "LE", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs > rhs, a pred array (floats: NaN compares unequal); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  gt(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "GT", lhs, rhs, broadcastDimensions); }
  /** Element-wise lhs >= rhs, a pred array (floats: NaN compares unequal); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  ge(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "GE", lhs, rhs, broadcastDimensions); }
  /** Comparisons in IEEE total order (-NaN < -inf < ... < -0 < +0 < ... < +NaN). */
  eqTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "EQ", lhs, rhs, broadcastDimensions, true); }
  /** Element-wise lhs != rhs in IEEE total order (see eqTotalOrder); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  neTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "NE", lhs, rhs, broadcastDimensions, true); }
  /** Element-wise lhs < rhs in IEEE total order (see eqTotalOrder); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  ltTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "LT", lhs, rhs, broadcastDimensions, true); }
  /** Element-wise lhs <= rhs in IEEE total order (see eqTotalOrder); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  leTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "LE", lhs, rhs, broadcastDimensions, true); }
  /** Element-wise lhs > rhs in IEEE total order (see eqTotalOrder); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  gtTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "GT", lhs, rhs, broadcastDimensions, true); }
  /** Element-wise lhs >= rhs in IEEE total order (see eqTotalOrder); `broadcastDimensions` broadcasts the lower-rank operand as XLA's implicit broadcast. */
  geTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return ew.compare(this.#r, "GE", lhs, rhs, broadcastDimensions, true); }

  /** Element-wise -x. */
  neg(x: XlaOp): XlaOp { return ew.unary(this.#r, "negate", x); }
  /** Element-wise |x| (complex: the magnitude). */
  abs(x: XlaOp): XlaOp { return ew.unary(this.#r, "abs", x); }
  /** Element-wise e^x. */
  exp(x: XlaOp): XlaOp { return ew.unary(this.#r, "exponential", x); }
  /** Element-wise e^x - 1, exact near 0. */
  expm1(x: XlaOp): XlaOp { return ew.unary(this.#r, "exponential-minus-one", x); }
  /** Element-wise the natural logarithm. */
  log(x: XlaOp): XlaOp { return ew.unary(this.#r, "log", x); }
  /** Element-wise log(1 + x), exact near 0. */
  log1p(x: XlaOp): XlaOp { return ew.unary(this.#r, "log-plus-one", x); }
  /** Element-wise the square root. */
  sqrt(x: XlaOp): XlaOp { return ew.unary(this.#r, "sqrt", x); }
  /** Element-wise 1 / sqrt(x). */
  rsqrt(x: XlaOp): XlaOp { return ew.unary(this.#r, "rsqrt", x); }
  /** Element-wise the cube root. */
  cbrt(x: XlaOp): XlaOp { return ew.unary(this.#r, "cbrt", x); }
  /** Element-wise the hyperbolic tangent. */
  tanh(x: XlaOp): XlaOp { return ew.unary(this.#r, "tanh", x); }
  /** Element-wise the logistic sigmoid 1 / (1 + e^-x). */
  logistic(x: XlaOp): XlaOp { return ew.unary(this.#r, "logistic", x); }
  /** Element-wise the sine. */
  sin(x: XlaOp): XlaOp { return ew.unary(this.#r, "sine", x); }
  /** Element-wise the cosine. */
  cos(x: XlaOp): XlaOp { return ew.unary(this.#r, "cosine", x); }
  /** Element-wise the tangent. */
  tan(x: XlaOp): XlaOp { return ew.unary(this.#r, "tan", x); }
  /** Element-wise the arc cosine. */
  acos(x: XlaOp): XlaOp { return ew.unary(this.#r, "acos", x); }
  /** Element-wise the inverse hyperbolic cosine. */
  acosh(x: XlaOp): XlaOp { return ew.unary(this.#r, "acosh", x); }
  /** Element-wise the arc sine. */
  asin(x: XlaOp): XlaOp { return ew.unary(this.#r, "asin", x); }
  /** Element-wise the inverse hyperbolic sine. */
  asinh(x: XlaOp): XlaOp { return ew.unary(this.#r, "asinh", x); }
  /** Element-wise the inverse hyperbolic tangent. */
  atanh(x: XlaOp): XlaOp { return ew.unary(this.#r, "atanh", x); }
  /** Element-wise the hyperbolic cosine. */
  cosh(x: XlaOp): XlaOp { return ew.unary(this.#r, "cosh", x); }
  /** Element-wise the hyperbolic sine. */
  sinh(x: XlaOp): XlaOp { return ew.unary(this.#r, "sinh", x); }
  /** Element-wise the error function. */
  erf(x: XlaOp): XlaOp { return ew.unary(this.#r, "erf", x); }
  /** Element-wise rounded down. */
  floor(x: XlaOp): XlaOp { return ew.unary(this.#r, "floor", x); }
  /** Element-wise rounded up. */
  ceil(x: XlaOp): XlaOp { return ew.unary(this.#r, "ceil", x); }
  /** Element-wise rounded to the nearest integer, ties to even. */
  roundNearestEven(x: XlaOp): XlaOp { return ew.unary(this.#r, "round-nearest-even", x); }
  /** Element-wise rounded to the nearest integer, ties away from zero. */
  roundNearestAfz(x: XlaOp): XlaOp { return ew.unary(this.#r, "round-nearest-afz", x); }
  /** Element-wise -1, 0 or 1 by the sign of x (NaN stays NaN, -0 stays -0). */
  sign(x: XlaOp): XlaOp { return ew.unary(this.#r, "sign", x); }
  /** Element-wise logical (pred) or bitwise NOT. */
  not(x: XlaOp): XlaOp { return ew.unary(this.#r, "not", x); }
  /** Element-wise whether x is finite (pred). */
  isFinite(x: XlaOp): XlaOp { return ew.unary(this.#r, "is-finite", x); }
  /** Element-wise the number of set bits. */
  popcnt(x: XlaOp): XlaOp { return ew.unary(this.#r, "popcnt", x); }
  /** Element-wise the number of leading zero bits. */
  clz(x: XlaOp): XlaOp { return ew.unary(this.#r, "count-leading-zeros", x); }
  /** Element-wise x itself (a copy instruction). */
  copy(x: XlaOp): XlaOp { return ew.unary(this.#r, "copy", x); }
  /** The real part (component type); on a real float, x itself. */
  real(x: XlaOp): XlaOp { return ew.unary(this.#r, "real", x); }
  /** The imaginary part (component type); on a real float, zeros. */
  imag(x: XlaOp): XlaOp { return ew.unary(this.#r, "imag", x); }

  /**
   * select(pred, onTrue, onFalse). As in XlaBuilder, the non-scalar operands
   * must agree; a scalar onTrue/onFalse is broadcast here, while a scalar pred
   * stays scalar (legal HLO) until lowering.
   */
  select(pred: XlaOp, onTrue: XlaOp, onFalse: XlaOp): XlaOp { return ew.select(this.#r, pred, onTrue, onFalse); }
  /** clamp(min, operand, max); scalar bounds stay scalar until lowering. */
  clamp(min: XlaOp, operand: XlaOp, max: XlaOp): XlaOp { return ew.clamp(this.#r, min, operand, max); }
  /** Each element converted to `elementType` (floats to integers truncate toward zero, saturating; NaN to 0). */
  convert(operand: XlaOp, elementType: ElementType): XlaOp { return ew.convert(this.#r, operand, elementType); }
  /** Each element's bits read as `elementType`; a narrower or wider type adds or drops a last dimension, as XLA's BitcastConvertType. */
  bitcastConvert(operand: XlaOp, elementType: ElementType): XlaOp { return ew.bitcastConvert(this.#r, operand, elementType); }
  /** Each element rounded to a float format of `exponentBits` and `mantissaBits`, kept in its own type. */
  reducePrecision(operand: XlaOp, exponentBits: number, mantissaBits: number): XlaOp { return ew.reducePrecision(this.#r, operand, exponentBits, mantissaBits); }

  // ---- shapes and data movement ----

  /** Adds new major dimensions: result dims = broadcastSizes ++ operand dims. */
  broadcast(operand: XlaOp, broadcastSizes: readonly number[]): XlaOp { return dm.broadcast(this.#r, operand, broadcastSizes); }
  /**
   * BroadcastInDim: operand dimension i goes to output dimension
   * broadcastDimensions[i]; size-1 operand dimensions may expand (XLA emits
   * reshape + broadcast for them, and so do we).
   */
  broadcastInDim(operand: XlaOp, outDimSizes: readonly number[], broadcastDimensions: readonly number[]): XlaOp { return dm.broadcastInDim(this.#r, operand, outDimSizes, broadcastDimensions); }
  /** The operand's elements, in row-major order, as an array of `newSizes`. */
  reshape(operand: XlaOp, newSizes: readonly number[]): XlaOp { return dm.reshape(this.#r, operand, newSizes); }
  /**
   * XLA's bitcast: the operand's bytes, in its layout's order, read as `resultShape`
   * (layout included). The byte sizes must match.
   */
  bitcast(operand: XlaOp, resultShape: Shape): XlaOp { return dm.bitcast(this.#r, operand, resultShape); }
  /** Dimensions permuted: result dimension i is operand dimension `permutation[i]`. */
  transpose(operand: XlaOp, permutation: readonly number[]): XlaOp { return dm.transpose(this.#r, operand, permutation); }
  /** The elements from `start` (inclusive) to `limit` (exclusive) by `strides`, per dimension. */
  slice(operand: XlaOp, start: readonly number[], limit: readonly number[], strides: readonly number[]): XlaOp { return dm.slice(this.#r, operand, start, limit, strides); }
  /** XLA's SliceInDim: a slice of one dimension, the others kept whole. */
  sliceInDim(operand: XlaOp, startIndex: number, limitIndex: number, stride: number, dimension: number): XlaOp {
    return dm.sliceInDim(this.#r, operand, startIndex, limitIndex, stride, dimension);
  }
  /** The operands joined along `dimension`; every other dimension must agree. */
  concatInDim(operands: readonly XlaOp[], dimension: number): XlaOp { return dm.concatInDim(this.#r, operands, dimension); }
  /** A weak paddingValue takes the operand's element type. */
  pad(operand: XlaOp, paddingValue: XlaOp, config: readonly { low: number; high: number; interior: number }[]): XlaOp { return dm.pad(this.#r, operand, paddingValue, config); }
  /** The elements in reverse order along each of `dimensions`. */
  reverse(operand: XlaOp, dimensions: readonly number[]): XlaOp { return dm.reverse(this.#r, operand, dimensions); }
  /** The runtime size of `dimension` as an s32 scalar. */
  getDimensionSize(operand: XlaOp, dimension: number): XlaOp { return dm.getDimensionSize(this.#r, operand, dimension); }
  /** The operand with dimension `dimension` made dynamic, its runtime size `size` (an s32 scalar). */
  setDimensionSize(operand: XlaOp, size: XlaOp, dimension: number): XlaOp { return dm.setDimensionSize(this.#r, operand, size, dimension); }
  /**
   * XlaBuilder::DynamicReshape: the operand read as `newSizeBounds`, dimension i
   * dynamic (its bound newSizeBounds[i]) where dimsAreDynamic[i]; dimSizes holds
   * one s32 scalar per result dimension, the runtime size.
   */
  dynamicReshape(operand: XlaOp, dimSizes: readonly XlaOp[], newSizeBounds: readonly number[], dimsAreDynamic: readonly boolean[]): XlaOp {
    return dm.dynamicReshape(this.#r, operand, dimSizes, newSizeBounds, dimsAreDynamic);
  }

  // ---- indexing ----

  /** startIndices: one scalar integer op per operand dimension (weak constants among them take the others' type, else s32). */
  dynamicSlice(operand: XlaOp, startIndices: readonly XlaOp[], sliceSizes: readonly number[]): XlaOp { return ix.dynamicSlice(this.#r, operand, startIndices, sliceSizes); }
  /** A weak update takes the operand's type; startIndices as in dynamicSlice. */
  dynamicUpdateSlice(operand: XlaOp, update: XlaOp, startIndices: readonly XlaOp[]): XlaOp { return ix.dynamicUpdateSlice(this.#r, operand, update, startIndices); }
  /** XLA's Gather: slices of `sliceSizes` at the start indices read from `startIndices`, laid out by `dims`. */
  gather(operand: XlaOp, startIndices: XlaOp, dims: GatherDimensionNumbers, sliceSizes: readonly number[], indicesAreSorted = false): XlaOp {
    return ix.gather(this.#r, operand, startIndices, dims, sliceSizes, indicesAreSorted);
  }
  /** `updateComputation` takes (operand values..., update values...); a weak update takes its operand's type. */
  scatter(
    operand: XlaOp | readonly XlaOp[], scatterIndices: XlaOp, updates: XlaOp | readonly XlaOp[], updateComputation: Computation,
    dims: ScatterDimensionNumbers, opts: { indicesAreSorted?: boolean; uniqueIndices?: boolean } = {},
  ): XlaOp {
    return ix.scatter(this.#r, operand, scatterIndices, updates, updateComputation, dims, opts);
  }

  // ---- linear algebra ----

  /** Dot: contracts lhs's last dimension (its only one for a vector) with rhs's first. */
  dot(lhs: XlaOp, rhs: XlaOp): XlaOp { return dt.dot(this.#r, lhs, rhs); }
  /** XLA's DotGeneral: contracts and batches the dimensions `dims` names; the result is (batch, lhs free, rhs free). `preferredElementType` widens the result. */
  dotGeneral(lhs: XlaOp, rhs: XlaOp, dims: DotDimensionNumbers, preferredElementType?: ElementType): XlaOp {
    return dt.dotGeneral(this.#r, lhs, rhs, dims, preferredElementType);
  }
  /**
   * XlaBuilder::RaggedDot: a dot whose lhs ragged dimension is split into groups
   * by groupSizes (an integer array, [g] or [prefix..., g]); see infer/ragged_dot.ts for the three modes.
   */
  raggedDot(lhs: XlaOp, rhs: XlaOp, groupSizes: XlaOp, dims: RaggedDotDimensionNumbers, preferredElementType?: ElementType): XlaOp {
    return dt.raggedDot(this.#r, lhs, rhs, groupSizes, dims, preferredElementType);
  }
  /**
   * scaled-dot: dotGeneral of lhs and rhs, each multiplied by its block scale
   * (a scalar, ignored, or an array of the operand's rank whose sizes divide the operand's).
   */
  scaledDot(lhs: XlaOp, rhs: XlaOp, lhsScale: XlaOp, rhsScale: XlaOp, dims: DotDimensionNumbers, preferredElementType?: ElementType): XlaOp {
    return dt.scaledDot(this.#r, lhs, rhs, lhsScale, rhsScale, dims, preferredElementType);
  }
  /** Cholesky factor of each (batched) Hermitian positive-definite matrix: lower L (a = L L^H) or upper U (a = U^H U). */
  cholesky(a: XlaOp, lower = false): XlaOp { return la.cholesky(this.#r, a, lower); }
  /** Solves op(a) x = b (leftSide) or x op(a) = b for x, a triangular; op per transposeA. */
  triangularSolve(a: XlaOp, b: XlaOp, leftSide: boolean, lower: boolean, unitDiagonal: boolean, transposeA: TransposeKind): XlaOp {
    return la.triangularSolve(this.#r, a, b, leftSide, lower, unitDiagonal, transposeA);
  }

  // ---- fourier transforms, top-k, batch normalization ----

  /** FFT, IFFT, RFFT or IRFFT over the innermost fftLength.length dimensions. */
  fft(operand: XlaOp, fftType: FftType, fftLength: readonly number[]): XlaOp { return la.fft(this.#r, operand, fftType, fftLength); }
  /** The k largest (or smallest) elements of each last-dimension row, and their s32 indices, as a tuple. */
  topK(operand: XlaOp, k: number, largest = true): XlaOp { return la.topK(this.#r, operand, k, largest); }
  /** (normalized operand, batch mean, batch variance) over every dimension but featureIndex. */
  batchNormTraining(operand: XlaOp, scale: XlaOp, offset: XlaOp, epsilon: number, featureIndex: number): XlaOp {
    return bn.batchNormTraining(this.#r, operand, scale, offset, epsilon, featureIndex);
  }
  /** Normalizes with the given mean and variance over every dimension but `featureIndex`, then scales and offsets. */
  batchNormInference(operand: XlaOp, scale: XlaOp, offset: XlaOp, mean: XlaOp, variance: XlaOp, epsilon: number, featureIndex: number): XlaOp {
    return bn.batchNormInference(this.#r, operand, scale, offset, mean, variance, epsilon, featureIndex);
  }
  /** (grad operand, grad scale, grad offset) of batch normalization, given the batch mean and variance. */
  batchNormGrad(operand: XlaOp, scale: XlaOp, mean: XlaOp, variance: XlaOp, gradOutput: XlaOp, epsilon: number, featureIndex: number): XlaOp {
    return bn.batchNormGrad(this.#r, operand, scale, mean, variance, gradOutput, epsilon, featureIndex);
  }

  // ---- random numbers ----

  /**
   * (new state, random bits of shape s) from `initialState` by `algorithm`.
   * As XlaBuilder::RngBitGenerator, the bits take the unsigned type of s's
   * element width (f32 gives u32).
   */
  rngBitGenerator(algorithm: RngAlgorithm, initialState: XlaOp, s: ArrayShape): XlaOp { return rn.rngBitGenerator(this.#r, algorithm, initialState, s); }
  /** Values of shape s drawn uniformly from [a, b) (seeded: see the evaluator's rngSeed). */
  rngUniform(a: XlaOp, b: XlaOp, s: ArrayShape): XlaOp { return rn.rng(this.#r, "rng_uniform", a, b, s); }
  /** Values of shape s drawn from the normal distribution N(mu, sigma^2) (seeded). */
  rngNormal(mu: XlaOp, sigma: XlaOp, s: ArrayShape): XlaOp { return rn.rng(this.#r, "rng_normal", mu, sigma, s); }
  /** StochasticConvertType: `operand` rounded to `elementType`, up where `random` (unsigned, of the operand's width) is below its fraction. */
  stochasticConvertType(operand: XlaOp, random: XlaOp, elementType: ElementType): XlaOp { return rn.stochasticConvertType(this.#r, operand, random, elementType); }

  // ---- convolution (XlaBuilder's Conv family) ----

  /**
   * XLA's ConvGeneralDilated: `padding` is [low, high] per spatial dimension
   * (negative crops); empty strides/padding/dilations mean the defaults.
   * `precisionConfig` (e.g. ["high", "default"]) is kept for printing;
   * `windowReversal` flips the kernel per spatial dimension (XLA's optional
   * window_reversal argument).
   */
  convGeneralDilated(
    lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: readonly (readonly [number, number])[], lhsDilation: readonly number[], rhsDilation: readonly number[],
    dimensionNumbers: ConvolutionDimensionNumbers, featureGroupCount = 1, batchGroupCount = 1,
    precisionConfig?: readonly string[], preferredElementType?: ElementType, windowReversal?: readonly boolean[],
  ): XlaOp {
    return cv.convGeneralDilated(
      this.#r, lhs, rhs, windowStrides, padding, lhsDilation, rhsDilation, dimensionNumbers, featureGroupCount, batchGroupCount,
      precisionConfig, preferredElementType, windowReversal,
    );
  }
  /** XLA's ConvGeneral: ConvGeneralDilated without dilations. */
  convGeneral(
    lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: readonly (readonly [number, number])[], dimensionNumbers: ConvolutionDimensionNumbers,
    featureGroupCount = 1, batchGroupCount = 1, precisionConfig?: readonly string[], preferredElementType?: ElementType,
  ): XlaOp {
    return cv.convGeneral(this.#r, lhs, rhs, windowStrides, padding, dimensionNumbers, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType);
  }
  /** XLA's ConvWithGeneralDimensions: SAME or VALID padding under any dimension numbers. */
  convWithGeneralDimensions(
    lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: Padding, dimensionNumbers: ConvolutionDimensionNumbers,
    featureGroupCount = 1, batchGroupCount = 1, precisionConfig?: readonly string[], preferredElementType?: ElementType,
  ): XlaOp {
    return cv.convWithGeneralDimensions(
      this.#r, lhs, rhs, windowStrides, padding, dimensionNumbers, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType,
    );
  }
  /** XLA's Conv: default dimension numbers (bf01_oi01->bf01), SAME or VALID padding. */
  conv(
    lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: Padding, featureGroupCount = 1, batchGroupCount = 1,
    precisionConfig?: readonly string[], preferredElementType?: ElementType,
  ): XlaOp {
    return cv.conv(this.#r, lhs, rhs, windowStrides, padding, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType);
  }
  /** XLA's ConvWithGeneralPadding: default dimension numbers, explicit [low, high] padding. */
  convWithGeneralPadding(
    lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: readonly (readonly [number, number])[],
    featureGroupCount = 1, batchGroupCount = 1, precisionConfig?: readonly string[], preferredElementType?: ElementType,
  ): XlaOp {
    return cv.convWithGeneralPadding(this.#r, lhs, rhs, windowStrides, padding, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType);
  }

  // ---- reductions ----

  /**
   * Reduce over `dimensionsToReduce`. `computation` is a module or a function
   * `(sb, acc..., x...) => result(s)` built on a fresh sub-builder, e.g.
   * `(sb, a, c) => sb.add(a, c)`, or a ready-made `sumReducer(t)`. A weak
   * init (`constantR0(0)`) takes its operand's element type.
   */
  reduce(operand: XlaOp | readonly XlaOp[], init: XlaOp | readonly XlaOp[], computation: Computation, dimensionsToReduce: readonly number[]): XlaOp {
    return rd.reduce(this.#r, operand, init, computation, dimensionsToReduce);
  }
  /** Reduce over windows; `computation` and init as in reduce. */
  reduceWindow(operand: XlaOp | readonly XlaOp[], init: XlaOp | readonly XlaOp[], computation: Computation, window: WindowOptions): XlaOp {
    return rd.reduceWindow(this.#r, operand, init, computation, window);
  }
  /**
   * select-and-scatter: `select` ((T, T) -> pred) picks one element per window,
   * `scatter` ((T, T) -> T) adds the source value into it; both may be
   * functions as in reduce. A weak init takes the operand's type.
   */
  selectAndScatter(operand: XlaOp, select: Computation, window: WindowOptions, source: XlaOp, init: XlaOp, scatter: Computation): XlaOp {
    return rd.selectAndScatter(this.#r, operand, select, window, source, init, scatter);
  }
  /**
   * Sorts operands together along `dimension` by `comparator`: a less-than on
   * 2N scalars (lhs0, rhs0, lhs1, rhs1, ...), a module or a function as in reduce.
   */
  sort(operands: readonly XlaOp[], comparator: Computation, dimension = -1, isStable = false): XlaOp { return rd.sort(this.#r, operands, comparator, dimension, isStable); }

  /**
   * Scans `inputs` along `dimension` with carries starting at `inits`:
   * `computation` takes (one slice of each input..., the carries...) and
   * returns (outputs..., new carries...); the result stacks the outputs
   * along `dimension` and ends with the final carries (a tuple when the
   * computation returns one). HLO's `scan`; XLA's XlaBuilder has no method for it.
   */
  scan(inputs: readonly XlaOp[], inits: readonly XlaOp[], computation: Computation, dimension: number, options: sc.ScanOptions = {}): XlaOp {
    return sc.scan(this.#r, inputs, inits, computation, dimension, options);
  }
  /** `computation` takes one scalar per operand; a module or a function as in reduce. */
  map(operands: readonly XlaOp[], computation: Computation, dimensions?: readonly number[]): XlaOp { return st.map(this.#r, operands, computation, dimensions); }

  // ---- structure and control flow ----

  /** A tuple of the elements. */
  tuple(elements: readonly XlaOp[]): XlaOp { return st.tuple(this.#r, elements); }
  /** Element `index` of a tuple. */
  getTupleElement(t: XlaOp, index: number): XlaOp { return st.getTupleElement(this.#r, t, index); }
  /** Calls `computation` (a built module, embedded under fresh names) on the operands. */
  call(computation: HloModule, operands: readonly XlaOp[]): XlaOp { return st.call(this.#r, computation, operands); }
  /** A fusion of `computation` applied to `operands` (evaluated like a call; `kind` is kept for printing). */
  fusion(computation: HloModule, operands: readonly XlaOp[], kind: FusionKind = "kLoop"): XlaOp { return st.fusion(this.#r, computation, operands, kind); }
  /** Runs `body` on the state while `condition` (state -> pred[]) holds, starting from `init`; gives the last state. */
  whileLoop(condition: HloModule, body: HloModule, init: XlaOp): XlaOp { return st.whileLoop(this.#r, condition, body, init); }
  /**
   * conditional(pred, trueOperand, trueComputation, falseOperand, falseComputation)
   * or conditional(branchIndex, branchComputations, branchOperands).
   */
  conditional(pred: XlaOp, trueOperand: XlaOp, trueComputation: HloModule, falseOperand: XlaOp, falseComputation: HloModule): XlaOp;
  conditional(branchIndex: XlaOp, branchComputations: readonly HloModule[], branchOperands: readonly XlaOp[]): XlaOp;
  conditional(index: XlaOp, a: XlaOp | readonly HloModule[], b: HloModule | readonly XlaOp[], c?: XlaOp, d?: HloModule): XlaOp {
    return st.conditional(this.#r, index, a, b, c, d);
  }
  /** The operand unchanged; passes do not move computation across it. */
  optimizationBarrier(operand: XlaOp): XlaOp { return st.optimizationBarrier(this.#r, operand); }
  /** A custom call: minixla evaluates only the sharding-annotation targets (as identity). */
  customCall(target: string, operands: readonly XlaOp[], resultShape: Shape): XlaOp { return st.customCall(this.#r, target, operands, resultShape); }

  // ---- collectives (one replica, one partition when evaluated) ----

  /** AllReduce: each operand combined across its replica group by `computation` (a scalar (T, T) -> T). */
  allReduce(operand: XlaOp | readonly XlaOp[], computation: Computation, opts: CollectiveOptions = {}): XlaOp {
    return co.allReduce(this.#r, "all-reduce", operand, computation, opts);
  }
  /** The asynchronous start of allReduce; allReduceDone gives its result. */
  allReduceStart(operand: XlaOp | readonly XlaOp[], computation: Computation, opts: CollectiveOptions = {}): XlaOp {
    return co.allReduce(this.#r, "all-reduce-start", operand, computation, opts);
  }
  /** The result of an allReduceStart. */
  allReduceDone(start: XlaOp): XlaOp { return co.collectiveDone(this.#r, "all-reduce-done", start); }
  /** AllGather: the groups' operands concatenated along `allGatherDimension`; `shardCount` sizes the result when no groups are given. */
  allGather(operand: XlaOp | readonly XlaOp[], allGatherDimension: number, shardCount = 1, opts: CollectiveOptions = {}): XlaOp {
    return co.allGather(this.#r, operand, allGatherDimension, shardCount, opts);
  }
  /** The asynchronous start of allGather; allGatherDone gives its result. */
  allGatherStart(operand: XlaOp | readonly XlaOp[], allGatherDimension: number, shardCount = 1, opts: CollectiveOptions = {}): XlaOp {
    return co.allGatherStart(this.#r, operand, allGatherDimension, shardCount, opts);
  }
  /** The result of an allGatherStart. */
  allGatherDone(start: XlaOp): XlaOp { return co.collectiveDone(this.#r, "all-gather-done", start); }
  /** ReduceScatter: an all-reduce whose result is split along `scatterDimension`, each device keeping its part. */
  reduceScatter(operand: XlaOp | readonly XlaOp[], computation: Computation, scatterDimension: number, shardCount = 1, opts: CollectiveOptions = {}): XlaOp {
    return co.reduceScatter(this.#r, operand, computation, scatterDimension, shardCount, opts);
  }
  /**
   * AllToAll (XLA's array form): all-to-all along `splitDimension`; when the
   * concat dimension differs, XLA's builder follows it with reshape,
   * transpose and reshape, and so does this one.
   */
  allToAll(operand: XlaOp, splitDimension: number, concatDimension: number, splitCount: number, opts: CollectiveOptions = {}): XlaOp {
    return co.allToAll(this.#r, operand, splitDimension, concatDimension, splitCount, opts);
  }
  /** AllToAll's tuple form: one operand per device of the group, a tuple back. */
  allToAllTuple(operands: readonly XlaOp[], opts: CollectiveOptions = {}): XlaOp { return co.allToAllTuple(this.#r, operands, opts); }
  /** CollectivePermute: device `target` receives the operand of `source`; a device no pair targets gets zeros. */
  collectivePermute(operand: XlaOp, sourceTargetPairs: readonly (readonly [number, number])[], channelId?: number): XlaOp {
    return co.collectivePermute(this.#r, "collective-permute", operand, sourceTargetPairs, channelId);
  }
  /** The asynchronous start of collectivePermute; collectivePermuteDone gives its result. */
  collectivePermuteStart(operand: XlaOp, sourceTargetPairs: readonly (readonly [number, number])[], channelId?: number): XlaOp {
    return co.collectivePermute(this.#r, "collective-permute-start", operand, sourceTargetPairs, channelId);
  }
  /** The result of a collectivePermuteStart. */
  collectivePermuteDone(start: XlaOp): XlaOp { return co.collectiveDone(this.#r, "collective-permute-done", start); }
  /** CollectiveBroadcast: every device of a group receives the operand of the group's first device. */
  collectiveBroadcast(operand: XlaOp, replicaGroups: readonly (readonly number[])[] = [], channelId?: number): XlaOp {
    return co.collectiveBroadcast(this.#r, operand, replicaGroups, channelId);
  }
  /**
   * RaggedAllToAll: device i sends input[input_offsets[j] : +send_sizes[j]] (rows of the outer dimension)
   * to device j of its group, which writes it into its copy of `output` at the sender's output_offsets[j].
   */
  raggedAllToAll(
    input: XlaOp, inputOffsets: XlaOp, sendSizes: XlaOp, output: XlaOp, outputOffsets: XlaOp, recvSizes: XlaOp,
    replicaGroups: readonly (readonly number[])[] = [], channelId?: number,
  ): XlaOp {
    return co.raggedAllToAll(this.#r, [input, output, inputOffsets, sendSizes, outputOffsets, recvSizes], replicaGroups, channelId);
  }
  /** This device's replica number (u32[]). */
  replicaId(): XlaOp { return co.deviceId(this.#r, "replica-id"); }
  /** This device's partition number (u32[]). */
  partitionId(): XlaOp { return co.deviceId(this.#r, "partition-id"); }

  // ---- host transfers ----

  /** InfeedWithToken: (the next host value of shape `s`, token); `config` is opaque text for the runtime. */
  infeedWithToken(token: XlaOp, s: Shape, config = ""): XlaOp { return ht.infeedWithToken(this.#r, token, s, config); }
  /** OutfeedWithToken: hands `operand` (of shape `shapeWithLayout`) to the host; gives a token. */
  outfeedWithToken(operand: XlaOp, token: XlaOp, shapeWithLayout: Shape, outfeedConfig = ""): XlaOp {
    return ht.outfeedWithToken(this.#r, operand, token, shapeWithLayout, outfeedConfig);
  }
  /** SendWithToken: send + send-done of `operand` on device channel `channelId`; gives send-done's token. */
  sendWithToken(operand: XlaOp, token: XlaOp, channelId: number): XlaOp { return ht.sendPair(this.#r, operand, token, channelId, false); }
  /** RecvWithToken: recv + recv-done of a value of shape `s` on device channel `channelId`; gives (data, token). */
  recvWithToken(token: XlaOp, s: Shape, channelId: number): XlaOp { return ht.recvPair(this.#r, token, s, channelId, false); }
  /** SendToHost: send + send-done with is_host_transfer=true; gives send-done's token. */
  sendToHost(operand: XlaOp, token: XlaOp, shapeWithLayout: Shape, channelId: number): XlaOp { return ht.sendToHost(this.#r, operand, token, shapeWithLayout, channelId); }
  /** RecvFromHost: recv + recv-done with is_host_transfer=true; gives (data, token). */
  recvFromHost(token: XlaOp, s: Shape, channelId: number): XlaOp { return ht.recvPair(this.#r, token, s, channelId, true); }

  // ---- asynchronous ops and tokens ----

  /** copy-start: (destination, source, u32[] context); `crossProgramPrefetchIndex` only guides XLA's memory placement. */
  copyStart(operand: XlaOp, crossProgramPrefetchIndex?: number): XlaOp { return asy.copyStart(this.#r, operand, crossProgramPrefetchIndex); }
  /** copy-done: the destination buffer of a copy-start. */
  copyDone(start: XlaOp): XlaOp { return asy.copyDone(this.#r, start); }
  /** async-start: runs `computation` on `operands`, giving ((operands), result). */
  asyncStart(computation: HloModule, operands: readonly XlaOp[], asyncExecutionThread = "main"): XlaOp { return asy.asyncStart(this.#r, computation, operands, asyncExecutionThread); }
  /** async-update: the async state of an async-start, handed on. */
  asyncUpdate(start: XlaOp, asyncExecutionThread = "main"): XlaOp { return asy.asyncNext(this.#r, "async-update", start, asyncExecutionThread); }
  /** async-done: the wrapped computation's result. */
  asyncDone(start: XlaOp, asyncExecutionThread = "main"): XlaOp { return asy.asyncNext(this.#r, "async-done", start, asyncExecutionThread); }
  /** A token ordered after every token given (none: a fresh token). */
  afterAll(tokens: readonly XlaOp[]): XlaOp { return tk.afterAll(this.#r, tokens); }
  /** The operand, ordered after `token`. */
  addDependency(operand: XlaOp, token: XlaOp): XlaOp { return tk.addDependency(this.#r, operand, token); }
  /** A sharding-domain boundary (identity); `domain` is its text, e.g. `{kind="sharding", entry={maximal device=0}, exit={replicated}}`. */
  domain(operand: XlaOp, domain: string): XlaOp { return tk.domain(this.#r, operand, domain); }
  /** The u64[2] RNG state, then advanced by `delta`. */
  rngGetAndUpdateState(delta: number): XlaOp { return tk.rngGetAndUpdateState(this.#r, delta); }
}
