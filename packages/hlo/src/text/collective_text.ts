/**
 * The text forms of the collectives' attributes, read and printed as XLA's
 * parser and HloInstruction::ToString spell them:
 * - replica_groups: `{}`, `{{0,1},{2,3}}`, the iota form `[2,2]<=[4]`,
 *   `[2,2]<=[2,2]T(1,0)` (IotaReplicaGroupList, kept canonical as XLA keeps
 *   it), or the mesh-axes form `mesh['x'=2,'y'=4] {'y'}` (MeshAxesReplicaGroupList);
 * - source_target_pairs: `{{0,1},{1,0}}`.
 */
import type { Immutable } from "immer";
import type { ReplicaGroups } from "../attributes.ts";
import { type Lexer, type Token, quote } from "./lexer.ts";
import { meshGroupSize } from "../replica_groups.ts";
import { integerWord } from "./number_text.ts";

function readNonNegativeInt(lx: Lexer, t: Token, what: string): number {
  const v = t.kind === "word" ? integerWord(t.text) : undefined;
  if (v === undefined || v < 0n || v > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw lx.error(t, `expects a non-negative integer in ${what}, but sees ${quote(t)}`);
  }
  return Number(v);
}

/** `open a, b, ... close` of non-negative integers. */
const readInts = (lx: Lexer, open: string, close: string, what: string): number[] =>
  lx.delimitedList(open, close, what, () => readNonNegativeInt(lx, lx.next(), what));

/** `{{a,b},{c}}`: a brace list of brace lists. */
const readNestedLists = (lx: Lexer, what: string): number[][] => lx.delimitedList("{", "}", what, () => readInts(lx, "{", "}", what), "groups");

/** A quoted mesh axis name ('x'), without its quotes. */
function readAxisName(lx: Lexer): string {
  const t = lx.next();
  if (t.kind !== "string") throw lx.error(t, `expects a quoted mesh axis name, but sees ${quote(t)}`);
  return t.text.slice(1, -1);
}

/** `mesh['x'=2,'y'=4] {'y', 'x':(1)2}`: the mesh's axes, then the axes (or sub-axes) each group spans. */
function readMeshGroups(lx: Lexer): ReplicaGroups {
  lx.next(); // mesh
  lx.expectPunct("[", "to start the mesh axes of replica_groups");
  const axes: { name: string; size: number }[] = [];
  while (!lx.eatPunct("]")) {
    if (axes.length > 0) lx.expectPunct(",", "between mesh axes");
    const name = readAxisName(lx);
    lx.expectPunct("=", "after a mesh axis name");
    axes.push({ name, size: readNonNegativeInt(lx, lx.next(), "a mesh axis size") });
  }
  const open = lx.expectPunct("{", "to start the replica group axes");
  const groupAxes: { name: string; preSize?: number; size?: number }[] = [];
  while (!lx.eatPunct("}")) {
    if (groupAxes.length > 0) lx.expectPunct(",", "between replica group axes");
    const name = readAxisName(lx);
    if (!axes.some((a) => a.name === name)) throw lx.error(open, `replica group axis '${name}' is not an axis of the mesh`);
    if (lx.eatPunct(":")) {
      const preSize = readInts(lx, "(", ")", "a sub-axis pre-size")[0];
      groupAxes.push({ name, preSize, size: readNonNegativeInt(lx, lx.next(), "a sub-axis size") });
    } else {
      groupAxes.push({ name });
    }
  }
  const g: ReplicaGroups = { kind: "mesh", axes, groupAxes };
  const size = meshGroupSize(g);
  if (size <= 1) throw lx.error(open, `MeshAxesReplicaGroupList must have more than one device per group, but got ${size}`);
  return g;
}

export function readReplicaGroups(lx: Lexer): ReplicaGroups {
  const first = lx.peek();
  if (first.kind === "word" && first.text === "mesh") return readMeshGroups(lx);
  if (!lx.isPunct("[")) return { kind: "list", groups: readNestedLists(lx, "replica_groups") };
  const open = lx.peek();
  const shape = readInts(lx, "[", "]", "the iota replica group shape");
  if (shape.length !== 2) throw lx.error(open, `expects the iota replica group shape [groups,group_size], but sees ${shape.length} numbers`);
  lx.expectPunct("<", "in '<=' of an iota replica group list");
  lx.expectPunct("=", "in '<=' of an iota replica group list");
  const reshapeDimensions = readInts(lx, "[", "]", "the iota reshape dimensions");
  const t = lx.peek();
  let transposePermutation: number[] | undefined;
  if (t.kind === "word" && t.text === "T" && lx.isPunct("(", 1)) {
    lx.next();
    transposePermutation = readInts(lx, "(", ")", "the iota transpose permutation");
    if (transposePermutation.length !== reshapeDimensions.length) {
      throw lx.error(t, `expects the transpose permutation to have as many entries as the reshape dimensions (${reshapeDimensions.length}), but sees ${transposePermutation.length}`);
    }
  }
  const product = reshapeDimensions.reduce((a, b) => a * b, 1);
  if (product !== shape[0] * shape[1]) {
    throw lx.error(open, `expects the iota reshape dimensions to hold ${shape[0] * shape[1]} devices, but they hold ${product}`);
  }
  return { kind: "iota", groupCount: shape[0], groupSize: shape[1], ...canonicalIota(reshapeDimensions, transposePermutation) };
}

/**
 * XLA keeps iota lists canonical: size-1 dimensions dropped, dimensions that
 * the transpose keeps adjacent and in order merged, and an identity transpose
 * left out (`[2,2]<=[2,2]T(0,1)` is `[2,2]<=[4]`).
 */
function canonicalIota(dims: readonly number[], perm: readonly number[] | undefined): { reshapeDimensions: number[]; transposePermutation?: number[] } {
  let d = [...dims];
  let p = perm ? [...perm] : d.map((_, i) => i);
  // Drop size-1 dimensions, renumbering the permutation.
  const keep = d.map((s) => s !== 1);
  const renumber = d.map((_, i) => keep.slice(0, i).filter(Boolean).length);
  p = p.filter((i) => keep[i]).map((i) => renumber[i]);
  d = d.filter((_, i) => keep[i]);
  // Merge source dimension p[k+1] into p[k] while they stay adjacent and in order.
  for (let k = 0; k + 1 < p.length; ) {
    if (p[k + 1] !== p[k] + 1) {
      k++;
      continue;
    }
    const a = p[k];
    d = [...d.slice(0, a), d[a] * d[a + 1], ...d.slice(a + 2)];
    p = [...p.slice(0, k + 1), ...p.slice(k + 2)].map((i) => (i > a ? i - 1 : i));
  }
  if (d.length === 0) d = [1];
  const identity = p.every((x, i) => x === i);
  return identity ? { reshapeDimensions: d } : { reshapeDimensions: d, transposePermutation: p };
}

export function readSourceTargetPairs(lx: Lexer): [number, number][] {
  const open = lx.peek();
  const lists = readNestedLists(lx, "source_target_pairs");
  for (const l of lists) {
    if (l.length !== 2) throw lx.error(open, "expects 'source_target_pairs=' to be a list of pairs");
  }
  return lists.map(([s, t]) => [s, t]);
}

const braces = (xs: readonly number[]): string => `{${xs.join(",")}}`;

/** As XLA prints them; an identity transpose is left out. */
export function replicaGroupsToString(g: Immutable<ReplicaGroups>): string {
  if (g.kind === "list") return `{${g.groups.map(braces).join(",")}}`;
  if (g.kind === "mesh") {
    const axes = g.axes.map((a) => `'${a.name}'=${a.size}`).join(",");
    const refs = g.groupAxes.map((r) => (r.size === undefined ? `'${r.name}'` : `'${r.name}':(${r.preSize ?? 1})${r.size}`)).join(",");
    return `mesh[${axes}] {${refs}}`;
  }
  const perm = g.transposePermutation;
  const transposed = perm !== undefined && perm.some((p, i) => p !== i);
  return `[${g.groupCount},${g.groupSize}]<=[${g.reshapeDimensions.join(",")}]${transposed ? `T(${perm.join(",")})` : ""}`;
}

export function sourceTargetPairsToString(pairs: readonly (readonly [number, number])[]): string {
  return `{${pairs.map((p) => braces(p)).join(",")}}`;
}
