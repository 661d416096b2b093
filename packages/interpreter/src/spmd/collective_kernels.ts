/**
 * The collectives across devices: one kernel per opcode of the collective
 * family, taking every device's operands at once and giving every device's
 * result. Semantics follow XLA's operation semantics and the StableHLO spec
 * (all_reduce, all_gather, reduce_scatter, all_to_all, collective_permute,
 * collective_broadcast), with groups from device_grid.ts:
 * - all-reduce folds the reducer over the group in participant order
 *   ((x0 ⊕ x1) ⊕ x2 ..., as StableHLO's reference interpreter does); a
 *   participant alone in its group keeps its operand, and reduce-scatter
 *   alone keeps XLA CPU's identity fold (kernels/collective/collective.ts), so one
 *   device gives what `evaluate` gives;
 * - all-gather concatenates the group's operands along `dimensions`;
 * - reduce-scatter reduces as all-reduce, then participant i takes chunk i;
 * - all-to-all (array form) splits each operand along `dimensions` into one
 *   chunk per participant, sends chunk j to participant j and concatenates
 *   what it receives along the same dimension in participant order; the
 *   tuple form sends operand j to participant j, element i of the result
 *   coming from participant i;
 * - collective-permute delivers the source's operand to each target and
 *   zeros to a device that no pair targets;
 * - ragged-all-to-all sends ragged row slices (kernels/collective/ragged_all_to_all.ts);
 * - collective-broadcast gives every participant the first one's operands,
 *   and zeros to a device in no group;
 * - replica-id and partition-id are the device's coordinates.
 * The -start ops do the work; the -done ops unpack per device. A group with
 * some members on another path through control flow is an EvalError.
 */
import {
  type ArrayLiteral,
  type ArrayShape,
  EvalError,
  type InstructionOf,
  type Literal,
  type Opcode,
  type OpcodesOf,
  type Shape,
  isTupleShape,
  scalar,
  shapeToString,
  tupleLiteral,
  zeroLiteral,
} from "@minixla/hlo";
import type { EvalContext } from "../kernel.ts";
import {
  type Named,
  allGatherStartAlone,
  asShape,
  collectiveKernels,
  oneOrTuple,
  permuteStartTuple,
  reduceScatterAlone,
} from "../kernels/collective/collective.ts";
import { raggedAllToAllGroup } from "../kernels/collective/ragged_all_to_all.ts";
import { type DeviceGrid, groupsOf, permutePairs } from "./device_grid.ts";
import { arrayOf, concatAlong, foldValues, splitAlong } from "./literal_parts.ts";

/** What a multi-device kernel sees besides its operands. */
export interface SpmdEnv {
  readonly grid: DeviceGrid;
  /** The devices running this instruction (all of them, unless control flow split them). */
  readonly active: readonly number[];
  /** Device d's single-device context (reducers run through it). */
  ctx(device: number): EvalContext;
}

/** Every device's operands (indexed by device; inactive devices hold none). */
export type DeviceOperands = readonly (readonly Literal[] | undefined)[];

/** Computes a collective for every active device, indexed by device. */
export type SpmdKernel<K extends Opcode> = (inst: InstructionOf<K>, operands: DeviceOperands, env: SpmdEnv) => (Literal | undefined)[];

type GroupFn = (group: readonly number[], operands: readonly (readonly Literal[])[]) => readonly Literal[];

/** Runs f on each group that has an active member; every member must be active. */
function perGroup(inst: Named, groups: readonly (readonly number[])[], operands: DeviceOperands, env: SpmdEnv, f: GroupFn): (Literal | undefined)[] {
  const out: (Literal | undefined)[] = new Array(env.grid.replicas * env.grid.partitions);
  for (const g of groups) {
    const ops = g.map((d) => operands[d]);
    const present = ops.filter((o) => o !== undefined).length;
    if (present === 0) continue;
    if (present !== g.length) {
      const missing = g.filter((d) => operands[d] === undefined);
      throw new EvalError(
        `${inst.name} (${inst.opcode}): devices {${g.join(",")}} form a group, but device(s) ${missing.join(",")} took another path through control flow (a while or conditional whose predicate differs across devices), so the collective cannot complete`,
      );
    }
    const results = f(g, ops as readonly (readonly Literal[])[]);
    g.forEach((d, i) => (out[d] = results[i]));
  }
  return out;
}

/** Each active device on its own, through the single-device kernel. */
function perDevice<K extends Opcode>(kernel: (inst: InstructionOf<K>, operands: readonly Literal[], ctx: EvalContext) => Literal): SpmdKernel<K> {
  return (inst, operands, env) => {
    const out: (Literal | undefined)[] = [];
    for (const d of env.active) out[d] = kernel(inst, operands[d] as readonly Literal[], env.ctx(d));
    return out;
  };
}

/** Element k of a shape that is the tuple of per-operand shapes when there are several operands. */
function part(s: Shape, k: number, count: number): Shape {
  return count > 1 && isTupleShape(s) ? s.tupleShapes[k] : s;
}

function arrayPart(inst: Named, s: Shape): ArrayShape {
  if (isTupleShape(s)) throw new EvalError(`${inst.name} (${inst.opcode}): expected an array result part, got ${shapeToString(s)}`);
  return s;
}

/** The element-wise reduction of the group's k-th operands. */
function reduced(inst: InstructionOf<"all-reduce" | "all-reduce-start" | "reduce-scatter">, ops: readonly (readonly Literal[])[], k: number, env: SpmdEnv, device: number): ArrayLiteral {
  const reducer = inst.called[0];
  const values = ops.map((o) => arrayOf(inst, o[k], `operand ${k}`));
  return foldValues(inst, values, reducer, env.ctx(device));
}

function allReduce(inst: InstructionOf<"all-reduce"> | InstructionOf<"all-reduce-start">, operands: DeviceOperands, env: SpmdEnv): (Literal | undefined)[] {
  return perGroup(inst, groupsOf(inst, env.grid), operands, env, (g, ops) => {
    if (g.length === 1) return [oneOrTuple(inst, inst.shape, ops[0])];
    const n = ops[0].length;
    const parts = ops[0].map((_, k) => asShape(inst, part(inst.shape, k, n), reduced(inst, ops, k, env, g[0])));
    const value = n === 1 ? parts[0] : tupleLiteral(parts);
    return g.map(() => value);
  });
}

/** Each operand gathered along the dimension, for every participant alike. */
function gathered(inst: InstructionOf<"all-gather"> | InstructionOf<"all-gather-start">, ops: readonly (readonly Literal[])[], resultShape: (k: number) => Shape): Literal[] {
  const dim = inst.attributes.dimension;
  return ops[0].map((_, k) => concatAlong(inst, ops.map((o) => arrayOf(inst, o[k], `operand ${k}`)), dim, arrayPart(inst, resultShape(k))));
}

function allGather(inst: InstructionOf<"all-gather">, operands: DeviceOperands, env: SpmdEnv): (Literal | undefined)[] {
  return perGroup(inst, groupsOf(inst, env.grid), operands, env, (g, ops) => {
    const n = ops[0].length;
    const parts = gathered(inst, ops, (k) => part(inst.shape, k, n));
    const value = n === 1 ? parts[0] : tupleLiteral(parts);
    return g.map(() => value);
  });
}

function allGatherStart(inst: InstructionOf<"all-gather-start">, operands: DeviceOperands, env: SpmdEnv): (Literal | undefined)[] {
  const s = inst.shape;
  if (!isTupleShape(s) || s.tupleShapes.length !== 2) throw new EvalError(`${inst.name} (all-gather-start): result shape ${shapeToString(s)} must be an (operands, results) tuple`);
  return perGroup(inst, groupsOf(inst, env.grid), operands, env, (g, ops) => {
    const n = ops[0].length;
    const parts = gathered(inst, ops, (k) => part(s.tupleShapes[1], k, n));
    return ops.map((o) => allGatherStartAlone(inst, o, parts));
  });
}

function reduceScatter(inst: InstructionOf<"reduce-scatter">, operands: DeviceOperands, env: SpmdEnv): (Literal | undefined)[] {
  const dim = inst.attributes.dimension;
  return perGroup(inst, groupsOf(inst, env.grid), operands, env, (g, ops) => {
    if (g.length === 1) return [reduceScatterAlone(inst, ops[0], env.ctx(g[0]))];
    const n = ops[0].length;
    const chunks = ops[0].map((_, k) => splitAlong(inst, reduced(inst, ops, k, env, g[0]), dim, g.length));
    return g.map((_, i) => {
      const parts = chunks.map((c, k) => asShape(inst, part(inst.shape, k, n), c[i]));
      return n === 1 ? parts[0] : tupleLiteral(parts);
    });
  });
}

function allToAll(inst: InstructionOf<"all-to-all">, operands: DeviceOperands, env: SpmdEnv): (Literal | undefined)[] {
  const dim = inst.attributes.dimension;
  return perGroup(inst, groupsOf(inst, env.grid), operands, env, (g, ops) => {
    const n = ops[0].length;
    if (dim === undefined) {
      // Tuple form: operand j goes to participant j; element i comes from participant i.
      if (n !== g.length) {
        throw new EvalError(`${inst.name} (all-to-all): the tuple form needs one operand per participant, but has ${n} operands for a group of ${g.length}`);
      }
      return g.map((_, i) => tupleLiteral(ops.map((o, j) => asShape(inst, part(inst.shape, j, n), o[i]))));
    }
    const chunks = ops.map((o) => o.map((x, k) => splitAlong(inst, arrayOf(inst, x, `operand ${k}`), dim, g.length)));
    return g.map((_, i) => {
      const parts = ops[0].map((_, k) => concatAlong(inst, chunks.map((c) => c[k][i]), dim, arrayPart(inst, part(inst.shape, k, n))));
      return n === 1 ? parts[0] : tupleLiteral(parts);
    });
  });
}

/** Each active device's received value: the source's operand, or zeros of `shape`. */
function permuted(inst: InstructionOf<"collective-permute"> | InstructionOf<"collective-permute-start">, operands: DeviceOperands, env: SpmdEnv, shape: Shape): Map<number, Literal> {
  const from = new Map<number, number>();
  for (const [s, t] of permutePairs(inst, env.grid)) if (!from.has(t)) from.set(t, s);
  const out = new Map<number, Literal>();
  for (const d of env.active) {
    const s = from.get(d);
    if (s === undefined) {
      out.set(d, zeroLiteral(shape));
      continue;
    }
    const x = operands[s]?.[0];
    if (x === undefined) {
      throw new EvalError(`${inst.name} (${inst.opcode}): device ${d} receives from device ${s}, which took another path through control flow, so the permute cannot complete`);
    }
    out.set(d, asShape(inst, shape, x));
  }
  return out;
}

function replicaOrPartition(which: "replica" | "partition"): SpmdKernel<"replica-id" | "partition-id"> {
  return (_inst, _operands, env) => {
    const P = env.grid.partitions;
    const out: (Literal | undefined)[] = [];
    for (const d of env.active) out[d] = scalar(which === "replica" ? Math.floor(d / P) : d % P, "u32");
    return out;
  };
}

/** The multi-device kernel of every collective opcode. */
export const SPMD_COLLECTIVE_KERNELS: { readonly [K in OpcodesOf<"collective">]: SpmdKernel<K> } = {
  "all-reduce": allReduce,
  "all-reduce-start": allReduce,
  "all-reduce-done": perDevice(collectiveKernels["all-reduce-done"]),
  "all-gather": allGather,
  "all-gather-start": allGatherStart,
  "all-gather-done": perDevice(collectiveKernels["all-gather-done"]),
  "reduce-scatter": reduceScatter,
  "all-to-all": allToAll,
  "collective-permute": (inst, operands, env) => {
    const got = permuted(inst, operands, env, inst.shape);
    const out: (Literal | undefined)[] = [];
    for (const [d, v] of got) out[d] = v;
    return out;
  },
  "collective-permute-start": (inst, operands, env) => {
    const s = inst.shape;
    if (!isTupleShape(s) || s.tupleShapes.length < 2) throw new EvalError(`${inst.name} (collective-permute-start): result shape ${shapeToString(s)} must be a tuple`);
    const got = permuted(inst, operands, env, s.tupleShapes[1]);
    const out: (Literal | undefined)[] = [];
    for (const [d, v] of got) out[d] = permuteStartTuple(inst, (operands[d] as readonly Literal[])[0], () => v);
    return out;
  },
  "collective-permute-done": perDevice(collectiveKernels["collective-permute-done"]),
  // A device in no group receives nothing: zeros (StableHLO's collective_broadcast; XLA:CPU has no kernel for it).
  "collective-broadcast": (inst, operands, env) => {
    const out = perGroup(inst, groupsOf(inst, env.grid, true), operands, env, (g, ops) => {
      const value = oneOrTuple(inst, inst.shape, ops[0]);
      return g.map(() => value);
    });
    for (const d of env.active) out[d] ??= zeroLiteral(inst.shape);
    return out;
  },
  "ragged-all-to-all": (inst, operands, env) => perGroup(inst, groupsOf(inst, env.grid), operands, env, (_g, ops) => raggedAllToAllGroup(inst, ops)),
  "replica-id": replicaOrPartition("replica"),
  "partition-id": replicaOrPartition("partition"),
};
