import { createHash } from "node:crypto";
import { type ArrayLiteral, type Literal, type TupleLiteral, literal, parseHloModule, scalar } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";
import { RNG_BIT_GENERATOR_GOLDEN } from "../../../testdata/random_golden.ts";
import { philox4x32, threeFry2x32 } from "./random_bits.ts";

const hex = (v: bigint | number): string => `0x${v.toString(16)}`;
const words = (l: Literal): string[] => [...(l as ArrayLiteral).data].map((v) => hex(v));

function rbg(algorithm: string, state: readonly bigint[], bits: string): TupleLiteral {
  const st = `u64[${state.length}]`;
  const m = parseHloModule(`HloModule m
ENTRY main {
  p0 = ${st} parameter(0)
  ROOT r = (${st}, ${bits}) rng-bit-generator(p0), algorithm=${algorithm}
}`);
  return evaluate(m, [literal("u64", [state.length], [...state])]) as TupleLiteral;
}

describe("rng-bit-generator", () => {
  it.each(RNG_BIT_GENERATOR_GOLDEN.map((c) => [`${c.algorithm} ${c.bits} from a u64[${c.state.length}] state`, c] as const))(
    "matches XLA's CPU bit for bit: %s",
    (_, c) => {
      const out = rbg(c.algorithm, c.state.map(BigInt), c.bits);
      expect(words(out.elements[0])).toEqual(c.newState);
      expect(words(out.elements[1])).toEqual(c.values);
    },
  );

  // StableHLO's testdata (stablehlo/testdata/rng_bit_generator_uint64_2.mlir, _uint32_4.mlir), values from JAX on XLA.
  it("matches StableHLO's rng_bit_generator testdata: a u64 scalar, and u64[100,100] by its SHA-256", () => {
    const one = rbg("rng_three_fry", [3n, 3n], "u64[]");
    expect(words(one.elements[0])).toEqual(["0x3", "0x4"]);
    expect((one.elements[1] as ArrayLiteral).data[0]).toBe(3349939604322698703n);
    // The state is the u32s [1, 4, 0, 1] bitcast to u64[2]; the expected new state is u32s [1, 4, 10000, 1].
    const big = rbg("rng_three_fry", [0x400000001n, 0x100000000n], "u64[100,100]");
    expect(words(big.elements[0])).toEqual(["0x400000001", "0x100002710"]);
    const bits = (big.elements[1] as ArrayLiteral).data as BigUint64Array;
    expect([bits[0], bits[1], bits[4321], bits[9999]].map(hex)).toEqual(["0xa3e974730835d3c1", "0x252e8081823789ce", "0x937432b4275b75ed", "0xa39216886a197768"]);
    const digest = createHash("sha256").update(new Uint8Array(bits.buffer, bits.byteOffset, bits.byteLength)).digest("hex");
    expect(digest).toBe("7361558110313ebd52dccc625531ed55783912edb621e5df9646668dd8fb233b");
  });

  it("runs Threefry-2x32 on the Random123 known-answer vectors", () => {
    // Random123's kat_vectors: threefry2x32 with 20 rounds.
    const out = new Uint32Array(2);
    threeFry2x32(0, 0, 0, 0, out);
    expect([...out].map(hex)).toEqual(["0x6b200159", "0x99ba4efe"]);
    threeFry2x32(0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, out);
    expect([...out].map(hex)).toEqual(["0x1cb996fc", "0xbb002be7"]);
    threeFry2x32(0x13198a2e, 0x03707344, 0x243f6a88, 0x85a308d3, out);
    expect([...out].map(hex)).toEqual(["0xc4923a9c", "0x483df7a0"]);
  });

  it("runs Philox-4x32 on the Random123 known-answer vectors", () => {
    // Random123's kat_vectors: philox4x32 with 10 rounds.
    const x = new Uint32Array([0, 0, 0, 0]);
    philox4x32(0, 0, x);
    expect([...x].map(hex)).toEqual(["0x6627e8d5", "0xe169c58d", "0xbc57ac4c", "0x9b00dbd8"]);
    const y = new Uint32Array([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
    philox4x32(0xffffffff, 0xffffffff, y);
    expect([...y].map(hex)).toEqual(["0x408f276d", "0x41c83b0e", "0xa20bc7c6", "0x6d5451fd"]);
    const z = new Uint32Array([0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344]);
    philox4x32(0xa4093822, 0x299f31d0, z);
    expect([...z].map(hex)).toEqual(["0xd16cfe09", "0x94fdcceb", "0x5001e420", "0x24126ea1"]);
  });
});

function rng(distribution: string, type: string, dims: string, a: number | bigint, b: number | bigint, rngSeed?: number): ArrayLiteral {
  const m = parseHloModule(`HloModule m
ENTRY main {
  a = ${type}[] parameter(0)
  b = ${type}[] parameter(1)
  ROOT r = ${type}[${dims}] rng(a, b), distribution=${distribution}
}`);
  return evaluate(m, [scalar(a, type as never), scalar(b, type as never)], { rngSeed }) as ArrayLiteral;
}

describe("rng (seeded)", () => {
  it("draws f32 uniforms in [a, b), f32-rounded, the same for the same seed and different for another", () => {
    const x = rng("rng_uniform", "f32", "1000", -2, 3);
    const v = [...x.data] as number[];
    expect(v.every((e) => e >= -2 && e < 3 && Math.fround(e) === e)).toBe(true);
    expect(Math.min(...v)).toBeLessThan(-1.9);
    expect(Math.max(...v)).toBeGreaterThan(2.9);
    expect([...rng("rng_uniform", "f32", "1000", -2, 3).data]).toEqual(v);
    expect([...rng("rng_uniform", "f32", "1000", -2, 3, 7).data]).not.toEqual(v);
  });

  it("draws integers in [a, b), every value of a small range, 64-bit ones exactly", () => {
    const v = [...rng("rng_uniform", "s32", "2,500", -3, 4).data] as number[];
    expect(new Set(v)).toEqual(new Set([-3, -2, -1, 0, 1, 2, 3]));
    const big = rng("rng_uniform", "s64", "100", -(2n ** 62n), 2n ** 62n);
    expect(big.data).toBeInstanceOf(BigInt64Array);
    expect([...big.data].every((e) => (e as bigint) >= -(2n ** 62n) && (e as bigint) < 2n ** 62n)).toBe(true);
    expect([...rng("rng_uniform", "u8", "50", 5, 5).data].every((e) => e === 5)).toBe(true);
  });

  it("draws normals with the asked mean and deviation", () => {
    const v = [...rng("rng_normal", "f64", "20000", 5, 2).data] as number[];
    const mean = v.reduce((s, e) => s + e, 0) / v.length;
    const sd = Math.sqrt(v.reduce((s, e) => s + (e - mean) ** 2, 0) / v.length);
    expect(mean).toBeCloseTo(5, 1);
    expect(sd).toBeCloseTo(2, 1);
  });

  it("gives a zero-sized result and f16 values of f16", () => {
    expect(rng("rng_uniform", "f32", "0,3", 0, 1).data.length).toBe(0);
    const h = [...rng("rng_normal", "f16", "10", 0, 1).data] as number[];
    expect(h.every((e) => Number.isFinite(e))).toBe(true);
  });
});
