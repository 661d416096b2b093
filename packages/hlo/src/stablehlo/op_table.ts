/**
 * The op table: each StableHLO, CHLO and func op, and the HLO it becomes.
 * Element-wise ops map one to one; ops with attributes write them in HLO's
 * spelling (dims -> dimensions={...}, a window from its sizes, strides,
 * padding and dilations, dim_numbers -> dim_labels); ops with regions call
 * computations made from them; several results become a tuple and its
 * elements. CHLO ops become what XLA's CHLO legalization makes of them: an
 * HLO op where there is one (erf, tan, top_k, ragged_dot, scan), the
 * legalization's formula written out (chlo_decompositions.ts, chlo_erfc.ts,
 * chlo_complex.ts, chlo_mulhi.ts), broadcast and op for the broadcasting
 * forms (chlo_broadcast.ts); the others are refused by name. Collectives are translated in collective_ops.ts, infeed,
 * outfeed, send and recv in host_transfer_ops.ts; dynamic_pad, dynamic_gather
 * and dynamic_conv with constant paddings and sizes are read as pad, gather
 * and convolution (dynamic_ops.ts). The MHLO forms XLA's HLO import (and
 * minixla's printer) writes for HLO ops StableHLO lacks are read as those ops:
 * stochastic_convert, xla.rng_get_and_update_state, a custom call's
 * mhlo.literal, the ragged_all_to_all custom call, all_to_all's tuple form.
 */
import { type Attr, intList } from "./attributes.ts";
import { isChloBroadcast, translateChloBroadcast } from "./chlo_broadcast.ts";
import { decomposeComplexChlo, isComplexChlo } from "./chlo_complex.ts";
import { decomposeChlo, isDecomposedChlo } from "./chlo_decompositions.ts";
import { decomposeMulhi } from "./chlo_mulhi.ts";
import { translateChloScan } from "./chlo_scan.ts";
import { COLLECTIVES, raggedAllToAll, translateCollective } from "./collective_ops.ts";
import { denseLiteral, denseLiteralText } from "./dense.ts";
import { HOST_TRANSFERS, translateHostTransfer } from "./host_transfer_ops.ts";
import { staticForm } from "./dynamic_ops.ts";
import { translateProbe } from "./probes.ts";
import { type Comp, type Val, braces } from "./emitter.ts";
import type { MlirToken } from "./lexer.ts";
import type { Op } from "./syntax.ts";
import { type CheckRecord, type Translation, calleeComputation, freeValues, scalarRegionComputation, tupleRegionComputation } from "./translate.ts";
import { type MlirType, type TensorType, shapeText } from "./types.ts";

const UNARY: Readonly<Record<string, string>> = {
  abs: "abs", cbrt: "cbrt", ceil: "ceil", cosine: "cosine", count_leading_zeros: "count-leading-zeros", exponential: "exponential",
  exponential_minus_one: "exponential-minus-one", floor: "floor", is_finite: "is-finite", log: "log", log_plus_one: "log-plus-one",
  logistic: "logistic", negate: "negate", not: "not", popcnt: "popcnt", real: "real", imag: "imag", round_nearest_afz: "round-nearest-afz",
  round_nearest_even: "round-nearest-even", rsqrt: "rsqrt", sign: "sign", sine: "sine", sqrt: "sqrt", tan: "tan", tanh: "tanh",
  convert: "convert", bitcast_convert: "bitcast-convert", reshape: "reshape",
};
const BINARY: Readonly<Record<string, string>> = {
  add: "add", subtract: "subtract", multiply: "multiply", divide: "divide", remainder: "remainder", maximum: "maximum", minimum: "minimum",
  power: "power", atan2: "atan2", and: "and", or: "or", xor: "xor", shift_left: "shift-left", shift_right_arithmetic: "shift-right-arithmetic",
  shift_right_logical: "shift-right-logical", complex: "complex",
};
const CHLO_UNARY: Readonly<Record<string, string>> = { erf: "erf", tan: "tan" };
const CHECKS = new Set(["expect_eq", "expect_almost_eq", "expect_close", "expect_eq_const", "expect_almost_eq_const", "expect_serialized_eq"]);

function attr(op: Op, ...names: string[]): Attr | undefined {
  for (const n of names) {
    const a = op.attrs.get(n);
    if (a !== undefined) return a;
  }
  return undefined;
}

function ints(t: Translation, op: Op, ...names: string[]): number[] {
  return intList(t.out.lx, attr(op, ...names), names[0]);
}

function int(t: Translation, op: Op, fallback: number | undefined, ...names: string[]): number {
  const a = attr(op, ...names);
  if (a === undefined) {
    if (fallback === undefined) throw t.out.lx.error(op.at, `${op.name} needs ${names[0]}`);
    return fallback;
  }
  if (a.kind === "int") return Number(a.value);
  const l = intList(t.out.lx, a, names[0]);
  if (l.length !== 1) throw t.out.lx.error(op.at, `${names[0]} must be one integer`);
  return l[0];
}

function flag(op: Op, name: string): boolean {
  const a = op.attrs.get(name);
  return a !== undefined && (a.kind === "unit" || (a.kind === "bool" && a.value));
}

function word(op: Op, i: number, ...names: string[]): string | undefined {
  const a = attr(op, ...names);
  if (a?.kind === "enum") return a.value;
  if (a?.kind === "string") return a.value;
  return op.words[i];
}

function resultType(t: Translation, op: Op, i = 0): MlirType {
  const r = op.resultTypes[i];
  if (r === undefined) throw t.out.lx.error(op.at, `${op.name} needs a result type (${i})`);
  return r;
}

function tensorOf(t: Translation, v: Val | MlirType, at: MlirToken | number): TensorType {
  const ty = "hlo" in v ? v.type : v;
  if (ty.kind !== "tensor") throw t.out.lx.error(at, "expected a tensor value");
  return ty;
}

/** Emits an op with several results as a tuple and its elements. */
function multi(comp: Comp, op: Op, opcode: string, operands: readonly Val[], attrs: string): Val[] {
  if (op.resultTypes.length === 1) return [comp.emit(op.results[0]?.name ?? opcode, op.resultTypes[0], opcode, operands, attrs, op.at)];
  const tuple = comp.emit(op.results[0]?.name ?? opcode, { kind: "tuple", elements: op.resultTypes }, opcode, operands, attrs, op.at);
  return op.resultTypes.map((_, i) => comp.gte(tuple, i, op.at));
}

/** `size=2x2 stride=... pad=l_h x ... lhs_dilate=... rhs_dilate=... rhs_reversal=...`. */
function windowText(size: readonly number[], strides: readonly number[], pads: readonly (readonly [number, number])[], lhs: readonly number[], rhs: readonly number[], reversal: readonly number[] = []): string {
  const n = size.length;
  const parts = [`size=${size.join("x")}`];
  if (strides.length === n) parts.push(`stride=${strides.join("x")}`);
  if (pads.length === n) parts.push(`pad=${pads.map(([l, h]) => `${l}_${h}`).join("x")}`);
  if (lhs.length === n) parts.push(`lhs_dilate=${lhs.join("x")}`);
  if (rhs.length === n) parts.push(`rhs_dilate=${rhs.join("x")}`);
  if (reversal.length === n && reversal.some((r) => r !== 0)) parts.push(`rhs_reversal=${reversal.join("x")}`);
  return n === 0 ? "" : `window={${parts.join(" ")}}`;
}

function padPairs(t: Translation, op: Op, rank: number, ...names: string[]): [number, number][] {
  const a = attr(op, ...names);
  if (a === undefined) return Array.from({ length: rank }, () => [0, 0] as [number, number]);
  let flat: number[];
  if (a.kind === "array" && a.items.every((x) => x.kind === "array")) flat = a.items.flatMap((x) => intList(t.out.lx, x, names[0]));
  else flat = intList(t.out.lx, a, names[0]);
  if (flat.length === 1 && rank > 0) flat = Array.from({ length: 2 * rank }, () => flat[0]);
  if (flat.length !== 2 * rank) throw t.out.lx.error(op.at, `${names[0]} needs ${rank} (low, high) pairs`);
  return Array.from({ length: rank }, (_, i) => [flat[2 * i], flat[2 * i + 1]] as [number, number]);
}

function structField(t: Translation, op: Op, s: Attr | undefined, field: string): number[] {
  if (s === undefined || s.kind !== "struct") return [];
  return intList(t.out.lx, s.fields.get(field), field);
}

/** `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` -> `b01f_01io->b01f`. */
function dimLabels(t: Translation, op: Op): string {
  const a = attr(op, "dimension_numbers");
  let text = a?.kind === "opaque" ? a.text : "";
  const at = a !== undefined && "at" in a ? a.at : op.at;
  text = text.replace(/^#stablehlo\.conv</, "").replace(/>$/, "");
  const m = /^\s*\[([^\]]*)\]\s*x\s*\[([^\]]*)\]\s*->\s*\[([^\]]*)\]\s*$/.exec(text);
  if (!m) {
    const raw = /raw/.test(text);
    throw t.out.lx.error(at, raw ? "convolution dimension numbers in the 'raw' form are not supported" : "expected convolution dimension numbers [..]x[..]->[..]");
  }
  const part = (s: string) => s.split(",").map((x) => x.trim()).join("");
  return `${part(m[1])}_${part(m[2])}->${part(m[3])}`;
}

function convolution(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const labels = dimLabels(t, op);
  const kernel = tensorOf(t, operands[1], op.at);
  const kLabels = labels.split("_")[1].split("->")[0];
  const spatial: number[] = [];
  for (let i = 0; i < kLabels.length; i++) if (/\d/.test(kLabels[i])) spatial[Number(kLabels[i])] = kernel.dims[i];
  const n = spatial.length;
  const win = attr(op, "window");
  const w = win?.kind === "dict" ? win.entries : op.attrs;
  const get = (k: string, g: string): Attr | undefined => w.get(k) ?? op.attrs.get(g);
  const list = (k: string, g: string) => intList(t.out.lx, get(k, g), k);
  const padAttr = get("pad", "padding");
  const pads: [number, number][] = [];
  if (padAttr !== undefined) {
    const flat = padAttr.kind === "array" && padAttr.items.every((x) => x.kind === "array") ? padAttr.items.flatMap((x) => intList(t.out.lx, x, "pad")) : intList(t.out.lx, padAttr, "pad");
    for (let i = 0; i < n; i++) pads.push([flat[2 * i] ?? 0, flat[2 * i + 1] ?? 0]);
  }
  const reverse = list("reverse", "window_reversal");
  const window = windowText(spatial, list("stride", "window_strides"), pads, list("lhs_dilate", "lhs_dilation"), list("rhs_dilate", "rhs_dilation"), reverse);
  const attrs = [window, `dim_labels=${labels}`];
  const fg = int(t, op, 1, "feature_group_count");
  const bg = int(t, op, 1, "batch_group_count");
  if (fg !== 1) attrs.push(`feature_group_count=${fg}`);
  if (bg !== 1) attrs.push(`batch_group_count=${bg}`);
  return [comp.emit(op.results[0]?.name ?? "conv", resultType(t, op), "convolution", operands, attrs.filter((x) => x !== "").join(", "), op.at)];
}

function precisionText(op: Op): string {
  const p = attr(op, "precision", "precision_config");
  if (p?.kind !== "array" || p.items.length === 0) return "";
  const names = p.items.map((x) => (x.kind === "enum" ? x.value.toLowerCase() : "default"));
  return names.some((x) => x !== "default") ? `operand_precision={${names.join(",")}}` : "";
}

function dotGeneral(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const pair = (name: string, field: [string, string]): [number[], number[]] => {
    const a = op.attrs.get(name);
    if (a?.kind === "array" && a.items.length === 2 && a.items.every((x) => x.kind === "array")) {
      return [intList(t.out.lx, a.items[0], name), intList(t.out.lx, a.items[1], name)];
    }
    const s = op.attrs.get("dot_dimension_numbers");
    return [structField(t, op, s, field[0]), structField(t, op, s, field[1])];
  };
  const [lb, rb] = pair("batching_dims", ["lhs_batching_dimensions", "rhs_batching_dimensions"]);
  const [lc, rc] = pair("contracting_dims", ["lhs_contracting_dimensions", "rhs_contracting_dimensions"]);
  const attrs = [`lhs_batch_dims=${braces(lb)}`, `lhs_contracting_dims=${braces(lc)}`, `rhs_batch_dims=${braces(rb)}`, `rhs_contracting_dims=${braces(rc)}`, precisionText(op)];
  return [comp.emit(op.results[0]?.name ?? "dot", resultType(t, op), "dot", operands, attrs.filter((x) => x !== "").join(", "), op.at)];
}

/** chlo.ragged_dot is HLO's ragged-dot, as XLA imports it: dot's dimension numbers plus the ragged and group dimensions. */
function raggedDot(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const s = op.attrs.get("ragged_dot_dimension_numbers");
  if (s?.kind !== "struct") throw t.out.lx.error(op.at, "chlo.ragged_dot needs ragged_dot_dimension_numbers = #chlo.ragged_dot<...>");
  if (operands.length !== 3) throw t.out.lx.error(op.at, `chlo.ragged_dot takes lhs, rhs and group_sizes, not ${operands.length} operands`);
  const f = (k: string) => braces(structField(t, op, s, k));
  const dot = [
    `lhs_batch_dims=${f("lhs_batching_dimensions")}`, `lhs_contracting_dims=${f("lhs_contracting_dimensions")}`,
    `rhs_batch_dims=${f("rhs_batching_dimensions")}`, `rhs_contracting_dims=${f("rhs_contracting_dimensions")}`,
  ];
  const name = op.results[0]?.name ?? "ragged_dot";
  // A ragged batch dimension (mode 3) splits nothing the batched dot does not: XLA's import makes it a plain dot.
  const ragged = structField(t, op, s, "lhs_ragged_dimensions");
  if (ragged.length === 1 && structField(t, op, s, "lhs_batching_dimensions").includes(ragged[0])) {
    return [comp.emit(name, resultType(t, op), "dot", operands.slice(0, 2), [...dot, precisionText(op)].filter((x) => x !== "").join(", "), op.at)];
  }
  const attrs = [...dot, `lhs_ragged_dims=${f("lhs_ragged_dimensions")}`, `rhs_group_dims=${f("rhs_group_dimensions")}`, precisionText(op)];
  return [comp.emit(name, resultType(t, op), "ragged-dot", operands, attrs.filter((x) => x !== "").join(", "), op.at)];
}

function gather(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const s = op.attrs.get("dimension_numbers");
  const f = (k: string) => structField(t, op, s, k);
  const attrs = [
    `offset_dims=${braces(f("offset_dims"))}`, `collapsed_slice_dims=${braces(f("collapsed_slice_dims"))}`,
    `start_index_map=${braces(f("start_index_map"))}`, `index_vector_dim=${f("index_vector_dim")[0] ?? 0}`,
    `slice_sizes=${braces(ints(t, op, "slice_sizes"))}`,
  ];
  if (f("operand_batching_dims").length > 0) attrs.push(`operand_batching_dims=${braces(f("operand_batching_dims"))}`);
  if (f("start_indices_batching_dims").length > 0) attrs.push(`start_indices_batching_dims=${braces(f("start_indices_batching_dims"))}`);
  if (flag(op, "indices_are_sorted")) attrs.push("indices_are_sorted=true");
  return [comp.emit(op.results[0]?.name ?? "gather", resultType(t, op), "gather", operands, attrs.join(", "), op.at)];
}

function scatter(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const s = op.attrs.get("scatter_dimension_numbers");
  const f = (k: string) => structField(t, op, s, k);
  const region = scalarRegionComputation(t, op.regions[0], "scatter_update");
  const attrs = [
    `update_window_dims=${braces(f("update_window_dims"))}`, `inserted_window_dims=${braces(f("inserted_window_dims"))}`,
    `scatter_dims_to_operand_dims=${braces(f("scatter_dims_to_operand_dims"))}`, `index_vector_dim=${f("index_vector_dim")[0] ?? 0}`,
  ];
  if (f("input_batching_dims").length > 0) attrs.push(`input_batching_dims=${braces(f("input_batching_dims"))}`);
  if (f("scatter_indices_batching_dims").length > 0) attrs.push(`scatter_indices_batching_dims=${braces(f("scatter_indices_batching_dims"))}`);
  if (flag(op, "indices_are_sorted")) attrs.push("indices_are_sorted=true");
  if (flag(op, "unique_indices")) attrs.push("unique_indices=true");
  attrs.push(`to_apply=${region.name}`);
  return multi(comp, op, "scatter", operands, attrs.join(", "));
}

function reduceWindow(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const first = tensorOf(t, operands[0], op.at);
  const size = ints(t, op, "window_dimensions");
  const region = scalarRegionComputation(t, op.regions[0], "reduce_window_body");
  const window = windowText(size, ints(t, op, "window_strides"), padPairs(t, op, first.dims.length, "padding"), ints(t, op, "base_dilations"), ints(t, op, "window_dilations"));
  return multi(comp, op, "reduce-window", operands, [window, `to_apply=${region.name}`].filter((x) => x !== "").join(", "));
}

function selectAndScatter(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const first = tensorOf(t, operands[0], op.at);
  const select = scalarRegionComputation(t, op.regions[0], "select");
  const scat = scalarRegionComputation(t, op.regions[1], "scatter");
  const window = windowText(ints(t, op, "window_dimensions"), ints(t, op, "window_strides"), padPairs(t, op, first.dims.length, "padding"), [], []);
  return [comp.emit(op.results[0]?.name ?? "sas", resultType(t, op), "select-and-scatter", operands, [window, `select=${select.name}`, `scatter=${scat.name}`].filter((x) => x !== "").join(", "), op.at)];
}

/** while: the loop state is the operands and the outside values either region uses. */
function whileOp(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const [cond, body] = op.regions;
  const free = freeValues([cond, body]).filter((r) => !(cond.blocks[0]?.args ?? []).some((a) => a.name === r.name));
  const captured = free.map((ref) => ({ ref, val: comp.lookup(ref) }));
  const args = body.blocks[0]?.args ?? [];
  const condArgs = cond.blocks[0]?.args ?? [];
  const n = operands.length;
  const state = [...operands, ...captured.map((c) => c.val)];
  const stateType: MlirType = { kind: "tuple", elements: state.map((v) => v.type) };
  const init = comp.emit("while_init", stateType, "tuple", state, "", op.at);
  const condComp = tupleRegionComputation(t, cond, "while_cond", condArgs, captured, (r) => r);
  // The body passes the captured values along unchanged.
  const bodyComp = tupleRegionComputation(t, body, "while_body", args, captured, (r, inner) => {
    if (r.length !== n) throw t.out.lx.error(body.at, `the while body returns ${r.length} values for ${n} loop variables`);
    return [...r, ...inner];
  }, true);
  const loop = comp.emit(op.results[0]?.name ?? "while", stateType, "while", [init], `condition=${condComp.name}, body=${bodyComp.name}`, op.at);
  return operands.map((_, i) => comp.gte(loop, i, op.at));
}

function conditional(t: Translation, comp: Comp, op: Op, index: Val, isIf: boolean): Val[] {
  const branchOperands: Val[] = [];
  const names: string[] = [];
  op.regions.forEach((r, i) => {
    const captured = freeValues([r]).map((ref) => ({ ref, val: comp.lookup(ref) }));
    const arg = comp.emit(`branch${i}_args`, { kind: "tuple", elements: captured.map((c) => c.val.type) }, "tuple", captured.map((c) => c.val), "", r.at);
    branchOperands.push(arg);
    names.push(tupleRegionComputation(t, r, `branch${i}`, [], captured, (x) => x).name);
  });
  const attrs = isIf ? `true_computation=${names[0]}, false_computation=${names[1]}` : `branch_computations={${names.join(", ")}}`;
  if (op.resultTypes.length === 1) return [comp.emit(op.results[0]?.name ?? "cond", op.resultTypes[0], "conditional", [index, ...branchOperands], attrs, op.at)];
  const tuple = comp.emit(op.results[0]?.name ?? "cond", { kind: "tuple", elements: op.resultTypes }, "conditional", [index, ...branchOperands], attrs, op.at);
  return op.resultTypes.map((_, i) => comp.gte(tuple, i, op.at));
}

function customCall(t: Translation, comp: Comp, op: Op, operands: readonly Val[]): Val[] {
  const target = op.callee;
  if (target === undefined) throw t.out.lx.error(op.at, "custom_call needs a target");
  if (target.startsWith("check.")) return checkOp(t, op, target.slice(6), operands);
  if (target === "ragged_all_to_all" && op.attrs.get("backend_config")?.kind === "dict") return raggedAllToAll(t, comp, op, operands);
  const attrs = [`custom_call_target=${JSON.stringify(target)}`];
  const bc = op.attrs.get("backend_config");
  if (bc?.kind === "string" && bc.value !== "") attrs.push(`backend_config=${JSON.stringify(bc.value)}`);
  // API version 4 (typed FFI) takes a dictionary: XLA keeps its MLIR text as the backend config string.
  if (bc?.kind === "dict" && bc.entries.size > 0) attrs.push(`backend_config=${JSON.stringify(braceText(t.out.lx.text, bc.at))}`);
  const api = op.attrs.get("api_version");
  if (api?.kind === "int" && api.value !== 1n) attrs.push(`api_version=API_VERSION_${["", "ORIGINAL", "STATUS_RETURNING", "STATUS_RETURNING_UNIFIED", "TYPED_FFI"][Number(api.value)] ?? "ORIGINAL"}`);
  if (flag(op, "has_side_effect")) attrs.push("custom_call_has_side_effect=true");
  // MHLO's literal operand (SetBound's bound), as XLA's HLO import writes HLO's `literal=`.
  const lit = op.attrs.get("mhlo.literal");
  if (lit?.kind === "dense" && lit.type?.kind === "tensor") attrs.push(`literal=${shapeText(lit.type, t.out.lx, op.at)} ${denseLiteralText(t.out.lx, lit, lit.type)}`);
  if (op.resultTypes.length === 1) return [comp.emit(op.results[0]?.name ?? "custom_call", op.resultTypes[0], "custom-call", operands, attrs.join(", "), op.at)];
  const tuple = comp.emit(op.results[0]?.name ?? "custom_call", { kind: "tuple", elements: op.resultTypes }, "custom-call", operands, attrs.join(", "), op.at);
  return op.resultTypes.map((_, i) => comp.gte(tuple, i, op.at));
}

/** The source text of the `{...}` that opens at `at`, braces inside strings skipped. */
function braceText(text: string, at: number): string {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return text.slice(at, i + 1);
  }
  return text.slice(at);
}

function checkOp(t: Translation, op: Op, kind: string, operands: readonly Val[]): Val[] {
  if (!CHECKS.has(kind)) throw t.out.lx.error(op.at, `unknown check op check.${kind}`);
  const record: CheckRecord = { kind, at: op.at, values: operands, attrs: op.attrs, words: op.words };
  t.checks.push(record);
  return [];
}

function callOp(t: Translation, comp: Comp, op: Op, callee: string, operands: readonly Val[]): Val[] {
  const { name, func } = calleeComputation(t, callee, op.at);
  const types = func.results.map((r) => r.type);
  if (types.length === 1) return [comp.emit(op.results[0]?.name ?? "call", types[0], "call", operands, `to_apply=${name}`, op.at)];
  const tuple = comp.emit(op.results[0]?.name ?? "call", { kind: "tuple", elements: types }, "call", operands, `to_apply=${name}`, op.at);
  return types.map((_, i) => comp.gte(tuple, i, op.at));
}

/** A scalar constant broadcast to the shape of `like`. */
function splat(t: Translation, comp: Comp, like: TensorType, value: string, at: MlirToken | number): Val {
  const scalarType: TensorType = { kind: "tensor", elementType: like.elementType, dims: [] };
  const c = comp.constant("c", scalarType, value, at);
  if (like.dims.length === 0) return c;
  return comp.emit("bcast", like, "broadcast", [c], "dimensions={}", at);
}

function chlo(t: Translation, comp: Comp, op: Op, short: string, operands: readonly Val[]): Val[] {
  const name = op.results[0]?.name ?? short;
  const out = (opcode: string, xs: readonly Val[], attrs = "") => [comp.emit(name, resultType(t, op), opcode, xs, attrs, op.at)];
  const rt = resultType(t, op);
  if (isChloBroadcast(short)) return [translateChloBroadcast({ comp, op, fail: (why) => t.out.lx.error(op.at, `chlo.${short} ${why}`) }, short, operands, rt, op.at)];
  if (isComplexChlo(short, rt.kind === "tensor" ? rt.elementType : undefined)) return [decomposeComplexChlo(comp, short, operands, rt, op.at)];
  if (isDecomposedChlo(short, rt.kind === "tensor" ? rt.elementType : undefined)) return [decomposeChlo(comp, short, operands, rt, op.at)];
  if (CHLO_UNARY[short] !== undefined) return out(CHLO_UNARY[short], operands);
  const x = operands[0];
  switch (short) {
    case "atan": {
      const one = splat(t, comp, tensorOf(t, x, op.at), "1", op.at);
      return out("atan2", [x, one]);
    }
    case "is_inf":
    case "is_pos_inf":
    case "is_neg_inf": {
      const xt = tensorOf(t, x, op.at);
      const v = short === "is_inf" ? comp.emit("abs", xt, "abs", [x], "", op.at) : x;
      const inf = splat(t, comp, xt, short === "is_neg_inf" ? "-inf" : "inf", op.at);
      return out("compare", [v, inf], "direction=EQ");
    }
    case "top_k": {
      const k = int(t, op, undefined, "k");
      return multi(comp, op, "topk", operands, `k=${k}, largest=true`);
    }
    case "conj": {
      const xt = tensorOf(t, x, op.at);
      const partType: TensorType = { ...xt, elementType: xt.elementType === "c64" ? "f32" : "f64" };
      const re = comp.emit("re", partType, "real", [x], "", op.at);
      const im = comp.emit("im", partType, "imag", [x], "", op.at);
      const neg = comp.emit("neg", partType, "negate", [im], "", op.at);
      return out("complex", [re, neg]);
    }
    case "square": return out("multiply", [x, x]);
    case "ragged_dot": return raggedDot(t, comp, op, operands);
    case "scan": return translateChloScan(t, comp, op, operands);
    case "mulhi": return [decomposeMulhi(comp, operands, rt, op.at)];
    case "constant": return [constantWithType(t, comp, op)];
    default:
      throw t.out.lx.error(op.at, `chlo.${short} is not supported: minixla has no HLO op or decomposition for it`);
  }
}

/**
 * broadcast_in_dim may stretch a size-1 dimension; HLO's broadcast maps sizes
 * exactly, so such dimensions are reshaped away first.
 */
function broadcastInDim(t: Translation, comp: Comp, op: Op, x: Val, dims: readonly number[]): Val[] {
  const xt = tensorOf(t, x, op.at);
  const rt = tensorOf(t, resultType(t, op), op.at);
  const keep = xt.dims.map((d, i) => d !== 1 || rt.dims[dims[i]] === 1);
  let src = x;
  if (keep.some((k) => !k)) {
    const kept: TensorType = { kind: "tensor", elementType: xt.elementType, dims: xt.dims.filter((_, i) => keep[i]) };
    src = comp.emit("squeeze", kept, "reshape", [x], "", op.at);
  }
  return [comp.emit(op.results[0]?.name ?? "broadcast", rt, "broadcast", [src], `dimensions=${braces(dims.filter((_, i) => keep[i]))}`, op.at)];
}

/** Translates one op into `comp`, returning the values of its results. */
export function translateOp(t: Translation, comp: Comp, op: Op): Val[] {
  const operands = op.operands.map((r) => comp.lookup(r));
  const dot = op.name.indexOf(".");
  const dialect = dot < 0 ? "" : op.name.slice(0, dot);
  const short = op.name.slice(dot + 1);
  const name = op.results[0]?.name ?? short;
  if (dialect === "check") return checkOp(t, op, short, operands);
  if (dialect === "chlo") return chlo(t, comp, op, short, operands);
  if (op.name === "call" || op.name === "func.call") return callOp(t, comp, op, op.callee as string, operands);
  if (op.name === "interpreter.probe") return translateProbe(t, comp, op, operands);
  if (dialect !== "stablehlo" && dialect !== "mhlo") throw t.out.lx.error(op.at, `unknown operation ${op.name}`);
  // The commonest ops first, before the helper below is made (a closure per op costs the reader).
  const elementwise = UNARY[short] ?? BINARY[short];
  if (elementwise !== undefined) return [comp.emit(name, resultType(t, op), elementwise, operands, "", op.at)];
  if (short === "constant") return [constantWithType(t, comp, op)];
  const one = (opcode: string, attrs = "", xs: readonly Val[] = operands): Val[] => [comp.emit(name, resultType(t, op), opcode, xs, attrs, op.at)];
  if (COLLECTIVES.has(short)) return translateCollective(t, comp, op, short, operands);
  if (HOST_TRANSFERS.has(short)) return translateHostTransfer(t, comp, op, short, operands);
  switch (short) {
    case "compare": {
      const dir = word(op, 0, "comparison_direction");
      const ct = word(op, 1, "compare_type");
      if (dir === undefined) throw t.out.lx.error(op.at, "compare needs a direction");
      return one("compare", `direction=${dir}${ct === "TOTALORDER" ? ", type=TOTALORDER" : ""}`);
    }
    case "select": return one("select");
    case "clamp": return one("clamp");
    case "broadcast_in_dim":
    case "dynamic_broadcast_in_dim": return broadcastInDim(t, comp, op, operands[0], ints(t, op, "dims", "broadcast_dimensions"));
    case "broadcast": {
      const x = tensorOf(t, operands[0], op.at);
      const r = tensorOf(t, resultType(t, op), op.at);
      const lead = r.dims.length - x.dims.length;
      return one("broadcast", `dimensions=${braces(x.dims.map((_, i) => i + lead))}`);
    }
    case "transpose": return one("transpose", `dimensions=${braces(ints(t, op, "dims", "permutation"))}`);
    case "reverse": return one("reverse", `dimensions=${braces(ints(t, op, "dims", "dimensions"))}`);
    case "concatenate": return one("concatenate", `dimensions={${int(t, op, undefined, "dim", "dimension")}}`);
    case "iota": return one("iota", `iota_dimension=${int(t, op, undefined, "dim", "iota_dimension")}`);
    case "dynamic_iota": return one("iota", `iota_dimension=${int(t, op, undefined, "dim", "iota_dimension")}`, []);
    case "dynamic_reshape": return one("reshape", "", [operands[0]]);
    case "pad": {
      const lo = ints(t, op, "low", "edge_padding_low");
      const hi = ints(t, op, "high", "edge_padding_high");
      const inner = ints(t, op, "interior", "interior_padding");
      return one("pad", `padding=${lo.map((l, i) => `${l}_${hi[i]}_${inner[i] ?? 0}`).join("x")}`);
    }
    case "slice": {
      const s = ints(t, op, "start_indices");
      const l = ints(t, op, "limit_indices");
      const st = ints(t, op, "strides");
      return one("slice", `slice={${s.map((x, i) => `[${x}:${l[i]}:${st[i] ?? 1}]`).join(", ")}}`);
    }
    case "dynamic_slice": return one("dynamic-slice", `dynamic_slice_sizes=${braces(ints(t, op, "sizes", "slice_sizes"))}`);
    case "dynamic_update_slice": return one("dynamic-update-slice");
    case "dynamic_pad": return translateOp(t, comp, staticForm(t, op, "stablehlo.pad", [[2, "edge_padding_low"], [3, "edge_padding_high"], [4, "interior_padding"]]));
    case "dynamic_gather": return translateOp(t, comp, staticForm(t, op, "stablehlo.gather", [[2, "slice_sizes"]]));
    case "dynamic_conv": return translateOp(t, comp, staticForm(t, op, "stablehlo.convolution", [[2, "padding"]]));
    case "get_tuple_element": return one("get-tuple-element", `index=${int(t, op, undefined, "index")}`);
    case "tuple": return one("tuple");
    case "get_dimension_size": return one("get-dimension-size", `dimensions={${int(t, op, undefined, "dim", "dimension")}}`);
    case "reduce_precision": {
      const f = word(op, 0, "format");
      let e = int(t, op, -1, "exponent_bits");
      let m = int(t, op, -1, "mantissa_bits");
      const fm = f === undefined ? null : /^e(\d+)m(\d+)$/.exec(f);
      if (fm) {
        e = Number(fm[1]);
        m = Number(fm[2]);
      }
      if (e < 0 || m < 0) throw t.out.lx.error(op.at, "reduce_precision needs format = eXmY or exponent_bits and mantissa_bits");
      return one("reduce-precision", `exponent_bits=${e}, mantissa_bits=${m}`);
    }
    case "fft": return one("fft", `fft_type=${word(op, 0, "type", "fft_type")}, fft_length=${braces(ints(t, op, "length", "fft_length"))}`);
    case "rng_bit_generator": {
      const alg = (word(op, 0, "algorithm", "rng_algorithm") ?? "DEFAULT").toLowerCase();
      return multi(comp, op, "rng-bit-generator", operands, `algorithm=rng_${alg}`);
    }
    case "rng": {
      const dist = (word(op, 0, "rng_distribution") ?? "UNIFORM").toLowerCase();
      // The third operand is the result's shape, which the result type already gives; HLO's rng takes only a and b.
      return one("rng", `distribution=rng_${dist}`, operands.slice(0, 2));
    }
    case "dot_general": return dotGeneral(t, comp, op, operands);
    case "dot": return one("dot", [`lhs_contracting_dims={${tensorOf(t, operands[0], op.at).dims.length - 1}}`, "rhs_contracting_dims={0}", precisionText(op)].filter((x) => x !== "").join(", "));
    case "convolution": return convolution(t, comp, op, operands);
    case "gather": return gather(t, comp, op, operands);
    case "scatter": return scatter(t, comp, op, operands);
    case "reduce": {
      const region = scalarRegionComputation(t, op.regions[0], "reduce_body");
      return multi(comp, op, "reduce", operands, `dimensions=${braces(ints(t, op, "dimensions"))}, to_apply=${region.name}`);
    }
    case "reduce_window": return reduceWindow(t, comp, op, operands);
    case "select_and_scatter": return selectAndScatter(t, comp, op, operands);
    case "sort": {
      const region = scalarRegionComputation(t, op.regions[0], "compare");
      const rank = tensorOf(t, operands[0], op.at).dims.length;
      const d = int(t, op, -1, "dimension");
      return multi(comp, op, "sort", operands, `dimensions={${d < 0 ? rank + d : d}}${flag(op, "is_stable") ? ", is_stable=true" : ""}, to_apply=${region.name}`);
    }
    case "map": {
      const region = scalarRegionComputation(t, op.regions[0], "map_body");
      return one("map", `dimensions=${braces(ints(t, op, "dimensions"))}, to_apply=${region.name}`);
    }
    case "while": return whileOp(t, comp, op, operands);
    case "case": return conditional(t, comp, op, operands[0], false);
    case "if": return conditional(t, comp, op, operands[0], true);
    case "optimization_barrier": {
      const tuple = comp.emit(name, { kind: "tuple", elements: operands.map((o) => o.type) }, "tuple", operands, "", op.at);
      const barrier = comp.emit(name, tuple.type, "opt-barrier", [tuple], "", op.at);
      return operands.map((_, i) => comp.gte(barrier, i, op.at));
    }
    case "after_all":
    case "create_token": return one("after-all");
    case "replica_id": return one("replica-id");
    case "partition_id": return one("partition-id");
    case "custom_call": return customCall(t, comp, op, operands);
    case "composite": {
      const d = attr(op, "decomposition");
      if (d?.kind !== "symbol") throw t.out.lx.error(op.at, "composite needs decomposition = @function");
      return callOp(t, comp, op, d.name, operands);
    }
    case "triangular_solve": {
      const ta = (word(op, 0, "transpose_a") ?? "NO_TRANSPOSE").toUpperCase();
      return one("triangular-solve", `left_side=${flag(op, "left_side")}, lower=${flag(op, "lower")}, unit_diagonal=${flag(op, "unit_diagonal")}, transpose_a=${ta}`);
    }
    case "cholesky": return one("cholesky", `lower=${flag(op, "lower")}`);
    case "batch_norm_inference":
    case "batch_norm_training":
    case "batch_norm_grad": {
      const eps = attr(op, "epsilon");
      const e = eps?.kind === "float" ? eps.text : eps?.kind === "int" ? String(eps.value) : "0.001";
      return multi(comp, op, short.replace(/_/g, "-"), operands, `epsilon=${e}, feature_index=${int(t, op, undefined, "feature_index")}`);
    }
    // MHLO's ops that StableHLO has no counterpart for, as XLA's HLO import (and minixla's printer) writes them.
    case "stochastic_convert": return one("stochastic-convert");
    case "xla.rng_get_and_update_state": return one("rng-get-and-update-state", `delta=${int(t, op, undefined, "delta")}`);
    case "set_dimension_size": return one("set-dimension-size", `dimensions={${int(t, op, undefined, "dimension")}}`);
    case "uniform_quantize":
    case "uniform_dequantize":
      throw t.out.lx.error(op.at, `${op.name} works on quantized types, which have no HLO counterpart`);
    default:
      throw t.out.lx.error(op.at, `${op.name} is not supported`);
  }
}

function constantWithType(t: Translation, comp: Comp, op: Op): Val {
  const type = resultType(t, op);
  const value = attr(op, "value");
  if (value?.kind !== "dense" || type.kind !== "tensor") throw t.out.lx.error(op.at, "a constant needs a dense<...> value of a tensor type");
  return comp.constant(op.results[0]?.name ?? "constant", type, denseLiteral(t.out.lx, value, type), op.at);
}

