/**
 * Kernel plans streamed through WebAssembly in blocks of rows
 * (streamed_loop.ts), on one thread and split across worker threads
 * (threads/threaded_stream.ts): random shapes (leading dimensions of size 1,
 * a last block shorter than the rest, one block), blocks of 1 to 5 rows, and
 * plans with row-invariant reads (a broadcast row), transposed reads, reads
 * at an offset (a slice), iotas along other dimensions, row sums, V8's tanh
 * and XLA CPU's exp (host imports), with NaN, ±0, ±inf and subnormals among
 * the values: every output element has the reference evaluator's bits.
 */
import { type ArrayLiteral, type HloModule, type Literal, firstBitDifference, getComputation, isArrayLiteral, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Numerics } from "../../kernel.ts";
import { evaluate } from "../../evaluate.ts";
import { compile } from "../compile.ts";
import { type KernelPlan, planFusedComputation } from "../kernel_plan.ts";
import { threadedStream } from "../threads/threaded_stream.ts";
import { startThreads, threadedJobCount, threadsSupported } from "../threads/worker_pool.ts";
import { BLOCK_WORDS, streamPlan, streamedLoop } from "./streamed_loop.ts";
import { streamPays } from "./wasm_kernel.ts";

const SPECIALS = [Number.NaN, 0, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324, -2.2250738585072014e-308, 1e-310, 30, -25, 0.5, 1];

type Body = "tanh_fma" | "bias_row" | "transposed" | "across" | "sliced" | "iota" | "row_sums" | "exp_xla";

/** A module whose entry is one fusion of `body` over an iteration space [...lead, r, c]; its parameters and numerics. */
function bodyModule(body: Body, lead: number, r: number, c: number): { module: HloModule; params: number[][]; numerics: Numerics } {
  const ones = Array.from({ length: lead }, () => 1);
  const dims = [...ones, r, c];
  const s = `f64[${dims.join(",")}]`;
  const rank = dims.length;
  const last = rank - 1;
  let params: number[][];
  let header: string;
  let lines: string[];
  let out = s;
  let kind = "kLoop";
  let numerics: Numerics = "reference";
  switch (body) {
    case "tanh_fma":
      params = [dims, dims, dims];
      header = `p0: ${s}, p1: ${s}, p2: ${s}`;
      lines = [`%m = ${s} multiply(%p0, %p1)`, `%a = ${s} add(%m, %p2)`, `ROOT %t = ${s} tanh(%a)`];
      break;
    case "bias_row":
      params = [dims, [c]];
      header = `p0: ${s}, p1: f64[${c}]`;
      lines = [`%b = ${s} broadcast(%p1), dimensions={${last}}`, `%a = ${s} add(%p0, %b)`, `ROOT %t = ${s} tanh(%a)`];
      break;
    case "transposed": {
      // Inner dimensions transposed ([r, 2, c] read as [r, c, 2]): strided reads within each row.
      const tdims = [...ones, r, 2, c];
      const odims = [...ones, r, c, 2];
      const o = `f64[${odims.join(",")}]`;
      const perm = [...ones.map((_, k) => k), lead, lead + 2, lead + 1];
      params = [tdims, odims];
      header = `p0: f64[${tdims.join(",")}], p1: ${o}`;
      out = o;
      lines = [`%tr = ${o} transpose(%p0), dimensions={${perm.join(",")}}`, `%a = ${o} multiply(%tr, %p1)`, `ROOT %t = ${o} tanh(%a)`];
      break;
    }
    case "across":
      // The whole operand transposed: its rows overlap, so the plan is not streamed.
      params = [[c, r], dims];
      header = `p0: f64[${c},${r}], p1: ${s}`;
      lines = [`%tr = f64[${r},${c}] transpose(%p0), dimensions={1,0}`, `%rs = ${s} reshape(%tr)`, `%a = ${s} multiply(%rs, %p1)`, `ROOT %t = ${s} tanh(%a)`];
      break;
    case "sliced": {
      const wide = [...ones, r + 2, c + 3];
      params = [wide, dims];
      header = `p0: f64[${wide.join(",")}], p1: ${s}`;
      const ranges = [...ones.map(() => "[0:1]"), `[1:${r + 1}]`, `[2:${c + 2}]`].join(",");
      lines = [`%sl = ${s} slice(%p0), slice={${ranges}}`, `%a = ${s} subtract(%sl, %p1)`, `ROOT %t = ${s} tanh(%a)`];
      break;
    }
    case "iota":
      params = [dims];
      header = `p0: ${s}`;
      lines = [`%i = ${s} iota(), iota_dimension=${last}`, `%a = ${s} multiply(%p0, %i)`, `ROOT %t = ${s} tanh(%a)`];
      break;
    case "row_sums":
      params = [dims];
      header = `p0: ${s}`;
      out = `f64[${[...ones, r].join(",")}]`;
      kind = "kInput";
      lines = [`%z = f64[] constant(0)`, `%t = ${s} tanh(%p0)`, `ROOT %r = ${out} reduce(%t, %z), dimensions={${last}}, to_apply=%add`];
      break;
    case "exp_xla":
      params = [dims, dims];
      header = `p0: ${s}, p1: ${s}`;
      numerics = "xla-cpu";
      lines = [`%a = ${s} add(%p0, %p1)`, `ROOT %e = ${s} exponential(%a)`];
      break;
    default:
      return body satisfies never;
  }
  const names = params.map((_, k) => `p${k}`);
  const text = `HloModule streamed

%add (a: f64[], b: f64[]) -> f64[] {
  %a = f64[] parameter(0)
  %b = f64[] parameter(1)
  ROOT %r = f64[] add(%a, %b)
}

%fused_computation (${header}) -> ${out} {
${names.map((n, k) => `  %${n} = f64[${params[k].join(",")}] parameter(${k})`).join("\n")}
${lines.map((l) => `  ${l}`).join("\n")}
}

ENTRY %main (${names.map((n, k) => `${n}: f64[${params[k].join(",")}]`).join(", ")}) -> ${out} {
${names.map((n, k) => `  %${n} = f64[${params[k].join(",")}] parameter(${k})`).join("\n")}
  ROOT %f = ${out} fusion(${names.map((n) => `%${n}`).join(", ")}), kind=${kind}, calls=%fused_computation
}
`;
  return { module: parseHloModule(text), params, numerics };
}

/** Seeded values in [-3, 3) with specials at the given positions. */
function values(n: number, seed: number, specials: readonly (readonly [number, number])[]): Float64Array {
  const out = new Float64Array(n);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = (s / 2 ** 32 - 0.5) * 6;
  }
  for (const [at, k] of specials) out[at % n] = SPECIALS[k % SPECIALS.length];
  return out;
}

function planOf(module: HloModule, numerics: Numerics): KernelPlan {
  const plan = planFusedComputation(getComputation(module, "fused_computation"), module, [], numerics);
  if (plan === undefined) throw new Error("the test fusion did not plan");
  return plan;
}

function argsOf(params: readonly number[][], seed: number, specials: readonly (readonly [number, number])[]): Literal[] {
  return params.map((d, k) => literal("f64", d, values(d.reduce((a, b) => a * b, 1), seed + 7 * k, specials)));
}

function expectReference(module: HloModule, args: readonly Literal[], numerics: Numerics, data: Float64Array): void {
  const want = evaluate(module, args, { numerics });
  if (!isArrayLiteral(want)) throw new Error("the test fusion returns an array");
  const d = firstBitDifference({ shape: want.shape, data }, want);
  expect(d?.message).toBeUndefined();
}

/**
 * The length of the dimension a stream of the body cuts, or undefined where it cannot stream: the first
 * dimension of size > 1 must be kept (not a row sum's), carry no iota, and no read's rows may overlap
 * (a wholly transposed operand of more than one row and column; the inner transpose's [1, 2, c] read as
 * [1, c, 2] when cut along c).
 */
function expectedCut(body: Body, r: number, c: number): number | undefined {
  if (r > 1) return body === "across" && c > 1 ? undefined : r;
  if (body === "transposed") return c > 1 ? undefined : 2;
  if (c === 1 || body === "row_sums" || body === "iota") return undefined;
  return c;
}

const BODIES: readonly Body[] = ["tanh_fma", "bias_row", "transposed", "across", "sliced", "iota", "row_sums", "exp_xla"];

describe("streamed WebAssembly loops", () => {
  it("give the reference's bits for every body, shape and block size", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BODIES),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 13 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 1 << 30 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 12 }),
        (body, lead, r, c, rows, seed, specials) => {
          const { module, params, numerics } = bodyModule(body, lead, r, c);
          const plan = planOf(module, numerics);
          const stream = streamPlan(plan, numerics, rows);
          const expected = expectedCut(body, r, c);
          expect(stream === undefined).toBe(expected === undefined);
          if (stream === undefined || expected === undefined) return;
          const size = expected;
          expect(stream.blocks.length / BLOCK_WORDS).toBe(Math.ceil(size / Math.min(rows, size)));
          const loop = streamedLoop(stream);
          if (loop === undefined) throw new Error("the stream did not instantiate");
          const args = argsOf(params, seed, specials);
          const out = new Float64Array(plan.result.dimensions.reduce((a, b) => a * b, 1));
          // Twice: the second run must not depend on what the first left in the modules' memories.
          for (let run = 0; run < 2; run++) {
            out.fill(Number.NaN);
            loop([...args.map((a) => (a as ArrayLiteral).data as Float64Array), ...plan.constants], out);
            expectReference(module, args, numerics, out);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("give the reference's bits split across worker threads, the workers taking blocks", () => {
    if (!threadsSupported() || startThreads(2) < 2) return;
    for (const body of ["tanh_fma", "bias_row", "transposed", "row_sums"] as const) {
      const { module, params, numerics } = bodyModule(body, 1, 96, 40);
      const plan = planOf(module, numerics);
      const stream = streamPlan(plan, numerics, 3);
      if (stream === undefined) throw new Error("the test plan did not stream");
      const single = streamedLoop(stream);
      if (single === undefined) throw new Error("the stream did not instantiate");
      // The split needs the arrays on shared memory; inputs of 3,840 values stay off it unless made there.
      const loop = threadedStream(stream, 2, single, plan.inputCount, 1);
      const before = threadedJobCount();
      for (let run = 0; run < 14; run++) {
        const args = argsOf(params, 11 + run, [[run, run], [5 * run + 3, run + 4]]).map((a) => {
          const data = (a as ArrayLiteral).data as Float64Array;
          const shared = new Float64Array(new SharedArrayBuffer(data.byteLength));
          shared.set(data);
          return { ...(a as ArrayLiteral), data: shared };
        });
        const n = plan.result.dimensions.reduce((a, b) => a * b, 1);
        const out = new Float64Array(new SharedArrayBuffer(8 * n)).fill(Number.NaN);
        loop([...args.map((a) => a.data), ...plan.constants], out);
        expectReference(module, args, numerics, out);
      }
      // The first runs split (split_choice.ts), so workers took jobs.
      expect(threadedJobCount()).toBeGreaterThan(before);
    }
  });

  it("stay on the caller's thread where the modules import host functions", () => {
    const { module, numerics } = bodyModule("exp_xla", 0, 40, 16);
    const plan = planOf(module, numerics);
    const stream = streamPlan(plan, numerics, 2);
    if (stream === undefined) throw new Error("the test plan did not stream");
    expect(stream.modules.some((m) => m.host !== undefined)).toBe(true);
    const single = streamedLoop(stream);
    if (single === undefined) throw new Error("the stream did not instantiate");
    expect(threadedStream(stream, 2, single, plan.inputCount, 1)).toBe(single);
  });

  it("are chosen above the cache for V8's tanh and not for a plain add", () => {
    const big = bodyModule("tanh_fma", 0, 256, 1024);
    expect(streamPays(planOf(big.module, big.numerics), big.numerics)).toBe(true);
    const small = bodyModule("tanh_fma", 0, 8, 64);
    expect(streamPays(planOf(small.module, small.numerics), small.numerics)).toBe(false);
    const add = parseHloModule(`HloModule a
%fused_computation (p0: f64[512,512], p1: f64[512,512]) -> f64[512,512] {
  %p0 = f64[512,512] parameter(0)
  %p1 = f64[512,512] parameter(1)
  ROOT %a = f64[512,512] add(%p0, %p1)
}
ENTRY %main (p0: f64[512,512], p1: f64[512,512]) -> f64[512,512] {
  %p0 = f64[512,512] parameter(0)
  %p1 = f64[512,512] parameter(1)
  ROOT %f = f64[512,512] fusion(%p0, %p1), kind=kLoop, calls=%fused_computation
}
`);
    expect(streamPays(planOf(add, "reference"), "reference")).toBe(false);
  });

  it("run inside compiled executables with the reference's bits (tanh(x·y + z) over [256,1024])", () => {
    const { module, params } = bodyModule("tanh_fma", 0, 256, 1024);
    const args = argsOf(params, 5, [[0, 0], [1, 3], [77, 4], [1000, 5], [4096, 2]]);
    const exe = compile(module);
    for (let run = 0; run < 3; run++) {
      const got = exe.execute(args) as ArrayLiteral;
      expectReference(module, args, "reference", got.data as Float64Array);
    }
  });
});
