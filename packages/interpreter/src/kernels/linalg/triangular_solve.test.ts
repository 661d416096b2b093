/**
 * triangular-solve beyond one 128-row block (XLA values for small systems
 * are in op_goldens.test.ts): a 300-row system, three blocks, solved on the
 * left and on the right, transposed or not, must satisfy op(a) x = b.
 */
import { type ArrayLiteral, type TransposeKind, literal, shape } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { instruction, run } from "../support/test_support.ts";

const m = 300;
// Well conditioned: a dominant diagonal, small off-diagonal entries, junk in the unread triangle.
const a = literal("f64", [m, m], Array.from({ length: m * m }, (_, k) => {
  const i = Math.floor(k / m);
  const j = k % m;
  return i === j ? 4 + (i % 5) : ((i * 7 + j * 3) % 11) / 40 - 0.125;
}));
const at = (i: number, j: number) => (a.data as Float64Array)[i * m + j];

describe("triangular-solve over several diagonal blocks", () => {
  it.each([
    [true, true, "NO_TRANSPOSE"], [true, false, "TRANSPOSE"], [false, true, "TRANSPOSE"], [false, false, "NO_TRANSPOSE"],
  ] as const)("left_side=%s lower=%s transpose_a=%s satisfies op(a) x = b", (left, lower, transposeA: TransposeKind) => {
    const bShape = left ? [m, 2] : [2, m];
    const b = literal("f64", bShape, Array.from({ length: 2 * m }, (_, k) => Math.sin(k)));
    const inst = instruction("triangular-solve", shape("f64", bShape), { leftSide: left, lower, unitDiagonal: false, transposeA });
    const x = (run(inst, [a, b]) as ArrayLiteral).data as Float64Array;
    // op(a)[i][j], reading only the referenced triangle.
    const op = (i: number, j: number): number => {
      const [r, c] = transposeA === "NO_TRANSPOSE" ? [i, j] : [j, i];
      return (lower ? r >= c : r <= c) ? at(r, c) : 0;
    };
    let worst = 0;
    for (let p = 0; p < 2; p++) {
      for (let i = 0; i < m; i++) {
        let s = 0;
        for (let k = 0; k < m; k++) s += left ? op(i, k) * x[k * 2 + p] : x[p * m + k] * op(k, i);
        const want = (b.data as Float64Array)[left ? i * 2 + p : p * m + i];
        worst = Math.max(worst, Math.abs(s - want));
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });
});
