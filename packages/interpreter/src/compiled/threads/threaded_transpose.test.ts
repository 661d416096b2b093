/**
 * Transposes split across worker threads: every split (two and three
 * threads, any rank and permutation, operand dimensions of size 1 among
 * them) gives transposeInto's bits and the reference evaluator's, on shared
 * memory; unshared arrays and small transposes stay on the caller's thread.
 */
import fc from "fast-check";
import { type ArrayLiteral, type Literal, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import { beforeAll, describe, expect, it } from "vitest";
import { compile } from "../compile.ts";
import { evaluate } from "../../evaluate.ts";
import { transposeInto } from "../transpose_kernel.ts";
import { THREAD_MIN_POINTS } from "./settings.ts";
import { compileTranspose } from "./threaded_transpose.ts";
import { startThreads, threadedJobCount, threadsSupported } from "./worker_pool.ts";

const SPECIALS = [NaN, -0, 0, Infinity, -Infinity, 5e-324, -2.2250738585072014e-308];

/** n seeded values with specials sprinkled in, on shared memory or not. */
function values(n: number, seed: number, shared: boolean): Float64Array {
  const out = shared ? new Float64Array(new SharedArrayBuffer(n * 8)) : new Float64Array(n);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = s % 97 === 0 ? SPECIALS[s % SPECIALS.length] : (s / 2 ** 32 - 0.5) * 1e3;
  }
  return out;
}

function shared(n: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(n * 8));
}

/** Dimensions of rank 2-4 with at least THREAD_MIN_POINTS elements (some of size 1), and a permutation of them. */
const bigTranspose = fc
  .tuple(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 2 ** 31 }))
  .chain(([rank, seed]) =>
    fc.tuple(
      fc.array(fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 12 })), { minLength: rank - 1, maxLength: rank - 1 }),
      fc.integer({ min: 0, max: rank - 1 }),
      fc.shuffledSubarray([...Array(rank).keys()], { minLength: rank, maxLength: rank }),
      fc.constant(seed),
    ),
  )
  .map(([small, at, perm, seed]) => {
    const rest = small.reduce((a, b) => a * b, 1);
    const dims = [...small];
    // One dimension large enough that the transpose reaches the split threshold.
    dims.splice(at, 0, Math.ceil(THREAD_MIN_POINTS / rest) + (seed % 5));
    return { dims, perm, seed };
  });

describe.skipIf(!threadsSupported())("transposes split across worker threads", () => {
  beforeAll(() => {
    expect(startThreads(2)).toBe(2);
  });

  it("gives transposeInto's bits for every rank, permutation and thread count", () => {
    fc.assert(
      fc.property(bigTranspose, fc.constantFrom(2, 3), ({ dims, perm, seed }, threads) => {
        const n = dims.reduce((a, b) => a * b, 1);
        const src = values(n, seed, true);
        const want = transposeInto(src, dims, perm);
        const kernel = compileTranspose(dims, perm, threads);
        // The first run splits, the second runs on one thread (split_choice.ts alternates while it measures).
        for (let run = 0; run < 2; run++) {
          const out = shared(n).fill(7);
          kernel(src, out);
          expect(firstBitDifference({ shape: { elementType: "f64", dimensions: [n] }, data: out }, { shape: { elementType: "f64", dimensions: [n] }, data: want })?.message).toBeUndefined();
        }
      }),
      { numRuns: 24 },
    );
  });

  it("runs a module's large transpose split, with the reference's bits", () => {
    const m = parseHloModule(`HloModule t
ENTRY %main (x: f64[700,300]) -> f64[300,700] {
  %x = f64[700,300] parameter(0)
  ROOT %t = f64[300,700] transpose(%x), dimensions={1,0}
}
`);
    const args: Literal[] = [literal("f64", [700, 300], values(700 * 300, 5, false))];
    const exe = compile(m, { threads: 2 });
    const before = threadedJobCount();
    const got = exe.execute(args) as ArrayLiteral;
    expect(threadedJobCount() - before).toBe(1);
    expect(firstBitDifference(got, evaluate(m, args) as ArrayLiteral)?.message).toBeUndefined();
  });

  it("keeps unshared arrays and small transposes on the caller's thread", () => {
    const before = threadedJobCount();
    const n = 600 * 300;
    const src = values(n, 3, false);
    const out = new Float64Array(n);
    compileTranspose([600, 300], [1, 0], 2)(src, out);
    expect(out).toEqual(transposeInto(src, [600, 300], [1, 0]));
    const small = values(100 * 50, 4, true);
    const smallOut = shared(100 * 50);
    compileTranspose([100, 50], [1, 0], 2)(small, smallOut);
    expect(smallOut).toEqual(transposeInto(small, [100, 50], [1, 0]));
    expect(threadedJobCount()).toBe(before);
  });
});
