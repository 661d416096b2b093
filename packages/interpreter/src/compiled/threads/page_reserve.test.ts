/**
 * The page reserve: buffers come back zeroed, on shared memory, of the asked
 * length, each handed out once; an executable with threads returns a new
 * array every run (never one it returned before, never one a later run
 * writes) with the reference's bits; small lengths are never reserved.
 */
import { type ArrayLiteral, type Literal, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { compile } from "../compile.ts";
import { evaluate } from "../../evaluate.ts";
import { RESERVE_MIN_VALUES, requestReserved, reservedBuffer, reservedCount } from "./page_reserve.ts";
import { threadsSupported } from "./worker_pool.ts";

/** Asks for n values and waits until the reserve has them ready (they arrive from the worker asynchronously). */
async function nextReserved(n: number): Promise<Float64Array> {
  requestReserved(n);
  for (let i = 0; i < 400; i++) {
    const b = reservedBuffer(n);
    if (b !== undefined) return b;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the reserve never delivered");
}

describe.skipIf(!threadsSupported())("page reserve", () => {
  it("hands out zeroed shared buffers of the asked length, each once", async () => {
    const n = RESERVE_MIN_VALUES + 123;
    const seen = new Set<ArrayBufferLike>();
    for (let k = 0; k < 4; k++) {
      const b = await nextReserved(n);
      expect(b.length).toBe(n);
      expect(b.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(b.every((x) => Object.is(x, 0))).toBe(true);
      expect(seen.has(b.buffer)).toBe(false);
      seen.add(b.buffer);
      // The caller owns it now: writing it must not reach any later buffer.
      b.fill(k + 1);
    }
  });

  it("never reserves small buffers", () => {
    requestReserved(RESERVE_MIN_VALUES - 1);
    requestReserved(10);
    expect(reservedBuffer(RESERVE_MIN_VALUES - 1)).toBeUndefined();
    expect(reservedBuffer(10)).toBeUndefined();
  });

  it("gives an executable's runs new, unaliased results with the reference's bits", async () => {
    const m = parseHloModule(`HloModule t
ENTRY %main (x: f64[300,400], v: f64[400]) -> f64[300,400] {
  %x = f64[300,400] parameter(0)
  %v = f64[400] parameter(1)
  %b = f64[300,400] broadcast(%v), dimensions={1}
  ROOT %a = f64[300,400] add(%x, %b)
}
`);
    const exe = compile(m, { threads: 2 });
    const results: { args: Literal[]; got: ArrayLiteral }[] = [];
    const before = reservedCount();
    for (let run = 0; run < 8; run++) {
      const x = Float64Array.from({ length: 300 * 400 }, (_, i) => (i % 17) * (run + 1) - 3.5);
      const v = Float64Array.from({ length: 400 }, (_, i) => (i % 5 === 0 ? -0 : i * 0.25));
      const args = [literal("f64", [300, 400], x), literal("f64", [400], v)];
      results.push({ args, got: exe.execute(args) as ArrayLiteral });
      // Give the worker time to fill the reserve between runs.
      await new Promise((r) => setTimeout(r, 20));
    }
    // The first two runs allocate (the pool learns the length recurs); later ones find a reserved buffer.
    expect(reservedCount() - before).toBeGreaterThanOrEqual(4);
    expect(new Set(results.map((r) => r.got.data.buffer)).size).toBe(results.length);
    // Each result still holds its own run's values after every later run.
    for (const { args, got } of results) expect(firstBitDifference(got, evaluate(m, args) as ArrayLiteral)?.message).toBeUndefined();
  });
});
