/** Dropped .npy files become JSON inputs that give back the same literal. */
import { readFileSync } from "node:fs";
import { type ArrayLiteral, literal, readNpy } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { fromJsonValue, npyFilesAsJson } from "./json_inputs.ts";

const corpus = (f: string) => new Uint8Array(readFileSync(new URL(`../../../test/corpus/xla-jax/${f}`, import.meta.url)));

describe("inputs as JSON", () => {
  it("each .npy file's values come back bit for bit through the JSON text", () => {
    const files = ["mlp_grad/in0.npy", "mlp_grad/in1.npy", "nan_propagation_max_min/in0.npy"].map(corpus);
    const values = JSON.parse(npyFilesAsJson(files)) as unknown[];
    expect(values).toHaveLength(files.length);
    files.forEach((bytes, i) => {
      const want = readNpy(bytes) as ArrayLiteral;
      const got = literal(want.shape.elementType, want.shape.dimensions, fromJsonValue(values[i]));
      expect([...got.data]).toEqual([...want.data]);
    });
  });
  it("64-bit integers keep every digit", () => {
    expect(fromJsonValue(["9007199254740993", "-3"])).toEqual([9007199254740993n, -3n]);
  });
});
