/**
 * Kernels of the collectives on one replica and one partition, XLA's
 * single-device meaning: every group holds only device 0, so all-reduce,
 * all-gather, reduce-scatter and all-to-all return their operands (the
 * reducer never runs on a lone participant), collective-permute delivers the
 * operand when a pair sends device 0 to itself and zeros when nothing is sent
 * to it, ragged-all-to-all copies its one slice from input into output, and
 * replica-id and partition-id are 0. A replica group that needs
 * another device is refused with EvalError (evaluateSpmd, spmd/, runs
 * several devices and reuses the helpers exported here for a participant
 * alone in its group). The -start ops return what XLA's
 * shapes say they hold (operands, then results); the -done ops take the result.
 *
 * reduce-scatter is the one that touches values: XLA's CPU runtime folds each
 * participant into an accumulator that starts at the reducer's identity, in
 * C++ arithmetic, so on one device a sum turns -0 into +0 and a maximum
 * (minimum) turns NaN into -inf (+inf), std::max(acc, x) keeping acc when the
 * comparison fails. Measured on XLA's CPU backend; other reducers leave the
 * values as they are.
 */
import {
  EvalError,
  type InstructionOf,
  type Literal,
  type ReplicaGroups,
  type Shape,
  arrayLiteralFromData,
  expandReplicaGroups,
  isArrayShape,
  isFloatType,
  isTupleLiteral,
  meshGroupSize,
  replicaGroupsToString,
  sameDimensions,
  scalar,
  shapeToString,
  tupleLiteral,
  zeroLiteral,
} from "@minixla/hlo";
import type { Immutable } from "immer";
import type { EvalContext, FamilyKernels, Kernel } from "../../kernel.ts";
import { raggedAllToAllGroup } from "./ragged_all_to_all.ts";
import { simpleReducer } from "../reduce/reducer.ts";

/** Refuses groups that put device 0 with others, or that leave it out. */
function checkSingleDevice(inst: Named, groups: Immutable<ReplicaGroups>): void {
  if (groups.kind === "mesh") {
    throw new EvalError(
      `${inst.name} (${inst.opcode}): replica_groups=${replicaGroupsToString(groups)} groups ${meshGroupSize(groups)} devices; evaluate runs one replica and one partition (evaluateSpmd runs several)`,
    );
  }
  const expanded = expandReplicaGroups(groups);
  if (expanded.length === 0) return; // every device: just this one
  const mine = expanded.find((g) => g.includes(0));
  if (mine === undefined || mine.length !== 1 || expanded.some((g) => g.some((d) => d !== 0))) {
    throw new EvalError(
      `${inst.name} (${inst.opcode}): replica_groups=${replicaGroupsToString(groups)} need devices other than device 0; evaluate runs one replica and one partition (evaluateSpmd runs several)`,
    );
  }
}

/** An instruction's name and opcode, for messages. */
export type Named = { readonly name: string; readonly opcode: string };

/**
 * The operand as a value of the result's shape (same elements; the stored
 * layout may differ). A gather or scatter whose result is sized for more
 * shards (a shard count read off the text with no groups) needs more devices.
 */
export function asShape(inst: Named, s: Shape, l: Literal): Literal {
  if (!isArrayShape(s) || isTupleLiteral(l)) return l;
  if (!sameDimensions(s.dimensions, l.shape.dimensions)) {
    throw new EvalError(
      `${inst.name} (${inst.opcode}): result ${shapeToString(s)} from operand ${shapeToString(l.shape)} is sized for more than one device; evaluate runs one replica and one partition (evaluateSpmd runs several)`,
    );
  }
  return arrayLiteralFromData(s, l.data);
}

/** One operand gives itself; several give the tuple of them. */
export function oneOrTuple(inst: Named, s: Shape, operands: readonly Literal[]): Literal {
  if (operands.length === 1) return asShape(inst, s, operands[0]);
  return tupleLiteral(operands.map((o, i) => (s.elementType === "tuple" ? asShape(inst, s.tupleShapes[i], o) : o)));
}

/** Element i of a tuple operand (what the -done ops take). */
export function element(inst: Named, l: Literal | undefined, i: number): Literal {
  if (l === undefined || !isTupleLiteral(l) || l.elements.length <= i) {
    throw new EvalError(`${inst.name} (${inst.opcode}): expected a tuple operand with at least ${i + 1} elements, got ${l === undefined ? "none" : shapeToString(l.shape)}`);
  }
  return l.elements[i];
}

type GroupedOpcode = "all-reduce" | "all-reduce-start" | "all-gather" | "all-to-all";

/** Every group is device 0 alone, so the data stays as it is. */
function passThrough<K extends GroupedOpcode>(): Kernel<K> {
  return (inst, operands) => {
    checkSingleDevice(inst, inst.attributes.replicaGroups);
    return oneOrTuple(inst, inst.shape, operands);
  };
}

/** Device 0 receives from the pair whose target is 0: itself, or (with no such pair) nothing, which XLA fills with zeros. */
function permuteResult(inst: InstructionOf<"collective-permute"> | InstructionOf<"collective-permute-start">, x: Literal, s: Shape): Literal {
  const into0 = inst.attributes.sourceTargetPairs.filter(([, target]) => target === 0);
  if (into0.length === 0) return zeroLiteral(s);
  if (into0.some(([source]) => source !== 0)) {
    throw new EvalError(`${inst.name} (${inst.opcode}): source_target_pairs send from device ${into0.find(([src]) => src !== 0)?.[0]} to device 0; evaluate runs one device (evaluateSpmd runs several)`);
  }
  return asShape(inst, s, x);
}

/** identity ⊕ x, as XLA's CPU runtime computes it, for a float reducer it recognises. */
function fromIdentity(op: string): ((x: number) => number) | undefined {
  switch (op) {
    case "add":
      return (x) => 0 + x; // -0 becomes +0
    case "maximum":
      return (x) => (Number.isNaN(x) ? -Infinity : x); // std::max(-inf, NaN) is -inf
    case "minimum":
      return (x) => (Number.isNaN(x) ? Infinity : x);
    default:
      return undefined; // multiply (1 * x) and the logical ops change nothing
  }
}

function reduceScatterValue(l: Literal, reducer: string, ctx: EvalContext): Literal {
  if (isTupleLiteral(l) || !isFloatType(l.shape.elementType) || !(l.data instanceof Float64Array)) return l;
  const f = (() => {
    const r = simpleReducer(ctx, reducer);
    return r === undefined ? undefined : fromIdentity(r.op);
  })();
  return f === undefined ? l : arrayLiteralFromData(l.shape, l.data.map(f));
}

/**
 * reduce-scatter of a participant alone in its group (on one device, or a
 * group of one among several): its operands, folded from the reducer's
 * identity as XLA's CPU runtime does.
 */
export function reduceScatterAlone(inst: InstructionOf<"reduce-scatter">, operands: readonly Literal[], ctx: EvalContext): Literal {
  const out = oneOrTuple(inst, inst.shape, operands);
  const reducer = inst.called[0];
  if (reducer === undefined) return out;
  return isTupleLiteral(out) ? tupleLiteral(out.elements.map((e) => reduceScatterValue(e, reducer, ctx))) : reduceScatterValue(out, reducer, ctx);
}

/** all-gather-start's (operands, results) tuple for a participant alone in its group. */
export function allGatherStartAlone(inst: InstructionOf<"all-gather-start">, operands: readonly Literal[], gathered: readonly Literal[]): Literal {
  const s = inst.shape;
  const parts = s.elementType === "tuple" ? s.tupleShapes : [s, s];
  return tupleLiteral([oneOrTuple(inst, parts[0], operands), oneOrTuple(inst, parts[1], gathered)]);
}

/** collective-permute-start's (operand, received, context...) tuple. */
export function permuteStartTuple(inst: InstructionOf<"collective-permute-start">, x: Literal, received: (s: Shape) => Literal): Literal {
  const s = inst.shape;
  if (s.elementType !== "tuple") throw new EvalError(`${inst.name} (collective-permute-start): result shape ${shapeToString(s)} must be a tuple`);
  const [inShape, outShape, ...context] = s.tupleShapes;
  return tupleLiteral([asShape(inst, inShape, x), received(outShape), ...context.map(zeroLiteral)]);
}

const deviceZero = (): Literal => scalar(0, "u32");

export const collectiveKernels: FamilyKernels<"collective"> = {
  "all-reduce": passThrough(),
  "all-reduce-start": passThrough(),
  "all-reduce-done": (_inst, [x]) => x,
  "all-gather": passThrough(),
  "all-gather-start": (inst, operands) => {
    checkSingleDevice(inst, inst.attributes.replicaGroups);
    return allGatherStartAlone(inst, operands, operands);
  },
  "all-gather-done": (inst, [x]) => element(inst, x, 1),
  "reduce-scatter": (inst, operands, ctx) => {
    checkSingleDevice(inst, inst.attributes.replicaGroups);
    return reduceScatterAlone(inst, operands, ctx);
  },
  "all-to-all": passThrough(),
  "collective-permute": (inst, [x]) => permuteResult(inst, x, inst.shape),
  "collective-permute-start": (inst, [x]) => permuteStartTuple(inst, x, (outShape) => permuteResult(inst, x, outShape)),
  "collective-permute-done": (inst, [x]) => element(inst, x, 1),
  // The group's first device sends its operand to the group; alone, device 0 keeps its own.
  "collective-broadcast": (inst, [x]) => {
    checkSingleDevice(inst, inst.attributes.replicaGroups);
    return asShape(inst, inst.shape, x);
  },
  // Alone, device 0 sends its slice to itself: a dynamic-update-slice of output whose size is data.
  "ragged-all-to-all": (inst, operands) => {
    checkSingleDevice(inst, inst.attributes.replicaGroups);
    return raggedAllToAllGroup(inst, [operands])[0];
  },
  "replica-id": deviceZero,
  "partition-id": deviceZero,
};
