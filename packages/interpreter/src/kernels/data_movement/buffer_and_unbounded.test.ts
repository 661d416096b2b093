/**
 * Evaluating XLA's buffer shapes (Pin, Unpin, CreateBuffer) and unbounded
 * dimensions ('?', held at size 0: arguments are empty along them).
 */
import { type ArrayLiteral, EvalError, type TupleLiteral, literal, parseHloModule } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";

describe("buffer custom calls", () => {
  it("Pin holds the value in a b(...) buffer, Unpin reads it back, CreateBuffer is zeros", () => {
    const m = parseHloModule(`HloModule t
ENTRY e {
  x = f32[2] parameter(0)
  p = b(f32[2]) custom-call(x), custom_call_target="Pin"
  u = f32[2] custom-call(p), custom_call_target="Unpin"
  c = b(f32[2]) custom-call(), custom_call_target="CreateBuffer"
  cu = f32[2] custom-call(c), custom_call_target="Unpin"
  ROOT t = (b(f32[2]), f32[2], f32[2]) tuple(p, u, cu)
}`);
    const r = evaluate(m, [literal("f32", [2], [1.5, -2])]);
    const [p, u, c] = (r as TupleLiteral).elements as readonly ArrayLiteral[];
    expect(p.shape).toEqual({ elementType: "f32", dimensions: [2], buffer: true });
    expect(Array.from(p.data as Float64Array)).toEqual([1.5, -2]);
    expect(Array.from(u.data as Float64Array)).toEqual([1.5, -2]);
    expect(Array.from(c.data as Float64Array)).toEqual([0, 0]);
  });
});

describe("unbounded dimensions", () => {
  const m = parseHloModule(`HloModule main
ENTRY e {
  a = f32[?,3] parameter(0)
  ROOT r = f32[?,3] abs(a)
}`);

  it("evaluate on arguments empty along them", () => {
    const r = evaluate(m, [literal("f32", [0, 3], [])]) as ArrayLiteral;
    expect(r.shape.dimensions).toEqual([0, 3]);
  });

  it("refuse a non-empty argument with an EvalError naming the rule", () => {
    expect(() => evaluate(m, [literal("f32", [2, 3], [1, 2, 3, 4, 5, 6])])).toThrow(EvalError);
    expect(() => evaluate(m, [literal("f32", [2, 3], [1, 2, 3, 4, 5, 6])])).toThrow(/holds an unbounded dimension '\?' at size 0/);
  });
});
