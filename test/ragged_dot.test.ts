/**
 * ragged-dot through every layer: the shape rule against XLA's own
 * shape_inference_test.cc cases and messages, text as XLA prints it, the
 * builder, and the interpreter against the values of JAX's
 * lax.ragged_dot_general on XLA CPU (packages/interpreter/testdata/
 * ragged_dot_goldens.json; XLA CPU itself has no ragged-dot kernel). The three
 * modes: ragged non-contracting, contracting and batch dimension.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import {
  type ArrayLiteral,
  type ElementType,
  type Shape,
  inferShape,
  literal,
  parseHloModule,
  printHloModule,
  shape,
  shapeToString,
  verifyModule,
} from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

interface Tensor {
  readonly type: ElementType;
  readonly shape: readonly number[];
  readonly values: readonly number[];
}
interface GoldenCase {
  readonly name: string;
  readonly hlo: string;
  readonly inputs: readonly Tensor[];
  readonly output: Tensor;
}
const golden = JSON.parse(
  readFileSync(new URL("../packages/interpreter/testdata/ragged_dot_goldens.json", import.meta.url), "utf8"),
) as { readonly cases: readonly GoldenCase[] };

const toLiteral = (t: Tensor) => literal(t.type, [...t.shape], t.type === "s64" ? t.values.map((v) => BigInt(v)) : [...t.values]);

describe("ragged-dot evaluates as XLA CPU (JAX's ragged_dot_general)", () => {
  for (const c of golden.cases) {
    it(c.name, () => {
      const m = parseHloModule(c.hlo);
      verifyModule(m);
      const out = evaluate(m, c.inputs.map(toLiteral)) as ArrayLiteral;
      expect(shapeToString(out.shape)).toBe(`${c.output.type}[${c.output.shape.join(",")}]`);
      expect(Array.from(out.data, Number)).toEqual(c.output.values);
    });
  }
});

describe("ragged-dot text", () => {
  it("prints its attributes in XLA's order, dropping empty ones", () => {
    for (const c of golden.cases) {
      const printed = printHloModule(parseHloModule(c.hlo));
      // The generator writes the attributes as XLA's to_string prints them (checked with hlo_module_from_text).
      const line = c.hlo.split("\n").find((l) => l.includes("ragged-dot(")) ?? "";
      expect(printed).toContain(line.slice(line.indexOf("ragged-dot(")));
      expect(printHloModule(parseHloModule(printed))).toBe(printed);
    }
  });

  it("keeps a non-default operand_precision, as XLA does", () => {
    const text = golden.cases[0].hlo.replace("rhs_group_dims={0}", "rhs_group_dims={0}, operand_precision={high,highest}");
    expect(printHloModule(parseHloModule(text))).toContain("rhs_group_dims={0}, operand_precision={high,highest}");
    const defaults = golden.cases[0].hlo.replace("rhs_group_dims={0}", "rhs_group_dims={0}, operand_precision={default,default}");
    expect(printHloModule(parseHloModule(defaults))).not.toContain("operand_precision");
  });
});

describe("ragged-dot shape rule (XLA's shape_inference_test.cc cases)", () => {
  const infer = (lhs: Shape, rhs: Shape, groupSizes: Shape, dims: {
    lb?: number[]; rb?: number[]; lc: number[]; rc: number[]; ragged: number[]; group?: number[];
  }, declared?: Shape) => () => inferShape({
    opcode: "ragged-dot",
    operands: [lhs, rhs, groupSizes],
    attributes: {
      lhsBatchDimensions: dims.lb ?? [], rhsBatchDimensions: dims.rb ?? [], lhsContractingDimensions: dims.lc,
      rhsContractingDimensions: dims.rc, lhsRaggedDimensions: dims.ragged, rhsGroupDimensions: dims.group ?? [],
    },
    called: [],
    declared,
  });
  const f32 = (...d: number[]) => shape("f32", d);
  const u32 = (...d: number[]) => shape("u32", d);

  it("infers the three modes' result shapes", () => {
    expect(infer(f32(11, 5), f32(3, 5, 7), u32(3), { lc: [1], rc: [1], ragged: [0], group: [0] })()).toEqual(f32(11, 7));
    expect(infer(f32(11, 5), f32(5, 7), u32(3), { lc: [1], rc: [0], ragged: [1] })()).toEqual(f32(3, 11, 7));
    expect(infer(f32(3, 11, 5), f32(3, 5, 7), u32(3), { lb: [0], rb: [0], lc: [2], rc: [1], ragged: [0] })()).toEqual(f32(3, 11, 7));
    expect(infer(shape("s8", [11, 5]), shape("s8", [5, 7]), u32(3), { lc: [1], rc: [0], ragged: [1] }, shape("s32", []))()).toEqual(shape("s32", [3, 11, 7]));
    // Repeated sizes and a [g] group_sizes, broadcast.
    const big = { lb: [0, 1], rb: [1, 2], lc: [4], rc: [3], ragged: [3], group: [0] };
    expect(infer(f32(64, 64, 32, 32, 128), f32(3, 64, 64, 128, 32), u32(64, 64, 32, 3), big)()).toEqual(f32(64, 64, 32, 32, 32));
    expect(infer(f32(64, 64, 32, 32, 128), f32(3, 64, 64, 128, 32), u32(3), big)()).toEqual(f32(64, 64, 32, 32, 32));
  });

  it("refuses what XLA refuses, with its messages", () => {
    expect(infer(f32(11, 5), f32(3, 2, 7), u32(3), { lc: [1], rc: [1], ragged: [0], group: [0] })).toThrow("Contracting dimension sizes are not compatible");
    expect(infer(f32(11, 5), f32(3, 5, 7), u32(3), { lc: [1], rc: [1], ragged: [0, 1], group: [0] })).toThrow(
      "ragged-dot: There must be exactly one ragged dimension in the lhs.",
    );
    expect(infer(f32(11, 5), f32(3, 5, 7), u32(3), { lc: [1], rc: [1], ragged: [2], group: [0] })).toThrow("lhs ragged dimension 2 is out of range [0, 2)");
    expect(infer(f32(11, 5), f32(3, 5, 7), u32(2, 3), { lc: [1], rc: [1], ragged: [0], group: [0] })).toThrow("expected group_sizes to have rank 1, got 2");
    expect(infer(f32(19, 17, 11, 5), f32(3, 19, 5, 7), u32(19, 11, 3), { lb: [0], rb: [1], lc: [3], rc: [2], ragged: [2], group: [0] })).toThrow(
      "group_sizes is expected to have shape [19, 17, 3], got [19, 11, 3]",
    );
    expect(infer(f32(19, 11, 17, 5), f32(19, 17, 5, 7), u32(19, 11, 3), { lb: [0], rb: [0], lc: [2, 3], rc: [1, 2], ragged: [3] })).toThrow(
      "group_sizes is expected to have shape [19, 17, 3], got [19, 11, 3]",
    );
    expect(infer(f32(17, 19, 11, 5), f32(17, 19, 5, 7), u32(19, 3), { lb: [0, 1], rb: [0, 1], lc: [3], rc: [2], ragged: [1] })).toThrow(
      "group_sizes is expected to have shape [17, 3], got [19, 3]",
    );
    expect(infer(f32(19, 11, 5), f32(19, 5, 7), u32(19, 3), { lb: [0], rb: [0], lc: [2], rc: [1], ragged: [1], group: [0] })).toThrow(
      "rhs group dimension cannot be a batch or contracting dimension",
    );
    expect(infer(f32(11, 3), f32(3, 3, 7), u32(3), { lc: [1], rc: [1], ragged: [0], group: [1] })).toThrow(
      "rhs group dimension cannot be a batch or contracting dimension",
    );
    expect(infer(f32(11, 5), f32(3, 5, 7), u32(2), { lc: [1], rc: [1], ragged: [0], group: [0] })).toThrow("rhs group dimension is expected to have size=2, got 3");
    expect(infer(f32(2, 11, 5), f32(3, 2, 5, 7), u32(3), { lb: [0], rb: [1], lc: [2], rc: [2], ragged: [0], group: [0] })).toThrow(
      "There must be zero group dimensions in the rhs",
    );
    expect(infer(f32(11, 5), f32(3, 5, 7), u32(3), { lc: [1], rc: [1], ragged: [1], group: [0] })).toThrow("There must be zero group dimensions in the rhs");
    expect(infer(f32(11, 5), f32(5, 7), u32(3), { lc: [1], rc: [0], ragged: [0] })).toThrow("There must be exactly one group dimension in the rhs");
  });
});

describe("XlaBuilder.raggedDot", () => {
  it("records the op that XLA's RaggedDot does, and it evaluates", () => {
    const c = golden.cases[0];
    const b = new XlaBuilder("ragged_dot_builder");
    const lhs = b.parameter(0, shape("f32", [5, 3]), "lhs");
    const rhs = b.parameter(1, shape("f32", [2, 3, 2]), "rhs");
    const gs = b.parameter(2, shape("s32", [2]), "group_sizes");
    const out = b.raggedDot(lhs, rhs, gs, { lhsContractingDimensions: [1], rhsContractingDimensions: [1], lhsRaggedDimensions: [0], rhsGroupDimensions: [0] });
    expect(out.shape).toEqual(shape("f32", [5, 2]));
    const m = b.build(out);
    verifyModule(m);
    expect(printHloModule(m)).toContain("ragged-dot(lhs, rhs, group_sizes), lhs_contracting_dims={1}, rhs_contracting_dims={1}, lhs_ragged_dims={0}, rhs_group_dims={0}");
    expect(Array.from((evaluate(m, c.inputs.map(toLiteral)) as ArrayLiteral).data, Number)).toEqual(c.output.values);
    expect(() => b.raggedDot(lhs, rhs, gs, { lhsContractingDimensions: [1], rhsContractingDimensions: [1], lhsRaggedDimensions: [0] })).toThrow(
      "There must be exactly one group dimension in the rhs",
    );
  });
});
