import { describe, expect, it } from "vitest";
import { shape } from "../shape.ts";
import { verifyModule } from "../verify/verifier.ts";
import { dce } from "./dce.ts";
import { computation, constant, mainOf, moduleOf, op, param, show } from "./test_support.ts";

const f = shape("f64", [2]);

describe("dce", () => {
  it("removes instructions no root depends on, but keeps every parameter", () => {
    const m = mainOf(
      param("x", 0, "f64", [2]),
      param("unused", 1, "f64", [2]),
      constant("k", 3),
      op("dead", "negate", ["x"], f),
      op("dead2", "exponential", ["dead"], f),
      op("live", "abs", ["x"], f),
    );
    const out = dce.run(m);
    verifyModule(out);
    expect(show(out)).toMatchInlineSnapshot(`
      "ENTRY main
        x = f64[2] parameter() {"parameterNumber":0}
        unused = f64[2] parameter() {"parameterNumber":1}
        ROOT live = f64[2] abs(x)"
    `);
  });

  it("removes computations unreachable from the entry and keeps those called", () => {
    const used = computation("used", [param("p", 0, "f64", [2]), op("pn", "negate", ["p"], f)]);
    const orphan = computation("orphan", [param("q", 0, "f64", [2])]);
    const main = computation("main", [param("x", 0, "f64", [2]), op("c", "call", ["x"], f, {}, ["used"])]);
    const out = dce.run(moduleOf(used, orphan, main));
    expect(out.computations.map((c) => c.name)).toEqual(["used", "main"]);
  });

  it("keeps custom-calls, which may have side effects", () => {
    const m = mainOf(param("x", 0, "f64", [2]), op("cc", "custom-call", ["x"], f, { customCallTarget: "log", rawAttributes: [] }), op("r", "abs", ["x"], f));
    expect(dce.run(m)).toBe(m);
  });

  it("returns the module itself when nothing is dead", () => {
    const m = mainOf(param("x", 0, "f64", [2]), op("n", "negate", ["x"], f));
    expect(dce.run(m)).toBe(m);
  });
});
