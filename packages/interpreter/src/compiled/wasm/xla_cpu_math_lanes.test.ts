/**
 * XLA CPU's element functions as WebAssembly lanes (emit_xla_cpu_math.ts)
 * against the scalar functions of the xla-cpu scalar table they stand for:
 * f32 and f64 exp, tanh, logistic, expm1, f32 log, log1p, erf, f64 log1p, float compares (flushed in XLA CPU's mode, plain in the
 * reference's) and select, over special values (NaN, ±0, ±inf, denormals of
 * both types, each function's thresholds) and random bit patterns, bit for
 * bit (NaNs as one value, as the engines' cross-check takes them); and the
 * f32 and f64 fused multiply-add custom call (scalar_ops.ts's lanes; the f32 one with this
 * file's step, checked on sums whose f64 rounding lands on an f32 midpoint). Each
 * array has an odd length, so both the two-lane steps and the one-lane tail run.
 */
import { type ElementType, type HloInstruction, XLA_CPU_FMA_TARGET, getComputation, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Numerics } from "../../kernel.ts";
import { scalarSemantics } from "../../kernels/elementwise/table.ts";
import { xlaCpuFmaSemantics } from "../../numerics/xla_cpu/fma.ts";
import { planFusedComputation } from "../kernel_plan.ts";
import { mathKindOf } from "./emit_xla_cpu_math.ts";
import { compileWasmLoop } from "./wasm_kernel.ts";

const N = 37;
type T = "f32" | "f64";

const f32OfBits = (bits: number): number => new Float32Array(new Uint32Array([bits >>> 0]).buffer)[0]!;
const f64OfBits = (hi: number, lo: number): number => new Float64Array(new Uint32Array([lo >>> 0, hi >>> 0]).buffer)[0]!;

/** Values where the functions branch or flush: zeros, infinities, NaN, denormals and normals at each type's edge, the thresholds. */
const SPECIALS: readonly number[] = [
  0, -0, Infinity, -Infinity, Number.NaN, 1, -1, 0.5, -0.5, 2, -2,
  2 ** -149, -(2 ** -149), 2 ** -127, -(2 ** -130), 2 ** -126, -(2 ** -126), 1.1754942e-38, -1.1754942e-38,
  2 ** -1074, -(2 ** -1074), 2 ** -1023, 2 ** -1022, -(2 ** -1022), 2 ** -960, 2 ** -450, 2 ** -451,
  1e-30, -1e-30, 0.0004, -0.0004, 0.00039999, 20, -20, 19.999, 7.99881172, -7.99881172, 8, 17.71, -17.71, 18,
  87.8, -87.8, 88.8, -88.8, 89, -104, 88.72, -87.33, 708.39, -708.39, 708.4, 709.78, 709.79, -709.78, -745,
  0.41421356, -0.41421356, 0.4142135, 0.42, -0.999999, -1, -1.5, 1e300, -1e300, 3.4e38, -3.4e38, 1e-310, -5e-324,
  0.70710677, 0.7071068, 1.4142135, 1.4142137, -0.2928932, 3.8325, -3.8325, 3.83, 3.834, 0.50000006, -0.49999997, 2 ** -125, -(2 ** -125),
  // f32 tanh's fused steps at this x (the f32 0x3db91d00) meet an f64 sum on an f32 midpoint that the exact value is not on
  // (found by search over the f32 values): the lanes redo the pair with the exact steps.
  0.09038734436035156, -0.09038734436035156,
];

/** Special values, random bit patterns of the type, and ordinary values in [-30, 30] and [-1, 1]. */
function valueOf(t: T): fc.Arbitrary<number> {
  const round = t === "f32" ? Math.fround : (x: number): number => x;
  const bits =
    t === "f32"
      ? fc.integer({ min: 0, max: 2 ** 32 - 1 }).map(f32OfBits)
      : fc.tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 2 ** 32 - 1 })).map(([hi, lo]) => f64OfBits(hi, lo));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SPECIALS).map(round) },
    { weight: 3, arbitrary: bits },
    { weight: 4, arbitrary: fc.double({ min: -30, max: 30, noNaN: true }).map(round) },
    { weight: 2, arbitrary: fc.double({ min: -1, max: 1, noNaN: true }).map(round) },
  );
}

interface Case {
  readonly name: string;
  readonly t: T;
  readonly arity: 1 | 2 | 3;
  /** The root instruction's right-hand side over %p0..%p2 (and %s, a compare, for select). */
  readonly rhs: string;
  readonly result?: ElementType;
  readonly numerics: Numerics;
}

const unary = (op: string, t: T): Case => ({ name: `${t} ${op}`, t, arity: 1, rhs: `${op}(%p0)`, numerics: "xla-cpu" });
const CASES: readonly Case[] = [
  ...(["exponential", "tanh", "logistic"] as const).flatMap((op) => [unary(op, "f32"), unary(op, "f64")]),
  unary("log-plus-one", "f64"),
  ...(["log", "log-plus-one", "exponential-minus-one", "erf"] as const).map((op) => unary(op, "f32")),
  unary("exponential-minus-one", "f64"),
  { name: "f32 fused multiply-add", t: "f32", arity: 3, rhs: `custom-call(%p0, %p1, %p2), custom_call_target="${XLA_CPU_FMA_TARGET}"`, numerics: "xla-cpu" },
  { name: "f64 fused multiply-add", t: "f64", arity: 3, rhs: `custom-call(%p0, %p1, %p2), custom_call_target="${XLA_CPU_FMA_TARGET}"`, numerics: "xla-cpu" },
  ...(["xla-cpu", "reference"] as const).flatMap((numerics) =>
    (["f32", "f64"] as const).flatMap((t) =>
      (["EQ", "NE", "LT", "LE", "GT", "GE"] as const).map(
        (d): Case => ({ name: `${numerics} ${t} compare ${d}`, t, arity: 2, rhs: `compare(%p0, %p1), direction=${d}`, result: "pred", numerics }),
      ),
    ),
  ),
  { name: "f64 select", t: "f64", arity: 3, rhs: "select(%s, %p1, %p2)", numerics: "xla-cpu" },
  { name: "f32 select", t: "f32", arity: 3, rhs: "select(%s, %p1, %p2)", numerics: "reference" },
];

/** The module of one case: its op on [N] parameters, as one fused computation. */
function moduleOf(c: Case): ReturnType<typeof parseHloModule> {
  const r = c.result ?? c.t;
  const params = Array.from({ length: c.arity }, (_, k) => `p${k}: ${c.t}[${N}]`);
  const body = [
    ...Array.from({ length: c.arity }, (_, k) => `  %p${k} = ${c.t}[${N}] parameter(${k})`),
    ...(c.rhs.includes("%s") ? [`  %s = pred[${N}] compare(%p0, %p1), direction=LT`] : []),
    `  ROOT %r = ${r}[${N}] ${c.rhs}`,
  ];
  const entry = [
    `ENTRY %main (${params.join(", ")}) -> ${r}[${N}] {`,
    ...Array.from({ length: c.arity }, (_, k) => `  %p${k} = ${c.t}[${N}] parameter(${k})`),
    `  ROOT %f = ${r}[${N}] fusion(${Array.from({ length: c.arity }, (_, k) => `%p${k}`).join(", ")}), kind=kLoop, calls=%fused_computation`,
    `}`,
  ];
  return parseHloModule(`HloModule lanes\n\n%fused_computation (${params.join(", ")}) -> ${r}[${N}] {\n${body.join("\n")}\n}\n\n${entry.join("\n")}\n`);
}

/** The scalar function the case's root computes in its mode (the table's function and rounding, or the custom call's). */
function scalarOf(c: Case, root: HloInstruction, fused: ReturnType<typeof getComputation>): (xs: readonly number[]) => number {
  const fma = xlaCpuFmaSemantics(root);
  if (fma !== undefined) return ([x, y, z]) => fma(x!, y!, z!);
  if (root.opcode === "select") {
    const compare = scalarOf({ ...c, arity: 2 }, fused.instructions.find((i) => i.name === "s") as HloInstruction, fused);
    return ([x, y, z]) => (compare([x!, y!]) !== 0 ? y! : z!);
  }
  const s = scalarSemantics(root, Array.from({ length: c.arity }, () => c.t), c.numerics);
  if (s === undefined) throw new Error(`no scalar semantics for ${c.name}`);
  const norm = s.norm ?? ((v: number): number => v);
  return (xs) => norm(s.fn(...xs));
}

const same = (a: number, b: number): boolean => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

describe("XLA CPU's element functions as WebAssembly lanes", () => {
  for (const c of CASES) {
    it(`${c.name}: the scalar function's bits on special values and random bit patterns`, () => {
      const m = moduleOf(c);
      const fused = getComputation(m, "fused_computation");
      const root = fused.instructions.find((i) => i.name === "r") as HloInstruction;
      const plan = planFusedComputation(fused, m, [], c.numerics);
      expect(plan, "the computation plans").toBeDefined();
      // The root op is one of emit_xla_cpu_math.ts's lanes (the fused multiply-add: scalar_ops.ts's, in its module layout).
      const node = plan!.nodes[plan!.value]!;
      if (root.opcode !== "custom-call") expect(node.kind === "op" && mathKindOf(node.fn, node.norm, node.operands.length)).toBeTruthy();
      const kernel = compileWasmLoop(plan!, c.numerics, true);
      expect(kernel, "the WebAssembly kernel compiles").toBeDefined();
      const scalar = scalarOf(c, root, fused);
      const check = (arrays: readonly Float64Array[]): void => {
        const out = new Float64Array(N);
        kernel!(arrays, out);
        for (let i = 0; i < N; i++) {
          const xs = arrays.map((a) => a[i]!);
          const want = scalar(xs);
          if (!same(out[i]!, want)) expect.fail(`${c.name} at (${xs.join(", ")}): lanes ${out[i]}, scalar ${want}`);
        }
      };
      // Every special value in every operand position, against every other (in blocks of N).
      const round = c.t === "f32" ? Math.fround : (x: number): number => x;
      const specials = SPECIALS.map(round);
      const tuples: number[][] = c.arity === 1 ? specials.map((x) => [x]) : specials.flatMap((x) => specials.map((y) => [x, y, round(y * 0.75 - x)]));
      for (let start = 0; start < tuples.length; start += N) {
        const block = Array.from({ length: N }, (_, i) => tuples[(start + i) % tuples.length]!);
        check(Array.from({ length: c.arity }, (_, k) => Float64Array.from(block, (tuple) => tuple[k]!)));
      }
      if (c.arity === 1) {
        // A dense sweep of magnitudes from 2^-12 to 2^10 of both signs (each function's every branch and exponent).
        const sweep = Array.from({ length: 200 * N }, (_, i) => round((i % 2 === 0 ? 1 : -1) * 2 ** (-12 + (22 * i) / (200 * N))));
        for (let start = 0; start < sweep.length; start += N) check([Float64Array.from(sweep.slice(start, start + N))]);
      }
      if (c.name === "f32 fused multiply-add") {
        // Sums whose f64 rounding lands on an f32 midpoint the exact value is not on: (1 + 2^-12)(1 - 2^-12 + 2^-24) + 2^24
        // is 2^24 + 1 + 2^-36, whose f64 sum 2^24 + 1 would round to 2^24 (ties to even) where the one rounding gives 2^24 + 2.
        const x = 1 + 2 ** -12;
        const y = 1 - 2 ** -12 + 2 ** -24;
        const cases = [[x, y, 2 ** 24], [-x, y, -(2 ** 24)], [x, -y, 2 ** 25], [x * 2 ** -100, y, 2 ** -76], [x, y, -(2 ** 24)], [x * 2 ** -126, y, 2 ** -102]];
        expect(Math.fround(x * y + 2 ** 24)).toBe(2 ** 24); // the double rounding the lanes must not do
        check([0, 1, 2].map((k) => Float64Array.from({ length: N }, (_, i) => cases[i % cases.length]![k]!)));
      }
      const array = fc.array(valueOf(c.t), { minLength: N, maxLength: N }).map((xs) => Float64Array.from(xs));
      fc.assert(fc.property(fc.array(array, { minLength: c.arity, maxLength: c.arity }), (arrays) => check(arrays)), { numRuns: 150 });
    });
  }

  it("f64 log-plus-one: the scalar function's bits whichever branches a pair of lanes takes (both, one, the other)", () => {
    // The lanes run the |x| < 0.4142 rational only where some lane needs it, and Math.log's algorithm
    // likewise: arrays of pairs from each side of the threshold, in every combination.
    const c = unary("log-plus-one", "f64");
    const m = moduleOf(c);
    const fused = getComputation(m, "fused_computation");
    const kernel = compileWasmLoop(planFusedComputation(fused, m, [], c.numerics)!, c.numerics, true)!;
    const scalar = scalarOf(c, fused.instructions.find((i) => i.name === "r") as HloInstruction, fused);
    const small = fc.oneof(fc.double({ min: -0.4142, max: 0.4142, noNaN: true }), fc.constantFrom(0, -0, 2 ** -1074, -(2 ** -1030), 1e-300, 0.41421356));
    const large = fc.oneof(
      fc.double({ min: 0.4143, max: 1e300, noNaN: true }),
      fc.double({ min: -1, max: -0.4143, noNaN: true }),
      fc.constantFrom(Infinity, -Infinity, Number.NaN, -1, -2, 0.41421357, 1),
    );
    const pair = fc.oneof(fc.tuple(small, small), fc.tuple(large, large), fc.tuple(small, large), fc.tuple(large, small));
    fc.assert(
      fc.property(fc.array(pair, { minLength: (N + 1) / 2, maxLength: (N + 1) / 2 }), (pairs) => {
        const x = Float64Array.from(pairs.flat().slice(0, N));
        const out = new Float64Array(N);
        kernel([x], out);
        for (let i = 0; i < N; i++) if (!same(out[i]!, scalar([x[i]!]))) expect.fail(`log1p(${x[i]}): lanes ${out[i]}, scalar ${scalar([x[i]!])}`);
      }),
      { numRuns: 300 },
    );
  });
  it("f64 tanh: the scalar function's bits where the bracket steps settle a pair and where one lane sends it to the exact steps", () => {
    // x² moderate or zero settles in the bracket steps; |x| below about 2^-200 (x² under 2^-400, or flushed), NaN and
    // denormals fail the check and redo the pair exactly: pairs from each side, in every combination, and values whose
    // x² sits at the check's edge (2^-400 and its neighbours) and at the clamp and the ±1 threshold.
    const c = unary("tanh", "f64");
    const m = moduleOf(c);
    const fused = getComputation(m, "fused_computation");
    const kernel = compileWasmLoop(planFusedComputation(fused, m, [], c.numerics)!, c.numerics, true)!;
    const scalar = scalarOf(c, fused.instructions.find((i) => i.name === "r") as HloInstruction, fused);
    const edge = 2 ** -200;
    const settles = fc.oneof(
      fc.double({ min: -20, max: 20, noNaN: true }),
      fc.double({ min: -1e-3, max: 1e-3, noNaN: true }).filter((v) => v === 0 || Math.abs(v) > 2 ** -199),
      fc.constantFrom(0, -0, 1, -1, 17.71, -17.71, 18, 19.999, -20, 2 ** -199, -(2 ** -199), 2 ** -100, 1e-30),
    );
    const exact = fc.oneof(
      fc.double({ min: -(2 ** -201), max: 2 ** -201, noNaN: true }),
      fc.constantFrom(Number.NaN, 2 ** -1074, -(2 ** -1030), 2 ** -1022, edge, -edge, edge * (1 - 2 ** -52), edge * (1 + 2 ** -52), 1e-300),
      fc.double({ min: 20, max: 1e300, noNaN: true }),
      fc.constantFrom(Infinity, -Infinity),
    );
    const pair = fc.oneof(fc.tuple(settles, settles), fc.tuple(exact, exact), fc.tuple(settles, exact), fc.tuple(exact, settles));
    fc.assert(
      fc.property(fc.array(pair, { minLength: (N + 1) / 2, maxLength: (N + 1) / 2 }), (pairs) => {
        const x = Float64Array.from(pairs.flat().slice(0, N));
        const out = new Float64Array(N);
        kernel([x], out);
        for (let i = 0; i < N; i++) if (!same(out[i]!, scalar([x[i]!]))) expect.fail(`tanh(${x[i]}): lanes ${out[i]}, scalar ${scalar([x[i]!])}`);
      }),
      { numRuns: 300 },
    );
    // A dense sweep of [-20, 20] in steps that are no round numbers (every exponent of x² the chains see).
    const sweep = Float64Array.from({ length: 40001 }, (_, i) => -20 + i * 0.0009999999999999);
    const out = new Float64Array(N);
    for (let start = 0; start + N <= sweep.length; start += N) {
      const x = sweep.subarray(start, start + N);
      kernel([x], out);
      for (let i = 0; i < N; i++) if (!same(out[i]!, scalar([x[i]!]))) expect.fail(`tanh(${x[i]}): lanes ${out[i]}, scalar ${scalar([x[i]!])}`);
    }
  });
});
