/**
 * Parser parity with XLA's hlo_parser.cc on fixtures whose printouts were
 * checked against real XLA (testdata/xla_text/ORIGIN.md): every input parses,
 * prints as the `.expected.hlo` beside it, and that printout is a fixed point.
 * The other tests pin what the fixtures hold: module naming, uniquified names,
 * nested instructions, annotations, the stack-frame index, dynamic dimensions
 * and elided constants.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ParseError } from "../errors.ts";
import type { HloInstruction } from "../instruction.ts";
import { type HloModule, entryComputation, getComputation } from "../module.ts";
import { parseHloModule } from "./parser.ts";
import { printHloModule } from "./printer.ts";

const DIR = new URL("../../testdata/xla_text/", import.meta.url);
const read = (name: string): string => readFileSync(new URL(name, DIR), "utf8");

function fixtures(sub: string): string[] {
  return readdirSync(new URL(sub, DIR))
    .filter((f) => f.endsWith(".hlo") && !f.endsWith(".expected.hlo"))
    .map((f) => `${sub}${f.slice(0, -".hlo".length)}`)
    .sort();
}

const inst = (m: HloModule, name: string): HloInstruction => {
  for (const c of m.computations) {
    const i = c.instructions.find((x) => x.name === name);
    if (i) return i;
  }
  throw new Error(`no instruction ${name}`);
};

const printedLine = (m: HloModule, name: string): string => {
  const line = printHloModule(m).split("\n").find((l) => l.trimStart().replace(/^ROOT /, "").startsWith(`${name} = `));
  if (line === undefined) throw new Error(`no printed line for ${name}`);
  return line.trim().replace(/^ROOT /, "");
};

const parseMessage = (text: string): string => {
  try {
    parseHloModule(text);
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return (e as Error).message;
  }
  throw new Error("expected a ParseError");
};

describe("fixtures print as XLA-checked text, and that text is a fixed point", () => {
  for (const name of [...fixtures(""), ...fixtures("hlo_parser_test/")]) {
    it(name, () => {
      const expected = read(`${name}.expected.hlo`);
      expect(printHloModule(parseHloModule(read(`${name}.hlo`)))).toBe(expected);
      expect(printHloModule(parseHloModule(expected))).toBe(expected);
    });
  }
});

describe("module forms XLA's parser accepts", () => {
  it("names a file of bare computations module_<entry>, its entry the last computation without ENTRY", () => {
    const m = parseHloModule(read("bare_computations.hlo"));
    expect(m.name).toBe("module_b");
    expect(m.entry).toBe("b");
    // Both computations name their parameter p: the second becomes p.1, as XLA uniquifies.
    expect(entryComputation(m).instructions.map((i) => i.name)).toEqual(["p.1"]);
  });

  it("takes the computation marked ENTRY even when it is not last", () => {
    const m = parseHloModule("ENTRY first {\n  ROOT p = f32[] parameter(0)\n}\n\nsecond {\n  ROOT q = f32[] parameter(0)\n}\n");
    expect([m.name, m.entry]).toEqual(["module_first", "first"]);
  });

  it("uniquifies names reused across computations as XLA does, renaming every reference", () => {
    const m = parseHloModule(read("names_reused.hlo"));
    expect(m.computations.map((c) => c.name)).toEqual(["add", "add.1", "main"]);
    expect(getComputation(m, "add.1").instructions.map((i) => i.name)).toEqual(["x.1", "y.1", "add.1"]);
    expect(entryComputation(m).instructions.map((i) => i.name)).toEqual(["x.2", "y.2", "zero", "r", "s", "add.2", "t"]);
    expect(inst(m, "r").operands).toEqual(["x.2", "zero"]);
    expect(inst(m, "s").called).toEqual(["add.1"]);
    expect(inst(m, "s").annotations?.controlPredecessors).toEqual(["r"]);
    expect(inst(m, "t").operands).toEqual(["add.2", "x.2"]);
  });

  it("still refuses a name defined twice in one computation, and two computations of one name", () => {
    expect(parseMessage("ENTRY e {\n  x = f32[] parameter(0)\n  x = f32[] parameter(1)\n}\n")).toContain("3:3: instruction 'x' is already defined in computation e");
    expect(parseMessage("c {\n  ROOT x = f32[] parameter(0)\n}\nc {\n  ROOT x = f32[] parameter(0)\n}\n")).toContain("4:1: computation c is defined twice");
  });

  it("reads nested instructions as opcode.anon and inline computations as _, placed before their user", () => {
    const m = parseHloModule(read("nested_instructions.hlo"));
    expect(m.computations.map((c) => c.name)).toEqual(["_", "_.1", "test_case"]);
    expect(entryComputation(m).instructions.map((i) => i.name)).toEqual([
      "parameter.anon", "constant.anon", "r", "parameter.anon.1", "constant.anon.1", "s", "parameter.anon.2", "add.anon", "add",
    ]);
    expect(inst(m, "r").called).toEqual(["_"]);
    expect(inst(m, "add").operands).toEqual(["r", "add.anon"]);
  });

  it("reads a bare number as an array constant's first element, the rest zero, as XLA does", () => {
    const m = parseHloModule(read("nested_and_bare_number_constant.hlo"));
    expect(printedLine(m, "c")).toBe("c = s8[10]{0} constant({1, 0, 0, 0, 0, 0, 0, 0, 0, 0})");
  });

  it("accepts a module name written as a name token with its colon (HloModule convolution.167:)", () => {
    const m = parseHloModule("HloModule convolution.167:\n\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}\n");
    expect(m.name).toBe("convolution.167");
  });

  it("keeps the module line's attributes and prints them where XLA does, dropping defaults", () => {
    const m = parseHloModule(read("names_reused.hlo"));
    expect(printHloModule(m).split("\n")[0]).toBe(
      "HloModule uniq, is_scheduled=true, input_output_alias={ {1}: (0, {}, may-alias) }, buffer_donor={ (1, {}) }, alias_passthrough_params=true, " +
        "entry_computation_layout={(f32[4]{0}, f32[4]{0})->(f32[], f32[4]{0})}, allow_spmd_sharding_propagation_to_output={true}, num_partitions=2, " +
        "frontend_attributes={xla.sdy.meshes={empty_mesh = #sdy.mesh<[]>}}",
    );
  });

  it("keeps the stack-frame index (FileNames ... StackFrames) and prints it back after the header", () => {
    const m = parseHloModule(read("stack_frames.hlo"));
    expect(m.stackFrames?.map((s) => [s.name, s.entries.length])).toEqual([["FileNames", 2], ["FunctionNames", 2], ["FileLocations", 2], ["StackFrames", 2]]);
    expect(m.stackFrames?.[2].entries[1]).toEqual({ id: 2, value: "{file_name_id=2 function_name_id=2 line=3 end_line=4 column=2 end_column=24}" });
    expect(inst(m, "p").annotations?.metadata).toEqual({ opName: "x", stackFrameId: 2 });
    expect(printHloModule(m)).toContain('\n\nFileNames\n1 "a.py"\n2 "b\\\'s.py"\n\nFunctionNames\n');
  });

  it("refuses what XLA's parser refuses: '#' comment lines, unknown element types, with line and column", () => {
    expect(parseMessage("# RUN: hlo-translate %s\nHloModule m\n\nENTRY e {\n  ROOT p = f32[] parameter(0)\n}\n")).toMatch(/^1:1: /);
    expect(parseMessage("HloModule m\n\nENTRY e {\n  ROOT p = f46[2] parameter(0)\n}\n")).toBe(
      "4:12: unknown element type 'f46'\n  ROOT p = f46[2] parameter(0)\n           ^",
    );
    expect(parseMessage("ENTRY e {\n  ROOT p = (f32[], q8[3]{0}) parameter(0)\n}\n")).toContain("2:20: unknown element type 'q8'");
  });
});

describe("annotations every instruction takes, kept and printed as XLA prints them", () => {
  it("parameter_replication, checked against the parameter's leaf count", () => {
    const m = parseHloModule(read("hlo_parser_test/ParamReplication.hlo"));
    expect(inst(m, "b").annotations?.parameterReplication).toEqual([false, true]);
    expect(printedLine(m, "b")).toBe("b = (f32[2,4]{1,0}, (f32[2,4]{1,0})) parameter(1), parameter_replication={false,true}");
    expect(parseMessage("ENTRY e {\n  ROOT p = (f32[], f32[]) parameter(0), parameter_replication={true}\n}\n")).toContain(
      "parameter has 2 leaf buffers, but parameter_replication has 1 elements.",
    );
  });

  it("metadata and a quoted backend_config, escapes included", () => {
    const m = parseHloModule(read("hlo_parser_test/ConstantPred.hlo"));
    expect(inst(m, "constant").annotations).toEqual({
      metadata: { opType: "const", opName: "\"it's not a problem\n", sourceFile: "path/to/test.cc", sourceLine: 68 },
      backendConfig: 'foo" bar',
    });
    expect(printedLine(m, "constant")).toBe(
      'constant = pred[] constant(true), metadata={op_type="const" op_name="\\"it\\\'s not a problem\\n" source_file="path/to/test.cc" source_line=68}, backend_config="foo\\" bar"',
    );
  });

  it("statistics", () => {
    const m = parseHloModule(read("hlo_parser_test/ConstantS32WithStatistics.hlo"));
    expect(inst(m, "constant").annotations?.statistics).toEqual({ visualizingIndex: 1, statistics: [{ name: "stat-1", value: 33 }, { name: "stat-2", value: 44 }] });
  });

  it("backend_config as a {...} group, kept verbatim and printed unquoted", () => {
    const m = parseHloModule(read("hlo_parser_test/CustomCallWithBackendConfigInCurlyBraces.hlo"));
    expect(inst(m, "custom-call").annotations?.backendConfig).toBe('{key: "value"}');
    expect(printedLine(m, "custom-call")).toContain(', backend_config={key: "value"}');
  });

  it("frontend_attributes with quoted and brace values, sorted by key", () => {
    const m = parseHloModule(read("hlo_parser_test/CompositeCall.hlo"));
    expect(inst(m, "call").annotations?.frontendAttributes).toEqual([
      { key: "composite.attributes", value: "{n = 1 : i32, tensor = dense<1> : tensor<i32>}" },
      { key: "composite.name", value: "foo.bar" },
      { key: "composite.version", value: "1" },
    ]);
    const unsorted = parseHloModule('ENTRY e {\n  ROOT p = f32[] parameter(0), frontend_attributes={z="1", a={k = 2}, m="{}"}\n}\n');
    expect(printedLine(unsorted, "p")).toBe('p = f32[] parameter(0), frontend_attributes={a={k = 2},m={},z="1"}');
  });

  it("sharding in every form, normalised as HloSharding normalises it", () => {
    const m = parseHloModule(read("shardings.hlo"));
    expect(inst(m, "a").annotations?.sharding).toEqual({ kind: "replicated", metadata: [] });
    expect(inst(m, "c").annotations?.sharding).toEqual({
      kind: "tiled", tileDimensions: [2, 1, 2], devices: { kind: "iota", reshape: [2, 2], transpose: [1, 0] }, lastTileDimReplicate: true, lastTileDims: [], metadata: [],
    });
    expect(printedLine(m, "b")).toBe("b = f32[4,4]{1,0} parameter(1), sharding={devices=[2,2]<=[4] last_tile_dims={manual}}");
    expect(printedLine(m, "d")).toBe("d = f32[4,4]{1,0} parameter(3), sharding={devices=[2,1,2]0,1,2,3 last_tile_dim_replicate}");
    expect(printedLine(m, "f")).toBe('f = f32[4,4]{1,0} parameter(5), sharding={devices=[2,2]3,2,1,0 metadata={op_name="a"}}');
    // One sharding on a tuple applies to each leaf.
    expect(printedLine(m, "t")).toBe("t = (f32[4,4]{1,0}, f32[4,4]{1,0}) tuple(a, b), sharding={{maximal device=1}, {maximal device=1}}");
    expect(printedLine(m, "r")).toContain("sharding={{replicated}, {manual}, {maximal device=0}, {devices=[2,1]0,1}, {replicated}, /*index=5*/{replicated}}");
  });

  it("refuses malformed shardings with XLA's reasons", () => {
    expect(parseMessage("ENTRY e {\n  ROOT p = f32[4] parameter(0), sharding={maximal}\n}\n")).toContain("maximal shardings should have exactly one device assigned");
    expect(parseMessage("ENTRY e {\n  ROOT p = f32[4] parameter(0), sharding={devices=[2]0}\n}\n")).toContain("non-maximal shardings must have more than one device assigned");
    expect(parseMessage("ENTRY e {\n  ROOT p = f32[4] parameter(0), sharding={devices=[4]<=[2]}\n}\n")).toContain("the tile assignment [4] needs 4 devices, but 2 are given");
  });

  it("control-predecessors and origin", () => {
    const m = parseHloModule(read("names_reused.hlo"));
    expect(printedLine(m, "s")).toBe("s = f32[] reduce(y.2, zero), dimensions={0}, to_apply=add.1, control-predecessors={r}");
    expect(printedLine(m, "zero")).toBe('zero = f32[] constant(0), origin={{"zero"}}');
    expect(parseMessage("ENTRY e {\n  ROOT p = f32[] parameter(0), control-predecessors={q}\n}\n")).toContain("instruction 'q' is not defined (control predecessor of p in computation e)");
  });

  it("a custom-call's literal= attribute: a shape and a literal, or a tuple of them", () => {
    const m = parseHloModule(read("hlo_parser_test/CustomCallWithLiteralTuple.hlo"));
    expect(m.computations[0].instructions[1].attributes).toEqual({
      customCallTarget: 'foo"bar',
      rawAttributes: [{ name: "literal", value: "( s32[4]{0} {4, 128, 128, 3}, pred[4]{0} {1, 0, 0, 0} )" }],
    });
  });

  it("the Shardy annotations of JAX output, printed back unchanged", () => {
    const text = read("shardy_jax.hlo");
    const m = parseHloModule(text);
    expect(m.headerAttributes).toEqual([{ name: "frontend_attributes", value: '{xla.sdy.meshes={mesh = #sdy.mesh<["x"=2, "y"=2]>}}' }]);
    expect(inst(m, "a.1").annotations?.frontendAttributes).toEqual([{ key: "xla.sdy.sharding", value: '#sdy.sharding<@mesh, [{"x"}, {"y"}]>' }]);
    expect(printHloModule(m)).toBe(text.trimEnd() + "\n");
  });
});

describe("bounded dynamic dimensions and elided constants", () => {
  it("reads f32[<=4,3] as bound 4 marked dynamic, and set-dimension-size marks its dimension dynamic", () => {
    const m = parseHloModule(read("dynamic_dimensions.hlo"));
    expect(inst(m, "d").shape).toEqual({ elementType: "f32", dimensions: [4, 3], dynamicDimensions: [true, false] });
    expect(inst(m, "d").attributes).toEqual({ dimension: 0 });
    const inferred = parseHloModule("ENTRY e {\n  p = f32[4,3] parameter(0)\n  s = s32[] parameter(1)\n  ROOT d = set-dimension-size(p, s), dimensions={1}\n}\n");
    expect(printedLine(inferred, "d")).toBe("d = f32[4,<=3]{1,0} set-dimension-size(p, s), dimensions={1}");
  });

  it("refuses set-dimension-size with XLA's shape-inference reasons", () => {
    const m = (body: string) => parseMessage(`ENTRY e {\n  p = f32[4,3] parameter(0)\n  s = s64[] parameter(1)\n  ${body}\n}\n`);
    expect(m("ROOT d = set-dimension-size(p, s), dimensions={0}")).toContain("SetDimensionSize's value has to be S32 scalar, got s64[]");
    expect(m("ROOT d = get-dimension-size(p), dimensions={2}")).toContain("GetDimensionSize dimension out of bounds: 2.");
  });

  it("keeps an elided constant's values unknown and prints it elided again", () => {
    const m = parseHloModule(read("elided_constant.hlo"));
    const w = inst(m, "w");
    expect(w.opcode === "constant" && w.attributes.elided).toBe(true);
    expect(printedLine(m, "w")).toBe("w = f32[2,3]{1,0} constant({...})");
  });
});
