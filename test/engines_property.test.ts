/**
 * Property test: random programs built with the builder — chains of
 * element-wise ops (unary, binary, compare, select, clamp, convert) with
 * implicit (broadcast_dimensions) and explicit broadcasts, transposes,
 * slices, degenerate and general reshapes, iota, reductions (add, mul, max,
 * min, and, or reducers over random dimensions) and dot_generals with batch
 * and contracting dimensions — over every element type (the 64-bit integer
 * and complex storages included, where the compiled engine falls back on
 * the reference kernels), on inputs full of NaN, -0, infinities, subnormals
 * and integer extremes. Lowered (lowerBroadcasts), each program runs on the
 * reference evaluator and on the compiled engine (fused, and unfused on a
 * share of the cases), which must agree bit for bit, or throw the same error
 * (class and message).
 *
 * A failure prints the shrunk program's HLO text. MINIXLA_PROPERTY_RUNS=N
 * raises the number of programs (support/property.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { XlaBuilder, type XlaOp } from "@minixla/builder";
import {
  ELEMENT_TYPES,
  ELEMENT_TYPE_INFO,
  type ArrayShape,
  type ElementType,
  HloError,
  type HloModule,
  type Literal,
  type LiteralData,
  allocData,
  arrayLiteralFromData,
  elementCount,
  entryComputation,
  isTupleShape,
  lowerBroadcasts,
  printHloModule,
  shape,
} from "@minixla/hlo";
import { compile, evaluate } from "@minixla/interpreter";
import { scalarBinary } from "./support/computations.ts";
import { referenceOf } from "./support/cross_check.ts";
import { runBoth } from "./support/engines.ts";
import { prng } from "./support/prng.ts";
import { propertyRuns } from "./support/property.ts";

const reference = referenceOf(evaluate);

/** Every element type that holds numbers: the "f64" storage ones, s64/u64 and the complex types. */
const TYPES: readonly ElementType[] = ELEMENT_TYPES.filter((t) => t !== "token");

type Rand = () => number;
const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

/** The smallest positive value of a float type (a subnormal where it has them): the last power of two it does not round to 0. */
function tiniest(t: ElementType): number {
  const normalize = ELEMENT_TYPE_INFO[t].normalize;
  let x = 1;
  while (x / 2 > 0 && normalize(x / 2) !== 0) x /= 2;
  return x;
}

/** A special or ordinary float value (brought into the type's value set later). */
function floatValue(r: Rand, t: ElementType): number {
  const info = ELEMENT_TYPE_INFO[t];
  const specials = [NaN, 0, -0, Infinity, -Infinity, tiniest(t), -tiniest(t), 3 * tiniest(t), info.max, -info.max, 1, -1, 0.5, 2, -2.5];
  return r() < 0.5 ? pick(r, specials) : (r() - 0.5) * 2 ** int(r, -6, 6);
}

/** Storage for n random elements of t (complex: each lane on its own), specials and extremes half the time. */
function fillRandom(t: ElementType, n: number, r: Rand): LiteralData {
  const data = allocData(t, n);
  const info = ELEMENT_TYPE_INFO[t];
  if (data instanceof BigInt64Array) {
    const xs = [-(2n ** 63n), 2n ** 63n - 1n, 0n, -1n, 1n, 2n ** 53n + 1n, -(2n ** 31n)];
    for (let i = 0; i < n; i++) data[i] = r() < 0.6 ? pick(r, xs) : BigInt(int(r, -1000, 1000));
    return data;
  }
  if (data instanceof BigUint64Array) {
    const xs = [0n, 2n ** 64n - 1n, 2n ** 63n, 1n, 2n ** 53n + 1n, 2n ** 32n];
    for (let i = 0; i < n; i++) data[i] = r() < 0.6 ? pick(r, xs) : BigInt(int(r, 0, 1000));
    return data;
  }
  for (let i = 0; i < data.length; i++) {
    let v: number;
    switch (info.kind) {
      case "pred": v = r() < 0.5 ? 0 : 1; break;
      case "signed": case "unsigned": v = r() < 0.5 ? pick(r, [info.min, info.max, 0, -1, 1, info.min + 1, info.max - 1]) : int(r, -20, 20); break;
      default: v = floatValue(r, t);
    }
    data[i] = info.normalize(v);
  }
  return data;
}

function randomLiteral(s: ArrayShape, r: Rand): Literal {
  return arrayLiteralFromData(s, fillRandom(s.elementType, elementCount(s), r));
}

const UNARY: { readonly [kind: string]: readonly ((b: XlaBuilder, x: XlaOp) => XlaOp)[] } = {
  pred: [(b, x) => b.not(x)],
  signed: [(b, x) => b.neg(x), (b, x) => b.abs(x), (b, x) => b.not(x), (b, x) => b.popcnt(x), (b, x) => b.clz(x), (b, x) => b.sign(x)],
  unsigned: [(b, x) => b.neg(x), (b, x) => b.not(x), (b, x) => b.popcnt(x), (b, x) => b.clz(x), (b, x) => b.sign(x)],
  float: [
    (b, x) => b.neg(x), (b, x) => b.abs(x), (b, x) => b.exp(x), (b, x) => b.log(x), (b, x) => b.sqrt(x), (b, x) => b.rsqrt(x),
    (b, x) => b.cbrt(x), (b, x) => b.tanh(x), (b, x) => b.logistic(x), (b, x) => b.sin(x), (b, x) => b.cos(x), (b, x) => b.floor(x),
    (b, x) => b.ceil(x), (b, x) => b.roundNearestEven(x), (b, x) => b.roundNearestAfz(x), (b, x) => b.sign(x), (b, x) => b.isFinite(x),
    (b, x) => b.expm1(x), (b, x) => b.log1p(x),
  ],
  complex: [
    (b, x) => b.neg(x), (b, x) => b.abs(x), (b, x) => b.exp(x), (b, x) => b.log(x), (b, x) => b.sqrt(x), (b, x) => b.tanh(x),
    (b, x) => b.sign(x), (b, x) => b.real(x), (b, x) => b.imag(x),
  ],
};

type Binary = (b: XlaBuilder, x: XlaOp, y: XlaOp, bd?: readonly number[]) => XlaOp;
const ARITH: readonly Binary[] = [(b, x, y, d) => b.add(x, y, d), (b, x, y, d) => b.sub(x, y, d), (b, x, y, d) => b.mul(x, y, d), (b, x, y, d) => b.div(x, y, d)];
const ORDER: readonly Binary[] = [(b, x, y, d) => b.max(x, y, d), (b, x, y, d) => b.min(x, y, d)];
const BITS: readonly Binary[] = [(b, x, y, d) => b.and(x, y, d), (b, x, y, d) => b.or(x, y, d), (b, x, y, d) => b.xor(x, y, d)];
const BINARY: { readonly [kind: string]: readonly Binary[] } = {
  pred: [...BITS],
  signed: [...ARITH, ...ORDER, ...BITS, (b, x, y, d) => b.rem(x, y, d), (b, x, y, d) => b.pow(x, y, d),
    (b, x, y, d) => b.shiftLeft(x, y, d), (b, x, y, d) => b.shiftRightArithmetic(x, y, d), (b, x, y, d) => b.shiftRightLogical(x, y, d)],
  unsigned: [...ARITH, ...ORDER, ...BITS, (b, x, y, d) => b.rem(x, y, d), (b, x, y, d) => b.shiftLeft(x, y, d), (b, x, y, d) => b.shiftRightLogical(x, y, d)],
  float: [...ARITH, ...ORDER, (b, x, y, d) => b.rem(x, y, d), (b, x, y, d) => b.pow(x, y, d), (b, x, y, d) => b.atan2(x, y, d)],
  complex: [...ARITH, (b, x, y, d) => b.pow(x, y, d)],
};
const COMPARE: readonly Binary[] = [
  (b, x, y, d) => b.eq(x, y, d), (b, x, y, d) => b.ne(x, y, d), (b, x, y, d) => b.lt(x, y, d), (b, x, y, d) => b.le(x, y, d),
  (b, x, y, d) => b.gt(x, y, d), (b, x, y, d) => b.ge(x, y, d), (b, x, y, d) => b.ltTotalOrder(x, y, d), (b, x, y, d) => b.eqTotalOrder(x, y, d),
];

/** A program under construction: the builder and the values made so far. */
class Program {
  readonly b: XlaBuilder;
  readonly values: XlaOp[] = [];
  readonly args: Literal[] = [];
  /** The current step's random numbers. */
  r: Rand;
  constructor(r: Rand) {
    this.r = r;
    this.b = new XlaBuilder("random_program");
  }

  parameter(s: ArrayShape): XlaOp {
    const p = this.b.parameter(this.args.length, s, `p${this.args.length}`);
    this.args.push(randomLiteral(s, this.r));
    return p;
  }

  arrayShape(x: XlaOp): ArrayShape {
    const s = this.b.getShape(x);
    if (isTupleShape(s)) throw new Error("a tuple in the value pool");
    return s;
  }

  /** A value with x's shape and type: another one from the pool, a new parameter, or a constant-like broadcast scalar. */
  partner(x: XlaOp): XlaOp {
    const s = this.arrayShape(x);
    const same = this.values.filter((v) => v !== x && sameShape(this.arrayShape(v), s));
    if (same.length > 0 && this.r() < 0.6) return pick(this.r, same);
    return this.r() < 0.7 ? this.parameter(s) : this.b.broadcast(this.parameter(shape(s.elementType, [])), s.dimensions);
  }

  /** A value of x's type over a random subset of x's dimensions (in order), and that subset: an implicit-broadcast operand. */
  lowerRank(x: XlaOp): { readonly op: XlaOp; readonly dims: number[] } {
    const s = this.arrayShape(x);
    const dims = s.dimensions.map((_, i) => i).filter(() => this.r() < 0.5);
    return { op: this.parameter(shape(s.elementType, dims.map((d) => s.dimensions[d]))), dims };
  }
}

function sameShape(a: ArrayShape, b: ArrayShape): boolean {
  return a.elementType === b.elementType && a.dimensions.length === b.dimensions.length && a.dimensions.every((d, i) => d === b.dimensions[i]);
}

function permutation(r: Rand, n: number): number[] {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = int(r, 0, i);
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}

/** A random factorization of n elements into up to 4 dimensions (n = 0: some dimension 0). */
function reshapeDims(r: Rand, n: number): number[] {
  if (n === 0) return pick(r, [[0], [0, 3], [2, 0], [1, 0, 1]]);
  const out: number[] = [];
  let left = n;
  while (out.length < 3 && left > 1 && r() < 0.7) {
    const divisors = Array.from({ length: left }, (_, i) => i + 1).filter((d) => left % d === 0 && d > 1);
    const d = pick(r, divisors);
    out.push(d);
    left /= d;
  }
  if (left > 1) out.push(left);
  // Degenerate dimensions anywhere.
  while (out.length < 4 && r() < 0.3) out.splice(int(r, 0, out.length), 0, 1);
  return out;
}

function scalarConstant(p: Program, t: ElementType, value: number): XlaOp {
  const data = allocData(t, 1);
  if (data instanceof BigInt64Array || data instanceof BigUint64Array) data[0] = BigInt(value === Infinity ? 1 : value === -Infinity ? 0 : value);
  else data[0] = ELEMENT_TYPE_INFO[t].normalize(value);
  return p.b.constant(arrayLiteralFromData(shape(t, []), data));
}

/** One random step: appends a value to the pool (the builder refuses combinations its shape rules reject: then nothing is added). */
const STEPS: readonly ((p: Program, x: XlaOp) => XlaOp)[] = [
  // unary
  (p, x) => pick(p.r, UNARY[ELEMENT_TYPE_INFO[p.arrayShape(x).elementType].kind]!)(p.b, x),
  // binary, same shape
  (p, x) => pick(p.r, BINARY[ELEMENT_TYPE_INFO[p.arrayShape(x).elementType].kind]!)(p.b, x, p.partner(x)),
  // binary with an implicit broadcast (broadcast_dimensions), either side
  (p, x) => {
    const { op, dims } = p.lowerRank(x);
    const f = pick(p.r, BINARY[ELEMENT_TYPE_INFO[p.arrayShape(x).elementType].kind]!);
    return p.r() < 0.5 ? f(p.b, x, op, dims) : f(p.b, op, x, dims);
  },
  // explicit broadcast into a bigger shape: new dimensions anywhere (broadcast_in_dim) or in front (broadcast)
  (p, x) => {
    const d = p.arrayShape(x).dimensions;
    const extra = int(p.r, 0, 4 - d.length);
    if (p.r() < 0.3) return p.b.broadcast(x, Array.from({ length: extra }, () => int(p.r, 0, 3)));
    const out = [...d];
    const where = d.map((_, i) => i);
    for (let k = 0; k < extra; k++) {
      const at = int(p.r, 0, out.length);
      out.splice(at, 0, int(p.r, 0, 3));
      for (let i = 0; i < where.length; i++) if (where[i] >= at) where[i]++;
    }
    // A size-1 operand dimension may also expand.
    where.forEach((w, i) => {
      if (d[i] === 1 && p.r() < 0.3) out[w] = int(p.r, 2, 3);
    });
    const y = p.b.broadcastInDim(x, out, where);
    return p.r() < 0.5 ? y : pick(p.r, BINARY[ELEMENT_TYPE_INFO[p.arrayShape(y).elementType].kind]!)(p.b, y, p.partner(y));
  },
  // compare, then select between x and a partner on it
  (p, x) => {
    const y = p.partner(x);
    const c = pick(p.r, COMPARE)(p.b, x, y);
    return p.r() < 0.7 ? p.b.select(c, x, y) : c;
  },
  // clamp between scalars or same-shaped bounds
  (p, x) => {
    const t = p.arrayShape(x).elementType;
    const bound = () => (p.r() < 0.5 ? p.parameter(shape(t, [])) : p.partner(x));
    return p.b.clamp(bound(), x, bound());
  },
  // convert to another type (and often back)
  (p, x) => {
    const u = pick(p.r, TYPES);
    const y = p.b.convert(x, u);
    return p.r() < 0.5 ? p.b.convert(y, p.arrayShape(x).elementType) : y;
  },
  // transpose
  (p, x) => p.b.transpose(x, permutation(p.r, p.arrayShape(x).dimensions.length)),
  // slice
  (p, x) => {
    const d = p.arrayShape(x).dimensions;
    const start = d.map((n) => int(p.r, 0, n));
    const limit = d.map((n, i) => int(p.r, start[i], n));
    return p.b.slice(x, start, limit, d.map(() => int(p.r, 1, 3)));
  },
  // reshape: general, or only degenerate dimensions added and removed
  (p, x) => {
    const d = p.arrayShape(x).dimensions;
    if (p.r() < 0.5) return p.b.reshape(x, reshapeDims(p.r, elementCount(p.arrayShape(x))));
    const kept = d.filter((n) => n !== 1);
    while (kept.length < 4 && p.r() < 0.4) kept.splice(int(p.r, 0, kept.length), 0, 1);
    return p.b.reshape(x, kept);
  },
  // iota of x's shape along a random dimension, combined with x
  (p, x) => {
    const s = p.arrayShape(x);
    if (s.dimensions.length === 0) return x;
    const io = p.b.iota(s, int(p.r, 0, s.dimensions.length - 1));
    return pick(p.r, BINARY[ELEMENT_TYPE_INFO[s.elementType].kind]!)(p.b, x, io);
  },
  // reduce over random dimensions
  (p, x) => {
    const s = p.arrayShape(x);
    const t = s.elementType;
    const kind = ELEMENT_TYPE_INFO[t].kind;
    const ops = kind === "pred" ? (["and", "or"] as const) : kind === "complex" ? (["add", "mul"] as const) : (["add", "mul", "max", "min"] as const);
    const op = pick(p.r, ops);
    const info = ELEMENT_TYPE_INFO[t];
    const identity = { add: 0, or: 0, mul: 1, and: 1, max: kind === "float" ? -Infinity : info.min, min: kind === "float" ? Infinity : info.max }[op];
    const init = p.r() < 0.8 ? scalarConstant(p, t, identity) : p.parameter(shape(t, []));
    const dims = s.dimensions.map((_, i) => i).filter(() => p.r() < 0.5);
    return p.b.reduce(x, init, scalarBinary(op, t), dims);
  },
  // dot_general with random batch and contracting dimensions; the rhs a new parameter
  (p, x) => {
    const s = p.arrayShape(x);
    const roles = s.dimensions.map(() => pick(p.r, ["batch", "contract", "free"] as const));
    const batch = roles.flatMap((k, i) => (k === "batch" ? [i] : []));
    const contract = roles.flatMap((k, i) => (k === "contract" ? [i] : []));
    const rhsDims = [...batch.map((i) => s.dimensions[i]), ...contract.map((i) => s.dimensions[i])];
    while (rhsDims.length < 4 && p.r() < 0.5) rhsDims.push(int(p.r, 0, 4));
    const perm = permutation(p.r, rhsDims.length);
    const where = (k: number) => perm.indexOf(k);
    const rhs = p.parameter(shape(s.elementType, perm.map((k) => rhsDims[k])));
    return p.b.dotGeneral(x, rhs, {
      lhsBatchDimensions: batch,
      rhsBatchDimensions: batch.map((_, k) => where(k)),
      lhsContractingDimensions: contract,
      rhsContractingDimensions: contract.map((_, k) => where(batch.length + k)),
    });
  },
];

interface Spec {
  readonly type: ElementType;
  readonly dims: readonly number[];
  readonly steps: readonly { readonly kind: number; readonly seed: number }[];
  readonly seed: number;
  readonly outputs: number;
}

/** Steps tried and steps the shape rules refused, over all builds (the generator's sanity test reports them). */
const stepTally = { tried: 0, refused: 0 };

function build(spec: Spec): { readonly module: HloModule; readonly args: readonly Literal[] } {
  const p = new Program(prng(spec.seed));
  p.values.push(p.parameter(shape(spec.type, spec.dims)));
  for (const step of spec.steps) {
    p.r = prng(step.seed);
    const x = p.values[Math.floor(p.r() * p.values.length)];
    stepTally.tried++;
    try {
      const y = STEPS[step.kind % STEPS.length](p, x);
      if (elementCount(p.arrayShape(y)) <= 4096) p.values.push(y);
    } catch (e) {
      // A combination the shape rules refuse (e.g. shifts on a float): the builder recorded
      // nothing but the parameters made for it, which keep their arguments.
      if (!(e instanceof HloError)) throw e;
      stepTally.refused++;
    }
  }
  const last = p.values.slice(-spec.outputs);
  const root = last.length === 1 ? last[0] : p.b.tuple(last);
  return { module: lowerBroadcasts(p.b.build(root)), args: p.args };
}

const dimSize = fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 4, arbitrary: fc.constant(1) }, { weight: 8, arbitrary: fc.integer({ min: 2, max: 5 }) });
const specArb: fc.Arbitrary<Spec> = fc.record({
  type: fc.oneof({ weight: 3, arbitrary: fc.constantFrom<ElementType>("f32", "f64", "s32", "pred", "bf16", "f16") }, { weight: 2, arbitrary: fc.constantFrom(...TYPES) }),
  dims: fc.array(dimSize, { minLength: 0, maxLength: 4 }),
  steps: fc.array(fc.record({ kind: fc.nat(STEPS.length - 1), seed: fc.nat() }), { minLength: 1, maxLength: 8 }),
  seed: fc.nat(),
  outputs: fc.integer({ min: 1, max: 2 }),
});

function check(spec: Spec, fuse: boolean): void {
  const { module, args } = build(spec);
  const r = runBoth(reference, compile, module, args, { maxBytes: 1 << 24 }, { fuse });
  if (r.problem !== undefined) {
    throw new Error(`${r.problem}${fuse ? "" : " (unfused)"}\n${printHloModule(module)}\nargs: ${JSON.stringify(args, (_, v) => (typeof v === "bigint" ? `${v}n` : v instanceof Float64Array ? Array.from(v, (x) => (Object.is(x, -0) ? "-0" : String(x))) : v))}`);
  }
}

describe("random programs on both engines", () => {
  it("builds programs over every element type", () => {
    // The generator really reaches every type and most steps (a sanity check of the generator itself).
    const seen = new Set<string>();
    let programs = 0;
    let fused = 0;
    let sizes = 0;
    // Count the loop nests generated (new Function) while compiling, to see the compiled loops are reached.
    let generated = 0;
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        generated++;
        return Reflect.construct(target, args);
      },
    });
    try {
      fc.assert(
        fc.property(specArb, (spec) => {
          const { module } = build(spec);
          programs++;
          sizes += entryComputation(module).instructions.length;
          for (const c of module.computations) for (const i of c.instructions) {
            seen.add(i.opcode);
            if (!isTupleShape(i.shape)) seen.add(i.shape.elementType);
          }
          if (entryComputation(compile(module).module).instructions.some((i) => i.opcode === "fusion")) fused++;
        }),
        { numRuns: 400, seed: 7 },
      );
    } finally {
      globalThis.Function = RealFunction;
    }
    for (const t of TYPES) expect(seen.has(t), t).toBe(true);
    for (const op of ["broadcast", "transpose", "slice", "reshape", "iota", "reduce", "dot", "select", "clamp", "convert", "compare"]) expect(seen.has(op), op).toBe(true);
    console.log(
      `${programs} programs: ${(sizes / programs).toFixed(1)} instructions on average, ${fused} hold a fusion after compile, ` +
        `${stepTally.refused} of ${stepTally.tried} steps refused by the shape rules, ${generated} loop nests generated`,
    );
    expect(generated).toBeGreaterThan(50);
    expect(stepTally.refused / stepTally.tried).toBeLessThan(0.25);
    expect(fused / programs).toBeGreaterThan(0.3);
  });

  it("agree bit for bit (fused, as compile does by default)", () => {
    fc.assert(fc.property(specArb, (spec) => check(spec, true)), propertyRuns(2500, 20261125));
  });

  it("agree bit for bit unfused (each op its own step)", () => {
    fc.assert(fc.property(specArb, (spec) => check(spec, false)), propertyRuns(500, 1125));
  });
});
