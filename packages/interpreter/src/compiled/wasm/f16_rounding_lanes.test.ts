/**
 * f16's rounding as WebAssembly lanes (emit_plan.ts roundToF16Lanes: to f32,
 * then to the nearest f16, ties to even, subnormals kept, 65520 and above to
 * infinity) against roundToF16, through a convert from f64 and an f16 add,
 * in both numerics modes: on f16 midpoints and their neighbours in every
 * binade (subnormals included), at the edges of the range, on doubles that
 * round differently through f32 than directly, and on random doubles. Odd
 * lengths run both the two-lane steps and the one-lane tail.
 */
import { getComputation, parseHloModule, roundToF16 } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planFusedComputation } from "../kernel_plan.ts";
import { f16FromBits } from "./test_support.ts";
import { laneScalarOf } from "./scalar_ops.ts";
import { compileWasmLoop } from "./wasm_kernel.ts";

const N = 41;

function kernelOf(params: string, rhs: string, arity: 1 | 2, numerics: "reference" | "xla-cpu"): NonNullable<ReturnType<typeof compileWasmLoop>> {
  const decls = params
    .split(", ")
    .map((p, k) => `  %p${k} = ${p.split(": ")[1]} parameter(${k})`)
    .join("\n");
  const args = Array.from({ length: arity }, (_, k) => `%p${k}`).join(", ");
  const m = parseHloModule(
    `HloModule f16\n\n%fused_computation (${params}) -> f16[${N}] {\n${decls}\n  ROOT %r = f16[${N}] ${rhs}\n}\n\n` +
      `ENTRY %main (${params}) -> f16[${N}] {\n${decls}\n  ROOT %f = f16[${N}] fusion(${args}), kind=kLoop, calls=%fused_computation\n}\n`,
  );
  const plan = planFusedComputation(getComputation(m, "fused_computation"), m, [], numerics);
  expect(plan, "the computation plans").toBeDefined();
  const root = plan!.nodes[plan!.value]!;
  expect(root.kind === "op" && laneScalarOf(root.fn, root.norm, root.operands.length, numerics)?.rounding, "a lane with f16's rounding").toBe("f16");
  const kernel = compileWasmLoop(plan!, numerics, true);
  expect(kernel, "the WebAssembly kernel compiles").toBeDefined();
  return kernel!;
}

/** Doubles where f16's rounding decides: each binade's midpoints, a hair either side, and the values themselves. */
function edges(): number[] {
  const xs: number[] = [0, -0, Infinity, -Infinity, Number.NaN, 65504, 65519.99, 65520, 65536, 1e6, 3.4028235e38, 1e39];
  for (let e = -26; e <= 16; e++) {
    const ulp = 2 ** Math.max(e - 10, -24);
    for (const k of [0, 1, 2, 3, 1023, 1024, 1025]) {
      const v = 2 ** e + k * ulp;
      for (const d of [0, ulp / 2, -ulp / 2, ulp / 2 + ulp * 2 ** -20, ulp / 2 - ulp * 2 ** -20, ulp / 2 + 2 ** (e - 40)]) {
        xs.push(v + d, -(v + d));
      }
    }
  }
  return xs;
}

function check(kernel: NonNullable<ReturnType<typeof compileWasmLoop>>, xs: readonly number[], ys?: readonly number[]): void {
  for (let at = 0; at < xs.length; at += N) {
    const a = new Float64Array(N);
    const b = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      a[i] = xs[(at + i) % xs.length]!;
      b[i] = ys === undefined ? 0 : ys[(at + i) % ys.length]!;
    }
    const out = new Float64Array(N).fill(7);
    kernel(ys === undefined ? [a] : [a, b], out);
    for (let i = 0; i < N; i++) {
      const want = roundToF16(ys === undefined ? a[i]! : a[i]! + b[i]!);
      expect(Object.is(out[i], want) || (Number.isNaN(out[i]) && Number.isNaN(want)), `${a[i]} ${ys === undefined ? "" : `+ ${b[i]}`}: got ${out[i]}, want ${want}`).toBe(true);
    }
  }
}

describe("f16's rounding as WebAssembly lanes", () => {
  for (const numerics of ["reference", "xla-cpu"] as const) {
    it(`${numerics}: convert from f64 rounds as roundToF16, on every binade's edges and random doubles (property)`, () => {
      const kernel = kernelOf(`p0: f64[${N}]`, `convert(%p0)`, 1, numerics);
      check(kernel, edges());
      fc.assert(
        fc.property(fc.array(fc.oneof(fc.double(), fc.double({ min: -70000, max: 70000 }), fc.double({ min: -1e-3, max: 1e-3 })), { minLength: N, maxLength: N }), (xs) => check(kernel, xs)),
        { numRuns: 300, seed: 0x16f },
      );
    });

    it(`${numerics}: f16 add rounds its sum as roundToF16 (property)`, () => {
      const kernel = kernelOf(`p0: f16[${N}], p1: f16[${N}]`, `add(%p0, %p1)`, 2, numerics);
      const f16 = fc.integer({ min: 0, max: 0xffff }).map(f16FromBits);
      fc.assert(
        fc.property(fc.array(f16, { minLength: N, maxLength: N }), fc.array(f16, { minLength: N, maxLength: N }), (xs, ys) => check(kernel, xs, ys)),
        { numRuns: 300, seed: 0xadd },
      );
    });
  }
});
