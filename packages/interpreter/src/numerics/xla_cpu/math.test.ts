/**
 * XLA CPU's transcendental functions against XLA's own outputs
 * (test/corpus/xla-cpu-math/, jaxlib 0.10.2 on x86-64): bit for bit for
 * every case except f64 log1p at |x| >= 0.4142 and f64 erf at |x| in
 * [1.25, 6), where XLA calls glibc's log and exp and these functions
 * Math.log and Math.exp (within 1 ulp).
 */
import { readFileSync } from "node:fs";
import type { ElementType } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { xlaCpuLibmScalar, xlaCpuLibmTailStart, xlaCpuMathScalar, xlaCpuMathScalar2 } from "./math.ts";

type FloatType = "f16" | "bf16" | "f32" | "f64";
interface Case {
  readonly op: string;
  readonly type: FloatType;
  readonly in: string;
  /** A binary op's second operand (x of atan2(y, x), the exponent of power). */
  readonly in2?: string;
  readonly out: string;
  /** Set on the small-array cases: the array's dimensions (else a vector as long as the sample). */
  readonly dims?: readonly number[];
}
const corpus = JSON.parse(readFileSync(new URL("../../../../../test/corpus/xla-cpu-math/cases.json", import.meta.url), "utf8")) as {
  readonly cases: readonly Case[];
};

const WIDTH: Readonly<Record<FloatType, number>> = { f16: 4, bf16: 4, f32: 8, f64: 16 };
const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The value of one element's bits. */
function valueOf(bits: bigint, t: FloatType): number {
  switch (t) {
    case "f64":
      u64[0] = bits;
      return f64[0]!;
    case "f32":
      u32[0] = Number(bits);
      return f32[0]!;
    case "bf16":
      u32[0] = Number(bits) << 16;
      return f32[0]!;
    case "f16": {
      const h = Number(bits);
      const s = h & 0x8000 ? -1 : 1;
      const e = (h >> 10) & 31;
      const m = h & 1023;
      if (e === 31) return m ? Number.NaN : s * Infinity;
      return e === 0 ? s * m * 2 ** -24 : s * (1024 + m) * 2 ** (e - 25);
    }
  }
}

/** The position of a value in its type's total order of magnitudes (signed), NaN as undefined. */
function ordinal(x: number, t: FloatType): bigint | undefined {
  if (Number.isNaN(x)) return undefined;
  let bits: bigint;
  if (t === "f64") {
    f64[0] = x;
    bits = u64[0]! & 0x7fffffffffffffffn;
  } else if (t === "f16") {
    // f16 values are f32 values: count f16 steps through the exact f16 encoding.
    const a = Math.abs(x);
    bits = BigInt(a === Infinity ? 0x7c00 : a < 2 ** -14 ? a * 2 ** 24 : ((Math.floor(Math.log2(a)) + 15) << 10) + (a / 2 ** Math.floor(Math.log2(a)) - 1) * 1024);
  } else {
    f32[0] = Math.abs(x);
    bits = BigInt(t === "bf16" ? u32[0]! >>> 16 : u32[0]!);
  }
  return x < 0 || Object.is(x, -0) ? -bits : bits;
}

/** Ulps between two values of t (0 for NaN and NaN, Infinity for NaN and a number). */
function ulpsBetween(a: number, b: number, t: FloatType): number {
  const x = ordinal(a, t);
  const y = ordinal(b, t);
  if (x === undefined || y === undefined) return x === y ? 0 : Infinity;
  const d = x - y;
  return Number(d < 0n ? -d : d);
}

const sameBits = (a: number, b: number): boolean => (Number.isNaN(a) ? Number.isNaN(b) : Object.is(a, b));

function elements(hex: string, t: FloatType): number[] {
  const w = WIDTH[t];
  const out: number[] = [];
  for (let i = 0; i < hex.length; i += w) out.push(valueOf(BigInt(`0x${hex.slice(i, i + w)}`), t));
  return out;
}

/** The documented exceptions (1 ulp): f64 log1p beyond |x| < 0.4142 (glibc's log) and f64 erf on [1.25, 6) (glibc's exp). */
function tolerance(c: Case, x: number): number {
  if (c.type !== "f64") return 0;
  const a = Math.abs(x);
  if (c.op === "log-plus-one") return a < 0.41421356237309503 ? 0 : 1;
  if (c.op === "erf") return a >= 1.25 && a < 6 ? 1 : 0;
  return 0;
}

describe("XLA CPU transcendental functions (numerics xla-cpu)", () => {
  it("the corpus covers 13 ops in f32, f16 and bf16 and 7 in f64", () => {
    expect(corpus.cases.filter((c) => c.dims === undefined).length).toBe(46);
    expect(corpus.cases.reduce((n, c) => n + c.in.length / WIDTH[c.type], 0)).toBeGreaterThan(20000);
  });

  for (const c of corpus.cases.filter((k) => k.dims === undefined)) {
    it(`${c.op} ${c.type}: XLA CPU's bits`, () => {
      const unary = xlaCpuMathScalar(c.op, c.type as ElementType);
      const binary = xlaCpuMathScalar2(c.op, c.type as ElementType);
      const xs = elements(c.in, c.type);
      const x2 = c.in2 === undefined ? undefined : elements(c.in2, c.type);
      const fn = x2 === undefined ? unary : binary === undefined ? undefined : (x: number, i: number) => binary(x, x2[i]!);
      expect(fn).toBeDefined();
      const want = elements(c.out, c.type);
      const failures: string[] = [];
      xs.forEach((x, i) => {
        const got = fn!(x, i);
        const w = want[i]!;
        if (sameBits(got, w)) return;
        const u = ulpsBetween(got, w, c.type);
        if (u > tolerance(c, x)) failures.push(`x=${x}${x2 ? `, ${x2[i]}` : ""}: XLA ${w}, got ${got} (${u} ulps)`);
      });
      expect(failures.slice(0, 5), `${failures.length} of ${xs.length} differ`).toEqual([]);
    });
  }

  it("small f32 arrays: exp and log elements from xlaCpuLibmTailStart on are glibc's expf/logf, the rest XLA's polynomial", () => {
    const small = corpus.cases.filter((k) => k.dims !== undefined);
    expect(small.length).toBe(24);
    for (const c of small) {
      const xs = elements(c.in, "f32");
      const want = elements(c.out, "f32");
      const start = xlaCpuLibmTailStart(c.dims!);
      const got = xs.map((x, i) => (i < start ? xlaCpuMathScalar(c.op, "f32")! : xlaCpuLibmScalar(c.op, "f32")!)(x));
      expect(got, `${c.op} f32[${c.dims!.join(",")}]`).toEqual(want);
      // The inputs were chosen where the two differ, so the tail really is the C library's.
      if (start < xs.length) expect(xlaCpuMathScalar(c.op, "f32")!(xs[xs.length - 1]!)).not.toBe(want[xs.length - 1]);
    }
    expect([3, 5, 6, 7, 9, 11, 12, 16].map((n) => xlaCpuLibmTailStart([n]))).toEqual([0, 0, 0, 0, 9, 8, 12, 16]);
    expect(xlaCpuLibmTailStart([2, 3])).toBe(6);
  });

  it("f32 tanh and erf: computing in f64 and rounding misses many of XLA's values", () => {
    for (const [op, math] of [["tanh", Math.tanh], ["erf", undefined]] as const) {
      const c = corpus.cases.find((k) => k.op === op && k.type === "f32")!;
      const xs = elements(c.in, "f32");
      const want = elements(c.out, "f32");
      if (math === undefined) {
        // erf: XLA's rational differs from the correctly rounded erf, e.g. at 3.78 (1 - 3.6e-7, not 1 - 6e-8).
        expect(xlaCpuMathScalar("erf", "f32")!(Math.fround(3.7866389751434326))).toBe(0.9999996423721313);
        continue;
      }
      const naive = xs.filter((x, i) => !sameBits(Math.fround(math(x)), want[i]!)).length;
      expect(naive / xs.length).toBeGreaterThan(0.05);
    }
  });

  it("no function for the ops and types XLA CPU leaves to the C library or computes exactly", () => {
    expect(xlaCpuMathScalar("log", "f64")).toBeUndefined();
    expect(xlaCpuMathScalar("sine", "f64")).toBeUndefined();
    expect(xlaCpuMathScalar("sqrt", "f32")).toBeUndefined();
    expect(xlaCpuMathScalar("tanh", "s32")).toBeUndefined();
    // f64 atan2 has one: glibc's value (to 1 ulp) with XLA CPU's denormal rules (xla_cpu_kernels.test.ts).
    expect(xlaCpuMathScalar2("atan2", "f64")?.(1, 5e-324)).toBe(Math.PI / 2);
    expect(xlaCpuMathScalar2("power", "f64")).toBeUndefined();
    expect(xlaCpuMathScalar2("add", "f32")).toBeUndefined();
  });
});
