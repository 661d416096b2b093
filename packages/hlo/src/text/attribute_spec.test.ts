import { describe, expect, it } from "vitest";
import { ParseError } from "../errors.ts";
import { type AttrKind, CODECS } from "./attribute_codecs.ts";
import { ATTRIBUTES } from "./attribute_spec.ts";
import { ATTRIBUTE_SPECS } from "./attribute_text.ts";
import { Lexer } from "./lexer.ts";

/** Reads `text` with the codec, checks it consumed everything, and prints the value back. */
function roundTrip(kind: AttrKind, text: string): string {
  const lx = new Lexer(text);
  const value = CODECS[kind].read(lx, "attr");
  expect(lx.peek().kind).toBe("eof");
  return CODECS[kind].print(value);
}

describe("attribute codecs: one syntax read and printed", () => {
  // Each value as XLA's printer spells it; reading then printing gives it back.
  const canonical: readonly [AttrKind, string][] = [
    ["ints", "{}"], ["ints", "{1,0,-2}"], ["int", "-7"], ["single_int", "{3}"], ["bool", "true"], ["bool", "false"],
    ["direction", "GE"], ["comparison_type", "TOTALORDER"], ["fusion_kind", "kLoop"], ["fft_type", "IRFFT"],
    ["transpose", "ADJOINT"], ["rng_algorithm", "rng_philox"], ["rng_distribution", "rng_normal"],
    ["f32", "0.001"], ["f32", "1e-05"],
    ["slice", "{[0:3], [1:5]}"], ["slice", "{[0:3:2], [1:5:1]}"], ["slice", "{}"],
    ["padding", "0_0x1_2"], ["padding", "0_0_1x-1_2_0"],
    ["window", "{}"], ["window", "{size=2x3}"],
    ["window", "{size=2x2 stride=1x2 pad=0_1x-1_0 lhs_dilate=1x2 rhs_dilate=2x1 rhs_reversal=1x0}"],
    ["precision", "{high,default}"], ["dim_labels", "b01f_01io->b01f"],
    ["replica_groups", "{{0,1},{2,3}}"], ["source_target_pairs", "{{0,1},{1,0}}"],
    ["shape", "f32[2,3]{0,1}"], ["raw", "{kind=\"x\", y={1}}"], ["string", "\"a\\\"b\""],
  ];
  it.each(canonical)("%s %s", (kind, text) => {
    expect(roundTrip(kind, text)).toBe(text);
  });

  it("prints canonical forms of other spellings, as XLA does", () => {
    expect(roundTrip("precision", "{HIGHEST,DEFAULT}")).toBe("{highest,default}");
    expect(roundTrip("slice", "{[0:3:1]}")).toBe("{[0:3]}");
    expect(roundTrip("window", "{stride=1 size=2 rhs_reversal=0}")).toBe("{size=2}");
    expect(roundTrip("padding", "1_2_0x3_4")).toBe("1_2x3_4");
    expect(roundTrip("f32", "0.1")).toBe("0.1");
  });

  it("computation kinds read references and print names", () => {
    const one = CODECS.computation.read(new Lexer("%add.1"), "to_apply");
    expect(one).toMatchObject({ names: ["add.1"] });
    expect(CODECS.computation.print("add.1")).toBe("add.1");
    expect(CODECS.computations.read(new Lexer("{a, %b}"), "branch_computations")).toMatchObject({ names: ["a", "b"] });
    expect(CODECS.computations.print(["a", "b"])).toBe("{a, b}");
  });

  it("reports a bad value at its token, naming the attribute", () => {
    const read = () => CODECS.ints.read(new Lexer("{0,x}"), "offset_dims");
    expect(read).toThrow(ParseError);
    expect(read).toThrow("1:4: expects an integer for offset_dims, but sees 'x'");
    expect(() => CODECS.single_int.read(new Lexer("{0,1}"), "dimensions")).toThrow("expects exactly one dimension in 'dimensions=', but sees 2");
  });
});

describe("the attribute spec table", () => {
  it("spells each attribute of an opcode once, and the parser's table is the same entries", () => {
    for (const [opcode, specs] of Object.entries(ATTRIBUTES)) {
      const names = specs.map((s) => s.name);
      expect(new Set(names).size, opcode).toBe(names.length);
      const byName = ATTRIBUTE_SPECS[opcode as keyof typeof ATTRIBUTES];
      expect(Object.keys(byName), opcode).toEqual(names);
      for (const s of specs) expect(byName[s.name]).toBe(s);
      for (const s of specs) expect(s.codec).toBe(CODECS[s.kind]);
    }
  });

  it("lists attributes in XLA's printing order", () => {
    const names = (op: keyof typeof ATTRIBUTES) => ATTRIBUTES[op].map((s) => s.name);
    expect(names("gather")).toEqual([
      "offset_dims", "collapsed_slice_dims", "start_index_map", "operand_batching_dims", "start_indices_batching_dims",
      "index_vector_dim", "slice_sizes", "indices_are_sorted",
    ]);
    expect(names("all-gather")).toEqual(["channel_id", "replica_groups", "constrain_layout", "dimensions", "use_global_device_ids"]);
    expect(names("reduce-scatter")).toEqual(["channel_id", "replica_groups", "constrain_layout", "use_global_device_ids", "dimensions", "to_apply"]);
    expect(names("async-start")).toEqual(["async_execution_thread", "calls"]);
  });
});
