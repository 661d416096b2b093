/**
 * Random fused programs (element-wise ops over broadcasts, transposes,
 * slices, reverses, reshapes, iotas, converts, selects and clamps, some under
 * a reduce) on random small shapes and element types: every one the compiler
 * takes must give the reference's bits. FUSED_RANDOM_PROGRAMS=<n> runs n
 * programs instead of 400 (3000 pass).
 */
import { getComputation, verificationProblems } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { compileFusedComputation } from "./fused_kernel.ts";
import { expectKernelMatches, fusionModule } from "./test_support.ts";
import { uniformGenerator } from "../elided_constants.ts";

type T = "f32" | "f64" | "f16" | "bf16" | "s32" | "s8" | "u8" | "u32" | "pred";
const TYPES: readonly T[] = ["f32", "f64", "f16", "bf16", "s32", "s8", "u8", "u32", "pred"];
const FLOATS: ReadonlySet<T> = new Set(["f32", "f64", "f16", "bf16"]);
/** Types with reducers in the test modules (test_support.ts REDUCERS). */
const REDUCIBLE: ReadonlySet<T> = new Set(["f32", "f64", "f16", "bf16", "s32", "u32", "s8"]);

const random = uniformGenerator;

/** Writes one random fused computation as HLO text. */
class ProgramWriter {
  readonly lines: string[] = [];
  readonly params: string[] = [];
  private count = 0;
  constructor(private readonly next: () => number) {}

  private int(n: number): number {
    return Math.floor(this.next() * n);
  }
  private pick<X>(xs: readonly X[]): X {
    return xs[this.int(xs.length)];
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

  /** A value of type t and dimensions dims, `depth` ops deep at most. */
  value(t: T, dims: readonly number[], depth: number): string {
    if (depth === 0) return this.param(t, dims);
    const float = FLOATS.has(t);
    const rank = dims.length;
    const choice = this.int(12);
    switch (choice) {
      case 0: {
        const ops =
          t === "pred" || t === "u8" || t === "u32" ? ["not"]
          : float ? ["negate", "abs", "exponential", "tanh", "sqrt", "floor", "sine", "log"]
          : ["negate", "abs", "not"];
        return this.emit(t, dims, `${this.pick(ops)}(%${this.value(t, dims, depth - 1)})`);
      }
      case 1:
      case 2: {
        const ops =
          t === "pred" ? ["and", "or", "xor"]
          : float ? ["add", "subtract", "multiply", "divide", "maximum", "minimum", "remainder"]
          : ["add", "subtract", "multiply", "divide", "maximum", "minimum", "and", "xor"];
        const a = this.value(t, dims, depth - 1);
        const b = this.value(t, dims, depth - 1);
        return this.emit(t, dims, `${this.pick(ops)}(%${a}, %${b})`);
      }
      case 3: {
        const kept = dims.map((_, d) => d).filter(() => this.next() < 0.5);
        const x = this.value(t, kept.map((d) => dims[d]), depth - 1);
        return this.emit(t, dims, `broadcast(%${x}), dimensions={${kept.join(",")}}`);
      }
      case 4: {
        if (rank < 2) return this.value(t, dims, depth);
        const perm = dims.map((_, d) => d).sort(() => this.next() - 0.5);
        const from: number[] = [];
        perm.forEach((k, e) => {
          from[k] = dims[e];
        });
        return this.emit(t, dims, `transpose(%${this.value(t, from, depth - 1)}), dimensions={${perm.join(",")}}`);
      }
      case 5: {
        const steps = dims.map(() => 1 + this.int(3));
        const starts = dims.map(() => this.int(3));
        const limits = dims.map((n, d) => starts[d] + (n - 1) * steps[d] + 1);
        const from = limits.map((l) => l + this.int(3));
        const x = this.value(t, from, depth - 1);
        return this.emit(t, dims, `slice(%${x}), slice={${dims.map((_, d) => `[${starts[d]}:${limits[d]}:${steps[d]}]`).join(", ")}}`);
      }
      case 6: {
        // Operand dims: flattened, with a 1 inserted, or with a dimension split in two (merged by the reshape).
        const n = dims.reduce((a, b) => a * b, 1);
        const split = dims.findIndex((d) => d === 4 || d === 6);
        const kind = this.int(3);
        let from: number[];
        if (kind === 0) from = [n];
        else if (kind === 2 && split >= 0) from = [...dims.slice(0, split), 2, dims[split] / 2, ...dims.slice(split + 1)];
        else {
          const at = this.int(rank + 1);
          from = [...dims.slice(0, at), 1, ...dims.slice(at)];
        }
        return this.emit(t, dims, `reshape(%${this.value(t, from, depth - 1)})`);
      }
      case 7: {
        if (rank === 0) return this.value(t, dims, depth);
        const reversed = dims.map((_, d) => d).filter(() => this.next() < 0.5);
        return this.emit(t, dims, `reverse(%${this.value(t, dims, depth - 1)}), dimensions={${reversed.join(",")}}`);
      }
      case 8: {
        if (rank === 0 || t === "pred") return this.value(t, dims, depth);
        return this.emit(t, dims, `iota(), iota_dimension=${this.int(rank)}`);
      }
      case 9: {
        const from = this.pick(TYPES);
        return this.emit(t, dims, `convert(%${this.value(from, dims, depth - 1)})`);
      }
      case 10: {
        const u = this.pick(TYPES.filter((x) => x !== "pred"));
        const predDims = this.next() < 0.2 ? [] : dims;
        const a = this.value(u, predDims, depth - 1);
        const b = this.value(u, predDims, depth - 1);
        const p = this.emit("pred", predDims, `compare(%${a}, %${b}), direction=${this.pick(["EQ", "NE", "LT", "LE", "GT", "GE"])}`);
        return this.emit(t, dims, `select(%${p}, %${this.value(t, dims, depth - 1)}, %${this.value(t, dims, depth - 1)})`);
      }
      default: {
        if (t === "pred") return this.value(t, dims, depth - 1);
        const boundDims = this.next() < 0.5 ? [] : dims;
        const lo = this.value(t, boundDims, depth - 1);
        const hi = this.value(t, boundDims, depth - 1);
        return this.emit(t, dims, `clamp(%${lo}, %${this.value(t, dims, depth - 1)}, %${hi})`);
      }
    }
  }
}

/** A random fused computation's text and its fusion kind. */
function randomProgram(seed: number): { readonly text: string; readonly kind: string } {
  const next = random(seed);
  const w = new ProgramWriter(next);
  const t = TYPES[Math.floor(next() * TYPES.length)];
  const rank = Math.floor(next() * 4);
  const dims = Array.from({ length: rank }, () => 1 + Math.floor(next() * 6));
  // Now and then a long minor dimension, so inner loops unroll 8 or 16 times with a remainder.
  if (rank > 0 && next() < 0.2) dims[rank - 1] = 17 + Math.floor(next() * 24);
  const depth = 1 + Math.floor(next() * 3);
  let root: string;
  let resultDims: readonly number[] = dims;
  let kind = "kLoop";
  if (REDUCIBLE.has(t) && next() < 0.35) {
    // Reduce a value of dims with one or two dimensions inserted, over a random nonempty set of its dimensions.
    const inputDims = [...dims];
    const extra = 1 + Math.floor(next() * 2);
    for (let k = 0; k < extra; k++) inputDims.splice(Math.floor(next() * (inputDims.length + 1)), 0, 1 + Math.floor(next() * 7));
    const all = inputDims.map((_, d) => d);
    const chosen = all.filter(() => next() < 0.5);
    const reduced = chosen.length > 0 ? chosen : [all[Math.floor(next() * all.length)]];
    resultDims = inputDims.filter((_, d) => !reduced.includes(d));
    const x = w.value(t, inputDims, depth);
    const op = ["add", "multiply", "maximum", "minimum"][Math.floor(next() * 4)];
    const init = op === "multiply" ? "1" : "0";
    w.lines.push(`  %init = ${t}[] constant(${init})`);
    root = `  ROOT %root = ${t}[${resultDims.join(",")}] reduce(%${x}, %init), dimensions={${reduced.join(",")}}, to_apply=%${op}_${t}`;
    kind = "kInput";
  } else {
    const x = w.value(t, dims, depth);
    root = `  ROOT %root = ${t}[${dims.join(",")}] copy(%${x})`;
  }
  if (w.params.length === 0) {
    // Every program takes at least one argument.
    w.lines.unshift(`  %p0 = f32[] parameter(0)`);
    w.params.push("p0: f32[]");
  }
  const text = `%fused_computation (${w.params.join(", ")}) -> ${t}[${resultDims.join(",")}] {\n${w.lines.join("\n")}\n${root}\n}`;
  return { text, kind };
}

describe("random fused programs", () => {
  it("give the reference's bits whenever the compiler takes them (and it takes most)", () => {
    const programs = Number(process.env.FUSED_RANDOM_PROGRAMS ?? 400);
    let compiled = 0;
    const invalid: string[] = [];
    for (let seed = 1; seed <= programs; seed++) {
      const { text, kind } = randomProgram(seed);
      const m = fusionModule(text, kind);
      const problems = verificationProblems(m);
      if (problems.length > 0) {
        invalid.push(`program ${seed}: ${problems[0]}`);
        continue;
      }
      const kernel = compileFusedComputation(getComputation(m, "fused_computation"), m);
      if (kernel === undefined) continue;
      compiled++;
      expectKernelMatches(m, kernel, [1, seed + 1], `program ${seed}:\n${text}\n`);
    }
    expect(invalid.slice(0, 3), "the writer makes valid programs").toEqual([]);
    expect(compiled).toBeGreaterThan(programs * 0.8);
  });
});
