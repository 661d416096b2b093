/**
 * StableHLO's collectives as HLO: all_reduce, all_gather, reduce_scatter,
 * all_to_all, collective_permute and collective_broadcast. Their attributes
 * take HLO's spelling: `replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>`
 * becomes `replica_groups={{0,1}}` (rows padded with -1 lose the padding),
 * `channel_handle = #stablehlo.channel_handle<handle = N, ...>` becomes
 * `channel_id=N`, and the gather, scatter and split dimensions become
 * `dimensions={d}`. HLO's all-to-all splits and concatenates along one
 * dimension; where StableHLO names two, the received chunks are moved from
 * the split dimension to the concat dimension by a reshape, a transpose and
 * a reshape; MHLO's all_to_all without dimensions is HLO's tuple form.
 * Groups over named mesh axes (`#stablehlo.replica_group_mesh_axes` over an
 * `sdy.mesh`) become HLO's `mesh[...] {...}` groups, and the ragged_all_to_all
 * custom call XLA's HLO import writes becomes ragged-all-to-all.
 * collective_reduce and collective_broadcast with a dynamic root are written
 * in rooted_collectives.ts.
 */
import { type Attr, denseInts, intList } from "./attributes.ts";
import { type Comp, type Val, braces } from "./emitter.ts";
import type { Op } from "./syntax.ts";
import { type Translation, scalarRegionComputation } from "./translate.ts";
import type { MlirType, TensorType } from "./types.ts";
import { collectiveReduce, dynamicRootBroadcast } from "./rooted_collectives.ts";

/** The StableHLO collectives this file translates. */
export const COLLECTIVES = new Set(["all_reduce", "all_gather", "reduce_scatter", "all_to_all", "collective_permute", "collective_broadcast", "collective_reduce"]);

function attrInt(t: Translation, op: Op, name: string): number {
  const a = op.attrs.get(name);
  if (a === undefined) throw t.out.lx.error(op.at, `${op.name} needs ${name}`);
  const l = intList(t.out.lx, a, name);
  if (l.length !== 1) throw t.out.lx.error(op.at, `${op.name}: ${name} must be one integer`);
  return l[0];
}

/** A rank-2 integer attribute's rows (`dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>`); a splat fills every entry. */
function matrix(t: Translation, op: Op, name: string, a: Attr | undefined = op.attrs.get(name)): number[][] {
  if (a === undefined) return [];
  const at = "at" in a ? a.at : op.at;
  if (a.kind === "array") return a.items.map((row: Attr) => intList(t.out.lx, row, name));
  if (a.kind !== "dense" || a.type?.kind !== "tensor" || a.type.dims.length !== 2) {
    throw t.out.lx.error(at, `${op.name}: ${name} must be a dense rank-2 integer tensor`);
  }
  const [rows, cols] = a.type.dims;
  let flat = denseInts(t.out.lx, a).map(Number);
  if (flat.length === 1 && rows * cols > 1) flat = new Array<number>(rows * cols).fill(flat[0]);
  if (flat.length !== rows * cols) throw t.out.lx.error(at, `${op.name}: ${name} holds ${flat.length} integers for a ${rows}x${cols} tensor`);
  return Array.from({ length: rows }, (_, r) => flat.slice(r * cols, (r + 1) * cols));
}

function groupsText(groups: readonly (readonly number[])[]): string {
  return `{${groups.map((g) => braces(g)).join(",")}}`;
}

/** The replica groups' rows without StableHLO's -1 padding. */
function groupRows(t: Translation, op: Op): number[][] {
  return matrix(t, op, "replica_groups").map((g) => g.filter((x) => x !== -1)).filter((g) => g.length > 0);
}

/** The channel_handle's handle, 0 without one. */
function channelNumber(t: Translation, op: Op): number {
  const a = op.attrs.get("channel_handle");
  return a?.kind === "struct" ? (intList(t.out.lx, a.fields.get("handle"), "handle")[0] ?? 0) : 0;
}

function flag(op: Op, name: string): boolean {
  const a = op.attrs.get(name);
  return a !== undefined && (a.kind === "unit" || (a.kind === "bool" && a.value));
}

/** `replica_groups={...}`: StableHLO pads short groups with -1, HLO lists each group's own ids. */
function replicaGroups(t: Translation, op: Op): string {
  const a = op.attrs.get("replica_groups");
  if (a?.kind === "struct" && a.name === "#stablehlo.replica_group_mesh_axes") return meshGroups(t, op, a);
  const groups = matrix(t, op, "replica_groups").map((g) => g.filter((x) => x !== -1));
  return `replica_groups=${groupsText(groups.filter((g) => g.length > 0))}`;
}

/** `#stablehlo.replica_group_mesh_axes<mesh = @m, axes = [#stablehlo.axis_ref<name = "x">]>` as HLO's `mesh['x'=2,...] {'x'}`. */
function meshGroups(t: Translation, op: Op, a: Extract<Attr, { kind: "struct" }>): string {
  const fail = (why: string) => t.out.lx.error(a.at, `${op.name}: replica_groups ${why}`);
  const ref = a.fields.get("mesh");
  const mesh = ref?.kind === "symbol" ? t.meshes.get(ref.name.replace(/^@/, "")) : undefined;
  if (mesh === undefined) throw fail("names no sdy.mesh of the module");
  const axes = a.fields.get("axes");
  const names = (axes?.kind === "array" ? axes.items : []).map((x) => {
    const n = x.kind === "struct" && x.name === "#stablehlo.axis_ref" && x.fields.size === 1 ? x.fields.get("name") : undefined;
    if (n?.kind !== "string") throw fail("axes must be #stablehlo.axis_ref<name = \"...\"> (sub-axes are not read)");
    if (!mesh.axes.some((m) => m.name === n.value)) throw fail(`axis ${n.value} is not an axis of the mesh`);
    return n.value;
  });
  return `replica_groups=mesh[${mesh.axes.map((m) => `'${m.name}'=${m.size}`).join(",")}] {${names.map((n) => `'${n}'`).join(",")}}`;
}

function channel(t: Translation, op: Op): string[] {
  const a = op.attrs.get("channel_handle");
  if (a === undefined) return [];
  if (a.kind !== "struct") throw t.out.lx.error("at" in a ? a.at : op.at, `${op.name}: channel_handle must be #stablehlo.channel_handle<handle = N, type = T>`);
  // StableHLO splits processes cross-replica when channel_id <= 0; HLO does so when it has no channel_id.
  const id = intList(t.out.lx, a.fields.get("handle"), "handle")[0] ?? 0;
  return id > 0 ? [`channel_id=${id}`] : [];
}

function globalIds(op: Op): string[] {
  const a = op.attrs.get("use_global_device_ids");
  return a !== undefined && (a.kind === "unit" || (a.kind === "bool" && a.value)) ? ["use_global_device_ids=true"] : [];
}

/** One op's results: itself when it has one, else a tuple and its elements. */
function results(comp: Comp, op: Op, opcode: string, operands: readonly Val[], attrs: readonly string[]): Val[] {
  const text = attrs.join(", ");
  const name = op.results[0]?.name ?? opcode;
  if (op.resultTypes.length === 1) return [comp.emit(name, op.resultTypes[0], opcode, operands, text, op.at)];
  const tuple = comp.emit(name, { kind: "tuple", elements: op.resultTypes }, opcode, operands, text, op.at);
  return op.resultTypes.map((_, i) => comp.gte(tuple, i, op.at));
}

function tensor(t: Translation, op: Op, ty: MlirType | undefined): TensorType {
  if (ty?.kind !== "tensor") throw t.out.lx.error(op.at, `${op.name} works on tensors`);
  return ty;
}

/**
 * all_to_all with split_dimension S and concat_dimension C: HLO's all-to-all
 * along S leaves chunk i (along S) holding what device i sent; splitting S
 * into [n, size/n] and moving the n axis to just before C then merging it
 * into C gives StableHLO's result.
 */
function allToAll(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  // The tuple form (MHLO's all_to_all without dimensions): operand i's chunk j goes to device j, as HLO's all-to-all
  // without dimensions, whose shape is always a tuple.
  if (!op.attrs.has("split_dimension")) {
    const tuple = comp.emit(op.results[0]?.name ?? "all_to_all", { kind: "tuple", elements: op.resultTypes }, "all-to-all", operands, [replicaGroups(t, op), ...channel(t, op)].join(", "), op.at);
    return op.resultTypes.map((_, i) => comp.gte(tuple, i, op.at));
  }
  const split = attrInt(t, op, "split_dimension");
  const concat = attrInt(t, op, "concat_dimension");
  const n = attrInt(t, op, "split_count");
  const attrs = [replicaGroups(t, op), ...channel(t, op), `dimensions={${split}}`];
  if (split === concat) return results(comp, op, "all-to-all", operands, attrs);
  // Several operands exchange independently over the same groups: one all-to-all each.
  return operands.map((operand, i) => allToAllOne(t, comp, op, operand, op.resultTypes[i], { split, concat, n, attrs }));
}

function allToAllOne(
  t: Translation, comp: Comp, op: Op, operand: Val, resultType: MlirType | undefined,
  a: { readonly split: number; readonly concat: number; readonly n: number; readonly attrs: readonly string[] },
): Val {
  const { split, concat, n, attrs } = a;
  const x = tensor(t, op, operand.type);
  const rank = x.dims.length;
  if (split >= rank || concat >= rank || n <= 0 || x.dims[split] % n !== 0) {
    throw t.out.lx.error(op.at, `${op.name}: split_dimension ${split} of [${x.dims.join(",")}] does not split into ${n} chunks, or concat_dimension ${concat} is out of range`);
  }
  const exchanged = comp.emit("all_to_all", x, "all-to-all", [operand], attrs.join(", "), op.at);
  const splitDims = [...x.dims.slice(0, split), n, x.dims[split] / n, ...x.dims.slice(split + 1)];
  const chunked = comp.emit("chunks", { ...x, dims: splitDims }, "reshape", [exchanged], "", op.at);
  // Axes of `chunked` other than the chunk axis (at `split`), in order; the chunk axis goes before the concat axis.
  const rest = x.dims.map((_, k) => (k <= split ? (k === split ? split + 1 : k) : k + 1));
  const perm = [...rest.slice(0, concat), split, ...rest.slice(concat)];
  const moved = comp.emit("moved", { ...x, dims: perm.map((p) => splitDims[p]) }, "transpose", [chunked], `dimensions=${braces(perm)}`, op.at);
  const out = tensor(t, op, resultType);
  return comp.emit(op.results[0]?.name ?? "all_to_all", out, "reshape", [moved], "", op.at);
}

/** Translates one StableHLO collective (`short` is in COLLECTIVES) into `comp`. */
export function translateCollective(t: Translation, comp: Comp, op: Op, short: string, operands: readonly Val[]): Val[] {
  switch (short) {
    case "all_reduce": {
      const body = scalarRegionComputation(t, op.regions[0], "all_reduce_body");
      return results(comp, op, "all-reduce", operands, [replicaGroups(t, op), ...channel(t, op), ...globalIds(op), `to_apply=${body.name}`]);
    }
    case "all_gather":
      return results(comp, op, "all-gather", operands, [replicaGroups(t, op), ...channel(t, op), ...globalIds(op), `dimensions={${attrInt(t, op, "all_gather_dim")}}`]);
    case "reduce_scatter": {
      const body = scalarRegionComputation(t, op.regions[0], "reduce_scatter_body");
      const dim = attrInt(t, op, "scatter_dimension");
      return results(comp, op, "reduce-scatter", operands, [replicaGroups(t, op), ...channel(t, op), ...globalIds(op), `dimensions={${dim}}`, `to_apply=${body.name}`]);
    }
    case "all_to_all": return allToAll(t, comp, op, operands);
    case "collective_permute":
      return results(comp, op, "collective-permute", operands, [`source_target_pairs=${groupsText(matrix(t, op, "source_target_pairs"))}`, ...channel(t, op)]);
    case "collective_broadcast":
      if (flag(op, "has_dynamic_root")) return dynamicRootBroadcast(t, comp, op, operands, groupRows(t, op), channelNumber(t, op));
      return results(comp, op, "collective-broadcast", operands, [replicaGroups(t, op), ...channel(t, op)]);
    case "collective_reduce": return collectiveReduce(t, comp, op, operands, groupRows(t, op), channelNumber(t, op), flag(op, "has_dynamic_root"));
    default:
      throw t.out.lx.error(op.at, `${op.name} is not a collective`);
  }
}

/**
 * `stablehlo.custom_call @ragged_all_to_all` with a typed-FFI dictionary of `replica_groups` and `channel_id`, as
 * XLA's own HLO import writes HLO's ragged-all-to-all (and XLA reads it back): that op.
 */
export function raggedAllToAll(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const bc = op.attrs.get("backend_config");
  const fields = bc?.kind === "dict" ? bc.entries : new Map<string, Attr>();
  const groups = matrix(t, op, "replica_groups", fields.get("replica_groups")).map((g) => g.filter((x) => x !== -1)).filter((g) => g.length > 0);
  const id = fields.get("channel_id");
  const attrs = [`replica_groups=${groupsText(groups)}`, ...(id === undefined ? [] : [`channel_id=${intList(t.out.lx, id, "channel_id")[0]}`])];
  return results(comp, op, "ragged-all-to-all", operands, attrs);
}
