/**
 * The clustering half of the fusion pass: which instructions of one
 * computation go into which fusion. One sweep from the last instruction to
 * the first, so every user is placed before its producer (XLA's
 * producer-consumer order):
 * - a loop-fusible producer joins its users' cluster when all its uses are
 *   fusible edges into that one cluster and its value is needed nowhere else;
 *   a cheap producer is copied into every cluster that uses it (and keeps a
 *   cluster of its own if its value is also needed outside); any other
 *   loop-fusible instruction starts a kLoop cluster;
 * - a reduce starts a kInput cluster when at least one of its inputs will
 *   join it, and so does a lone single-input reduce (a loop nest of its own,
 *   its input a fusion parameter); a lone variadic reduce stays as it is;
 * - a dot joins its one user's kLoop cluster as kOutput when every path from
 *   the dot to the cluster's root is element-wise over the dot's dimensions.
 * Every cluster member is an ancestor of its root and every fusion operand
 * an ancestor of some member, so a fusion placed at its root's position
 * keeps def-before-use order.
 */
import type { HloInstruction } from "../instruction.ts";
import { type HloComputation, instructionMap } from "../module.ts";
import { OPCODES } from "../opcode.ts";
import type { Shape } from "../shape.ts";
import { sameArrayDimensions as sameDimensions } from "./fuse_paths.ts";
import { isCheap, isFusibleEdge, isLoopFusible, isLoopShape } from "./fuse_rules.ts";

export type FusionKind = "kLoop" | "kInput" | "kOutput";

export interface Cluster {
  /** The instruction whose value the fusion computes; the fusion takes its name. */
  readonly root: string;
  readonly kind: FusionKind;
}

export interface FusionPlan {
  /** Indexed by cluster id; ids are given in the sweep, so from the last root to the first. */
  readonly clusters: readonly Cluster[];
  /** Cluster ids each instruction is a member of (several only for cheap, duplicated producers); absent: unfused. */
  readonly memberOf: ReadonlyMap<string, readonly number[]>;
  /** Whether `user` reads its operand `k` from inside its own cluster rather than as a fusion parameter. */
  readonly internalEdge: (user: HloInstruction, k: number, cluster: number) => boolean;
}

interface Use {
  readonly user: HloInstruction;
  readonly k: number;
}

export function planFusion(c: HloComputation): FusionPlan {
  const byName = instructionMap(c);
  const shapeOf = (name: string): Shape => (byName.get(name) as HloInstruction).shape;
  const fusible = new Map<string, boolean>();
  for (const inst of c.instructions) fusible.set(inst.name, isLoopFusible(inst, shapeOf));
  const isFusible = (name: string) => fusible.get(name) === true;
  const uses = new Map<string, Use[]>();
  for (const inst of c.instructions) {
    inst.operands.forEach((o, k) => {
      let list = uses.get(o);
      if (!list) uses.set(o, (list = []));
      list.push({ user: inst, k });
    });
  }
  const usesOf = (name: string): readonly Use[] => uses.get(name) ?? [];
  const edgeFusible = (use: Use, producer: HloInstruction) => isFusibleEdge(use.user, use.k, producer, shapeOf);

  const clusters: { root: string; kind: FusionKind }[] = [];
  const memberOf = new Map<string, number[]>();
  const join = (name: string, id: number) => {
    let list = memberOf.get(name);
    if (!list) memberOf.set(name, (list = []));
    if (!list.includes(id)) list.push(id);
  };
  const open = (inst: HloInstruction, kind: FusionKind) => {
    clusters.push({ root: inst.name, kind });
    join(inst.name, clusters.length - 1);
  };

  /** Whether some input of the reduce will join its cluster (decided here exactly as the sweep will decide it). */
  const reduceFuses = (r: HloInstruction): boolean => {
    const inputs = r.operands.slice(0, r.operands.length / 2);
    return inputs.some((name) => {
      const q = byName.get(name) as HloInstruction;
      if (!isFusible(name) || q.opcode === "constant") return false;
      if (isCheap(q, isFusible)) return true;
      return name !== c.root && usesOf(name).every((u) => u.user === r && u.k < r.operands.length / 2);
    });
  };

  /** The kLoop cluster a dot can join as its kOutput epilogue's producer, if any. */
  const epilogueOf = (d: HloInstruction): number | undefined => {
    const ds = usesOf(d.name);
    if (d.name === c.root || ds.length === 0 || !isLoopShape(d.shape) || !d.operands.every((o) => isLoopShape(shapeOf(o)))) return undefined;
    const user = ds[0].user;
    if (ds.some((u) => u.user !== user)) return undefined;
    const ids = memberOf.get(user.name);
    if (!ids || ids.length !== 1 || clusters[ids[0]].kind !== "kLoop") return undefined;
    const id = ids[0];
    // Every instruction between the dot and the root must keep the dot's output index.
    const seen = new Set<string>();
    const stack = [user];
    while (stack.length > 0) {
      const x = stack.pop() as HloInstruction;
      if (seen.has(x.name)) continue;
      seen.add(x.name);
      if (OPCODES[x.opcode].family !== "elementwise" || !sameDimensions(x.shape, d.shape)) return undefined;
      if (x.name === clusters[id].root) continue;
      for (const u of usesOf(x.name)) if (memberOf.get(u.user.name)?.includes(id)) stack.push(u.user);
    }
    return id;
  };

  for (let i = c.instructions.length - 1; i >= 0; i--) {
    const p = c.instructions[i];
    if (p.opcode === "reduce") {
      if (reduceFuses(p) || (p.operands.length === 2 && isLoopShape(p.shape) && isLoopShape(shapeOf(p.operands[0])))) open(p, "kInput");
      continue;
    }
    if (p.opcode === "dot") {
      const id = epilogueOf(p);
      if (id !== undefined) {
        join(p.name, id);
        clusters[id].kind = "kOutput";
      }
      continue;
    }
    if (!isFusible(p.name)) continue;
    let neededOutside = p.name === c.root;
    const targets = new Set<number>();
    for (const use of usesOf(p.name)) {
      const ids = memberOf.get(use.user.name);
      if (!ids || !edgeFusible(use, p)) neededOutside = true;
      else for (const id of ids) targets.add(id);
    }
    if (isCheap(p, isFusible)) {
      for (const id of targets) join(p.name, id);
      if (neededOutside || targets.size === 0) open(p, "kLoop");
    } else if (!neededOutside && targets.size === 1) {
      join(p.name, targets.values().next().value as number);
    } else {
      open(p, "kLoop");
    }
  }

  const internalEdge = (user: HloInstruction, k: number, cluster: number): boolean => {
    const producer = byName.get(user.operands[k]) as HloInstruction;
    return (memberOf.get(producer.name)?.includes(cluster) ?? false) && edgeFusible({ user, k }, producer);
  };
  return { clusters, memberOf, internalEdge };
}
