/**
 * The compiled s64/u64 element-wise steps against the reference kernels, bit
 * for bit: every op they take, on values drawn around the 64-bit bounds
 * (where add, subtract, multiply, negate and the shifts wrap), and a while
 * loop whose s64 counter wraps past INT64_MAX.
 */
import { type HloModule, type Literal, entryComputation, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import type { Numerics } from "../kernel.ts";
import { compile } from "./compile.ts";
import { planComputation } from "./program.ts";

const S64_MIN = -(2n ** 63n);
const S64_MAX = 2n ** 63n - 1n;
const U64_MAX = 2n ** 64n - 1n;

/** 64-bit values with the bounds, their neighbours and small shift counts well represented. */
function wideArb(t: "s64" | "u64"): fc.Arbitrary<bigint> {
  const lo = t === "s64" ? S64_MIN : 0n;
  const hi = t === "s64" ? S64_MAX : U64_MAX;
  const edges = t === "s64" ? [S64_MIN, S64_MIN + 1n, -1n, 0n, 1n, 63n, 64n, S64_MAX - 1n, S64_MAX] : [0n, 1n, 2n, 63n, 64n, 65n, 2n ** 63n, U64_MAX - 1n, U64_MAX];
  return fc.oneof(
    { weight: 3, arbitrary: fc.bigInt({ min: lo, max: hi }) },
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
    { weight: 2, arbitrary: fc.bigInt({ min: t === "s64" ? -70n : 0n, max: 70n }) },
  );
}

function wideLiteral(t: "s64" | "u64", dims: readonly number[], vs: readonly bigint[]): Literal {
  return literal(t, dims, t === "s64" ? BigInt64Array.from(vs, (v) => BigInt.asIntN(64, v)) : BigUint64Array.from(vs, (v) => BigInt.asUintN(64, v)));
}

/** Compiles without fusion, checks that `opcode` runs as a compiled step, and compares two runs with the reference. */
function expectCompiled(m: HloModule, args: readonly Literal[], opcode: string, numerics: Numerics): void {
  const exe = compile(m, { numerics, fuse: false });
  const plan = planComputation(exe.module, entryComputation(exe.module), true, numerics);
  expect(plan.steps.find((s) => s.inst.opcode === opcode)?.fast, `${opcode} runs as a compiled step`).toBeDefined();
  const want = evaluate(m, args, { numerics });
  for (let run = 0; run < 2; run++) expect(firstBitDifference(exe.execute(args), want)?.message).toBeUndefined();
}

const BINARY = [
  "add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum",
  "and", "or", "xor", "shift-left", "shift-right-arithmetic", "shift-right-logical",
] as const;
const UNARY = ["negate", "abs", "not", "sign", "popcnt", "count-leading-zeros"] as const;
/** The unary ops XLA's shape rules let take unsigned integers. */
const UNSIGNED_UNARY: ReadonlySet<string> = new Set(["not", "popcnt", "count-leading-zeros"]);
const DIRECTIONS = ["EQ", "NE", "LT", "LE", "GT", "GE"] as const;

const caseArb = fc.record({
  t: fc.constantFrom<"s64" | "u64">("s64", "u64"),
  n: fc.integer({ min: 0, max: 6 }),
  scalar: fc.boolean(),
  numerics: fc.constantFrom<Numerics>("reference", "xla-cpu"),
  seed: fc.integer(),
});

describe("compiled s64/u64 element-wise steps", () => {
  it("binary ops give the reference's bits, wrapping at the 64-bit bounds (property)", () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(...BINARY), fc.array(fc.tuple(wideArb("s64"), wideArb("u64")), { minLength: 12, maxLength: 12 }), (c, op, pool) => {
        const dims = c.scalar ? [] : [c.n];
        const n = c.scalar ? 1 : c.n;
        const pick = (k: number): bigint => (c.t === "s64" ? pool[k % pool.length][0] : pool[k % pool.length][1]);
        const a = wideLiteral(c.t, dims, Array.from({ length: n }, (_, i) => pick(i)));
        const b = wideLiteral(c.t, dims, Array.from({ length: n }, (_, i) => pick(i + 5)));
        const ty = `${c.t}[${dims.join(",")}]`;
        const m = parseHloModule(`HloModule b
ENTRY %main (a: ${ty}, b: ${ty}) -> ${ty} {
  %a = ${ty} parameter(0)
  %b = ${ty} parameter(1)
  ROOT %r = ${ty} ${op}(%a, %b)
}`);
        expectCompiled(m, [a, b], op, c.numerics);
      }),
      { numRuns: 120 },
    );
  });

  it("unary ops and compare give the reference's bits (property)", () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(...UNARY), fc.constantFrom(...DIRECTIONS), fc.array(fc.tuple(wideArb("s64"), wideArb("u64")), { minLength: 8, maxLength: 8 }), (c, op0, dir, pool) => {
        const op = c.t === "u64" && !UNSIGNED_UNARY.has(op0) ? "not" : op0;
        const dims = c.scalar ? [] : [c.n];
        const n = c.scalar ? 1 : c.n;
        const pick = (k: number): bigint => (c.t === "s64" ? pool[k % pool.length][0] : pool[k % pool.length][1]);
        const a = wideLiteral(c.t, dims, Array.from({ length: n }, (_, i) => pick(i)));
        const b = wideLiteral(c.t, dims, Array.from({ length: n }, (_, i) => pick(i + 3)));
        const ty = `${c.t}[${dims.join(",")}]`;
        const pred = `pred[${dims.join(",")}]`;
        const unary = parseHloModule(`HloModule u
ENTRY %main (a: ${ty}) -> ${ty} {
  %a = ${ty} parameter(0)
  ROOT %r = ${ty} ${op}(%a)
}`);
        expectCompiled(unary, [a], op, c.numerics);
        const compare = parseHloModule(`HloModule c
ENTRY %main (a: ${ty}, b: ${ty}) -> ${pred} {
  %a = ${ty} parameter(0)
  %b = ${ty} parameter(1)
  ROOT %r = ${pred} compare(%a, %b), direction=${dir}
}`);
        expectCompiled(compare, [a, b], "compare", c.numerics);
      }),
      { numRuns: 80 },
    );
  });

  it("convert between s64/u64 and the narrow integers, pred and floats gives the reference's bits (property)", () => {
    const NARROW = ["s8", "u8", "s16", "u16", "s32", "u32", "pred"] as const;
    fc.assert(
      fc.property(
        fc.constantFrom<"s64" | "u64">("s64", "u64"),
        fc.constantFrom(...NARROW),
        fc.array(fc.tuple(wideArb("s64"), wideArb("u64")), { minLength: 5, maxLength: 5 }),
        fc.array(fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }), fc.constantFrom(0, 1, -1)), { minLength: 5, maxLength: 5 }),
        fc.array(fc.oneof(fc.double(), fc.constantFrom(2 ** 63, -(2 ** 63), 2 ** 64, -0.5, 1e300)), { minLength: 5, maxLength: 5 }),
        (wideT, narrow, pool, ints, doubles) => {
          const w = wideLiteral(wideT, [5], pool.map(([s, u]) => (wideT === "s64" ? s : u)));
          const down = parseHloModule(`HloModule d
ENTRY %main (a: ${wideT}[5]) -> ${narrow}[5] {
  %a = ${wideT}[5] parameter(0)
  ROOT %r = ${narrow}[5] convert(%a)
}`);
          expectCompiled(down, [w], "convert", "reference");
          // Narrow values in the narrow type's value set (convert from f64 wraps them as the reference does).
          const narrowValues = evaluate(
            parseHloModule(`HloModule n
ENTRY %main (a: f64[5]) -> ${narrow}[5] {
  %a = f64[5] parameter(0)
  ROOT %r = ${narrow}[5] convert(%a)
}`),
            [literal("f64", [5], ints)],
          );
          const up = parseHloModule(`HloModule up
ENTRY %main (a: ${narrow}[5]) -> ${wideT}[5] {
  %a = ${narrow}[5] parameter(0)
  ROOT %r = ${wideT}[5] convert(%a)
}`);
          expectCompiled(up, [narrowValues], "convert", "reference");
          const fromFloat = parseHloModule(`HloModule f
ENTRY %main (a: f64[5]) -> ${wideT}[5] {
  %a = f64[5] parameter(0)
  ROOT %r = ${wideT}[5] convert(%a)
}`);
          expectCompiled(fromFloat, [literal("f64", [5], doubles)], "convert", "reference");
          const other = wideT === "s64" ? "u64" : "s64";
          const across = parseHloModule(`HloModule x
ENTRY %main (a: ${wideT}[5]) -> ${other}[5] {
  %a = ${wideT}[5] parameter(0)
  ROOT %r = ${other}[5] convert(%a)
}`);
          expectCompiled(across, [w], "convert", "reference");
        },
      ),
      { numRuns: 60 },
    );
  });

  it("runs a while loop whose s64 counter wraps past INT64_MAX as the reference does", () => {
    const m = parseHloModule(`HloModule loop
body {
  p = (s64[], s64[], u32[]) parameter(0)
  i = s64[] get-tuple-element(p), index=0
  k = s64[] get-tuple-element(p), index=1
  acc = u32[] get-tuple-element(p), index=2
  one = s64[] constant(1)
  i2 = s64[] add(i, one)
  k2 = s64[] add(k, one)
  c = u32[] convert(i2)
  acc2 = u32[] xor(acc, c)
  ROOT t = (s64[], s64[], u32[]) tuple(i2, k2, acc2)
}
cond {
  p = (s64[], s64[], u32[]) parameter(0)
  k = s64[] get-tuple-element(p), index=1
  n = s64[] constant(7)
  ROOT lt = pred[] compare(k, n), direction=LT
}
ENTRY main {
  i0 = s64[] parameter(0)
  z = s64[] constant(0)
  a0 = u32[] constant(0)
  t0 = (s64[], s64[], u32[]) tuple(i0, z, a0)
  ROOT w = (s64[], s64[], u32[]) while(t0), condition=cond, body=body
}`);
    for (const start of [S64_MAX - 3n, S64_MIN, -2n, 0n]) {
      const args = [literal("s64", [], BigInt64Array.of(start))];
      const want = evaluate(m, args);
      const exe = compile(m);
      expect(firstBitDifference(exe.execute(args), want)?.message).toBeUndefined();
      expect(firstBitDifference(exe.execute(args), want)?.message).toBeUndefined();
    }
  });
  it("takes 64-bit results from the pool: a loop's counters allocate nothing per iteration, and returned results are never reused (property)", () => {
    const m = parseHloModule(`HloModule pooled
body {
  p = (s64[], u64[], f64[]) parameter(0)
  i = s64[] get-tuple-element(p), index=0
  u = u64[] get-tuple-element(p), index=1
  x = f64[] get-tuple-element(p), index=2
  one = s64[] constant(1)
  i2 = s64[] add(i, one)
  c = u64[] convert(i2)
  u2 = u64[] xor(u, c)
  x2 = f64[] add(x, x)
  ROOT t = (s64[], u64[], f64[]) tuple(i2, u2, x2)
}
cond {
  p = (s64[], u64[], f64[]) parameter(0)
  i = s64[] get-tuple-element(p), index=0
  n = s64[] constant(0)
  ROOT lt = pred[] compare(i, n), direction=LT
}
ENTRY main {
  i0 = s64[] parameter(0)
  u0 = u64[] parameter(1)
  x0 = f64[] constant(1)
  t0 = (s64[], u64[], f64[]) tuple(i0, u0, x0)
  ROOT w = (s64[], u64[], f64[]) while(t0), condition=cond, body=body
}`);
    const exe = compile(m);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 2, max: 40 }), wideArb("u64")), { minLength: 2, maxLength: 6 }), (runs) => {
        const kept: { result: Literal; want: Literal }[] = [];
        for (const [trips, u] of runs) {
          const args = [literal("s64", [], BigInt64Array.of(BigInt(-trips))), wideLiteral("u64", [], [u])];
          const want = evaluate(m, args);
          // Twice: the second run finds the pool stocked by the first, and allocates only the arrays of its result (3 scalars).
          for (let run = 0; run < 2; run++) kept.push({ result: exe.execute(args), want });
          expect(exe.lastStats?.allocatedBytes).toBeLessThanOrEqual(24);
        }
        // Every result still holds its own values after the later runs (none was handed back to the pool).
        for (const { result, want } of kept) expect(firstBitDifference(result, want)?.message).toBeUndefined();
      }),
      { numRuns: 25 },
    );
  });
});
