/**
 * Test support for the fused-loop compiler: modules whose entry is one fusion
 * of a computation given as text, seeded arguments of every element type
 * (floats with NaN, ±0 and ±inf), and the bitwise comparison with the
 * reference evaluator that every compiled-loop test makes.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  type ElementType,
  type HloModule,
  entryComputation,
  getComputation,
  isArrayLiteral,
  parseHloModule,
} from "@minixla/hlo";
import { expect } from "vitest";
import { evaluate } from "../evaluate.ts";
import { type FusedKernel, compileFusedComputation } from "./fused_kernel.ts";
import { uniformGenerator } from "../elided_constants.ts";

/** Reducers every test module carries (%add_f32, %maximum_s32, %or_pred, ...). */
export const REDUCERS = ["f32", "f64", "f16", "bf16", "s32", "u32", "s8"]
  .flatMap((t) =>
    ["add", "multiply", "maximum", "minimum"].map(
      (op) => `%${op}_${t} (a: ${t}[], b: ${t}[]) -> ${t}[] {\n  %a = ${t}[] parameter(0)\n  %b = ${t}[] parameter(1)\n  ROOT %r = ${t}[] ${op}(%a, %b)\n}\n`,
    ),
  )
  .concat(
    ["and", "or"].map((op) => `%${op}_pred (a: pred[], b: pred[]) -> pred[] {\n  %a = pred[] parameter(0)\n  %b = pred[] parameter(1)\n  ROOT %r = pred[] ${op}(%a, %b)\n}\n`),
    // The reducer's operands swapped: max(b, a) keeps the other NaN / -0 than max(a, b).
    [`%maxswap_f32 (a: f32[], b: f32[]) -> f32[] {\n  %a = f32[] parameter(0)\n  %b = f32[] parameter(1)\n  ROOT %r = f32[] maximum(%b, %a)\n}\n`],
  )
  .join("\n");

/**
 * A module whose entry calls `fused` (text of a computation named
 * %fused_computation: header then body) as one fusion of the given kind.
 */
export function fusionModule(fused: string, kind = "kLoop"): HloModule {
  const header = /^\s*%fused_computation\s*\(([^)]*)\)\s*->\s*(\S+)/.exec(fused);
  if (header === null) throw new Error("test fusion needs a %fused_computation header");
  const params = [...header[1].matchAll(/(\w+): (\w+\[[^\]]*\])/g)].map((m) => ({ name: m[1], shape: m[2] }));
  const entry = [
    `ENTRY %main (${params.map((p) => `${p.name}: ${p.shape}`).join(", ")}) -> ${header[2]} {`,
    ...params.map((p, k) => `  %${p.name} = ${p.shape} parameter(${k})`),
    `  ROOT %fusion = ${header[2]} fusion(${params.map((p) => `%${p.name}`).join(", ")}), kind=${kind}, calls=%fused_computation`,
    `}`,
  ];
  return parseHloModule(`HloModule fused_test\n\n${REDUCERS}\n${fused}\n\n${entry.join("\n")}\n`);
}

const random = uniformGenerator;

const SPECIALS = [Number.NaN, -0, 0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1, -1, 0.5];

/** Values of type t (in its value set), floats with NaN, ±0 and ±inf among them. */
function values(t: ElementType, n: number, next: () => number, specials: boolean): Float64Array {
  const info = ELEMENT_TYPE_INFO[t];
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let x: number;
    if (info.kind === "pred") x = next() < 0.5 ? 0 : 1;
    else if (info.kind === "float") x = specials && next() < 0.15 ? SPECIALS[Math.floor(next() * SPECIALS.length)] : (next() - 0.5) * 2 ** Math.floor(next() * 12 - 4);
    else x = Math.floor(info.min + next() * (info.max - info.min + 1));
    out[i] = info.normalize(x);
  }
  return out;
}

export function argumentsFor(m: HloModule, seed: number, specials: boolean): ArrayLiteral[] {
  const next = random(seed);
  return entryComputation(m)
    .instructions.filter((i) => i.opcode === "parameter")
    .map((p) => {
      const s = p.shape as ArrayShape;
      return { shape: s, data: values(s.elementType, s.dimensions.reduce((a, b) => a * b, 1), next, specials) };
    });
}

/** Compiles the module's fusion and asserts Object.is equality with the reference on a few seeded inputs. */
export function expectSameAsReference(fused: string, kind = "kLoop", seeds: readonly number[] = [1, 2, 3]): void {
  const m = fusionModule(fused, kind);
  const kernel = compileFusedComputation(getComputation(m, "fused_computation"), m);
  expect(kernel, "the compiler handles this computation").toBeDefined();
  if (kernel !== undefined) expectKernelMatches(m, kernel, seeds);
}

/** Runs `kernel` (fresh output and a given buffer) and the reference on seeded arguments (seed 1 without special values); asserts the same bits. */
export function expectKernelMatches(m: HloModule, kernel: FusedKernel, seeds: readonly number[], context = ""): void {
  for (const seed of seeds) {
    const args = argumentsFor(m, seed, seed !== 1);
    const want = evaluate(m, args);
    if (!isArrayLiteral(want)) throw new Error("array result expected");
    const got = kernel(args);
    expect(got.shape).toEqual(want.shape);
    expect(got.data.length).toBe(want.data.length);
    const mismatches: string[] = [];
    for (let i = 0; i < want.data.length && mismatches.length < 5; i++) {
      if (!Object.is(got.data[i], want.data[i])) mismatches.push(`[${i}] got ${got.data[i]} want ${want.data[i]}`);
    }
    expect(mismatches, `${context} seed ${seed}`).toEqual([]);
    // Into a caller's buffer, the same bits.
    const out = new Float64Array(want.data.length).fill(12345);
    kernel(args, out);
    for (let i = 0; i < out.length && mismatches.length < 5; i++) if (!Object.is(out[i], want.data[i])) mismatches.push(`out[${i}]`);
    expect(mismatches, `${context} seed ${seed}, into a given buffer`).toEqual([]);
  }
}
