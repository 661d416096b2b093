/**
 * The custom-call targets minixla evaluates, run from HLO text. TopK and the
 * annotations carry values real XLA (jaxlib 0.10.2, CPU, run_hlo.py) computed
 * for the same modules and inputs. XLA CPU refuses PadToStatic ("Custom call
 * target PadToStatic is not implemented"), so SliceToDynamic/PadToStatic
 * follow XLA's dynamic padder: the logical values stay, the sizes move.
 */
import { type ArrayLiteral, EvalError, type Literal, type TupleLiteral, literal, parseHloModule, zeroLiteral } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { isEvaluableCustomCall } from "./targets.ts";

const values = (l: Literal): number[] => Array.from((l as ArrayLiteral).data as Float64Array, Number);
const tupleValues = (l: Literal): number[][] => (l as TupleLiteral).elements.map(values);
const signBits = (l: Literal): boolean[] => {
  const d = (l as ArrayLiteral).data as Float64Array;
  const words = new Int32Array(d.buffer, d.byteOffset, d.length * 2);
  return Array.from(d, (_, i) => words[2 * i + 1] < 0);
};
const negNaN = (() => {
  const v = new DataView(new ArrayBuffer(8));
  v.setUint32(0, 0xfff80000);
  return v.getFloat64(0);
})();

const topkModule = (input: string, output: string, direction = "GT") =>
  parseHloModule(`HloModule t
cmp {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT g = pred[] compare(a, b), direction=${direction}
}
ENTRY main {
  p = ${input} parameter(0)
  ROOT r = ${output} custom-call(p), custom_call_target="TopK", called_computations={cmp}
}`);

describe("custom-call TopK (XLA CPU's kernel)", () => {
  it("takes the k largest of each row, ties by ascending index (XLA CPU's values)", () => {
    const m = topkModule("f32[2,6]", "(f32[2,3], s32[2,3])");
    const r = evaluate(m, [literal("f32", [2, 6], [1, 5, 3, 5, -2, 9, 0, 0, 7, -1, 7, 2])]);
    expect(tupleValues(r)).toEqual([[9, 5, 5, 7, 7, 2], [5, 1, 3, 2, 4, 5]]);
    expect((r as TupleLiteral).elements.map((e) => e.shape)).toEqual([
      { elementType: "f32", dimensions: [2, 3] },
      { elementType: "s32", dimensions: [2, 3] },
    ]);
  });

  it("ignores the comparator: a less-than comparator still gives the largest (as XLA CPU does)", () => {
    const r = evaluate(topkModule("f32[6]", "(f32[3], s32[3])", "LT"), [literal("f32", [6], [1, 5, 3, 5, -2, 9])]);
    expect(tupleValues(r)).toEqual([[9, 5, 5], [5, 1, 3]]);
  });

  it("orders +NaN > +inf > ... > +0 > -0 > -inf > -NaN (XLA CPU's order)", () => {
    const x: ArrayLiteral = { shape: { elementType: "f32", dimensions: [8] }, data: new Float64Array([1, NaN, -0, 0, negNaN, Infinity, -Infinity, 2]) };
    const r = evaluate(topkModule("f32[8]", "(f32[8], s32[8])"), [x]) as TupleLiteral;
    expect(values(r.elements[0])).toEqual([NaN, Infinity, 2, 1, 0, -0, -Infinity, NaN]);
    expect(signBits(r.elements[0])).toEqual([false, false, false, false, false, true, true, true]);
    expect(values(r.elements[1])).toEqual([1, 5, 7, 0, 3, 2, 6, 4]);
  });

  it("refuses a non-f32 input with XLA CPU's message", () => {
    const m = parseHloModule(`HloModule t
ENTRY main {
  p = bf16[6] parameter(0)
  ROOT r = (bf16[3], s32[3]) custom-call(p), custom_call_target="TopK"
}`);
    expect(() => evaluate(m, [literal("bf16", [6], [1, 5, 3, 5, -2, 9])])).toThrow(EvalError);
    expect(() => evaluate(m, [literal("bf16", [6], [1, 5, 3, 5, -2, 9])])).toThrow("TopK expects F32 data type for input");
  });

  it("refuses a result whose k exceeds the row", () => {
    const m = topkModule("f32[2]", "(f32[3], s32[3])");
    expect(() => evaluate(m, [literal("f32", [2], [1, 2])])).toThrow(/k <= 2/);
  });
});

describe("annotations evaluated as identity", () => {
  it("MoveToHost, MoveToDevice, annotate_device_placement, SetBound pass the value through (XLA CPU's values)", () => {
    const m = parseHloModule(`HloModule t
ENTRY main {
  p = f32[3] parameter(0)
  a = f32[3] custom-call(p), custom_call_target="MoveToHost"
  b = f32[3] custom-call(a), custom_call_target="MoveToDevice"
  c = f32[3] custom-call(b), custom_call_target="annotate_device_placement", custom_call_has_side_effect=true, frontend_attributes={_xla_buffer_placement="pinned_host"}
  ROOT d = f32[3] custom-call(c), custom_call_target="SetBound", literal=s32[] 1
}`);
    expect(values(evaluate(m, [literal("f32", [3], [1, 2, 3])]))).toEqual([1, 2, 3]);
  });

  it("refuses an annotation whose result shape is not its operand's", () => {
    const m = parseHloModule(`HloModule t
ENTRY main {
  p = f32[3] parameter(0)
  ROOT a = f32[4] custom-call(p), custom_call_target="MoveToHost"
}`);
    expect(() => evaluate(m, [literal("f32", [3], [1, 2, 3])])).toThrow(/result shape f32\[4\] is not the operand's f32\[3\]/);
  });

  it("lists which targets evaluate", () => {
    for (const t of ["Sharding", "MoveToHost", "MoveToDevice", "annotate_device_placement", "SetBound", "TopK", "SliceToDynamic", "PadToStatic", "xla.sdy.FuncResultSharding"]) {
      expect(isEvaluableCustomCall(t), t).toBe(true);
    }
    expect(isEvaluableCustomCall("__cublas$gemm")).toBe(false);
  });
});

describe("SliceToDynamic and PadToStatic", () => {
  const m = parseHloModule(`HloModule t
ENTRY main {
  p = s32[2,3] parameter(0)
  one = s32[] constant(1)
  three = s32[] constant(3)
  d = s32[<=2,3] custom-call(p, one, three), custom_call_target="SliceToDynamic"
  size = s32[] get-dimension-size(d), dimensions={0}
  pad = (s32[2,3], s32[], s32[]) custom-call(d), custom_call_target="PadToStatic"
  ROOT t = (s32[], (s32[2,3], s32[], s32[])) tuple(size, pad)
}`);

  it("SliceToDynamic sets the dynamic size; PadToStatic returns the data at its bound and every dimension's size", () => {
    const r = evaluate(m, [literal("s32", [2, 3], [10, 11, 12, 13, 14, 15])]) as TupleLiteral;
    expect(values(r.elements[0])).toEqual([1]);
    const pad = r.elements[1] as TupleLiteral;
    expect(pad.elements[0].shape).toEqual({ elementType: "s32", dimensions: [2, 3] });
    // Row 0 lies within the size; row 1 (past it, unspecified in XLA) keeps the held values.
    expect(tupleValues(pad)).toEqual([[10, 11, 12, 13, 14, 15], [1], [3]]);
  });

  it("SliceToDynamic keeps the elements within the sizes (XLA CPU: [[10, 11], [13, 14]])", () => {
    // XLA CPU hands back the dynamic result compacted ([10, 11, 13, 14], then
    // uninitialised memory); minixla holds it at the bound, so the same
    // elements sit at their logical indices.
    const s = parseHloModule(`HloModule t
ENTRY main {
  p = s32[2,3] parameter(0)
  two = s32[] constant(2)
  ROOT d = s32[2,<=3] custom-call(p, two, two), custom_call_target="SliceToDynamic"
}`);
    const r = evaluate(s, [literal("s32", [2, 3], [10, 11, 12, 13, 14, 15])]);
    const v = values(r);
    expect([v[0], v[1], v[3], v[4]]).toEqual([10, 11, 13, 14]);
  });

  it("PadToStatic of a dynamic parameter reports the bound", () => {
    const p = parseHloModule(`HloModule t
ENTRY main {
  p = s32[2,<=2,2] parameter(0)
  ROOT r = (s32[2,2,2], s32[], s32[], s32[]) custom-call(p), custom_call_target="PadToStatic"
}`);
    const x = literal("s32", [2, 2, 2], [1, 2, 3, 4, 5, 6, 7, 8]);
    const r = evaluate(p, [{ ...x, shape: { ...x.shape, dynamicDimensions: [false, true, false] } }]);
    expect(tupleValues(r)).toEqual([[1, 2, 3, 4, 5, 6, 7, 8], [2], [2], [2]]);
  });

  it("SliceToDynamic refuses a size past the bound", () => {
    const bad = parseHloModule(`HloModule t
ENTRY main {
  p = s32[2] parameter(0)
  n = s32[] constant(3)
  ROOT d = s32[<=2] custom-call(p, n), custom_call_target="SliceToDynamic"
}`);
    expect(() => evaluate(bad, [literal("s32", [2], [1, 2])])).toThrow(/size 3 of dimension 0 is outside \[0, 2\]/);
  });
});

describe("token parameters", () => {
  it("an entry computation takes a token[] literal as its argument", () => {
    const m = parseHloModule(`HloModule t
ENTRY main {
  t = token[] parameter(0)
  x = f32[2] parameter(1)
  a = token[] after-all(t)
  n = f32[2] negate(x)
  ROOT r = (f32[2], token[]) tuple(n, a)
}`);
    const r = evaluate(m, [zeroLiteral({ elementType: "token", dimensions: [] }), literal("f32", [2], [1, 2])]) as TupleLiteral;
    expect(values(r.elements[0])).toEqual([-1, -2]);
    expect(r.elements[1].shape).toEqual({ elementType: "token", dimensions: [] });
  });
});
