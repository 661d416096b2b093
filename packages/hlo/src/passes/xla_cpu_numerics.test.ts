import { describe, expect, it } from "vitest";
import { parseHloModule } from "../text/parser.ts";
import { printHloModule } from "../text/printer.ts";
import { xlaCpuNumerics } from "./xla_cpu_numerics.ts";

const run = (text: string) => printHloModule(xlaCpuNumerics.run(parseHloModule(text))).split("\n").slice(2).join("\n");

describe("xla-cpu-numerics", () => {
  it("computes an f32 multiply feeding an add with one rounding: XLA CPU's fused multiply-add", () => {
    expect(
      run(`HloModule m
ENTRY main {
  a = f32[4]{0} parameter(0)
  b = f32[4]{0} parameter(1)
  mul = f32[4]{0} multiply(a, b)
  ROOT fma = f32[4]{0} add(a, mul)
}`),
    ).toBe(`ENTRY main {
  a = f32[4]{0} parameter(0)
  b = f32[4]{0} parameter(1)
  mul = f32[4]{0} multiply(a, b)
  ROOT custom-call = f32[4]{0} custom-call(a, b, a), custom_call_target="minixla$xla_cpu_fma"
}
`);
  });

  it("contracts f64 too, and a subtract as a multiply-add of the negated operand", () => {
    // from XLA CPU (jaxlib 0.10.2): f64 (1 + 2^-30)(1 - 2^-30) - 1 = -2^-60, one rounding
    expect(
      run(`HloModule m
ENTRY main {
  a = f64[4]{0} parameter(0)
  b = f64[4]{0} parameter(1)
  mul = f64[4]{0} multiply(a, b)
  ROOT fms = f64[4]{0} subtract(a, mul)
}`),
    ).toBe(`ENTRY main {
  a = f64[4]{0} parameter(0)
  b = f64[4]{0} parameter(1)
  mul = f64[4]{0} multiply(a, b)
  negate = f64[4]{0} negate(a)
  ROOT custom-call = f64[4]{0} custom-call(negate, b, a), custom_call_target="minixla$xla_cpu_fma"
}
`);
  });

  it("turns a divide by a broadcast into a multiply by the broadcast reciprocal", () => {
    expect(
      run(`HloModule m
ENTRY main {
  a = f64[2,3]{1,0} parameter(0)
  v = f64[3]{0} parameter(1)
  bv = f64[2,3]{1,0} broadcast(v), dimensions={1}
  ROOT d = f64[2,3]{1,0} divide(a, bv)
}`),
    ).toBe(`ENTRY main {
  a = f64[2,3]{1,0} parameter(0)
  v = f64[3]{0} parameter(1)
  bv = f64[2,3]{1,0} broadcast(v), dimensions={1}
  constant = f64[] constant(1)
  broadcast = f64[3]{0} broadcast(constant), dimensions={}
  divide = f64[3]{0} divide(broadcast, v)
  broadcast.1 = f64[2,3]{1,0} broadcast(divide), dimensions={1}
  ROOT multiply = f64[2,3]{1,0} multiply(a, broadcast.1)
}
`);
  });

  it("leaves multiplies that are outputs, shared multiplies, divides by a broadcast of a shared value and plain divides alone", () => {
    const text = `HloModule m
ENTRY main {
  a = f64[4]{0} parameter(0)
  x = f32[4]{0} parameter(1)
  mul = f64[4]{0} multiply(a, a)
  sum = f64[4]{0} add(mul, a)
  xm = f32[4]{0} multiply(x, x)
  xs = f32[4]{0} add(xm, x)
  xt = f32[4]{0} add(xm, xs)
  c = f64[4]{0} constant({1, 2, 3, 4})
  s = f64[] parameter(2)
  bs = f64[4]{0} broadcast(s), dimensions={}
  cd = f64[4]{0} divide(c, bs)
  pd = f64[4]{0} divide(a, sum)
  ROOT t = (f64[4]{0}, f32[4]{0}, f64[4]{0}, f64[4]{0}, f64[4]{0}, f64[]) tuple(sum, xt, cd, pd, mul, s)
}`;
    const m = parseHloModule(text);
    expect(xlaCpuNumerics.run(m)).toBe(m);
  });

  it("leaves f16 and bf16 multiply-adds alone: XLA CPU rounds their product first", () => {
    // from XLA CPU (test/fuzz): f16 -2.5 * 1.001 + 1.001 = -1.5009765625, not the fused -1.501953125
    const text = `HloModule m
ENTRY main {
  a = f16[] parameter(0)
  b = f16[] parameter(1)
  mul = f16[] multiply(a, b)
  h = f16[] add(mul, b)
  c = bf16[] parameter(2)
  cm = bf16[] multiply(c, c)
  ca = bf16[] add(cm, c)
  ROOT t = (f16[], bf16[]) tuple(h, ca)
}`;
    const m = parseHloModule(text);
    expect(xlaCpuNumerics.run(m)).toBe(m);
  });

  // The rules and their order are XLA's HandleDivide (xla/hlo/transforms/simplifiers/algebraic_simplifier.cc);
  // each was checked on XLA CPU (jaxlib 0.10.2), the values are in test/xla_cpu_divide.test.ts.
  it("turns (a / b) / c into a / (b * c), a / (b / c) into (a * c) / b and (a / b) / (c / d) into (a * d) / (b * c)", () => {
    expect(
      run(`HloModule m
ENTRY main {
  a = f32[4]{0} parameter(0)
  b = f32[4]{0} parameter(1)
  c = f32[4]{0} parameter(2)
  ab = f32[4]{0} divide(a, b)
  abc = f32[4]{0} divide(ab, c)
  bc = f32[4]{0} divide(b, c)
  acb = f32[4]{0} divide(a, bc)
  four = f32[4]{0} divide(ab, bc)
  ROOT t = (f32[4]{0}, f32[4]{0}, f32[4]{0}, f32[4]{0}) tuple(abc, acb, four, ab)
}`),
    ).toBe(`ENTRY main {
  a = f32[4]{0} parameter(0)
  b = f32[4]{0} parameter(1)
  c = f32[4]{0} parameter(2)
  ab = f32[4]{0} divide(a, b)
  multiply = f32[4]{0} multiply(b, c)
  divide = f32[4]{0} divide(a, multiply)
  bc = f32[4]{0} divide(b, c)
  multiply.1 = f32[4]{0} multiply(a, c)
  divide.1 = f32[4]{0} divide(multiply.1, b)
  multiply.2 = f32[4]{0} multiply(a, c)
  multiply.3 = f32[4]{0} multiply(b, b)
  divide.2 = f32[4]{0} divide(multiply.2, multiply.3)
  ROOT t = (f32[4]{0}, f32[4]{0}, f32[4]{0}, f32[4]{0}) tuple(divide, divide.1, divide.2, ab)
}
`);
  });

  it("rewrites the first of two divides by one broadcast only (its reciprocal is the value's second user), and a constant dividend", () => {
    const out = run(`HloModule m
ENTRY main {
  a = f32[4]{0} parameter(0)
  s = f32[] parameter(1)
  bs = f32[4]{0} broadcast(s), dimensions={}
  q = f32[4]{0} divide(a, bs)
  u = f32[4]{0} divide(a, bs)
  k = f32[4]{0} constant({1.7, 2.9, -0.3, 1.1})
  r = f32[] parameter(2)
  br = f32[4]{0} broadcast(r), dimensions={}
  kd = f32[4]{0} divide(k, br)
  ROOT t = (f32[4]{0}, f32[4]{0}, f32[4]{0}) tuple(q, u, kd)
}`);
    expect(out).toContain("u = f32[4]{0} divide(a, bs)");
    expect(out).toContain("multiply = f32[4]{0} multiply(a, broadcast)");
    expect(out).toContain("multiply.1 = f32[4]{0} multiply(k, broadcast.1)");
  });

  it("turns a divide by a constant into a multiply by its reciprocal, and leaves bf16 and f8 divides alone", () => {
    expect(
      run(`HloModule m
ENTRY main {
  a = f16[2]{0} parameter(0)
  k = f16[2]{0} constant({1.5, 3})
  ROOT d = f16[2]{0} divide(a, k)
}`),
    ).toBe(`ENTRY main {
  a = f16[2]{0} parameter(0)
  k = f16[2]{0} constant({1.5, 3})
  constant = f16[] constant(1)
  broadcast = f16[2]{0} broadcast(constant), dimensions={}
  divide = f16[2]{0} divide(broadcast, k)
  ROOT multiply = f16[2]{0} multiply(a, divide)
}
`);
    const text = `HloModule m
ENTRY main {
  a = bf16[4]{0} parameter(0)
  b = bf16[4]{0} parameter(1)
  s = bf16[] parameter(2)
  bs = bf16[4]{0} broadcast(s), dimensions={}
  ab = bf16[4]{0} divide(a, b)
  abs = bf16[4]{0} divide(ab, bs)
  x = f8e4m3fn[4]{0} parameter(3)
  xx = f8e4m3fn[4]{0} divide(x, x)
  xxx = f8e4m3fn[4]{0} divide(xx, x)
  ROOT t = (bf16[4]{0}, f8e4m3fn[4]{0}) tuple(abs, xxx)
}`;
    const m = parseHloModule(text);
    expect(xlaCpuNumerics.run(m)).toBe(m);
  });
});
