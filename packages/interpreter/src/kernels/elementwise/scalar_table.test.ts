/**
 * The table of scalar semantics against the reference: for every element-wise
 * opcode and every type stored one float64 per element where the op is
 * defined (the verifier accepts the module), norm(fn(...)) applied element by
 * element over edge inputs (NaN, -NaN, ±0, ±inf, denormals, integer extremes,
 * typical values, all in the type's value set) is exactly (Object.is) what
 * `evaluate` computes. And the reduce fast path's scalarOp is the table's.
 */
import fc from "fast-check";
import {
  type ArrayLiteral,
  type ComparisonType,
  ELEMENT_TYPES,
  ELEMENT_TYPE_INFO,
  type ElementType,
  type HloInstruction,
  type HloModule,
  OPCODES,
  type Opcode,
  arrayLiteralFromData,
  isArrayLiteral,
  isFloatType,
  literal,
  parseHloModule,
  shape,
  verificationProblems,
} from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";
import { type ReducerOp, bigScalarOp, scalarOp } from "../reduce/reducer.ts";
import { binarySemantics, scalarKey, scalarSemantics } from "./table.ts";

/** A NaN with its sign bit set (x86's 0/0), and one with a payload. */
const bitsToNumber = (hi: number, lo: number): number => {
  const d = new DataView(new ArrayBuffer(8));
  d.setUint32(0, hi);
  d.setUint32(4, lo);
  return d.getFloat64(0);
};
const negNaN = bitsToNumber(0xfff80000, 0);
const payloadNaN = bitsToNumber(0x7ff00000, 1);

/** Types stored one float64 per element that hold numbers. */
const NUMBER_TYPES: readonly ElementType[] = ELEMENT_TYPES.filter((t) => t !== "token" && ELEMENT_TYPE_INFO[t].storage === "f64");

const FLOAT_EDGES = [
  Number.NaN, negNaN, payloadNaN, 0, -0, Infinity, -Infinity,
  5e-324, -5e-324, 2.2250738585072014e-308, 1.401298464324817e-45, -1.1754943508222875e-38, 5.960464477539063e-8, 6.103515625e-5,
  1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 3, 0.1, Math.PI, -7.75, 2, 100, 65504, 1e10, 3.4028234663852886e38, -1.7976931348623157e308,
];
const INT_EDGES = [0, 1, -1, 2, 3, -2, 5, 7, -8, 15, 16, 31, 32, 33, 63, 64, 100, -100, 127, -128, 255, 65535, 2 ** 31 - 1, -(2 ** 31), 2 ** 32 - 1];

/** Edge inputs of type t, in t's value set. */
function edges(t: ElementType): number[] {
  const info = ELEMENT_TYPE_INFO[t];
  if (t === "pred") return [0, 1];
  if (info.kind === "float") return t === "f64" ? FLOAT_EDGES : FLOAT_EDGES.map((x) => info.normalize(x));
  return [...new Set([info.min, info.min + 1, info.max, info.max - 1, ...INT_EDGES.map((x) => info.normalize(x))])];
}

/** A smaller set for three operands (whose cases are all triples). */
const fewEdges = (t: ElementType): number[] => {
  const e = edges(t);
  return e.length <= 8 ? e : [e[0], e[1], e[3], e[4], e[5], e[10], e[14], e[e.length - 1], e[e.length - 3]];
};

/** Every combination of one value per list, as operand columns. */
function product(lists: readonly (readonly number[])[]): number[][] {
  let rows: number[][] = [[]];
  for (const l of lists) rows = rows.flatMap((r) => l.map((x) => [...r, x]));
  return lists.map((_, k) => rows.map((r) => r[k]));
}

interface Case {
  readonly opcode: Opcode;
  readonly operandTypes: readonly ElementType[];
  readonly result: ElementType;
  /** Attribute text after the operands (", direction=LT"). */
  readonly attrs?: string;
  /** Operand columns: one value list per operand, all of one length (or length 1 for a scalar operand). */
  readonly columns: readonly (readonly number[])[];
}

/** The module `ROOT r = result[n] opcode(p0, ...)`, or undefined where the verifier rejects it (the op is not defined there). */
function moduleOf(c: Case): HloModule | undefined {
  const n = Math.max(...c.columns.map((col) => col.length));
  const dims = (col: readonly number[]): string => (col.length === 1 && n !== 1 ? "[]" : `[${col.length}]`);
  const params = c.operandTypes.map((t, i) => `  p${i} = ${t}${dims(c.columns[i])} parameter(${i})\n`).join("");
  const operands = c.operandTypes.map((_, i) => `p${i}`).join(", ");
  const text = `HloModule m\n\nENTRY e {\n${params}  ROOT r = ${c.result}[${n}] ${c.opcode}(${operands})${c.attrs ?? ""}\n}\n`;
  let m: HloModule;
  try {
    m = parseHloModule(text);
  } catch {
    return undefined;
  }
  return verificationProblems(m).length === 0 ? m : undefined;
}

const rootOf = (m: HloModule): HloInstruction => {
  const c = m.computations.find((x) => x.name === m.entry)!;
  return c.instructions.find((i) => i.name === c.root)!;
};

/**
 * Checks one case; returns false when the op is not defined on these types.
 * Mismatches are collected as readable lines.
 */
function check(c: Case, mismatches: string[]): boolean {
  const m = moduleOf(c);
  if (m === undefined) return false;
  const inst = rootOf(m);
  const sem = scalarSemantics(inst, c.operandTypes);
  if (sem === undefined) {
    mismatches.push(`${c.opcode}(${c.operandTypes}) -> ${c.result}${c.attrs ?? ""}: no semantics in the table`);
    return true;
  }
  expect(scalarSemantics(inst, c.operandTypes)).toBe(sem); // cached per key
  expect(scalarKey(inst, c.operandTypes)).toBeTypeOf("string");
  const args = c.columns.map((col, i) => arrayLiteralFromData(shape(c.operandTypes[i], col.length === 1 && c.columns.some((o) => o.length > 1) ? [] : [col.length]), Float64Array.from(col)));
  const out = evaluate(m, args);
  if (!isArrayLiteral(out)) throw new Error("expected an array");
  const n = out.data.length;
  const data = args.map((a) => a.data as Float64Array);
  for (let i = 0; i < n; i++) {
    const xs = data.map((d) => (d.length === 1 ? d[0] : d[i]));
    const y = sem.fn(...xs);
    const got = sem.norm === undefined ? y : sem.norm(y);
    const want = (out.data as Float64Array)[i];
    if (!Object.is(got, want)) {
      mismatches.push(`${c.opcode}(${c.operandTypes}) -> ${c.result}${c.attrs ?? ""} at (${xs.join(", ")}): table ${got}, reference ${want}`);
      if (mismatches.length > 20) return true;
    }
  }
  return true;
}

const ELEMENTWISE = (Object.keys(OPCODES) as Opcode[]).filter((op) => OPCODES[op].family === "elementwise");

/** The cases of one opcode over every number type. */
function casesOf(op: Opcode): Case[] {
  const kind = OPCODES[op].kind;
  const cases: Case[] = [];
  for (const t of NUMBER_TYPES) {
    switch (op) {
      case "compare":
        for (const direction of ["EQ", "NE", "LT", "LE", "GT", "GE"]) {
          for (const type of [undefined, "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"] satisfies (ComparisonType | undefined)[]) {
            const attrs = `, direction=${direction}${type === undefined ? "" : `, type=${type}`}`;
            cases.push({ opcode: op, operandTypes: [t, t], result: "pred", attrs, columns: product([edges(t), edges(t)]) });
          }
        }
        continue;
      case "select": {
        cases.push({ opcode: op, operandTypes: ["pred", t, t], result: t, columns: product([[0, 1], fewEdges(t), fewEdges(t)]) });
        cases.push({ opcode: op, operandTypes: ["pred", t, t], result: t, columns: [[1], edges(t), edges(t).reverse()] });
        if (t === "f32") {
          for (const narrow of ["f16", "bf16"] as const) {
            cases.push({ opcode: op, operandTypes: ["pred", narrow, t], result: t, columns: product([[0, 1], fewEdges(narrow), fewEdges(t)]) });
          }
        }
        continue;
      }
      case "clamp":
        cases.push({ opcode: op, operandTypes: [t, t, t], result: t, columns: product([fewEdges(t), fewEdges(t), fewEdges(t)]) });
        for (const lo of fewEdges(t)) cases.push({ opcode: op, operandTypes: [t, t, t], result: t, columns: [[lo], edges(t), [fewEdges(t)[3]]] });
        continue;
      case "convert":
        for (const to of NUMBER_TYPES) cases.push({ opcode: op, operandTypes: [t], result: to, columns: [edges(t)] });
        continue;
      case "reduce-precision":
        for (const [e, mant] of [[5, 10], [8, 7], [8, 23], [11, 52], [4, 3], [5, 2], [2, 1], [1, 0]]) {
          cases.push({ opcode: op, operandTypes: [t], result: t, attrs: `, exponent_bits=${e}, mantissa_bits=${mant}`, columns: [edges(t)] });
        }
        continue;
      case "is-finite":
        cases.push({ opcode: op, operandTypes: [t], result: "pred", columns: [edges(t)] });
        continue;
      default:
        break;
    }
    if (kind === "unary" || kind === "conversion") cases.push({ opcode: op, operandTypes: [t], result: t, columns: [edges(t)] });
    else if (kind === "binary") cases.push({ opcode: op, operandTypes: [t, t], result: t, columns: product([edges(t), edges(t)]) });
  }
  return cases;
}

/** Opcodes with no scalar form on numbers: the table answers undefined. */
const NO_SCALAR_FORM: ReadonlySet<Opcode> = new Set(["bitcast-convert", "complex"]);

describe("the table of scalar semantics", () => {
  for (const op of ELEMENTWISE.filter((o) => !NO_SCALAR_FORM.has(o))) {
    it(`${op}: norm(fn(...)) equals the reference kernel on every type where it is defined`, () => {
      const mismatches: string[] = [];
      const defined = casesOf(op).filter((c) => check(c, mismatches));
      expect(mismatches).toEqual([]);
      expect(defined.length).toBeGreaterThan(0);
    });
  }

  it("has no scalar form for bitcast-convert, complex, or operands not stored one float64 per element", () => {
    const inst = (opcode: Opcode, operands: number, result: ElementType) =>
      ({ name: "x", opcode, operands: Array.from({ length: operands }, (_, i) => `p${i}`), shape: shape(result, [2]), attributes: {}, called: [] }) as unknown as HloInstruction;
    expect(scalarSemantics(inst("bitcast-convert", 1, "s32"), ["f32"])).toBeUndefined();
    expect(scalarSemantics(inst("complex", 2, "c64"), ["f32", "f32"])).toBeUndefined();
    expect(scalarSemantics(inst("add", 2, "s64"), ["s64", "s64"])).toBeUndefined();
    expect(scalarSemantics(inst("convert", 1, "f32"), ["s64"])).toBeUndefined();
    expect(scalarSemantics(inst("negate", 1, "c64"), ["c64"])).toBeUndefined();
    expect(scalarSemantics(inst("broadcast", 1, "f32"), ["f32"])).toBeUndefined();
    expect(scalarSemantics(inst("add", 2, "f32"), ["f32"])).toBeUndefined(); // wrong operand count
  });

  it("keys name opcode, attributes and types only, never instruction names", () => {
    const a = rootOf(moduleOf({ opcode: "compare", operandTypes: ["f32", "f32"], result: "pred", attrs: ", direction=LT, type=TOTALORDER", columns: [[1], [1]] })!);
    const key = scalarKey(a, ["f32", "f32"])!;
    expect(key).toContain("TOTALORDER");
    const renamed = { ...a, name: "evil'); throw 1; //" } as HloInstruction;
    expect(scalarKey(renamed, ["f32", "f32"])).toBe(key);
    expect(scalarSemantics(renamed, ["f32", "f32"])).toBe(scalarSemantics(a, ["f32", "f32"]));
    const lt = rootOf(moduleOf({ opcode: "compare", operandTypes: ["f32", "f32"], result: "pred", attrs: ", direction=LT", columns: [[1], [1]] })!);
    expect(scalarKey(lt, ["f32", "f32"])).not.toBe(key);
  });

  it("random f32, bf16, s8 and u32 values through every binary op agree with the reference (property)", () => {
    const binaryOps = ELEMENTWISE.filter((o) => OPCODES[o].kind === "binary" && !NO_SCALAR_FORM.has(o));
    fc.assert(
      fc.property(
        fc.constantFrom(...binaryOps),
        fc.constantFrom<ElementType>("f32", "bf16", "s8", "u32", "f8e4m3fn"),
        fc.array(fc.tuple(fc.double(), fc.double()), { minLength: 1, maxLength: 32 }),
        (op, t, pairs) => {
          const norm = ELEMENT_TYPE_INFO[t].normalize;
          const toType = (x: number): number => (isFloatType(t) ? norm(x) : norm(Number.isFinite(x) ? Math.trunc(x % 2 ** 32) : 0));
          const mismatches: string[] = [];
          check({ opcode: op, operandTypes: [t, t], result: t, columns: [pairs.map((p) => toType(p[0])), pairs.map((p) => toType(p[1]))] }, mismatches);
          expect(mismatches).toEqual([]);
        },
      ),
      { numRuns: 60, seed: 9 },
    );
  });
});

describe("the reduce fast path reads the table", () => {
  const REDUCER_OPS: readonly ReducerOp[] = ["add", "multiply", "maximum", "minimum", "and", "or"];
  for (const op of REDUCER_OPS) {
    it(`scalarOp("${op}") is the table's norm(fn(a, b)) on every type stored one float64 per element`, () => {
      for (const t of NUMBER_TYPES) {
        const kind = ELEMENT_TYPE_INFO[t].kind;
        if ((op === "and" || op === "or") && kind === "float") {
          expect(() => scalarOp(op, t)).toThrow(/not defined/);
          continue;
        }
        const { fn, norm } = binarySemantics(op, t)!;
        const f = scalarOp(op, t);
        expect(scalarOp(op, t)).toBe(f);
        const [as, bs] = product([edges(t), edges(t)]);
        for (let i = 0; i < as.length; i++) {
          const want = norm === undefined ? fn(as[i], bs[i]) : norm(fn(as[i], bs[i]));
          if (!Object.is(f(as[i], bs[i]), want)) expect([op, t, as[i], bs[i], f(as[i], bs[i])]).toEqual([op, t, as[i], bs[i], want]);
        }
      }
    });
  }

  it("bigScalarOp equals the reference's s64/u64 add, multiply, maximum, minimum, and, or", () => {
    const big = (t: "s64" | "u64"): bigint[] =>
      t === "s64" ? [0n, 1n, -1n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 32n, 3n, -(2n ** 53n) - 1n] : [0n, 1n, 2n ** 64n - 1n, 2n ** 63n, 2n ** 32n, 3n, 2n ** 53n + 1n];
    for (const t of ["s64", "u64"] as const) {
      const values = big(t);
      const as = values.flatMap((a) => values.map(() => a));
      const bs = values.flatMap(() => values);
      for (const op of REDUCER_OPS) {
        const m = parseHloModule(`HloModule m\n\nENTRY e {\n  a = ${t}[${as.length}] parameter(0)\n  b = ${t}[${as.length}] parameter(1)\n  ROOT r = ${t}[${as.length}] ${op}(a, b)\n}\n`);
        const out = evaluate(m, [literal(t, [as.length], as), literal(t, [bs.length], bs)]) as ArrayLiteral;
        const f = bigScalarOp(op, t);
        expect(as.map((a, i) => f(a, bs[i]))).toEqual(Array.from(out.data as BigInt64Array));
      }
    }
  });
});
