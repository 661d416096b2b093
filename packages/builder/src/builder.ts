/**
 * XlaBuilder: records ops into an HLO graph, inferring each result shape with
 * the same rules the verifier uses, so a bad call throws ShapeError at once.
 * Binary ops keep their implicit broadcast (`broadcast_dimensions`) until
 * `lowerBroadcasts`. Sub-computations are modules built by other builders,
 * embedded under fresh names, or functions that build them on a fresh
 * sub-builder (`b.reduce(x, init, (sb, a, c) => sb.add(a, c), [0])`).
 * Constants made without an element type are weakly typed: they take the
 * type of the operand they meet (weak_constant.ts). `build` returns a frozen module.
 */
import {
  type ArrayShape,
  type AttributesOf,
  type BinaryOpcode,
  type ConvolutionDimensionNumbers,
  ELEMENT_TYPE_INFO,
  type ElementType,
  type FftType,
  type FusionKind,
  HloError,
  type HloComputation,
  type HloInstruction,
  type HloModule,
  type Literal,
  NameUniquer,
  OPCODES,
  type Opcode,
  type ProgramShape,
  type RngAlgorithm,
  type Shape,
  ShapeError,
  type StorageKind,
  type TransposeKind,
  type UnaryOpcode,
  checkShape,
  createModule,
  dataFits,
  elementCount,
  elementLanes,
  entryComputation,
  inferShape,
  isTupleShape,
  literal,
  programShape,
  renameModule,
  sanitizeName,
  shape,
  shapeToString,
  shapesEqual,
  storageOf,
  tupleShape,
  upperTypeName,
} from "@minixla/hlo";
import { type CollectiveOptions, collectiveAttributes } from "./collective_options.ts";
import { XlaOp } from "./op.ts";
import { weakConstant, weakLiteral } from "./weak_constant.ts";
import {
  type DotDimensionNumbers,
  type GatherDimensionNumbers,
  type RaggedDotDimensionNumbers,
  type ScatterDimensionNumbers,
  type WindowOptions,
  makeWindow,
} from "./op_options.ts";
import {
  type Padding,
  defaultConvDimensionNumbers,
  makeConvWindow,
  makePadding,
  verifyConvolution,
} from "./convolution_options.ts";

let nextBuilderId = 1;

/** XlaBuilder's BroadcastInDim checks, in XLA's words. */
function checkInDimBroadcast(s: ArrayShape, outDimSizes: readonly number[], broadcastDimensions: readonly number[]): void {
  outDimSizes.forEach((d, i) => {
    if (!Number.isSafeInteger(d) || d < 0) throw new ShapeError(`broadcast: Invalid dimension size ${d} at dimension ${i} of output shape [${outDimSizes.join(",")}]`);
  });
  if (broadcastDimensions.length !== s.dimensions.length) {
    throw new ShapeError(
      `broadcast: Size of broadcast_dimensions has to match operand's rank; operand rank: ${s.dimensions.length}, size of broadcast_dimensions ${broadcastDimensions.length}.`,
    );
  }
  const outRank = outDimSizes.length;
  if (s.dimensions.length > outRank) {
    throw new ShapeError(`broadcast: InDim style broadcast must be to an equal or higher ranked shape; operand rank: ${s.dimensions.length}; output rank: ${outRank}`);
  }
  for (let i = 0; i < broadcastDimensions.length; i++) {
    const d = broadcastDimensions[i];
    if (!Number.isInteger(d) || d < 0 || d >= outRank) throw new ShapeError(`broadcast: Broadcast dimension ${d} is out of bound`);
    const od = s.dimensions[i];
    if (od !== 1 && od !== outDimSizes[d]) {
      throw new ShapeError(
        `broadcast: Input dimension should be either 1 or equal to the output dimension it is broadcasting into; the ${i}th operand dimension is ${od}, the ${d}th output dimension is ${outDimSizes[d]}.`,
      );
    }
    if (i > 0 && broadcastDimensions[i - 1] >= d) {
      throw new ShapeError(`broadcast: Broadcast dimensions order is wrong: ${d} comes after ${broadcastDimensions[i - 1]}.`);
    }
  }
}

/**
 * The API promises that a builder ShapeError names the operand shapes and the
 * broadcast dimensions given. XLA's messages often leave them out, so what a
 * message lacks is appended in parentheses, XLA's wording left as it is.
 */
function withCallContext(e: ShapeError, operands: readonly XlaOp[], attributes: object): ShapeError {
  const extra: string[] = [];
  const shapes = operands.map((o) => shapeToString(o.shape));
  if (shapes.some((s) => !e.message.includes(s))) extra.push(`operand shapes ${shapes.join(", ")}`);
  const dims = (attributes as { readonly broadcastDimensions?: readonly number[] }).broadcastDimensions;
  if (dims !== undefined && !e.message.includes("broadcast_dimensions=")) extra.push(`broadcast_dimensions={${dims.join(",")}}`);
  return extra.length === 0 ? e : new ShapeError(`${e.message} (${extra.join("; ")})`);
}

interface AddOptions {
  /** Sub-computations, in the opcode's `called` order. */
  readonly called?: readonly HloModule[];
  /** Result shape for ops whose type is not implied by operands (convert, iota, parameter). */
  readonly declared?: Shape;
  /** Base for the instruction's name; defaults to the opcode. */
  readonly name?: string;
  /** The instruction's exact name, already reserved (a weak constant's first recording). */
  readonly exactName?: string;
}

/**
 * A computation argument: a module, or a function that builds one on a fresh
 * sub-builder from scalar parameters of the types the op calls it with
 * (a reducer gets (acc..., x...); a comparator (lhs0, rhs0, lhs1, rhs1, ...)).
 * Returning several ops makes the root a tuple of them.
 */
export type Computation = HloModule | ((sb: XlaBuilder, ...params: XlaOp[]) => XlaOp | readonly XlaOp[]);

/** Where a weak constant was recorded in one type (stale once a failed call rolled it back). */
interface WeakRecord {
  readonly op: XlaOp;
  readonly index: number;
}

export class XlaBuilder {
  readonly name: string;
  private readonly id = nextBuilderId++;
  private readonly names = new NameUniquer();
  private readonly instructions: HloInstruction[] = [];
  private readonly embedded: HloComputation[] = [];
  private readonly embeddedEntry = new WeakMap<HloModule, string>();
  private readonly parameters = new Map<number, string>();
  /** Per weak constant (by name), the typed constants recorded for it. */
  private readonly weakRecords = new Map<string, Map<ElementType, WeakRecord>>();
  /** A weak constant made after the last recorded op: build's default root. */
  private lastWeak: XlaOp | undefined;

  /** `name` is sanitized as XLA's GetSanitizedName does ("my model" becomes "my_model"). */
  constructor(name: string) {
    this.name = sanitizeName(name);
    this.names.reserve(this.name);
  }

  // ---- recording ----

  /** Records one instruction: validates attributes, embeds callees, infers the shape. */
  addInstruction<K extends Opcode>(
    opcode: K,
    operands: readonly XlaOp[],
    attributes: AttributesOf<K>,
    opts: AddOptions = {},
  ): XlaOp {
    return this.atomically(() => this.record(opcode, operands, attributes, opts));
  }

  private record<K extends Opcode>(opcode: K, given: readonly XlaOp[], attributes: AttributesOf<K>, opts: AddOptions): XlaOp {
    for (const o of given) this.checkOwned(o, opcode);
    // A weak constant that met no typed operand before here takes its default type.
    const operands = given.map((o) => this.typed(o, undefined, opcode));
    // Shapes made by hand (not by shape()) are re-validated, as are constants' literals.
    if (opts.declared !== undefined) checkShape(opts.declared, `${opcode}: shape`);
    if (opcode === "constant") checkConstant((attributes as AttributesOf<"constant">).literal);
    const parsed = OPCODES[opcode].attributes.safeParse(attributes);
    if (!parsed.success) {
      throw new ShapeError(`${opcode}: invalid attributes: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    }
    const calledModules = opts.called ?? [];
    const calledShapes: ProgramShape[] = calledModules.map((m) => programShape(entryComputation(m)));
    let result: Shape;
    try {
      result = inferShape({
        opcode,
        operands: operands.map((o) => o.shape),
        attributes: attributes as never,
        called: calledShapes,
        declared: opts.declared,
      });
    } catch (e) {
      throw e instanceof ShapeError ? withCallContext(e, operands, attributes) : e;
    }
    const called = calledModules.map((m) => this.embed(m));
    const name = opts.exactName ?? this.names.unique(opts.name ?? opcode);
    this.lastWeak = undefined;
    this.instructions.push({
      name,
      opcode,
      operands: operands.map((o) => o.name),
      shape: result,
      attributes,
      called,
    } as HloInstruction);
    return new XlaOp(this.name, this.id, name, result);
  }

  /**
   * The op, or for a weak constant the constant recorded for it in type t
   * (its default type when t is undefined): recorded on first use in that
   * type, under the weak constant's own name the first time.
   */
  private typed(op: XlaOp, t: ElementType | undefined, where: string): XlaOp {
    const w = op.weak;
    if (w === undefined) return op;
    this.checkOwned(op, where);
    const type = t ?? w.defaultType;
    let records = this.weakRecords.get(op.name);
    if (records === undefined) this.weakRecords.set(op.name, (records = new Map()));
    const live = (r: WeakRecord): boolean => this.instructions[r.index]?.name === r.op.name;
    const known = records.get(type);
    if (known !== undefined && live(known)) return known.op;
    const named = [...records.values()].some((r) => live(r) && r.op.name === op.name);
    const index = this.instructions.length;
    const typedOp = this.addInstruction("constant", [], { literal: weakLiteral(w, type, where) }, named ? { name: "constant" } : { exactName: op.name });
    records.set(type, { op: typedOp, index });
    return typedOp;
  }

  /**
   * Element-wise operands meet: each weak constant among them takes the
   * element type of the first typed array operand (else `fallback`, else its default).
   */
  private meet(where: string, ops: readonly XlaOp[], fallback?: ElementType): XlaOp[] {
    for (const o of ops) this.checkOwned(o, where);
    const partner = ops.find((o) => o.weak === undefined && !isTupleShape(o.shape));
    const t = partner === undefined || isTupleShape(partner.shape) ? fallback : partner.shape.elementType;
    return ops.map((o) => this.typed(o, t, where));
  }

  /** A weak value (a reduce init, a scatter update) takes the element type of the operand it goes with. */
  private like(value: XlaOp, operand: XlaOp | undefined, where: string): XlaOp {
    this.checkOwned(value, where);
    const t = operand === undefined || operand.weak !== undefined || isTupleShape(operand.shape) ? undefined : operand.shape.elementType;
    return this.typed(value, t, where);
  }

  /** A computation argument as a module: a function is run on a fresh sub-builder with scalar parameters of `types`. */
  private computation(c: Computation, types: readonly ElementType[], name: string): HloModule {
    if (typeof c !== "function") return c;
    const sb = new XlaBuilder(name);
    const params = types.map((t, i) => sb.parameter(i, shape(t, []), `Arg_${i}`));
    const root = c(sb, ...params);
    return sb.build(Array.isArray(root) ? sb.tuple(root) : (root as XlaOp));
  }

  private checkOwned(op: XlaOp, opcode: string): void {
    if (!(op instanceof XlaOp)) throw new ShapeError(`${opcode}: operand is not an XlaOp`);
    if (op.builderId !== this.id) {
      throw new ShapeError(
        `${opcode}: XlaOp with handle ${op.name} is built by builder '${op.builderName}', but is trying to use it in builder '${this.name}'`,
      );
    }
  }

  /** Embeds a sub-computation once, under fresh names; returns its entry's name here. */
  private embed(m: HloModule): string {
    const known = this.embeddedEntry.get(m);
    if (known) return known;
    const renamed = renameModule(m, this.names);
    this.embedded.push(...renamed.computations);
    this.embeddedEntry.set(m, renamed.entry);
    return renamed.entry;
  }

  getShape(op: XlaOp): Shape {
    this.checkOwned(op, "getShape");
    return op.shape;
  }

  /** A frozen module whose entry computation is this builder's ops; root defaults to the last op. */
  build(root?: XlaOp): HloModule {
    if (root) this.checkOwned(root, "build");
    // A weak root (or a weak constant made last) is recorded in its default type.
    const pending = root ?? this.lastWeak;
    if (pending !== undefined) root = this.typed(pending, undefined, "build");
    if (this.instructions.length === 0) throw new HloError(`builder '${this.name}' has recorded no ops`);
    const count = this.parameters.size;
    for (let i = 0; i < count; i++) {
      if (!this.parameters.has(i)) throw new HloError(`builder '${this.name}': parameter ${i} is missing (parameters must be numbered 0..${count - 1})`);
    }
    const entry: HloComputation = {
      name: this.name,
      instructions: [...this.instructions],
      root: root ? root.name : this.instructions[this.instructions.length - 1].name,
    };
    return createModule({ name: this.name, computations: [...this.embedded, entry], entry: this.name });
  }

  // ---- leaves ----

  parameter(index: number, s: Shape, name: string): XlaOp {
    if (!Number.isInteger(index) || index < 0) throw new ShapeError(`parameter: invalid parameter number ${index}`);
    if (this.parameters.has(index)) throw new ShapeError(`parameter: parameter ${index} already registered`);
    const op = this.addInstruction("parameter", [], { parameterNumber: index }, { declared: s, name });
    this.parameters.set(index, op.name);
    return op;
  }

  constant(l: Literal): XlaOp {
    return this.addInstruction("constant", [], { literal: l }, { name: "constant" });
  }

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
  constantR0(value: number | boolean, elementType?: ElementType): XlaOp {
    return this.constantOf([], [value], elementType);
  }

  /** A rank-1 constant; weakly typed without an element type, as constantR0. */
  constantR1(values: readonly (number | boolean)[], elementType?: ElementType): XlaOp {
    return this.constantOf([values.length], values, elementType);
  }

  /** A rank-2 constant from its rows (all of one length); weakly typed without an element type, as constantR0. */
  constantR2(rows: readonly (readonly (number | boolean)[])[], elementType?: ElementType): XlaOp {
    const cols = rows[0]?.length ?? 0;
    const ragged = rows.findIndex((r) => r.length !== cols);
    if (ragged >= 0) throw new ShapeError(`constantR2: row ${ragged} has ${rows[ragged].length} values, row 0 has ${cols}`);
    return this.constantOf([rows.length, cols], rows.flat(), elementType);
  }

  private constantOf(dimensions: readonly number[], values: readonly (number | boolean)[], elementType: ElementType | undefined): XlaOp {
    if (elementType !== undefined) return this.constant(literal(elementType, dimensions, values));
    const w = weakConstant(dimensions, values);
    // The literal in the default type is made now, so a bad value throws here.
    const s = weakLiteral(w, w.defaultType, "constant").shape;
    const op = new XlaOp(this.name, this.id, this.names.unique("constant"), s, w);
    this.lastWeak = op;
    return op;
  }

  iota(s: ArrayShape, iotaDimension: number): XlaOp {
    return this.addInstruction("iota", [], { iotaDimension }, { declared: s });
  }

  // ---- element-wise ----

  private unary(opcode: UnaryOpcode, x: XlaOp): XlaOp {
    return this.addInstruction(opcode, [x], {});
  }

  private binary(opcode: BinaryOpcode, lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp {
    const attrs = broadcastDimensions && broadcastDimensions.length > 0 ? { broadcastDimensions: [...broadcastDimensions] } : {};
    return this.atomically(() => this.addInstruction(opcode, this.meet(opcode, [lhs, rhs]), attrs));
  }

  private compare(direction: AttributesOf<"compare">["direction"], lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[], totalOrder = false): XlaOp {
    const attrs: AttributesOf<"compare"> = { direction };
    if (totalOrder) attrs.comparisonType = "TOTALORDER";
    if (broadcastDimensions && broadcastDimensions.length > 0) attrs.broadcastDimensions = [...broadcastDimensions];
    return this.atomically(() => this.addInstruction("compare", this.meet("compare", [lhs, rhs]), attrs, { name: direction.toLowerCase() }));
  }

  add(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("add", lhs, rhs, broadcastDimensions); }
  sub(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("subtract", lhs, rhs, broadcastDimensions); }
  mul(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("multiply", lhs, rhs, broadcastDimensions); }
  div(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("divide", lhs, rhs, broadcastDimensions); }
  rem(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("remainder", lhs, rhs, broadcastDimensions); }
  max(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("maximum", lhs, rhs, broadcastDimensions); }
  min(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("minimum", lhs, rhs, broadcastDimensions); }
  pow(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("power", lhs, rhs, broadcastDimensions); }
  atan2(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("atan2", lhs, rhs, broadcastDimensions); }
  and(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("and", lhs, rhs, broadcastDimensions); }
  or(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("or", lhs, rhs, broadcastDimensions); }
  xor(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("xor", lhs, rhs, broadcastDimensions); }
  shiftLeft(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("shift-left", lhs, rhs, broadcastDimensions); }
  shiftRightArithmetic(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("shift-right-arithmetic", lhs, rhs, broadcastDimensions); }
  shiftRightLogical(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("shift-right-logical", lhs, rhs, broadcastDimensions); }
  /** re + im·i from two f32 (c64) or two f64 (c128) operands. */
  complex(re: XlaOp, im: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.binary("complex", re, im, broadcastDimensions); }

  eq(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("EQ", lhs, rhs, broadcastDimensions); }
  ne(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("NE", lhs, rhs, broadcastDimensions); }
  lt(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("LT", lhs, rhs, broadcastDimensions); }
  le(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("LE", lhs, rhs, broadcastDimensions); }
  gt(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("GT", lhs, rhs, broadcastDimensions); }
  ge(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("GE", lhs, rhs, broadcastDimensions); }
  /** Comparisons in IEEE total order (-NaN < -inf < ... < -0 < +0 < ... < +NaN). */
  eqTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("EQ", lhs, rhs, broadcastDimensions, true); }
  neTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("NE", lhs, rhs, broadcastDimensions, true); }
  ltTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("LT", lhs, rhs, broadcastDimensions, true); }
  leTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("LE", lhs, rhs, broadcastDimensions, true); }
  gtTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("GT", lhs, rhs, broadcastDimensions, true); }
  geTotalOrder(lhs: XlaOp, rhs: XlaOp, broadcastDimensions?: readonly number[]): XlaOp { return this.compare("GE", lhs, rhs, broadcastDimensions, true); }

  neg(x: XlaOp): XlaOp { return this.unary("negate", x); }
  abs(x: XlaOp): XlaOp { return this.unary("abs", x); }
  exp(x: XlaOp): XlaOp { return this.unary("exponential", x); }
  expm1(x: XlaOp): XlaOp { return this.unary("exponential-minus-one", x); }
  log(x: XlaOp): XlaOp { return this.unary("log", x); }
  log1p(x: XlaOp): XlaOp { return this.unary("log-plus-one", x); }
  sqrt(x: XlaOp): XlaOp { return this.unary("sqrt", x); }
  rsqrt(x: XlaOp): XlaOp { return this.unary("rsqrt", x); }
  cbrt(x: XlaOp): XlaOp { return this.unary("cbrt", x); }
  tanh(x: XlaOp): XlaOp { return this.unary("tanh", x); }
  logistic(x: XlaOp): XlaOp { return this.unary("logistic", x); }
  sin(x: XlaOp): XlaOp { return this.unary("sine", x); }
  cos(x: XlaOp): XlaOp { return this.unary("cosine", x); }
  tan(x: XlaOp): XlaOp { return this.unary("tan", x); }
  acos(x: XlaOp): XlaOp { return this.unary("acos", x); }
  acosh(x: XlaOp): XlaOp { return this.unary("acosh", x); }
  asin(x: XlaOp): XlaOp { return this.unary("asin", x); }
  asinh(x: XlaOp): XlaOp { return this.unary("asinh", x); }
  atanh(x: XlaOp): XlaOp { return this.unary("atanh", x); }
  cosh(x: XlaOp): XlaOp { return this.unary("cosh", x); }
  sinh(x: XlaOp): XlaOp { return this.unary("sinh", x); }
  erf(x: XlaOp): XlaOp { return this.unary("erf", x); }
  floor(x: XlaOp): XlaOp { return this.unary("floor", x); }
  ceil(x: XlaOp): XlaOp { return this.unary("ceil", x); }
  roundNearestEven(x: XlaOp): XlaOp { return this.unary("round-nearest-even", x); }
  roundNearestAfz(x: XlaOp): XlaOp { return this.unary("round-nearest-afz", x); }
  sign(x: XlaOp): XlaOp { return this.unary("sign", x); }
  not(x: XlaOp): XlaOp { return this.unary("not", x); }
  isFinite(x: XlaOp): XlaOp { return this.unary("is-finite", x); }
  popcnt(x: XlaOp): XlaOp { return this.unary("popcnt", x); }
  clz(x: XlaOp): XlaOp { return this.unary("count-leading-zeros", x); }
  copy(x: XlaOp): XlaOp { return this.unary("copy", x); }
  /** The real part (component type); on a real float, x itself. */
  real(x: XlaOp): XlaOp { return this.unary("real", x); }
  /** The imaginary part (component type); on a real float, zeros. */
  imag(x: XlaOp): XlaOp { return this.unary("imag", x); }

  /**
   * select(pred, onTrue, onFalse). As in XlaBuilder, the non-scalar operands
   * must agree; a scalar onTrue/onFalse is broadcast here, while a scalar pred
   * stays scalar (legal HLO) until lowering.
   */
  select(pred: XlaOp, onTrue: XlaOp, onFalse: XlaOp): XlaOp {
    return this.atomically(() => {
      const p = this.typed(pred, "pred", "select");
      const [t, f] = this.meet("select", [onTrue, onFalse]);
      const full = this.ternaryShape("select", [p, t, f]);
      const fit = (op: XlaOp) => (full && isScalarOp(op) ? this.broadcast(op, full.dimensions) : op);
      return this.addInstruction("select", [p, fit(t), fit(f)], {});
    });
  }

  /** clamp(min, operand, max); scalar bounds stay scalar until lowering. */
  clamp(min: XlaOp, operand: XlaOp, max: XlaOp): XlaOp {
    return this.atomically(() => {
      const [x, lo, hi] = this.meet("clamp", [operand, min, max]);
      const full = this.ternaryShape("clamp", [lo, x, hi]);
      const fit = full && isScalarOp(x) ? this.broadcast(x, full.dimensions) : x;
      return this.addInstruction("clamp", [lo, fit, hi], {});
    });
  }

  /** Runs a call that records several instructions; if it throws, none of them stays recorded. */
  private atomically(record: () => XlaOp): XlaOp {
    const mark = this.instructions.length;
    try {
      return record();
    } catch (e) {
      this.instructions.length = mark;
      throw e;
    }
  }

  /** XlaBuilder's InferScalarBroadcastShape: all non-scalar operands must share dimensions. */
  private ternaryShape(opcode: string, ops: readonly XlaOp[]): ArrayShape | undefined {
    let full: ArrayShape | undefined;
    for (const op of ops) {
      this.checkOwned(op, opcode);
      const s = op.shape;
      if (isTupleShape(s)) throw new ShapeError(`${opcode}: expected array operands, got ${shapeToString(s)}`);
      if (s.dimensions.length === 0) continue;
      if (full && !sameDims(full.dimensions, s.dimensions)) {
        throw new ShapeError(
          `${opcode}: Unimplemented implicit broadcast: non-scalar operands must have the same dimensions; got ${ops.map((o) => shapeToString(o.shape)).join(", ")}.`,
        );
      }
      full ??= s;
    }
    return full;
  }

  convert(operand: XlaOp, elementType: ElementType): XlaOp {
    return this.addInstruction("convert", [operand], {}, { declared: withType(operand.shape, elementType, "convert") });
  }

  bitcastConvert(operand: XlaOp, elementType: ElementType): XlaOp {
    return this.addInstruction("bitcast-convert", [operand], {}, { declared: withType(operand.shape, elementType, "bitcast-convert") });
  }

  /** StochasticConvertType: `operand` rounded to `elementType`, up where `random` (unsigned, of the operand's width) is below its fraction. */
  stochasticConvertType(operand: XlaOp, random: XlaOp, elementType: ElementType): XlaOp {
    const s = operand.shape;
    // A tuple operand is left to the shape rule, which names it as XLA does.
    return this.addInstruction("stochastic-convert", [operand, random], {}, { declared: isTupleShape(s) ? undefined : shape(elementType, s.dimensions) });
  }

  reducePrecision(operand: XlaOp, exponentBits: number, mantissaBits: number): XlaOp {
    return this.addInstruction("reduce-precision", [operand], { exponentBits, mantissaBits });
  }

  // ---- shapes and data movement ----

  /** Adds new major dimensions: result dims = broadcastSizes ++ operand dims. */
  broadcast(operand: XlaOp, broadcastSizes: readonly number[]): XlaOp {
    const s = arrayOf(operand, "broadcast");
    for (const d of broadcastSizes) {
      if (Number.isInteger(d) && d < 0) throw new ShapeError(`broadcast: Broadcast with negative dimension size ${d}.`);
    }
    const r = broadcastSizes.length;
    const dims = s.dimensions.map((_, i) => r + i);
    return this.addInstruction("broadcast", [operand], { dimensions: dims }, {
      declared: checkedShape("broadcast", s.elementType, [...broadcastSizes, ...s.dimensions]),
    });
  }

  /**
   * BroadcastInDim: operand dimension i goes to output dimension
   * broadcastDimensions[i]; size-1 operand dimensions may expand (XLA emits
   * reshape + broadcast for them, and so do we).
   */
  broadcastInDim(operand: XlaOp, outDimSizes: readonly number[], broadcastDimensions: readonly number[]): XlaOp {
    const s = arrayOf(operand, "broadcastInDim");
    try {
      checkInDimBroadcast(s, outDimSizes, broadcastDimensions);
    } catch (e) {
      if (!(e instanceof ShapeError)) throw e;
      // XLA's messages here name neither the operand shape nor the dimensions; the API promises both.
      throw new ShapeError(
        `${e.message} (operand shape ${shapeToString(s)}; out_dim_sizes=[${outDimSizes.join(",")}]; broadcast_dimensions={${broadcastDimensions.join(",")}})`,
      );
    }
    // Size-1 dimensions that expand are dropped by a reshape first, so the
    // broadcast itself maps sizes exactly (HLO's broadcast rule).
    const kept = broadcastDimensions.map((d, i) => i).filter((i) => s.dimensions[i] === outDimSizes[broadcastDimensions[i]]);
    let source = operand;
    if (kept.length !== s.dimensions.length) source = this.reshape(operand, kept.map((i) => s.dimensions[i]));
    return this.addInstruction("broadcast", [source], { dimensions: kept.map((i) => broadcastDimensions[i]) }, {
      declared: checkedShape("broadcast", s.elementType, outDimSizes),
    });
  }

  reshape(operand: XlaOp, newSizes: readonly number[]): XlaOp {
    const s = arrayOf(operand, "reshape");
    return this.addInstruction("reshape", [operand], {}, { declared: checkedShape("reshape", s.elementType, newSizes) });
  }

  /**
   * XLA's bitcast: the operand's bytes, in its layout's order, read as `resultShape`
   * (layout included). The byte sizes must match.
   */
  bitcast(operand: XlaOp, resultShape: Shape): XlaOp {
    return this.addInstruction("bitcast", [operand], {}, { declared: resultShape });
  }

  transpose(operand: XlaOp, permutation: readonly number[]): XlaOp {
    return this.addInstruction("transpose", [operand], { dimensions: [...permutation] });
  }

  slice(operand: XlaOp, start: readonly number[], limit: readonly number[], strides: readonly number[]): XlaOp {
    return this.addInstruction("slice", [operand], { starts: [...start], limits: [...limit], strides: [...strides] });
  }

  /** XLA's SliceInDim: a slice of one dimension, the others kept whole. */
  sliceInDim(operand: XlaOp, startIndex: number, limitIndex: number, stride: number, dimension: number): XlaOp {
    const dims = arrayOf(operand, "slice").dimensions;
    return this.slice(
      operand,
      dims.map((_, i) => (i === dimension ? startIndex : 0)),
      dims.map((d, i) => (i === dimension ? limitIndex : d)),
      dims.map((_, i) => (i === dimension ? stride : 1)),
    );
  }

  concatInDim(operands: readonly XlaOp[], dimension: number): XlaOp {
    return this.addInstruction("concatenate", operands, { dimension });
  }

  /** A weak paddingValue takes the operand's element type. */
  pad(operand: XlaOp, paddingValue: XlaOp, config: readonly { low: number; high: number; interior: number }[]): XlaOp {
    return this.atomically(() => this.addInstruction("pad", this.meet("pad", [operand, paddingValue]), { padding: config.map((c) => ({ low: c.low, high: c.high, interior: c.interior })) }));
  }

  reverse(operand: XlaOp, dimensions: readonly number[]): XlaOp {
    return this.addInstruction("reverse", [operand], { dimensions: [...dimensions] });
  }

  getDimensionSize(operand: XlaOp, dimension: number): XlaOp {
    return this.addInstruction("get-dimension-size", [operand], { dimension });
  }

  /** The operand with dimension `dimension` made dynamic, its runtime size `size` (an s32 scalar). */
  setDimensionSize(operand: XlaOp, size: XlaOp, dimension: number): XlaOp {
    return this.atomically(() => this.addInstruction("set-dimension-size", [operand, this.typed(size, "s32", "set-dimension-size")], { dimension }));
  }

  /**
   * XlaBuilder::DynamicReshape: the operand read as `newSizeBounds`, dimension i
   * dynamic (its bound newSizeBounds[i]) where dimsAreDynamic[i]; dimSizes holds
   * one s32 scalar per result dimension, the runtime size.
   */
  dynamicReshape(operand: XlaOp, dimSizes: readonly XlaOp[], newSizeBounds: readonly number[], dimsAreDynamic: readonly boolean[]): XlaOp {
    const s = arrayOf(operand, "dynamic-reshape");
    if (newSizeBounds.length !== dimsAreDynamic.length) {
      throw new ShapeError(
        `dynamic-reshape: DynamicReshape has to have the same number of elements in new_sizes (${newSizeBounds.length}) and dims_are_dynamic (${dimsAreDynamic.length})`,
      );
    }
    const bounded = checkedShape("dynamic-reshape", s.elementType, newSizeBounds);
    const declared = dimsAreDynamic.some((d) => d) ? { ...bounded, dynamicDimensions: [...dimsAreDynamic] } : bounded;
    return this.addInstruction("dynamic-reshape", [operand, ...dimSizes], {}, { declared });
  }

  // ---- indexing ----

  /** startIndices: one scalar integer op per operand dimension (weak constants among them take the others' type, else s32). */
  dynamicSlice(operand: XlaOp, startIndices: readonly XlaOp[], sliceSizes: readonly number[]): XlaOp {
    return this.atomically(() => this.addInstruction("dynamic-slice", [operand, ...this.meet("dynamic-slice", startIndices, "s32")], { sliceSizes: [...sliceSizes] }));
  }

  /** A weak update takes the operand's type; startIndices as in dynamicSlice. */
  dynamicUpdateSlice(operand: XlaOp, update: XlaOp, startIndices: readonly XlaOp[]): XlaOp {
    return this.atomically(() => {
      const [x, u] = this.meet("dynamic-update-slice", [operand, update]);
      return this.addInstruction("dynamic-update-slice", [x, u, ...this.meet("dynamic-update-slice", startIndices, "s32")], {});
    });
  }

  gather(operand: XlaOp, startIndices: XlaOp, dims: GatherDimensionNumbers, sliceSizes: readonly number[], indicesAreSorted = false): XlaOp {
    return this.addInstruction("gather", [operand, startIndices], {
      offsetDims: [...dims.offsetDims],
      collapsedSliceDims: [...dims.collapsedSliceDims],
      startIndexMap: [...dims.startIndexMap],
      operandBatchingDims: [...(dims.operandBatchingDims ?? [])],
      startIndicesBatchingDims: [...(dims.startIndicesBatchingDims ?? [])],
      indexVectorDim: dims.indexVectorDim,
      sliceSizes: [...sliceSizes],
      indicesAreSorted,
    });
  }

  scatter(
    operand: XlaOp | readonly XlaOp[],
    scatterIndices: XlaOp,
    updates: XlaOp | readonly XlaOp[],
    updateComputation: Computation,
    dims: ScatterDimensionNumbers,
    opts: { indicesAreSorted?: boolean; uniqueIndices?: boolean } = {},
  ): XlaOp {
    return this.atomically(() => {
      const operands = (Array.isArray(operand) ? operand : [operand as XlaOp]).map((o) => this.typed(o, undefined, "scatter"));
      const ups = (Array.isArray(updates) ? updates : [updates as XlaOp]).map((u, i) => this.like(u, operands[i], "scatter"));
      // The update computation takes (operand values..., update values...), as reduce's (acc..., x...).
      const types = [...operands, ...ups].map((o) => arrayOf(o, "scatter").elementType);
      const called = this.computation(updateComputation, types, "update");
      return this.addInstruction("scatter", [...operands, scatterIndices, ...ups], {
        updateWindowDims: [...dims.updateWindowDims],
        insertedWindowDims: [...dims.insertedWindowDims],
        inputBatchingDims: [...(dims.inputBatchingDims ?? [])],
        scatterIndicesBatchingDims: [...(dims.scatterIndicesBatchingDims ?? [])],
        scatterDimsToOperandDims: [...dims.scatterDimsToOperandDims],
        indexVectorDim: dims.indexVectorDim,
        indicesAreSorted: opts.indicesAreSorted ?? false,
        uniqueIndices: opts.uniqueIndices ?? false,
      }, { called: [called] });
    });
  }

  // ---- linear algebra ----

  /** Dot: contracts lhs's last dimension (its only one for a vector) with rhs's first. */
  dot(lhs: XlaOp, rhs: XlaOp): XlaOp {
    const l = arrayOf(lhs, "dot");
    return this.dotGeneral(lhs, rhs, {
      lhsContractingDimensions: [l.dimensions.length === 1 ? 0 : 1],
      rhsContractingDimensions: [0],
    });
  }

  dotGeneral(lhs: XlaOp, rhs: XlaOp, dims: DotDimensionNumbers, preferredElementType?: ElementType): XlaOp {
    const declared = preferredElementType ? shape(preferredElementType, []) : undefined;
    return this.addInstruction("dot", [lhs, rhs], {
      lhsBatchDimensions: [...(dims.lhsBatchDimensions ?? [])],
      lhsContractingDimensions: [...dims.lhsContractingDimensions],
      rhsBatchDimensions: [...(dims.rhsBatchDimensions ?? [])],
      rhsContractingDimensions: [...dims.rhsContractingDimensions],
    }, { declared });
  }

  /**
   * XlaBuilder::RaggedDot: a dot whose lhs ragged dimension is split into groups
   * by groupSizes (an integer array, [g] or [prefix..., g]); see infer/ragged_dot.ts for the three modes.
   */
  raggedDot(lhs: XlaOp, rhs: XlaOp, groupSizes: XlaOp, dims: RaggedDotDimensionNumbers, preferredElementType?: ElementType): XlaOp {
    const declared = preferredElementType ? shape(preferredElementType, []) : undefined;
    return this.addInstruction("ragged-dot", [lhs, rhs, groupSizes], {
      lhsBatchDimensions: [...(dims.lhsBatchDimensions ?? [])],
      lhsContractingDimensions: [...dims.lhsContractingDimensions],
      rhsBatchDimensions: [...(dims.rhsBatchDimensions ?? [])],
      rhsContractingDimensions: [...dims.rhsContractingDimensions],
      lhsRaggedDimensions: [...dims.lhsRaggedDimensions],
      rhsGroupDimensions: [...(dims.rhsGroupDimensions ?? [])],
    }, { declared });
  }

  /**
   * scaled-dot: dotGeneral of lhs and rhs, each multiplied by its block scale
   * (a scalar, ignored, or an array of the operand's rank whose sizes divide the operand's).
   */
  scaledDot(lhs: XlaOp, rhs: XlaOp, lhsScale: XlaOp, rhsScale: XlaOp, dims: DotDimensionNumbers, preferredElementType?: ElementType): XlaOp {
    const declared = preferredElementType ? shape(preferredElementType, []) : undefined;
    return this.addInstruction("scaled-dot", [lhs, rhs, lhsScale, rhsScale], {
      lhsBatchDimensions: [...(dims.lhsBatchDimensions ?? [])],
      lhsContractingDimensions: [...dims.lhsContractingDimensions],
      rhsBatchDimensions: [...(dims.rhsBatchDimensions ?? [])],
      rhsContractingDimensions: [...dims.rhsContractingDimensions],
    }, { declared });
  }

  /** Cholesky factor of each (batched) Hermitian positive-definite matrix: lower L (a = L L^H) or upper U (a = U^H U). */
  cholesky(a: XlaOp, lower = false): XlaOp {
    return this.addInstruction("cholesky", [a], { lower });
  }

  /** Solves op(a) x = b (leftSide) or x op(a) = b for x, a triangular; op per transposeA. */
  triangularSolve(a: XlaOp, b: XlaOp, leftSide: boolean, lower: boolean, unitDiagonal: boolean, transposeA: TransposeKind): XlaOp {
    return this.addInstruction("triangular-solve", [a, b], { leftSide, lower, unitDiagonal, transposeA });
  }

  // ---- fourier transforms, top-k, batch normalization ----

  /** FFT, IFFT, RFFT or IRFFT over the innermost fftLength.length dimensions. */
  fft(operand: XlaOp, fftType: FftType, fftLength: readonly number[]): XlaOp {
    return this.addInstruction("fft", [operand], { fftType, fftLength: [...fftLength] });
  }

  /** The k largest (or smallest) elements of each last-dimension row, and their s32 indices, as a tuple. */
  topK(operand: XlaOp, k: number, largest = true): XlaOp {
    return this.addInstruction("topk", [operand], { k, largest, isStable: false });
  }

  /** (normalized operand, batch mean, batch variance) over every dimension but featureIndex. */
  batchNormTraining(operand: XlaOp, scale: XlaOp, offset: XlaOp, epsilon: number, featureIndex: number): XlaOp {
    return this.addInstruction("batch-norm-training", [operand, scale, offset], { epsilon: Math.fround(epsilon), featureIndex });
  }

  batchNormInference(operand: XlaOp, scale: XlaOp, offset: XlaOp, mean: XlaOp, variance: XlaOp, epsilon: number, featureIndex: number): XlaOp {
    return this.addInstruction("batch-norm-inference", [operand, scale, offset, mean, variance], { epsilon: Math.fround(epsilon), featureIndex });
  }

  /** (grad operand, grad scale, grad offset) of batch normalization, given the batch mean and variance. */
  batchNormGrad(operand: XlaOp, scale: XlaOp, mean: XlaOp, variance: XlaOp, gradOutput: XlaOp, epsilon: number, featureIndex: number): XlaOp {
    return this.addInstruction("batch-norm-grad", [operand, scale, mean, variance, gradOutput], { epsilon: Math.fround(epsilon), featureIndex });
  }

  // ---- random numbers ----

  /**
   * (new state, random bits of shape s) from `initialState` by `algorithm`.
   * As XlaBuilder::RngBitGenerator, the bits take the unsigned type of s's
   * element width (f32 gives u32).
   */
  rngBitGenerator(algorithm: RngAlgorithm, initialState: XlaOp, s: ArrayShape): XlaOp {
    const unsigned = isTupleShape(s) ? undefined : UNSIGNED_OF_WIDTH[ELEMENT_TYPE_WIDTH(s.elementType)];
    if (unsigned === undefined) {
      throw new ShapeError(`rng-bit-generator: Unsupported shape for RngBitGenerator: ${isTupleShape(s) ? "TUPLE" : upperTypeName(s.elementType)}`);
    }
    const bits = checkedShape("rng-bit-generator", unsigned, s.dimensions);
    return this.addInstruction("rng-bit-generator", [initialState], { algorithm }, { declared: tupleShape([initialState.shape, bits]) });
  }

  /** Values of shape s drawn uniformly from [a, b) (seeded: see the evaluator's rngSeed). */
  rngUniform(a: XlaOp, b: XlaOp, s: ArrayShape): XlaOp {
    return this.atomically(() => this.addInstruction("rng", this.meet("rng", [a, b], s.elementType), { distribution: "rng_uniform" }, { declared: s }));
  }

  /** Values of shape s drawn from the normal distribution N(mu, sigma^2) (seeded). */
  rngNormal(mu: XlaOp, sigma: XlaOp, s: ArrayShape): XlaOp {
    return this.atomically(() => this.addInstruction("rng", this.meet("rng", [mu, sigma], s.elementType), { distribution: "rng_normal" }, { declared: s }));
  }

  // ---- convolution (XlaBuilder's Conv family) ----

  /**
   * XLA's ConvGeneralDilated: `padding` is [low, high] per spatial dimension
   * (negative crops); empty strides/padding/dilations mean the defaults.
   * `precisionConfig` (e.g. ["high", "default"]) is kept for printing;
   * `windowReversal` flips the kernel per spatial dimension (XLA's optional
   * window_reversal argument).
   */
  convGeneralDilated(
    lhs: XlaOp,
    rhs: XlaOp,
    windowStrides: readonly number[],
    padding: readonly (readonly [number, number])[],
    lhsDilation: readonly number[],
    rhsDilation: readonly number[],
    dimensionNumbers: ConvolutionDimensionNumbers,
    featureGroupCount = 1,
    batchGroupCount = 1,
    precisionConfig?: readonly string[],
    preferredElementType?: ElementType,
    windowReversal?: readonly boolean[],
  ): XlaOp {
    const l = arrayOf(lhs, "convolution");
    const r = arrayOf(rhs, "convolution");
    verifyConvolution(l, r, dimensionNumbers);
    const windowSizes = dimensionNumbers.kernelSpatialDimensions.map((d) => r.dimensions[d]);
    const window = makeConvWindow(windowSizes, windowStrides, padding, lhsDilation, rhsDilation, windowReversal);
    const d = dimensionNumbers;
    return this.addInstruction("convolution", [lhs, rhs], {
      window,
      dimensionNumbers: {
        ...d,
        inputSpatialDimensions: [...d.inputSpatialDimensions],
        kernelSpatialDimensions: [...d.kernelSpatialDimensions],
        outputSpatialDimensions: [...d.outputSpatialDimensions],
      },
      featureGroupCount,
      batchGroupCount,
      ...(precisionConfig === undefined ? {} : { operandPrecision: precisionConfig.map((p) => p.toLowerCase()) }),
    }, { declared: preferredElementType ? shape(preferredElementType, []) : undefined });
  }

  /** XLA's ConvGeneral: ConvGeneralDilated without dilations. */
  convGeneral(
    lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: readonly (readonly [number, number])[],
    dimensionNumbers: ConvolutionDimensionNumbers, featureGroupCount = 1, batchGroupCount = 1,
    precisionConfig?: readonly string[], preferredElementType?: ElementType,
  ): XlaOp {
    return this.convGeneralDilated(lhs, rhs, windowStrides, padding, [], [], dimensionNumbers, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType);
  }

  /** XLA's ConvWithGeneralDimensions: SAME or VALID padding under any dimension numbers. */
  convWithGeneralDimensions(
    lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: Padding,
    dimensionNumbers: ConvolutionDimensionNumbers, featureGroupCount = 1, batchGroupCount = 1,
    precisionConfig?: readonly string[], preferredElementType?: ElementType,
  ): XlaOp {
    const l = arrayOf(lhs, "convolution");
    const r = arrayOf(rhs, "convolution");
    verifyConvolution(l, r, dimensionNumbers);
    const pads = makePadding(
      dimensionNumbers.inputSpatialDimensions.map((d) => l.dimensions[d]),
      dimensionNumbers.kernelSpatialDimensions.map((d) => r.dimensions[d]),
      windowStrides.length === 0 ? dimensionNumbers.inputSpatialDimensions.map(() => 1) : windowStrides,
      padding,
    );
    return this.convGeneral(lhs, rhs, windowStrides, pads, dimensionNumbers, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType);
  }

  /** XLA's Conv: default dimension numbers (bf01_oi01->bf01), SAME or VALID padding. */
  conv(
    lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: Padding, featureGroupCount = 1, batchGroupCount = 1,
    precisionConfig?: readonly string[], preferredElementType?: ElementType,
  ): XlaOp {
    const dnums = defaultConvDimensionNumbers(windowStrides.length);
    return this.convWithGeneralDimensions(lhs, rhs, windowStrides, padding, dnums, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType);
  }

  /** XLA's ConvWithGeneralPadding: default dimension numbers, explicit [low, high] padding. */
  convWithGeneralPadding(
    lhs: XlaOp, rhs: XlaOp, windowStrides: readonly number[], padding: readonly (readonly [number, number])[],
    featureGroupCount = 1, batchGroupCount = 1, precisionConfig?: readonly string[], preferredElementType?: ElementType,
  ): XlaOp {
    const dnums = defaultConvDimensionNumbers(windowStrides.length);
    return this.convGeneral(lhs, rhs, windowStrides, padding, dnums, featureGroupCount, batchGroupCount, precisionConfig, preferredElementType);
  }

  // ---- reductions ----

  /**
   * Reduce over `dimensionsToReduce`. `computation` is a module or a function
   * `(sb, acc..., x...) => result(s)` built on a fresh sub-builder, e.g.
   * `(sb, a, c) => sb.add(a, c)`, or a ready-made `sumReducer(t)`. A weak
   * init (`constantR0(0)`) takes its operand's element type.
   */
  reduce(operand: XlaOp | readonly XlaOp[], init: XlaOp | readonly XlaOp[], computation: Computation, dimensionsToReduce: readonly number[]): XlaOp {
    return this.atomically(() => {
      const { operands, inits, types } = this.reduceArgs("reduce", operand, init);
      const called = this.computation(computation, types, "reducer");
      return this.addInstruction("reduce", [...operands, ...inits], { dimensions: [...dimensionsToReduce] }, { called: [called] });
    });
  }

  /** Reduce over windows; `computation` and init as in reduce. */
  reduceWindow(
    operand: XlaOp | readonly XlaOp[],
    init: XlaOp | readonly XlaOp[],
    computation: Computation,
    window: WindowOptions,
  ): XlaOp {
    return this.atomically(() => {
      const { operands, inits, types } = this.reduceArgs("reduce-window", operand, init);
      const called = this.computation(computation, types, "reducer");
      return this.addInstruction("reduce-window", [...operands, ...inits], { window: makeWindow(window) }, { called: [called] });
    });
  }

  /** Operands, inits typed like their operands, and the reducer's parameter types (inits' types, then operands'). */
  private reduceArgs(where: string, operand: XlaOp | readonly XlaOp[], init: XlaOp | readonly XlaOp[]) {
    const operands = (Array.isArray(operand) ? operand : [operand as XlaOp]).map((o) => this.typed(o, undefined, where));
    const inits = (Array.isArray(init) ? init : [init as XlaOp]).map((v, i) => this.like(v, operands[i], where));
    const types = [...inits, ...operands].map((o) => arrayOf(o, where).elementType);
    return { operands, inits, types };
  }

  /**
   * select-and-scatter: `select` ((T, T) -> pred) picks one element per window,
   * `scatter` ((T, T) -> T) adds the source value into it; both may be
   * functions as in reduce. A weak init takes the operand's type.
   */
  selectAndScatter(operand: XlaOp, select: Computation, window: WindowOptions, source: XlaOp, init: XlaOp, scatter: Computation): XlaOp {
    return this.atomically(() => {
      const x = this.typed(operand, undefined, "select-and-scatter");
      const t = arrayOf(x, "select-and-scatter").elementType;
      const called = [this.computation(select, [t, t], "select"), this.computation(scatter, [t, t], "scatter")];
      const [src, v] = [this.like(source, x, "select-and-scatter"), this.like(init, x, "select-and-scatter")];
      return this.addInstruction("select-and-scatter", [x, src, v], { window: makeWindow(window) }, { called });
    });
  }

  /**
   * Sorts operands together along `dimension` by `comparator`: a less-than on
   * 2N scalars (lhs0, rhs0, lhs1, rhs1, ...), a module or a function as in reduce.
   */
  sort(operands: readonly XlaOp[], comparator: Computation, dimension = -1, isStable = false): XlaOp {
    return this.atomically(() => {
      const ops = operands.map((o) => this.typed(o, undefined, "sort"));
      const first = ops[0] ? arrayOf(ops[0], "sort") : undefined;
      const dim = dimension < 0 && first ? first.dimensions.length + dimension : dimension;
      const types = ops.flatMap((o) => { const t = arrayOf(o, "sort").elementType; return [t, t]; });
      return this.addInstruction("sort", ops, { dimension: dim, isStable }, { called: [this.computation(comparator, types, "comparator")] });
    });
  }

  /** `computation` takes one scalar per operand; a module or a function as in reduce. */
  map(operands: readonly XlaOp[], computation: Computation, dimensions?: readonly number[]): XlaOp {
    return this.atomically(() => {
      const ops = operands.map((o) => this.typed(o, undefined, "map"));
      const first = ops[0] ? arrayOf(ops[0], "map") : undefined;
      const dims = dimensions ?? (first ? first.dimensions.map((_, i) => i) : []);
      const called = this.computation(computation, ops.map((o) => arrayOf(o, "map").elementType), "mapper");
      return this.addInstruction("map", ops, { dimensions: [...dims] }, { called: [called] });
    });
  }

  /** The (T, T) -> T computation of a collective, T the first operand's element type. */
  private collectiveComputation(where: string, operands: readonly XlaOp[], c: Computation): HloModule {
    if (typeof c !== "function") return c;
    const first = operands[0];
    if (first === undefined) throw new ShapeError(`${where}: expected at least one operand`);
    const t = arrayOf(this.typed(first, undefined, where), where).elementType;
    return this.computation(c, [t, t], "reducer");
  }

  // ---- structure and control flow ----

  tuple(elements: readonly XlaOp[]): XlaOp {
    return this.addInstruction("tuple", elements, {});
  }

  getTupleElement(t: XlaOp, index: number): XlaOp {
    return this.addInstruction("get-tuple-element", [t], { index });
  }

  call(computation: HloModule, operands: readonly XlaOp[]): XlaOp {
    return this.addInstruction("call", operands, {}, { called: [computation] });
  }

  /** A fusion of `computation` applied to `operands` (evaluated like a call; `kind` is kept for printing). */
  fusion(computation: HloModule, operands: readonly XlaOp[], kind: FusionKind = "kLoop"): XlaOp {
    return this.addInstruction("fusion", operands, { kind }, { called: [computation] });
  }

  whileLoop(condition: HloModule, body: HloModule, init: XlaOp): XlaOp {
    return this.addInstruction("while", [init], {}, { called: [condition, body] });
  }

  /**
   * conditional(pred, trueOperand, trueComputation, falseOperand, falseComputation)
   * or conditional(branchIndex, branchComputations, branchOperands).
   */
  conditional(pred: XlaOp, trueOperand: XlaOp, trueComputation: HloModule, falseOperand: XlaOp, falseComputation: HloModule): XlaOp;
  conditional(branchIndex: XlaOp, branchComputations: readonly HloModule[], branchOperands: readonly XlaOp[]): XlaOp;
  conditional(
    index: XlaOp,
    a: XlaOp | readonly HloModule[],
    b: HloModule | readonly XlaOp[],
    c?: XlaOp,
    d?: HloModule,
  ): XlaOp {
    if (a instanceof XlaOp) {
      return this.addInstruction("conditional", [index, a, c as XlaOp], {}, { called: [b as HloModule, d as HloModule] });
    }
    return this.addInstruction("conditional", [index, ...(b as readonly XlaOp[])], {}, { called: [...(a as readonly HloModule[])] });
  }

  // ---- collectives (one replica, one partition when evaluated) and tokens ----

  /** AllReduce: each operand combined across its replica group by `computation` (a scalar (T, T) -> T). */
  allReduce(operand: XlaOp | readonly XlaOp[], computation: Computation, opts: CollectiveOptions = {}): XlaOp {
    const operands = Array.isArray(operand) ? operand : [operand as XlaOp];
    return this.atomically(() =>
      this.addInstruction("all-reduce", operands, collectiveAttributes(opts), { called: [this.collectiveComputation("all-reduce", operands, computation)] }));
  }

  allReduceStart(operand: XlaOp | readonly XlaOp[], computation: Computation, opts: CollectiveOptions = {}): XlaOp {
    const operands = Array.isArray(operand) ? operand : [operand as XlaOp];
    return this.atomically(() =>
      this.addInstruction("all-reduce-start", operands, collectiveAttributes(opts), { called: [this.collectiveComputation("all-reduce-start", operands, computation)] }));
  }

  allReduceDone(start: XlaOp): XlaOp {
    return this.addInstruction("all-reduce-done", [start], {});
  }

  /** AllGather: the groups' operands concatenated along `allGatherDimension`; `shardCount` sizes the result when no groups are given. */
  allGather(operand: XlaOp | readonly XlaOp[], allGatherDimension: number, shardCount = 1, opts: CollectiveOptions = {}): XlaOp {
    const operands = Array.isArray(operand) ? operand : [operand as XlaOp];
    const declared = scaledDeclared(operands, allGatherDimension, shardCount, true);
    return this.addInstruction("all-gather", operands, { ...collectiveAttributes(opts), dimension: allGatherDimension }, { declared });
  }

  allGatherStart(operand: XlaOp | readonly XlaOp[], allGatherDimension: number, shardCount = 1, opts: CollectiveOptions = {}): XlaOp {
    const operands = Array.isArray(operand) ? operand : [operand as XlaOp];
    const out = scaledDeclared(operands, allGatherDimension, shardCount, true);
    const input = operands.length === 1 ? operands[0].shape : tupleShape(operands.map((o) => o.shape));
    const declared = out === undefined ? undefined : tupleShape([input, out]);
    return this.addInstruction("all-gather-start", operands, { ...collectiveAttributes(opts), dimension: allGatherDimension }, { declared });
  }

  allGatherDone(start: XlaOp): XlaOp {
    return this.addInstruction("all-gather-done", [start], {});
  }

  /** ReduceScatter: an all-reduce whose result is split along `scatterDimension`, each device keeping its part. */
  reduceScatter(operand: XlaOp | readonly XlaOp[], computation: Computation, scatterDimension: number, shardCount = 1, opts: CollectiveOptions = {}): XlaOp {
    const operands = Array.isArray(operand) ? operand : [operand as XlaOp];
    const declared = scaledDeclared(operands, scatterDimension, shardCount, false);
    return this.atomically(() => {
      const called = this.collectiveComputation("reduce-scatter", operands, computation);
      return this.addInstruction("reduce-scatter", operands, { ...collectiveAttributes(opts), dimension: scatterDimension }, { called: [called], declared });
    });
  }

  /**
   * AllToAll (XLA's array form): all-to-all along `splitDimension`; when the
   * concat dimension differs, XLA's builder follows it with reshape,
   * transpose and reshape, and so does this one.
   */
  allToAll(operand: XlaOp, splitDimension: number, concatDimension: number, splitCount: number, opts: CollectiveOptions = {}): XlaOp {
    const s = arrayOf(operand, "allToAll");
    const { useGlobalDeviceIds: _unused, ...common } = collectiveAttributes(opts);
    const a2a = this.addInstruction("all-to-all", [operand], { ...common, dimension: splitDimension });
    if (splitDimension === concatDimension) return a2a;
    const dims = s.dimensions;
    const sizes = dims.flatMap((d, i) => (i === splitDimension ? [splitCount, d / splitCount] : [d]));
    const permutation = dims.flatMap((_, i) => {
      const after = i >= splitDimension ? i + 1 : i;
      return i === concatDimension ? [splitDimension, after] : [after];
    });
    const expected = dims.map((d, i) => (i === splitDimension ? d / splitCount : i === concatDimension ? d * splitCount : d));
    return this.reshape(this.transpose(this.reshape(a2a, sizes), permutation), expected);
  }

  /** AllToAll's tuple form: one operand per device of the group, a tuple back. */
  allToAllTuple(operands: readonly XlaOp[], opts: CollectiveOptions = {}): XlaOp {
    const { useGlobalDeviceIds: _unused, ...common } = collectiveAttributes(opts);
    return this.addInstruction("all-to-all", operands, common);
  }

  /** CollectivePermute: device `target` receives the operand of `source`; a device no pair targets gets zeros. */
  collectivePermute(operand: XlaOp, sourceTargetPairs: readonly (readonly [number, number])[], channelId?: number): XlaOp {
    return this.addInstruction("collective-permute", [operand], permuteAttributes(sourceTargetPairs, channelId));
  }

  collectivePermuteStart(operand: XlaOp, sourceTargetPairs: readonly (readonly [number, number])[], channelId?: number): XlaOp {
    return this.addInstruction("collective-permute-start", [operand], permuteAttributes(sourceTargetPairs, channelId));
  }

  collectivePermuteDone(start: XlaOp): XlaOp {
    return this.addInstruction("collective-permute-done", [start], {});
  }

  /** CollectiveBroadcast: every device of a group receives the operand of the group's first device. */
  collectiveBroadcast(operand: XlaOp, replicaGroups: readonly (readonly number[])[] = [], channelId?: number): XlaOp {
    const { useGlobalDeviceIds: _unused, ...common } = collectiveAttributes({ replicaGroups, channelId });
    return this.addInstruction("collective-broadcast", [operand], common);
  }

  /** InfeedWithToken: (the next host value of shape `s`, token); `config` is opaque text for the runtime. */
  infeedWithToken(token: XlaOp, s: Shape, config = ""): XlaOp {
    return this.addInstruction("infeed", [token], { infeedConfig: config }, { declared: tupleShape([s, shape("token", [])]) });
  }

  /** OutfeedWithToken: hands `operand` (of shape `shapeWithLayout`) to the host; gives a token. */
  outfeedWithToken(operand: XlaOp, token: XlaOp, shapeWithLayout: Shape, outfeedConfig = ""): XlaOp {
    return this.addInstruction("outfeed", [operand, token], { outfeedShape: shapeWithLayout, outfeedConfig });
  }

  /** SendWithToken: send + send-done of `operand` on device channel `channelId`; gives send-done's token. */
  sendWithToken(operand: XlaOp, token: XlaOp, channelId: number): XlaOp {
    return this.sendPair(operand, token, channelId, false);
  }

  /** RecvWithToken: recv + recv-done of a value of shape `s` on device channel `channelId`; gives (data, token). */
  recvWithToken(token: XlaOp, s: Shape, channelId: number): XlaOp {
    return this.recvPair(token, s, channelId, false);
  }

  /** SendToHost: send + send-done with is_host_transfer=true; gives send-done's token. */
  sendToHost(operand: XlaOp, token: XlaOp, shapeWithLayout: Shape, channelId: number): XlaOp {
    if (!shapesEqual(shapeWithLayout, operand.shape)) {
      throw new ShapeError(`send: SendToHost shape ${shapeToString(shapeWithLayout)} must be compatible with operand shape ${shapeToString(operand.shape)}`);
    }
    return this.sendPair(operand, token, channelId, true);
  }

  /** RecvFromHost: recv + recv-done with is_host_transfer=true; gives (data, token). */
  recvFromHost(token: XlaOp, s: Shape, channelId: number): XlaOp {
    return this.recvPair(token, s, channelId, true);
  }

  private sendPair(operand: XlaOp, token: XlaOp, channelId: number, isHostTransfer: boolean): XlaOp {
    const send = this.addInstruction("send", [operand, token], { channelId, isHostTransfer });
    return this.addInstruction("send-done", [send], { channelId, isHostTransfer });
  }

  private recvPair(token: XlaOp, s: Shape, channelId: number, isHostTransfer: boolean): XlaOp {
    const declared = tupleShape([s, shape("u32", []), shape("token", [])]);
    const recv = this.addInstruction("recv", [token], { channelId, isHostTransfer }, { declared });
    return this.addInstruction("recv-done", [recv], { channelId, isHostTransfer });
  }

  /** copy-start: (destination, source, u32[] context); `crossProgramPrefetchIndex` only guides XLA's memory placement. */
  copyStart(operand: XlaOp, crossProgramPrefetchIndex?: number): XlaOp {
    return this.addInstruction("copy-start", [operand], crossProgramPrefetchIndex === undefined ? {} : { crossProgramPrefetchIndex });
  }

  /** copy-done: the destination buffer of a copy-start. */
  copyDone(start: XlaOp): XlaOp {
    return this.addInstruction("copy-done", [start], {});
  }

  /** async-start: runs `computation` on `operands`, giving ((operands), result). */
  asyncStart(computation: HloModule, operands: readonly XlaOp[], asyncExecutionThread = "main"): XlaOp {
    return this.addInstruction("async-start", operands, { asyncExecutionThread }, { called: [computation] });
  }

  /** async-update: the async state of an async-start, handed on. */
  asyncUpdate(start: XlaOp, asyncExecutionThread = "main"): XlaOp {
    return this.addInstruction("async-update", [start], { asyncExecutionThread });
  }

  /** async-done: the wrapped computation's result. */
  asyncDone(start: XlaOp, asyncExecutionThread = "main"): XlaOp {
    return this.addInstruction("async-done", [start], { asyncExecutionThread });
  }

  /** This device's replica number (u32[]). */
  replicaId(): XlaOp {
    return this.addInstruction("replica-id", [], {});
  }

  /** This device's partition number (u32[]). */
  partitionId(): XlaOp {
    return this.addInstruction("partition-id", [], {});
  }

  /** A token ordered after every token given (none: a fresh token). */
  afterAll(tokens: readonly XlaOp[]): XlaOp {
    return this.addInstruction("after-all", tokens, {});
  }

  /** The operand, ordered after `token`. */
  addDependency(operand: XlaOp, token: XlaOp): XlaOp {
    return this.addInstruction("add-dependency", [operand, token], {});
  }

  /** A sharding-domain boundary (identity); `domain` is its text, e.g. `{kind="sharding", entry={maximal device=0}, exit={replicated}}`. */
  domain(operand: XlaOp, domain: string): XlaOp {
    return this.addInstruction("domain", [operand], { domain });
  }

  /** The u64[2] RNG state, then advanced by `delta`. */
  rngGetAndUpdateState(delta: number): XlaOp {
    return this.addInstruction("rng-get-and-update-state", [], { delta });
  }

  optimizationBarrier(operand: XlaOp): XlaOp {
    return this.addInstruction("opt-barrier", [operand], {});
  }

  /** A custom call: minixla evaluates only the sharding-annotation targets (as identity). */
  customCall(target: string, operands: readonly XlaOp[], resultShape: Shape): XlaOp {
    return this.addInstruction("custom-call", operands, { customCallTarget: target, rawAttributes: [] }, { declared: resultShape });
  }
}

const STORAGE_ARRAY: { readonly [K in StorageKind]: string } = {
  f64: "Float64Array",
  s64: "BigInt64Array",
  u64: "BigUint64Array",
  complex: "Float64Array (re, im interleaved)",
};

/**
 * A literal made by hand (not by literal()) must have a sound shape and data
 * of its element type's storage kind and length, tuples element by element.
 */
function checkConstant(l: Literal | undefined): void {
  const stack: { readonly value: unknown; readonly at: string }[] = [{ value: l, at: "" }];
  while (stack.length > 0) {
    const { value, at } = stack.pop() as { readonly value: unknown; readonly at: string };
    const where = `constant: literal${at}`;
    if (typeof value !== "object" || value === null) throw new ShapeError(`${where} is not a literal: ${String(value)}`);
    const { shape: s, data, elements } = value as { shape?: Shape; data?: unknown; elements?: unknown };
    checkShape(s as Shape, `${where} shape`);
    const sh = s as Shape;
    if (isTupleShape(sh)) {
      if (!Array.isArray(elements) || elements.length !== sh.tupleShapes.length) {
        throw new ShapeError(`${where} of shape ${shapeToString(sh)} needs an elements array of ${sh.tupleShapes.length} literals`);
      }
      elements.forEach((e, i) => stack.push({ value: e, at: `${at}.elements[${i}]` }));
      continue;
    }
    const n = elementCount(sh);
    if (!dataFits(sh.elementType, n, data)) {
      const got = ArrayBuffer.isView(data) ? `${data.constructor.name} of ${(data as unknown as ArrayLike<unknown>).length} values` : String(data);
      throw new ShapeError(
        `${where} of shape ${shapeToString(sh)} needs its data as a ${STORAGE_ARRAY[storageOf(sh.elementType)]} of ${n * elementLanes(sh.elementType)} values, got ${got}`,
      );
    }
  }
}

/** shape(), with the ShapeError naming the op that asked for it. */
function checkedShape(opcode: string, elementType: ElementType, dimensions: readonly number[]): ArrayShape {
  try {
    return shape(elementType, dimensions);
  } catch (e) {
    throw e instanceof ShapeError ? new ShapeError(`${opcode}: ${e.message}`) : e;
  }
}

function arrayOf(op: XlaOp, opcode: string): ArrayShape {
  if (isTupleShape(op.shape)) throw new ShapeError(`${opcode}: expected an array operand, got ${shapeToString(op.shape)}`);
  return op.shape;
}

function withType(s: Shape, elementType: ElementType, opcode: string): ArrayShape {
  if (isTupleShape(s)) throw new ShapeError(`${opcode}: Convert does not allow non-arrays, so cannot convert from ${shapeToString(s)} to ${elementType}.`);
  return shape(elementType, s.dimensions);
}

/** primitive_util::UnsignedIntegralTypeForBitWidth. */
const UNSIGNED_OF_WIDTH: { readonly [width: number]: ElementType | undefined } = { 2: "u2", 4: "u4", 8: "u8", 16: "u16", 32: "u32", 64: "u64" };
const ELEMENT_TYPE_WIDTH = (t: ElementType): number => ELEMENT_TYPE_INFO[t].bitWidth;

/** The result of a gather (scatter) by `shardCount` along `dim`, where the groups do not say it; undefined for 1. */
function scaledDeclared(operands: readonly XlaOp[], dim: number, shardCount: number, gather: boolean): Shape | undefined {
  if (shardCount === 1) return undefined;
  if (!Number.isInteger(shardCount) || shardCount < 1) throw new ShapeError(`collective: shard_count must be a positive integer; got ${shardCount}`);
  const shapes = operands.map((o) => {
    const s = arrayOf(o, gather ? "allGather" : "reduceScatter");
    if (!gather && dim < s.dimensions.length && s.dimensions[dim] % shardCount !== 0) {
      throw new ShapeError(`reduce-scatter: ReduceScatter operand scatter dimension size ${s.dimensions[dim]} must be dividable by shard_count ${shardCount}.`);
    }
    return { ...s, dimensions: s.dimensions.map((d, i) => (i !== dim ? d : gather ? d * shardCount : d / shardCount)) };
  });
  return shapes.length === 1 ? shapes[0] : tupleShape(shapes);
}

function permuteAttributes(pairs: readonly (readonly [number, number])[], channelId: number | undefined): AttributesOf<"collective-permute"> {
  return { sourceTargetPairs: pairs.map(([s, t]) => [s, t]), ...(channelId === undefined ? {} : { channelId }) };
}

const isScalarOp = (op: XlaOp): boolean => !isTupleShape(op.shape) && op.shape.dimensions.length === 0;
const sameDims = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((d, i) => d === b[i]);
