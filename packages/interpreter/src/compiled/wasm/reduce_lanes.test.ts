/**
 * Reductions in WebAssembly lanes (emit_plan.ts with reduce_lanes.ts): random
 * shapes, sets of reduced dimensions, reducers (add, multiply, maximum,
 * minimum, their operands swapped), element-wise producers and values (NaN,
 * ±0, ±inf, f32 and f64 subnormals, values near the types' limits) over
 * f32, f64, bf16 and f16, in both numerics modes: the kernel forced to
 * WebAssembly gives the reference evaluator's bits on every output element.
 */
import { ELEMENT_TYPE_INFO, type ElementType, type HloModule, getComputation, isArrayLiteral, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Numerics } from "../../kernel.ts";
import { evaluate } from "../../evaluate.ts";
import { compileFusedComputation } from "../fused_kernel.ts";
import { planFusedComputation } from "../kernel_plan.ts";
import { emitPlan } from "./emit_plan.ts";

type T = "f32" | "f64" | "bf16" | "f16";
type Producer = "none" | "scaled" | "centred" | "maxed";
type ReducerOp = "add" | "multiply" | "maximum" | "minimum";

const specials = [Number.NaN, 0, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 3e38, -1e308, 65504];
const subnormals = [1e-40, -1e-40, 5.9e-39, -1.1754942e-38, 1.17549435e-38, 2 ** -1074, -(2 ** -1060), 2 ** -1022, -1e-310, 6e-8];

const valueArb = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -4, max: 4, noNaN: true }) },
  { weight: 2, arbitrary: fc.constantFrom(...subnormals) },
  { weight: 2, arbitrary: fc.constantFrom(...specials) },
);

function text(v: number): string {
  return Number.isNaN(v) ? "nan" : v === Number.POSITIVE_INFINITY ? "inf" : v === Number.NEGATIVE_INFINITY ? "-inf" : Object.is(v, -0) ? "-0" : String(v);
}

/** The type's rounding of a float64 (none for f64). */
function normalizer(t: T): (x: number) => number {
  return t === "f64" ? (x) => x : ELEMENT_TYPE_INFO[t as ElementType].normalize;
}

interface Case {
  readonly t: T;
  readonly dims: readonly number[];
  readonly mask: readonly boolean[];
  readonly op: ReducerOp;
  readonly swapped: boolean;
  readonly producer: Producer;
  readonly constantInit: boolean;
  readonly init: number;
}

/** A module whose entry is one kInput fusion: reduce(producer(p, q), z) over the masked dimensions. */
function reduceModule(c: Case): HloModule {
  const { t, dims, mask, op } = c;
  const reduced = dims.map((_, d) => d).filter((d) => mask[d]);
  const kept = dims.map((_, d) => d).filter((d) => !mask[d]);
  const s = `${t}[${dims.join(",")}]`;
  const o = `${t}[${kept.map((d) => dims[d]).join(",")}]`;
  const producer: Record<Producer, string> = {
    none: `  %e = ${s} copy(%p)`,
    scaled: `  %c = ${t}[] constant(1.5)\n  %cb = ${s} broadcast(%c), dimensions={}\n  %m = ${s} multiply(%p, %cb)\n  %e = ${s} negate(%m)`,
    // Values that vary per output element: (p - q)², q broadcast along the reduced dimensions.
    centred: `  %qb = ${s} broadcast(%q), dimensions={${kept.join(",")}}\n  %d = ${s} subtract(%p, %qb)\n  %e = ${s} multiply(%d, %d)`,
    maxed: `  %qb = ${s} broadcast(%q), dimensions={${kept.join(",")}}\n  %e = ${s} maximum(%p, %qb)`,
  };
  const init = c.constantInit ? `constant(${text(normalizer(t)(c.init))})` : "parameter(2)";
  return parseHloModule(`HloModule reduce_lanes

%reducer (a: ${t}[], b: ${t}[]) -> ${t}[] {
  %a = ${t}[] parameter(0)
  %b = ${t}[] parameter(1)
  ROOT %r = ${t}[] ${op}(${c.swapped ? "%b, %a" : "%a, %b"})
}

%fused_computation (p: ${s}, q: ${o}${c.constantInit ? "" : `, z: ${t}[]`}) -> ${o} {
  %p = ${s} parameter(0)
  %q = ${o} parameter(1)
  %z = ${t}[] ${init}
${producer[c.producer]}
  ROOT %r = ${o} reduce(%e, %z), dimensions={${reduced.join(",")}}, to_apply=%reducer
}

ENTRY %main (x: ${s}, y: ${o}${c.constantInit ? "" : `, i: ${t}[]`}) -> ${o} {
  %x = ${s} parameter(0)
  %y = ${o} parameter(1)
  ${c.constantInit ? "" : `%i = ${t}[] parameter(2)`}
  ROOT %f = ${o} fusion(%x, %y${c.constantInit ? "" : ", %i"}), kind=kInput, calls=%fused_computation
}`);
}

const caseArb = fc.record({
  t: fc.constantFrom<T>("f32", "f64", "bf16", "f16"),
  dims: fc.array(fc.integer({ min: 1, max: 11 }), { minLength: 1, maxLength: 4 }),
  mask: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  op: fc.constantFrom<ReducerOp>("add", "add", "maximum", "minimum", "multiply"),
  swapped: fc.boolean(),
  producer: fc.constantFrom<Producer>("none", "scaled", "centred", "maxed"),
  constantInit: fc.boolean(),
  init: valueArb,
});

/** Asserts the WebAssembly kernel's bits are the reference's, and (for f32, f64 and bf16) that WebAssembly took the plan. */
function expectLanesMatch(c: Case, values: readonly number[], numerics: Numerics): void {
  const m = reduceModule(c);
  const fused = getComputation(m, "fused_computation");
  const plan = planFusedComputation(fused, m, [], numerics);
  expect(plan, "the reduce plans").toBeDefined();
  if (plan === undefined) return;
  if (c.t !== "f16") expect(emitPlan(plan, numerics), `WebAssembly takes the ${c.t} ${c.op} reduce`).toBeDefined();
  const kernel = compileFusedComputation(fused, m, { numerics, wasm: "always", threads: 1 });
  expect(kernel).toBeDefined();
  const norm = normalizer(c.t);
  const params = m.computations.find((k) => k.name === m.entry)?.instructions.filter((i) => i.opcode === "parameter") ?? [];
  let next = 0;
  const args = params.map((p) => {
    const dims = p.shape.elementType === "tuple" ? [] : p.shape.dimensions;
    const n = dims.reduce((a, b) => a * b, 1);
    return literal(c.t, dims, Array.from({ length: n }, () => norm(values[next++ % values.length])));
  });
  const want = evaluate(m, args, { numerics });
  const got = kernel?.(args);
  if (!isArrayLiteral(want) || got === undefined) throw new Error("array results expected");
  const bad: string[] = [];
  for (let j = 0; j < want.data.length && bad.length < 3; j++) {
    if (!Object.is(got.data[j], want.data[j])) bad.push(`[${j}] got ${got.data[j]} want ${want.data[j]}`);
  }
  expect(bad, `${numerics} ${JSON.stringify(c)}`).toEqual([]);
}

describe("reductions in WebAssembly lanes are bitwise equal to the reference", () => {
  for (const numerics of ["reference", "xla-cpu"] as const) {
    it(`folds any reduced dimensions of any shape, with producers, in ${numerics} numerics (property)`, () => {
      fc.assert(
        fc.property(caseArb, fc.array(valueArb, { minLength: 1, maxLength: 64 }), (c, values) => expectLanesMatch(c, values, numerics)),
        { numRuns: 300 },
      );
    });
  }

  it("flushes each element of a sum whose subnormals add up to a normal number (XLA CPU)", () => {
    // Unflushed, 4·5.9e-39 (f32) or 4·2^-1024 (f64) is a normal number; flushed, each element and the sum are 0.
    const cases: readonly [T, number][] = [["f32", 5.9e-39], ["bf16", 5.9e-39], ["f64", 2 ** -1024]];
    for (const [t, tiny] of cases) {
      for (const mask of [[false, true], [true, false], [true, true]]) {
        const c: Case = { t, dims: [4, 4], mask, op: "add", swapped: false, producer: "none", constantInit: true, init: 0 };
        expectLanesMatch(c, [tiny, tiny, -0, tiny, tiny, tiny, tiny, tiny], "xla-cpu");
        expectLanesMatch(c, [tiny, tiny, -0, tiny, tiny, tiny, tiny, tiny], "reference");
      }
    }
  });

  it("folds reduced dimensions split by a kept one in row-major order of the reduced indices", () => {
    // Sums that cancel: any other order of the additions gives other bits.
    const values = [1e16, 1, -1e16, 3.25, 1, 1e-3, 7e15, -1, -7e15, 0.5, 2.5e-7, 1];
    for (const numerics of ["reference", "xla-cpu"] as const) {
      for (const dims of [[5, 3, 7], [3, 2, 3, 5]]) {
        const mask = dims.length === 3 ? [true, false, true] : [true, false, true, true];
        expectLanesMatch({ t: "f64", dims, mask, op: "add", swapped: false, producer: "none", constantInit: true, init: 0 }, values, numerics);
      }
    }
  });

  it("runs groups of rows, pairs and a last row (row counts 1 to 19) and long rows", () => {
    const values = [1.5, -0, 1e-40, Number.NaN, 3, -(2 ** -1074), Number.POSITIVE_INFINITY, 0, -7, 2.25, -1e-310, 0.1];
    for (const numerics of ["reference", "xla-cpu"] as const) {
      for (const op of ["add", "maximum", "minimum"] as const) {
        for (const rows of [1, 2, 3, 7, 8, 9, 16, 19]) {
          for (const cols of [1, 2, 37]) {
            for (const t of ["f32", "f64", "bf16"] as const) {
              const c: Case = { t, dims: [rows, cols], mask: [false, true], op, swapped: false, producer: "centred", constantInit: false, init: -0 };
              expectLanesMatch(c, values.slice(rows % values.length).concat(values), numerics);
              expectLanesMatch({ ...c, mask: [true, false] }, values, numerics);
            }
          }
        }
      }
    }
  });
});
