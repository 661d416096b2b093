/**
 * Reductions, windows and dots on s64/u64 (BigInt storage) and complex types,
 * from HLO text through parseHloModule and evaluate. Every expected value was
 * produced by real XLA (CPU backend, 64-bit types enabled) on the same
 * module and inputs.
 */
import { type Literal, isTupleLiteral, literal, parseHloModule, toNested } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";

const MAX = 2n ** 63n - 1n;
const MIN = -(2n ** 63n);

const nested = (l: Literal): unknown => (isTupleLiteral(l) ? l.elements.map(nested) : toNested(l));

describe("reduce on s64: JAX's jnp.min with x64", () => {
  // As JAX lowers jnp.min over an int64 vector: init INT64_MAX, a lone minimum reducer.
  const jnpMin = parseHloModule(`HloModule jit_min, entry_computation_layout={(s64[3]{0})->s64[]}

region_0.1 {
  Arg_0.2 = s64[] parameter(0)
  Arg_1.3 = s64[] parameter(1)
  ROOT minimum.4 = s64[] minimum(Arg_0.2, Arg_1.3)
}

ENTRY main.6 {
  Arg_0.1 = s64[3]{0} parameter(0)
  constant.2 = s64[] constant(9223372036854775807)
  ROOT reduce.5 = s64[] reduce(Arg_0.1, constant.2), dimensions={0}, to_apply=region_0.1
}
`);

  it("returns the exact minimum, INT64_MIN included", () => {
    const r = evaluate(jnpMin, [literal("s64", [3], [MIN, 5n, 9007199254740993n])]);
    expect(toNested(r as never)).toBe(MIN);
  });

  it("tells apart values that one double cannot (2^53 + 1 and 2^53 + 3)", () => {
    const r = evaluate(jnpMin, [literal("s64", [3], [9007199254740995n, 9007199254740993n, MAX])]);
    expect(toNested(r as never)).toBe(9007199254740993n);
  });

  it("gives the init value (INT64_MAX) for a vector of INT64_MAX", () => {
    const r = evaluate(jnpMin, [literal("s64", [3], [MAX, MAX, MAX])]);
    expect(toNested(r as never)).toBe(MAX);
  });

  it("takes the general path (a reducer that is not a lone op) just as exactly", () => {
    const m = parseHloModule(`HloModule sum_then_min

region_0.1 {
  a = s64[] parameter(0)
  b = s64[] parameter(1)
  zero = s64[] constant(0)
  b0 = s64[] add(b, zero)
  ROOT m = s64[] minimum(a, b0)
}

ENTRY main {
  x = s64[3] parameter(0)
  init = s64[] constant(9223372036854775807)
  ROOT r = s64[] reduce(x, init), dimensions={0}, to_apply=region_0.1
}
`);
    expect(toNested(evaluate(m, [literal("s64", [3], [9007199254740995n, 9007199254740993n, 5n])]) as never)).toBe(5n);
    expect(toNested(evaluate(m, [literal("s64", [3], [9007199254740995n, 9007199254740993n, MAX])]) as never)).toBe(9007199254740993n);
  });
});

describe("reduce-window on u64 and s64", () => {
  it("sums wrap at 64 bits and max is exact", () => {
    const m = parseHloModule(`HloModule rw

add {
  a = u64[] parameter(0)
  b = u64[] parameter(1)
  ROOT s = u64[] add(a, b)
}

mx {
  a = s64[] parameter(0)
  b = s64[] parameter(1)
  ROOT s = s64[] maximum(a, b)
}

ENTRY e {
  p0 = u64[4] parameter(0)
  p1 = s64[4] parameter(1)
  z = u64[] constant(0)
  lo = s64[] constant(-9223372036854775808)
  s = u64[3] reduce-window(p0, z), window={size=2}, to_apply=add
  m = s64[2] reduce-window(p1, lo), window={size=2 stride=2}, to_apply=mx
  ROOT t = (u64[3], s64[2]) tuple(s, m)
}
`);
    const r = evaluate(m, [
      literal("u64", [4], [2n ** 64n - 1n, 2n, 2n ** 63n, 2n ** 63n]),
      literal("s64", [4], [9007199254740993n, 9007199254740992n, MIN, MIN + 1n]),
    ]);
    // from XLA CPU
    expect(nested(r)).toEqual([[1n, 9223372036854775810n, 0n], [9007199254740993n, -9223372036854775807n]]);
  });
});

describe("dot on s64 and c64", () => {
  it("s64 products and sums wrap modulo 2^64", () => {
    const m = parseHloModule(`HloModule d

ENTRY e {
  p0 = s64[2,3] parameter(0)
  p1 = s64[3,2] parameter(1)
  ROOT r = s64[2,2] dot(p0, p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}
`);
    const a = literal("s64", [2, 3], [MAX, 3037000500n, -1n, MIN, 2n ** 40n, 7n]);
    const b = literal("s64", [3, 2], [MAX, 2n, 3037000500n, -3n, 9007199254740993n, 5n]);
    // from XLA CPU
    expect(nested(evaluate(m, [a, b]))).toEqual([
      [9214364837745509008n, -9111001507n],
      [-8803635671974543353n, -3298534883293n],
    ]);
  });

  it("c64 sums complex products", () => {
    const m = parseHloModule(`HloModule d

ENTRY e {
  p0 = c64[2,2] parameter(0)
  p1 = c64[2] parameter(1)
  ROOT r = c64[2] dot(p0, p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}
`);
    const a = literal("c64", [2, 2], [[[1, 2], [0.1, 0.3]], [[3, -1], [-2, 0.5]]]);
    const b = literal("c64", [2], [[0.7, -0.2], [2, 2]]);
    // from XLA CPU: [(0.699999988079071+2j), (-3.1000001430511475-4.300000190734863j)]
    expect(nested(evaluate(m, [a, b]))).toEqual([
      [0.699999988079071, 2],
      [-3.1000001430511475, -4.300000190734863],
    ]);
  });
});

describe("reduce on c128", () => {
  it("adds and multiplies complex values", () => {
    const m = parseHloModule(`HloModule r

add {
  a = c128[] parameter(0)
  b = c128[] parameter(1)
  ROOT s = c128[] add(a, b)
}

mul {
  a = c128[] parameter(0)
  b = c128[] parameter(1)
  ROOT s = c128[] multiply(a, b)
}

ENTRY e {
  p0 = c128[2,3] parameter(0)
  z = c128[] constant((0, 0))
  o = c128[] constant((1, 0))
  s = c128[2] reduce(p0, z), dimensions={1}, to_apply=add
  m = c128[2] reduce(p0, o), dimensions={1}, to_apply=mul
  ROOT t = (c128[2], c128[2]) tuple(s, m)
}
`);
    const x = literal("c128", [2, 3], [[[1, 2], [0.5, -1], [0, 3]], [[2, 0], [-1, 1], [0.25, 0.25]]]);
    // from XLA CPU: sums [(1.5+4j), (1.25+1.25j)], products [7.5j, (-1+0j)]
    expect(nested(evaluate(m, [x]))).toEqual([
      [[1.5, 4], [1.25, 1.25]],
      [[0, 7.5], [-1, 0]],
    ]);
  });
});

describe("reduce-window on c64 and select-and-scatter on s64 (the general path)", () => {
  it("matches XLA", () => {
    const m = parseHloModule(`HloModule w

add {
  a = c64[] parameter(0)
  b = c64[] parameter(1)
  ROOT s = c64[] add(a, b)
}

ge {
  a = s64[] parameter(0)
  b = s64[] parameter(1)
  ROOT c = pred[] compare(a, b), direction=GE
}

adds {
  a = s64[] parameter(0)
  b = s64[] parameter(1)
  ROOT s = s64[] add(a, b)
}

ENTRY e {
  p0 = c64[4] parameter(0)
  z = c64[] constant((0, 0))
  rw = c64[3] reduce-window(p0, z), window={size=2}, to_apply=add
  x = s64[4] parameter(1)
  src = s64[2] parameter(2)
  init = s64[] constant(1)
  ss = s64[4] select-and-scatter(x, src, init), window={size=2 stride=2}, select=ge, scatter=adds
  ROOT t = (c64[3], s64[4]) tuple(rw, ss)
}
`);
    const r = evaluate(m, [
      literal("c64", [4], [[1, 2], [0.5, -1], [0, 3], [0.1, 0.2]]),
      literal("s64", [4], [9007199254740993n, 9007199254740994n, MIN, MIN + 1n]),
      literal("s64", [2], [MAX, 9007199254740993n]),
    ]);
    // from XLA CPU: [(1.5+1j), (0.5+2j), (0.10000000149011612+3.200000047683716j)], [1, MIN, 1, 9007199254740994]
    expect(nested(r)).toEqual([
      [[1.5, 1], [0.5, 2], [0.10000000149011612, 3.200000047683716]],
      [1n, MIN, 1n, 9007199254740994n],
    ]);
  });
});
