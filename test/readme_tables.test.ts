import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_OPCODES } from "@minixla/hlo";
import { BUILDER_METHODS, XlaBuilder } from "@minixla/builder";
import { withFreshTables } from "../scripts/readme_tables.ts";

describe("the README's op and element-type tables", () => {
  it("are exactly what the opcode, builder and element-type tables generate (run `pnpm readme-tables` to refresh)", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toBe(withFreshTables(readme));
  });

  it("name only builder methods that exist", () => {
    const proto = XlaBuilder.prototype as unknown as Record<string, unknown>;
    for (const op of ALL_OPCODES) for (const m of BUILDER_METHODS[op]) expect(typeof proto[m], `${op} -> ${m}`).toBe("function");
  });
});
