/**
 * Random fused programs made only of what the WebAssembly emitter computes
 * (f64/f32/bf16/f16 add, subtract, multiply, divide, maximum, minimum, negate, abs,
 * sqrt, clamp, XLA CPU's fused multiply-add custom call over broadcasts, transposes, slices, reverses, reshapes and iotas,
 * some under an add reduce): with WebAssembly forced on, with it off, and
 * through `evaluate`, in both numerics modes, the same bits. Shapes run odd
 * and even minor sizes so both the two-lane steps and the one-lane tail run;
 * one argument set in three holds denormals, which XLA CPU's mode flushes.
 */
import { type ArrayLiteral, ELEMENT_TYPE_INFO, XLA_CPU_FMA_TARGET, type HloModule, getComputation, isArrayLiteral, verificationProblems } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Numerics } from "../../kernel.ts";
import { evaluate } from "../../evaluate.ts";
import { compileFusedComputation } from "../fused_kernel.ts";
import { planFusedComputation } from "../kernel_plan.ts";
import { argumentsFor, fusionModule } from "../test_support.ts";
import { uniformGenerator } from "../../elided_constants.ts";
import { emitPlan } from "./emit_plan.ts";

type T = "f32" | "f64" | "bf16" | "f16";

/** Writes one random fused computation from a stream of choices in [0, 1). */
class Writer {
  readonly lines: string[] = [];
  readonly params: string[] = [];
  private count = 0;
  constructor(private readonly next: () => number) {}
  private int(n: number): number {
    return Math.floor(this.next() * n);
  }
  private emit(t: T, dims: readonly number[], rhs: string): string {
    const name = `v${this.count++}`;
    this.lines.push(`  %${name} = ${t}[${dims.join(",")}] ${rhs}`);
    return name;
  }
  private param(t: T, dims: readonly number[]): string {
    const k = this.params.length;
    this.params.push(`p${k}: ${t}[${dims.join(",")}]`);
    this.lines.push(`  %p${k} = ${t}[${dims.join(",")}] parameter(${k})`);
    return `p${k}`;
  }
  value(t: T, dims: readonly number[], depth: number): string {
    if (depth === 0) return this.param(t, dims);
    const rank = dims.length;
    switch (this.int(10)) {
      case 0:
        return this.emit(t, dims, `${["negate", "abs", "sqrt"][this.int(3)]}(%${this.value(t, dims, depth - 1)})`);
      case 1: {
        const [lo, x, hi] = [0, 1, 2].map(() => this.value(t, dims, depth - 1));
        return this.emit(t, dims, `clamp(%${lo}, %${x}, %${hi})`);
      }
      case 2:
      case 3: {
        const op = ["add", "subtract", "multiply", "divide", "maximum", "minimum"][this.int(6)];
        const a = this.value(t, dims, depth - 1);
        return this.emit(t, dims, `${op}(%${a}, %${this.value(t, dims, depth - 1)})`);
      }
      case 4: {
        const kept = dims.map((_, d) => d).filter(() => this.next() < 0.5);
        return this.emit(t, dims, `broadcast(%${this.value(t, kept.map((d) => dims[d]), depth - 1)}), dimensions={${kept.join(",")}}`);
      }
      case 5: {
        if (rank < 2) return this.value(t, dims, depth - 1);
        const perm = dims.map((_, d) => d).sort(() => this.next() - 0.5);
        const from: number[] = [];
        perm.forEach((k, e) => {
          from[k] = dims[e];
        });
        return this.emit(t, dims, `transpose(%${this.value(t, from, depth - 1)}), dimensions={${perm.join(",")}}`);
      }
      case 6: {
        const steps = dims.map(() => 1 + this.int(3));
        const starts = dims.map(() => this.int(3));
        const limits = dims.map((n, d) => starts[d] + (n - 1) * steps[d] + 1);
        const x = this.value(t, limits.map((l) => l + this.int(2)), depth - 1);
        return this.emit(t, dims, `slice(%${x}), slice={${dims.map((_, d) => `[${starts[d]}:${limits[d]}:${steps[d]}]`).join(", ")}}`);
      }
      case 7: {
        if (rank === 0) return this.value(t, dims, depth - 1);
        const reversed = dims.map((_, d) => d).filter(() => this.next() < 0.5);
        return this.emit(t, dims, `reverse(%${this.value(t, dims, depth - 1)}), dimensions={${reversed.join(",")}}`);
      }
      case 8: {
        if (rank === 0) return this.value(t, dims, depth - 1);
        return this.emit(t, dims, `iota(), iota_dimension=${this.int(rank)}`);
      }
      default: {
        if (t === "bf16" || t === "f16") return this.value(t, dims, depth - 1);
        const [a, b, c] = [0, 1, 2].map(() => this.value(t, dims, depth - 1));
        return this.emit(t, dims, `custom-call(%${a}, %${b}, %${c}), custom_call_target="${XLA_CPU_FMA_TARGET}"`);
      }
    }
  }
}

function randomProgram(programSeed: number): { readonly text: string; readonly kind: string } {
  const next = uniformGenerator(programSeed);
  const w = new Writer(next);
  const t: T = (["f32", "f64", "bf16", "f16"] as const)[Math.floor(next() * 4)];
  const rank = Math.floor(next() * 4);
  const dims = Array.from({ length: rank }, () => 1 + Math.floor(next() * 7));
  if (rank > 0 && next() < 0.3) dims[rank - 1] = 16 + Math.floor(next() * 20);
  const depth = 1 + Math.floor(next() * 3);
  if (rank > 0 && next() < 0.3) {
    // An add reduce over the major dimension and any others (the minor one too: lanes then run across kept rows).
    dims[rank - 1] = Math.max(2, dims[rank - 1]);
    const inputDims = [2 + Math.floor(next() * 5), ...dims];
    const reduced = inputDims.map((_, d) => d).filter((d) => d === 0 || next() < 0.4);
    const resultDims = inputDims.filter((_, d) => !reduced.includes(d));
    const x = w.value(t, inputDims, depth);
    w.lines.push(`  %init = ${t}[] constant(${next() < 0.5 ? "0" : "-0.5"})`);
    const root = `  ROOT %root = ${t}[${resultDims.join(",")}] reduce(%${x}, %init), dimensions={${reduced.join(",")}}, to_apply=%add_${t}`;
    return { text: `%fused_computation (${w.params.join(", ")}) -> ${t}[${resultDims.join(",")}] {\n${w.lines.join("\n")}\n${root}\n}`, kind: "kInput" };
  }
  const x = w.value(t, dims, depth);
  if (w.params.length === 0) {
    w.lines.unshift(`  %p0 = f32[] parameter(0)`);
    w.params.push("p0: f32[]");
  }
  const root = `  ROOT %root = ${t}[${dims.join(",")}] copy(%${x})`;
  return { text: `%fused_computation (${w.params.join(", ")}) -> ${t}[${dims.join(",")}] {\n${w.lines.join("\n")}\n${root}\n}`, kind: "kLoop" };
}

/** Denormals of the float types (and values whose products and quotients are denormal), f16's largest, a quarter of the elements. */
const TINY: readonly number[] = [2 ** -1074, -(2 ** -1060), 2 ** -1023, -1e-310, 1e-160, 2 ** -149, -(2 ** -140), 2 ** -127, -1e-39, 1e-20, -1e-22, 2 ** -126, 2 ** -24, -(2 ** -20), 6.1e-5, 65504];

/** The arguments with some elements replaced by tiny values (rounded into each argument's type). */
function withDenormals(args: readonly ArrayLiteral[], seed: number): ArrayLiteral[] {
  const next = uniformGenerator(seed);
  return args.map((a) => {
    const data = Float64Array.from(a.data as Float64Array);
    const round = ELEMENT_TYPE_INFO[a.shape.elementType].normalize;
    for (let i = 0; i < data.length; i++) if (next() < 0.25) data[i] = round(TINY[Math.floor(next() * TINY.length)]);
    return { shape: a.shape, data };
  });
}

/** Runs the fusion with WebAssembly forced and off; both must give evaluate's bits. Returns whether the emitter took the plan. */
function check(m: HloModule, numerics: Numerics, seed: number, text: string): boolean {
  const c = getComputation(m, "fused_computation");
  const plan = planFusedComputation(c, m, [], numerics);
  const taken = plan !== undefined && emitPlan(plan, numerics) !== undefined;
  const withWasm = compileFusedComputation(c, m, { numerics, wasm: "always" });
  const without = compileFusedComputation(c, m, { numerics, wasm: false });
  expect(withWasm === undefined, text).toBe(without === undefined);
  if (withWasm === undefined || without === undefined) return false;
  for (const s of [seed, seed + 1, seed + 2]) {
    const args = s === seed + 2 ? withDenormals(argumentsFor(m, s, true), s) : argumentsFor(m, s, s % 2 === 0);
    const want = evaluate(m, args, { numerics });
    if (!isArrayLiteral(want)) throw new Error("array result expected");
    const a = withWasm(args).data;
    const b = without(args).data;
    const bad: string[] = [];
    for (let i = 0; i < want.data.length && bad.length < 3; i++) {
      if (!Object.is(a[i], want.data[i]) || !Object.is(b[i], want.data[i])) bad.push(`[${i}] wasm ${a[i]} js ${b[i]} want ${want.data[i]}`);
    }
    expect(bad, `${numerics}, seed ${s}:\n${text}`).toEqual([]);
  }
  return taken;
}

describe("WebAssembly kernels on random programs", () => {
  it("give evaluate's bits with WebAssembly on and off, in both numerics modes", () => {
    let programs = 0;
    let taken = 0;
    let takenXlaCpu = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: 1, max: 1000 }), (programSeed, seed) => {
        const { text, kind } = randomProgram(programSeed);
        const m = fusionModule(text, kind);
        expect(verificationProblems(m), text).toEqual([]);
        programs++;
        if (check(m, "reference", seed, text)) taken++;
        if (check(m, "xla-cpu", seed, text)) takenXlaCpu++;
      }),
      { numRuns: Number(process.env.WASM_RANDOM_PROGRAMS ?? 150) },
    );
    // Everything the writer makes is in the emitter's reach, in both modes (XLA CPU's flushed sums included).
    expect(taken).toBe(programs);
    expect(takenXlaCpu).toBe(programs);
    expect(programs).toBeGreaterThan(100);
  });
});
