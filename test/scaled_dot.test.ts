/**
 * scaled-dot through every layer. XLA CPU has no scaled-dot kernel, so the
 * values are XLA CPU's for the module XLA's ScaledDotRewriter lowers each case
 * to (convert to a common type, broadcast each scale over its block, multiply,
 * dot); packages/interpreter/testdata/scaled_dot_goldens.json holds both
 * modules. Also: text as XLA prints it, the shape rule's messages, the builder.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import { type ArrayLiteral, type ElementType, type Shape, inferShape, literal, parseHloModule, printHloModule, shape, shapeToString, verifyModule } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

interface Tensor {
  readonly type: ElementType;
  readonly shape: readonly number[];
  readonly values: readonly number[];
}
interface GoldenCase {
  readonly name: string;
  readonly hlo: string;
  readonly lowered: string;
  readonly inputs: readonly Tensor[];
  readonly output: Tensor;
}
const golden = JSON.parse(
  readFileSync(new URL("../packages/interpreter/testdata/scaled_dot_goldens.json", import.meta.url), "utf8"),
) as { readonly cases: readonly GoldenCase[] };

const toLiteral = (t: Tensor) => literal(t.type, [...t.shape], [...t.values]);
const run = (text: string, inputs: readonly Tensor[]) => evaluate(parseHloModule(text), inputs.map(toLiteral)) as ArrayLiteral;

describe("scaled-dot evaluates as XLA CPU runs its ScaledDotRewriter lowering", () => {
  for (const c of golden.cases) {
    it(c.name, () => {
      verifyModule(parseHloModule(c.hlo));
      const out = run(c.hlo, c.inputs);
      expect(shapeToString(out.shape)).toBe(`${c.output.type}[${c.output.shape.join(",")}]`);
      expect(Array.from(out.data, Number)).toEqual(c.output.values);
      // The lowered module, on minixla, agrees too.
      expect(Array.from(run(c.lowered, c.inputs).data, Number)).toEqual(c.output.values);
    });
  }
});

describe("scaled-dot text", () => {
  it("prints dot's attributes in XLA's order, a default precision dropped", () => {
    for (const c of golden.cases) {
      const printed = printHloModule(parseHloModule(c.hlo));
      const line = c.hlo.split("\n").find((l) => l.includes("scaled-dot(")) ?? "";
      expect(printed).toContain(line.slice(line.indexOf("scaled-dot(")));
      expect(printHloModule(parseHloModule(printed))).toBe(printed);
    }
    const batch = golden.cases.find((c) => c.name === "batch_f32_scale")?.hlo ?? "";
    // XLA's to_string of this line: lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={0}, rhs_contracting_dims={1}.
    expect(printHloModule(parseHloModule(batch.replace("rhs_contracting_dims={1}", "rhs_contracting_dims={1}, operand_precision={high,default}")))).toContain(
      "scaled-dot(lhs, rhs, lhs_scale, rhs_scale), lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={0}, rhs_contracting_dims={1}, operand_precision={high,default}",
    );
  });
});

describe("scaled-dot shape rule", () => {
  const infer = (lhs: Shape, rhs: Shape, ls: Shape, rs: Shape, declared?: Shape) => () => inferShape({
    opcode: "scaled-dot",
    operands: [lhs, rhs, ls, rs],
    attributes: { lhsBatchDimensions: [], rhsBatchDimensions: [], lhsContractingDimensions: [1], rhsContractingDimensions: [0] },
    called: [],
    declared,
  });
  const f8 = (...d: number[]) => shape("f8e4m3fn", d);
  const e8 = (...d: number[]) => shape("f8e8m0fnu", d);

  it("gives dot's result shape, in the declared type", () => {
    expect(infer(f8(128, 128), f8(128, 256), e8(128, 4), e8(4, 256), shape("bf16", []))()).toEqual(shape("bf16", [128, 256]));
    expect(infer(shape("f32", [2, 8]), f8(8, 3), shape("f32", []), e8(1, 3))()).toEqual(shape("f32", [2, 3]));
  });

  it("refuses scales that do not tile their operand, with ScaledDotRewriter's messages", () => {
    expect(infer(f8(4, 64), f8(64, 3), e8(4), e8(2, 3))).toThrow("scaled-dot: LHS: operand and scale must have the same rank: 2 vs 1");
    expect(infer(f8(4, 64), f8(64, 3), e8(4, 2), e8(3, 3))).toThrow(
      "scaled-dot: RHS: operand and scale dimensions must match or scale dimension must be divider of operand dimension: 64 vs 3 at index 0",
    );
    expect(infer(f8(4, 64), f8(32, 3), e8(4, 2), e8(2, 3))).toThrow("Contracting dimension sizes are not compatible");
  });
});

describe("XlaBuilder.scaledDot", () => {
  it("records scaled-dot, which evaluates as the golden", () => {
    const c = golden.cases.find((x) => x.name === "scalar_and_bf16");
    if (c === undefined) throw new Error("missing case");
    const b = new XlaBuilder("scaled_dot_builder");
    const ops = c.inputs.map((t, i) => b.parameter(i, shape(t.type, [...t.shape]), ["lhs", "rhs", "lhs_scale", "rhs_scale"][i]));
    const out = b.scaledDot(ops[0], ops[1], ops[2], ops[3], { lhsContractingDimensions: [1], rhsContractingDimensions: [0] }, "f32");
    expect(out.shape).toEqual(shape("f32", [3, 2]));
    const m = b.build(out);
    verifyModule(m);
    expect(Array.from((evaluate(m, c.inputs.map(toLiteral)) as ArrayLiteral).data, Number)).toEqual(c.output.values);
  });
});
