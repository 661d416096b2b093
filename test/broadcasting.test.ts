/**
 * Every example and rule of XLA's broadcasting document, end to end: the
 * builder records the op, lowerBroadcasts makes it explicit, the interpreter
 * evaluates it, and the invalid cases are ShapeErrors in XLA's words.
 */
import { describe, expect, it } from "vitest";
import { XlaBuilder, type XlaOp } from "@minixla/builder";
import {
  type ArrayLiteral,
  type HloModule,
  ShapeError,
  entryComputation,
  literal,
  lowerBroadcasts,
  parseHloModule,
  printHloModule,
  shape,
  toNested,
  verifyModule,
} from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

type Nested = number | Nested[];

/** Builds `f(x, y)` on two f64 parameters of the given values, lowers it and evaluates it. */
function run(
  x: { dims: number[]; values: number[] },
  y: { dims: number[]; values: number[] },
  f: (b: XlaBuilder, x: XlaOp, y: XlaOp) => XlaOp,
): { result: Nested; module: HloModule; lowered: HloModule } {
  const b = new XlaBuilder("broadcast_example");
  const px = b.parameter(0, shape("f64", x.dims), "x");
  const py = b.parameter(1, shape("f64", y.dims), "y");
  f(b, px, py);
  const module = b.build();
  const lowered = lowerBroadcasts(module);
  verifyModule(lowered);
  const out = evaluate(lowered, [literal("f64", x.dims, x.values), literal("f64", y.dims, y.values)]) as ArrayLiteral;
  return { result: toNested(out) as Nested, module, lowered };
}

const m23 = { dims: [2, 3], values: [1, 2, 3, 4, 5, 6] };
const v3 = { dims: [3], values: [7, 8, 9] };
const m33 = { dims: [3, 3], values: [1, 2, 3, 4, 5, 6, 7, 8, 9] };

function shapeErrorOf(fn: () => unknown): ShapeError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ShapeError) return e;
    throw e;
  }
  throw new Error("expected a ShapeError");
}

describe("broadcasting a lower-rank array onto a higher-rank array", () => {
  it("adds a vector to each row of a matrix with broadcast dimension 1", () => {
    const { result } = run(m23, v3, (b, x, y) => b.add(x, y, [1]));
    expect(result).toEqual([[8, 10, 12], [11, 13, 15]]);
  });

  it("adds a scalar to every element without broadcast dimensions", () => {
    const b = new XlaBuilder("matrix_plus_scalar");
    b.add(b.parameter(0, shape("f64", [2, 3]), "x"), b.constantR0(7));
    const out = evaluate(lowerBroadcasts(b.build()), [literal("f64", [2, 3], m23.values)]) as ArrayLiteral;
    expect(toNested(out)).toEqual([[8, 9, 10], [11, 12, 13]]);
  });

  it("rejects a matrix plus a vector without broadcast dimensions", () => {
    expect(() => run(m23, v3, (b, x, y) => b.add(x, y))).toThrow("add: Shapes must be equal rank, but are f64[3] and f64[2,3]");
  });

  it("replicates the vector over rows of a 3x3 matrix with broadcast dimension 1", () => {
    const { result } = run(m33, v3, (b, x, y) => b.add(x, y, [1]));
    expect(result).toEqual([[8, 10, 12], [11, 13, 15], [14, 16, 18]]);
  });

  it("replicates the vector over columns of a 3x3 matrix with broadcast dimension 0", () => {
    const { result } = run(m33, v3, (b, x, y) => b.add(x, y, [0]));
    expect(result).toEqual([[8, 9, 10], [12, 13, 14], [16, 17, 18]]);
  });

  it("rejects a 3-element vector on dimension 0 of a 2x3 matrix", () => {
    const e = shapeErrorOf(() => run(m23, v3, (b, x, y) => b.add(x, y, [0])));
    expect(e.message).toBe("add: Broadcast dimension 0 mismatch: 3 != 2; f64[3] and f64[2,3]. (broadcast_dimensions={0})");
  });

  it("matches a 3x4 matrix to dimensions 1 and 2 of a 2x3x4 cuboid", () => {
    const cuboid = { dims: [2, 3, 4], values: Array.from({ length: 24 }, (_, i) => i) };
    const matrix = { dims: [3, 4], values: Array.from({ length: 12 }, (_, i) => 100 * i) };
    const { result } = run(cuboid, matrix, (b, x, y) => b.add(x, y, [1, 2]));
    const expected = [0, 1].map((i) => [0, 1, 2].map((j) => [0, 1, 2, 3].map((k) => i * 12 + j * 4 + k + 100 * (j * 4 + k))));
    expect(result).toEqual(expected);
  });

  it.each([0, 1, 2, 3])("matches a vector of size T to dimension %i of an MxNxPxQ array", (dim) => {
    const dims = [2, 3, 4, 5];
    const big = { dims, values: new Array(120).fill(0) };
    const t = dims[dim];
    const vec = { dims: [t], values: Array.from({ length: t }, (_, i) => i + 1) };
    const { result } = run(big, vec, (b, x, y) => b.add(x, y, [dim]));
    const flat = (result as Nested[]).flat(3) as number[];
    flat.forEach((v, flatIndex) => {
      const index = [Math.floor(flatIndex / 60), Math.floor(flatIndex / 20) % 3, Math.floor(flatIndex / 5) % 4, flatIndex % 5];
      expect(v).toBe(index[dim] + 1);
    });
  });

  it.each([[[2, 3]], [[1, 2]], [[0, 3]], [[0, 1]], [[1, 3]]])(
    "matches a TxV matrix to dimensions %j of an MxNxPxQ array",
    (bd) => {
      const dims = [2, 3, 4, 5];
      const small = { dims: bd.map((d) => dims[d]), values: Array.from({ length: dims[bd[0]] * dims[bd[1]] }, (_, i) => i) };
      const { result } = run({ dims, values: new Array(120).fill(0) }, small, (b, x, y) => b.add(x, y, bd));
      const flat = (result as Nested[]).flat(3) as number[];
      flat.forEach((v, flatIndex) => {
        const index = [Math.floor(flatIndex / 60), Math.floor(flatIndex / 20) % 3, Math.floor(flatIndex / 5) % 4, flatIndex % 5];
        expect(v).toBe(index[bd[0]] * dims[bd[1]] + index[bd[1]]);
      });
    },
  );

  it("rejects matching V to N and T to P: broadcast dimensions must be strictly increasing", () => {
    const e = shapeErrorOf(() =>
      run({ dims: [2, 3, 3, 5], values: new Array(90).fill(0) }, { dims: [3, 3], values: new Array(9).fill(0) }, (b, x, y) =>
        b.add(x, y, [2, 1]),
      ),
    );
    expect(e.message).toBe("add: Broadcast dimensions order is wrong: 1 comes after 2. (operand shapes f64[2,3,3,5], f64[3,3]; broadcast_dimensions={2,1})");
  });

  it("rejects matching V to both P and N: a dimension cannot be used twice", () => {
    const e = shapeErrorOf(() =>
      run({ dims: [2, 3, 3, 5], values: new Array(90).fill(0) }, { dims: [3, 3], values: new Array(9).fill(0) }, (b, x, y) =>
        b.add(x, y, [1, 1]),
      ),
    );
    expect(e.message).toBe("add: Broadcast dimensions order is wrong: 1 comes after 1. (operand shapes f64[2,3,3,5], f64[3,3]; broadcast_dimensions={1,1})");
  });
});

describe("broadcasting similar-rank arrays with degenerate dimensions", () => {
  const iota = (dims: number[], scale = 1) => ({ dims, values: Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, i) => i * scale) });

  it("broadcasts (2,1) and (2,3) to (2,3)", () => {
    const { result } = run({ dims: [2, 1], values: [10, 20] }, iota([2, 3]), (b, x, y) => b.add(x, y));
    expect(result).toEqual([[10, 11, 12], [23, 24, 25]]);
  });

  it("broadcasts (1,2,5) and (7,2,5) to (7,2,5)", () => {
    const { result, module } = run(iota([1, 2, 5]), iota([7, 2, 5], 100), (b, x, y) => b.add(x, y));
    expect(entryComputation(module).instructions.at(-1)?.shape).toEqual(shape("f64", [7, 2, 5]));
    const flat = (result as Nested[]).flat(2) as number[];
    flat.forEach((v, i) => expect(v).toBe((i % 10) + 100 * i));
  });

  it("broadcasts (7,2,5) and (7,1,5) to (7,2,5)", () => {
    const { result } = run(iota([7, 2, 5]), iota([7, 1, 5], 1000), (b, x, y) => b.max(x, y));
    const flat = (result as Nested[]).flat(2) as number[];
    flat.forEach((v, i) => {
      const [a, j, k] = [Math.floor(i / 10), Math.floor(i / 5) % 2, i % 5];
      expect(v).toBe(Math.max(i, 1000 * (a * 5 + k)));
      expect(j === 0 || j === 1).toBe(true);
    });
  });

  it("rejects (7,2,5) and (7,2,6) as incompatible", () => {
    const e = shapeErrorOf(() => run(iota([7, 2, 5]), iota([7, 2, 6]), (b, x, y) => b.add(x, y)));
    expect(e.message).toBe("add: Binary op with incompatible shapes: f64[7,2,5] and f64[7,2,6].");
  });

  it("computes an outer operation from (2,1) and (1,3)", () => {
    const { result } = run({ dims: [2, 1], values: [1, 2] }, { dims: [1, 3], values: [10, 20, 30] }, (b, x, y) => b.mul(x, y));
    expect(result).toEqual([[10, 20, 30], [20, 40, 60]]);
  });
});

describe("broadcast composition", () => {
  it("adds a vector of 4 and a 1x2 matrix with broadcast dimensions (0) into a 4x2 matrix", () => {
    const { result } = run({ dims: [4], values: [1, 2, 3, 4] }, { dims: [1, 2], values: [5, 6] }, (b, x, y) => b.add(x, y, [0]));
    expect(result).toEqual([[6, 7], [7, 8], [8, 9], [9, 10]]);
  });

  it("adds a 1x2 matrix to a 4x3x1 array with broadcast dimensions (1,2) into 4x3x2", () => {
    const c = { dims: [4, 3, 1], values: Array.from({ length: 12 }, (_, i) => 10 * i) };
    const { result, module } = run({ dims: [1, 2], values: [1, 2] }, c, (b, x, y) => b.add(x, y, [1, 2]));
    expect(entryComputation(module).instructions.at(-1)?.shape).toEqual(shape("f64", [4, 3, 2]));
    expect(result).toEqual(
      [0, 1, 2, 3].map((i) => [0, 1, 2].map((j) => [1, 2].map((v) => 10 * (i * 3 + j) + v))),
    );
  });
});

describe("the recorded graph and its lowering", () => {
  it("records the implicit broadcast on the binary op and prints it", () => {
    const { module } = run(m23, v3, (b, x, y) => b.add(x, y, [1]));
    const text = printHloModule(module);
    expect(text).toContain("broadcast_dimensions={1}");
    expect(printHloModule(parseHloModule(text))).toBe(text);
  });

  it("lowers a vector operand to one broadcast with explicit dimensions", () => {
    const { lowered } = run(m23, v3, (b, x, y) => b.add(x, y, [1]));
    const opcodes = entryComputation(lowered).instructions.map((i) => i.opcode);
    expect(opcodes).toEqual(["parameter", "parameter", "broadcast", "add"]);
    const bcast = entryComputation(lowered).instructions[2];
    expect(bcast.attributes).toEqual({ dimensions: [1] });
    expect(printHloModule(lowered)).not.toContain("broadcast_dimensions");
  });

  it("lowers a degenerate operand to a reshape that drops size-1 dimensions and a broadcast", () => {
    const { lowered } = run({ dims: [1, 2], values: [1, 2] }, { dims: [4, 3, 1], values: new Array(12).fill(0) }, (b, x, y) => b.add(x, y, [1, 2]));
    const insts = entryComputation(lowered).instructions;
    expect(insts.map((i) => `${i.opcode}:${JSON.stringify(i.shape)}`)).toEqual([
      'parameter:{"elementType":"f64","dimensions":[1,2]}',
      'parameter:{"elementType":"f64","dimensions":[4,3,1]}',
      'reshape:{"elementType":"f64","dimensions":[2]}',
      'broadcast:{"elementType":"f64","dimensions":[4,3,2]}',
      'reshape:{"elementType":"f64","dimensions":[4,3]}',
      'broadcast:{"elementType":"f64","dimensions":[4,3,2]}',
      'add:{"elementType":"f64","dimensions":[4,3,2]}',
    ]);
    expect(insts[3].attributes).toEqual({ dimensions: [2] });
    expect(insts[5].attributes).toEqual({ dimensions: [0, 1] });
  });

  it("lowers a scalar to a broadcast with empty dimensions and leaves a full-shape operand alone", () => {
    const b = new XlaBuilder("scalar");
    b.add(b.parameter(0, shape("f64", [2, 3]), "x"), b.constantR0(7));
    const insts = entryComputation(lowerBroadcasts(b.build())).instructions;
    expect(insts.map((i) => i.opcode)).toEqual(["parameter", "constant", "broadcast", "add"]);
    expect(insts[2].attributes).toEqual({ dimensions: [] });
    expect(insts[3].operands).toEqual(["x", insts[2].name]);
  });

  it("does not change its input module and returns the same module when nothing is implicit", () => {
    const { module, lowered } = run(m23, v3, (b, x, y) => b.add(x, y, [1]));
    const before = printHloModule(module);
    expect(lowerBroadcasts(lowered)).toBe(lowered);
    expect(printHloModule(module)).toBe(before);
    expect(Object.isFrozen(module)).toBe(true);
    expect(Object.isFrozen(entryComputation(module).instructions[0])).toBe(true);
  });

  it("refuses to evaluate a module that still holds implicit broadcasts", () => {
    const { module } = run(m23, v3, (b, x, y) => b.add(x, y, [1]));
    expect(() => evaluate(module, [literal("f64", [2, 3], m23.values), literal("f64", [3], v3.values)])).toThrow(
      /implicit broadcast.*lowerBroadcasts/,
    );
  });

  it("verifies the unlowered module only with allowImplicitBroadcast", () => {
    const { module } = run(m23, v3, (b, x, y) => b.add(x, y, [1]));
    expect(() => verifyModule(module)).toThrow(/Implicit broadcast is not allowed in HLO/);
    expect(() => verifyModule(module, { allowImplicitBroadcast: true })).not.toThrow();
  });
});

describe("select and clamp broadcast only scalars", () => {
  it("selects with a scalar pred between whole arrays", () => {
    const b = new XlaBuilder("select_scalar_pred");
    const p = b.parameter(0, shape("pred", []), "p");
    const x = b.parameter(1, shape("f64", [3]), "x");
    const y = b.parameter(2, shape("f64", [3]), "y");
    b.select(p, x, y);
    const m = lowerBroadcasts(b.build());
    verifyModule(m);
    const args = (flag: boolean) => [literal("pred", [], [flag]), literal("f64", [3], [1, 2, 3]), literal("f64", [3], [4, 5, 6])];
    expect(toNested(evaluate(m, args(true)) as ArrayLiteral)).toEqual([1, 2, 3]);
    expect(toNested(evaluate(m, args(false)) as ArrayLiteral)).toEqual([4, 5, 6]);
  });

  it("clamps with scalar bounds", () => {
    const b = new XlaBuilder("clamp_scalar_bounds");
    b.clamp(b.constantR0(-1), b.parameter(0, shape("f64", [4]), "x"), b.constantR0(1));
    const m = lowerBroadcasts(b.build());
    verifyModule(m);
    expect(toNested(evaluate(m, [literal("f64", [4], [-5, -0.5, 0.5, 5])]) as ArrayLiteral)).toEqual([-1, -0.5, 0.5, 1]);
  });

  it("rejects select operands whose non-scalar shapes differ", () => {
    const b = new XlaBuilder("bad_select");
    const p = b.parameter(0, shape("pred", [2]), "p");
    expect(() => b.select(p, b.parameter(1, shape("f64", [3]), "x"), b.parameter(2, shape("f64", [3]), "y"))).toThrow(ShapeError);
  });
});
