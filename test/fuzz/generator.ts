/**
 * The seeded program generator of the differential fuzzer: fast-check
 * arbitraries of FuzzPrograms, one per op family, with inputs rich in the
 * special values of every type (specialValues, interpreter/src/random_literal.ts:
 * NaN, ±0, ±inf, denormals, extremes) mixed with values of every magnitude.
 * fast-check shrinks a failing program: fewer dimensions, fewer steps,
 * simpler values.
 */
import fc from "fast-check";
import { ELEMENT_TYPE_INFO, type ElementType } from "@minixla/hlo";
import { specialValues } from "../../packages/interpreter/src/random_literal.ts";
import { type Family, type FuzzParam, type FuzzProgram, isBigType, shapeText } from "./program.ts";

const SIGNED: readonly ElementType[] = ["s8", "s16", "s32", "s64"];
const UNSIGNED: readonly ElementType[] = ["u8", "u16", "u32", "u64"];
const INTEGERS: readonly ElementType[] = [...SIGNED, ...UNSIGNED];
/** Floats with arithmetic on XLA CPU. */
const FLOATS: readonly ElementType[] = ["f16", "bf16", "f32", "f64"];
/** The narrow floats ml_dtypes holds (convert, bitcast-convert, shape ops). */
const NARROW_FLOATS: readonly ElementType[] = ["f8e5m2", "f8e4m3fn", "f8e4m3", "f8e3m4", "f8e4m3fnuz", "f8e5m2fnuz", "f8e4m3b11fnuz"];
/** Every type convert is fuzzed between. */
export const CONVERT_TYPES: readonly ElementType[] = ["pred", ...INTEGERS, ...FLOATS, ...NARROW_FLOATS];

const FLOAT_UNARY = [
  "abs", "cbrt", "ceil", "cosine", "erf", "exponential", "exponential-minus-one", "floor", "is-finite", "log", "log-plus-one",
  "logistic", "negate", "round-nearest-afz", "round-nearest-even", "rsqrt", "sign", "sine", "sqrt", "tan", "tanh",
] as const;
const INT_UNARY = ["abs", "negate", "not", "popcnt", "count-leading-zeros", "sign"] as const;
const FLOAT_BINARY = ["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "power", "atan2"] as const;
const INT_BINARY = [
  "add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "power", "and", "or", "xor",
  "shift-left", "shift-right-arithmetic", "shift-right-logical",
] as const;
const PRED_BINARY = ["and", "or", "xor", "maximum", "minimum"] as const;
const DIRECTIONS = ["EQ", "NE", "LT", "LE", "GT", "GE"] as const;

const DIMS: readonly (readonly number[])[] = [[], [1], [2], [3], [4], [2, 2], [2, 3], [1, 3], [3, 2]];
const MAX_ELEMENTS = 6;

const isFloat = (t: ElementType): boolean => ELEMENT_TYPE_INFO[t].kind === "float";

/** Values of a float type: its specials, small halves (rounding ties), and m * 2^e over the whole exponent range, denormals included. */
function floatValue(t: ElementType): fc.Arbitrary<number> {
  const info = ELEMENT_TYPE_INFO[t];
  const norm = info.normalize;
  const specials = specialValues(t) as readonly number[];
  const positive = specials.filter((v) => v > 0 && Number.isFinite(v));
  const emin = Math.floor(Math.log2(Math.min(...positive)));
  const emax = Math.floor(Math.log2(info.max));
  const held = (x: number): number => norm(x);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...specials) },
    { weight: 2, arbitrary: fc.integer({ min: -10, max: 10 }).map((k) => held(k / 2)) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.boolean(), fc.double({ min: 1, max: 2, maxExcluded: true, noNaN: true }), fc.integer({ min: emin, max: emax }))
        .map(([neg, m, e]) => held((neg ? -1 : 1) * m * 2 ** e)),
    },
  );
}

function numberIntValue(t: ElementType): fc.Arbitrary<number> {
  const info = ELEMENT_TYPE_INFO[t];
  if (info.kind === "pred") return fc.constantFrom(0, 1);
  const specials = specialValues(t) as readonly number[];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...specials) },
    { weight: 3, arbitrary: fc.integer({ min: Math.max(info.min, -6), max: Math.min(info.max, 70) }) },
    { weight: 3, arbitrary: fc.integer({ min: info.min, max: info.max }) },
  );
}

function bigIntValue(t: ElementType): fc.Arbitrary<bigint> {
  const signed = t === "s64";
  const min = signed ? -(2n ** 63n) : 0n;
  const max = signed ? 2n ** 63n - 1n : 2n ** 64n - 1n;
  const specials = specialValues(t) as readonly bigint[];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...specials) },
    { weight: 3, arbitrary: fc.bigInt({ min: signed ? -6n : 0n, max: 70n }) },
    { weight: 3, arbitrary: fc.bigInt({ min, max }) },
  );
}

/** One value of type t in storage form. */
export function valueOf(t: ElementType): fc.Arbitrary<number | bigint> {
  if (isBigType(t)) return bigIntValue(t);
  return isFloat(t) ? floatValue(t) : numberIntValue(t);
}

const count = (dims: readonly number[]): number => dims.reduce((a, b) => a * b, 1);

/** A parameter of type t and the given dimensions. */
function param(t: ElementType, dims: readonly number[]): fc.Arbitrary<FuzzParam> {
  const n = count(dims);
  return fc.array(valueOf(t), { minLength: n, maxLength: n }).map((values) => ({ type: t, dims, values }));
}

const dimsArb = fc.constantFrom(...DIMS.filter((d) => count(d) <= MAX_ELEMENTS));

function program(family: Family, label: string, params: readonly FuzzParam[], body: readonly string[], computations?: readonly string[]): FuzzProgram {
  return computations === undefined ? { family, label, params, body } : { family, label, params, body, computations };
}

/** Unary ops XLA's verifier takes on t (abs and sign are for signed and float types only). */
function unaryOps(t: ElementType): readonly string[] {
  if (t === "pred") return ["not"];
  if (isFloat(t)) return FLOAT_UNARY;
  return ELEMENT_TYPE_INFO[t].kind === "unsigned" ? INT_UNARY.filter((o) => o !== "abs" && o !== "sign") : INT_UNARY;
}
const binaryOps = (t: ElementType): readonly string[] => (t === "pred" ? PRED_BINARY : isFloat(t) ? FLOAT_BINARY : INT_BINARY);

const unary: fc.Arbitrary<FuzzProgram> = fc
  .tuple(fc.constantFrom<ElementType>("pred", ...INTEGERS, ...FLOATS), dimsArb)
  .chain(([t, dims]) => fc.tuple(fc.constantFrom(...unaryOps(t)), param(t, dims)))
  .map(([op, p]) => {
    const r = op === "is-finite" ? "pred" : p.type;
    return program("unary", `unary ${op} ${p.type}`, [p], [`r = ${shapeText(r, p.dims)} ${op}(p0)`]);
  });

/** Binary ops; for floats, sometimes divide by a broadcast scalar (the xla-cpu-numerics reciprocal rewrite). */
const binary: fc.Arbitrary<FuzzProgram> = fc
  .tuple(fc.constantFrom<ElementType>("pred", ...INTEGERS, ...FLOATS), dimsArb, fc.boolean())
  .chain(([t, dims, scalarRhs]) => fc.tuple(fc.constantFrom(...binaryOps(t)), param(t, dims), param(t, scalarRhs && dims.length > 0 ? [] : dims)))
  .map(([op, a, b]) => {
    const s = shapeText(a.type, a.dims);
    if (b.dims.length === a.dims.length) return program("binary", `binary ${op} ${a.type}`, [a, b], [`r = ${s} ${op}(p0, p1)`]);
    return program("binary", `binary ${op} ${a.type} by broadcast scalar`, [a, b], [`b = ${s} broadcast(p1), dimensions={}`, `r = ${s} ${op}(p0, b)`]);
  });

function comparisonTypes(t: ElementType): readonly (string | undefined)[] {
  if (isFloat(t)) return [undefined, "FLOAT", "TOTALORDER"];
  return [undefined, ELEMENT_TYPE_INFO[t].kind === "signed" ? "SIGNED" : "UNSIGNED"];
}

const compare: fc.Arbitrary<FuzzProgram> = fc
  .tuple(fc.constantFrom<ElementType>("pred", ...INTEGERS, ...FLOATS, ...NARROW_FLOATS), dimsArb)
  .chain(([t, dims]) => fc.tuple(fc.constantFrom(...DIRECTIONS), fc.constantFrom(...comparisonTypes(t)), param(t, dims), param(t, dims)))
  .map(([dir, type, a, b]) => {
    const attrs = `direction=${dir}${type === undefined ? "" : `, type=${type}`}`;
    return program("compare", `compare ${dir} ${type ?? "default"} ${a.type}`, [a, b], [`r = ${shapeText("pred", a.dims)} compare(p0, p1), ${attrs}`]);
  });

const convert: fc.Arbitrary<FuzzProgram> = fc
  .tuple(fc.constantFrom(...CONVERT_TYPES), fc.constantFrom(...CONVERT_TYPES), dimsArb)
  .chain(([from, to, dims]) => param(from, dims).map((p) => [to, p] as const))
  .map(([to, p]) => program("convert", `convert ${p.type}->${to}`, [p], [`r = ${shapeText(to, p.dims)} convert(p0)`]));

const BY_WIDTH: readonly (readonly ElementType[])[] = [
  ["s8", "u8", ...NARROW_FLOATS],
  ["s16", "u16", "f16", "bf16"],
  ["s32", "u32", "f32"],
  ["s64", "u64", "f64"],
];
const WIDTH_PAIRS: readonly (readonly [ElementType, ElementType])[] = [
  ["f32", "u16"], ["u16", "f32"], ["f64", "f32"], ["f32", "f64"], ["s32", "u8"], ["u8", "s32"], ["f64", "bf16"], ["f16", "u32"],
];
const bytes = (t: ElementType): number => Math.max(1, ELEMENT_TYPE_INFO[t].bitWidth / 8);

const bitcastConvert: fc.Arbitrary<FuzzProgram> = fc
  .oneof(
    fc.constantFrom(...BY_WIDTH).chain((g) => fc.tuple(fc.constantFrom(...g), fc.constantFrom(...g))),
    fc.constantFrom(...WIDTH_PAIRS),
  )
  .chain(([from, to]) => {
    const ratio = bytes(to) / bytes(from);
    // Narrowing adds a minor dimension of the ratio; widening consumes one.
    const dims = ratio < 1 ? fc.constantFrom([] as number[], [2]) : ratio > 1 ? fc.constantFrom([ratio], [2, ratio]) : dimsArb;
    return dims.chain((d) => param(from, d).map((p) => [to, p] as const));
  })
  .map(([to, p]) => {
    const ratio = bytes(to) / bytes(p.type);
    const dims = ratio < 1 ? [...p.dims, 1 / ratio] : ratio > 1 ? p.dims.slice(0, -1) : p.dims;
    return program("bitcast-convert", `bitcast-convert ${p.type}->${to}`, [p], [`r = ${shapeText(to, dims)} bitcast-convert(p0)`]);
  });

const FORMAT_BITS: Readonly<Record<string, readonly [number, number]>> = { f16: [5, 10], bf16: [8, 7], f32: [8, 23], f64: [11, 52] };

const reducePrecision: fc.Arbitrary<FuzzProgram> = fc
  .tuple(fc.constantFrom(...FLOATS), dimsArb)
  .chain(([t, dims]) => {
    const [e, m] = FORMAT_BITS[t];
    return fc.tuple(fc.integer({ min: 1, max: e }), fc.integer({ min: 0, max: m }), param(t, dims));
  })
  .map(([e, m, p]) =>
    program("reduce-precision", `reduce-precision ${p.type} e${e}m${m}`, [p], [`r = ${shapeText(p.type, p.dims)} reduce-precision(p0), exponent_bits=${e}, mantissa_bits=${m}`]),
  );

const selectClamp: fc.Arbitrary<FuzzProgram> = fc
  .tuple(fc.constantFrom<ElementType>(...INTEGERS, ...FLOATS), dimsArb, fc.boolean())
  .chain(([t, dims, isSelect]) => fc.tuple(fc.constant(isSelect), param(isSelect ? "pred" : t, dims), param(t, dims), param(t, dims)))
  .map(([isSelect, a, b, c]) => {
    const s = shapeText(b.type, b.dims);
    return isSelect
      ? program("select-clamp", `select ${b.type}`, [a, b, c], [`r = ${s} select(p0, p1, p2)`])
      : program("select-clamp", `clamp ${b.type}`, [a, b, c], [`r = ${s} clamp(p0, p1, p2)`]);
  });

function reducer(op: string, t: ElementType): string {
  return [`red {`, `  a = ${t}[] parameter(0)`, `  b = ${t}[] parameter(1)`, `  ROOT r = ${t}[] ${op}(a, b)`, `}`].join("\n");
}

/** Initial values that keep a reduction meaningful, as HLO literal text. */
function initText(op: string, t: ElementType): string {
  if (op === "multiply") return "1";
  // 64-bit extremes are beyond float64's integers: write them exactly.
  if (t === "s64" && (op === "maximum" || op === "minimum")) return op === "maximum" ? "-9223372036854775808" : "9223372036854775807";
  if (op === "maximum") return isFloat(t) ? "-inf" : t === "pred" ? "0" : String(ELEMENT_TYPE_INFO[t].min);
  if (op === "minimum") return isFloat(t) ? "inf" : t === "pred" ? "1" : String(ELEMENT_TYPE_INFO[t].max);
  if (op === "and") return t === "pred" ? "1" : "-1";
  return "0";
}

const reduce: fc.Arbitrary<FuzzProgram> = fc
  .tuple(fc.constantFrom<ElementType>("pred", "s32", "u8", "s64", ...FLOATS), fc.constantFrom<readonly number[]>([4], [2, 3], [3, 2], [2, 2], [6]))
  .chain(([t, dims]) => {
    const ops = t === "pred" ? ["and", "or"] : isFloat(t) ? ["add", "multiply", "maximum", "minimum"] : ["add", "multiply", "maximum", "minimum", "and", "or"];
    const dimSets = dims.length === 1 ? [[0]] : [[0], [1], [0, 1]];
    return fc.tuple(fc.constantFrom(...ops), fc.constantFrom(...dimSets), param(t, dims));
  })
  .filter(([op, _d, p]) => !(op === "and" && p.type.startsWith("u")))
  .map(([op, rd, p]) => {
    const t = p.type;
    const kept = p.dims.filter((_, i) => !rd.includes(i));
    return program(
      "reduce",
      `reduce ${op} ${t}`,
      [p],
      [`init = ${t}[] constant(${initText(op, t)})`, `r = ${shapeText(t, kept)} reduce(p0, init), dimensions={${rd.join(",")}}, to_apply=red`],
      [reducer(op, t)],
    );
  });

const dot: fc.Arbitrary<FuzzProgram> = fc
  .tuple(fc.constantFrom<ElementType>("f32", "f64", "f16", "bf16", "s32", "s8"), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 2 }))
  .chain(([t, m, k, n]) => fc.tuple(param(t, [m, k]), param(t, [k, n])))
  .map(([a, b]) =>
    program("dot", `dot ${a.type}`, [a, b], [`r = ${shapeText(a.type, [a.dims[0], b.dims[1]])} dot(p0, p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}`]),
  );

const SHAPE_OPS = ["transpose", "reshape", "broadcast", "slice", "concatenate", "reverse", "pad"] as const;

const shapeOps: fc.Arbitrary<FuzzProgram> = fc
  .tuple(fc.constantFrom("pred", ...INTEGERS, ...FLOATS, ...NARROW_FLOATS), fc.constantFrom<readonly number[]>([2, 3], [3, 2], [2, 2], [1, 3]), fc.constantFrom(...SHAPE_OPS))
  .chain(([t, dims, op]) => fc.tuple(fc.constant(op), param(t, dims), param(t, dims)))
  .map(([op, a, b]) => {
    const t = a.type;
    const [r, c] = a.dims;
    const label = `shape ${op} ${t}`;
    switch (op) {
      case "transpose":
        return program("shape", label, [a], [`r = ${shapeText(t, [c, r])} transpose(p0), dimensions={1,0}`]);
      case "reshape":
        return program("shape", label, [a], [`r = ${shapeText(t, [r * c])} reshape(p0)`]);
      case "broadcast":
        return program("shape", label, [a], [`r = ${shapeText(t, [r, 2, c])} broadcast(p0), dimensions={0,2}`]);
      case "slice":
        return program("shape", label, [a], [`r = ${shapeText(t, [1, c])} slice(p0), slice={[${r - 1}:${r}], [0:${c}]}`]);
      case "concatenate":
        return program("shape", label, [a, b], [`r = ${shapeText(t, [2 * r, c])} concatenate(p0, p1), dimensions={0}`]);
      case "reverse":
        return program("shape", label, [a], [`r = ${shapeText(t, [r, c])} reverse(p0), dimensions={0,1}`]);
      case "pad":
        return program("shape", label, [a, { type: t, dims: [], values: [b.values[0]] }], [`r = ${shapeText(t, [r + 1, c + 2])} pad(p0, p1), padding=1_0x1_1`]);
      default:
        return op satisfies never;
    }
  });

const CHAIN_FLOATS: readonly ElementType[] = ["f16", "bf16", "f32", "f64"];

/** Two to four steps on one float type: unary ops, and binary ops with p1 on either side (multiply then add: the FMA contraction). */
const chain: fc.Arbitrary<FuzzProgram> = fc
  .tuple(fc.constantFrom(...CHAIN_FLOATS), dimsArb)
  .chain(([t, dims]) =>
    fc.tuple(
      param(t, dims),
      param(t, dims),
      fc.array(
        fc.oneof(
          fc.constantFrom(...FLOAT_UNARY.filter((o) => o !== "is-finite")).map((op) => ({ op, side: 0 })),
          fc.tuple(fc.constantFrom(...FLOAT_BINARY), fc.constantFrom(1, 2)).map(([op, side]) => ({ op, side })),
          fc.constantFrom({ op: "multiply", side: 1 }, { op: "add", side: 1 }),
        ),
        { minLength: 2, maxLength: 4 },
      ),
    ),
  )
  .map(([a, b, steps]) => {
    const s = shapeText(a.type, a.dims);
    const lines: string[] = [];
    let prev = "p0";
    steps.forEach((st, i) => {
      const name = `v${i}`;
      const args = st.side === 0 ? prev : st.side === 1 ? `${prev}, p1` : `p1, ${prev}`;
      lines.push(`${name} = ${s} ${st.op}(${args})`);
      prev = name;
    });
    return program("chain", `chain ${a.type} ${steps.map((x) => x.op).join(",")}`, [a, b], lines);
  });

/** The arbitrary of one family's programs. */
export const FAMILY_ARBITRARIES: { readonly [K in Family]: fc.Arbitrary<FuzzProgram> } = {
  unary,
  binary,
  compare,
  convert,
  "bitcast-convert": bitcastConvert,
  "reduce-precision": reducePrecision,
  "select-clamp": selectClamp,
  reduce,
  dot,
  shape: shapeOps,
  chain,
};

/** Programs of the given families (all by default), with weights favouring the element-wise families. */
export function programs(families: readonly Family[] = Object.keys(FAMILY_ARBITRARIES) as Family[]): fc.Arbitrary<FuzzProgram> {
  const weight = (f: Family): number => (f === "unary" || f === "binary" || f === "convert" ? 3 : f === "compare" || f === "chain" ? 2 : 1);
  return fc.oneof(...families.map((f) => ({ weight: weight(f), arbitrary: FAMILY_ARBITRARIES[f] })));
}
