import { describe, expect, it } from "vitest";
import { shape } from "../shape.ts";
import { verifyModule } from "../verify/verifier.ts";
import { dce } from "./dce.ts";
import { inline } from "./inline.ts";
import { computation, mainOf, moduleOf, op, param, show } from "./test_support.ts";

const f = shape("f64", [2]);

describe("inline", () => {
  it("replaces a call by the callee's instructions, renamed uniquely, the root taking the call's name", () => {
    const square = computation("square", [param("p", 0, "f64", [2]), op("x", "multiply", ["p", "p"], f), op("y", "negate", ["x"], f)]);
    const main = computation("main", [
      param("x", 0, "f64", [2]),
      op("c1", "call", ["x"], f, {}, ["square"]),
      op("c2", "call", ["c1"], f, {}, ["square"]),
      op("s", "add", ["c1", "c2"], f),
    ]);
    const out = dce.run(inline.run(moduleOf(square, main)));
    verifyModule(out);
    expect(show(out)).toMatchInlineSnapshot(`
      "ENTRY main
        x = f64[2] parameter() {"parameterNumber":0}
        x.1 = f64[2] multiply(x, x)
        c1 = f64[2] negate(x.1)
        x.2 = f64[2] multiply(c1, c1)
        c2 = f64[2] negate(x.2)
        ROOT s = f64[2] add(c1, c2)"
    `);
  });

  it("inlines nested calls in one run and forwards a callee that returns its parameter", () => {
    const id = computation("id", [param("q", 0, "f64", [2])]);
    const twice = computation("twice", [param("p", 0, "f64", [2]), op("ci", "call", ["p"], f, {}, ["id"]), op("d", "add", ["ci", "ci"], f)]);
    const main = computation("main", [param("x", 0, "f64", [2]), op("c", "call", ["x"], f, {}, ["twice"]), op("e", "call", ["c"], f, {}, ["id"])]);
    const out = dce.run(inline.run(moduleOf(id, twice, main)));
    verifyModule(out);
    expect(show(out)).toMatchInlineSnapshot(`
      "ENTRY main
        x = f64[2] parameter() {"parameterNumber":0}
        ROOT c = f64[2] add(x, x)"
    `);
  });

  it("leaves a module without calls untouched", () => {
    const m = mainOf(param("x", 0, "f64", [2]), op("n", "negate", ["x"], f));
    expect(inline.run(m)).toBe(m);
  });
});
