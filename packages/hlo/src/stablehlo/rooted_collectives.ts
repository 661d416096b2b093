/**
 * StableHLO's collectives with a root that HLO lacks: collective_reduce
 * (the group's reduction lands on its root process only; the others get
 * zeros) and collective_broadcast with `has_dynamic_root` (operand j comes
 * from process `group[root[j]]`, `root` being the last operand). Both are
 * written with HLO collectives over the same replica groups and a mask:
 *
 *   collective_reduce     all-reduce, then select(my position == root, reduced, 0)
 *   dynamic-root broadcast all-gather of each operand (a new leading axis),
 *                          dynamic-slice at root[j], then select(in a group, value, 0)
 *
 * "My position" is read from a constant table of each id's index in its
 * group (-1 outside every group), indexed by replica-id. Only the
 * cross-replica form (channel_id <= 0) is written: across partitions these
 * HLO collectives would also span replicas (cross-replica-and-partition
 * mode), so the cross-partition form is refused by name.
 */
import type { Comp, Val } from "./emitter.ts";
import type { Op } from "./syntax.ts";
import { type Translation, scalarRegionComputation } from "./translate.ts";
import type { MlirType, TensorType } from "./types.ts";

const S32: TensorType = { kind: "tensor", elementType: "s32", dims: [] };
const PRED: TensorType = { kind: "tensor", elementType: "pred", dims: [] };

/** A constant of `type` whose HLO literal text is `literal`. */
function constant(comp: Comp, type: TensorType, literal: string, at: Op["at"]): Val {
  return comp.constant("c", type, literal, at);
}

function zeroText(t: TensorType): string {
  if (t.elementType === "pred") return "false";
  if (t.elementType === "c64" || t.elementType === "c128") return "(0, 0)";
  return "0";
}

/** `value` where `keep` holds, zeros of its type elsewhere (keep is a pred scalar). */
function maskedByScalar(comp: Comp, value: Val, keep: Val, at: Op["at"]): Val {
  const type = value.type as TensorType;
  const zero = constant(comp, { ...type, dims: [] }, zeroText(type), at);
  const zeros = type.dims.length === 0 ? zero : comp.emit("zeros", type, "broadcast", [zero], "dimensions={}", at);
  const mask = type.dims.length === 0 ? keep : comp.emit("mask", { ...PRED, dims: type.dims }, "broadcast", [keep], "dimensions={}", at);
  return comp.emit("masked", type, "select", [mask, value, zeros], "", at);
}

/** This process's index in its replica group (s32 scalar), -1 when it is in none. */
function positionInGroup(comp: Comp, groups: readonly (readonly number[])[], at: Op["at"]): Val {
  const ids = groups.flat();
  const size = Math.max(-1, ...ids) + 2;
  // One entry past the largest id holds -1: dynamic-slice clamps any larger id onto it.
  const table = new Array<number>(size).fill(-1);
  for (const g of groups) g.forEach((id, i) => (table[id] = i));
  const tableVal = constant(comp, { ...S32, dims: [size] }, `{${table.join(",")}}`, at);
  const id = comp.emit("replica", { kind: "tensor", elementType: "u32", dims: [] }, "replica-id", [], "", at);
  const index = comp.emit("index", S32, "convert", [id], "", at);
  const one = comp.emit("pos", { ...S32, dims: [1] }, "dynamic-slice", [tableVal, index], "dynamic_slice_sizes={1}", at);
  return comp.emit("pos", S32, "reshape", [one], "", at);
}

/** Element j of the dynamic root operand (tensor<Nxi32>), as an s32 scalar. */
function rootAt(comp: Comp, root: Val, j: number, at: Op["at"]): Val {
  const one = comp.emit("root", { ...S32, dims: [1] }, "slice", [root], `slice={[${j}:${j + 1}:1]}`, at);
  return comp.emit("root", S32, "reshape", [one], "", at);
}

function refuseCrossPartition(t: Translation, op: Op, channelId: number): void {
  if (channelId > 0) {
    throw t.out.lx.error(op.at, `${op.name} across partitions (channel_handle ${channelId} > 0) is not supported: HLO's collectives with a channel_id span replicas too`);
  }
}

function groupsText(groups: readonly (readonly number[])[]): string {
  return `replica_groups={${groups.map((g) => `{${g.join(",")}}`).join(",")}}`;
}

function dataAndRoot(t: Translation, op: Op, operands: readonly Val[], dynamicRoot: boolean): { data: readonly Val[]; root: Val | undefined } {
  if (!dynamicRoot) return { data: operands, root: undefined };
  const root = operands[operands.length - 1];
  const rt = root?.type;
  if (rt?.kind !== "tensor" || rt.dims.length !== 1 || rt.dims[0] !== operands.length - 1 || rt.elementType !== "s32") {
    throw t.out.lx.error(op.at, `${op.name} with has_dynamic_root takes the roots as its last operand, a tensor<${operands.length - 1}xi32>`);
  }
  return { data: operands.slice(0, -1), root };
}

function tensorOf(t: Translation, op: Op, ty: MlirType): TensorType {
  if (ty.kind !== "tensor") throw t.out.lx.error(op.at, `${op.name} works on tensors`);
  return ty;
}

/** collective_reduce: the group's reduction on its root process, zeros on the others. */
export function collectiveReduce(
  t: Translation, comp: Comp, op: Op, operands: readonly Val[], groups: readonly (readonly number[])[], channelId: number, dynamicRoot: boolean,
): Val[] {
  refuseCrossPartition(t, op, channelId);
  const { data, root } = dataAndRoot(t, op, operands, dynamicRoot);
  const body = scalarRegionComputation(t, op.regions[0], "collective_reduce_body");
  const attrs = `${groupsText(groups)}, to_apply=${body.name}`;
  const reduced =
    data.length === 1
      ? [comp.emit("reduced", data[0].type, "all-reduce", data, attrs, op.at)]
      : ((tuple: Val) => data.map((_, i) => comp.gte(tuple, i, op.at)))(comp.emit("reduced", { kind: "tuple", elements: data.map((d) => d.type) }, "all-reduce", data, attrs, op.at));
  const pos = positionInGroup(comp, groups, op.at);
  return reduced.map((r, j) => {
    tensorOf(t, op, r.type);
    const rootIndex = root === undefined ? constant(comp, S32, "0", op.at) : rootAt(comp, root, j, op.at);
    const isRoot = comp.emit("is_root", PRED, "compare", [pos, rootIndex], "direction=EQ", op.at);
    return maskedByScalar(comp, r, isRoot, op.at);
  });
}

/** collective_broadcast with has_dynamic_root: operand j from process group[root[j]], zeros outside every group. */
export function dynamicRootBroadcast(
  t: Translation, comp: Comp, op: Op, operands: readonly Val[], groups: readonly (readonly number[])[], channelId: number,
): Val[] {
  refuseCrossPartition(t, op, channelId);
  const { data, root } = dataAndRoot(t, op, operands, true);
  const size = groups[0]?.length ?? 0;
  if (size === 0 || groups.some((g) => g.length !== size)) throw t.out.lx.error(op.at, `${op.name} with has_dynamic_root needs replica groups of one size`);
  const pos = positionInGroup(comp, groups, op.at);
  const zero = constant(comp, S32, "0", op.at);
  const inGroup = comp.emit("in_group", PRED, "compare", [pos, zero], "direction=GE", op.at);
  return data.map((x, j) => {
    const xt = tensorOf(t, op, x.type);
    const lifted = comp.emit("lifted", { ...xt, dims: [1, ...xt.dims] }, "reshape", [x], "", op.at);
    const gathered = comp.emit("gathered", { ...xt, dims: [size, ...xt.dims] }, "all-gather", [lifted], `${groupsText(groups)}, dimensions={0}`, op.at);
    const starts = [rootAt(comp, root as Val, j, op.at), ...xt.dims.map(() => zero)];
    const picked = comp.emit("picked", { ...xt, dims: [1, ...xt.dims] }, "dynamic-slice", [gathered, ...starts], `dynamic_slice_sizes={${[1, ...xt.dims].join(",")}}`, op.at);
    const value = comp.emit("value", xt, "reshape", [picked], "", op.at);
    return maskedByScalar(comp, value, inGroup, op.at);
  });
}
