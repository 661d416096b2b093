/**
 * Compiled dynamic-slice and dynamic-update-slice against the reference, bit
 * for bit, over shapes, window sizes and start indices of several integer
 * types (out of range ones clamped, 64-bit ones beyond 2^53 too); and the
 * in-place update: taken only when the operand dies at the step and no
 * other value holds its buffer, and then the same values as copying.
 */
import { type ArrayLiteral, type HloModule, type Literal, entryComputation, firstBitDifference, getComputation, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import type { Numerics } from "../kernel.ts";
import { BufferPool, Frame } from "./buffer_pool.ts";
import { compile } from "./compile.ts";
import { dynamicSliceStep } from "./dynamic_slice_steps.ts";
import { planComputation } from "./program.ts";

const floatArb = fc.oneof(
  { weight: 6, arbitrary: fc.double({ noNaN: true, min: -1e6, max: 1e6 }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, -0, 0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324) },
);

/** Dimensions (rank 0-3), a window no larger, start indices (some out of range), an index type and the values. */
const caseArb = fc
  .array(fc.integer({ min: 1, max: 5 }), { minLength: 0, maxLength: 3 })
  .chain((dims) =>
    fc.record({
      dims: fc.constant(dims),
      sizes: fc.tuple(...dims.map((d) => fc.integer({ min: 0, max: d }))),
      starts: fc.tuple(...dims.map((d) => fc.oneof(fc.integer({ min: -3, max: d + 3 }), fc.constantFrom(2 ** 60, -(2 ** 60))))),
      it: fc.constantFrom("s32", "s64", "u32", "u8"),
      vals: fc.array(floatArb, { minLength: 1, maxLength: 16 }),
      numerics: fc.constantFrom<Numerics>("reference", "xla-cpu"),
    }),
  );

function indexLiteral(t: string, v: number): Literal {
  if (t === "s64") return literal("s64", [], BigInt64Array.of(BigInt(v)));
  // Unsigned indices are never negative; huge ones saturate the type.
  const u = t === "u8" ? Math.min(Math.abs(v), 255) : t === "u32" ? Math.min(Math.abs(v), 2 ** 32 - 1) : Math.max(-(2 ** 31), Math.min(v, 2 ** 31 - 1));
  return literal(t as "s32", [], [u]);
}

function floats(dims: readonly number[], vals: readonly number[], shift: number): ArrayLiteral {
  const n = dims.reduce((a, b) => a * b, 1);
  return literal("f64", dims, Array.from({ length: n }, (_, i) => vals[(i + shift) % vals.length] + (i >= vals.length ? i : 0)));
}

function expectCompiled(m: HloModule, args: readonly Literal[], opcode: string, numerics: Numerics, fuse = false): void {
  const exe = compile(m, { numerics, fuse });
  const plan = planComputation(exe.module, entryComputation(exe.module), true, numerics);
  expect(plan.steps.find((s) => s.inst.opcode === opcode)?.fast, `${opcode} runs as a compiled step`).toBeDefined();
  const want = evaluate(m, args, { numerics });
  for (let run = 0; run < 2; run++) expect(firstBitDifference(exe.execute(args), want)?.message).toBeUndefined();
}

const ty = (dims: readonly number[]): string => `f64[${dims.join(",")}]`;

describe("compiled dynamic-slice and dynamic-update-slice", () => {
  it("slice and update as the reference does, clamping the starts (property)", () => {
    fc.assert(
      fc.property(caseArb, ({ dims, sizes, starts, it: idxType, vals, numerics }) => {
        const rank = dims.length;
        const idxParams = dims.map((_, d) => `%i${d} = ${idxType}[] parameter(${d + 1})`).join("\n  ");
        const idxNames = dims.map((_, d) => `, %i${d}`).join("");
        const idxSig = dims.map((_, d) => `, i${d}: ${idxType}[]`).join("");
        const slice = parseHloModule(`HloModule s
ENTRY %main (x: ${ty(dims)}${idxSig}) -> ${ty(sizes)} {
  %x = ${ty(dims)} parameter(0)
  ${idxParams}
  ROOT %r = ${ty(sizes)} dynamic-slice(%x${idxNames}), dynamic_slice_sizes={${sizes.join(",")}}
}`);
        const x = floats(dims, vals, 0);
        const idx = starts.map((s) => indexLiteral(idxType, s));
        expectCompiled(slice, [x, ...idx], "dynamic-slice", numerics);
        const updateParams = dims.map((_, d) => `%i${d} = ${idxType}[] parameter(${d + 2})`).join("\n  ");
        // The operand made in the run by a fused loop (a pooled buffer, so the update may go in place), read again after it or not.
        for (const readAgain of [false, true]) {
          const update = parseHloModule(`HloModule u
ENTRY %main (x: ${ty(dims)}, u: ${ty(sizes)}${idxSig}) -> (${ty(dims)}, ${ty(dims)}) {
  %x = ${ty(dims)} parameter(0)
  %u = ${ty(sizes)} parameter(1)
  ${updateParams}
  %y = ${ty(dims)} negate(%x)
  %r = ${ty(dims)} dynamic-update-slice(%y, %u${idxNames})
  ROOT %t = (${ty(dims)}, ${ty(dims)}) tuple(%r, ${readAgain ? "%y" : "%x"})
}`);
          expectCompiled(update, [x, floats(sizes, vals, 3), ...idx], "dynamic-update-slice", numerics, true);
        }
        expect(rank).toBe(sizes.length);
      }),
      { numRuns: 150 },
    );
  });

  it("updates in place only when the operand dies at the step and its buffer has one holder", () => {
    const m = parseHloModule(`HloModule p
ENTRY %main (x: f64[4,3], u: f64[1,3], i: s64[]) -> f64[4,3] {
  %x = f64[4,3] parameter(0)
  %u = f64[1,3] parameter(1)
  %i = s64[] parameter(2)
  %z = s64[] constant(0)
  ROOT %r = f64[4,3] dynamic-update-slice(%x, %u, %i, %z)
}`);
    const c = getComputation(m, "main");
    const inst = c.instructions.find((i) => i.opcode === "dynamic-update-slice");
    if (inst === undefined) throw new Error("no dynamic-update-slice");
    const args = (frame: Frame): Literal[] => {
      const data = frame.take(12);
      for (let k = 0; k < 12; k++) data[k] = k;
      const x: Literal = { shape: { elementType: "f64", dimensions: [4, 3] }, data };
      frame.hold(x, "pool");
      return [x, literal("f64", [1, 3], [-1, -2, -3]), literal("s64", [], BigInt64Array.of(9n)), literal("s64", [], BigInt64Array.of(0n))];
    };
    const want = [0, 1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3];
    for (const [dies, extraHolder, inPlace] of [[true, false, true], [false, false, false], [true, true, false]] as const) {
      const frame = new Frame(new BufferPool());
      const operands = args(frame);
      if (extraHolder) frame.hold({ shape: { elementType: "f64", dimensions: [4, 3] }, data: (operands[0] as ArrayLiteral).data }, "pool");
      const step = dynamicSliceStep(c, inst, dies);
      expect(step).toBeDefined();
      const before = Array.from((operands[0] as ArrayLiteral).data as Float64Array);
      const got = step?.(operands, frame, { options: {}, parameter: () => operands[0], call: () => operands[0] }) as ArrayLiteral;
      expect(Array.from(got.data as Float64Array)).toEqual(want);
      expect(got.data === (operands[0] as ArrayLiteral).data).toBe(inPlace);
      if (!inPlace) expect(Array.from((operands[0] as ArrayLiteral).data as Float64Array)).toEqual(before);
    }
  });

  it("updates a scan's output in place across the while body and its calls, as the reference computes it (property)", () => {
    // JAX's scan: the body calls a computation holding the dynamic-update-slice; the buffer passes from the
    // loop state through the call. `keep` also carries the old output (so it must not be written), `w` passes through.
    const scan = (keep: boolean): string => `HloModule scan
update {
  ys = f64[6,3] parameter(0)
  y = f64[3] parameter(1)
  i = s32[] parameter(2)
  r = f64[1,3] reshape(y)
  z = s32[] constant(0)
  ROOT u = f64[6,3] dynamic-update-slice(ys, r, i, z)
}
body {
  p = (s32[], f64[3], f64[6,3], f64[6,3], f64[3]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  x = f64[3] get-tuple-element(p), index=1
  ys = f64[6,3] get-tuple-element(p), index=2
  old = f64[6,3] get-tuple-element(p), index=3
  w = f64[3] get-tuple-element(p), index=4
  x2 = f64[3] multiply(x, w)
  ys2 = f64[6,3] call(ys, x2, i), to_apply=update
  one = s32[] constant(1)
  i2 = s32[] add(i, one)
  ROOT t = (s32[], f64[3], f64[6,3], f64[6,3], f64[3]) tuple(i2, x2, ys2, ${keep ? "ys" : "old"}, w)
}
cond {
  p = (s32[], f64[3], f64[6,3], f64[6,3], f64[3]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  n = s32[] constant(9)
  ROOT lt = pred[] compare(i, n), direction=LT
}
ENTRY main {
  x0 = f64[3] parameter(0)
  w = f64[3] parameter(1)
  i0 = s32[] parameter(2)
  c = f64[] constant(0)
  ys = f64[6,3] broadcast(c), dimensions={}
  neg = f64[3] negate(w)
  t0 = (s32[], f64[3], f64[6,3], f64[6,3], f64[3]) tuple(i0, x0, ys, ys, neg)
  ROOT l = (s32[], f64[3], f64[6,3], f64[6,3], f64[3]) while(t0), condition=cond, body=body
}`;
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: -4, max: 8 }), fc.array(floatArb, { minLength: 6, maxLength: 6 }), (keep, start, vals) => {
        const m = parseHloModule(scan(keep));
        const args = [literal("f64", [3], vals.slice(0, 3)), literal("f64", [3], vals.slice(3)), literal("s32", [], [start])];
        const want = evaluate(m, args);
        const exe = compile(m);
        for (let run = 0; run < 3; run++) expect(firstBitDifference(exe.execute(args), want)?.message).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
