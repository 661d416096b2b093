/**
 * The fused f64 steps of the WebAssembly dot and fma lanes in numerics
 * "xla-cpu" (fused_steps.ts fma64ModerateStep and fma64Core, emit_matmul.ts):
 * bit for bit the reference kernel's, with moderate operands (the moderate
 * steps) and without (the general ones), on midpoints of exact and inexact
 * products, on exact cancellations, across the moderate bounds, and when one
 * kernel sees moderate and other operands in turn.
 */
import { type ArrayLiteral, type InstructionOf, XLA_CPU_FMA_TARGET, firstBitDifference, literal, parseHloModule, shape } from "@minixla/hlo";
import fc from "fast-check";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";
import { instruction, run, testContext } from "../../kernels/support/test_support.ts";
import { compile } from "../compile.ts";
import { type DotKernel, compileDot } from "../dot_kernel.ts";
import { MODERATE_HI, MODERATE_LO } from "./fused_steps.ts";
import { withoutHardwareFma } from "./hardware_fma.ts";

const XLA_CPU = testContext({}, { numerics: "xla-cpu" });
const MATMUL = { lhsBatchDimensions: [], lhsContractingDimensions: [1], rhsBatchDimensions: [], rhsContractingDimensions: [0] };

function dotOf(m: number, n: number): InstructionOf<"dot"> {
  return instruction("dot", shape("f64", [m, n]), MATMUL) as InstructionOf<"dot">;
}

/** The kernel's result against the reference kernel's in numerics xla-cpu, bit for bit. */
function expectSameWith(kernel: DotKernel, inst: InstructionOf<"dot">, l: ArrayLiteral, r: ArrayLiteral): void {
  const want = run(inst, [l, r], XLA_CPU) as ArrayLiteral;
  const out = kernel(l, r, new Float64Array(want.data.length).fill(-7.5)).data as Float64Array;
  const bad = Array.from(want.data as Float64Array).findIndex((v, i) => !Object.is(v, out[i]));
  expect(bad, `element ${bad}: reference ${want.data[bad]}, compiled ${out[bad]}`).toBe(-1);
}

/** The WebAssembly dot (forced) of an m×k by k×n product against the reference kernel. */
function expectSame(m: number, k: number, n: number, lhs: readonly number[], rhs: readonly number[]): void {
  const inst = dotOf(m, n);
  const l = literal("f64", [m, k], lhs) as ArrayLiteral;
  const r = literal("f64", [k, n], rhs) as ArrayLiteral;
  const kernel = withoutHardwareFma(() => compileDot(inst, l.shape, r.shape, "xla-cpu", "always"));
  expect(kernel).toBeDefined();
  expectSameWith(kernel!, inst, l, r);
}

/** i · 2^e for an integer i of up to `bits` bits: exact products (q = 0) and sums on midpoints. */
const short = (bits: number, eMin: number, eMax: number) =>
  fc.tuple(fc.integer({ min: -(2 ** bits) + 1, max: 2 ** bits - 1 }), fc.integer({ min: eMin, max: eMax })).map(([i, e]) => i * 2 ** e);

/** Moderate values: ordinary doubles, short ones (ties of exact products), 27-bit ones (products of 54 bits, next to ties), zeros. */
const moderate = fc.oneof(
  { weight: 4, arbitrary: fc.double({ min: -4, max: 4, noNaN: true }).map((x) => (Math.abs(x) < 2 ** -300 ? 0 : x)) },
  { weight: 3, arbitrary: short(4, -6, 6) },
  { weight: 3, arbitrary: short(27, -60, 20) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, 1, -1, MODERATE_HI, -MODERATE_LO, 2 ** 399, 2 ** -399) },
);

/** Values outside the moderate range and specials, which send a whole product to the general steps. */
const immoderate = fc.constantFrom(2 * MODERATE_HI, MODERATE_LO / 2, 2 ** 1000, -(2 ** 1020), 2 ** -1000, 1e-310, -5e-324, 2 ** -1022, NaN, Infinity, -Infinity, Number.MAX_VALUE);

const sizes = fc.tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 9 }));

describe("fused f64 dot steps", () => {
  it("give the reference's bits on moderate operands: ties of exact products, near-ties, ordinary values (property)", () => {
    fc.assert(
      fc.property(sizes, fc.infiniteStream(moderate), ([m, k, n], stream) => {
        const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
        expectSame(m, k, n, take(m * k), take(k * n));
      }),
      { numRuns: 400, seed: 0xf64 },
    );
  });

  it("settle midpoints that only the product's low part decides, in the moderate steps (property)", () => {
    // c_i + a_i·b_j where a_i·b_j is half an ulp of c_i times a factor a little off 1: the sum s + w sits
    // on a midpoint or next to one, and the low part q of the product (not zero) decides the rounding.
    const row = fc.tuple(fc.double({ min: 1, max: 2, noNaN: true }), fc.integer({ min: -300, max: 300 }), fc.constantFrom(-1, 1), fc.constantFrom(-1, 1));
    const B = [1, 1 - 2 ** -30, 1 + 2 ** -30, 1 - 2 ** -52, 1 + 2 ** -52, 1 + 2 ** -27];
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 7 }), fc.array(fc.integer({ min: 0, max: B.length - 1 }), { minLength: 1, maxLength: 9 }), (rows, cols) => {
        const lhs: number[] = [];
        for (const [mant, exp, sc, sa] of rows) lhs.push(sc * mant * 2 ** exp, sa * 2 ** (exp - 53) * (1 + 2 ** -30));
        expectSame(rows.length, 2, cols.length, lhs, [...cols.map(() => 1), ...cols.map((j) => B[j]!)]);
      }),
      { numRuns: 300, seed: 0x3d },
    );
  });

  it("settle midpoints of products too small for an exact TwoProduct, whichever operand holds the small values (property)", () => {
    // As above with c near 2^-1000: the product's low part lies below the denormals, so only the general
    // steps (which see the operands are not moderate) get these right. With the small values in A, out[i][j] =
    // fma(a_i1, b_j, c_i); in B, out[i][j] = fma(t_i, d_j, ±c_j) with t_i moderate and d_j small.
    const small = fc.tuple(fc.double({ min: 1, max: 2, noNaN: true }), fc.integer({ min: -1010, max: -940 }), fc.constantFrom(-1, 1), fc.constantFrom(-1, 1));
    const F = [1, 1 - 2 ** -30, 1 + 2 ** -30, 1 - 2 ** -52, 1 + 2 ** -52, 1 + 2 ** -27];
    const factor = fc.integer({ min: 0, max: F.length - 1 }).map((j) => F[j]!);
    fc.assert(
      fc.property(fc.array(small, { minLength: 1, maxLength: 5 }), fc.array(factor, { minLength: 1, maxLength: 7 }), fc.boolean(), (cs, fs, inB) => {
        const half = (exp: number, sa: number): number => sa * 2 ** (exp - 53) * (1 + 2 ** -30);
        if (!inB) {
          const lhs = cs.flatMap(([mant, exp, sc, sa]) => [sc * mant * 2 ** exp, half(exp, sa)]);
          expectSame(cs.length, 2, fs.length, lhs, [...fs.map(() => 1), ...fs]);
        } else {
          const rhs = [...cs.map(([mant, exp, sc]) => sc * mant * 2 ** exp), ...cs.map(([, exp, , sa]) => half(exp, sa))];
          expectSame(fs.length, 2, cs.length, fs.flatMap((f, i) => [i % 2 === 0 ? 1 : -1, f]), rhs);
        }
      }),
      { numRuns: 300, seed: 0x5a11 },
    );
  });

  it("give exact cancellations the sign of the one rounding, and short chains their ties (property)", () => {
    // Row i: a, -a, then b: the chain reaches a zero (its sign from the fused step), then adds b·y.
    fc.assert(
      fc.property(fc.array(fc.tuple(short(20, -20, 20), fc.constantFrom(0, -0, 1, 2 ** -40, 3)), { minLength: 1, maxLength: 6 }), fc.array(short(20, -10, 10), { minLength: 1, maxLength: 7 }), (rows, ys) => {
        const lhs = rows.flatMap(([a, b]) => [a, -a, b]);
        const rhs = [...ys, ...ys, ...ys.map((y) => -y)];
        expectSame(rows.length, 3, ys.length, lhs, rhs);
      }),
      { numRuns: 200, seed: 0xc4 },
    );
  });

  it("give the reference's bits with values past the moderate range and specials mixed in (property)", () => {
    const value = fc.oneof({ weight: 6, arbitrary: moderate }, { weight: 1, arbitrary: immoderate });
    fc.assert(
      fc.property(sizes, fc.infiniteStream(value), ([m, k, n], stream) => {
        const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
        expectSame(m, k, n, take(m * k), take(k * n));
      }),
      { numRuns: 300, seed: 0x1f64 },
    );
  });

  it("give the reference's bits on wide B, rows of odd and even length and 1 KB multiples, moderate or not (property)", () => {
    const mixed = fc.oneof({ weight: 30, arbitrary: moderate }, { weight: 1, arbitrary: immoderate });
    const wide = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom(31, 32, 33, 40, 63, 128, 129, 256));
    fc.assert(
      fc.property(wide, fc.boolean(), fc.infiniteStream(moderate), fc.infiniteStream(mixed), ([m, k, n], onlyModerate, plain, some) => {
        const stream = onlyModerate ? plain : some;
        const take = (len: number): number[] => Array.from({ length: len }, () => stream.next().value);
        expectSame(m, k, n, take(m * k), take(k * n));
      }),
      { numRuns: 60, seed: 0x2f64 },
    );
  });

  it("choose the steps afresh for every operand that comes in, a staying constant's too (property)", () => {
    const operand = fc.tuple(fc.boolean(), fc.infiniteStream(moderate), fc.integer({ min: 0, max: 1000 }), immoderate);
    fc.assert(
      fc.property(sizes, fc.array(fc.tuple(operand, fc.boolean()), { minLength: 2, maxLength: 5 }), operand, ([m, k, n], runs, [wild, wStream, wAt, wValue]) => {
        // B a constant (it stays in the module's memory), moderate or not; A new each run, moderate or not.
        const wData = Array.from({ length: k * n }, () => wStream.next().value);
        if (wild) wData[wAt % wData.length] = wValue;
        const w = literal("f64", [k, n], wData) as ArrayLiteral;
        const inst = dotOf(m, n);
        const kernel = withoutHardwareFma(() => compileDot(inst, shape("f64", [m, k]) as never, w.shape, "xla-cpu", "always", [undefined, w.data as Float64Array]));
        expect(kernel).toBeDefined();
        for (const [[aWild, aStream, aAt, aValue], other] of runs) {
          const aData = Array.from({ length: m * k }, () => aStream.next().value);
          if (aWild) aData[aAt % aData.length] = aValue;
          const b = other ? (literal("f64", [k, n], wData.map((x) => x * 3)) as ArrayLiteral) : w;
          expectSameWith(kernel!, inst, literal("f64", [m, k], aData) as ArrayLiteral, b);
        }
      }),
      { numRuns: 150, seed: 0x57a7 },
    );
  });
});

describe("fused f64 dot with the host's fused multiply-add", () => {
  it("gives the reference's bits for f64, f32, f16 and bf16 where relaxed SIMD is on (a child Node with --experimental-wasm-relaxed-simd)", () => {
    const script = fileURLToPath(new URL("../../../../../test/support/hardware_fma_dot_check.ts", import.meta.url));
    for (const seed of [64, 65]) {
      const out = execFileSync(process.execPath, ["--experimental-wasm-relaxed-simd", "--import", "tsx", script, String(seed)], { encoding: "utf8", timeout: 120_000 });
      const report = JSON.parse(out.trim().split("\n").at(-1)!) as { hardware: boolean; checked: number; mismatch?: string };
      expect(report.mismatch).toBeUndefined();
      expect(report.checked).toBe(400);
      // An x86-64 host with FMA3 (every CPU this project runs on in CI) takes the hardware step.
      if (process.arch === "x64") expect(report.hardware).toBe(true);
    }
  });
});

describe("fused f64 fma lanes", () => {
  it("settle ties of exact products as the reference does (property)", () => {
    // x·y exact (short values) and z beside it: x·y + z on a midpoint, often, where only q = 0 settles the lane.
    const m = parseHloModule(`HloModule f
ENTRY %main (x: f64[24], y: f64[24], z: f64[24]) -> f64[24] {
  %x = f64[24] parameter(0)
  %y = f64[24] parameter(1)
  %z = f64[24] parameter(2)
  ROOT %f = f64[24] custom-call(%x, %y, %z), custom_call_target="${XLA_CPU_FMA_TARGET}"
}`);
    const exe = compile(m, { numerics: "xla-cpu" });
    const value = fc.oneof(short(27, -30, 30), short(3, -3, 3), fc.double({ min: -4, max: 4, noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value, value), { minLength: 24, maxLength: 24 }), (triples) => {
        const args = [0, 1, 2].map((j) => literal("f64", [24], triples.map((t) => t[j])));
        expect(firstBitDifference(exe.execute(args), evaluate(m, args, { numerics: "xla-cpu" }))?.message).toBeUndefined();
      }),
      { numRuns: 200, seed: 0xfa },
    );
  });
});
