/**
 * Integer values folded when a computation is planned: JAX's threefry
 * counters (iota u64 split into u32 halves), integer power in both numerics
 * modes (where their rules differ), and what is never folded (the root, a
 * value that depends on a parameter, floats). Results are the reference's
 * bits on every run.
 */
import { type Literal, entryComputation, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import type { Numerics } from "../kernel.ts";
import { compile } from "./compile.ts";
import { planComputation } from "./program.ts";

const COUNTERS = `HloModule counters
ENTRY %main (k: u32[6]) -> (u32[6], u32[6], f32[6]) {
  %k = u32[6] parameter(0)
  %iota = u64[6] iota(), iota_dimension=0
  %c32 = u64[] constant(32)
  %b32 = u64[6] broadcast(%c32), dimensions={}
  %hi = u64[6] shift-right-logical(%iota, %b32)
  %hi32 = u32[6] convert(%hi)
  %lo32 = u32[6] convert(%iota)
  %a = u32[6] add(%k, %hi32)
  %b = u32[6] xor(%k, %lo32)
  %fi = f32[6] iota(), iota_dimension=0
  ROOT %t = (u32[6], u32[6], f32[6]) tuple(%a, %b, %fi)
}`;

function folded(m: ReturnType<typeof parseHloModule>, numerics: Numerics): Set<string> {
  const exe = compile(m, { fuse: false, numerics });
  const plan = planComputation(exe.module, entryComputation(exe.module), true, numerics);
  // A folded step returns a value made at planning: passed in like a constant, never from the pool.
  return new Set(plan.steps.filter((s) => s.origin === "foreign" && s.inst.opcode !== "parameter" && s.inst.opcode !== "constant").map((s) => s.inst.name));
}

function expectSame(m: ReturnType<typeof parseHloModule>, args: readonly Literal[], numerics: Numerics): void {
  const exe = compile(m, { numerics });
  const want = evaluate(m, args, { numerics });
  for (let run = 0; run < 3; run++) expect(firstBitDifference(exe.execute(args), want)?.message).toBeUndefined();
}

describe("constant folding of integer values", () => {
  it("folds the counters built from iota u64, not what reads a parameter, nor floats", () => {
    const m = parseHloModule(COUNTERS);
    expect(folded(m, "reference")).toEqual(new Set(["iota", "b32", "hi", "hi32", "lo32"]));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 6, maxLength: 6 }), fc.constantFrom<Numerics>("reference", "xla-cpu"), (k, numerics) => {
        expectSame(m, [literal("u32", [6], k)], numerics);
      }),
      { numRuns: 20 },
    );
  });

  it("never folds a root, so every run hands back an array of its own", () => {
    const m = parseHloModule(`HloModule r
ENTRY %main () -> s32[4] {
  %i = s32[4] iota(), iota_dimension=0
  %c = s32[] constant(3)
  %b = s32[4] broadcast(%c), dimensions={}
  ROOT %m = s32[4] multiply(%i, %b)
}`);
    expect(folded(m, "reference")).toEqual(new Set(["i", "b"]));
    const exe = compile(m, { fuse: false });
    const first = exe.execute([]);
    const second = exe.execute([]);
    expect(first).not.toBe(second);
    expect(firstBitDifference(second, evaluate(m, []))?.message).toBeUndefined();
  });

  it("folds integer power with the numerics mode's own rule (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: -3, max: 40 }),
        fc.constantFrom("s32", "s8", "u16"),
        fc.constantFrom<Numerics>("reference", "xla-cpu"),
        (base, exponent, t, numerics) => {
          const b = t.startsWith("u") ? Math.abs(base) : base;
          const e = t.startsWith("u") ? Math.abs(exponent) : exponent;
          const m = parseHloModule(`HloModule p
ENTRY %main (x: ${t}[]) -> ${t}[] {
  %x = ${t}[] parameter(0)
  %b = ${t}[] constant(${b})
  %e = ${t}[] constant(${e})
  %p = ${t}[] power(%b, %e)
  ROOT %s = ${t}[] add(%p, %x)
}`);
          expect(folded(m, numerics).has("p")).toBe(true);
          expectSame(m, [literal(t as "s32", [], [1])], numerics);
        },
      ),
      { numRuns: 60 },
    );
  });
});
