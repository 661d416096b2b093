/** The share link's state survives encoding, and a damaged hash restores nothing. */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeShared, encodeShared } from "./share.ts";

const state = fc.record({ module: fc.string({ unit: "binary" }), spec: fc.string(), inputs: fc.string(), engine: fc.constantFrom("compiled", "reference"), numerics: fc.constantFrom("reference", "xla-cpu") });

describe("share links", () => {
  it("decode(encode(state)) is the state, and the hash is URL-safe", async () => {
    await fc.assert(
      fc.asyncProperty(state, async (s) => {
        const hash = await encodeShared(s);
        expect(hash).toMatch(/^v1=[A-Za-z0-9_-]*$/);
        expect(await decodeShared(`#${hash}`)).toEqual(s);
      }),
      { numRuns: 50 },
    );
  });
  it("a long module compresses: the link is much shorter than the text", async () => {
    const text = readFileSync(new URL("../../../test/corpus/xla-jax/mlp_grad/module.hlo", import.meta.url), "utf8");
    const hash = await encodeShared({ module: text, spec: "default", inputs: "", engine: "compiled", numerics: "reference" });
    expect(hash.length).toBeLessThan(text.length / 2);
  });
  it("a damaged or foreign hash restores nothing", async () => {
    const hash = await encodeShared({ module: "HloModule m", spec: "dce", inputs: "", engine: "compiled", numerics: "reference" });
    expect(await decodeShared(`#${hash.slice(0, -6)}`)).toBeUndefined();
    expect(await decodeShared("#section-2")).toBeUndefined();
    expect(await decodeShared("")).toBeUndefined();
  });
});
