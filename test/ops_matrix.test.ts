/**
 * docs/ops.md, the op × capability matrix, is what scripts/ops_matrix.ts
 * generates from the opcode, shape-rule, text, builder and kernel tables, the
 * fusion rules, both numerics and the tests and corpora: regenerated here in
 * memory, so a new opcode, method, test or corpus module fails this test until
 * `npx -y pnpm@10 ops-matrix` rewrites the page.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_OPCODES } from "@minixla/hlo";
import { OPS_MATRIX_PATH, opsMatrix } from "../scripts/ops_matrix.ts";

describe("docs/ops.md", () => {
  const fresh = opsMatrix();

  it("is exactly what scripts/ops_matrix.ts generates (run `npx -y pnpm@10 ops-matrix` to refresh)", () => {
    expect(readFileSync(OPS_MATRIX_PATH, "utf8")).toBe(fresh);
  });

  it("has one row per opcode, in the opcode table's order", () => {
    const rows = fresh.split("\n").filter((l) => /^\| `[a-z0-9-]+` \|/.test(l));
    expect(rows.map((l) => /^\| `([a-z0-9-]+)`/.exec(l)?.[1])).toEqual([...ALL_OPCODES]);
  });

  it("finds what the numerics guide states: XLA CPU's divide rewrite and fused multiply-add, its flushing dot, its f32 exp", () => {
    const cell = (op: string, column: number): string => fresh.split("\n").find((l) => l.startsWith(`| \`${op}\` |`))?.split(" | ")[column] ?? "";
    expect(cell("divide", 7)).toContain("pass rewrite");
    expect(cell("add", 7)).toContain("pass rewrite");
    expect(cell("dot", 7)).toMatch(/accumulation: .*f32/);
    expect(cell("exponential", 7)).toMatch(/scalar: .*f32/);
    expect(cell("negate", 7)).toBe("—");
    expect(cell("add", 6)).toBe("kLoop");
    expect(cell("sort", 6)).toBe("reference kernel");
  });
});
