/**
 * The WebAssembly emitter leaves out the flush of an operand whose every
 * value the flush would leave as it is (emit_plan.ts flushedMagnitudes): the
 * result of a lane that flushes last, a constant array without values below
 * the flush's bound, an iota, and negate, abs, maximum and minimum of such
 * values. Random chains over those (constants holding denormals or
 * not, f64 values rounded to f32 between them, denormal arguments) in XLA
 * CPU's mode, which flushes: the kernel gives evaluate's bits. And the
 * magnitudes themselves on a plan whose answer is known.
 */
import { type ArrayLiteral, type HloModule, getComputation, isArrayLiteral } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";
import { compileFusedComputation } from "../fused_kernel.ts";
import { planFusedComputation } from "../kernel_plan.ts";
import { fusionModule } from "../test_support.ts";
import { flushedMagnitudes } from "./emit_plan.ts";
import { mathKindOf } from "./emit_xla_cpu_math.ts";
import { laneScalarOf } from "./scalar_ops.ts";

const N = 5;
const BINARY = ["add", "subtract", "multiply", "divide", "maximum", "minimum"] as const;
const UNARY = ["negate", "abs"] as const;
/** Values at and around both types' flush bounds, zeros and specials. */
const EDGE: readonly number[] = [
  0, -0, 1, -3, 0.5, Infinity, -Infinity, Number.NaN, 2 ** -149, -(2 ** -130), 2 ** -126, -(2 ** -126), 2 ** -125, 1e-39, 1e-20, -1e-22,
  2 ** -1074, -(2 ** -1060), 2 ** -1022, -(2 ** -1022), 1e-310, 1e-160, 3e38, -1e300,
];

const value = fc.oneof(fc.constantFrom(...EDGE), fc.double({ min: -8, max: 8, noNaN: true }));
const values = fc.array(value, { minLength: N, maxLength: N });
/** An HLO literal of the values (rounded to f32 first for an f32 constant: the text then reads back as the same f32). */
const literal = (xs: readonly number[], f32: boolean): string =>
  `{${xs.map((x) => (f32 ? Math.fround(x) : x)).map((x) => (Number.isNaN(x) ? "nan" : x === Infinity ? "inf" : x === -Infinity ? "-inf" : Object.is(x, -0) ? "-0" : String(x))).join(", ")}}`;

interface Program {
  readonly ops: readonly [string, string, string, string, string];
  readonly c32: readonly number[];
  readonly c64: readonly number[];
  readonly args: readonly (readonly number[])[];
}

const program: fc.Arbitrary<Program> = fc.record({
  ops: fc.tuple(fc.constantFrom(...BINARY), fc.constantFrom(...BINARY), fc.constantFrom(...UNARY), fc.constantFrom(...BINARY), fc.constantFrom(...BINARY)),
  c32: values,
  c64: values,
  args: fc.tuple(values, values),
});

function textOf(p: Program): string {
  const [op1, op2, un, op3, op4] = p.ops;
  return [
    `%fused_computation (p0: f32[${N}], p1: f64[${N}]) -> f32[${N}] {`,
    `  %p0 = f32[${N}] parameter(0)`,
    `  %p1 = f64[${N}] parameter(1)`,
    `  %c32 = f32[${N}] constant(${literal(p.c32, true)})`,
    `  %c64 = f64[${N}] constant(${literal(p.c64, false)})`,
    `  %a = f32[${N}] ${op1}(%p0, %c32)`,
    `  %b = f64[${N}] ${op2}(%p1, %c64)`,
    `  %bc = f32[${N}] convert(%b)`,
    `  %n = f32[${N}] ${un}(%a)`,
    `  %m = f32[${N}] ${op3}(%n, %bc)`,
    `  %i = f32[${N}] iota(), iota_dimension=0`,
    `  %r = f32[${N}] ${op4}(%m, %i)`,
    `  %s = f32[${N}] ${op1}(%c32, %r)`,
    `  ROOT %root = f32[${N}] ${op3}(%s, %n)`,
    `}`,
  ].join("\n");
}

const argumentsOf = (m: HloModule, p: Program): ArrayLiteral[] => {
  const params = getComputation(m, "main").instructions.filter((i) => i.opcode === "parameter");
  return params.map((q, k) => ({ shape: q.shape as ArrayLiteral["shape"], data: Float64Array.from(p.args[k]!, k === 0 ? Math.fround : (x) => x) }));
};

describe("operands the flush would leave as they are", () => {
  it("are read without it, and the kernel keeps evaluate's bits in XLA CPU's mode", () => {
    fc.assert(
      fc.property(program, (p) => {
        const text = textOf(p);
        const m = fusionModule(text);
        const kernel = compileFusedComputation(getComputation(m, "fused_computation"), m, { numerics: "xla-cpu", wasm: "always" });
        expect(kernel, text).toBeDefined();
        const args = argumentsOf(m, p);
        const want = evaluate(m, args, { numerics: "xla-cpu" });
        if (!isArrayLiteral(want)) throw new Error("array result expected");
        const got = kernel!(args).data;
        const bad: string[] = [];
        for (let i = 0; i < N; i++) if (!Object.is(got[i], want.data[i])) bad.push(`[${i}] wasm ${got[i]} want ${want.data[i]}`);
        expect(bad, text).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("are the flushing lanes' results, constants above the bound, iotas, and sign and extremum ops of them", () => {
    const p: Program = { ops: ["multiply", "add", "negate", "maximum", "minimum"], c32: [1, 2, 0, -4, 0.5], c64: [1, 2 ** -1074, 3, 4, 5], args: [[], []] };
    const m = fusionModule(textOf(p));
    const fused = getComputation(m, "fused_computation");
    const plan = planFusedComputation(fused, m, [], "xla-cpu");
    expect(plan).toBeDefined();
    const lanes = plan!.nodes.map((n) => (n.kind === "op" ? (laneScalarOf(n.fn, n.norm, n.operands.length, "xla-cpu") ?? mathKindOf(n.fn, n.norm, n.operands.length)) : undefined));
    const magnitudes = flushedMagnitudes(plan!, lanes);
    const f32Min = 2 ** -126;
    plan!.nodes.forEach((n, id) => {
      const got = magnitudes[id]!;
      if (n.kind === "iota") expect(got).toBe(1);
      else if (n.kind === "read" && n.array < plan!.inputCount) expect(got).toBe(0);
      else if (n.kind === "read") {
        // The f32 constant's least nonzero magnitude is 0.5; the f64 one holds a denormal.
        const c = plan!.constants[n.array - plan!.inputCount]!;
        expect(got).toBe(c.includes(2 ** -1074) ? 2 ** -1074 : 0.5);
      } else if (typeof lanes[id] === "object" && lanes[id].op === "identity") {
        // The convert to f32 rounds and does not flush: an f64 value above f64's bound may land below f32's.
        expect(got).toBe(0);
      } else {
        // Every other op of this plan flushes its f32 or f64 result last, at f32's bound or f64's.
        expect(got === f32Min || got === 2 ** -1022, `node ${id}`).toBe(true);
      }
    });
  });
});
