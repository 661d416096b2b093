/**
 * Loop nests split across worker threads: bits identical to the same
 * executable on one thread and to the reference evaluator (large shapes
 * above the split threshold, NaN, ±0, ±inf and subnormals in the values),
 * worker failures and hangs as EvalErrors, and a process with the workers
 * started still exiting on its own.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { type ArrayLiteral, EvalError, type Literal, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import { beforeAll, describe, expect, it } from "vitest";
import { compile } from "../compile.ts";
import { evaluate } from "../../evaluate.ts";
import { portableSource } from "./portable_function.ts";
import { resolveThreads, THREAD_MIN_POINTS } from "./settings.ts";
import { SplitChoice } from "./split_choice.ts";
import { WORKER_KERNELS } from "./worker_source.ts";
import { newKernelId, runSplit, setThreadWaitLimit, startThreads, threadedJobCount, threadsSupported } from "./worker_pool.ts";

const SPECIALS = [NaN, -NaN, 0, -0, Infinity, -Infinity, 5e-324, -5e-324, 2.2250738585072014e-308, 1e308, -1e308];

/** Seeded values with specials at the positions `at` names. */
function values(n: number, seed: number, specials: readonly [number, number][]): Float64Array {
  const out = new Float64Array(n);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = (s / 2 ** 32 - 0.5) * 8;
  }
  for (const [at, k] of specials) out[at % n] = SPECIALS[k % SPECIALS.length];
  return out;
}

const MODULES = {
  fma_tanh: (r: number, c: number) => `HloModule t
ENTRY %main (x: f64[${r},${c}], y: f64[${r},${c}], z: f64[${r},${c}]) -> f64[${r},${c}] {
  %x = f64[${r},${c}] parameter(0)
  %y = f64[${r},${c}] parameter(1)
  %z = f64[${r},${c}] parameter(2)
  %m = f64[${r},${c}] multiply(%x, %y)
  %a = f64[${r},${c}] add(%m, %z)
  ROOT %t = f64[${r},${c}] tanh(%a)
}
`,
  row_bias_relu: (r: number, c: number) => `HloModule t
ENTRY %main (x: f64[${r},${c}], v: f64[${c}]) -> f64[${r},${c}] {
  %x = f64[${r},${c}] parameter(0)
  %v = f64[${c}] parameter(1)
  %b = f64[${r},${c}] broadcast(%v), dimensions={1}
  %a = f64[${r},${c}] add(%x, %b)
  %zero = f64[] constant(0)
  %zb = f64[${r},${c}] broadcast(%zero), dimensions={}
  ROOT %m = f64[${r},${c}] maximum(%a, %zb)
}
`,
  row_max: (r: number, c: number) => `HloModule t
%max (a: f64[], b: f64[]) -> f64[] {
  %a = f64[] parameter(0)
  %b = f64[] parameter(1)
  ROOT %m = f64[] maximum(%a, %b)
}
ENTRY %main (x: f64[${r},${c}], z: f64[${r},${c}]) -> f64[${r}] {
  %x = f64[${r},${c}] parameter(0)
  %z = f64[${r},${c}] parameter(1)
  %s = f64[${r},${c}] subtract(%x, %z)
  %init = f64[] constant(-inf)
  ROOT %r = f64[${r}] reduce(%s, %init), dimensions={1}, to_apply=%max
}
`,
} as const;

const PARAMS: Record<keyof typeof MODULES, (r: number, c: number) => number[][]> = {
  fma_tanh: (r, c) => [[r, c], [r, c], [r, c]],
  row_bias_relu: (r, c) => [[r, c], [c]],
  row_max: (r, c) => [[r, c], [r, c]],
};

const supported = threadsSupported();

describe.skipIf(!supported)("loop nests split across worker threads", () => {
  beforeAll(() => {
    expect(startThreads(1)).toBe(1);
  });

  it("gives the bits of one thread and of the reference, on shared and unshared arguments", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(MODULES) as (keyof typeof MODULES)[])),
        fc.integer({ min: 2, max: 700 }),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 40 }),
        fc.boolean(),
        (kind, rows, seed, specials, sharedArgs) => {
          const cols = Math.ceil(THREAD_MIN_POINTS / rows) + (seed % 7);
          const m = parseHloModule(MODULES[kind](rows, cols));
          const args: Literal[] = PARAMS[kind](rows, cols).map((dims, k) => {
            const data = values(dims.reduce((a, b) => a * b, 1), seed + k, specials);
            // literal() allocates large storage on shared memory; the bare object keeps the caller's own array.
            return sharedArgs ? literal("f64", dims, data) : { shape: { elementType: "f64", dimensions: dims }, data };
          });
          const before = threadedJobCount();
          const split = compile(m, { threads: 2 }).execute(args) as ArrayLiteral;
          // Shared arguments split (a bias row is shared from 2^16 values, else copied when 16 times smaller than
          // the loop); a large unshared one keeps the loop on this thread.
          const biasSplits = kind !== "row_bias_relu" || cols >= 1 << 16 || cols * 16 <= rows * cols;
          expect(threadedJobCount() - before).toBe(sharedArgs && biasSplits ? 1 : 0);
          const one = compile(m, { threads: false }).execute(args) as ArrayLiteral;
          const ref = evaluate(m, args) as ArrayLiteral;
          expect(firstBitDifference(split, one)?.message).toBeUndefined();
          expect(firstBitDifference(split, ref)?.message).toBeUndefined();
        },
      ),
      { numRuns: 16 },
    );
  });

  it("splits across more threads than workers, the rest of the shares on the caller's thread", () => {
    const m = parseHloModule(MODULES.fma_tanh(300, 500));
    const args = PARAMS.fma_tanh(300, 500).map((d, k) => literal("f64", d, values(300 * 500, 9 + k, [[7, 0], [8, 3]])));
    const got = compile(m, { threads: 3 }).execute(args) as ArrayLiteral;
    expect(firstBitDifference(got, evaluate(m, args) as ArrayLiteral)?.message).toBeUndefined();
  });

  it("leaves loop nests below the threshold on the caller's thread", () => {
    const m = parseHloModule(MODULES.fma_tanh(100, 100));
    const args = PARAMS.fma_tanh(100, 100).map((d, k) => literal("f64", d, values(100 * 100, k, [])));
    const before = threadedJobCount();
    compile(m, { threads: 2 }).execute(args);
    expect(threadedJobCount()).toBe(before);
  });

  it("reports a worker's exception as an EvalError naming it", () => {
    const out = new Float64Array(new SharedArrayBuffer(16));
    const kernel = { id: newKernelId(), source: "return function () { throw new RangeError('broken share'); };", functions: [] };
    const share = { kernel, arrays: [], out };
    expect(() => runSplit([share, share], () => {})).toThrow(EvalError);
    expect(() => runSplit([share, share], () => {})).toThrow(/RangeError: broken share/);
  });

  it("stops a worker that does not finish and says so, then runs on a new one", () => {
    const out = new Float64Array(new SharedArrayBuffer(16));
    const kernel = { id: newKernelId(), source: "return function () { for (;;) {} };", functions: [] };
    const before = setThreadWaitLimit(300);
    try {
      expect(() => runSplit([{ kernel, arrays: [], out }, { kernel, arrays: [], out }], () => {})).toThrow(/did not finish .* within 300 ms/);
    } finally {
      setThreadWaitLimit(before);
    }
    expect(startThreads(1)).toBe(1);
    const ok = { id: newKernelId(), source: "return function (arrays, out) { out[0] = 42; };", functions: [] };
    runSplit([{ kernel: ok, arrays: [], out: out.subarray(1) }, { kernel: ok, arrays: [], out }], () => {});
    expect(out[0]).toBe(42);
  });

  it("keeps a bounded number of kernels per worker and sends an evicted one again", () => {
    const out = new Float64Array(new SharedArrayBuffer(16));
    const kernels = Array.from({ length: WORKER_KERNELS + 5 }, (_, i) => ({
      id: newKernelId(),
      source: `return function (arrays, out) { out[0] = ${String(i)}; };`,
      functions: [],
    }));
    const run = (i: number): number => {
      runSplit([{ kernel: kernels[i], arrays: [], out: out.subarray(1) }, { kernel: kernels[i], arrays: [], out }], () => {});
      return out[0];
    };
    for (let i = 0; i < kernels.length; i++) expect(run(i)).toBe(i);
    expect(run(0)).toBe(0);
    expect(run(kernels.length - 1)).toBe(kernels.length - 1);
  });

  it("lets a process with started workers exit on its own", () => {
    const script = fileURLToPath(new URL("./exit_check.ts", import.meta.url));
    const r = spawnSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8", timeout: 60_000 });
    expect(r.error).toBeUndefined();
    expect(r.stdout.trim()).toBe("split jobs 1 same bits true");
    expect(r.status).toBe(0);
  });
});

/** Busy-waits `ms` milliseconds (a way of the split choice that takes that long). */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe("thread settings and portable functions", () => {
  it("settles on the faster way after probing both, and keeps probing the other", () => {
    for (const slowSplit of [true, false]) {
      const choice = new SplitChoice();
      const counts = { single: 0, split: 0 };
      for (let i = 0; i < 74; i++) {
        choice.run(
          () => {
            counts.single++;
            spin(slowSplit ? 0 : 2);
          },
          () => {
            counts.split++;
            spin(slowSplit ? 2 : 0);
          },
        );
      }
      // 2 warm-up splits, 5 probes each, then the faster way except one re-probe in every 32 runs.
      const [fast, slow] = slowSplit ? [counts.single, counts.split] : [counts.split, counts.single];
      expect(slow).toBeGreaterThanOrEqual(5);
      expect(slow).toBeLessThanOrEqual(slowSplit ? 10 : 8);
      expect(fast + slow).toBe(74);
    }
  });

  it("does not count the first two splits (the workers compile the kernel then) against splitting", () => {
    const choice = new SplitChoice();
    const counts = { single: 0, split: 0 };
    for (let i = 0; i < 40; i++) {
      choice.run(
        () => {
          counts.single++;
          spin(1);
        },
        () => {
          counts.split++;
          // The first three splits are slow (the workers compiling, then catching up), the rest fast.
          spin(counts.split <= 3 ? 8 : 0);
        },
      );
    }
    // Kept, the three slow splits would make the split's median of five the slower one.
    expect(counts.split).toBeGreaterThan(30);
  });

  it("resolves the thread count from the option and MINIXLA_THREADS", () => {
    const before = process.env.MINIXLA_THREADS;
    try {
      delete process.env.MINIXLA_THREADS;
      expect(resolveThreads(false)).toBe(1);
      expect(resolveThreads(3)).toBe(3);
      process.env.MINIXLA_THREADS = "0";
      expect(resolveThreads(3)).toBe(1);
      expect(resolveThreads(undefined)).toBe(1);
      process.env.MINIXLA_THREADS = "2";
      expect(resolveThreads(8)).toBe(2);
    } finally {
      if (before === undefined) delete process.env.MINIXLA_THREADS;
      else process.env.MINIXLA_THREADS = before;
    }
  });

  it("ships Math's functions and closed arrows, never a closure", () => {
    expect(portableSource(Math.tanh)).toBe("Math.tanh");
    const add = (a: number, b: number): number => a + b;
    expect(new Function(`return (${portableSource(add) as string})`)()(2, 3)).toBe(5);
    const k = 3;
    const scaled = (a: number): number => a * k;
    expect(portableSource(scaled)).toBeUndefined();
  });
});
