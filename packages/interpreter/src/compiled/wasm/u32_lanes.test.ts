/**
 * u32 ops as WebAssembly lanes (emit_u32_lanes.ts) against the scalar
 * table's functions and the u32 wrap, in both numerics modes: add,
 * subtract, multiply, and, or, xor, shift-left and shift-right-logical
 * (amounts from 0 past 32, per element) and bitcast-convert to f32 (NaNs as
 * one value), over edge words and random ones; and a threefry round (the
 * rotate, xor and adds of jax.random) as one fused loop in WebAssembly
 * against the reference evaluator. Arrays have an odd length, so both the
 * two-lane steps and the one-lane tail run.
 */
import { type HloInstruction, getComputation, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Numerics } from "../../kernel.ts";
import { scalarSemantics } from "../../kernels/elementwise/table.ts";
import { bitcastSemantics } from "../bitcast_scalar.ts";
import { planFusedComputation } from "../kernel_plan.ts";
import { mathKindOf } from "./emit_xla_cpu_math.ts";
import { evaluate } from "../../evaluate.ts";
import { compileWasmLoop } from "./wasm_kernel.ts";

const N = 37;
const EDGES = [0, 1, 2, 31, 32, 33, 255, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0x3f800000, 0x7f800000, 0x7fc00000, 0xff800001, 0x00000001];
const word = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...EDGES) }, { weight: 3, arbitrary: fc.integer({ min: 0, max: 2 ** 32 - 1 }) });
/** Shift amounts: mostly in range, some at and past the width, some huge. */
const amount = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 31 }) }, { weight: 1, arbitrary: fc.constantFrom(32, 33, 63, 64, 0x80000000, 0xffffffff) });

const OPS = ["add", "subtract", "multiply", "and", "or", "xor", "shift-left", "shift-right-logical"] as const;

function fusedModule(params: readonly string[], body: readonly string[], result: string): ReturnType<typeof parseHloModule> {
  const decl = params.map((t, k) => `p${k}: ${t}`).join(", ");
  const entry = [
    `ENTRY %main (${decl}) -> ${result} {`,
    ...params.map((t, k) => `  %p${k} = ${t} parameter(${k})`),
    `  ROOT %f = ${result} fusion(${params.map((_, k) => `%p${k}`).join(", ")}), kind=kLoop, calls=%fused_computation`,
    `}`,
  ];
  return parseHloModule(`HloModule u32\n\n%fused_computation (${decl}) -> ${result} {\n${body.join("\n")}\n}\n\n${entry.join("\n")}\n`);
}

const same = (a: number, b: number): boolean => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

function kernelOf(m: ReturnType<typeof parseHloModule>, numerics: Numerics): NonNullable<ReturnType<typeof compileWasmLoop>> {
  const fused = getComputation(m, "fused_computation");
  const plan = planFusedComputation(fused, m, [], numerics);
  expect(plan, "the computation plans").toBeDefined();
  const node = plan!.nodes[plan!.value]!;
  expect(node.kind === "op" && mathKindOf(node.fn, node.norm, node.operands.length)?.startsWith("u32"), "the root is a u32 lane").toBe(true);
  const kernel = compileWasmLoop(plan!, numerics, true);
  expect(kernel, "the WebAssembly kernel compiles").toBeDefined();
  return kernel!;
}

describe("u32 ops as WebAssembly lanes", () => {
  for (const numerics of ["reference", "xla-cpu"] as const) {
    for (const op of OPS) {
      it(`${numerics} u32 ${op}: the scalar function and the u32 wrap, bit for bit`, () => {
        const m = fusedModule([`u32[${N}]`, `u32[${N}]`], [`  %p0 = u32[${N}] parameter(0)`, `  %p1 = u32[${N}] parameter(1)`, `  ROOT %r = u32[${N}] ${op}(%p0, %p1)`], `u32[${N}]`);
        const kernel = kernelOf(m, numerics);
        const root = getComputation(m, "fused_computation").instructions.find((i) => i.name === "r") as HloInstruction;
        const s = scalarSemantics(root, ["u32", "u32"], numerics)!;
        const norm = s.norm ?? ((x: number): number => x);
        const check = (a: Float64Array, b: Float64Array): void => {
          const out = new Float64Array(N);
          kernel([a, b], out);
          for (let i = 0; i < N; i++) {
            const want = norm(s.fn(a[i]!, b[i]!));
            if (!same(out[i]!, want)) expect.fail(`${op}(${a[i]}, ${b[i]}): lanes ${out[i]}, scalar ${want}`);
          }
        };
        const pairs = EDGES.flatMap((x) => EDGES.map((y) => [x, y] as const));
        for (let start = 0; start < pairs.length; start += N) {
          const block = Array.from({ length: N }, (_, i) => pairs[(start + i) % pairs.length]!);
          check(Float64Array.from(block, (p) => p[0]), Float64Array.from(block, (p) => p[1]));
        }
        const rhs = op.startsWith("shift") ? amount : word;
        const arrays = fc.tuple(fc.array(word, { minLength: N, maxLength: N }), fc.array(rhs, { minLength: N, maxLength: N }));
        fc.assert(fc.property(arrays, ([a, b]) => check(Float64Array.from(a), Float64Array.from(b))), { numRuns: 100 });
      });
    }

    it(`${numerics} bitcast-convert u32 to f32: the reference's reinterpretation (NaNs as one value)`, () => {
      const m = fusedModule([`u32[${N}]`], [`  %p0 = u32[${N}] parameter(0)`, `  ROOT %r = f32[${N}] bitcast-convert(%p0)`], `f32[${N}]`);
      const kernel = kernelOf(m, numerics);
      const s = bitcastSemantics("u32", "f32")!;
      const check = (a: Float64Array): void => {
        const out = new Float64Array(N);
        kernel([a], out);
        for (let i = 0; i < N; i++) if (!same(out[i]!, s.fn(a[i]!))) expect.fail(`bitcast(${a[i]}): lanes ${out[i]}, scalar ${s.fn(a[i]!)}`);
      };
      check(Float64Array.from({ length: N }, (_, i) => EDGES[i % EDGES.length]!));
      fc.assert(fc.property(fc.array(word, { minLength: N, maxLength: N }), (a) => check(Float64Array.from(a))), { numRuns: 100 });
    });
  }

  it("a threefry round (rotate by a sliced amount, xor, two broadcast adds) as one WebAssembly loop, the reference's bits", () => {
    const body = [
      `  %x = u32[${N}] parameter(0)`,
      `  %y = u32[${N}] parameter(1)`,
      `  %rot = u32[4] parameter(2)`,
      `  %k0 = u32[] parameter(3)`,
      `  %k1 = u32[] parameter(4)`,
      `  %s = u32[1] slice(%rot), slice={[3:4]}`,
      `  %r = u32[] reshape(%s)`,
      `  %rb = u32[${N}] broadcast(%r), dimensions={}`,
      `  %shl = u32[${N}] shift-left(%y, %rb)`,
      `  %c32 = u32[] constant(32)`,
      `  %rr = u32[] subtract(%c32, %r)`,
      `  %rrb = u32[${N}] broadcast(%rr), dimensions={}`,
      `  %shr = u32[${N}] shift-right-logical(%y, %rrb)`,
      `  %or = u32[${N}] or(%shl, %shr)`,
      `  %xor = u32[${N}] xor(%x, %or)`,
      `  %kb0 = u32[${N}] broadcast(%k0), dimensions={}`,
      `  %a0 = u32[${N}] add(%xor, %kb0)`,
      `  %kb1 = u32[${N}] broadcast(%k1), dimensions={}`,
      `  ROOT %a1 = u32[${N}] add(%a0, %kb1)`,
    ];
    const m = fusedModule([`u32[${N}]`, `u32[${N}]`, "u32[4]", "u32[]", "u32[]"], body, `u32[${N}]`);
    for (const numerics of ["reference", "xla-cpu"] as const) {
      const kernel = kernelOf(m, numerics);
      const rotations = fc.array(fc.integer({ min: 0, max: 32 }), { minLength: 4, maxLength: 4 });
      const inputs = fc.tuple(fc.array(word, { minLength: N, maxLength: N }), fc.array(word, { minLength: N, maxLength: N }), rotations, word, word);
      fc.assert(
        fc.property(inputs, ([x, y, rot, k0, k1]) => {
          const args = [Float64Array.from(x), Float64Array.from(y), Float64Array.from(rot), Float64Array.of(k0), Float64Array.of(k1)];
          const want = evaluate(m, args.map((data, k) => ({ shape: { elementType: "u32", dimensions: k < 2 ? [N] : k === 2 ? [4] : [] }, data })), { numerics });
          const out = new Float64Array(N);
          kernel(args, out);
          expect(Array.from(out)).toEqual(Array.from((want as { readonly data: Float64Array }).data));
        }),
        { numRuns: 50 },
      );
    }
  });
});
