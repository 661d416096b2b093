import { describe, expect, it } from "vitest";
import { NameUniquer, nameProblem, sanitizeName } from "./names.ts";

describe("sanitizeName follows XLA's NameUniquer::GetSanitizedName", () => {
  it.each([
    ["my model", "my_model"],
    ["add.1", "add.1"],
    ["3d", "_d"],
    ["a/b:c", "a_b_c"],
    ["é", "a_"], // "__" from the two bytes, then the "__" prefix rule
    ["x😀", "x____"],
    ["f32", "f32_"],
    ["pred", "pred_"],
    ["tuple", "tuple"], // XLA leaves tuple alone: it is no keyword where a name stands
    ["ROOT", "ROOT_"],
    ["ENTRY", "ENTRY_"],
    ["HloModule", "HloModule_"],
    ["__foo", "a_foo"],
    ["__xla_foo", "__xla_foo"],
    ["", "x"],
  ])("%j becomes %j", (name, want) => {
    expect(sanitizeName(name)).toBe(want);
    expect(nameProblem(want)).toBeUndefined();
  });
});

describe("nameProblem", () => {
  it.each(["", "my model", "1x", "ROOT", "ENTRY", "HloModule", "a}", "é", "a\nb"])("refuses %j", (name) => {
    expect(nameProblem(name)).toMatch(/name|keyword/);
  });
  it.each(["x", "_", "add.1", "region_0.2-b", "ROOT_"])("accepts %j", (name) => {
    expect(nameProblem(name)).toBeUndefined();
  });
  it("refuses a name that is not a string", () => {
    expect(nameProblem(3)).toMatch(/must be a string/);
  });
});

describe("NameUniquer", () => {
  it("sanitizes, then numbers repeats as XLA does", () => {
    const u = new NameUniquer(["main"]);
    expect([u.unique("a b"), u.unique("a_b"), u.unique("a b"), u.unique("main"), u.unique("ROOT")]).toEqual(["a_b", "a_b.1", "a_b.2", "main.1", "ROOT_"]);
  });
});
