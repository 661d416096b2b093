/**
 * Numerics "xla-cpu" outside the scalar table: dot and the lone-add reduce
 * flush denormals, a one-element contraction keeps a -0 product, XLA CPU's
 * fused multiply-add (the xla-cpu-numerics pass's custom-call), f64 atan2's
 * flushing, fnuz total order, bf16 ops that return a denormal operand, and
 * the small-array exp/log quirk. Every expected value is XLA CPU's (jaxlib
 * 0.10.2 on this machine, through the differential fuzzer or run_hlo.py).
 */
import { describe, expect, it } from "vitest";
import { type ElementType, arrayLiteralFromData, parseHloModule, xlaCpuNumerics } from "@minixla/hlo";
import type { ArrayLiteral } from "@minixla/hlo";
import { evaluate } from "../../evaluate.ts";
import type { Numerics } from "../../kernel.ts";

const lit = (t: ElementType, dims: readonly number[], values: readonly number[]): ArrayLiteral =>
  arrayLiteralFromData({ elementType: t, dimensions: dims }, Float64Array.from(values));

function run(text: string, args: readonly ArrayLiteral[], numerics: Numerics = "xla-cpu"): number[] {
  const parsed = parseHloModule(`HloModule m\n${text}`);
  const m = numerics === "xla-cpu" ? xlaCpuNumerics.run(parsed) : parsed;
  return Array.from((evaluate(m, args, { numerics }) as ArrayLiteral).data as Float64Array);
}

const dot = (t: string, l: string, r: string, o: string) => `ENTRY e {
  a = ${t}${l} parameter(0)
  b = ${t}${r} parameter(1)
  ROOT d = ${t}${o} dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}`;

describe("xla-cpu dot", () => {
  it("reads denormal operands as zero", () => {
    // f64 [5e-324]·[-1.8e308]: 0 (reference 8.9e-16); bf16 6.7e-39·4.5: 0
    expect(run(dot("f64", "[1,1]", "[1,1]", "[1,1]"), [lit("f64", [1, 1], [-5e-324]), lit("f64", [1, 1], [-1.7976931348623157e308])])).toEqual([0]);
    expect(run(dot("f64", "[1,1]", "[1,1]", "[1,1]"), [lit("f64", [1, 1], [-5e-324]), lit("f64", [1, 1], [-1.7976931348623157e308])], "reference")).toEqual([8.881784197001251e-16]);
    expect(run(dot("bf16", "[1,2]", "[2,1]", "[1,1]"), [lit("bf16", [1, 2], [6.703991219533358e-39, 0]), lit("bf16", [2, 1], [4.5, -1432])])).toEqual([0]);
    // [-0.5, 5e-324, -2.7e241]·[-1, -inf, 5e-324]: 0 * -inf = NaN
    expect(run(dot("f64", "[1,3]", "[3,1]", "[1,1]"), [lit("f64", [1, 3], [-0.5, 5e-324, -2.6672057731519506e241]), lit("f64", [3, 1], [-1, -Infinity, 5e-324])])).toEqual([NaN]);
  });

  it("adds each product into the running sum with one rounding (a fused multiply-add)", () => {
    // [-1, 1 + 2^-e]·[1, 1 - 2^-e] = -2^-2e; rounding the product first gives 0
    expect(run(dot("f64", "[1,2]", "[2,1]", "[1,1]"), [lit("f64", [1, 2], [-1, 1 + 2 ** -30]), lit("f64", [2, 1], [1, 1 - 2 ** -30])])).toEqual([-8.673617379884035e-19]);
    expect(run(dot("f32", "[1,2]", "[2,1]", "[1,1]"), [lit("f32", [1, 2], [-1, 1 + 2 ** -12]), lit("f32", [2, 1], [1, 1 - 2 ** -12])])).toEqual([-5.960464477539063e-8]);
    expect(run(dot("f64", "[1,2]", "[2,1]", "[1,1]"), [lit("f64", [1, 2], [-1, 1 + 2 ** -30]), lit("f64", [2, 1], [1, 1 - 2 ** -30])], "reference")).toEqual([0]);
  });

  it("keeps a -0 product when one element is contracted, sums from +0 otherwise", () => {
    expect(run(dot("f32", "[1,1]", "[1,2]", "[1,2]"), [lit("f32", [1, 1], [0]), lit("f32", [1, 2], [1, -4])])).toEqual([0, -0]);
    expect(run(dot("f16", "[1,1]", "[1,1]", "[1,1]"), [lit("f16", [1, 1], [-0]), lit("f16", [1, 1], [2.5])])).toEqual([-0]);
    expect(run(dot("bf16", "[1,2]", "[2,1]", "[1,1]"), [lit("bf16", [1, 2], [0, 0]), lit("bf16", [2, 1], [-5, -1])])).toEqual([0]);
  });
});

describe("xla-cpu reduce with a lone add", () => {
  it("flushes denormal elements", () => {
    const text = `red {
  a = bf16[] parameter(0)
  b = bf16[] parameter(1)
  ROOT r = bf16[] add(a, b)
}
ENTRY e {
  p = bf16[2] parameter(0)
  z = bf16[] constant(0)
  ROOT r = bf16[] reduce(p, z), dimensions={0}, to_apply=red
}`;
    const args = [lit("bf16", [2], [9.183549615799121e-41, -1.1754943508222875e-38])];
    expect(run(text, args)).toEqual([-1.1754943508222875e-38]);
    expect(run(text, args, "reference")).toEqual([-1.1663108012064884e-38]);
  });
});

describe("xla-cpu fused multiply-add", () => {
  const fma = (t: string, op: string) => `ENTRY e {
  a = ${t}[2] parameter(0)
  b = ${t}[2] parameter(1)
  c = ${t}[2] parameter(2)
  m = ${t}[2] multiply(a, b)
  ROOT s = ${t}[2] ${op}(m, c)
}`;
  it("rounds f64 a*b + c once", () => {
    const args = [lit("f64", [2], [1 + 2 ** -30, 1 + 2 ** -30]), lit("f64", [2], [1 - 2 ** -30, 1 + 2 ** -30]), lit("f64", [2], [-1, -1])];
    expect(run(fma("f64", "add"), args)).toEqual([-8.673617379884035e-19, 1.8626451500983188e-9]);
    expect(run(fma("f64", "add"), args, "reference")).toEqual([0, 1.862645149230957e-9]);
    const neg = [args[0], args[1], lit("f64", [2], [1, 1])];
    expect(run(fma("f64", "subtract"), neg)).toEqual([-8.673617379884035e-19, 1.8626451500983188e-9]);
  });

  it("reads denormal operands of f32 as zero and flushes its result", () => {
    // f32 (1 + 2^-12)(1 - 2^-12) - 1 = -2^-24; 3 * 1e-39 + 1 = 1; 1e-20 * 1e-20 + 1e-39 = 0
    const args = [lit("f32", [2], [1 + 2 ** -12, 3]), lit("f32", [2], [1 - 2 ** -12, Math.fround(1e-39)]), lit("f32", [2], [-1, 1])];
    expect(run(fma("f32", "add"), args)).toEqual([-5.960464477539063e-8, 1]);
    const tiny = Math.fround(1e-20);
    expect(run(fma("f32", "add"), [lit("f32", [2], [tiny, tiny]), lit("f32", [2], [tiny, tiny]), lit("f32", [2], [Math.fround(1e-39), 0])])).toEqual([0, 0]);
  });
});

describe("xla-cpu element-wise edge cases", () => {
  const binary = (t: string, op: string, n: number, extra = "") => `ENTRY e {
  a = ${t}[${n}] parameter(0)
  b = ${t}[${n}] parameter(1)
  ROOT r = ${extra === "" ? `${t}[${n}] ${op}(a, b)` : `pred[${n}] ${op}(a, b), ${extra}`}
}`;
  it("f64 atan2: denormal x reads as zero, denormal y keeps its sign", () => {
    const d = 5e-324;
    const y = [d, d, -d, 0, d, 1e-300];
    const x = [0, d, 1, d, 1, 1e10];
    expect(run(binary("f64", "atan2", 6), [lit("f64", [6], y), lit("f64", [6], x)])).toEqual([Math.PI / 2, Math.PI / 2, -0, 0, 0, 0]);
  });

  it("f32 atan2 over x = 1 returns a denormal y unflushed (glibc's atanf)", () => {
    expect(run(binary("f32", "atan2", 2), [lit("f32", [2], [1.401298464324817e-45, 1.401298464324817e-45]), lit("f32", [2], [1, 2])])).toEqual([1.401298464324817e-45, 0]);
  });

  it("clamps with -0 ordered below +0, after flushing", () => {
    const text = `ENTRY e {\n  lo = f32[1] parameter(0)\n  x = f32[1] parameter(1)\n  hi = f32[1] parameter(2)\n  ROOT r = f32[1] clamp(lo, x, hi)\n}`;
    expect(run(text, [lit("f32", [1], [-1]), lit("f32", [1], [1.401298464324817e-45]), lit("f32", [1], [-5.877471754111438e-39])])).toEqual([-0]);
  });

  it("orders the fnuz NaN below every value in total order", () => {
    for (const t of ["f8e4m3fnuz", "f8e5m2fnuz", "f8e4m3b11fnuz"] as const) {
      const text = binary(t, "compare", 4, "direction=LT, type=TOTALORDER");
      expect(run(text, [lit(t, [4], [NaN, NaN, NaN, -4]), lit(t, [4], [-4, 0, NaN, NaN])]), t).toEqual([1, 1, 0, 0]);
    }
  });

  it("returns a denormal bf16 operand of asin, asinh, atanh and sinh unchanged", () => {
    for (const op of ["asin", "asinh", "atanh", "sinh"]) {
      const text = `ENTRY e {\n  a = bf16[1] parameter(0)\n  ROOT r = bf16[1] ${op}(a)\n}`;
      expect(run(text, [lit("bf16", [1], [-9.183549615799121e-41])]), op).toEqual([-9.183549615799121e-41]);
    }
  });
});
