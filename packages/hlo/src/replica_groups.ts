/**
 * What replica groups mean: the devices of each group of an explicit list or
 * of XLA's iota form, and the group size of the mesh-axes form (which XLA
 * requires to span more than one device, so a single-device evaluation only
 * needs its size).
 */
import type { Immutable } from "immer";
import type { ReplicaGroups } from "./attributes.ts";

/** The size of each group of a mesh form: the product of the (sub-)axes it spans. */
export function meshGroupSize(g: Immutable<Extract<ReplicaGroups, { kind: "mesh" }>>): number {
  return g.groupAxes.reduce((p, r) => p * (r.size ?? g.axes.find((a) => a.name === r.name)?.size ?? 1), 1);
}

/** The devices of each group, the iota form expanded (iota, reshape, transpose, then rows of group_size). */
export function expandReplicaGroups(g: Immutable<Exclude<ReplicaGroups, { kind: "mesh" }>>): number[][] {
  if (g.kind === "list") return g.groups.map((x) => [...x]);
  const dims = g.reshapeDimensions;
  const perm = g.transposePermutation ?? dims.map((_, i) => i);
  const n = g.groupCount * g.groupSize;
  const outDims = perm.map((p) => dims[p]);
  const strides = dims.map((_, i) => dims.slice(i + 1).reduce((a, b) => a * b, 1));
  const flat: number[] = [];
  const idx = outDims.map(() => 0);
  for (let k = 0; k < n; k++) {
    // Element at transposed index idx is the iota value at the source index idx permuted back.
    flat.push(idx.reduce((acc, v, i) => acc + v * strides[perm[i]], 0));
    for (let d = idx.length - 1; d >= 0; d--) {
      if (++idx[d] < outDims[d]) break;
      idx[d] = 0;
    }
  }
  const groups: number[][] = [];
  for (let i = 0; i < g.groupCount; i++) groups.push(flat.slice(i * g.groupSize, (i + 1) * g.groupSize));
  return groups;
}
