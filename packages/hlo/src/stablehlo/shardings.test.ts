/**
 * Shardy shardings as HLO shardings: the tile dimensions are the products of
 * each dimension's axes, the devices the mesh's iota with the used axes first,
 * the unused axes a replicated last tile dimension; what has no plain HLO
 * form (sub-axes, explicit device orders) gives none.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseMesh, sdyShardings, sdyTensorSharding } from "./shardings.ts";

const meshes = new Map([
  ["mesh", parseMesh('<["x"=2, "y"=4]>')],
  ["abc", parseMesh('<["a"=2, "b"=3, "c"=5]>')],
  ["empty", parseMesh("<[]>")],
  ["one", parseMesh("<[], device_ids=[3]>")],
  ["listed", parseMesh('<["x"=2], device_ids=[1, 0]>')],
]);

describe("sdyTensorSharding", () => {
  it("tiles dimensions by their axes in mesh order, iota over the whole mesh", () => {
    expect(sdyTensorSharding('<@mesh, [{"x"}, {"y"}]>', meshes)).toBe("{devices=[2,4]<=[8]}");
    expect(sdyTensorSharding('<@mesh, [{"x", "y"}, {}]>', meshes)).toBe("{devices=[8,1]<=[8]}");
  });
  it("puts used axes first (a transposed iota) and replicates over the rest", () => {
    expect(sdyTensorSharding('<@mesh, [{"y"}, {}]>', meshes)).toBe("{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}");
    expect(sdyTensorSharding('<@mesh, [{}, {"x"}]>', meshes)).toBe("{devices=[1,2,4]<=[8] last_tile_dim_replicate}");
    expect(sdyTensorSharding('<@abc, [{"c"}, {"a"}]>', meshes)).toBe("{devices=[5,2,3]<=[2,3,5]T(2,0,1) last_tile_dim_replicate}");
  });
  it("reads open dimensions, priorities and replicated={...} as their closed forms", () => {
    expect(sdyTensorSharding('<@mesh, [{"x", ?}p1, {?}], replicated={"y"}>', meshes)).toBe("{devices=[2,1,4]<=[8] last_tile_dim_replicate}");
  });
  it("gives replicated and maximal shardings", () => {
    expect(sdyTensorSharding("<@mesh, [{}, {}]>", meshes)).toBe("{replicated}");
    expect(sdyTensorSharding("<@empty, [{}]>", meshes)).toBe("{replicated}");
    expect(sdyTensorSharding("<@one, []>", meshes)).toBe("{maximal device=3}");
  });
  it("gives none for sub-axes, listed devices, unknown meshes and axes used twice", () => {
    expect(sdyTensorSharding('<@mesh, [{"y":(1)2}, {}]>', meshes)).toBeUndefined();
    expect(sdyTensorSharding('<@listed, [{"x"}]>', meshes)).toBeUndefined();
    expect(sdyTensorSharding('<@nope, [{"x"}]>', meshes)).toBeUndefined();
    expect(sdyTensorSharding('<@mesh, [{"x"}, {"x"}]>', meshes)).toBeUndefined();
  });
  it("reads per-value shardings one by one", () => {
    expect(sdyShardings('#sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{}]>]>', meshes)).toEqual(["{devices=[2,4]<=[8] last_tile_dim_replicate}", "{replicated}"]);
  });
  it("tiles with as many devices as the mesh has, for any assignment of axes to dimensions (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 3, maxLength: 3 }), fc.integer({ min: 1, max: 3 }), (where, rank) => {
        const dims = Array.from({ length: rank }, (_, d) => `{${["a", "b", "c"].filter((_, k) => where[k] === d).map((n) => `"${n}"`).join(", ")}}`);
        const s = sdyTensorSharding(`<@abc, [${dims.join(", ")}]>`, meshes);
        const used = where.filter((d) => d >= 0 && d < rank).length;
        if (used === 0) {
          expect(s).toBe("{replicated}");
          return;
        }
        const tile = /devices=\[([\d,]+)\]/.exec(s ?? "")?.[1].split(",").map(Number) ?? [];
        expect(tile.reduce((p, x) => p * x, 1)).toBe(30);
        // A last replicated dimension exactly when some axis shards no dimension.
        expect(tile.length).toBe(used === 3 ? rank : rank + 1);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
