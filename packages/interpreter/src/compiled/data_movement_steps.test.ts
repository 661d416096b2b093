import { type Literal, type HloModule, entryComputation, firstBitDifference, isArrayLiteral, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Numerics } from "../kernel.ts";
import { evaluate } from "../evaluate.ts";
import { compile } from "./compile.ts";
import { planComputation } from "./program.ts";

/** Floats with every special among them: NaN, ±0, ±inf, f32 subnormals, and distinct ordinary values. */
const floatArb = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, -0, 0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e-40, -3e-39) },
);

function floats(t: string, n: number, seed: number[]): Literal {
  return literal(t === "bf16" ? "bf16" : "f32", [n], Float64Array.from({ length: n }, (_, i) => seed[i % seed.length] + (i >= seed.length ? i : 0)));
}

/** The compiled engine's result and the reference's, bit for bit, and the instruction `opcode` run by a compiled step. */
function expectCompiled(m: HloModule, args: readonly Literal[], opcode: string, numerics: Numerics = "reference"): void {
  const exe = compile(m, { numerics });
  const plan = planComputation(exe.module, entryComputation(exe.module), true, numerics);
  const step = plan.steps.find((s) => s.inst.opcode === opcode);
  expect(step?.fast, `${opcode} runs as a compiled step`).toBeDefined();
  const want = evaluate(m, args, { numerics });
  for (let run = 0; run < 2; run++) {
    const got = exe.execute(args);
    expect(firstBitDifference(got, want)?.message).toBeUndefined();
  }
}

function reshaped(l: Literal, t: string, dims: readonly number[]): Literal {
  if (!isArrayLiteral(l)) throw new Error("array expected");
  return literal(t as "f32", dims, l.data as Float64Array);
}

describe("compiled gather", () => {
  it("takes rows of a table, clamping indices as the reference does (property)", () => {
    const arb = fc.record({
      rows: fc.integer({ min: 1, max: 9 }),
      cols: fc.integer({ min: 0, max: 7 }),
      idx: fc.array(fc.integer({ min: -4, max: 13 }), { minLength: 0, maxLength: 12 }),
      vals: fc.array(floatArb, { minLength: 1, maxLength: 20 }),
      t: fc.constantFrom("f32", "bf16"),
      it: fc.constantFrom("s32", "s64", "u8"),
      numerics: fc.constantFrom<Numerics>("reference", "xla-cpu"),
    });
    fc.assert(
      fc.property(arb, ({ rows, cols, idx, vals, t, it: idxType, numerics }) => {
        const n = idx.length;
        const ix = idxType === "u8" ? idx.map((v) => Math.abs(v)) : idx;
        const m = parseHloModule(`HloModule g
ENTRY %main (x: ${t}[${rows},${cols}], i: ${idxType}[${n}]) -> ${t}[${n},${cols}] {
  %x = ${t}[${rows},${cols}] parameter(0)
  %i = ${idxType}[${n}] parameter(1)
  ROOT %g = ${t}[${n},${cols}] gather(%x, %i), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,${cols}}
}`);
        const x = reshaped(floats(t, rows * cols, vals), t, [rows, cols]);
        const i = literal(idxType as "s32", [n], idxType === "s64" ? BigInt64Array.from(ix, (v) => BigInt(v)) : ix);
        expectCompiled(m, [x, i], "gather", numerics);
      }),
      { numRuns: 150, seed: 20261128 },
    );
  });

  it("gathers windows with index vectors, batch dimensions and offset dimensions in any place (property)", () => {
    const arb = fc.record({
      r: fc.integer({ min: 1, max: 6 }),
      c: fc.integer({ min: 1, max: 6 }),
      a: fc.integer({ min: 0, max: 6 }),
      b: fc.integer({ min: 0, max: 6 }),
      n: fc.integer({ min: 0, max: 4 }),
      k: fc.integer({ min: 1, max: 3 }),
      idx: fc.array(fc.integer({ min: -3, max: 9 }), { minLength: 1, maxLength: 30 }),
      vals: fc.array(floatArb, { minLength: 1, maxLength: 20 }),
      offsetsFirst: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, ({ r, c, a, b, n, k, idx, vals, offsetsFirst }) => {
        const sa = Math.min(a, r);
        const sb = Math.min(b, c);
        // Indices [n, k, 2], index vectors along dimension 2; the window [sa, sb] after or before the batch dimensions.
        const out = offsetsFirst ? `[${sa},${sb},${n},${k}]` : `[${n},${k},${sa},${sb}]`;
        const offsetDims = offsetsFirst ? "0,1" : "2,3";
        const m = parseHloModule(`HloModule g
ENTRY %main (x: f32[${r},${c}], i: s32[${n},${k},2]) -> f32${out} {
  %x = f32[${r},${c}] parameter(0)
  %i = s32[${n},${k},2] parameter(1)
  ROOT %g = f32${out} gather(%x, %i), offset_dims={${offsetDims}}, collapsed_slice_dims={}, start_index_map={1,0}, index_vector_dim=2, slice_sizes={${sa},${sb}}
}`);
        const x = reshaped(floats("f32", r * c, vals), "f32", [r, c]);
        const i = literal("s32", [n, k, 2], Array.from({ length: n * k * 2 }, (_, j) => idx[j % idx.length]));
        expectCompiled(m, [x, i], "gather");
      }),
      { numRuns: 150, seed: 20261129 },
    );
  });
});

describe("compiled concatenate", () => {
  it("joins operands along any dimension, empty ones included (property)", () => {
    const arb = fc.record({
      dims: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }),
      axisSeed: fc.nat(),
      sizes: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 4 }),
      vals: fc.array(floatArb, { minLength: 1, maxLength: 20 }),
      t: fc.constantFrom("f32", "bf16", "s32", "f64"),
    });
    fc.assert(
      fc.property(arb, ({ dims, axisSeed, sizes, vals, t }) => {
        const axis = axisSeed % dims.length;
        const shapes = sizes.map((s) => dims.map((d, i) => (i === axis ? s : d)));
        const outDims = dims.map((d, i) => (i === axis ? sizes.reduce((x, y) => x + y, 0) : d));
        const params = shapes.map((s, k) => `p${k}: ${t}[${s}]`).join(", ");
        const m = parseHloModule(`HloModule c
ENTRY %main (${params}) -> ${t}[${outDims}] {
${shapes.map((s, k) => `  %p${k} = ${t}[${s}] parameter(${k})`).join("\n")}
  ROOT %c = ${t}[${outDims}] concatenate(${shapes.map((_, k) => `%p${k}`).join(", ")}), dimensions={${axis}}
}`);
        let base = 0;
        const args = shapes.map((s) => {
          const count = s.reduce((x, y) => x * y, 1);
          const data = Array.from({ length: count }, (_, j) => {
            const v = vals[(base + j) % vals.length] + base + j;
            return t === "s32" ? (Number.isFinite(v) ? Math.trunc(v) % 1000 : 7) : v;
          });
          base += count;
          return literal(t as "f32", s, t === "f64" || t === "s32" ? data : Float64Array.from(data, (v) => (t === "f32" ? Math.fround(v) : v)));
        });
        expectCompiled(m, args, "concatenate", "xla-cpu");
      }),
      { numRuns: 150, seed: 20261130 },
    );
  });
});
