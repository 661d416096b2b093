import { describe, expect, it } from "vitest";
import { VizError, graphvizVersion, renderSvg, validateDot } from "./render.ts";

describe("Graphviz (WebAssembly)", () => {
  it("lays out DOT into an <svg> element without the XML prolog", async () => {
    const svg = await renderSvg('digraph g { a [id="n:a", class="hlo-node"]; a -> b; }');
    expect(svg.startsWith("<svg")).toBe(true);
    // Graphviz keeps the id and adds the class (its "-" written as an entity).
    expect(svg).toMatch(/<g id="n:a" class="node hlo(-|&#45;)node">/);
    expect(await graphvizVersion()).toMatch(/^\d+\.\d+/);
  });

  it("rejects text that is not DOT with Graphviz's own message", async () => {
    await expect(validateDot("digraph { a -> }")).rejects.toThrow(VizError);
    await expect(validateDot("digraph { a -> }")).rejects.toThrow(/syntax error in line 1/);
    await expect(validateDot("digraph { a -> b }")).resolves.toBeUndefined();
  });
});
