/**
 * StableHLO's interpreter tests for fft and triangular_solve
 * (openxla/stablehlo stablehlo/tests/interpret/fft.mlir and
 * triangular_solve.mlir), translated by hand to HLO modules with the same
 * operands and compared with StableHLO's expected values. StableHLO's own
 * check (`check.expect_almost_eq`) allows 1e-4; here every expected value is
 * the exact answer (whole numbers, or short decimals that the solve gives
 * exactly), so the check is norm-wise in units of the result type's
 * precision: |got - want| <= 4 ulp(max |want|) — an FFT of n points errs by
 * O(log2 n) roundings of its largest value, a 3x3 triangular solve by a few
 * roundings of its largest. Where StableHLO writes its expectation rounded
 * to 6 significant digits (0.666667 for 2/3), half a unit of the last digit
 * written is added (`written`). Complex values are written as (re, im) pairs.
 */
import { describe, expect, it } from "vitest";
import { type ArrayLiteral, type ElementType, literal, parseHloModule } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

type Pair = readonly [number, number];
interface Case {
  readonly name: string;
  readonly op: string;
  readonly inputs: readonly { readonly type: ElementType; readonly dims: readonly number[]; readonly values: readonly (number | Pair)[] }[];
  readonly out: { readonly type: ElementType; readonly dims: readonly number[] };
  readonly want: readonly (number | Pair)[];
  /** Half a unit of the last digit StableHLO wrote, where it rounded its expectation. */
  readonly written?: number;
}

const shapeText = (t: string, d: readonly number[]) => `${t}[${d.join(",")}]`;
const flat = (vs: readonly (number | Pair)[]): number[] => vs.flatMap((v) => (typeof v === "number" ? [v] : [...v]));

function run(c: Case): number[] {
  const params = c.inputs.map((x, i) => `  p${i} = ${shapeText(x.type, x.dims)} parameter(${i})`);
  const operands = c.inputs.map((_, i) => `p${i}`).join(", ");
  const text = `HloModule ${c.name}\n\nENTRY main {\n${params.join("\n")}\n  ROOT r = ${shapeText(c.out.type, c.out.dims)} ${c.op.replace("$", operands)}\n}\n`;
  const args = c.inputs.map((x) => literal(x.type, x.dims, flat(x.values)));
  return Array.from((evaluate(parseHloModule(text), args) as ArrayLiteral).data as Float64Array);
}

const c128 = (dims: number[], values: Pair[]) => ({ type: "c128" as const, dims, values });
const f64 = (dims: number[], values: number[]) => ({ type: "f64" as const, dims, values });
const f32 = (dims: number[], values: number[]) => ({ type: "f32" as const, dims, values });
const c64 = (dims: number[], values: Pair[]) => ({ type: "c64" as const, dims, values });

const X2: Pair[] = [[1, 2], [3, -4]];
const X22: Pair[] = [[1, 2], [3, -4], [-5, 6], [-7, -8]];
const X222: Pair[] = [[1, 2], [3, -4], [-5, 6], [-7, -8], [-1, -2], [-3, 4], [5, -6], [7, 8]];
const R16 = Array.from({ length: 16 }, (_, i) => i + 1);

const FFT: Case[] = [
  { name: "fft_1d_c128", op: "fft($), fft_type=FFT, fft_length={2}", inputs: [c128([2], X2)], out: { type: "c128", dims: [2] }, want: [[4, -2], [-2, 6]] },
  { name: "fft_2d_c128", op: "fft($), fft_type=FFT, fft_length={2,2}", inputs: [c128([2, 2], X22)], out: { type: "c128", dims: [2, 2] }, want: [[-8, -4], [0, 20], [16, 0], [-4, -8]] },
  {
    name: "fft_3d_c128", op: "fft($), fft_type=FFT, fft_length={2,2,2}", inputs: [c128([2, 2, 2], X222)], out: { type: "c128", dims: [2, 2, 2] },
    want: [[0, 0], [0, 0], [0, 0], [0, 0], [-16, -8], [0, 40], [32, 0], [-8, -16]],
  },
  { name: "ifft_1d_c128", op: "fft($), fft_type=IFFT, fft_length={2}", inputs: [c128([2], [[4, -2], [-2, 6]])], out: { type: "c128", dims: [2] }, want: X2 },
  {
    name: "ifft_2d_c128", op: "fft($), fft_type=IFFT, fft_length={2,2}", inputs: [c128([2, 2], [[-8, -4], [16, 0], [0, 20], [-4, -8]])], out: { type: "c128", dims: [2, 2] },
    want: [[1, 2], [-5, 6], [3, -4], [-7, -8]],
  },
  {
    name: "ifft_3d_c128", op: "fft($), fft_type=IFFT, fft_length={2,2,2}",
    inputs: [c128([2, 2, 2], [[0, 0], [0, 0], [0, 0], [0, 0], [-16, -8], [32, 0], [0, 40], [-8, -16]])], out: { type: "c128", dims: [2, 2, 2] },
    want: [[1, 2], [-5, 6], [3, -4], [-7, -8], [-1, -2], [5, -6], [-3, 4], [7, 8]],
  },
  { name: "rfft_1d_f64", op: "fft($), fft_type=RFFT, fft_length={4}", inputs: [f64([4], [1, 2, 3, 4])], out: { type: "c128", dims: [3] }, want: [[10, 0], [-2, 2], [-2, 0]] },
  {
    name: "rfft_2d_f64", op: "fft($), fft_type=RFFT, fft_length={4,4}", inputs: [f64([4, 4], R16)], out: { type: "c128", dims: [4, 3] },
    want: [[136, 0], [-8, 8], [-8, 0], [-32, 32], [0, 0], [0, 0], [-32, 0], [0, 0], [0, 0], [-32, -32], [0, 0], [0, 0]],
  },
  {
    name: "rfft_3d_f64", op: "fft($), fft_type=RFFT, fft_length={2,2,4}", inputs: [f64([2, 2, 4], R16)], out: { type: "c128", dims: [2, 2, 3] },
    want: [[136, 0], [-8, 8], [-8, 0], [-32, 0], [0, 0], [0, 0], [-64, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]],
  },
  { name: "irfft_1d_c128", op: "fft($), fft_type=IRFFT, fft_length={4}", inputs: [c128([3], [[10, 0], [-2, 2], [-2, 0]])], out: { type: "f64", dims: [4] }, want: [1, 2, 3, 4] },
  {
    name: "irfft_2d_c128", op: "fft($), fft_type=IRFFT, fft_length={4,4}",
    inputs: [c128([4, 3], [[136, 0], [-32, 32], [-32, 0], [-32, -32], [-8, 8], [0, 0], [0, 0], [0, 0], [-8, 0], [0, 0], [0, 0], [0, 0]])],
    out: { type: "f64", dims: [4, 4] },
    want: [], // see below
  },
  {
    name: "irfft_3d_c128", op: "fft($), fft_type=IRFFT, fft_length={2,2,4}",
    inputs: [c128([2, 2, 3], [[136, 0], [-64, 0], [-32, 0], [0, 0], [-8, 8], [0, 0], [0, 0], [0, 0], [-8, 0], [0, 0], [0, 0], [0, 0]])],
    out: { type: "f64", dims: [2, 2, 4] },
    want: [],
  },
];

const A_LOWER = [1, 0, 0, 2, 3, 0, 4, 5, 6];
const A_UPPER = [1, 2, 4, 0, 3, 5, 0, 0, 6];
const B_COL = [7, 8, 9];
const solve = (left: boolean, lower: boolean, transpose: string, unitDiagonal = false) =>
  `triangular-solve($), left_side=${left}, lower=${lower}, unit_diagonal=${unitDiagonal}, transpose_a=${transpose}`;
const tri = (name: string, a: number[], left: boolean, lower: boolean, transpose: string, want: number[], unitDiagonal = false): Case => ({
  name, op: solve(left, lower, transpose, unitDiagonal), inputs: [f32([3, 3], a), f32(left ? [3, 1] : [1, 3], B_COL)], out: { type: "f32", dims: left ? [3, 1] : [1, 3] }, want,
  ...(want === SOLVE_A && { written: 5e-7 }),
});
const SOLVE_A = [0.666667, 0.166667, 1.5];
const DIAGONAL = [2, 0, 0, 0, 4, 0, 0, 0, 5];
const SOLVE_B = [7, -2, -1.5];
const CA: Pair[] = [[1, 1], [0, 0], [0, 0], [2, -2], [3, 4], [0, 0], [4, -3], [5, 5], [6, -8]];
const CB: Pair[] = [[7, -2], [8, 4], [9, -5]];

const TRIANGULAR_SOLVE: Case[] = [
  tri("triangular_left_lower", A_LOWER, true, true, "NO_TRANSPOSE", SOLVE_B),
  tri("triangular_left_upper", A_UPPER, true, false, "NO_TRANSPOSE", SOLVE_A),
  tri("triangular_right_lower", A_LOWER, false, true, "NO_TRANSPOSE", SOLVE_A),
  tri("triangular_right_upper", A_UPPER, false, false, "NO_TRANSPOSE", SOLVE_B),
  tri("triangular_left_lower_transpose", A_LOWER, true, true, "TRANSPOSE", SOLVE_A),
  tri("triangular_left_upper_transpose", A_UPPER, true, false, "TRANSPOSE", SOLVE_B),
  tri("triangular_right_lower_transpose", A_LOWER, false, true, "TRANSPOSE", SOLVE_B),
  tri("triangular_right_upper_transpose", A_UPPER, false, false, "TRANSPOSE", SOLVE_A),
  tri("diagonal_left_lower", DIAGONAL, true, true, "NO_TRANSPOSE", [3.5, 2, 1.8]),
  // unit_diagonal=true: the diagonal (2, 4, 5) is read as ones, so b comes back unchanged.
  tri("diagonal_left_lower_unit_diagonal", DIAGONAL, true, true, "NO_TRANSPOSE", B_COL, true),
  tri("diagonal_left_upper_unit_diagonal", DIAGONAL, true, false, "NO_TRANSPOSE", B_COL, true),
  tri("diagonal_right_lower_unit_diagonal", DIAGONAL, false, true, "NO_TRANSPOSE", B_COL, true),
  tri("diagonal_right_upper_unit_diagonal_transpose", DIAGONAL, false, false, "TRANSPOSE", B_COL, true),
  {
    name: "spec_example", op: solve(true, true, "NO_TRANSPOSE"), inputs: [f32([3, 3], [1, 0, 0, 2, 4, 0, 3, 5, 6]), f32([3, 3], [2, 0, 0, 4, 8, 0, 6, 10, 12])],
    out: { type: "f32", dims: [3, 3] }, want: [2, 0, 0, 0, 2, 0, 0, 0, 2],
  },
  { name: "complex_example", op: solve(true, true, "NO_TRANSPOSE"), inputs: [c64([3, 3], CA), c64([3, 1], CB)], out: { type: "c64", dims: [3, 1] }, want: [[2.5, -4.5], [4.32, 0.24], [-0.29, -0.77]] },
  { name: "complex_example_adjoint", op: solve(true, true, "ADJOINT"), inputs: [c64([3, 3], CA), c64([3, 1], CB)], out: { type: "c64", dims: [3, 1] }, want: [[7.18, 2.679999], [-0.08, 3.16], [0.14, -1.02]], written: 5e-7 },
];

/** The spacing of the result type's values at 1 (its machine epsilon). */
const EPSILON: Partial<Record<ElementType, number>> = { f32: 2 ** -23, c64: 2 ** -23, f64: 2 ** -52, c128: 2 ** -52 };

/** got within 4 ulp of the largest expected value (norm-wise), plus half a unit of the last digit StableHLO wrote. */
function expectClose(got: number[], want: readonly (number | Pair)[], type: ElementType, written = 0): void {
  const w = flat(want);
  expect(got.length).toBe(w.length);
  const eps = EPSILON[type];
  if (eps === undefined) throw new TypeError(`no precision known for ${type}`);
  const tolerance = 4 * eps * Math.max(...w.map(Math.abs)) + written;
  got.forEach((g, i) => expect(Math.abs(g - w[i]), `[${i}] ${g} vs ${w[i]}`).toBeLessThanOrEqual(tolerance));
}

describe("StableHLO interpret tests: fft", () => {
  it.each(FFT.filter((c) => c.want.length > 0).map((c) => [c.name, c] as const))("%s", (_, c) => expectClose(run(c), c.want, c.out.type, c.written));

  // StableHLO's irfft_2d/3d operands are not the spectra of their expected
  // outputs (irfft_2d's is rfft_2d's result transposed), and XLA CPU computes
  // other values for them than StableHLO expects; minixla follows XLA there
  // (op_goldens.json, irfft_*_stablehlo_operand). What both agree on: the
  // inverse of the rfft results above gives back 1..16.
  it("irfft of rfft_2d's and rfft_3d's spectra gives back 1..16", () => {
    const spectrum2d = FFT.find((c) => c.name === "rfft_2d_f64")!.want as Pair[];
    expectClose(run({ ...FFT.find((c) => c.name === "irfft_2d_c128")!, inputs: [c128([4, 3], spectrum2d)] }), R16, "f64");
    const spectrum3d = FFT.find((c) => c.name === "rfft_3d_f64")!.want as Pair[];
    expectClose(run({ ...FFT.find((c) => c.name === "irfft_3d_c128")!, inputs: [c128([2, 2, 3], spectrum3d)] }), R16, "f64");
  });
});

describe("StableHLO interpret tests: triangular_solve", () => {
  it.each(TRIANGULAR_SOLVE.map((c) => [c.name, c] as const))("%s", (_, c) => expectClose(run(c), c.want, c.out.type, c.written));
});
