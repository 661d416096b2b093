/**
 * The built-in demo of `minixla run` with no file: the examples of XLA's
 * broadcasting document, each built
 * with XlaBuilder as a binary op between two parameters (or a parameter and a
 * scalar constant), so the recorded HLO carries broadcast_dimensions and the
 * lowered HLO shows the explicit reshape/broadcast that replace it.
 */
import { XlaBuilder } from "@minixla/builder";
import { type ArrayLiteral, type HloModule, type NestedArray, literal, shape } from "@minixla/hlo";

/** A small program `minixla run` shows when given no file. */
export interface DemoProgram {
  readonly title: string;
  /** Builds the module (entry parameters x, y) and its arguments. */
  readonly build: () => { readonly module: HloModule; readonly args: readonly ArrayLiteral[] };
}

interface Operand {
  readonly dims: readonly number[];
  readonly values: NestedArray;
}

/** Values 0, 1, ... scaled, as a flat row-major list for dims. */
function counting(dims: readonly number[], scale = 1, offset = 0): number[] {
  const n = dims.reduce((a, b) => a * b, 1);
  return Array.from({ length: n }, (_, i) => offset + scale * i);
}

function binary(
  name: string,
  title: string,
  op: "add" | "mul",
  x: Operand,
  y: Operand,
  broadcastDimensions?: readonly number[],
): DemoProgram {
  return {
    title,
    build: () => {
      const b = new XlaBuilder(name);
      const px = b.parameter(0, shape("f64", x.dims), "x");
      const py = b.parameter(1, shape("f64", y.dims), "y");
      const root = op === "add" ? b.add(px, py, broadcastDimensions) : b.mul(px, py, broadcastDimensions);
      return { module: b.build(root), args: [literal("f64", x.dims, x.values), literal("f64", y.dims, y.values)] };
    },
  };
}

const matrix23: Operand = { dims: [2, 3], values: [[1, 2, 3], [4, 5, 6]] };
const matrix33: Operand = { dims: [3, 3], values: [[1, 2, 3], [4, 5, 6], [7, 8, 9]] };
const vector789: Operand = { dims: [3], values: [7, 8, 9] };

/** The programs `minixla run` runs when given no file. */
export const DEMO_PROGRAMS: readonly DemoProgram[] = [
  binary("matrix_plus_vector", "matrix + vector, broadcast_dimensions={1}", "add", matrix23, vector789, [1]),
  {
    title: "matrix + scalar 7",
    build: () => {
      const b = new XlaBuilder("matrix_plus_scalar");
      const x = b.parameter(0, shape("f64", matrix23.dims), "x");
      const root = b.add(x, b.constantR0(7));
      return { module: b.build(root), args: [literal("f64", matrix23.dims, matrix23.values)] };
    },
  },
  binary("square_plus_row", "3x3 matrix + vector, broadcast_dimensions={1} (the vector is each row)", "add", matrix33, vector789, [1]),
  binary("square_plus_column", "3x3 matrix + vector, broadcast_dimensions={0} (the vector is each column)", "add", matrix33, vector789, [0]),
  binary("degenerate_2x1_plus_2x3", "degenerate dimension: (2,1) + (2,3)", "add", { dims: [2, 1], values: [[1], [2]] }, matrix23),
  binary(
    "degenerate_1x2x5_plus_7x2x5",
    "degenerate dimension: (1,2,5) + (7,2,5)",
    "add",
    { dims: [1, 2, 5], values: counting([1, 2, 5]) },
    { dims: [7, 2, 5], values: Array.from({ length: 70 }, (_, i) => 100 * Math.floor(i / 10)) },
  ),
  binary("outer_product", "outer product: (2,1) * (1,3)", "mul", { dims: [2, 1], values: [[1], [2]] }, { dims: [1, 3], values: [[10, 20, 30]] }),
  binary(
    "composition_vector_plus_1x2",
    "composition: vector 4 + 1x2 matrix, broadcast_dimensions={0} -> 4x2",
    "add",
    { dims: [4], values: [1, 2, 3, 4] },
    { dims: [1, 2], values: [[5, 6]] },
    [0],
  ),
  binary(
    "composition_1x2_plus_4x3x1",
    "composition: 1x2 matrix + 4x3x1 array, broadcast_dimensions={1,2} -> 4x3x2",
    "add",
    { dims: [1, 2], values: [[1, 2]] },
    { dims: [4, 3, 1], values: counting([4, 3, 1], 10) },
    [1, 2],
  ),
];
