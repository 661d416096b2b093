import { describe, expect, it } from "vitest";
import { literal, scalar } from "../literal.ts";
import { createModule } from "../module.ts";
import { parseHloModule } from "./parser.ts";
import { printHloModule } from "./printer.ts";

/** Text that is already in the printer's canonical form must come back unchanged. */
const canonical = (text: string) => expect(printHloModule(parseHloModule(text))).toBe(text);

const ADD = "add {\n  lhs = f32[] parameter(0)\n  rhs = f32[] parameter(1)\n  ROOT sum = f32[] add(lhs, rhs)\n}\n\n";

describe("printHloModule", () => {
  it("prints the header with the entry layout, then computations callees-first with ROOT and layouts", () => {
    canonical(
      "HloModule m, is_scheduled=true, entry_computation_layout={(f32[2,3]{1,0}, f32[])->f32[2]{0}}\n\n" +
        ADD +
        "ENTRY main {\n  x = f32[2,3]{1,0} parameter(0)\n  z = f32[] parameter(1)\n  ROOT r = f32[2]{0} reduce(x, z), dimensions={1}, to_apply=add\n}\n",
    );
  });

  it("prints every attribute form in XLA's order and spelling", () => {
    canonical(
      "HloModule m, entry_computation_layout={(f32[4,6]{1,0}, s32[4,1]{1,0})->(f32[6,4]{0,1}, pred[4,6]{1,0}, f32[2,2]{1,0}, f32[9,5]{1,0}, s32[4,5]{1,0}, /*index=5*/f32[4,6]{1,0}, f32[4,6]{1,0}, f32[2,3]{1,0}, f32[4,4]{1,0}, f32[4,6]{1,0})}\n\n" +
        ADD +
        "lt {\n  la = f32[] parameter(0)\n  lb = f32[] parameter(1)\n  ROOT lc = pred[] compare(la, lb), direction=LT\n}\n\n" +
        "ENTRY main {\n" +
        "  x = f32[4,6]{1,0} parameter(0)\n" +
        "  i = s32[4,1]{1,0} parameter(1)\n" +
        "  z = f32[] constant(0)\n" +
        "  t = f32[6,4]{0,1} transpose(x), dimensions={1,0}\n" +
        "  c = pred[4,6]{1,0} compare(x, x), direction=LT, type=TOTALORDER\n" +
        "  s = f32[2,2]{1,0} slice(x), slice={[1:4:2], [0:6:3]}\n" +
        "  p = f32[9,5]{1,0} pad(x, z), padding=1_-1_1x2_-3_0\n" +
        "  io = s32[4,5]{1,0} iota(), iota_dimension=1\n" +
        "  b = f32[4,6]{1,0} broadcast(z), dimensions={}\n" +
        "  so = f32[4,6]{1,0} sort(x), dimensions={1}, is_stable=true, to_apply=lt\n" +
        "  rw = f32[2,3]{1,0} reduce-window(x, z), window={size=2x2 stride=2x2 pad=0_1x1_0}, to_apply=add\n" +
        "  d = f32[4,4]{1,0} dot(x, x), lhs_contracting_dims={1}, rhs_contracting_dims={1}, operand_precision={high,default}\n" +
        "  g = f32[4,6]{1,0} gather(x, i), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,6}, indices_are_sorted=true\n" +
        "  ROOT tu = (f32[6,4]{0,1}, pred[4,6]{1,0}, f32[2,2]{1,0}, f32[9,5]{1,0}, s32[4,5]{1,0}, /*index=5*/f32[4,6]{1,0}, f32[4,6]{1,0}, f32[2,3]{1,0}, f32[4,4]{1,0}, f32[4,6]{1,0}) tuple(t, c, s, p, io, so, b, rw, d, g)\n" +
        "}\n",
    );
  });

  it("prints a dot's contracting dims even when empty, and its precisions in lower case, as XLA does", () => {
    const text =
      "HloModule m, entry_computation_layout={(f32[3]{0}, f32[4]{0})->f32[3,4]{1,0}}\n\n" +
      "ENTRY main {\n  x = f32[3]{0} parameter(0)\n  y = f32[4]{0} parameter(1)\n" +
      "  ROOT d = f32[3,4]{1,0} dot(x, y), operand_precision={HIGH,default}\n}\n";
    expect(printHloModule(parseHloModule(text))).toBe(
      text.replace("dot(x, y), operand_precision={HIGH,default}", "dot(x, y), lhs_contracting_dims={}, rhs_contracting_dims={}, operand_precision={high,default}"),
    );
  });

  it("prints a compare's type only when it is not the default for the operand type, as XLA does", () => {
    const text =
      "HloModule m, entry_computation_layout={(f32[2]{0}, s32[2]{0}, u8[2]{0})->(pred[2]{0}, pred[2]{0}, pred[2]{0}, pred[2]{0})}\n\n" +
      "ENTRY main {\n  x = f32[2]{0} parameter(0)\n  i = s32[2]{0} parameter(1)\n  u = u8[2]{0} parameter(2)\n" +
      "  a = pred[2]{0} compare(x, x), direction=LT, type=FLOAT\n" +
      "  b = pred[2]{0} compare(i, i), direction=LT, type=SIGNED\n" +
      "  c = pred[2]{0} compare(u, u), direction=LT, type=UNSIGNED\n" +
      "  d = pred[2]{0} compare(x, x), direction=LT, type=TOTALORDER\n" +
      "  ROOT t = (pred[2]{0}, pred[2]{0}, pred[2]{0}, pred[2]{0}) tuple(a, b, c, d)\n}\n";
    expect(printHloModule(parseHloModule(text))).toBe(text.replace(", type=FLOAT", "").replace(", type=SIGNED", "").replace(", type=UNSIGNED", ""));
  });

  it("prints is_scheduled and input_output_alias before entry_computation_layout and other header attributes after, as XLA does", () => {
    const text =
      'HloModule m, entry_computation_layout={(f32[])->f32[]}, frontend_attributes={a="b"}, input_output_alias={ {}: (0, {}, may-alias) }, is_scheduled=true\n\n' +
      "ENTRY main {\n  ROOT p = f32[] parameter(0)\n}\n";
    expect(printHloModule(parseHloModule(text))).toBe(
      'HloModule m, is_scheduled=true, input_output_alias={ {}: (0, {}, may-alias) }, entry_computation_layout={(f32[])->f32[]}, frontend_attributes={a="b"}\n\n' +
        "ENTRY main {\n  ROOT p = f32[] parameter(0)\n}\n",
    );
  });

  it("prints conditionals in the pred and the indexed form, while loops and custom-calls", () => {
    canonical(
      "HloModule m, entry_computation_layout={(pred[], s32[])->s32[]}\n\n" +
        "neg {\n  np = s32[] parameter(0)\n  ROOT nn = s32[] negate(np)\n}\n\n" +
        "cond {\n  cp = s32[] parameter(0)\n  k = s32[] constant(3)\n  ROOT lt = pred[] compare(cp, k), direction=LT\n}\n\n" +
        "ENTRY main {\n  q = pred[] parameter(0)\n  x = s32[] parameter(1)\n" +
        "  a = s32[] conditional(q, x, x), true_computation=neg, false_computation=neg\n" +
        "  b = s32[] conditional(x, a, a), branch_computations={neg, neg}\n" +
        "  w = s32[] while(b), condition=cond, body=neg\n" +
        '  ROOT cc = s32[] custom-call(w), custom_call_target="Sharding", sharding={replicated}\n}\n',
    );
  });

  it("prints constants of every element type as XLA does", () => {
    const types = ["pred", "s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "f16", "bf16", "f32", "f64"] as const;
    const body = types.map((t) => `  c_${t} = ${t}[2]{0} constant({${t === "pred" ? "0, 1" : "1, 0"}})`).join("\n");
    const floats = "  f = f64[6]{0} constant({0.5, 1e-05, inf, -inf, nan, 0})\n  h = f32[] constant(0.797884583)\n  ROOT t = pred[] constant(true)";
    canonical(`HloModule m, entry_computation_layout={()->pred[]}\n\nENTRY main {\n${body}\n${floats}\n}\n`);
  });

  it("prints a module built in memory, with the default layout where none is stored", () => {
    const m = createModule({
      name: "built",
      entry: "main",
      computations: [{
        name: "main",
        root: "sum",
        instructions: [
          { name: "x", opcode: "parameter", operands: [], shape: { elementType: "f64", dimensions: [2, 3] }, attributes: { parameterNumber: 0 }, called: [] },
          { name: "v", opcode: "constant", operands: [], shape: { elementType: "f64", dimensions: [3] }, attributes: { literal: literal("f64", [3], [1, 2.5, -3]) }, called: [] },
          { name: "s", opcode: "constant", operands: [], shape: { elementType: "f64", dimensions: [] }, attributes: { literal: scalar(2) }, called: [] },
          { name: "sum", opcode: "add", operands: ["x", "v"], shape: { elementType: "f64", dimensions: [2, 3] }, attributes: { broadcastDimensions: [1] }, called: [] },
        ],
      }],
    });
    expect(printHloModule(m)).toBe(
      "HloModule built, entry_computation_layout={(f64[2,3]{1,0})->f64[2,3]{1,0}}\n\n" +
        "ENTRY main {\n  x = f64[2,3]{1,0} parameter(0)\n  v = f64[3]{0} constant({1, 2.5, -3})\n  s = f64[] constant(2)\n" +
        "  ROOT sum = f64[2,3]{1,0} add(x, v), broadcast_dimensions={1}\n}\n",
    );
  });
});
