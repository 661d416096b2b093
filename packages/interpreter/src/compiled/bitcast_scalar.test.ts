/**
 * bitcast-convert inside compiled loops (bitcast_scalar.ts): for every pair
 * of same-width types stored one float64 per element, random bit patterns
 * (NaN payloads, ±0, subnormals, infinities, wrapped integers among them)
 * give the reference's bits, alone and followed by arithmetic, as JAX's
 * uniform sampler does (u32 bits | exponent, bitcast to f32, minus 1).
 */
import { ELEMENT_TYPE_INFO, type ElementType, getComputation } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bitcastSemantics } from "./bitcast_scalar.ts";
import { compileFusedComputation } from "./fused_kernel.ts";
import { fusionModule } from "./test_support.ts";
import { evaluate } from "../evaluate.ts";

const WIDTH_GROUPS: readonly (readonly ElementType[])[] = [
  ["u32", "s32", "f32"],
  ["u16", "s16", "f16", "bf16"],
  ["u8", "s8"],
];

/** The value of type t whose bits are `bits` (the low bitWidth bits), as the reference stores it. */
function fromBits(t: ElementType, bits: number): number {
  const w = ELEMENT_TYPE_INFO[t].bitWidth;
  const u = w === 32 ? bits >>> 0 : bits & ((1 << w) - 1);
  const view = new DataView(new ArrayBuffer(8));
  switch (t) {
    case "f32": view.setUint32(0, u, true); return view.getFloat32(0, true);
    case "u32": case "u16": case "u8": return u;
    case "s32": return u | 0;
    case "s16": return (u << 16) >> 16;
    case "s8": return (u << 24) >> 24;
    case "f16": case "bf16": {
      // Through the reference's own reader of the type, so the value is one the type holds.
      const m = fusionModule(`%fused_computation (p0: u16[1]) -> ${t}[1] {\n  %p0 = u16[1] parameter(0)\n  ROOT %r = ${t}[1] bitcast-convert(%p0)\n}`);
      const r = evaluate(m, [{ shape: { elementType: "u16", dimensions: [1] }, data: Float64Array.of(u) }]);
      return (r as { data: Float64Array }).data[0];
    }
    default: throw new Error(`no test values for ${t}`);
  }
}

function compiledMatches(fused: string, from: ElementType, bits: readonly number[]): void {
  const m = fusionModule(fused);
  const kernel = compileFusedComputation(getComputation(m, "fused_computation"), m);
  expect(kernel, "the compiler takes the bitcast").toBeDefined();
  const args = [{ shape: { elementType: from, dimensions: [bits.length] }, data: Float64Array.from(bits, (b) => fromBits(from, b)) }];
  const want = evaluate(m, args) as { data: Float64Array };
  const got = kernel?.(args);
  const diffs = [...want.data].flatMap((w, i) => (Object.is(w, got?.data[i]) ? [] : [`[${i}] bits ${bits[i]}: got ${got?.data[i]} want ${w}`]));
  expect(diffs).toEqual([]);
}

const specialBits = fc.oneof(
  fc.integer({ min: 0, max: 0xffffffff }),
  fc.constantFrom(0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffffffff, 1, 0x007fffff, 0x7c00, 0xfc00, 0x7e01, 0x8000, 0x0001),
);

describe("bitcast-convert in compiled loops", () => {
  for (const group of WIDTH_GROUPS) {
    for (const from of group) {
      for (const to of group) {
        it(`${from} -> ${to}: the reference's bits`, () => {
          fc.assert(
            fc.property(fc.array(specialBits, { minLength: 1, maxLength: 17 }), (bits) => {
              const n = bits.length;
              compiledMatches(`%fused_computation (p0: ${from}[${n}]) -> ${to}[${n}] {\n  %p0 = ${from}[${n}] parameter(0)\n  ROOT %r = ${to}[${n}] bitcast-convert(%p0)\n}`, from, bits);
            }),
            { numRuns: 8 },
          );
        });
      }
    }
  }

  it("JAX's uniform: (bits >> 9 | 0x3f800000) as f32, minus 1", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 1, maxLength: 40 }), (bits) => {
        const n = bits.length;
        const fused = [
          `%fused_computation (p0: u32[${n}]) -> f32[${n}] {`,
          `  %p0 = u32[${n}] parameter(0)`,
          `  %c9 = u32[] constant(9)`,
          `  %b9 = u32[${n}] broadcast(%c9), dimensions={}`,
          `  %sh = u32[${n}] shift-right-logical(%p0, %b9)`,
          `  %ce = u32[] constant(1065353216)`,
          `  %be = u32[${n}] broadcast(%ce), dimensions={}`,
          `  %or = u32[${n}] or(%sh, %be)`,
          `  %f = f32[${n}] bitcast-convert(%or)`,
          `  %one = f32[] constant(1)`,
          `  %b1 = f32[${n}] broadcast(%one), dimensions={}`,
          `  ROOT %r = f32[${n}] subtract(%f, %b1)`,
          `}`,
        ].join("\n");
        compiledMatches(fused, "u32", bits);
      }),
      { numRuns: 15 },
    );
  });

  it("declines widths that differ, packed types and wide storage", () => {
    expect(bitcastSemantics("u32", "f16")).toBeUndefined();
    expect(bitcastSemantics("s4", "u4")).toBeUndefined();
    expect(bitcastSemantics("u64", "f64")).toBeUndefined();
    expect(bitcastSemantics("u32", "f32")).toBeDefined();
  });
});
