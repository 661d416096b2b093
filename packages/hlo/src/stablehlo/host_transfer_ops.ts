/**
 * StableHLO's infeed, outfeed, send and recv as HLO. StableHLO lists the
 * transferred tensors one by one beside the token; HLO moves one value, so
 * several tensors travel as a tuple (one travels as itself), as XLA's export
 * of these ops does. send and recv become HLO's send / send-done and
 * recv / recv-done pairs; `channel_handle = #stablehlo.channel_handle<handle
 * = N, ...>` becomes `channel_id=N` and `is_host_transfer` is kept.
 */
import { intList } from "./attributes.ts";
import type { Comp, Val } from "./emitter.ts";
import type { Op } from "./syntax.ts";
import type { Translation } from "./translate.ts";
import type { MlirType } from "./types.ts";

/** The StableHLO host and channel transfers this file translates. */
export const HOST_TRANSFERS = new Set(["infeed", "outfeed", "send", "recv"]);

const CONTEXT: MlirType = { kind: "tensor", elementType: "u32", dims: [] };
const TOKEN: MlirType = { kind: "token" };

/** The transferred values' type: the one tensor, or a tuple of several. */
function dataType(types: readonly MlirType[]): MlirType {
  return types.length === 1 ? types[0] : { kind: "tuple", elements: types };
}

/** The transferred value: the one operand, or a tuple of several. */
function dataValue(comp: Comp, op: Op, xs: readonly Val[]): Val {
  if (xs.length === 1) return xs[0];
  return comp.emit("data", dataType(xs.map((x) => x.type)), "tuple", xs, "", op.at);
}

/** The received value's tensors: itself, or the elements of a tuple. */
function dataParts(comp: Comp, op: Op, data: Val, count: number): Val[] {
  if (count === 1) return [data];
  return Array.from({ length: count }, (_, i) => comp.gte(data, i, op.at));
}

function channelAttrs(t: Translation, op: Op): string[] {
  const attrs: string[] = [];
  const h = op.attrs.get("channel_handle");
  if (h !== undefined) {
    if (h.kind !== "struct") throw t.out.lx.error("at" in h ? h.at : op.at, `${op.name}: channel_handle must be #stablehlo.channel_handle<handle = N, type = T>`);
    attrs.push(`channel_id=${intList(t.out.lx, h.fields.get("handle"), "handle")[0] ?? 0}`);
  }
  const host = op.attrs.get("is_host_transfer");
  if (host !== undefined && (host.kind === "unit" || (host.kind === "bool" && host.value))) attrs.push("is_host_transfer=true");
  return attrs;
}

function splitTokenLast(t: Translation, op: Op, what: string, vals: readonly Val[]): { data: Val[]; token: Val } {
  const token = vals[vals.length - 1];
  if (token === undefined || token.type.kind !== "token") throw t.out.lx.error(op.at, `${op.name}: its last ${what} must be a !stablehlo.token`);
  return { data: vals.slice(0, -1) as Val[], token };
}

/** The result types but the trailing token, which every one of these ops ends with. */
function resultData(t: Translation, op: Op): MlirType[] {
  const types = op.resultTypes;
  if (types.length === 0 || types[types.length - 1].kind !== "token") throw t.out.lx.error(op.at, `${op.name}: its last result must be a !stablehlo.token`);
  return types.slice(0, -1) as MlirType[];
}

/** Translates one StableHLO host or channel transfer (`short` is in HOST_TRANSFERS) into `comp`. */
export function translateHostTransfer(t: Translation, comp: Comp, op: Op, short: string, operands: readonly Val[]): Val[] {
  const name = op.results[0]?.name ?? short;
  switch (short) {
    case "infeed": {
      const types = resultData(t, op);
      const data = dataType(types);
      const both = comp.emit(name, { kind: "tuple", elements: [data, TOKEN] }, "infeed", operands, "", op.at);
      return [...dataParts(comp, op, comp.gte(both, 0, op.at), types.length), comp.gte(both, 1, op.at)];
    }
    case "outfeed": {
      const { data, token } = splitTokenLast(t, op, "operand", operands);
      return [comp.emit(name, TOKEN, "outfeed", [dataValue(comp, op, data), token], "", op.at)];
    }
    case "send": {
      const { data, token } = splitTokenLast(t, op, "operand", operands);
      const value = dataValue(comp, op, data);
      const attrs = channelAttrs(t, op).join(", ");
      const started = comp.emit(name, { kind: "tuple", elements: [value.type, CONTEXT, TOKEN] }, "send", [value, token], attrs, op.at);
      return [comp.emit(name, TOKEN, "send-done", [started], attrs, op.at)];
    }
    case "recv": {
      const types = resultData(t, op);
      const data = dataType(types);
      const attrs = channelAttrs(t, op).join(", ");
      const started = comp.emit(name, { kind: "tuple", elements: [data, CONTEXT, TOKEN] }, "recv", operands, attrs, op.at);
      const done = comp.emit(name, { kind: "tuple", elements: [data, TOKEN] }, "recv-done", [started], attrs, op.at);
      return [...dataParts(comp, op, comp.gte(done, 0, op.at), types.length), comp.gte(done, 1, op.at)];
    }
    default:
      throw t.out.lx.error(op.at, `${op.name} is not a host or channel transfer`);
  }
}
