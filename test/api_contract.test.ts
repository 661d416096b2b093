/**
 * The public API contract (shared/API.md), checked the way an outside
 * conformance suite would use it: only the three packages' public entry
 * points, the names and defaults the contract fixes, the error classes it
 * promises, and values worked out by hand.
 */
import { describe, expect, it } from "vitest";
import * as hloPackage from "@minixla/hlo";
import * as builderPackage from "@minixla/builder";
import * as interpreterPackage from "@minixla/interpreter";
import { XlaBuilder, type XlaOp } from "@minixla/builder";
import {
  type ArrayLiteral,
  type ElementType,
  type HloModule,
  type Literal,
  type LiteralData,
  EvalError,
  HloError,
  ParseError,
  ShapeError,
  VerifyError,
  literal,
  lowerBroadcasts,
  parseHloModule,
  parseShape,
  printHloModule,
  readNpy,
  scalar,
  shape,
  shapeToString,
  toNested,
  tupleShape,
  verifyModule,
  writeNpy,
} from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

/** A literal's storage as plain numbers (s64/u64 BigInts through Number: these tests stay within 2^53). */
const numbers = (d: LiteralData): number[] => Array.from<number | bigint, number>(d, (v) => Number(v));

/** Runs fn, which must throw; returns the error. */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected the call to throw");
}

function run(m: HloModule, args: readonly Literal[] = []): ArrayLiteral {
  return evaluate(lowerBroadcasts(m), args) as ArrayLiteral;
}

const f64 = (dims: readonly number[]) => shape("f64", dims);

describe("every name in API.md is exported from its package", () => {
  it("@minixla/hlo exports the IR functions and error classes", () => {
    const names = [
      "shape", "tupleShape", "shapeToString", "parseShape", "literal", "scalar", "toNested",
      "readNpy", "writeNpy", "parseHloModule", "printHloModule", "verifyModule", "lowerBroadcasts",
      "HloError", "ShapeError", "ParseError", "VerifyError", "EvalError",
    ];
    for (const n of names) expect(typeof (hloPackage as Record<string, unknown>)[n], n).toBe("function");
  });

  it("@minixla/builder exports XlaBuilder and @minixla/interpreter exports evaluate", () => {
    expect(typeof builderPackage.XlaBuilder).toBe("function");
    expect(typeof interpreterPackage.evaluate).toBe("function");
  });

  it("XlaBuilder has every method of API.md and of issue 3", () => {
    const methods = [
      "parameter", "constant", "constantR0",
      "add", "sub", "mul", "div", "rem", "max", "min", "pow", "atan2", "and", "or", "xor",
      "shiftLeft", "shiftRightArithmetic", "shiftRightLogical", "eq", "ne", "lt", "le", "gt", "ge",
      "neg", "abs", "exp", "expm1", "log", "log1p", "sqrt", "rsqrt", "cbrt", "tanh", "logistic",
      "sin", "cos", "tan", "floor", "ceil", "roundNearestEven", "roundNearestAfz", "sign", "not", "isFinite",
      "select", "clamp", "convert", "broadcast", "broadcastInDim", "reshape", "transpose", "slice",
      "concatInDim", "pad", "reverse", "iota", "dot", "dotGeneral", "reduce", "tuple", "getTupleElement",
      "getShape", "build",
      // issue 3
      "dynamicSlice", "dynamicUpdateSlice", "reduceWindow", "call", "whileLoop", "conditional",
      "gather", "scatter", "sort", "map", "selectAndScatter",
    ];
    const b = new XlaBuilder("methods") as unknown as Record<string, unknown>;
    for (const m of methods) expect(typeof b[m], m).toBe("function");
  });
});

describe("shapes", () => {
  it("shape and tupleShape build the documented records", () => {
    expect(shape("s32", [2, 0])).toEqual({ elementType: "s32", dimensions: [2, 0] });
    expect(tupleShape([f64([2]), shape("pred", [])])).toEqual({
      elementType: "tuple",
      tupleShapes: [{ elementType: "f64", dimensions: [2] }, { elementType: "pred", dimensions: [] }],
    });
  });

  it("shapeToString writes HLO notation for arrays, scalars and tuples", () => {
    expect(shapeToString(f64([2, 3]))).toBe("f64[2,3]");
    expect(shapeToString(shape("pred", []))).toBe("pred[]");
    expect(shapeToString(tupleShape([f64([2]), shape("s32", [])]))).toBe("(f64[2], s32[])");
    expect(shapeToString(tupleShape([]))).toBe("()");
    expect(shapeToString(shape("bf16", [0, 4]))).toBe("bf16[0,4]");
  });

  it("parseShape reads arrays, layouts, tuples and scalars", () => {
    const withLayout = parseShape("f64[2,3]{1,0}");
    expect(withLayout.elementType).toBe("f64");
    expect(shapeToString(withLayout)).toBe("f64[2,3]");
    expect(shapeToString(parseShape("f32[4,5]{0,1}"))).toBe("f32[4,5]");
    expect(parseShape("(f64[2], s32[])")).toEqual(tupleShape([f64([2]), shape("s32", [])]));
    expect(parseShape("pred[]")).toEqual(shape("pred", []));
  });

  it("parseShape rejects malformed text with a ParseError", () => {
    expect(thrown(() => parseShape("f64[2,"))).toBeInstanceOf(ParseError);
    expect(thrown(() => parseShape("f99[2]"))).toBeInstanceOf(ParseError);
  });

  it("shape rejects negative and fractional sizes with a ShapeError", () => {
    expect(thrown(() => shape("f64", [-1]))).toBeInstanceOf(ShapeError);
    expect(thrown(() => shape("f64", [1.5]))).toBeInstanceOf(ShapeError);
  });
});

describe("literals", () => {
  it("literal takes flat row-major values or nested arrays, with the same result", () => {
    const flat = literal("s32", [2, 3], [1, 2, 3, 4, 5, 6]);
    const nested = literal("s32", [2, 3], [[1, 2, 3], [4, 5, 6]]);
    expect(flat.shape).toEqual(shape("s32", [2, 3]));
    expect(numbers(nested.data)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(numbers(literal("f64", [3], new Float32Array([0.5, 1, 2])).data)).toEqual([0.5, 1, 2]);
    expect(literal("f64", [2, 0], [[], []]).data.length).toBe(0);
  });

  it("literal brings values into the element type's value set", () => {
    expect(literal("f32", [3], [0.1, 1e40, -0]).data).toEqual(new Float64Array([Math.fround(0.1), Infinity, -0]));
    expect(Object.is(literal("f32", [1], [-0]).data[0], -0)).toBe(true);
    expect(numbers(literal("s32", [3], [2 ** 31, -(2 ** 31) - 1, -1]).data)).toEqual([-(2 ** 31), 2 ** 31 - 1, -1]);
    expect(numbers(literal("u8", [2], [256, -1]).data)).toEqual([0, 255]);
    expect(numbers(literal("pred", [4], [true, false, 0, 5]).data)).toEqual([1, 0, 0, 1]);
    expect(Number.isNaN(literal("f64", [1], [NaN]).data[0])).toBe(true);
  });

  it("literal refuses a value count or nesting that does not match the dimensions", () => {
    expect(thrown(() => literal("s32", [2, 2], [1, 2, 3]))).toBeInstanceOf(HloError);
    expect(thrown(() => literal("s32", [2, 2], [[1, 2], [3]]))).toBeInstanceOf(HloError);
  });

  it("scalar defaults to f64 and takes an element type", () => {
    expect(scalar(1.5).shape).toEqual(shape("f64", []));
    expect(scalar(1.5).data[0]).toBe(1.5);
    expect(scalar(true, "pred").shape.elementType).toBe("pred");
    expect(scalar(true, "pred").data[0]).toBe(1);
    expect(scalar(300, "s8").data[0]).toBe(44);
  });

  it("toNested returns numbers, booleans for pred, and a bare value for a scalar", () => {
    expect(toNested(literal("s32", [2, 2], [1, 2, 3, 4]))).toEqual([[1, 2], [3, 4]]);
    expect(toNested(literal("pred", [3], [1, 0, 1]))).toEqual([true, false, true]);
    expect(toNested(scalar(3))).toBe(3);
    expect(toNested(scalar(false, "pred"))).toBe(false);
    expect(toNested(literal("f64", [0, 2], []))).toEqual([]);
  });
});

describe("readNpy and writeNpy", () => {
  const types: readonly ElementType[] = ["pred", "s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "f16", "f32", "f64"];
  for (const t of types) {
    it(`round-trip a ${t} array with its shape and values`, () => {
      const values = t === "pred" ? [1, 0, 1, 1, 0, 0] : [0, 1, 2, 3, 4, 5];
      const back = readNpy(writeNpy(literal(t, [2, 3], values)));
      expect(back.shape).toEqual(shape(t, [2, 3]));
      expect(numbers(back.data)).toEqual(values);
    });
  }

  it("round-trip NaN, ±0, ±inf, scalars and zero-sized arrays exactly", () => {
    const special = literal("f64", [5], [NaN, -0, 0, Infinity, -Infinity]);
    const back = readNpy(writeNpy(special));
    expect(Number.isNaN(back.data[0])).toBe(true);
    expect(Object.is(back.data[1], -0)).toBe(true);
    expect(numbers(back.data).slice(2)).toEqual([0, Infinity, -Infinity]);
    expect(readNpy(writeNpy(scalar(2.5, "f32")))).toEqual(scalar(2.5, "f32"));
    expect(readNpy(writeNpy(literal("s32", [0, 3], []))).shape).toEqual(shape("s32", [0, 3]));
  });

  it("readNpy refuses bytes that are not a .npy file with a ParseError", () => {
    expect(thrown(() => readNpy(new Uint8Array([1, 2, 3])))).toBeInstanceOf(ParseError);
  });
});

describe("errors", () => {
  it("every stage's error is an HloError and an Error, with its own name", () => {
    const errors = [new ShapeError("s"), new ParseError("p"), new VerifyError(["v"]), new EvalError("e")];
    for (const e of errors) {
      expect(e).toBeInstanceOf(HloError);
      expect(e).toBeInstanceOf(Error);
    }
    expect(errors.map((e) => e.name)).toEqual(["ShapeError", "ParseError", "VerifyError", "EvalError"]);
    expect(new ShapeError("s")).not.toBeInstanceOf(ParseError);
  });
});

/** p0: f64[2], p1: f64[2,3], root add(p0, p1) with broadcast_dimensions={0}. */
function implicitBroadcastModule(): HloModule {
  const b = new XlaBuilder("implicit");
  const x = b.parameter(0, f64([2]), "x");
  const y = b.parameter(1, f64([2, 3]), "y");
  b.add(x, y, [0]);
  return b.build();
}

describe("modules, text and passes", () => {
  it("a built module is deeply frozen", () => {
    const m = implicitBroadcastModule();
    expect(Object.isFrozen(m)).toBe(true);
    expect(Object.isFrozen(m.computations)).toBe(true);
    expect(Object.isFrozen(m.computations[0].instructions)).toBe(true);
    expect(Object.isFrozen(m.computations[0].instructions[0])).toBe(true);
  });

  it("prints broadcast_dimensions and parses it back to the same text", () => {
    const text = printHloModule(implicitBroadcastModule());
    expect(text).toContain("broadcast_dimensions={0}");
    expect(printHloModule(parseHloModule(text))).toBe(text);
  });

  it("lowerBroadcasts returns a new module and leaves its input as it was", () => {
    const m = implicitBroadcastModule();
    const before = printHloModule(m);
    const lowered = lowerBroadcasts(m);
    expect(lowered).not.toBe(m);
    expect(printHloModule(m)).toBe(before);
    expect(printHloModule(lowered)).not.toContain("broadcast_dimensions");
    expect(printHloModule(lowered)).toContain("broadcast(x), dimensions={0}");
    expect(() => verifyModule(lowered)).not.toThrow();
  });

  it("verifyModule rejects an implicit broadcast unless allowImplicitBroadcast is set", () => {
    const m = implicitBroadcastModule();
    expect(thrown(() => verifyModule(m))).toBeInstanceOf(VerifyError);
    expect(() => verifyModule(m, { allowImplicitBroadcast: true })).not.toThrow();
  });

  it("parseHloModule reports bad text as a ParseError with line and column", () => {
    const e = thrown(() => parseHloModule("HloModule x\nENTRY e {\n  p = f64[2] paramter(0)\n}"));
    expect(e).toBeInstanceOf(ParseError);
    expect((e as ParseError).line).toBe(3);
    expect((e as ParseError).column).toBe(14);
  });
});

describe("XlaBuilder defaults and bookkeeping", () => {
  it("constantR0 defaults to f64 and takes an element type", () => {
    const b = new XlaBuilder("c");
    expect(b.getShape(b.constantR0(2))).toEqual(shape("f64", []));
    expect(b.getShape(b.constantR0(3, "s32"))).toEqual(shape("s32", []));
    expect(b.getShape(b.constantR0(true, "pred"))).toEqual(shape("pred", []));
  });

  it("build's root defaults to the last op recorded, and can be given", () => {
    const b = new XlaBuilder("roots");
    const two = b.constantR0(2);
    const three = b.constantR0(3);
    b.mul(two, three);
    expect(toNested(run(b.build()))).toBe(6);
    expect(toNested(run(b.build(three)))).toBe(3);
  });

  it("getShape reports the inferred shape of arrays and tuples", () => {
    const b = new XlaBuilder("shapes");
    const x = b.parameter(0, f64([2, 3]), "x");
    const t = b.tuple([x, b.constantR0(1, "s32")]);
    expect(b.getShape(b.transpose(x, [1, 0]))).toEqual(f64([3, 2]));
    expect(shapeToString(b.getShape(t))).toBe("(f64[2,3], s32[])");
    expect(b.getShape(b.getTupleElement(t, 1))).toEqual(shape("s32", []));
  });

  it("eq ne lt le gt ge produce pred, with IEEE NaN", () => {
    const b = new XlaBuilder("compare");
    const x = b.constant(literal("f64", [3], [1, 2, NaN]));
    const y = b.constantR0(2);
    const ops: readonly ((l: XlaOp, r: XlaOp) => XlaOp)[] = [
      (l, r) => b.eq(l, r), (l, r) => b.ne(l, r), (l, r) => b.lt(l, r),
      (l, r) => b.le(l, r), (l, r) => b.gt(l, r), (l, r) => b.ge(l, r),
    ];
    const results = ops.map((f) => f(x, y));
    for (const r of results) expect(b.getShape(r)).toEqual(shape("pred", [3]));
    const m = b.build(b.tuple(results));
    const out = evaluate(lowerBroadcasts(m), []);
    if (out.shape.elementType !== "tuple" || !("elements" in out)) throw new Error("expected a tuple");
    expect(out.elements.map((e) => toNested(e as ArrayLiteral))).toEqual([
      [false, true, false],
      [true, false, true],
      [true, false, false],
      [true, true, false],
      [false, false, false],
      [false, true, false],
    ]);
  });
});

describe("XlaBuilder ops compute what XLA computes", () => {
  it("broadcast adds major dimensions and broadcastInDim maps them", () => {
    const b = new XlaBuilder("bcast");
    const v = b.constant(literal("f64", [2], [1, 2]));
    expect(toNested(run((b.broadcast(v, [2]), b.build())))).toEqual([[1, 2], [1, 2]]);
    expect(toNested(run((b.broadcastInDim(v, [2, 3], [0]), b.build())))).toEqual([[1, 1, 1], [2, 2, 2]]);
  });

  it("a binary op with broadcastDimensions evaluates after lowering", () => {
    const m = implicitBroadcastModule();
    const out = run(m, [literal("f64", [2], [10, 20]), literal("f64", [2, 3], [1, 2, 3, 4, 5, 6])]);
    expect(toNested(out)).toEqual([[11, 12, 13], [24, 25, 26]]);
  });

  it("reshape, transpose, slice, concatInDim, pad, reverse and iota", () => {
    const b = new XlaBuilder("movement");
    const x = b.constant(literal("s32", [2, 3], [1, 2, 3, 4, 5, 6]));
    const cases: readonly [() => XlaOp, unknown][] = [
      [() => b.reshape(x, [3, 2]), [[1, 2], [3, 4], [5, 6]]],
      [() => b.transpose(x, [1, 0]), [[1, 4], [2, 5], [3, 6]]],
      [() => b.slice(x, [0, 0], [2, 3], [1, 2]), [[1, 3], [4, 6]]],
      [() => b.concatInDim([x, x], 0), [[1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6]]],
      [() => b.pad(x, b.constantR0(0, "s32"), [{ low: 0, high: 0, interior: 0 }, { low: 1, high: -1, interior: 1 }]), [[0, 1, 0, 2, 0], [0, 4, 0, 5, 0]]],
      [() => b.reverse(x, [1]), [[3, 2, 1], [6, 5, 4]]],
      [() => b.iota(shape("s32", [2, 3]), 1), [[0, 1, 2], [0, 1, 2]]],
    ];
    for (const [record, expected] of cases) {
      const root = record();
      expect(toNested(run(b.build(root)))).toEqual(expected);
    }
  });

  it("dot, dotGeneral, reduce, select, clamp and convert", () => {
    const sum = new XlaBuilder("sum");
    sum.add(sum.parameter(0, f64([]), "a"), sum.parameter(1, f64([]), "b"));
    const adder = sum.build();

    const b = new XlaBuilder("math");
    const a = b.constant(literal("f64", [2, 2], [1, 2, 3, 4]));
    const v = b.constant(literal("f64", [2], [1, -1]));
    const cases: readonly [() => XlaOp, unknown][] = [
      [() => b.dot(a, v), [-1, -1]],
      [() => b.dotGeneral(a, a, { lhsContractingDimensions: [0], rhsContractingDimensions: [0] }), [[10, 14], [14, 20]]],
      [() => b.dotGeneral(a, a, { lhsContractingDimensions: [1], rhsContractingDimensions: [1], lhsBatchDimensions: [0], rhsBatchDimensions: [0] }), [5, 25]],
      [() => b.reduce(a, b.constantR0(0), adder, [0]), [4, 6]],
      [() => b.select(b.constantR0(true, "pred"), a, b.constantR0(0)), [[1, 2], [3, 4]]],
      [() => b.clamp(b.constantR0(2), a, b.constantR0(3)), [[2, 2], [3, 3]]],
      [() => b.convert(b.constant(literal("f64", [3], [-1.7, NaN, 1e10])), "s32"), [-1, 0, 2 ** 31 - 1]],
    ];
    for (const [record, expected] of cases) {
      const root = record();
      expect(toNested(run(b.build(root)))).toEqual(expected);
    }
  });
});

describe("XlaBuilder ShapeErrors name the op, the operand shapes and the broadcast dimensions", () => {
  const b = new XlaBuilder("errors");
  const m23 = b.parameter(0, f64([2, 3]), "m23");
  const v4 = b.parameter(1, f64([4]), "v4");
  const i23 = b.parameter(2, shape("s32", [2, 3]), "i23");

  it("a rank mismatch without broadcastDimensions", () => {
    const e = thrown(() => b.add(m23, v4));
    expect(e).toBeInstanceOf(ShapeError);
    expect(e.message).toBe("add: Shapes must be equal rank, but are f64[4] and f64[2,3]");
  });

  it("a size mismatch on the given broadcastDimensions names them", () => {
    const e = thrown(() => b.sub(m23, v4, [1]));
    expect(e).toBeInstanceOf(ShapeError);
    expect(e.message).toBe("subtract: Broadcast dimension 0 mismatch: 4 != 3; f64[4] and f64[2,3]. (broadcast_dimensions={1})");
  });

  it("a wrongly ordered broadcastDimensions names the operand shapes and the dimensions", () => {
    const e = thrown(() => b.mul(b.parameter(3, f64([2, 3, 4]), "m234"), m23, [1, 0]));
    expect(e).toBeInstanceOf(ShapeError);
    expect(e.message).toMatch(/^multiply: /);
    expect(e.message).toContain("f64[2,3,4]");
    expect(e.message).toContain("f64[2,3]");
    expect(e.message).toContain("broadcast_dimensions={1,0}");
  });

  it("broadcastInDim names the operand shape and the broadcast dimensions it was given", () => {
    const e = thrown(() => b.broadcastInDim(m23, [2, 4], [0, 1]));
    expect(e).toBeInstanceOf(ShapeError);
    expect(e.message).toBe(
      "broadcast: Input dimension should be either 1 or equal to the output dimension it is broadcasting into; the 1th operand dimension is 3, the 1th output dimension is 4. (operand shape f64[2,3]; out_dim_sizes=[2,4]; broadcast_dimensions={0,1})",
    );
  });

  it("element types that differ, for arithmetic and comparison", () => {
    expect(thrown(() => b.add(m23, i23)).message).toBe("add: Binary op add with different element types: f64[2,3] and s32[2,3].");
    const e = thrown(() => b.lt(m23, i23));
    expect(e).toBeInstanceOf(ShapeError);
    expect(e.message).toMatch(/^compare: .*f64\[2,3\].*s32\[2,3\]/);
  });

  it("data-movement ops name the op and the operand shape", () => {
    const cases: readonly [() => unknown, string][] = [
      [() => b.reshape(m23, [5]), "reshape: "],
      [() => b.transpose(m23, [0]), "transpose: "],
      [() => b.slice(m23, [0, 0], [3, 3], [1, 1]), "slice: "],
      [() => b.broadcastInDim(m23, [2, 4], [0, 1]), "broadcast: "],
      [() => b.dot(m23, m23), "dot: "],
      [() => b.concatInDim([m23, v4], 0), "concatenate: "],
    ];
    for (const [call, prefix] of cases) {
      const e = thrown(call);
      expect(e).toBeInstanceOf(ShapeError);
      expect(e.message.startsWith(prefix), e.message).toBe(true);
      expect(e.message, e.message).toContain("f64[2,3]");
    }
  });

  it("a failed op records nothing, so the builder stays usable", () => {
    const ok = new XlaBuilder("after-error");
    const x = ok.parameter(0, f64([2]), "x");
    expect(thrown(() => ok.add(x, ok.parameter(1, f64([3]), "y")))).toBeInstanceOf(ShapeError);
    ok.neg(x);
    expect(toNested(run(ok.build(), [literal("f64", [2], [1, -2]), literal("f64", [3], [0, 0, 0])]))).toEqual([-1, 2]);
  });
});

describe("evaluate refuses what it cannot run with an EvalError", () => {
  const m = implicitBroadcastModule();
  const lowered = lowerBroadcasts(m);
  const x = literal("f64", [2], [1, 2]);
  const y = literal("f64", [2, 3], [1, 2, 3, 4, 5, 6]);

  it("a module that still holds implicit broadcasts", () => {
    const e = thrown(() => evaluate(m, [x, y]));
    expect(e).toBeInstanceOf(EvalError);
    expect(e.message).toContain("lowerBroadcasts");
  });

  it("a wrong argument count", () => {
    const e = thrown(() => evaluate(lowered, [x]));
    expect(e).toBeInstanceOf(EvalError);
    expect(e.message).toBe("module implicit takes 2 arguments, but 1 were given");
  });

  it("an argument whose dimensions or element type differ from its parameter", () => {
    const wrongDims = thrown(() => evaluate(lowered, [literal("f64", [3], [1, 2, 3]), y]));
    expect(wrongDims).toBeInstanceOf(EvalError);
    expect(wrongDims.message).toContain("f64[2]");
    expect(wrongDims.message).toContain("f64[3]");
    const wrongType = thrown(() => evaluate(lowered, [literal("f32", [2], [1, 2]), y]));
    expect(wrongType).toBeInstanceOf(EvalError);
    expect(wrongType.message).toContain("f32[2]");
  });
});
