/**
 * Dots split across worker threads (threaded_dot.ts): the same bits as the
 * single-thread WebAssembly matmul and as the reference kernel, in both
 * numerics modes, f64 and f32, over shapes cut by batches and by rows, with
 * NaN, infinities, signed zeros, subnormals and magnitudes that send XLA
 * CPU's f64 steps to their host fma64 (on the workers, portable_fma64.ts);
 * the split threshold lowered so that small dots take the threaded path.
 */
import { type ArrayLiteral, type ElementType, type InstructionOf, literal, normalizeValue, parseHloModule, shape } from "@minixla/hlo";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Numerics } from "../../kernel.ts";
import { evaluate } from "../../evaluate.ts";
import { instruction, run, testContext } from "../../kernels/support/test_support.ts";
import { fma64 } from "../../numerics/xla_cpu/arith.ts";
import { compile } from "../compile.ts";
import { compileDot } from "../dot_kernel.ts";
import { portableSource } from "./portable_function.ts";
import { fma64Portable } from "./portable_fma64.ts";
import { setDotThreadMinProducts, withThreads } from "./settings.ts";
import { BusyCores, dotBlocks, setCallerTakesBlocks } from "./threaded_dot.ts";
import { setShareStealing, startThreads, stolenJobCount, threadedJobCount, threadsSupported } from "./worker_pool.ts";

const supported = threadsSupported();

/** Values that stress every path: NaN, infinities, signed zeros, f64 and f32 subnormals, huge and tiny magnitudes (fma64's exact path). */
const SPECIALS = [NaN, -NaN, 0, -0, Infinity, -Infinity, 5e-324, -2e-310, 1e-40, -3e-39, 1e300, -1e300, 2 ** 600, 1e-300, -(2 ** -700), 3.4e38, 65504, 1, -1];

const DOUBLE_BITS = (x: number): bigint => new BigInt64Array(new Float64Array([x]).buffer)[0];
const sameBits = (x: number, y: number): boolean => (Number.isNaN(x) && Number.isNaN(y)) || DOUBLE_BITS(x) === DOUBLE_BITS(y);

describe("fma64Portable", () => {
  it("is portable source, and gives fma64's bits, evaluated there or from its source", () => {
    const source = portableSource(fma64Portable);
    expect(source).toBeDefined();
    const fromSource = new Function(`"use strict"; return (${source as string});`)() as (a: number, b: number, c: number) => number;
    const anyDouble = fc.oneof(
      fc.double(),
      fc.constantFrom(...SPECIALS),
      fc.tuple(fc.double({ min: 0.5, max: 2, noNaN: true }), fc.integer({ min: -1074, max: 1023 })).map(([m, e]) => m * 2 ** e),
    );
    fc.assert(
      fc.property(anyDouble, anyDouble, anyDouble, fc.boolean(), (a, b, c0, cancel) => {
        // Half the time c nearly cancels a·b, where the rounding of the sum is hardest.
        const c = cancel && Number.isFinite(a * b) ? -(a * b) * (1 + c0 * 2 ** -40) : c0;
        const want = fma64(a, b, c);
        return sameBits(fma64Portable(a, b, c), want) && sameBits(fromSource(a, b, c), want);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("dotBlocks", () => {
  it("cuts batches where there are several, else rows in multiples of the row tile, covering every output element once", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 70 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.constantFrom(2, 4), (batches, m, k, n, unit) => {
        const cut = dotBlocks({ batches, m, k, n }, unit);
        if (cut === undefined) return batches === 1 && m <= unit;
        if (cut.blocks.length > 16 || cut.sizes.length > 2 || cut.wholeB !== (batches === 1)) return false;
        let at = 0;
        for (const blk of cut.blocks) {
          const s = cut.sizes[blk.module];
          if (blk.out !== at) return false;
          at += s.batches * s.m * n;
          if (batches === 1 && blk !== cut.blocks[cut.blocks.length - 1] && s.m % unit !== 0) return false;
          if (blk.a[1] - blk.a[0] !== s.batches * s.m * k || blk.b[1] - blk.b[0] !== s.batches * k * n || blk.a[0] !== (blk.out / n) * k) return false;
        }
        return at === batches * m * n;
      }),
    );
  });
});

describe.skipIf(!supported)("threaded dots", () => {
  let before: number | undefined;
  let stealing = true;
  let callerBlocks = true;
  beforeAll(() => {
    expect(startThreads(1)).toBe(1);
    // Every dot splits, however small, and the worker runs every block (the caller takes none, nor the job back).
    before = setDotThreadMinProducts(1);
    stealing = setShareStealing(false);
    callerBlocks = setCallerTakesBlocks(false);
  });
  afterAll(() => {
    setDotThreadMinProducts(before);
    setShareStealing(stealing);
    setCallerTakesBlocks(callerBlocks);
  });

  const BATCHED = { lhsBatchDimensions: [0], lhsContractingDimensions: [2], rhsBatchDimensions: [0], rhsContractingDimensions: [1] };

  function data(t: ElementType, n: number, raw: readonly number[]): number[] {
    return Array.from({ length: n }, (_, i) => normalizeValue(t, raw[i % raw.length]));
  }

  /** The dot compiled for 2 threads and for 1, run twice (the split's first runs), against the reference kernel in `numerics`. */
  function check(t: "f64" | "f32", numerics: Numerics, batches: number, m: number, k: number, n: number, lhsRaw: readonly number[], rhsRaw: readonly number[]): boolean {
    const inst = instruction("dot", shape(t, [batches, m, n]), BATCHED) as InstructionOf<"dot">;
    const lhs = literal(t, [batches, m, k], data(t, batches * m * k, lhsRaw)) as ArrayLiteral;
    const rhs = literal(t, [batches, k, n], data(t, batches * k * n, rhsRaw)) as ArrayLiteral;
    const want = run(inst, [lhs, rhs], testContext({}, { numerics })) as ArrayLiteral;
    const single = withThreads(1, () => compileDot(inst, lhs.shape, rhs.shape, numerics, "always"));
    const split = withThreads(2, () => compileDot(inst, lhs.shape, rhs.shape, numerics, "always"));
    expect(single).toBeDefined();
    expect(split).toBeDefined();
    const one = single!(lhs, rhs).data as Float64Array;
    for (let r = 0; r < 2; r++) {
      const got = split!(lhs, rhs, new Float64Array(want.data.length).fill(-7.5)).data as Float64Array;
      const bad = Array.from(want.data as Float64Array).findIndex((v, i) => !sameBits(v, got[i]) || !sameBits(one[i], got[i]));
      expect(bad, `${t} ${numerics} [${batches},${m},${k}]x[${batches},${k},${n}] run ${r}, element ${bad}: reference ${want.data[bad]}, one thread ${one[bad]}, split ${got[bad]}`).toBe(-1);
    }
    return true;
  }

  const value = fc.oneof({ weight: 3, arbitrary: fc.double({ min: -4, max: 4, noNaN: true }) }, { weight: 1, arbitrary: fc.constantFrom(...SPECIALS) });

  it("gives the single thread's and the reference's bits across shapes, types and numerics modes", () => {
    const jobs = threadedJobCount();
    fc.assert(
      fc.property(
        fc.constantFrom("f64" as const, "f32" as const),
        fc.constantFrom("reference" as const, "xla-cpu" as const),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        fc.array(value, { minLength: 1, maxLength: 40 }),
        fc.array(value, { minLength: 1, maxLength: 40 }),
        (t, numerics, batches, m, k, n, l, r) => check(t, numerics, batches, m, k, n, l, r),
      ),
      { numRuns: 120 },
    );
    // The workers ran shares (a worker not ready yet would leave its share to this thread, with the same bits).
    expect(threadedJobCount()).toBeGreaterThan(jobs);
  });

  it("sends XLA CPU's hard f64 lanes to the host fma64 on the workers too", () => {
    // Products near 2^1000 and below 2^-900, and sums that cancel: the steps cannot settle these lanes.
    const big = [1e300, -3e299, 2 ** 600, 7e-301, -(2 ** -700), 1.5, -2.25, 1e-300];
    for (const [batches, m, k, n] of [[1, 6, 5, 7], [3, 4, 9, 5], [2, 9, 3, 2]] as const) check("f64", "xla-cpu", batches, m, k, n, big, [...big].reverse());
  });

  it("keeps a constant operand's values per array: a new array is copied to the workers again", () => {
    const inst = instruction("dot", shape("f64", [1, 6, 5]), BATCHED) as InstructionOf<"dot">;
    const lhs = literal("f64", [1, 6, 4], Array.from({ length: 24 }, (_, i) => i * 0.37 - 3)) as ArrayLiteral;
    const rhs1 = literal("f64", [1, 4, 5], Array.from({ length: 20 }, (_, i) => 1 / (i + 1))) as ArrayLiteral;
    const rhs2 = literal("f64", [1, 4, 5], Array.from({ length: 20 }, (_, i) => i * i - 7)) as ArrayLiteral;
    for (const numerics of ["reference", "xla-cpu"] as const) {
      const split = withThreads(2, () => compileDot(inst, lhs.shape, rhs1.shape, numerics, "always", [undefined, rhs1.data as Float64Array]))!;
      for (const rhs of [rhs1, rhs2, rhs1, rhs2, rhs2, rhs1]) {
        const want = run(inst, [lhs, rhs], testContext({}, { numerics })) as ArrayLiteral;
        const got = split(lhs, rhs).data as Float64Array;
        expect(Array.from(got)).toEqual(Array.from(want.data as Float64Array));
      }
    }
  });

  it("runs a compiled module's dots split, with evaluate's bits in both numerics modes", () => {
    const text = `HloModule d
ENTRY %main (x: f64[16,64], w: f64[64,24]) -> f64[16,24] {
  %x = f64[16,64] parameter(0)
  %w = f64[64,24] parameter(1)
  ROOT %d = f64[16,24] dot(%x, %w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}
`;
    const m = parseHloModule(text);
    const x = literal("f64", [16, 64], Array.from({ length: 1024 }, (_, i) => (i % 17 === 3 ? SPECIALS[i % SPECIALS.length] : Math.sin(i) * 3)));
    const w = literal("f64", [64, 24], Array.from({ length: 1536 }, (_, i) => (i % 23 === 5 ? SPECIALS[i % SPECIALS.length] : Math.cos(i * 0.7))));
    for (const numerics of ["reference", "xla-cpu"] as const) {
      const want = evaluate(m, [x, w], { numerics }) as ArrayLiteral;
      const exe = compile(m, { numerics, threads: 2 });
      const jobs = threadedJobCount();
      for (let r = 0; r < 3; r++) {
        const got = exe.execute([x, w]) as ArrayLiteral;
        const bad = Array.from(want.data as Float64Array).findIndex((v, i) => !sameBits(v, (got.data as Float64Array)[i]));
        expect(bad, `${numerics} run ${r}: element ${bad}`).toBe(-1);
      }
      expect(threadedJobCount()).toBeGreaterThan(jobs);
    }
  });

  it("gives the same bits where the caller takes blocks too, or takes back a job its worker has not started", () => {
    setShareStealing(true);
    setCallerTakesBlocks(true);
    try {
      const stolen = stolenJobCount();
      const pause = new Int32Array(new SharedArrayBuffer(4));
      for (let i = 0; i < 6; i++) {
        // After a pause the worker sleeps, and wakes long after the caller took every block: its job is taken back.
        Atomics.wait(pause, 0, 0, 30);
        check(i % 2 === 0 ? "f64" : "f32", i % 3 === 0 ? "reference" : "xla-cpu", 2 + (i % 3), 9, 4, 5, [1.5, -2, 1e300, 5e-324, NaN, 7], [0.25, -0, 3, 1e-300, -1e300]);
      }
      expect(stolenJobCount()).toBeGreaterThan(stolen);
      fc.assert(
        fc.property(fc.constantFrom("f64" as const, "f32" as const), fc.constantFrom("reference" as const, "xla-cpu" as const), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 30 }), fc.array(value, { minLength: 1, maxLength: 30 }), (t, numerics, batches, m, l) =>
          check(t, numerics, batches, m, 7, 6, l, [...l].reverse()),
        ),
        { numRuns: 30 },
      );
    } finally {
      setShareStealing(false);
      setCallerTakesBlocks(false);
    }
  });
});

describe("BusyCores (the split dot's back-off)", () => {
  /** Calls run on one thread after feeding `splits` (own ms, waited ms, own blocks, blocks), over the next 40 calls. */
  const backedOff = (splits: readonly (readonly [number, number, number, number])[]): number => {
    const b = new BusyCores();
    for (const [own, waited, mine, all] of splits) b.record(own, waited, mine, all);
    let n = 0;
    for (let i = 0; i < 40; i++) if (b.backingOff()) n++;
    return n;
  };

  it("keeps splitting while splits pay, even where the workers took under half the blocks", () => {
    // 6 of 8 blocks at 0.05 ms each: alone about 0.4 ms, split 0.3 + 0.02; the workers took a third of their share.
    expect(backedOff(Array.from({ length: 20 }, () => [0.3, 0.02, 6, 8] as const))).toBe(0);
  });

  it("backs off for 32 calls after two splits among eight that took as long as the dot alone", () => {
    const lost = [0.35, 0.06, 7, 8] as const; // alone 0.4 ms, split 0.41
    const paid = [0.2, 0.02, 4, 8] as const;
    expect(backedOff([paid, lost, paid, paid, lost])).toBe(32);
    expect(backedOff([paid, lost, paid, paid, paid])).toBe(0);
    // The caller ran every block: the workers never came.
    expect(backedOff([[0.4, 0, 8, 8], [0.4, 0, 8, 8]])).toBe(32);
  });
});
