/**
 * Integer loop bodies as JAX's threefry writes them: u32 adds that wrap, xors,
 * rotations by shift-left | shift-right-logical (shift counts drawn up to 40,
 * past the width, where XLA's rules give 0), a u32 counter, many iterations,
 * and a fusion of no operands (an iota counter split into 32-bit halves) whose
 * value the engine keeps between runs. Compiled and reference bits must agree.
 */
import { type ArrayLiteral, firstBitDifference, literal, lowerBroadcasts, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { compile } from "./compile.ts";

const N = 16;

function roundsModule(r1: number, r2: number): ReturnType<typeof parseHloModule> {
  return lowerBroadcasts(
    parseHloModule(`HloModule rounds

body {
  p = (u32[], u32[], u32[${N}], u32[${N}]) parameter(0)
  i = u32[] get-tuple-element(p), index=0
  n = u32[] get-tuple-element(p), index=1
  x = u32[${N}] get-tuple-element(p), index=2
  y = u32[${N}] get-tuple-element(p), index=3
  s = u32[${N}] add(x, y)
  c1 = u32[] constant(${r1})
  b1 = u32[${N}] broadcast(c1), dimensions={}
  l = u32[${N}] shift-left(y, b1)
  c2 = u32[] constant(${r2})
  b2 = u32[${N}] broadcast(c2), dimensions={}
  r = u32[${N}] shift-right-logical(y, b2)
  rot = u32[${N}] or(l, r)
  t = u32[${N}] xor(s, rot)
  ib = u32[${N}] broadcast(i), dimensions={}
  t2 = u32[${N}] add(t, ib)
  one = u32[] constant(1)
  i2 = u32[] add(i, one)
  ROOT out = (u32[], u32[], u32[${N}], u32[${N}]) tuple(i2, n, s, t2)
}

cond {
  p = (u32[], u32[], u32[${N}], u32[${N}]) parameter(0)
  i = u32[] get-tuple-element(p), index=0
  n = u32[] get-tuple-element(p), index=1
  ROOT lt = pred[] compare(i, n), direction=LT
}

ENTRY main {
  x0 = u32[${N}] parameter(0)
  y0 = u32[${N}] parameter(1)
  n = u32[] parameter(2)
  zero = u32[] constant(0)
  init = (u32[], u32[], u32[${N}], u32[${N}]) tuple(zero, n, x0, y0)
  w = (u32[], u32[], u32[${N}], u32[${N}]) while(init), condition=cond, body=body
  a = u32[${N}] get-tuple-element(w), index=2
  b = u32[${N}] get-tuple-element(w), index=3
  k = u64[${N}] iota(), iota_dimension=0
  c32 = u64[] constant(32)
  b32 = u64[${N}] broadcast(c32), dimensions={}
  hi = u64[${N}] shift-right-logical(k, b32)
  hi32 = u32[${N}] convert(hi)
  lo32 = u32[${N}] convert(k)
  hx = u32[${N}] xor(hi32, lo32)
  a2 = u32[${N}] add(a, hx)
  ROOT t = (u32[${N}], u32[${N}]) tuple(a2, b)
}
`),
  );
}

const u32s = fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: N, maxLength: N });

describe("integer while loops in the compiled engine", () => {
  it("wrapping adds, xors and rotations (shifts up to 40) over many iterations give the reference's bits", () => {
    fc.assert(
      fc.property(u32s, u32s, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 300 }), (x, y, r1, r2, n) => {
        const m = roundsModule(r1, r2);
        const args = [
          literal("u32", [N], Float64Array.from(x)),
          literal("u32", [N], Float64Array.from(y)),
          literal("u32", [], Float64Array.of(n)),
        ] as ArrayLiteral[];
        const want = evaluate(m, args);
        const exe = compile(m);
        // Twice: the second run reuses pooled buffers and the kept value of the operand-less fusion.
        for (let run = 0; run < 2; run++) expect(firstBitDifference(exe.execute(args), want)?.message).toBeUndefined();
      }),
      { numRuns: 12 },
    );
  });
});
