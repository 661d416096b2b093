/**
 * `fusion` and `bitcast`, the two ops every optimized XLA dump holds, through
 * every layer: parsing a dump-style module (%-names, operand shapes,
 * metadata), shape rules, the verifier, printing, the builder, inlining and
 * evaluation. Bitcast is layout-aware: it keeps the operand's physical element
 * sequence, so f32[2,3]{1,0} -> f32[3,2]{0,1} is logically a transpose.
 */
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import {
  type ArrayLiteral,
  type LiteralData,
  type HloModule,
  ParseError,
  ShapeError,
  inline,
  literal,
  parseHloModule,
  printHloModule,
  scalar,
  shape,
  toNested,
  verificationProblems,
  verifyModule,
} from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { physicalOffsets } from "../packages/interpreter/src/kernels/data_movement/bitcast.ts";

/** A literal's storage as plain numbers (these tests use no 64-bit integers). */
const numbers = (d: LiteralData): number[] => Array.from<number | bigint, number>(d, (v) => Number(v));

const DUMP = `HloModule jit_f, entry_computation_layout={(f32[2,3]{1,0}, f32[3]{0})->f32[3,2]{0,1}}

%fused_computation (param_0: f32[2,3], param_1: f32[3]) -> f32[2,3] {
  %param_0 = f32[2,3]{1,0} parameter(0)
  %param_1 = f32[3]{0} parameter(1)
  %broadcast.1 = f32[2,3]{1,0} broadcast(f32[3]{0} %param_1), dimensions={1}
  ROOT %add.1 = f32[2,3]{1,0} add(f32[2,3]{1,0} %param_0, f32[2,3]{1,0} %broadcast.1)
}

ENTRY %main.5 (p0: f32[2,3], p1: f32[3]) -> f32[3,2] {
  %p0 = f32[2,3]{1,0} parameter(0)
  %p1 = f32[3]{0} parameter(1)
  %fusion = f32[2,3]{1,0} fusion(f32[2,3]{1,0} %p0, f32[3]{0} %p1), kind=kLoop, calls=%fused_computation, metadata={op_name="jit(f)/add"}
  ROOT %bitcast = f32[3,2]{0,1} bitcast(f32[2,3]{1,0} %fusion)
}
`;

const P0 = literal("f32", [2, 3], [1, 2, 3, 4, 5, 6]);
const P1 = literal("f32", [3], [10, 20, 30]);

function arrayOf(l: unknown): ArrayLiteral {
  return l as ArrayLiteral;
}

/** A one-instruction bitcast module: parameter of `from`, bitcast to `to`. */
function bitcastModule(from: string, to: string): HloModule {
  return parseHloModule(`HloModule m\n\nENTRY e {\n  p = ${from} parameter(0)\n  ROOT b = ${to} bitcast(p)\n}\n`);
}

describe("an XLA dump with a fusion and a layout-changing bitcast", () => {
  it("parses, verifies and evaluates: the fusion adds, the bitcast transposes", () => {
    const m = parseHloModule(DUMP);
    verifyModule(m);
    const fusion = m.computations.find((c) => c.name === "main.5")?.instructions.find((i) => i.opcode === "fusion");
    expect(fusion?.attributes).toEqual({ kind: "kLoop" });
    expect(fusion?.called).toEqual(["fused_computation"]);
    // fusion = [[11,22,33],[14,25,36]]; its physical sequence 11,22,33,14,25,36
    // fills f32[3,2]{0,1} column by column.
    const out = arrayOf(evaluate(m, [P0, P1]));
    expect(out.shape).toEqual({ elementType: "f32", dimensions: [3, 2], layout: [0, 1] });
    expect(toNested(out)).toEqual([[11, 14], [22, 25], [33, 36]]);
  });

  it("prints kind= then calls=, without sigils, and the print parses back to the same text", () => {
    const printed = printHloModule(parseHloModule(DUMP));
    expect(printed).toContain("fusion = f32[2,3]{1,0} fusion(p0, p1), kind=kLoop, calls=fused_computation, metadata={op_name=\"jit(f)/add\"}\n");
    expect(printed).toContain("ROOT bitcast = f32[3,2]{0,1} bitcast(fusion)\n");
    expect(printHloModule(parseHloModule(printed))).toBe(printed);
    expect(arrayOf(evaluate(parseHloModule(printed), [P0, P1])).data).toEqual(new Float64Array([11, 14, 22, 25, 33, 36]));
  });

  it("inlines the fusion like a call, keeping the values and the bitcast's meaning", () => {
    const inlined = inline.run(parseHloModule(DUMP));
    const entry = inlined.computations.find((c) => c.name === inlined.entry);
    expect(entry?.instructions.map((i) => i.opcode)).toEqual(["parameter", "parameter", "broadcast", "add", "bitcast"]);
    verifyModule(inlined);
    expect(toNested(arrayOf(evaluate(inlined, [P0, P1])))).toEqual([[11, 14], [22, 25], [33, 36]]);
  });

  it("refuses a fusion without kind= or with an unknown kind, naming the attribute", () => {
    const without = DUMP.replace("kind=kLoop, ", "");
    expect(() => parseHloModule(without)).toThrow(ParseError);
    expect(() => parseHloModule(without)).toThrow("attribute kind is expected but not seen for fusion");
    expect(() => parseHloModule(DUMP.replace("kind=kLoop", "kind=kFancy"))).toThrow("expects a fusion kind (one of kLoop, kInput, kOutput, kCustom)");
    expect(() => parseHloModule(DUMP.replace("calls=%fused_computation", "calls=%nowhere"))).toThrow("computation does not exist: nowhere");
  });

  it("the verifier reports a fusion whose operands do not match the fused parameters", () => {
    const bad = DUMP.replace("fusion(f32[2,3]{1,0} %p0, f32[3]{0} %p1)", "fusion(f32[3]{0} %p1, f32[2,3]{1,0} %p0)");
    const problems = verificationProblems(parseHloModule(bad));
    expect(problems.join("\n")).toContain("fusion: Shape mismatch between parameter number 0 and its operand: parameter shape f32[2,3], operand shape f32[3].");
  });
});

describe("bitcast evaluation follows the layouts", () => {
  it("reads a column-major operand in its physical order", () => {
    // [[1,2],[3,4],[5,6]] stored {0,1} is 1,3,5,2,4,6 in memory.
    const out = arrayOf(evaluate(bitcastModule("f32[3,2]{0,1}", "f32[6]{0}"), [literal("f32", [3, 2], [1, 2, 3, 4, 5, 6])]));
    expect(numbers(out.data)).toEqual([1, 3, 5, 2, 4, 6]);
  });

  it("between two non-default layouts, the physical sequence carries over", () => {
    // Operand physical: 1,3,5,2,4,6; result f32[2,3]{0,1} fills column by column: [[1,5,4],[3,2,6]].
    const out = arrayOf(evaluate(bitcastModule("f32[3,2]{0,1}", "f32[2,3]{0,1}"), [literal("f32", [3, 2], [1, 2, 3, 4, 5, 6])]));
    expect(toNested(out)).toEqual([[1, 5, 4], [3, 2, 6]]);
  });

  it("with default layouts is a row-major reshape, keeping NaN, -0 and infinities", () => {
    const out = arrayOf(evaluate(bitcastModule("f64[2,2]", "f64[4]"), [literal("f64", [2, 2], [Number.NaN, -0, Infinity, -Infinity])]));
    expect(numbers(out.data)).toEqual([Number.NaN, -0, Infinity, -Infinity]);
    expect(Object.is(out.data[1], -0)).toBe(true);
  });

  it("handles scalars, size-1 and zero-sized shapes", () => {
    expect(numbers(arrayOf(evaluate(bitcastModule("s32[]", "s32[1,1]{0,1}"), [scalar(7, "s32")])).data)).toEqual([7]);
    const empty = arrayOf(evaluate(bitcastModule("f32[0,3]{0,1}", "f32[3,0]{0,1}"), [literal("f32", [0, 3], [])]));
    expect(empty.shape.dimensions).toEqual([3, 0]);
    expect(empty.data.length).toBe(0);
  });

  it("lists a rank-3 layout's physical order as row-major offsets", () => {
    // dims [2,2,2], minor_to_major {0,2,1}: dim 1 outermost, then 2, then 0 innermost.
    expect(Array.from(physicalOffsets([2, 2, 2], [0, 2, 1]))).toEqual([0, 4, 1, 5, 2, 6, 3, 7]);
    expect(Array.from(physicalOffsets([2, 3], [1, 0]))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Array.from(physicalOffsets([2, 3], [0, 1]))).toEqual([0, 3, 1, 4, 2, 5]);
  });

  it("a bitcast that changes the element type reinterprets the bytes, as the evaluator's memcpy does", () => {
    const m = bitcastModule("f32[2]", "s32[2]");
    verifyModule(m);
    // f32 1 and 2 are 0x3f800000 and 0x40000000.
    expect(numbers(arrayOf(evaluate(m, [literal("f32", [2], [1, 2])])).data)).toEqual([1065353216, 1073741824]);
    // f32[2] and f16[4] are both 8 bytes; little-endian halves: 0x0000, 0x3f80 (1.875), 0x0000, 0x4000 (2).
    const halves = bitcastModule("f32[2]", "f16[4]");
    verifyModule(halves);
    expect(numbers(arrayOf(evaluate(halves, [literal("f32", [2], [1, 2])])).data)).toEqual([0, 1.875, 0, 2]);
  });
});

describe("bitcast and fusion shape rules", () => {
  it("a bitcast must keep the byte size", () => {
    const problems = verificationProblems(bitcastModule("s32[2]", "f32[3]"));
    expect(problems.join("\n")).toContain("bitcast: Bitcast cannot have different shape sizes of output (12) and operand (8) (f32[3]) (s32[2]).");
    const b = new XlaBuilder("b");
    const x = b.parameter(0, shape("f32", [2, 3]), "x");
    expect(() => b.bitcast(x, shape("f32", [5]))).toThrow(ShapeError);
    expect(() => b.bitcast(x, shape("f32", [5]))).toThrow("bitcast: Bitcast cannot have different shape sizes of output (20) and operand (24)");
    // pred takes a byte, as in XLA: pred[4] and u8[4] are the same size.
    expect(verificationProblems(bitcastModule("pred[4]", "u8[4]"))).toEqual([]);
  });

  it("the builder records a fusion and a bitcast that evaluate like the dump", () => {
    const fb = new XlaBuilder("fused");
    const a = fb.parameter(0, shape("f32", [2, 3]), "a");
    const v = fb.parameter(1, shape("f32", [3]), "v");
    fb.add(a, fb.broadcastInDim(v, [2, 3], [1]));
    const fused = fb.build();
    const b = new XlaBuilder("main");
    const p0 = b.parameter(0, shape("f32", [2, 3]), "p0");
    const p1 = b.parameter(1, shape("f32", [3]), "p1");
    const f = b.fusion(fused, [p0, p1]);
    const m = b.build(b.bitcast(f, shape("f32", [3, 2], [0, 1])));
    verifyModule(m);
    expect(printHloModule(m)).toContain("fusion(p0, p1), kind=kLoop, calls=fused");
    expect(toNested(arrayOf(evaluate(m, [P0, P1])))).toEqual([[11, 14], [22, 25], [33, 36]]);
  });

  it("a fusion's operands must match the fused computation's parameters", () => {
    const fb = new XlaBuilder("fused");
    fb.neg(fb.parameter(0, shape("f32", [2]), "a"));
    const fused = fb.build();
    const b = new XlaBuilder("main");
    const x = b.parameter(0, shape("f32", [3]), "x");
    expect(() => b.fusion(fused, [x], "kInput")).toThrow(ShapeError);
    expect(() => b.fusion(fused, [x], "kInput")).toThrow(
      "fusion: Shape mismatch between parameter number 0 and its operand: parameter shape f32[2], operand shape f32[3].",
    );
    expect(() => b.fusion(fused, [x, x])).toThrow(
      "fusion: Fused parameter count (1) does not match the number of operands (2) passed to the fusion instruction; fused computation signature: (f32[2]) -> f32[2].",
    );
  });
});
