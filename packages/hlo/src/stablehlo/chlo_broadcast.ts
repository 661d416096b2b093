/**
 * CHLO's broadcasting forms (`chlo.broadcast_add`, `broadcast_compare`,
 * `broadcast_select`, …) and `chlo.constant_like`, written as XLA's CHLO
 * legalization writes them for static shapes: each operand whose shape is not
 * the result's is broadcast to it in NumPy's trailing alignment (the only
 * `broadcast_dimensions` XLA's legalization accepts), then the element-wise op; `constant_like` is a scalar constant broadcast to
 * its operand's shape.
 */
import type { Attr } from "./attributes.ts";
import { decomposeChlo } from "./chlo_decompositions.ts";
import { type Comp, type Val, braces } from "./emitter.ts";
import type { MlirToken } from "./lexer.ts";
import type { Op } from "./syntax.ts";
import type { MlirType, TensorType } from "./types.ts";

/** The broadcasting binary ops and the HLO opcode (or CHLO op written out) each becomes. */
const BROADCAST_BINARY: Readonly<Record<string, string>> = {
  broadcast_add: "add", broadcast_atan2: "atan2", broadcast_divide: "divide", broadcast_maximum: "maximum",
  broadcast_minimum: "minimum", broadcast_multiply: "multiply", broadcast_power: "power", broadcast_remainder: "remainder",
  broadcast_shift_left: "shift-left", broadcast_shift_right_arithmetic: "shift-right-arithmetic",
  broadcast_shift_right_logical: "shift-right-logical", broadcast_subtract: "subtract", broadcast_and: "and",
  broadcast_or: "or", broadcast_xor: "xor", broadcast_complex: "complex", broadcast_compare: "compare",
  broadcast_next_after: "chlo.next_after", broadcast_polygamma: "chlo.polygamma", broadcast_zeta: "chlo.zeta",
};

/** Whether `short` (a CHLO op name without `chlo.`) is one translated here. */
export function isChloBroadcast(short: string): boolean {
  return BROADCAST_BINARY[short] !== undefined || short === "broadcast_select" || short === "constant_like";
}

/** What the translation hands over: where errors go, and the op's one result type. */
export interface BroadcastContext {
  readonly comp: Comp;
  readonly op: Op;
  readonly fail: (why: string) => Error;
}

function tensor(cx: BroadcastContext, ty: MlirType, what: string): TensorType {
  if (ty.kind !== "tensor") throw cx.fail(`needs a tensor ${what}`);
  if (ty.dims.some((d) => d < 0)) throw cx.fail(`needs a static ${what} shape (dynamic broadcasting has no HLO form)`);
  return ty;
}

/**
 * `x` broadcast to `dims` along `map` (x's dimension i goes to result
 * dimension map[i]), checked as CHLO's broadcasting rule checks it: each
 * dimension equal to its target or 1. Size-1 dimensions that stretch are
 * reshaped away first, since HLO's broadcast maps sizes exactly.
 */
function broadcastTo(cx: BroadcastContext, x: Val, dims: readonly number[], map: readonly number[]): Val {
  const xt = tensor(cx, x.type, "operand");
  if (map.length !== xt.dims.length) throw cx.fail(`broadcast_dimensions has ${map.length} entries for an operand of rank ${xt.dims.length}`);
  const same = xt.dims.length === dims.length && map.every((m, i) => m === i) && xt.dims.every((d, i) => d === dims[i]);
  if (same) return x;
  for (let i = 0; i < map.length; i++) {
    const m = map[i];
    if (!Number.isInteger(m) || m < 0 || m >= dims.length) throw cx.fail(`broadcast dimension ${m} is outside the result's rank ${dims.length}`);
    if (xt.dims[i] !== 1 && xt.dims[i] !== dims[m]) {
      throw cx.fail(`cannot broadcast operand dimension ${i} of size ${xt.dims[i]} to result dimension ${m} of size ${dims[m]}`);
    }
  }
  const keep = xt.dims.map((d, i) => d === dims[map[i]]);
  let src = x;
  if (keep.some((k) => !k)) {
    const kept: TensorType = { kind: "tensor", elementType: xt.elementType, dims: xt.dims.filter((_, i) => keep[i]) };
    src = cx.comp.emit("squeeze", kept, "reshape", [x], "", cx.op.at);
  }
  const out: TensorType = { kind: "tensor", elementType: xt.elementType, dims };
  return cx.comp.emit("broadcast", out, "broadcast", [src], `dimensions=${braces(map.filter((_, i) => keep[i]))}`, cx.op.at);
}

/** NumPy's alignment: an operand of rank r maps to the result's last r dimensions. */
function trailing(rank: number, resultRank: number): number[] {
  return Array.from({ length: rank }, (_, i) => resultRank - rank + i);
}

function intsOf(cx: BroadcastContext, a: Attr | undefined): number[] | undefined {
  if (a === undefined) return undefined;
  if (a.kind === "ints") return a.values.map(Number);
  if (a.kind === "array") {
    return a.items.map((i) => {
      if (i.kind !== "int") throw cx.fail("broadcast_dimensions must be integers");
      return Number(i.value);
    });
  }
  if (a.kind === "dense") throw cx.fail("broadcast_dimensions as dense<...> is not read: write it as array<i64: ...>");
  throw cx.fail("broadcast_dimensions must be an integer array");
}

/** The HLO text of constant_like's scalar value. */
function scalarText(cx: BroadcastContext, a: Attr | undefined): string {
  if (a === undefined) throw cx.fail("needs a value");
  switch (a.kind) {
    case "int": return String(a.value);
    case "bool": return String(a.value);
    case "float": {
      const v = a.value;
      if (Number.isNaN(v)) return "nan";
      if (v === Infinity) return "inf";
      if (v === -Infinity) return "-inf";
      return Object.is(v, -0) ? "-0" : Number.isInteger(v) && Math.abs(v) >= 2 ** 53 ? v.toExponential() : String(v);
    }
    default:
      throw cx.fail(`takes a scalar integer, float or bool value, not a ${a.kind} attribute`);
  }
}

/** Translates a broadcasting CHLO op or constant_like into `cx.comp`; `short` satisfies isChloBroadcast. */
export function translateChloBroadcast(cx: BroadcastContext, short: string, operands: readonly Val[], resultType: MlirType, at: MlirToken | number): Val {
  const { comp, op } = cx;
  const rt = tensor(cx, resultType, "result");
  const name = op.results[0]?.name ?? short;
  if (short === "constant_like") {
    if (operands.length !== 1) throw cx.fail(`takes 1 operand, not ${operands.length}`);
    const ot = tensor(cx, operands[0].type, "operand");
    if (ot.dims.join("x") !== rt.dims.join("x")) throw cx.fail("needs a result of its operand's shape");
    const scalar = comp.constant("constant", { kind: "tensor", elementType: rt.elementType, dims: [] }, scalarText(cx, op.attrs.get("value")), at);
    return rt.dims.length === 0 ? scalar : comp.emit(name, rt, "broadcast", [scalar], "dimensions={}", at);
  }
  if (short === "broadcast_select") {
    // No broadcast_dimensions: each of pred, on_true, on_false aligns by NumPy's rule.
    if (operands.length !== 3) throw cx.fail(`takes 3 operands, not ${operands.length}`);
    const xs = operands.map((x) => {
      const xt = tensor(cx, x.type, "operand");
      if (xt.dims.length > rt.dims.length) throw cx.fail(`has an operand of rank ${xt.dims.length} above the result's ${rt.dims.length}`);
      return broadcastTo(cx, x, rt.dims, trailing(xt.dims.length, rt.dims.length));
    });
    return comp.emit(name, rt, "select", xs, "", at);
  }
  const target = BROADCAST_BINARY[short];
  if (operands.length !== 2) throw cx.fail(`takes 2 operands, not ${operands.length}`);
  const [lt, rhsT] = operands.map((x) => tensor(cx, x.type, "operand"));
  const given = intsOf(cx, op.attrs.get("broadcast_dimensions"));
  const r = rt.dims.length;
  const same = lt.dims.join("x") === rhsT.dims.join("x");
  // XLA's legalization takes explicit broadcast_dimensions only as NumPy's alignment of the lower-rank operand.
  if (!same && given !== undefined) {
    const low = Math.min(lt.dims.length, rhsT.dims.length);
    const numpy = lt.dims.length === rhsT.dims.length ? trailing(r, r) : trailing(low, r);
    if (given.join(",") !== numpy.join(",")) {
      throw cx.fail(`broadcast_dimensions [${given.join(", ")}] are not NumPy's trailing alignment [${numpy.join(", ")}], which XLA's CHLO legalization requires ("unsupported non prefix-padded dynamic rank broadcast_dimensions")`);
    }
  }
  for (const xt of [lt, rhsT]) if (xt.dims.length > r) throw cx.fail(`has an operand of rank ${xt.dims.length} above the result's ${r}`);
  const lhs = broadcastTo(cx, operands[0], rt.dims, trailing(lt.dims.length, r));
  const rhs = broadcastTo(cx, operands[1], rt.dims, trailing(rhsT.dims.length, r));
  if (target.startsWith("chlo.")) {
    const chloOp = target.slice(5) as "next_after" | "polygamma" | "zeta";
    return decomposeChlo(comp, chloOp, [lhs, rhs], rt, at);
  }
  if (target === "compare") {
    const dir = op.attrs.get("comparison_direction");
    const ct = op.attrs.get("compare_type");
    if (dir?.kind !== "enum") throw cx.fail("needs a comparison_direction");
    return comp.emit(name, rt, "compare", [lhs, rhs], `direction=${dir.value}${ct?.kind === "enum" && ct.value === "TOTALORDER" ? ", type=TOTALORDER" : ""}`, at);
  }
  return comp.emit(name, rt, target, [lhs, rhs], "", at);
}
