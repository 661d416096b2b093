/**
 * f16 maximum and minimum as WebAssembly lanes (scalar_ops.ts, no rounding:
 * the result is one of the f16 operands or NaN) against the scalar table's
 * function and f16's rounding, in both numerics modes (the reference's
 * lhs-on-ties, XLA CPU's -0 below +0), over f16 specials (±0, ±inf, NaN,
 * denormals, the largest finite) against each other, random f16 bit
 * patterns, and relu (maximum with a broadcast zero) as a whole fusion. Odd
 * lengths run both the two-lane steps and the one-lane tail.
 */
import { ELEMENT_TYPE_INFO, getComputation, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { binarySemantics } from "../../kernels/elementwise/table.ts";
import { planFusedComputation } from "../kernel_plan.ts";
import { laneScalarOf } from "./scalar_ops.ts";
import { compileWasmLoop } from "./wasm_kernel.ts";

const N = 37;
const f16 = ELEMENT_TYPE_INFO.f16.normalize;
/** f16 values where the functions branch: zeros, infinities, NaN, denormals and normals at the edges. */
const SPECIALS = [0, -0, Infinity, -Infinity, Number.NaN, 1, -1, 2 ** -24, -(2 ** -24), 2 ** -14, -(2 ** -14), 2 ** -15, 65504, -65504, 0.5, -0.5];
/** Every f16 bit pattern's value (NaNs included). */
const f16OfBits = (bits: number): number => {
  const sign = bits & 0x8000 ? -1 : 1;
  const e = (bits >> 10) & 0x1f;
  const m = bits & 0x3ff;
  if (e === 0x1f) return m === 0 ? sign * Infinity : Number.NaN;
  return sign * (e === 0 ? m * 2 ** -24 : (1 + m / 1024) * 2 ** (e - 15));
};
const value = fc.oneof(fc.constantFrom(...SPECIALS), fc.integer({ min: 0, max: 0xffff }).map(f16OfBits));
const same = (a: number, b: number): boolean => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

function kernelOf(rhs: string, arity: 1 | 2, numerics: "reference" | "xla-cpu"): NonNullable<ReturnType<typeof compileWasmLoop>> {
  const params = Array.from({ length: arity }, (_, k) => `p${k}: f16[${N}]`).join(", ");
  const args = Array.from({ length: arity }, (_, k) => `%p${k}`).join(", ");
  const decls = Array.from({ length: arity }, (_, k) => `  %p${k} = f16[${N}] parameter(${k})`).join("\n");
  const m = parseHloModule(
    `HloModule f16\n\n%fused_computation (${params}) -> f16[${N}] {\n${decls}\n  %z = f16[] constant(0)\n  %zb = f16[${N}] broadcast(%z), dimensions={}\n  ROOT %r = f16[${N}] ${rhs}\n}\n\n` +
      `ENTRY %main (${params}) -> f16[${N}] {\n${decls}\n  ROOT %f = f16[${N}] fusion(${args}), kind=kLoop, calls=%fused_computation\n}\n`,
  );
  const plan = planFusedComputation(getComputation(m, "fused_computation"), m, [], numerics);
  expect(plan, "the computation plans").toBeDefined();
  const root = plan!.nodes[plan!.value]!;
  expect(root.kind === "op" && laneScalarOf(root.fn, root.norm, root.operands.length, numerics)?.rounding, "a lane with no rounding").toBe("none");
  const kernel = compileWasmLoop(plan!, numerics, true);
  expect(kernel, "the WebAssembly kernel compiles").toBeDefined();
  return kernel!;
}

describe("f16 maximum and minimum as WebAssembly lanes", () => {
  for (const numerics of ["reference", "xla-cpu"] as const) {
    for (const op of ["maximum", "minimum"] as const) {
      it(`${numerics} f16 ${op}: the scalar function and f16's rounding, bit for bit`, () => {
        const kernel = kernelOf(`${op}(%p0, %p1)`, 2, numerics);
        const s = binarySemantics(op, "f16", numerics)!;
        const check = (a: Float64Array, b: Float64Array): void => {
          const out = new Float64Array(N);
          kernel([a, b], out);
          for (let i = 0; i < N; i++) {
            const want = f16(s.fn(a[i]!, b[i]!));
            if (!same(out[i]!, want)) expect.fail(`${op}(${a[i]}, ${b[i]}): lanes ${out[i]}, scalar ${want}`);
          }
        };
        const pairs = SPECIALS.flatMap((x) => SPECIALS.map((y) => [x, y] as const));
        for (let start = 0; start < pairs.length; start += N) {
          const block = Array.from({ length: N }, (_, i) => pairs[(start + i) % pairs.length]!);
          check(Float64Array.from(block, (p) => p[0]), Float64Array.from(block, (p) => p[1]));
        }
        const arrays = fc.tuple(fc.array(value, { minLength: N, maxLength: N }), fc.array(value, { minLength: N, maxLength: N }));
        fc.assert(fc.property(arrays, ([a, b]) => check(Float64Array.from(a), Float64Array.from(b))), { numRuns: 100 });
      });
    }

    it(`${numerics} f16 relu (maximum with a broadcast zero): the scalar function's bits`, () => {
      const kernel = kernelOf("maximum(%p0, %zb)", 1, numerics);
      const s = binarySemantics("maximum", "f16", numerics)!;
      fc.assert(
        fc.property(fc.array(value, { minLength: N, maxLength: N }), (xs) => {
          const out = new Float64Array(N);
          kernel([Float64Array.from(xs)], out);
          xs.forEach((x, i) => {
            if (!same(out[i]!, f16(s.fn(x, 0)))) expect.fail(`relu(${x}): lanes ${out[i]}, scalar ${f16(s.fn(x, 0))}`);
          });
        }),
        { numRuns: 100 },
      );
    });
  }
});
