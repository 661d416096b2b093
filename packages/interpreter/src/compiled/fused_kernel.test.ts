import { type ArrayLiteral, type ArrayShape, EvalError, getComputation, literal, parseShape } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { compileFusedComputation } from "./fused_kernel.ts";
import { planFusedComputation } from "./kernel_plan.ts";
import { generate } from "./loop_codegen.ts";
import { argumentsFor, expectKernelMatches, expectSameAsReference, fusionModule } from "./test_support.ts";

describe("kLoop fusions are bitwise equal to the reference", () => {
  it("adds a row broadcast to a matrix", () => {
    expectSameAsReference(`%fused_computation (p0: f32[5,7], p1: f32[7]) -> f32[5,7] {
  %p0 = f32[5,7] parameter(0)
  %p1 = f32[7] parameter(1)
  %b = f32[5,7] broadcast(%p1), dimensions={1}
  ROOT %a = f32[5,7] add(%p0, %b)
}`);
  });

  it("multiplies by a column broadcast and a scalar broadcast", () => {
    expectSameAsReference(`%fused_computation (p0: f64[5,7], p1: f64[5], p2: f64[]) -> f64[5,7] {
  %p0 = f64[5,7] parameter(0)
  %p1 = f64[5] parameter(1)
  %p2 = f64[] parameter(2)
  %b = f64[5,7] broadcast(%p1), dimensions={0}
  %s = f64[5,7] broadcast(%p2), dimensions={}
  %m = f64[5,7] multiply(%p0, %b)
  ROOT %a = f64[5,7] subtract(%m, %s)
}`);
  });

  it("computes an outer add of a column and a row through degenerate reshapes", () => {
    expectSameAsReference(`%fused_computation (p0: f32[6,1], p1: f32[1,9]) -> f32[6,9] {
  %p0 = f32[6,1] parameter(0)
  %p1 = f32[1,9] parameter(1)
  %r0 = f32[6] reshape(%p0)
  %r1 = f32[9] reshape(%p1)
  %b0 = f32[6,9] broadcast(%r0), dimensions={0}
  %b1 = f32[6,9] broadcast(%r1), dimensions={1}
  ROOT %a = f32[6,9] add(%b0, %b1)
}`);
  });

  it("evaluates tanh(x*y+z) in f32 and f16, rounding after every op", () => {
    for (const t of ["f32", "f16", "bf16"]) {
      expectSameAsReference(`%fused_computation (x: ${t}[4,6], y: ${t}[4,6], z: ${t}[4,6]) -> ${t}[4,6] {
  %x = ${t}[4,6] parameter(0)
  %y = ${t}[4,6] parameter(1)
  %z = ${t}[4,6] parameter(2)
  %m = ${t}[4,6] multiply(%x, %y)
  %a = ${t}[4,6] add(%m, %z)
  ROOT %t = ${t}[4,6] tanh(%a)
}`);
    }
  });

  it("transposes 2-D and 3-D operands", () => {
    expectSameAsReference(`%fused_computation (p0: f32[4,6], p1: f32[6,4]) -> f32[6,4] {
  %p0 = f32[4,6] parameter(0)
  %p1 = f32[6,4] parameter(1)
  %t = f32[6,4] transpose(%p0), dimensions={1,0}
  ROOT %a = f32[6,4] add(%t, %p1)
}`);
    expectSameAsReference(`%fused_computation (p0: f64[2,3,4]) -> f64[4,2,3] {
  %p0 = f64[2,3,4] parameter(0)
  %t = f64[4,2,3] transpose(%p0), dimensions={2,0,1}
  ROOT %n = f64[4,2,3] negate(%t)
}`);
  });

  it("reads one operand through two different maps (x + transpose(x))", () => {
    expectSameAsReference(`%fused_computation (p0: f32[5,5]) -> f32[5,5] {
  %p0 = f32[5,5] parameter(0)
  %e = f32[5,5] exponential(%p0)
  %t = f32[5,5] transpose(%e), dimensions={1,0}
  ROOT %a = f32[5,5] add(%e, %t)
}`);
  });

  it("slices with starts and strides, then transposes and reverses", () => {
    expectSameAsReference(`%fused_computation (p0: f32[10,12]) -> f32[4,3] {
  %p0 = f32[10,12] parameter(0)
  %s = f32[3,4] slice(%p0), slice={[1:10:3], [2:12:3]}
  %t = f32[4,3] transpose(%s), dimensions={1,0}
  %r = f32[4,3] reverse(%t), dimensions={0}
  ROOT %q = f32[4,3] sqrt(%r)
}`);
  });

  it("fills iotas along each dimension, rounding to f16 and wrapping u8", () => {
    expectSameAsReference(`%fused_computation (p0: s32[3,5]) -> s32[3,5] {
  %p0 = s32[3,5] parameter(0)
  %i0 = s32[3,5] iota(), iota_dimension=0
  %i1 = s32[3,5] iota(), iota_dimension=1
  %m = s32[3,5] multiply(%i0, %i1)
  ROOT %a = s32[3,5] add(%m, %p0)
}`);
    expectSameAsReference(`%fused_computation (p0: f16[3000]) -> f16[3000] {
  %p0 = f16[3000] parameter(0)
  %i = f16[3000] iota(), iota_dimension=0
  ROOT %a = f16[3000] add(%i, %p0)
}`);
    expectSameAsReference(`%fused_computation (p0: u8[2,300]) -> u8[300,2] {
  %p0 = u8[2,300] parameter(0)
  %i = u8[2,300] iota(), iota_dimension=1
  %a = u8[2,300] add(%i, %p0)
  ROOT %t = u8[300,2] transpose(%a), dimensions={1,0}
}`);
  });

  it("reshapes parameters by row-major relabelling, splitting and merging dimensions", () => {
    expectSameAsReference(`%fused_computation (p0: f32[6,4], p1: f32[2,3,4]) -> f32[2,3,4] {
  %p0 = f32[6,4] parameter(0)
  %p1 = f32[2,3,4] parameter(1)
  %r = f32[2,3,4] reshape(%p0)
  ROOT %a = f32[2,3,4] add(%r, %p1)
}`);
    expectSameAsReference(`%fused_computation (p0: f32[2,3,4], p1: f32[24]) -> f32[24] {
  %p0 = f32[2,3,4] parameter(0)
  %p1 = f32[24] parameter(1)
  %n = f32[2,3,4] negate(%p0)
  %r = f32[24] reshape(%n)
  ROOT %a = f32[24] add(%r, %p1)
}`);
    expectSameAsReference(`%fused_computation (p0: f32[2,3,4], p1: f32[4,6]) -> f32[4,6] {
  %p0 = f32[2,3,4] parameter(0)
  %p1 = f32[4,6] parameter(1)
  %r = f32[6,4] reshape(%p0)
  %t = f32[4,6] transpose(%r), dimensions={1,0}
  ROOT %a = f32[4,6] add(%t, %p1)
}`);
    expectSameAsReference(`%fused_computation (p0: f64[12], p1: f64[3,4,5]) -> f64[3,4,5] {
  %p0 = f64[12] parameter(0)
  %p1 = f64[3,4,5] parameter(1)
  %r = f64[1,3,4,1] reshape(%p0)
  %d = f64[3,4] reshape(%r)
  %b = f64[3,4,5] broadcast(%d), dimensions={0,1}
  ROOT %a = f64[3,4,5] multiply(%b, %p1)
}`);
  });

  it("runs select, compare and clamp, with scalar preds and bounds", () => {
    expectSameAsReference(`%fused_computation (p0: f32[4,5], p1: f32[4,5], lo: f32[], hi: f32[]) -> f32[4,5] {
  %p0 = f32[4,5] parameter(0)
  %p1 = f32[4,5] parameter(1)
  %lo = f32[] parameter(2)
  %hi = f32[] parameter(3)
  %c = pred[4,5] compare(%p0, %p1), direction=GT
  %s = f32[4,5] select(%c, %p0, %p1)
  ROOT %k = f32[4,5] clamp(%lo, %s, %hi)
}`);
    expectSameAsReference(`%fused_computation (p: pred[], p0: s32[3,4], p1: s32[3,4]) -> s32[3,4] {
  %p = pred[] parameter(0)
  %p0 = s32[3,4] parameter(1)
  %p1 = s32[3,4] parameter(2)
  ROOT %s = s32[3,4] select(%p, %p0, %p1)
}`);
    expectSameAsReference(`%fused_computation (p0: f32[8], p1: f32[8]) -> pred[8] {
  %p0 = f32[8] parameter(0)
  %p1 = f32[8] parameter(1)
  ROOT %c = pred[8] compare(%p0, %p1), direction=LT, type=TOTALORDER
}`);
  });

  it("converts between f32, f16, bf16, s8, u32 and pred", () => {
    expectSameAsReference(`%fused_computation (p0: f32[50], p1: s8[50], p2: u32[50]) -> f32[50] {
  %p0 = f32[50] parameter(0)
  %p1 = s8[50] parameter(1)
  %p2 = u32[50] parameter(2)
  %h = f16[50] convert(%p0)
  %b = bf16[50] convert(%h)
  %i = s8[50] convert(%b)
  %s = s8[50] add(%i, %p1)
  %u = u32[50] convert(%s)
  %w = u32[50] multiply(%u, %p2)
  %q = pred[50] convert(%w)
  %n = pred[50] not(%q)
  %f = f32[50] convert(%w)
  %z = f32[50] convert(%n)
  ROOT %r = f32[50] add(%f, %z)
}`);
  });

  it("reads scalar and array constants", () => {
    expectSameAsReference(`%fused_computation (p0: f32[2,3]) -> f32[2,3] {
  %p0 = f32[2,3] parameter(0)
  %c = f32[] constant(0.1)
  %b = f32[2,3] broadcast(%c), dimensions={}
  %k = f32[3] constant({1.5, -0, 3})
  %bk = f32[2,3] broadcast(%k), dimensions={1}
  %m = f32[2,3] multiply(%p0, %b)
  ROOT %a = f32[2,3] add(%m, %bk)
}`);
  });

  it("runs long unrolled inner loops with remainders (37 = 2·16 + 5 elements per row)", () => {
    expectSameAsReference(`%fused_computation (p0: f32[3,37], p1: f32[37]) -> f32[3,37] {
  %p0 = f32[3,37] parameter(0)
  %p1 = f32[37] parameter(1)
  %b = f32[3,37] broadcast(%p1), dimensions={1}
  ROOT %a = f32[3,37] add(%p0, %b)
}`);
    expectSameAsReference(`%fused_computation (p0: bf16[37,3]) -> bf16[3] {
  %p0 = bf16[37,3] parameter(0)
  %z = bf16[] constant(0)
  ROOT %r = bf16[3] reduce(%p0, %z), dimensions={0}, to_apply=%add_bf16
}`, "kInput");
    expectSameAsReference(`%fused_computation (p0: f32[3,37]) -> f32[3] {
  %p0 = f32[3,37] parameter(0)
  %z = f32[] constant(-inf)
  ROOT %r = f32[3] reduce(%p0, %z), dimensions={1}, to_apply=%maximum_f32
}`, "kInput");
  });

  it("computes a rank-0 result and an empty one", () => {
    expectSameAsReference(`%fused_computation (p0: f32[], p1: f32[]) -> f32[] {
  %p0 = f32[] parameter(0)
  %p1 = f32[] parameter(1)
  ROOT %a = f32[] divide(%p0, %p1)
}`);
    expectSameAsReference(`%fused_computation (p0: f32[3,0], p1: f32[0]) -> f32[3,0] {
  %p0 = f32[3,0] parameter(0)
  %p1 = f32[0] parameter(1)
  %b = f32[3,0] broadcast(%p1), dimensions={1}
  ROOT %a = f32[3,0] add(%p0, %b)
}`);
  });
});

describe("XLA CPU's fused multiply-add inside a loop", () => {
  it("gives the custom call's bits, denormal operands and results flushed, in f32 and f64", () => {
    for (const t of ["f32", "f64"] as const) {
      const m = fusionModule(`%fused_computation (p0: ${t}[5,6], p1: ${t}[5,6], p2: ${t}[6]) -> ${t}[5,6] {
  %p0 = ${t}[5,6] parameter(0)
  %p1 = ${t}[5,6] parameter(1)
  %p2 = ${t}[6] parameter(2)
  %b = ${t}[5,6] broadcast(%p2), dimensions={1}
  %f = ${t}[5,6] custom-call(%p0, %p1, %b), custom_call_target="minixla$xla_cpu_fma"
  ROOT %n = ${t}[5,6] negate(%f)
}`);
      const kernel = compileFusedComputation(getComputation(m, "fused_computation"), m, { numerics: "xla-cpu", wasm: false });
      expect(kernel, "the fused custom call compiles").toBeDefined();
      expectKernelMatches(m, kernel!, [1, 2, 3, 4, 5]);
      // One rounding: (1 + 2^-12)^2 - 1 keeps the 2^-24 that a multiply, then an add, would lose; a denormal product flushes.
      const x = 1 + 2 ** -12;
      const tiny = t === "f32" ? 2 ** -140 : 2 ** -1060;
      const args = [literal(t, [5, 6], Array(30).fill(x)), literal(t, [5, 6], Array.from({ length: 30 }, (_, i) => (i < 6 ? tiny : x))), literal(t, [6], Array(6).fill(-1))] as ArrayLiteral[];
      const got = kernel!(args).data as Float64Array;
      expect(got[6]).toBe(-(2 ** -11 + 2 ** -24));
      expect(got[0]).toBe(1);
    }
  });
});

describe("kInput reduce fusions keep the reference's order and precision", () => {
  const reduceOf = (t: string, op: string, dims: string, reducedDims: string, out: string, init = "0") => `%fused_computation (p0: ${t}[${dims}]) -> ${t}[${out}] {
  %p0 = ${t}[${dims}] parameter(0)
  %e = ${t}[${dims}] abs(%p0)
  %n = ${t}[${dims}] negate(%e)
  %z = ${t}[] constant(${init})
  ROOT %r = ${t}[${out}] reduce(%n, %z), dimensions={${reducedDims}}, to_apply=%${op}_${t}
}`;

  it("reduces minor, major, middle and all dimensions with add, max, min and multiply", () => {
    for (const t of ["f32", "f64", "s32", "f16", "bf16"]) {
      for (const op of ["add", "maximum", "minimum", "multiply"]) {
        const init = op === "multiply" ? "1" : "0";
        expectSameAsReference(reduceOf(t, op, "6,7", "1", "6", init), "kInput");
        expectSameAsReference(reduceOf(t, op, "6,7", "0", "7", init), "kInput");
        expectSameAsReference(reduceOf(t, op, "3,4,5", "1", "3,5", init), "kInput");
        expectSameAsReference(reduceOf(t, op, "3,4,5", "0,2", "4", init), "kInput");
        expectSameAsReference(reduceOf(t, op, "3,4,5", "0,1,2", "", init), "kInput");
      }
    }
  });

  it("flushes a sum's denormal init, elements and result in XLA CPU's numerics, as the reference does", () => {
    const tiny = { f32: [1e-40, -3e-39, 2 ** -126, -(2 ** -149)], f64: [5e-324, -2e-310, 2 ** -1022, -(2 ** -1074)] } as const;
    for (const t of ["f32", "f64", "bf16"] as const) {
      const small = t === "f64" ? tiny.f64 : tiny.f32;
      for (const [dims, reduced, out] of [["6,7", "1", "6"], ["6,7", "0", "7"], ["3,4,5", "0,2", "4"], ["3,4,5", "0,1,2", ""]] as const) {
        const m = fusionModule(reduceOf(t, "add", dims, reduced, out, String(small[1])), "kInput");
        const kernel = compileFusedComputation(getComputation(m, "fused_computation"), m, { numerics: "xla-cpu", wasm: false });
        expect(kernel, "the compiler handles the flushed sum").toBeDefined();
        const count = dims.split(",").reduce((a, b) => a * Number(b), 1);
        // Denormals, their sums and cancellations down to denormal results.
        const data = Array.from({ length: count }, (_, i) => (i % 3 === 0 ? small[i % 4]! : i % 3 === 1 ? (-1) ** i * 2 ** (t === "f64" ? -1020 : -124) : (-1) ** (i >> 1) * 2 ** (t === "f64" ? -1022 : -126)));
        const args = [literal(t, dims.split(",").map(Number), data) as ArrayLiteral];
        const want = evaluate(m, args, { numerics: "xla-cpu" }) as ArrayLiteral;
        const got = kernel!(args);
        expect(Array.from(got.data as Float64Array).map((x, i) => Object.is(x, want.data[i]))).not.toContain(false);
      }
    }
  });

  it("sums many f32 values in float64, rounding once at the end", () => {
    expectSameAsReference(reduceOf("f32", "add", "3,1000", "1", "3", "0.1"), "kInput");
    expectSameAsReference(reduceOf("f32", "add", "1000,3", "0", "3", "0.1"), "kInput");
  });

  it("folds and/or over pred, a swapped reducer, an empty and a size-1 reduced dimension", () => {
    expectSameAsReference(`%fused_computation (p0: f32[4,6], p1: f32[4,6]) -> pred[4] {
  %p0 = f32[4,6] parameter(0)
  %p1 = f32[4,6] parameter(1)
  %c = pred[4,6] compare(%p0, %p1), direction=GE
  %f = pred[] constant(false)
  ROOT %r = pred[4] reduce(%c, %f), dimensions={1}, to_apply=%or_pred
}`, "kInput");
    expectSameAsReference(`%fused_computation (p0: pred[4,6]) -> pred[6] {
  %p0 = pred[4,6] parameter(0)
  %t = pred[] constant(true)
  ROOT %r = pred[6] reduce(%p0, %t), dimensions={0}, to_apply=%and_pred
}`, "kInput");
    expectSameAsReference(`%fused_computation (p0: f32[5,6], init: f32[]) -> f32[5] {
  %p0 = f32[5,6] parameter(0)
  %init = f32[] parameter(1)
  ROOT %r = f32[5] reduce(%p0, %init), dimensions={1}, to_apply=%maxswap_f32
}`, "kInput");
    expectSameAsReference(`%fused_computation (p0: f32[5,0], init: f32[]) -> f32[5] {
  %p0 = f32[5,0] parameter(0)
  %init = f32[] parameter(1)
  ROOT %r = f32[5] reduce(%p0, %init), dimensions={1}, to_apply=%add_f32
}`, "kInput");
    expectSameAsReference(`%fused_computation (p0: f16[5,1,3], init: f16[]) -> f16[5,3] {
  %p0 = f16[5,1,3] parameter(0)
  %init = f16[] parameter(1)
  ROOT %r = f16[5,3] reduce(%p0, %init), dimensions={1}, to_apply=%add_f16
}`, "kInput");
    expectSameAsReference(`%fused_computation (p0: s8[5,3], init: s8[]) -> s8[5,3] {
  %p0 = s8[5,3] parameter(0)
  %init = s8[] parameter(1)
  ROOT %r = s8[5,3] reduce(%p0, %init), dimensions={}, to_apply=%add_s8
}`, "kInput");
  });

  it("reduces a broadcast, a transpose and an outer product", () => {
    expectSameAsReference(`%fused_computation (p0: f32[8], p1: f32[5]) -> f32[8] {
  %p0 = f32[8] parameter(0)
  %p1 = f32[5] parameter(1)
  %b0 = f32[8,5] broadcast(%p0), dimensions={0}
  %b1 = f32[8,5] broadcast(%p1), dimensions={1}
  %m = f32[8,5] multiply(%b0, %b1)
  %z = f32[] constant(0)
  ROOT %r = f32[8] reduce(%m, %z), dimensions={1}, to_apply=%add_f32
}`, "kInput");
    expectSameAsReference(`%fused_computation (p0: u32[6,4]) -> u32[6] {
  %p0 = u32[6,4] parameter(0)
  %t = u32[4,6] transpose(%p0), dimensions={1,0}
  %z = u32[] constant(0)
  ROOT %r = u32[6] reduce(%t, %z), dimensions={0}, to_apply=%add_u32
}`, "kInput");
  });
});

describe("compileFusedComputation's contract", () => {
  it("returns undefined for what it does not handle", () => {
    const unsupported = [
      `%fused_computation (p0: s64[4]) -> s64[4] {\n  %p0 = s64[4] parameter(0)\n  ROOT %n = s64[4] negate(%p0)\n}`,
      `%fused_computation (p0: c64[4]) -> c64[4] {\n  %p0 = c64[4] parameter(0)\n  ROOT %n = c64[4] negate(%p0)\n}`,
      `%fused_computation (p0: f32[4,4]) -> f32[4,4] {\n  %p0 = f32[4,4] parameter(0)\n  ROOT %d = f32[4,4] dot(%p0, %p0), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}`,
      `%fused_computation (p0: f32[4]) -> f32[8] {\n  %p0 = f32[4] parameter(0)\n  ROOT %c = f32[8] concatenate(%p0, %p0), dimensions={0}\n}`,
    ];
    for (const text of unsupported) {
      const m = fusionModule(text);
      expect(compileFusedComputation(getComputation(m, "fused_computation"), m)).toBeUndefined();
    }
  });

  it("throws EvalError on operands of the wrong length and on a wrong output buffer", () => {
    const m = fusionModule(`%fused_computation (p0: f32[4]) -> f32[4] {\n  %p0 = f32[4] parameter(0)\n  ROOT %n = f32[4] negate(%p0)\n}`);
    const kernel = compileFusedComputation(getComputation(m, "fused_computation"), m);
    const shape = parseShape("f32[4]") as ArrayShape;
    expect(() => kernel?.([{ shape, data: new Float64Array(3) }])).toThrow(EvalError);
    expect(() => kernel?.([])).toThrow(EvalError);
    expect(() => kernel?.([{ shape, data: new Float64Array(4) }], new Float64Array(5))).toThrow(EvalError);
  });

  it("takes external values after the parameters (a kOutput epilogue over a dot computed elsewhere)", () => {
    const text = `%fused_computation (x: f64[3,4], w: f64[4,5], b: f64[5]) -> f64[3,5] {
  %x = f64[3,4] parameter(0)
  %w = f64[4,5] parameter(1)
  %b = f64[5] parameter(2)
  %d = f64[3,5] dot(%x, %w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %bb = f64[3,5] broadcast(%b), dimensions={1}
  %a = f64[3,5] add(%d, %bb)
  %z = f64[] constant(0)
  %zb = f64[3,5] broadcast(%z), dimensions={}
  ROOT %r = f64[3,5] maximum(%a, %zb)
}`;
    const m = fusionModule(text, "kOutput");
    const kernel = compileFusedComputation(getComputation(m, "fused_computation"), m, { external: ["d"] });
    expect(kernel).toBeDefined();
    const args = argumentsFor(m, 4, true);
    const dotOnly = fusionModule(text.replace("%a = f64[3,5] add", "%a2 = f64[3,5] add").replace(/ROOT %r = [^\n]*/, "ROOT %r = f64[3,5] copy(%d)").replace("%zb", "%zb2"));
    const d = evaluate(dotOnly, args) as ArrayLiteral;
    const want = evaluate(m, args) as ArrayLiteral;
    const got = kernel?.([...args, d]) as ArrayLiteral;
    expect([...got.data].every((v, i) => Object.is(v, want.data[i]))).toBe(true);
  });

  it("generates source holding no text of the module", () => {
    const m = fusionModule(`%fused_computation (secret_param: f32[4,3]) -> f32[4,3] {
  %secret_param = f32[4,3] parameter(0), metadata={op_name="alert(1)//" source_file="evil.py"}
  %secret_const = f32[] constant(2)
  %secret_bcast = f32[4,3] broadcast(%secret_const), dimensions={}
  ROOT %secret_root = f32[4,3] multiply(%secret_param, %secret_bcast)
}`);
    const plan = planFusedComputation(getComputation(m, "fused_computation"), m);
    expect(plan).toBeDefined();
    const { source } = generate(plan as NonNullable<typeof plan>);
    for (const text of ["secret", "alert", "evil", "fused", "multiply", "f32"]) expect(source).not.toContain(text);
    expect(source).toMatch(/^[\w\s[\](){}=;,.+\-*<>]*$/);
  });
});
