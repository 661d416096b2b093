/**
 * Custom-call targets of XLA's CPU backend that compute something:
 * - `__onednn$layernorm` (xla/service/cpu/onednn_layer_norm.cc, made by
 *   OneDnnOpsRewriter): oneDNN's forward-inference layer normalization over
 *   the last dimension, y = scale * (x - mean) / sqrt(var + eps) + shift with
 *   the population variance; operands (x, scale, shift), scale and shift
 *   shaped like the last dimension. `backend_config` carries
 *   onednn_layer_norm_config {rescale: SCALE_AND_SHIFT, epsilon_typecast: the
 *   f32 epsilon's bits as an int32}; an absent epsilon is 0 (protobuf's
 *   default, and what XLA CPU computes with). Computed in float64 and rounded
 *   into the element type; XLA CPU's oneDNN kernel, in f32, differs by a few
 *   units in the last place (7 ulps seen on f32[2,3,4]).
 * - `GetRngSeed` (RngExpander's seed source): XLA CPU returns a fresh u64 per
 *   call and run, which XLA does not define bit for bit; here it is a fixed
 *   function of the evaluator's `rngSeed` option and the instruction's name,
 *   as the `rng` op's values are (kernels/random/random.ts).
 */
import {
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  type Literal,
  arrayLiteralFromData,
  shapeToString,
} from "@minixla/hlo";
import { type CustomCall, fail } from "./custom_call_error.ts";
import type { EvalContext } from "../kernel.ts";
import { arrayOperand, product } from "../kernels/support/view.ts";

interface LayerNormConfig {
  readonly rescale: string;
  readonly epsilon: number;
}

/** The onednn_layer_norm_config of the backend_config JSON. */
function layerNormConfig(inst: CustomCall): LayerNormConfig {
  const raw = inst.annotations?.backendConfig ?? "";
  let config: unknown = {};
  try {
    config = JSON.parse(raw === "" ? "{}" : raw);
  } catch {
    fail(inst, `backend_config ${raw} is not JSON`);
  }
  const ln = (config as { onednn_layer_norm_config?: { rescale?: unknown; fused_ops?: unknown; epsilon_typecast?: unknown } }).onednn_layer_norm_config ?? {};
  const rescale = String(ln.rescale ?? ln.fused_ops ?? "SCALE_AND_SHIFT");
  const bits = Number(ln.epsilon_typecast ?? 0);
  const view = new DataView(new ArrayBuffer(4));
  view.setInt32(0, bits);
  return { rescale, epsilon: view.getFloat32(0) };
}

function onednnLayerNorm(inst: CustomCall, operands: readonly Literal[]): Literal {
  const { rescale, epsilon } = layerNormConfig(inst);
  if (rescale !== "SCALE_AND_SHIFT") fail(inst, `rescale ${rescale} is not supported (XLA's rewriter emits SCALE_AND_SHIFT)`);
  if (operands.length !== 3) fail(inst, `takes (input, scale, shift), got ${operands.length} operands`);
  const [x, scale, shift] = operands.map((o, i) => arrayOperand(inst, o, i));
  const out = inst.shape;
  const dims = x.shape.dimensions;
  const c = dims[dims.length - 1] ?? 0;
  const ok = out.elementType !== "tuple" && out.elementType === x.shape.elementType && dims.length >= 1 &&
    out.dimensions.length === dims.length && out.dimensions.every((d, i) => d === dims[i]) &&
    ELEMENT_TYPE_INFO[x.shape.elementType].kind === "float" &&
    [scale, shift].every((s) => product(s.shape.dimensions) === c && ELEMENT_TYPE_INFO[s.shape.elementType].kind === "float");
  if (!ok) {
    fail(inst, `normalizes a float array over its last dimension with scale and shift of that size: got ${[x, scale, shift].map((o) => shapeToString(o.shape)).join(", ")} -> ${shapeToString(out)}`);
  }
  const data = x.data as Float64Array;
  const g = scale.data as Float64Array;
  const b = shift.data as Float64Array;
  const norm = ELEMENT_TYPE_INFO[x.shape.elementType].normalize;
  const result = new Float64Array(data.length);
  for (let row = 0; row + c <= data.length && c > 0; row += c) {
    let mean = 0;
    for (let i = 0; i < c; i++) mean += data[row + i];
    mean /= c;
    let variance = 0;
    for (let i = 0; i < c; i++) variance += (data[row + i] - mean) ** 2;
    variance /= c;
    const inv = 1 / Math.sqrt(variance + epsilon);
    for (let i = 0; i < c; i++) result[row + i] = norm(g[i] * (data[row + i] - mean) * inv + b[i]);
  }
  return arrayLiteralFromData(out as ArrayShape, result);
}

/** FNV-1a over the name, from `offset`. */
function fnv(name: string, offset: number): number {
  let h = offset;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function getRngSeed(inst: CustomCall, operands: readonly Literal[], ctx: EvalContext): Literal {
  if (operands.length !== 0) fail(inst, `takes no operands, got ${operands.length}`);
  const out = inst.shape;
  if (out.elementType !== "u64" || out.dimensions.length !== 0) fail(inst, `returns u64[], declared ${shapeToString(out)}`);
  const seed = BigInt.asUintN(64, BigInt(Number.isFinite(ctx.options.rngSeed) ? Math.trunc(ctx.options.rngSeed ?? 0) : 0));
  const word = (BigInt(fnv(inst.name, 0x811c9dc5)) << 32n) | BigInt(fnv(inst.name, 0x050c5d1f));
  return arrayLiteralFromData(out, new BigUint64Array([word ^ seed]));
}

/** The kernels of XLA CPU's computing custom-call targets, by target name. */
export const CPU_CUSTOM_CALL_TARGETS: ReadonlyMap<string, (inst: CustomCall, operands: readonly Literal[], ctx: EvalContext) => Literal> = new Map([
  ["__onednn$layernorm", onednnLayerNorm],
  ["GetRngSeed", getRngSeed],
]);
