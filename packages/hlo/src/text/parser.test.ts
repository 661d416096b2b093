import { describe, expect, it } from "vitest";
import { ParseError } from "../errors.ts";
import type { HloInstruction } from "../instruction.ts";
import { type HloModule, entryComputation, getComputation, getInstruction } from "../module.ts";
import { parseHloModule, parseShape } from "./parser.ts";

/** Wraps instruction lines into an ENTRY computation. */
const entry = (body: string, extra = "") => `HloModule m\n${extra}\nENTRY main {\n${body}\n}\n`;
const inst = (m: HloModule, name: string): HloInstruction => {
  for (const c of m.computations) {
    const i = c.instructions.find((x) => x.name === name);
    if (i) return i;
  }
  throw new Error(`no ${name}`);
};
const attrsOf = (body: string, name: string, extra = "") => inst(parseHloModule(entry(body, extra)), name).attributes;
const message = (text: string): string => {
  try {
    parseHloModule(text);
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return (e as Error).message;
  }
  throw new Error("expected a ParseError");
};
const ADD = "add {\n  add_lhs = f32[] parameter(0)\n  add_rhs = f32[] parameter(1)\n  ROOT add_sum = f32[] add(add_lhs, add_rhs)\n}\n";

describe("parseShape", () => {
  it("reads array, scalar and tuple shapes, keeping only non-default layouts", () => {
    expect(parseShape("f64[2,3]{1,0}")).toEqual({ elementType: "f64", dimensions: [2, 3] });
    expect(parseShape("f64[2,3]{0,1}")).toEqual({ elementType: "f64", dimensions: [2, 3], layout: [0, 1] });
    expect(parseShape("pred[]")).toEqual({ elementType: "pred", dimensions: [] });
    expect(parseShape("f32[8,128]{1,0:T(8,128)}")).toEqual({ elementType: "f32", dimensions: [8, 128] });
    expect(parseShape("(f32[], (s32[2]{0}), ())")).toEqual({
      elementType: "tuple",
      tupleShapes: [{ elementType: "f32", dimensions: [] }, { elementType: "tuple", tupleShapes: [{ elementType: "s32", dimensions: [2] }] }, { elementType: "tuple", tupleShapes: [] }],
    });
  });

  it("refuses unknown types, bad layouts and huge sizes", () => {
    const err = (s: string) => {
      try {
        parseShape(s);
      } catch (e) {
        expect(e).toBeInstanceOf(ParseError);
        return (e as Error).message.split("\n")[0];
      }
      throw new Error("no error");
    };
    expect(err("f46[2]")).toBe("1:1: unknown element type 'f46'");
    expect(err("opaque[2]")).toBe("1:1: element type 'opaque' is not supported");
    expect(err("f32[2,3]{0,0}")).toBe("1:9: layout {0,0} is not a permutation of the 2 dimensions");
    expect(err("f32[99999999999999999999]")).toBe("1:5: a dimension size 99999999999999999999 is too large");
    expect(err("f32[1e999]")).toBe("1:5: expects a non-negative integer for a dimension size, but sees '1e999'");
    expect(err("f32[2] x")).toBe("1:8: expects the end of the shape, but sees 'x'");
  });
});

describe("parseHloModule: structure", () => {
  it("reads the header, keeps non-entry header attributes as text and drops entry_computation_layout", () => {
    const m = parseHloModule(
      'HloModule jit_f, entry_computation_layout={(f32[])->f32[]}, frontend_attributes={xla.sdy.meshes="{}"}, is_scheduled=true\n\nENTRY main { ROOT p = f32[] parameter(0) }',
    );
    expect(m.name).toBe("jit_f");
    // A quoted value that reads as a brace group is kept unquoted, as XLA prints it.
    expect(m.headerAttributes).toEqual([{ name: "frontend_attributes", value: "{xla.sdy.meshes={}}" }, { name: "is_scheduled", value: "true" }]);
  });

  it("takes the ENTRY computation, or the last one without a marker, and the ROOT or the last instruction", () => {
    const marked = parseHloModule(`HloModule m\nENTRY first { ROOT p = f32[] parameter(0) }\nsecond { q = f32[] parameter(0) }`);
    expect(marked.entry).toBe("first");
    expect(getComputation(marked, "second").root).toBe("q");
    const unmarked = parseHloModule(`HloModule m\n${ADD}\nmain { x = f32[] parameter(0)\n y = f32[] call(x, x), to_apply=add }`);
    expect(unmarked.entry).toBe("main");
    expect(entryComputation(unmarked).root).toBe("y");
  });

  it("accepts %-prefixed names, signatures, operand shapes, comments and execution_thread", () => {
    const m = parseHloModule(
      `HloModule m\n%add (a: f32[], b: f32[]) -> f32[] {\n  %a = f32[] parameter(0) /* first */\n  %b = f32[] parameter(1)\n  ROOT %s = f32[] add(f32[] %a, f32[] %b)\n}, execution_thread="main"\n` +
        `ENTRY %main () -> (f32[]) {\n  %c = f32[] constant(1)\n  ROOT %t = (f32[]) tuple(%c), sharding={replicated}, metadata={op_name="x"}\n}`,
    );
    expect(m.computations.map((c) => c.name)).toEqual(["add", "main"]);
    expect(getInstruction(getComputation(m, "add"), "s").operands).toEqual(["a", "b"]);
    expect(getInstruction(getComputation(m, "main"), "t").shape).toEqual({ elementType: "tuple", tupleShapes: [{ elementType: "f32", dimensions: [] }] });
  });

  it("refuses a declared name that is not an HLO name, or is a keyword, at its position", () => {
    const body = (module: string, computation: string, inst: string) =>
      `HloModule ${module}\nENTRY ${computation} {\n  ROOT ${inst} = f32[] parameter(0)\n}\n`;
    const fails = (text: string): ParseError => {
      try {
        parseHloModule(text);
      } catch (e) {
        if (e instanceof ParseError) return e;
        throw e;
      }
      throw new Error("parsed");
    };
    expect(fails(body("j%it", "e", "x")).message).toMatch(/^1:11: "j%it" is not a valid HLO name/);
    expect(fails(body("ROOT", "e", "x")).message).toMatch(/^1:11: "ROOT" is a keyword of HLO text and cannot be a name/);
    expect(fails(body("m", "ROOT", "x")).message).toMatch(/^2:7: "ROOT" is a keyword/);
    expect(fails(body("m", "e", "x%y")).message).toMatch(/^3:8: "x%y" is not a valid HLO name/);
  });

  it("orders forward references def-before-use and callees before callers", () => {
    const m = parseHloModule(`HloModule m\nENTRY main {\n  ROOT y = f32[] call(x, x), to_apply=add\n  x = f32[] parameter(0)\n}\n${ADD}`);
    expect(m.computations.map((c) => c.name)).toEqual(["add", "main"]);
    expect(entryComputation(m).instructions.map((i) => i.name)).toEqual(["x", "y"]);
    expect(entryComputation(m).root).toBe("y");
  });

  it("infers omitted shapes from operands and called computations", () => {
    const m = parseHloModule(`HloModule m\n${ADD}\nENTRY main {\n  x = f32[2,3] parameter(0)\n  n = negate(x)\n  c = compare(x, n), direction=LT\n  t = tuple(n, c)\n  g = get-tuple-element(t), index=1\n  z = f32[] constant(0)\n  ROOT r = reduce(x, z), dimensions={1}, to_apply=add\n}`);
    expect(inst(m, "n").shape).toEqual({ elementType: "f32", dimensions: [2, 3] });
    expect(inst(m, "g").shape).toEqual({ elementType: "pred", dimensions: [2, 3] });
    expect(inst(m, "r").shape).toEqual({ elementType: "f32", dimensions: [2] });
  });
});

describe("parseHloModule: attributes", () => {
  const P = "  x = f32[4,6] parameter(0)\n  i = s32[] parameter(1)\n  z = f32[] constant(0)\n";

  it("reads dimensions, slice, padding, iota and index attributes", () => {
    expect(attrsOf(`${P}  ROOT b = f32[3,4,6] broadcast(x), dimensions={1,2}`, "b")).toEqual({ dimensions: [1, 2] });
    expect(attrsOf(`${P}  ROOT b = f32[3] broadcast(z)`, "b")).toEqual({ dimensions: [] });
    expect(attrsOf(`${P}  ROOT t = f32[6,4] transpose(x), dimensions={1,0}`, "t")).toEqual({ dimensions: [1, 0] });
    expect(attrsOf(`${P}  ROOT s = f32[2,2] slice(x), slice={[1:4:2], [0:6:3]}`, "s")).toEqual({ starts: [1, 0], limits: [4, 6], strides: [2, 3] });
    expect(attrsOf(`${P}  ROOT s = f32[3,6] slice(x), slice={[0:3], [0:6]}`, "s")).toEqual({ starts: [0, 0], limits: [3, 6], strides: [1, 1] });
    expect(attrsOf(`${P}  ROOT p = f32[9,5] pad(x, z), padding=1_-1_1x2_-3`, "p")).toEqual({
      padding: [{ low: 1, high: -1, interior: 1 }, { low: 2, high: -3, interior: 0 }],
    });
    expect(attrsOf("  ROOT i = s32[4,5] iota(), iota_dimension=1", "i")).toEqual({ iotaDimension: 1 });
    expect(attrsOf(`${P}  ROOT c = f32[8,6] concatenate(x, x), dimensions={0}`, "c")).toEqual({ dimension: 0 });
    expect(attrsOf(`${P}  ROOT d = s32[] get-dimension-size(x), dimensions={1}`, "d")).toEqual({ dimension: 1 });
    expect(attrsOf(`${P}  ROOT d = f32[2,2] dynamic-slice(x, i, i), dynamic_slice_sizes={2,2}`, "d")).toEqual({ sliceSizes: [2, 2] });
    expect(attrsOf(`${P}  ROOT r = f32[] reduce-precision(z), exponent_bits=5, mantissa_bits=10`, "r")).toEqual({ exponentBits: 5, mantissaBits: 10 });
  });

  it("reads compare directions and types, accepting order=TOTAL as the total-order comparison type", () => {
    expect(attrsOf(`${P}  ROOT c = pred[4,6] compare(x, x), direction=GE`, "c")).toEqual({ direction: "GE" });
    expect(attrsOf(`${P}  ROOT c = pred[4,6] compare(x, x), direction=LT, type=TOTALORDER`, "c")).toEqual({ direction: "LT", comparisonType: "TOTALORDER" });
    expect(attrsOf(`${P}  ROOT c = pred[4,6] compare(x, x), direction=LT, order=TOTAL`, "c")).toEqual({ direction: "LT", comparisonType: "TOTALORDER" });
    expect(attrsOf(`  a = f32[2,3] parameter(0)\n  v = f32[3] parameter(1)\n  ROOT c = f32[2,3] add(a, v), broadcast_dimensions={1}`, "c")).toEqual({ broadcastDimensions: [1] });
  });

  it("reads dot dimension numbers (missing lists are empty) and operand precision", () => {
    expect(attrsOf("  a = f32[2,3,4] parameter(0)\n  b = f32[2,4,5] parameter(1)\n  ROOT d = f32[2,3,5] dot(a, b), lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={0}, rhs_contracting_dims={1}, operand_precision={high,default}", "d")).toEqual({
      lhsBatchDimensions: [0], lhsContractingDimensions: [2], rhsBatchDimensions: [0], rhsContractingDimensions: [1], operandPrecision: ["high", "default"],
    });
    expect(attrsOf("  a = f32[3] parameter(0)\n  ROOT d = f32[3,3] dot(a, a)", "d")).toEqual({
      lhsBatchDimensions: [], lhsContractingDimensions: [], rhsBatchDimensions: [], rhsContractingDimensions: [],
    });
  });

  it("reads windows with every sub-attribute and their defaults", () => {
    const a = attrsOf(`${P}  ROOT r = f32[2,3] reduce-window(x, z), window={size=2x2 stride=2x2 pad=0_1x1_0 lhs_dilate=1x2 rhs_dilate=2x1 rhs_reversal=0x1}, to_apply=add`, "r", ADD);
    expect(a).toEqual({
      window: [
        { size: 2, stride: 2, padLow: 0, padHigh: 1, baseDilation: 1, windowDilation: 2, windowReversal: false },
        { size: 2, stride: 2, padLow: 1, padHigh: 0, baseDilation: 2, windowDilation: 1, windowReversal: true },
      ],
    });
    const d = attrsOf(`${P}  ROOT r = f32[3,6] reduce-window(x, z), window={size=2x1}, to_apply=add`, "r", ADD);
    expect(d).toEqual({ window: [
      { size: 2, stride: 1, padLow: 0, padHigh: 0, baseDilation: 1, windowDilation: 1, windowReversal: false },
      { size: 1, stride: 1, padLow: 0, padHigh: 0, baseDilation: 1, windowDilation: 1, windowReversal: false },
    ] });
  });

  it("reads gather and scatter dimension numbers with defaults for the optional ones", () => {
    expect(attrsOf("  a = f64[5,3] parameter(0)\n  i = s32[4,1] parameter(1)\n  ROOT g = f64[4,3] gather(a, i), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,3}, indices_are_sorted=true", "g")).toEqual({
      offsetDims: [1], collapsedSliceDims: [0], startIndexMap: [0], operandBatchingDims: [], startIndicesBatchingDims: [],
      indexVectorDim: 1, sliceSizes: [1, 3], indicesAreSorted: true,
    });
    const m = parseHloModule(`HloModule m\n${ADD}\nENTRY main {\n  a = f32[5] parameter(0)\n  i = s32[2,1] parameter(1)\n  u = f32[2] parameter(2)\n  ROOT s = f32[5] scatter(a, i, u), update_window_dims={}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, unique_indices=true, to_apply=add\n}`);
    expect(inst(m, "s").attributes).toEqual({
      updateWindowDims: [], insertedWindowDims: [0], inputBatchingDims: [], scatterIndicesBatchingDims: [],
      scatterDimsToOperandDims: [0], indexVectorDim: 1, indicesAreSorted: false, uniqueIndices: true,
    });
    expect(inst(m, "s").called).toEqual(["add"]);
  });

  it("reads called computations in their CallsKind order", () => {
    const cond = "c {\n  cp = s32[] parameter(0)\n  k = s32[] constant(3)\n  ROOT lt = pred[] compare(cp, k), direction=LT\n}\n";
    const body = "b {\n  bp = s32[] parameter(0)\n  one = s32[] constant(1)\n  ROOT bn = s32[] add(bp, one)\n}\n";
    const neg = "ng {\n  np = s32[] parameter(0)\n  ROOT nn = s32[] negate(np)\n}\n";
    const m = parseHloModule(
      `HloModule m\n${cond}${body}${neg}ENTRY main {\n  x = s32[] parameter(0)\n  q = pred[] parameter(1)\n` +
        "  w = s32[] while(x), condition=c, body=b\n  t = s32[] conditional(q, x, x), true_computation=b, false_computation=ng\n" +
        "  ROOT u = s32[] conditional(x, x, x, x), branch_computations={ng, b, ng}\n}",
    );
    expect(inst(m, "w").called).toEqual(["c", "b"]);
    expect(inst(m, "t").called).toEqual(["b", "ng"]);
    expect(inst(m, "u").called).toEqual(["ng", "b", "ng"]);
  });

  it("reads sort, map and select-and-scatter", () => {
    const lt = "lt {\n  la = f32[] parameter(0)\n  lb = f32[] parameter(1)\n  ROOT lc = pred[] compare(la, lb), direction=LT\n}\n";
    const ge = "ge {\n  ga = f32[] parameter(0)\n  gb = f32[] parameter(1)\n  ROOT gc = pred[] compare(ga, gb), direction=GE\n}\n";
    const m = parseHloModule(
      `HloModule m\n${ADD}${lt}${ge}ENTRY main {\n  x = f32[4,6] parameter(0)\n  s = f32[2,3] parameter(1)\n  z = f32[] constant(0)\n` +
        "  o = f32[4,6] sort(x), dimensions={1}, is_stable=true, to_apply=lt\n  mp = f32[4,6] map(x, x), to_apply=add\n" +
        "  ROOT sas = f32[4,6] select-and-scatter(x, s, z), window={size=2x2 stride=2x2}, select=ge, scatter=add\n}",
    );
    expect(inst(m, "o").attributes).toEqual({ dimension: 1, isStable: true });
    expect(inst(m, "mp").attributes).toEqual({ dimensions: [0, 1] });
    expect(inst(m, "sas").called).toEqual(["ge", "add"]);
  });

  it("keeps a custom-call's target and its other attributes as raw text, the annotations every instruction takes apart", () => {
    const m = parseHloModule(entry('  x = f32[2] parameter(0)\n  ROOT c = f32[2] custom-call(x), custom_call_target="Sharding", sharding={devices=[2]0,1}, api_version=API_VERSION_ORIGINAL, backend_config="{\\"a\\": 1}"'));
    expect(inst(m, "c").attributes).toEqual({ customCallTarget: "Sharding", rawAttributes: [{ name: "api_version", value: "API_VERSION_ORIGINAL" }] });
    expect(inst(m, "c").annotations).toEqual({
      sharding: { kind: "tiled", tileDimensions: [2], devices: { kind: "list", devices: [0, 1] }, lastTileDimReplicate: false, lastTileDims: [], metadata: [] },
      backendConfig: '{"a": 1}',
    });
  });

  it("keeps attributes without semantics out of the attribute object and refuses unknown ones", () => {
    expect(attrsOf('  x = f32[2] parameter(0)\n  ROOT n = f32[2] negate(x), metadata={op_type="neg" op_name="jit(f)/neg" source_line=3}, frontend_attributes={a="b"}, backend_config={"x":{"y":[1,2]}}, result_accuracy={mode=highest}', "n")).toEqual({});
    expect(message(entry("  x = f32[2] parameter(0)\n  ROOT n = f32[2] negate(x), frobnicate=1"))).toContain("unexpected attribute 'frobnicate' for negate");
  });
});

describe("parseHloModule: errors carry line, column, the offending text and a caret", () => {
  it("names unknown opcodes and undefined operands", () => {
    expect(message(entry("  x = f32[] parameter(0)\n  ROOT y = f32[] foo(x)"))).toBe("5:18: unknown opcode 'foo'\n  ROOT y = f32[] foo(x)\n                 ^");
    expect(message(entry("  x = f32[] parameter(0)\n  ROOT y = f32[] add(x, w)"))).toContain("5:25: instruction does not exist: w (in computation main)");
  });

  it("refuses missing computations, duplicate names, two ROOTs, two ENTRYs and cycles", () => {
    expect(message(entry("  x = f32[] parameter(0)\n  ROOT y = f32[] call(x), to_apply=nothing"))).toContain("5:36: computation does not exist: nothing");
    expect(message(entry("  x = f32[] parameter(0)\n  x = f32[] parameter(1)"))).toContain("5:3: instruction 'x' is already defined in computation main");
    expect(message(entry("  ROOT x = f32[] parameter(0)\n  ROOT y = f32[] parameter(1)"))).toContain("5:8: one computation should have only one ROOT");
    expect(message("HloModule m\nENTRY a { ROOT x = f32[] parameter(0) }\nENTRY b { ROOT y = f32[] parameter(0) }")).toContain("3:7: expects only one ENTRY");
    expect(message(entry("  a = f32[] negate(b)\n  b = f32[] negate(a)"))).toContain("instruction a depends on itself through its operands");
    expect(message("HloModule m\nf { x = f32[] parameter(0)\n ROOT y = f32[] call(x), to_apply=f }")).toContain("computation f calls itself");
  });

  it("reports missing and malformed attributes", () => {
    expect(message(entry("  x = f32[2] parameter(0)\n  ROOT t = f32[2] transpose(x)"))).toContain("attribute dimensions is expected but not seen for transpose");
    expect(message(entry("  x = f32[2] parameter(0)\n  ROOT c = pred[2] compare(x, x), direction=XX"))).toContain("expects a comparison direction (one of EQ, NE, LT, LE, GT, GE), but sees 'XX'");
    expect(message(entry("  x = f32[2] parameter(0)\n  ROOT s = f32[1] slice(x), slice={[0:1:1:1]}"))).toContain("expects [start:limit:step] or [start:limit], but sees 4 elements.");
    expect(message(entry("  x = f32[2] parameter(0)\n  z = f32[] constant(0)\n  ROOT p = f32[2] pad(x, z), padding=1"))).toContain("expects padding_low and padding_high separated by '_'");
    expect(message(entry("  x = f32[2] parameter(0)\n  z = f32[] constant(0)\n  ROOT r = f32[2] reduce-window(x, z), window={stride=1}, to_apply=add", ADD))).toContain("sub-attribute 'size=' is required in the window attribute");
    expect(message(entry("  x = f32[2] parameter(0)\n  z = f32[] constant(0)\n  ROOT r = f32[2] reduce-window(x, z), window={size=1 stride=1x1}, to_apply=add", ADD))).toContain("expects 'stride=' has the same size as 'size='");
    expect(message(entry("  x = f32[2] parameter(0)\n  ROOT g = f32[2] get-tuple-element(x), index=-1"))).toContain("invalid attributes for get-tuple-element g: index:");
    expect(message(entry("  x = f32[2] parameter(0)\n  ROOT n = f32[2] negate(x), metadata={}, metadata={}"))).toContain("attribute metadata already exists");
  });

  it("reports shapes that cannot be inferred, and a constant without a shape", () => {
    expect(message(entry("  x = f32[2] parameter(0)\n  y = f32[3] parameter(1)\n  ROOT a = add(x, y)"))).toContain("6:12: cannot infer the shape of a: add: Binary op with incompatible shapes");
    expect(message(entry("  ROOT c = constant(1)"))).toContain("a constant needs its shape written before the opcode");
  });

  it("reports truncated input at its end", () => {
    expect(message("HloModule m\nENTRY main {\n  x = f32[] parameter(0)")).toContain("2:12: computation main is not closed: end of input before its '}'");
    expect(message("HloModule")).toBe("1:10: expects a module name, but sees end of input\nHloModule\n         ^");
    expect(message("")).toContain("1:1: expects at least one computation");
  });

  it("reports deep nesting as a ParseError instead of overflowing the stack", () => {
    expect(message(`HloModule m\nENTRY main {\n  ROOT x = ${"(".repeat(100000)}`)).toContain("tuple shape nested deeper than 64 levels");
    expect(message(entry(`  ROOT x = f32[1] constant(${"{".repeat(100000)}`))).toContain("expects nested array in rank 1, but sees larger");
    expect(message(entry(`  x = f32[] parameter(0)\n  ROOT n = f32[] negate(x), backend_config=${"{".repeat(100000)}`))).toContain("unbalanced '{'");
    expect(message(entry(`  x = f32[] parameter(0)\n  ROOT n = f32[] negate(x), metadata=${"{".repeat(100000)}`))).toContain("expects a metadata field such as op_name=");
  });
});

describe("parseHloModule: size", () => {
  it("parses a 10000-instruction chain without deep recursion", () => {
    const lines = ["HloModule big", "ENTRY main {", "  p = f32[4,4]{1,0} parameter(0)"];
    for (let i = 1; i <= 10000; i++) lines.push(`  a.${i} = f32[4,4]{1,0} add(${i === 1 ? "p" : `a.${i - 1}`}, p), metadata={op_name="jit(f)/add"}`);
    lines.push("}");
    const text = lines.join("\n");
    const m = parseHloModule(text);
    expect(entryComputation(m).instructions.length).toBe(10001);
    expect(entryComputation(m).root).toBe("a.10000");
  });
});
