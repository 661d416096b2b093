import { describe, expect, it } from "vitest";
import { VerifyError } from "../errors.ts";
import { scalar } from "../literal.ts";
import { createModule } from "../module.ts";
import { shape, tupleShape } from "../shape.ts";
import { computation, constant, mainOf, moduleOf, op, param } from "../passes/test_support.ts";
import { VERIFY_RULES, hasImplicitBroadcast, verificationProblems, verifyModule } from "./verifier.ts";

const f64 = (...dims: number[]) => shape("f64", dims);

/** The problems found, asserting verifyModule throws one VerifyError listing exactly them. */
function problemsOf(m: Parameters<typeof verifyModule>[0], allowImplicitBroadcast = false): readonly string[] {
  const problems = verificationProblems(m, { allowImplicitBroadcast });
  let thrown: unknown;
  try {
    verifyModule(m, { allowImplicitBroadcast });
  } catch (e) {
    thrown = e;
  }
  if (problems.length === 0) expect(thrown).toBeUndefined();
  else {
    expect(thrown).toBeInstanceOf(VerifyError);
    expect((thrown as VerifyError).problems).toEqual(problems);
  }
  return problems;
}

const valid = () => mainOf(param("x", 0, "f64", [2]), param("y", 1, "f64", [2]), op("sum", "add", ["x", "y"], f64(2)));

describe("verifyModule", () => {
  it("accepts a valid module", () => {
    expect(problemsOf(valid())).toEqual([]);
  });

  it("has one rule per concern, each named", () => {
    expect(VERIFY_RULES.map((r) => r.name)).toEqual([
      "entry-exists", "unique-names", "defined-before-use", "root-exists", "parameter-numbering", "operand-count",
      "called-computations", "no-recursion", "callees-first", "valid-shapes", "attribute-schema", "shapes-match-inference",
      "no-implicit-broadcast",
    ]);
  });

  it("reports a missing entry computation", () => {
    const m = createModule({ name: "m", entry: "nope", computations: valid().computations });
    expect(problemsOf(m)).toEqual(["module m: entry computation nope does not exist"]);
  });

  it("reports instruction names used twice in the module, across computations", () => {
    const callee = computation("f", [param("x", 0)]);
    const main = computation("main", [param("x", 0), op("c", "call", ["x"], f64(), {}, ["f"])]);
    expect(problemsOf(moduleOf(callee, main))).toEqual([
      "computation main, instruction x: instruction name is not unique in the module (also used in computation f)",
    ]);
  });

  it("reports computation names used twice", () => {
    const m = moduleOf(computation("main", [param("a", 0)]), computation("main", [param("b", 0)]));
    expect(problemsOf(m)).toContain("computation main: computation name is not unique in the module");
  });

  it("reports an operand used before its definition and one that does not exist", () => {
    const m = mainOf(param("x", 0), op("n", "negate", ["later"], f64()), op("later", "negate", ["x"], f64()), op("z", "negate", ["ghost"], f64()));
    expect(problemsOf(m)).toEqual([
      "computation main, instruction n: operand later is used before it is defined",
      "computation main, instruction z: operand ghost does not exist in this computation",
    ]);
  });

  it("reports a root that is not an instruction of its computation", () => {
    const m = moduleOf(computation("main", [param("x", 0)], "y"));
    expect(problemsOf(m)).toEqual(["computation main: root y is not an instruction of the computation"]);
  });

  it("reports parameter numbers used twice or out of range", () => {
    const m = mainOf(param("a", 0), param("b", 0), param("c", 2), op("t", "tuple", ["a", "b", "c"], tupleShape([f64(), f64(), f64()])));
    expect(problemsOf(m)).toEqual([
      "computation main, instruction b: parameter number 0 is already used by a",
      "computation main, instruction c: parameter number 2 is out of range: the computation has 2 parameters, numbered 0..1",
    ]);
  });

  it("reports a wrong operand count with the shape rules' wording, once", () => {
    const m = mainOf(param("x", 0), op("n", "negate", ["x", "x"], f64()));
    expect(problemsOf(m)).toEqual(["computation main, instruction n: negate expects 1 operand, but got 2."]);
  });

  it("reports a called computation that does not exist, and a wrong number of called computations", () => {
    const m = mainOf(param("x", 0), op("c", "call", ["x"], f64(), {}, ["ghost"]), op("n", "negate", ["x"], f64(), {}, ["ghost"]));
    expect(problemsOf(m)).toEqual([
      "computation main, instruction c: called computation ghost does not exist",
      "computation main, instruction n: negate must call 0 computations (none), but calls 1",
      "computation main, instruction n: called computation ghost does not exist",
    ]);
  });

  it("reports recursion through the call graph", () => {
    const a = computation("a", [param("p", 0), op("ca", "call", ["p"], f64(), {}, ["b"])]);
    const b = computation("b", [param("q", 0), op("cb", "call", ["q"], f64(), {}, ["a"])]);
    const main = computation("main", [param("x", 0), op("c", "call", ["x"], f64(), {}, ["a"])]);
    const problems = problemsOf(moduleOf(a, b, main));
    expect(problems).toContain("computation a: calls itself through a -> b -> a");
    expect(problems).toContain("computation a: calls computation b, which is listed after it (computations are listed callees first)");
  });

  it("reports a callee listed after its caller", () => {
    const main = computation("main", [param("x", 0), op("c", "call", ["x"], f64(), {}, ["f"])]);
    const f = computation("f", [param("p", 0)]);
    const m = createModule({ name: "m", entry: "main", computations: [main, f] });
    expect(problemsOf(m)).toEqual(["computation main: calls computation f, which is listed after it (computations are listed callees first)"]);
  });

  it("reports malformed shapes", () => {
    const bad = { elementType: "f64", dimensions: [2, -1] } as never;
    const m = mainOf(op("x", "parameter", [], bad, { parameterNumber: 0 }));
    expect(problemsOf(m)).toEqual(["computation main, instruction x: invalid dimension size -1 in shape f64[2,-1]"]);
  });

  it("reports attributes that break the opcode's schema", () => {
    const m = mainOf(param("x", 0, "f64", [2]), op("t", "transpose", ["x"], f64(2), { dims: [0] }));
    expect(problemsOf(m)).toEqual([
      'computation main, instruction t: invalid attributes for transpose: dimensions: Invalid input: expected array, received undefined; (root): Unrecognized key: "dims"',
    ]);
  });

  it("reports a stored shape that differs from the re-inferred one, element type included", () => {
    const m = mainOf(param("x", 0, "f64", [2]), op("n", "negate", ["x"], shape("f32", [2])));
    expect(problemsOf(m)).toEqual(["computation main, instruction n: stored shape f32[2] differs from the inferred shape f64[2]"]);
  });

  it("reports shape-rule errors with the rule's message", () => {
    const m = mainOf(param("x", 0, "f64", [2]), param("y", 1, "f64", [3]), op("s", "add", ["x", "y"], f64(2)));
    const problems = problemsOf(m);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^computation main, instruction s: add: /);
  });

  it("checks the HLO broadcast exactly: a size-1 dimension may not grow", () => {
    const m = mainOf(param("x", 0, "f64", [1]), op("b", "broadcast", ["x"], f64(3), { dimensions: [0] }));
    expect(problemsOf(m)).toHaveLength(1);
    expect(problemsOf(m)[0]).toMatch(/^computation main, instruction b: broadcast: /);
  });

  it("refuses implicit broadcasts with XLA's words unless allowed", () => {
    const m = mainOf(param("x", 0, "f64", [2, 3]), param("v", 1, "f64", [3]), op("s", "add", ["x", "v"], f64(2, 3), { broadcastDimensions: [1] }));
    expect(problemsOf(m, true)).toEqual([]);
    expect(hasImplicitBroadcast(m)).toBe(true);
    expect(problemsOf(m)).toEqual([
      "computation main, instruction s: broadcast_dimensions={1} is only allowed before lowerBroadcasts",
      "computation main, instruction s: Implicit broadcast is not allowed in HLO.Found different shapes for instruction add.\noutput: f64[2,3]\noperand: f64[3]\n",
    ]);
  });

  it("accepts a scalar select predicate and scalar clamp bounds, as XLA's verifier does", () => {
    const m = mainOf(
      param("p", 0, "pred"), param("a", 1, "f64", [2]), param("b", 2, "f64", [2]), param("lo", 3, "f64"), param("hi", 4, "f64"),
      op("s", "select", ["p", "a", "b"], f64(2)),
      op("c", "clamp", ["lo", "s", "hi"], f64(2)),
      op("c2", "clamp", ["a", "c", "hi"], f64(2)),
    );
    expect(problemsOf(m)).toEqual([]);
    expect(hasImplicitBroadcast(m)).toBe(false);
  });

  it("still refuses a scalar where only an array may stand (select's data operands, add)", () => {
    const m = mainOf(
      param("p", 0, "pred", [2]), param("a", 1, "f64", [2]), param("x", 2, "f64"),
      op("s", "select", ["p", "a", "x"], f64(2)),
    );
    expect(problemsOf(m)).toContain(
      "computation main, instruction s: Implicit broadcast is not allowed in HLO.Found different shapes for instruction select.\noutput: f64[2]\noperand: f64[]\n",
    );
  });

  it("collects problems from several rules at once", () => {
    const m = mainOf(param("x", 0), param("y", 0), op("n", "negate", ["x"], shape("s32", [])), op("z", "negate", ["ghost"], f64()));
    expect(problemsOf(m)).toHaveLength(3);
  });

  it("checks a constant against its literal", () => {
    const m = mainOf(op("k", "constant", [], f64(2), { literal: scalar(1) }));
    expect(problemsOf(m)).toEqual([
      "computation main, instruction k: constant: constant's declared shape f64[2] differs from its literal's shape f64[].",
    ]);
  });

  it("checks a call against its callee's signature", () => {
    const callee = computation("f", [param("p", 0, "f64", [2])]);
    const main = computation("main", [param("x", 0, "f64", [3]), op("c", "call", ["x"], f64(2), {}, ["f"])]);
    expect(problemsOf(moduleOf(callee, main))).toEqual([
      "computation main, instruction c: call: Call parameter must match argument; got parameter 0 shape: f64[2], argument shape: f64[3].",
    ]);
  });

  it("accepts the zero-sized and the constant cases it should", () => {
    const m = mainOf(param("x", 0, "f64", [0, 3]), constant("k", 2, "f64", [0, 3]), op("s", "multiply", ["x", "k"], f64(0, 3)));
    expect(problemsOf(m)).toEqual([]);
  });
});

describe("verifyModule on malformed data", () => {
  it("reports data a rule cannot read instead of crashing", () => {
    const m = { name: "m", entry: "main", headerAttributes: [], computations: [{ name: "main", root: "x", instructions: [{ name: "x", opcode: "negate", operands: null, shape: shape("f64", []), attributes: {}, called: [] }] }] };
    expect(() => verifyModule(m as never)).toThrow(VerifyError);
    expect(verificationProblems(m as never).some((p) => /^module m: rule defined-before-use could not check the module: /.test(p))).toBe(true);
  });
});
