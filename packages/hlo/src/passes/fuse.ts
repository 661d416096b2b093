/**
 * fuse: groups element-wise chains with their broadcasts, transposes, slices,
 * iotas and reshapes into `fusion kind=kLoop` instructions, a reduce with the
 * loop cluster producing its input into `kind=kInput`, and a dot with its
 * element-wise epilogue into `kind=kOutput`, as XLA's CPU and GPU fusion
 * passes do (clusters: fuse_plan.ts). Each fusion calls a new computation
 * `fused_computation[.N]` whose parameters `param_<i>` are the fusion's
 * operands in order; the fusion takes its root's name, so users and results
 * keep theirs. Computations called as scalar functions (reducers,
 * comparators, map and scatter bodies, existing fused computations) are left
 * alone. Implicit broadcasts are lowered first. Not in the default pipeline:
 * the compiled engine runs it, and a fused module evaluates to the same bits.
 */
import type { HloInstruction } from "../instruction.ts";
import { type HloComputation, type HloModule, assertStructure, computationMap, instructionMap } from "../module.ts";
import type { NameUniquer } from "../names.ts";
import { lowerBroadcasts } from "./lower_broadcasts.ts";
import { type HloPass, withComputations } from "./pass.ts";
import { type FusionPlan, planFusion } from "./fuse_plan.ts";
import { lazyNames } from "./rewrite.ts";

/** Opcodes whose callees run as ordinary computations, so fusing inside them is fusing the program. */
const PROGRAM_CALLS: ReadonlySet<string> = new Set(["call", "while", "conditional"]);

/**
 * The computations to fuse: reachable from the entry through call, while and
 * conditional only, and neither called by anything else nor reachable from
 * such a callee (a reducer, a comparator or a fused computation, and what
 * they call, stay as they are).
 */
function programComputations(m: HloModule): ReadonlySet<string> {
  const byName = computationMap(m);
  const scalar = new Set<string>();
  const stack: string[] = [];
  for (const c of m.computations) for (const inst of c.instructions) if (!PROGRAM_CALLS.has(inst.opcode)) stack.push(...inst.called);
  while (stack.length > 0) {
    const name = stack.pop() as string;
    if (scalar.has(name)) continue;
    scalar.add(name);
    for (const inst of byName.get(name)?.instructions ?? []) stack.push(...inst.called);
  }
  const out = new Set<string>();
  if (!scalar.has(m.entry)) stack.push(m.entry);
  while (stack.length > 0) {
    const name = stack.pop() as string;
    if (out.has(name)) continue;
    out.add(name);
    for (const inst of byName.get(name)?.instructions ?? []) {
      if (PROGRAM_CALLS.has(inst.opcode)) for (const n of inst.called) if (!scalar.has(n)) stack.push(n);
    }
  }
  return out;
}

/** What fuseComputation shares with makeFusion: the plan, its members per cluster and the instructions that root a cluster. */
interface FusionContext {
  readonly plan: FusionPlan;
  readonly byName: ReadonlyMap<string, HloInstruction>;
  readonly members: readonly (readonly HloInstruction[])[];
  readonly roots: ReadonlySet<string>;
  readonly names: () => NameUniquer;
}

/** The fused computation of cluster `id` and the fusion instruction that calls it. */
function makeFusion(ctx: FusionContext, id: number): { computation: HloComputation; fusion: HloInstruction } {
  const { plan, byName, names } = ctx;
  const cluster = plan.clusters[id];
  const members = ctx.members[id];
  const inner = new Map<string, string>();
  for (const inst of members) {
    const ids = plan.memberOf.get(inst.name) as readonly number[];
    // The name stays with the value outside (a fusion or the instruction itself) or with its first copy.
    const keep = !ctx.roots.has(inst.name) && ids[0] === id;
    inner.set(inst.name, keep ? inst.name : names().unique(inst.name));
  }
  // Parameters in the order a depth-first walk from the root meets them, as XLA's fusion orders operands.
  const operands: string[] = [];
  const paramOf = new Map<string, string>();
  const memberByName = new Map(members.map((i) => [i.name, i]));
  const frames: { inst: HloInstruction; next: number }[] = [{ inst: memberByName.get(cluster.root) as HloInstruction, next: 0 }];
  const visited = new Set<string>([cluster.root]);
  while (frames.length > 0) {
    const top = frames[frames.length - 1];
    if (top.next >= top.inst.operands.length) {
      frames.pop();
      continue;
    }
    const k = top.next++;
    const o = top.inst.operands[k];
    if (plan.internalEdge(top.inst, k, id)) {
      if (!visited.has(o)) {
        visited.add(o);
        frames.push({ inst: memberByName.get(o) as HloInstruction, next: 0 });
      }
    } else if (!paramOf.has(o)) {
      paramOf.set(o, names().unique(`param_${operands.length}`));
      operands.push(o);
    }
  }
  const params = operands.map(
    (o, i) =>
      ({ name: paramOf.get(o), opcode: "parameter", operands: [], shape: (byName.get(o) as HloInstruction).shape, attributes: { parameterNumber: i }, called: [] }) as HloInstruction,
  );
  const body = members.map(
    (inst) =>
      ({ ...inst, name: inner.get(inst.name), operands: inst.operands.map((o, k) => (plan.internalEdge(inst, k, id) ? inner.get(o) : paramOf.get(o))) }) as HloInstruction,
  );
  const computation: HloComputation = { name: names().unique("fused_computation"), instructions: [...params, ...body], root: inner.get(cluster.root) as string };
  const root = byName.get(cluster.root) as HloInstruction;
  const fusion = { name: root.name, opcode: "fusion", operands, shape: root.shape, attributes: { kind: cluster.kind }, called: [computation.name] } as HloInstruction;
  return { computation, fusion };
}

/** The computation with its clusters replaced by fusions, and the fused computations it now calls (to precede it). */
function fuseComputation(c: HloComputation, names: () => NameUniquer): { computation: HloComputation; fused: HloComputation[] } {
  const plan = planFusion(c);
  const members: HloInstruction[][] = plan.clusters.map(() => []);
  for (const inst of c.instructions) for (const id of plan.memberOf.get(inst.name) ?? []) members[id].push(inst);
  // A cluster of constants alone (a scalar constant) stays as it is.
  const isFusion = members.map((list) => list.some((i) => i.opcode !== "constant"));
  if (!isFusion.includes(true)) return { computation: c, fused: [] };
  const ctx: FusionContext = { plan, byName: instructionMap(c), members, roots: new Set(plan.clusters.map((k) => k.root)), names };
  const fused: HloComputation[] = [];
  const fusionOf = new Map<string, HloInstruction>();
  // Cluster ids run from the last root to the first: reversed, fused computations are numbered as they appear.
  for (let id = plan.clusters.length - 1; id >= 0; id--) {
    if (!isFusion[id]) continue;
    const { computation, fusion } = makeFusion(ctx, id);
    fused.push(computation);
    fusionOf.set(fusion.name, fusion);
  }
  const instructions: HloInstruction[] = [];
  for (const inst of c.instructions) {
    if (!plan.memberOf.has(inst.name)) instructions.push(inst);
    else if (ctx.roots.has(inst.name)) instructions.push(fusionOf.get(inst.name) ?? inst);
  }
  return { computation: { ...c, instructions }, fused };
}

/** Groups element-wise chains, reduce inputs and dot epilogues into kLoop/kInput/kOutput fusions, for the compiled engine. */
export const fuse: HloPass = {
  name: "fuse",
  description: "groups element-wise, broadcast/transpose/slice/reshape chains, reduce inputs and dot epilogues into kLoop/kInput/kOutput fusions",
  run(input: HloModule): HloModule {
    assertStructure(input, "pass fuse");
    const m = lowerBroadcasts(input);
    const targets = programComputations(m);
    const names = lazyNames(m);
    const computations: HloComputation[] = [];
    for (const c of m.computations) {
      if (!targets.has(c.name)) {
        computations.push(c);
        continue;
      }
      const { computation, fused } = fuseComputation(c, names);
      computations.push(...fused, computation);
    }
    return withComputations(m, computations);
  },
};
