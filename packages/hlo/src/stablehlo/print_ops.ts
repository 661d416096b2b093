/**
 * How each HLO opcode prints as StableHLO: one entry per opcode (a table typed
 * over every opcode, so a new opcode does not compile until it is handled).
 * Each entry prints the op into the writer and returns the value the HLO
 * instruction stands for. Ops StableHLO has no op for print as XLA's own HLO
 * import prints them (CHLO's or MHLO's op, a typed-FFI custom call), so JAX's
 * parser reads them and minixla's reader reads them back; ops with no such
 * form throw StableHloPrintError naming the op and why.
 */
import type { Immutable } from "immer";
import { type ReplicaGroups, defaultComparisonType } from "../attributes.ts";
import { ELEMENT_TYPE_INFO } from "../element_type.ts";
import type { InstructionOf } from "../instruction.ts";
import { parametersOf } from "../module.ts";
import type { Opcode } from "../opcode.ts";
import { expandReplicaGroups } from "../replica_groups.ts";
import { type ArrayShape, type Shape, defaultLayout, isTupleShape, shape } from "../shape.ts";
import { unquote } from "../text/string_escape.ts";
import { parseConstantText, parseShape } from "../text/parser.ts";
import { isArrayLiteral } from "../literal.ts";
import type { ModulePrinter } from "./printer.ts";
import { boolArray, decimalText, denseText, i64Array, i64Matrix, i64Vector, mlirString, mlirType, symbol } from "./print_types.ts";
import { type RegionBody, StableHloPrintError, type Value, type Writer, fromLeaves, shapeLeaves, ssa } from "./print_writer.ts";

/** What an op printer gets: the instruction, its operands' values, the writer and the module. */
export interface OpContext<K extends Opcode> {
  readonly inst: InstructionOf<K>;
  readonly operands: readonly Value[];
  readonly w: Writer;
  readonly printer: ModulePrinter;
}

type OpPrinter<K extends Opcode> = (c: OpContext<K>) => Value;

function refuse(c: OpContext<Opcode>, why: string): never {
  throw new StableHloPrintError(`printStableHlo: ${c.inst.opcode} (instruction ${c.inst.name}) has no StableHLO form: ${why}`);
}

/** The op's results as the instruction's value: one result, or the leaves of its tuple shape. */
function results(c: OpContext<Opcode>, name: string, operands: readonly Value[], properties: readonly string[] = [], regions: readonly RegionBody[] = []): Value {
  return resultsAs(c, c.inst.shape, name, operands, properties, regions);
}

/** The op's results read as a value of `s`: its top-level tuple elements are the op's results. */
function resultsAs(c: OpContext<Opcode>, s: Shape, name: string, operands: readonly Value[], properties: readonly string[] = [], regions: readonly RegionBody[] = []): Value {
  const shapes = isTupleShape(s) ? s.tupleShapes : [s];
  const refs = c.w.generic({ name, operands, properties, regions, results: shapes });
  const values = refs.map((r, i) => ssa(r, shapes[i]));
  return isTupleShape(s) ? { kind: "tuple", elements: values, shape: s } : values[0];
}

/** An element-wise op: the pretty form where operands and result share a type, the generic form otherwise. */
function elementwise(name: string): OpPrinter<Opcode> {
  return (c) => {
    const t = mlirType(c.inst.shape);
    if (c.operands.every((o) => mlirType(o.shape) === t)) return ssa(c.w.pretty(`stablehlo.${name}`, c.operands, c.inst.shape), c.inst.shape);
    return results(c, `stablehlo.${name}`, c.operands);
  };
}

/** `stablehlo.op %x : (T) -> U`: the pretty form of a one-operand op whose types the signature gives. */
function converting(name: string): OpPrinter<Opcode> {
  return (c) => {
    const [x] = c.operands;
    return ssa(c.w.prettyText((ref) => `stablehlo.${name} ${ref(x)} : (${mlirType(x.shape)}) -> ${mlirType(c.inst.shape)}`), c.inst.shape);
  };
}

/** A CHLO op (XLA lowers it when it compiles the module). */
function chlo(name: string): OpPrinter<Opcode> {
  return (c) => results(c, `chlo.${name}`, c.operands);
}

/** The same value: ops that only order, copy or annotate. */
const alias: OpPrinter<Opcode> = (c) => c.operands[0];

/** A region printing computation `name` with its parameters as block arguments, returning the root's top-level elements. */
function region(c: OpContext<Opcode>, name: string): RegionBody {
  const comp = c.printer.computation(name);
  return (w) => {
    const args = w.block(parametersOf(comp).map((p) => p.shape));
    const root = c.printer.body(comp, args, w);
    w.ret(isTupleShape(root.shape) ? w.elements(root) : [root]);
  };
}

/** A region printing `name` with its parameter built from leaf block arguments (while's condition and body). */
function leafRegion(c: OpContext<Opcode>, name: string, state: Shape, result: "leaves" | "value"): RegionBody {
  const comp = c.printer.computation(name);
  return (w) => {
    const args = w.block(shapeLeaves(state));
    const root = c.printer.body(comp, [fromLeaves(state, args)], w);
    w.ret(result === "leaves" ? w.leaves(root) : [root]);
  };
}

/** A region without arguments printing `name` with its parameter bound to a value from outside (a branch). */
function branchRegion(c: OpContext<Opcode>, name: string, operand: Value): RegionBody {
  const comp = c.printer.computation(name);
  return (w) => {
    const root = c.printer.body(comp, [operand], w);
    w.ret(w.leaves(root));
  };
}

function called(c: OpContext<Opcode>, i: number): string {
  const name = c.inst.called[i];
  if (name === undefined) refuse(c, `it names no computation at position ${i}`);
  return name;
}

/** A constant of this shape filled with zeros (the context words of async pairs, whose values nothing reads). */
function zeros(w: Writer, s: Shape): Value {
  if (isTupleShape(s)) return { kind: "tuple", elements: s.tupleShapes.map((e) => zeros(w, e)), shape: s };
  const [r] = w.generic({ name: "stablehlo.constant", operands: [], properties: [`value = ${s.elementType === "pred" ? "dense<false>" : s.elementType.startsWith("c") ? "dense<(0.0, 0.0)>" : s.elementType.startsWith("f") || s.elementType === "bf16" ? "dense<0.0>" : "dense<0>"} : ${mlirType(s)}`], results: [s] });
  return ssa(r, s);
}

function replicaGroupsText(c: OpContext<Opcode>, g: Immutable<ReplicaGroups>): string {
  if (g.kind === "mesh") {
    // Named mesh axes: StableHLO's mesh-axes groups over a Shardy mesh, as XLA's own HLO import prints them.
    if (g.groupAxes.some((a) => a.preSize !== undefined || a.size !== undefined)) refuse(c, "replica groups over sub-axes of a mesh have no StableHLO form");
    const axes = g.groupAxes.map((a) => `#stablehlo.axis_ref<name = ${mlirString(a.name)}>`);
    return `replica_groups = #stablehlo.replica_group_mesh_axes<mesh = ${symbol(c.printer.meshFor(g.axes))}, axes = [${axes.join(", ")}]>`;
  }
  const groups = expandReplicaGroups(g);
  const width = groups.reduce((m, x) => Math.max(m, x.length), 0);
  // StableHLO pads groups of different sizes with -1.
  return `replica_groups = ${i64Matrix(groups.map((x) => [...x, ...new Array<number>(width - x.length).fill(-1)]), width)}`;
}

/** StableHLO's ChannelType: 1 device to device, 2 device to host, 3 host to device. */
function channelText(id: number | undefined, type: 1 | 2 | 3 = 1): string[] {
  return id === undefined ? [] : [`channel_handle = #stablehlo.channel_handle<handle = ${id}, type = ${type}>`];
}

function collectiveProps(
  c: OpContext<Opcode>,
  a: { readonly replicaGroups: Immutable<ReplicaGroups>; readonly channelId?: number; readonly useGlobalDeviceIds?: boolean },
): string[] {
  return [replicaGroupsText(c, a.replicaGroups), ...channelText(a.channelId), ...(a.useGlobalDeviceIds === true ? ["use_global_device_ids"] : [])];
}

function precisionText(p: readonly string[] | undefined): string[] {
  const known = ["DEFAULT", "HIGH", "HIGHEST"];
  if (p === undefined || p.length === 0 || !p.every((x) => known.includes(x.toUpperCase()))) return [];
  return [`precision_config = [${p.map((x) => `#stablehlo<precision ${x.toUpperCase()}>`).join(", ")}]`];
}

/** `name = [a, b]` for a dimension-numbers attribute, left out when empty (as MLIR prints them). */
function dimsField(name: string, xs: readonly number[]): string[] {
  return xs.length === 0 ? [] : [`${name} = [${xs.join(", ")}]`];
}

function windowProps(c: OpContext<Opcode>, window: readonly Immutable<{ size: number; stride: number; padLow: number; padHigh: number; baseDilation: number; windowDilation: number; windowReversal: boolean }>[], dilations: boolean): string[] {
  if (window.some((d) => d.windowReversal)) refuse(c, "window reversal exists only for convolution in StableHLO");
  if (!dilations && window.some((d) => d.baseDilation !== 1 || d.windowDilation !== 1)) refuse(c, "select_and_scatter takes no dilations");
  const props = [
    `window_dimensions = ${i64Array(window.map((d) => d.size))}`,
    `window_strides = ${i64Array(window.map((d) => d.stride))}`,
  ];
  if (dilations) props.push(`base_dilations = ${i64Array(window.map((d) => d.baseDilation))}`, `window_dilations = ${i64Array(window.map((d) => d.windowDilation))}`);
  props.push(`padding = ${i64Matrix(window.map((d) => [d.padLow, d.padHigh]), 2)}`);
  return props;
}

function floatAttr(x: number, type: string): string {
  return `${decimalText(x)} : ${type}`;
}

/**
 * A custom-call's raw HLO attributes as StableHLO properties (and, in `discardable`, MHLO's attributes beside them);
 * refuses those StableHLO cannot carry.
 */
function customCallProps(c: OpContext<"custom-call">, discardable: string[]): string[] {
  const props = [`call_target_name = ${mlirString(c.inst.attributes.customCallTarget)}`];
  let api = 1;
  let config: string | undefined;
  for (const r of c.inst.attributes.rawAttributes) {
    switch (r.name) {
      case "api_version": {
        const versions: Record<string, number> = {
          API_VERSION_ORIGINAL: 1, API_VERSION_STATUS_RETURNING: 2, API_VERSION_STATUS_RETURNING_UNIFIED: 3, API_VERSION_TYPED_FFI: 4,
        };
        const v = versions[r.value];
        if (v === undefined) refuse(c, `api_version ${r.value} is unknown`);
        api = v;
        break;
      }
      case "backend_config":
        config = r.value;
        break;
      case "custom_call_has_side_effect":
        if (r.value === "true") props.push("has_side_effect = true");
        break;
      case "called_computations": {
        const names = r.value.replace(/^\{|\}$/g, "").split(",").map((x) => x.trim().replace(/^%/, "")).filter((x) => x !== "");
        props.push(`called_computations = [${names.map((n) => symbol(c.printer.functionFor(c.printer.computation(n)))).join(", ")}]`);
        break;
      }
      // A literal operand of the call (SetBound's bound): MHLO's attribute, as XLA's own HLO import writes it.
      case "literal":
        discardable.push(`mhlo.literal = ${literalAttr(c, r.value)}`);
        break;
      // Layout and aliasing hints and the schedule do not change the values computed.
      case "operand_layout_constraints": case "output_to_operand_aliasing": case "schedule": case "frontend_attributes":
      case "sharding": case "metadata": case "statistics_viz":
        break;
      default:
        refuse(c, `custom-call attribute ${r.name} has no StableHLO counterpart`);
    }
  }
  props.push(`api_version = ${api} : i32`);
  // The HLO reader keeps `backend_config=` as the instruction's annotation.
  if (config === undefined && c.inst.annotations?.backendConfig !== undefined && c.inst.annotations.backendConfig !== "") config = c.inst.annotations.backendConfig;
  if (config !== undefined) {
    const text = config.startsWith('"') ? unquote(config) : config;
    // The typed FFI reads a dictionary; older API versions an opaque string.
    if (api === 4) props.push(`backend_config = ${text.trim() === "" ? "{}" : text}`);
    else props.push(`backend_config = ${mlirString(text)}`);
  }
  return props;
}

/** `literal=s32[] 1` as a dense attribute (`dense<1> : tensor<i32>`); a tuple literal has none. */
function literalAttr(c: OpContext<"custom-call">, text: string): string {
  const m = /^\s*(\S+)\s+([^]*)$/.exec(text);
  if (m === null || m[1].startsWith("(")) refuse(c, `its literal ${text} is not an array literal`);
  const s = parseShape(m[1]);
  if (isTupleShape(s)) refuse(c, `its literal ${text} is not an array literal`);
  const l = parseConstantText(m[2], s);
  if (!isArrayLiteral(l)) refuse(c, `its literal ${text} is not an array literal`);
  return `${denseText(l)} : ${mlirType(s)}`;
}

function convLabels(rank: number, first: [number, string], second: [number, string], spatial: readonly number[]): string {
  const labels = new Array<string>(rank).fill("?");
  labels[first[0]] = first[1];
  labels[second[0]] = second[1];
  spatial.forEach((d, i) => {
    labels[d] = String(i);
  });
  return `[${labels.join(", ")}]`;
}

function rankOf(v: Value): number {
  return isTupleShape(v.shape) ? 0 : v.shape.dimensions.length;
}

function isDefaultLayout(s: Shape): boolean {
  if (isTupleShape(s) || s.layout === undefined) return true;
  const d = defaultLayout(s.dimensions.length);
  return s.layout.every((x, i) => x === d[i]);
}

const U32_SCALAR: ArrayShape = shape("u32", []);

/** Every opcode's StableHLO printer. */
export const OP_PRINTERS: { readonly [K in Opcode]: OpPrinter<K> } = {
  abs: elementwise("abs"),
  cbrt: elementwise("cbrt"),
  ceil: elementwise("ceil"),
  // The same logical value, with the copy's own layout (a bitcast of the copy reinterprets that layout, not its operand's).
  copy: (c) => {
    const [x] = c.operands;
    return x.kind === "ssa" ? ssa(x.ref, c.inst.shape) : x;
  },
  cosine: elementwise("cosine"),
  "count-leading-zeros": elementwise("count_leading_zeros"),
  erf: chlo("erf"),
  exponential: elementwise("exponential"),
  "exponential-minus-one": elementwise("exponential_minus_one"),
  floor: elementwise("floor"),
  "is-finite": elementwise("is_finite"),
  log: elementwise("log"),
  "log-plus-one": elementwise("log_plus_one"),
  logistic: elementwise("logistic"),
  negate: elementwise("negate"),
  not: elementwise("not"),
  popcnt: elementwise("popcnt"),
  real: elementwise("real"),
  imag: elementwise("imag"),
  "round-nearest-afz": elementwise("round_nearest_afz"),
  "round-nearest-even": elementwise("round_nearest_even"),
  rsqrt: elementwise("rsqrt"),
  sign: elementwise("sign"),
  sine: elementwise("sine"),
  sqrt: elementwise("sqrt"),
  tan: elementwise("tan"),
  tanh: elementwise("tanh"),
  acos: chlo("acos"),
  acosh: chlo("acosh"),
  asin: chlo("asin"),
  asinh: chlo("asinh"),
  atanh: chlo("atanh"),
  cosh: chlo("cosh"),
  sinh: chlo("sinh"),
  add: elementwise("add"),
  subtract: elementwise("subtract"),
  multiply: elementwise("multiply"),
  divide: elementwise("divide"),
  remainder: elementwise("remainder"),
  maximum: elementwise("maximum"),
  minimum: elementwise("minimum"),
  power: elementwise("power"),
  atan2: elementwise("atan2"),
  and: elementwise("and"),
  or: elementwise("or"),
  xor: elementwise("xor"),
  "shift-left": elementwise("shift_left"),
  "shift-right-arithmetic": elementwise("shift_right_arithmetic"),
  "shift-right-logical": elementwise("shift_right_logical"),
  complex: elementwise("complex"),
  compare: (c) => {
    const [a, b] = c.operands;
    const type = c.inst.attributes.comparisonType ?? (isTupleShape(a.shape) ? "FLOAT" : defaultComparisonType(a.shape.elementType));
    const text = c.w.prettyText(
      (ref) => `stablehlo.compare ${c.inst.attributes.direction}, ${ref(a)}, ${ref(b)}, ${type} : (${mlirType(a.shape)}, ${mlirType(b.shape)}) -> ${mlirType(c.inst.shape)}`,
    );
    return ssa(text, c.inst.shape);
  },
  // Generic: select's pretty form names two types (predicate, result), not the one an element-wise op names, even
  // where they are one (a select of i1 values).
  select: (c) => results(c, "stablehlo.select", c.operands),
  clamp: elementwise("clamp"),
  convert: converting("convert"),
  "bitcast-convert": converting("bitcast_convert"),
  "reduce-precision": (c) =>
    results(c, "stablehlo.reduce_precision", c.operands, [
      `exponent_bits = ${c.inst.attributes.exponentBits} : i32`,
      `mantissa_bits = ${c.inst.attributes.mantissaBits} : i32`,
    ]),
  broadcast: (c) => {
    const [x] = c.operands;
    const dims = `[${c.inst.attributes.dimensions.join(", ")}]`;
    return ssa(c.w.prettyText((ref) => `stablehlo.broadcast_in_dim ${ref(x)}, dims = ${dims} : (${mlirType(x.shape)}) -> ${mlirType(c.inst.shape)}`), c.inst.shape);
  },
  reshape: converting("reshape"),
  bitcast: (c) => {
    const from = c.operands[0].shape;
    const to = c.inst.shape;
    if (isTupleShape(from) || isTupleShape(to)) refuse(c, "it reinterprets a tuple");
    if (isDefaultLayout(from) && isDefaultLayout(to) && from.elementType === to.elementType) return results(c, "stablehlo.reshape", c.operands);
    return physicalBitcast(c, c.operands[0], from, to);
  },
  transpose: (c) => {
    const [x] = c.operands;
    const dims = `[${c.inst.attributes.dimensions.join(", ")}]`;
    return ssa(c.w.prettyText((ref) => `stablehlo.transpose ${ref(x)}, dims = ${dims} : (${mlirType(x.shape)}) -> ${mlirType(c.inst.shape)}`), c.inst.shape);
  },
  reverse: (c) => results(c, "stablehlo.reverse", c.operands, [`dimensions = ${i64Array(c.inst.attributes.dimensions)}`]),
  slice: (c) =>
    results(c, "stablehlo.slice", c.operands, [
      `start_indices = ${i64Array(c.inst.attributes.starts)}`,
      `limit_indices = ${i64Array(c.inst.attributes.limits)}`,
      `strides = ${i64Array(c.inst.attributes.strides)}`,
    ]),
  concatenate: (c) => results(c, "stablehlo.concatenate", c.operands, [`dimension = ${c.inst.attributes.dimension} : i64`]),
  pad: (c) => {
    const p = c.inst.attributes.padding;
    return results(c, "stablehlo.pad", c.operands, [
      `edge_padding_low = ${i64Array(p.map((d) => d.low))}`,
      `edge_padding_high = ${i64Array(p.map((d) => d.high))}`,
      `interior_padding = ${i64Array(p.map((d) => d.interior))}`,
    ]);
  },
  iota: (c) => ssa(c.w.prettyText(() => `stablehlo.iota dim = ${c.inst.attributes.iotaDimension} : ${mlirType(c.inst.shape)}`), c.inst.shape),
  "get-dimension-size": (c) => results(c, "stablehlo.get_dimension_size", c.operands, [`dimension = ${c.inst.attributes.dimension} : i64`]),
  "set-dimension-size": (c) => results(c, "stablehlo.set_dimension_size", c.operands, [`dimension = ${c.inst.attributes.dimension} : i64`]),
  "dynamic-reshape": (c) => {
    // HLO takes one size scalar per result dimension, StableHLO one shape vector: the scalars are concatenated.
    const [x, ...sizes] = c.operands;
    const first = sizes[0]?.shape;
    if (first === undefined || isTupleShape(first) || sizes.some((v) => isTupleShape(v.shape) || v.shape.elementType !== first.elementType)) {
      refuse(c, "its size operands are not scalars of one integer type");
    }
    const one = shape(first.elementType, [1]);
    const parts = sizes.map((v) => ssa(c.w.prettyText((ref) => `stablehlo.reshape ${ref(v)} : (${mlirType(v.shape)}) -> ${mlirType(one)}`), one));
    const dims = shape(first.elementType, [sizes.length]);
    const [cat] = c.w.generic({ name: "stablehlo.concatenate", operands: parts, properties: ["dimension = 0 : i64"], results: [dims] });
    return results(c, "stablehlo.dynamic_reshape", [x, ssa(cat, dims)]);
  },
  "dynamic-slice": (c) => results(c, "stablehlo.dynamic_slice", c.operands, [`slice_sizes = ${i64Array(c.inst.attributes.sliceSizes)}`]),
  "dynamic-update-slice": (c) => results(c, "stablehlo.dynamic_update_slice", c.operands),
  gather: (c) => {
    const a = c.inst.attributes;
    const dn = [
      ...dimsField("offset_dims", a.offsetDims),
      ...dimsField("collapsed_slice_dims", a.collapsedSliceDims),
      ...dimsField("operand_batching_dims", a.operandBatchingDims),
      ...dimsField("start_indices_batching_dims", a.startIndicesBatchingDims),
      ...dimsField("start_index_map", a.startIndexMap),
      `index_vector_dim = ${a.indexVectorDim}`,
    ];
    return results(c, "stablehlo.gather", c.operands, [
      `dimension_numbers = #stablehlo.gather<${dn.join(", ")}>`,
      `slice_sizes = ${i64Array(a.sliceSizes)}`,
      `indices_are_sorted = ${a.indicesAreSorted}`,
    ]);
  },
  scatter: (c) => {
    const a = c.inst.attributes;
    const dn = [
      ...dimsField("update_window_dims", a.updateWindowDims),
      ...dimsField("inserted_window_dims", a.insertedWindowDims),
      ...dimsField("input_batching_dims", a.inputBatchingDims),
      ...dimsField("scatter_indices_batching_dims", a.scatterIndicesBatchingDims),
      ...dimsField("scatter_dims_to_operand_dims", a.scatterDimsToOperandDims),
      `index_vector_dim = ${a.indexVectorDim}`,
    ];
    return results(
      c,
      "stablehlo.scatter",
      c.operands,
      [`scatter_dimension_numbers = #stablehlo.scatter<${dn.join(", ")}>`, `indices_are_sorted = ${a.indicesAreSorted}`, `unique_indices = ${a.uniqueIndices}`],
      [region(c, called(c, 0))],
    );
  },
  reduce: (c) => results(c, "stablehlo.reduce", c.operands, [`dimensions = ${i64Array(c.inst.attributes.dimensions)}`], [region(c, called(c, 0))]),
  "reduce-window": (c) => results(c, "stablehlo.reduce_window", c.operands, windowProps(c, c.inst.attributes.window, true), [region(c, called(c, 0))]),
  "select-and-scatter": (c) =>
    results(c, "stablehlo.select_and_scatter", c.operands, windowProps(c, c.inst.attributes.window, false), [region(c, called(c, 0)), region(c, called(c, 1))]),
  sort: (c) =>
    results(c, "stablehlo.sort", c.operands, [`dimension = ${c.inst.attributes.dimension} : i64`, `is_stable = ${c.inst.attributes.isStable}`], [region(c, called(c, 0))]),
  // StableHLO has no scan: CHLO's, which XLA lowers as it lowers HLO's scan (a loop over slices along the dimension).
  scan: (c) => {
    const a = c.inst.attributes;
    const s = c.inst.shape;
    const count = isTupleShape(s) ? s.tupleShapes.length : 1;
    return results(c, "chlo.scan", c.operands, [
      `dimension = ${a.dimension} : i64`,
      `is_associative = ${a.isAssociative}`,
      `is_reverse = ${a.isReverse}`,
      `operandSegmentSizes = array<i32: ${c.operands.length - a.numCarries}, ${a.numCarries}>`,
      `resultSegmentSizes = array<i32: ${count - a.numCarries}, ${a.numCarries}>`,
    ], [region(c, called(c, 0))]);
  },
  convolution: (c) => {
    const a = c.inst.attributes;
    const d = a.dimensionNumbers;
    const input = convLabels(rankOf(c.operands[0]), [d.inputBatchDimension, "b"], [d.inputFeatureDimension, "f"], d.inputSpatialDimensions);
    const kernel = convLabels(rankOf(c.operands[1]), [d.kernelInputFeatureDimension, "i"], [d.kernelOutputFeatureDimension, "o"], d.kernelSpatialDimensions);
    const output = convLabels(isTupleShape(c.inst.shape) ? 0 : c.inst.shape.dimensions.length, [d.outputBatchDimension, "b"], [d.outputFeatureDimension, "f"], d.outputSpatialDimensions);
    const w = a.window;
    const props = [`dimension_numbers = #stablehlo.conv<${input}x${kernel}->${output}>`];
    if (w.length > 0) {
      props.push(
        `window_strides = ${i64Array(w.map((x) => x.stride))}`,
        `padding = ${i64Matrix(w.map((x) => [x.padLow, x.padHigh]), 2)}`,
        `lhs_dilation = ${i64Array(w.map((x) => x.baseDilation))}`,
        `rhs_dilation = ${i64Array(w.map((x) => x.windowDilation))}`,
        `window_reversal = ${boolArray(w.map((x) => x.windowReversal))}`,
      );
    }
    props.push(`feature_group_count = ${a.featureGroupCount} : i64`, `batch_group_count = ${a.batchGroupCount} : i64`, ...precisionText(a.operandPrecision));
    return results(c, "stablehlo.convolution", convOperands(c), props);
  },
  dot: (c) => {
    const a = c.inst.attributes;
    const dn = [
      ...dimsField("lhs_batching_dimensions", a.lhsBatchDimensions),
      ...dimsField("rhs_batching_dimensions", a.rhsBatchDimensions),
      ...dimsField("lhs_contracting_dimensions", a.lhsContractingDimensions),
      ...dimsField("rhs_contracting_dimensions", a.rhsContractingDimensions),
    ];
    return results(c, "stablehlo.dot_general", c.operands, [`dot_dimension_numbers = #stablehlo.dot<${dn.join(", ")}>`, ...precisionText(a.operandPrecision)]);
  },
  "ragged-dot": (c) => {
    const a = c.inst.attributes;
    const dn = [
      `lhs_batching_dimensions = [${a.lhsBatchDimensions.join(", ")}]`,
      `rhs_batching_dimensions = [${a.rhsBatchDimensions.join(", ")}]`,
      `lhs_contracting_dimensions = [${a.lhsContractingDimensions.join(", ")}]`,
      `rhs_contracting_dimensions = [${a.rhsContractingDimensions.join(", ")}]`,
      `lhs_ragged_dimensions = [${a.lhsRaggedDimensions.join(", ")}]`,
      `rhs_group_dimensions = [${a.rhsGroupDimensions.join(", ")}]`,
    ];
    const precision = (a.operandPrecision ?? ["default", "default"]).map((x) => `#chlo<precision ${x.toUpperCase()}>`);
    return results(c, "chlo.ragged_dot", c.operands, [`ragged_dot_dimension_numbers = #chlo.ragged_dot<${dn.join(", ")}>`, `precision_config = [${precision.join(", ")}]`]);
  },
  "scaled-dot": (c) => refuse(c, "StableHLO has no block-scaled dot"),
  cholesky: (c) => results(c, "stablehlo.cholesky", c.operands, [`lower = ${c.inst.attributes.lower}`]),
  "triangular-solve": (c) => {
    const a = c.inst.attributes;
    if (a.transposeA === undefined) refuse(c, "transpose_a is not given");
    return results(c, "stablehlo.triangular_solve", c.operands, [
      `left_side = ${a.leftSide}`,
      `lower = ${a.lower}`,
      `unit_diagonal = ${a.unitDiagonal}`,
      `transpose_a = #stablehlo<transpose ${a.transposeA}>`,
    ]);
  },
  fft: (c) => results(c, "stablehlo.fft", c.operands, [`fft_type = #stablehlo<fft_type ${c.inst.attributes.fftType}>`, `fft_length = ${i64Array(c.inst.attributes.fftLength)}`]),
  topk: (c) => {
    if (!c.inst.attributes.largest) refuse(c, "chlo.top_k takes the largest elements only");
    return results(c, "chlo.top_k", c.operands, [`k = ${c.inst.attributes.k} : i64`]);
  },
  "batch-norm-inference": (c) => results(c, "stablehlo.batch_norm_inference", c.operands, batchNormProps(c.inst.attributes)),
  "batch-norm-training": (c) => results(c, "stablehlo.batch_norm_training", c.operands, batchNormProps(c.inst.attributes)),
  "batch-norm-grad": (c) => results(c, "stablehlo.batch_norm_grad", c.operands, batchNormProps(c.inst.attributes)),
  "rng-bit-generator": (c) => {
    const names = { rng_default: "DEFAULT", rng_three_fry: "THREE_FRY", rng_philox: "PHILOX" } as const;
    return results(c, "stablehlo.rng_bit_generator", c.operands, [`rng_algorithm = #stablehlo<rng_algorithm ${names[c.inst.attributes.algorithm]}>`]);
  },
  rng: (c) => {
    const s = c.inst.shape;
    if (isTupleShape(s)) refuse(c, "its shape is a tuple");
    const dims = shape("s64", [s.dimensions.length]);
    const [r] = c.w.generic({ name: "stablehlo.constant", operands: [], properties: [`value = ${i64Vector(s.dimensions)}`], results: [dims] });
    const name = c.inst.attributes.distribution === "rng_uniform" ? "UNIFORM" : "NORMAL";
    return results(c, "stablehlo.rng", [...c.operands, ssa(r, dims)], [`rng_distribution = #stablehlo<rng_distribution ${name}>`]);
  },
  // StableHLO has no stochastic convert: MHLO's, as XLA's own HLO import makes it (JAX's parser reads it).
  "stochastic-convert": (c) => results(c, "mhlo.stochastic_convert", c.operands),
  "all-reduce": (c) => results(c, "stablehlo.all_reduce", c.operands, collectiveProps(c, c.inst.attributes), [region(c, called(c, 0))]),
  "all-reduce-start": (c) => {
    const s = c.inst.shape;
    const props = collectiveProps(c, c.inst.attributes);
    // An old form gives one operand an (operand, result) pair: the pair of the operand and its sum.
    if (isTupleShape(s) && c.operands.length === 1 && s.tupleShapes.length === 2) {
      const reduced = resultsAs(c, s.tupleShapes[1], "stablehlo.all_reduce", c.operands, props, [region(c, called(c, 0))]);
      return { kind: "tuple", elements: [c.operands[0], reduced], shape: s };
    }
    if (isTupleShape(s) ? s.tupleShapes.length !== c.operands.length : c.operands.length !== 1) refuse(c, "its shape has not one result per operand");
    return results(c, "stablehlo.all_reduce", c.operands, props, [region(c, called(c, 0))]);
  },
  // The start's value, or the result of its (operand, result) pair.
  "all-reduce-done": (c) => (isTupleShape(c.operands[0].shape) && !isTupleShape(c.inst.shape) ? c.w.elements(c.operands[0])[1] : c.operands[0]),
  "all-gather": (c) => results(c, "stablehlo.all_gather", c.operands, [`all_gather_dim = ${c.inst.attributes.dimension} : i64`, ...collectiveProps(c, c.inst.attributes)]),
  "all-gather-start": (c) => {
    const s = c.inst.shape;
    // An old form's shape is the gathered result alone.
    if (!isTupleShape(s) && c.operands.length === 1) return results(c, "stablehlo.all_gather", c.operands, [`all_gather_dim = ${c.inst.attributes.dimension} : i64`, ...collectiveProps(c, c.inst.attributes)]);
    if (!isTupleShape(s) || s.tupleShapes.length !== 2) refuse(c, "its shape is not an (operands, results) pair");
    const gathered = resultsAs(c, s.tupleShapes[1], "stablehlo.all_gather", c.operands, [`all_gather_dim = ${c.inst.attributes.dimension} : i64`, ...collectiveProps(c, c.inst.attributes)]);
    const inputs: Value = c.operands.length === 1 ? c.operands[0] : { kind: "tuple", elements: c.operands, shape: s.tupleShapes[0] as Extract<Shape, { elementType: "tuple" }> };
    return { kind: "tuple", elements: [inputs, gathered], shape: s };
  },
  "all-gather-done": (c) => (isTupleShape(c.operands[0].shape) ? c.w.elements(c.operands[0])[1] : c.operands[0]),
  "reduce-scatter": (c) =>
    results(c, "stablehlo.reduce_scatter", c.operands, [`scatter_dimension = ${c.inst.attributes.dimension} : i64`, ...collectiveProps(c, c.inst.attributes)], [region(c, called(c, 0))]),
  "all-to-all": (c) => {
    const a = c.inst.attributes;
    if (a.replicaGroups.kind === "mesh") refuse(c, "replica groups over named mesh axes have no StableHLO form");
    // XLA's compiler divides by the group size: empty groups (every device) print as one group of them all.
    const all = groupsOrAll(c, a.replicaGroups, a.channelId);
    // The tuple form (no split dimension): MHLO's all_to_all without dimensions, as XLA's own HLO import prints it.
    if (a.dimension === undefined) {
      const channel = a.channelId === undefined ? [] : [`channel_handle = #mhlo.channel_handle<handle = ${a.channelId}, type = 1>`];
      return results(c, "mhlo.all_to_all", c.operands, [...channel, replicaGroupsText(c, all)]);
    }
    const groups = expandReplicaGroups(all);
    const count = groups[0]?.length ?? c.printer.replicaCount;
    return results(c, "stablehlo.all_to_all", c.operands, [
      `split_dimension = ${a.dimension} : i64`,
      `concat_dimension = ${a.dimension} : i64`,
      `split_count = ${count} : i64`,
      replicaGroupsText(c, all),
      ...channelText(a.channelId),
    ]);
  },
  "collective-permute": (c) => results(c, "stablehlo.collective_permute", c.operands, permuteProps(c.inst.attributes)),
  "collective-permute-start": (c) => {
    const s = c.inst.shape;
    // An old form's shape is the permuted result alone.
    if (!isTupleShape(s) && c.operands.length === 1) return results(c, "stablehlo.collective_permute", c.operands, permuteProps(c.inst.attributes));
    if (!isTupleShape(s)) refuse(c, "its shape is not a tuple");
    const moved = resultsAs(c, s.tupleShapes[1], "stablehlo.collective_permute", c.operands, permuteProps(c.inst.attributes));
    return { kind: "tuple", elements: [c.operands[0], moved, ...s.tupleShapes.slice(2).map((x) => zeros(c.w, x))], shape: s };
  },
  "collective-permute-done": (c) => (isTupleShape(c.operands[0].shape) ? c.w.elements(c.operands[0])[1] : c.operands[0]),
  "collective-broadcast": (c) => {
    if (c.operands.length !== 1) refuse(c, "stablehlo.collective_broadcast takes one operand");
    return results(c, "stablehlo.collective_broadcast", c.operands, [replicaGroupsText(c, c.inst.attributes.replicaGroups), ...channelText(c.inst.attributes.channelId)]);
  },
  // StableHLO has no ragged all-to-all: the typed-FFI custom call XLA's own HLO import makes of it (and reads back).
  "ragged-all-to-all": (c) => {
    const a = c.inst.attributes;
    if (a.replicaGroups.kind === "mesh") refuse(c, "replica groups over named mesh axes have no StableHLO form");
    const config = [...(a.channelId === undefined ? [] : [`channel_id = ${a.channelId} : i64`]), replicaGroupsText(c, groupsOrAll(c, a.replicaGroups, a.channelId))];
    return results(c, "stablehlo.custom_call", c.operands, ['call_target_name = "ragged_all_to_all"', "api_version = 4 : i32", `backend_config = {${config.join(", ")}}`]);
  },
  "replica-id": (c) => results(c, "stablehlo.replica_id", []),
  "partition-id": (c) => results(c, "stablehlo.partition_id", []),
  "after-all": (c) => results(c, "stablehlo.after_all", c.operands),
  "add-dependency": alias,
  domain: alias,
  // The RNG state is XLA's own and StableHLO has no op that reads it: MHLO's, as XLA's own HLO import makes it.
  "rng-get-and-update-state": (c) => {
    const [r] = c.w.generic({ name: "mhlo.xla.rng_get_and_update_state", operands: [], attributes: [`delta = ${c.inst.attributes.delta} : i64`], results: [c.inst.shape] });
    return ssa(r, c.inst.shape);
  },
  infeed: (c) => {
    const s = c.inst.shape;
    if (!isTupleShape(s) || s.tupleShapes.length !== 2) refuse(c, "its shape is not a (data, token) pair");
    const [data, token] = s.tupleShapes;
    const leaves = [...shapeLeaves(data), token];
    const refs = c.w.generic({ name: "stablehlo.infeed", operands: c.operands, properties: [`infeed_config = ${mlirString(c.inst.attributes.infeedConfig)}`], results: leaves });
    const values = refs.map((r, i) => ssa(r, leaves[i]));
    return { kind: "tuple", elements: [fromLeaves(data, values.slice(0, -1)), values[values.length - 1]], shape: s };
  },
  outfeed: (c) =>
    results(c, "stablehlo.outfeed", [...c.w.leaves(c.operands[0]), c.operands[1]], [`outfeed_config = ${mlirString(c.inst.attributes.outfeedConfig)}`]),
  send: (c) => {
    const s = c.inst.shape;
    if (!isTupleShape(s) || s.tupleShapes.length !== 3) refuse(c, "its shape is not a (data, context, token) triple");
    // stablehlo.send has one result, the token; HLO's data and context elements are the operand and a zero.
    const token = resultsAs(c, s.tupleShapes[2], "stablehlo.send", [...c.w.leaves(c.operands[0]), c.operands[1]], sendRecvProps(c.inst.attributes, 2));
    return { kind: "tuple", elements: [c.operands[0], zeros(c.w, U32_SCALAR), token], shape: s };
  },
  "send-done": (c) => c.w.elements(c.operands[0])[2],
  recv: (c) => {
    const s = c.inst.shape;
    if (!isTupleShape(s) || s.tupleShapes.length !== 3) refuse(c, "its shape is not a (data, context, token) triple");
    const [data, , token] = s.tupleShapes;
    const leaves = [...shapeLeaves(data), token];
    const refs = c.w.generic({ name: "stablehlo.recv", operands: c.operands, properties: sendRecvProps(c.inst.attributes, 3), results: leaves });
    const values = refs.map((r, i) => ssa(r, leaves[i]));
    return { kind: "tuple", elements: [fromLeaves(data, values.slice(0, -1)), zeros(c.w, U32_SCALAR), values[values.length - 1]], shape: s };
  },
  "recv-done": (c) => {
    const parts = c.w.elements(c.operands[0]);
    const s = c.inst.shape;
    if (!isTupleShape(s)) refuse(c, "its shape is not a tuple");
    return { kind: "tuple", elements: [parts[0], parts[2]], shape: s };
  },
  "copy-start": (c) => {
    const s = c.inst.shape;
    if (!isTupleShape(s)) refuse(c, "its shape is not a tuple");
    return { kind: "tuple", elements: [c.operands[0], c.operands[0], ...s.tupleShapes.slice(2).map((x) => zeros(c.w, x))], shape: s };
  },
  "copy-done": (c) => c.w.elements(c.operands[0])[0],
  "async-start": (c) => {
    const s = c.inst.shape;
    if (!isTupleShape(s) || s.tupleShapes.length < 2) refuse(c, "its shape is not an (operands, result, context...) tuple");
    const result = callFunction(c, called(c, 0), c.operands, s.tupleShapes[1]);
    const inputs: Value = { kind: "tuple", elements: c.operands, shape: s.tupleShapes[0] as Extract<Shape, { elementType: "tuple" }> };
    return { kind: "tuple", elements: [inputs, result, ...s.tupleShapes.slice(2).map((x) => zeros(c.w, x))], shape: s };
  },
  "async-update": alias,
  "async-done": (c) => c.w.elements(c.operands[0])[1],
  parameter: (c) => refuse(c, "parameters are bound by the function that prints the computation"),
  constant: (c) => constantValue(c.w, c.inst.attributes.literal),
  tuple: (c) => {
    const s = c.inst.shape;
    if (!isTupleShape(s)) refuse(c, "its shape is not a tuple");
    return { kind: "tuple", elements: c.operands, shape: s };
  },
  "get-tuple-element": (c) => {
    const v = c.w.elements(c.operands[0])[c.inst.attributes.index];
    if (v === undefined) refuse(c, `its operand has no element ${c.inst.attributes.index}`);
    return v;
  },
  call: (c) => callFunction(c, called(c, 0), c.operands, c.inst.shape),
  fusion: (c) => callFunction(c, called(c, 0), c.operands, c.inst.shape),
  while: (c) => {
    const state = c.operands[0].shape;
    const leaves = shapeLeaves(state);
    const refs = c.w.generic({
      name: "stablehlo.while",
      operands: c.w.leaves(c.operands[0]),
      regions: [leafRegion(c, called(c, 0), state, "value"), leafRegion(c, called(c, 1), state, "leaves")],
      results: leaves,
    });
    return fromLeaves(state, refs.map((r, i) => ssa(r, leaves[i])));
  },
  conditional: (c) => {
    const selector = c.operands[0];
    const branches = c.inst.called.map((name, i) => branchRegion(c, name, c.operands[i + 1]));
    const leaves = shapeLeaves(c.inst.shape);
    const isPred = !isTupleShape(selector.shape) && selector.shape.elementType === "pred";
    const refs = c.w.generic({ name: isPred ? "stablehlo.if" : "stablehlo.case", operands: [selector], regions: branches, results: leaves });
    return fromLeaves(c.inst.shape, refs.map((r, i) => ssa(r, leaves[i])));
  },
  map: (c) => results(c, "stablehlo.map", c.operands, [`dimensions = ${i64Array(c.inst.attributes.dimensions)}`], [region(c, called(c, 0))]),
  "opt-barrier": (c) => {
    const leaves = shapeLeaves(c.inst.shape);
    const refs = c.w.generic({ name: "stablehlo.optimization_barrier", operands: c.w.leaves(c.operands[0]), results: leaves });
    return fromLeaves(c.inst.shape, refs.map((r, i) => ssa(r, leaves[i])));
  },
  "custom-call": (c) => {
    const discardable: string[] = [];
    const props = customCallProps(c, discardable);
    if (discardable.length === 0) return results(c, "stablehlo.custom_call", c.operands, props);
    const s = c.inst.shape;
    const shapes = isTupleShape(s) ? s.tupleShapes : [s];
    const refs = c.w.generic({ name: "stablehlo.custom_call", operands: c.operands, properties: props, attributes: discardable, results: shapes });
    const values = refs.map((r, i) => ssa(r, shapes[i]));
    return isTupleShape(s) ? { kind: "tuple", elements: values, shape: s } : values[0];
  },
};

/**
 * The convolution's operands with one element type: HLO allows an input and a kernel of different types (a pred
 * kernel for an f32 input), StableHLO does not; the one that differs from the result's type is converted to it, as
 * XLA's HLO import does.
 */
function convOperands(c: OpContext<"convolution">): readonly Value[] {
  const [lhs, rhs] = c.operands;
  const out = c.inst.shape;
  if (isTupleShape(lhs.shape) || isTupleShape(rhs.shape) || isTupleShape(out) || lhs.shape.elementType === rhs.shape.elementType) return c.operands;
  const target = out.elementType;
  if (lhs.shape.elementType !== target && rhs.shape.elementType !== target) {
    refuse(c, `its input (${lhs.shape.elementType}) and kernel (${rhs.shape.elementType}) differ in element type and neither is the result's (${target})`);
  }
  const convert = (v: Value): Value => {
    if (isTupleShape(v.shape) || v.shape.elementType === target) return v;
    const to = shape(target, v.shape.dimensions);
    return ssa(c.w.prettyText((ref) => `stablehlo.convert ${ref(v)} : (${mlirType(v.shape)}) -> ${mlirType(to)}`), to);
  };
  return [convert(lhs), convert(rhs)];
}

/** Replica groups as printed: where HLO leaves them empty (every replica, or every partition with a channel), one group of them all. */
type ListedGroups = Immutable<Exclude<ReplicaGroups, { kind: "mesh" }>>;
function groupsOrAll(c: OpContext<Opcode>, g: ListedGroups, channelId: number | undefined): ListedGroups {
  if (g.kind !== "list" || g.groups.length > 0) return g;
  const n = channelId === undefined ? c.printer.replicaCount : c.printer.partitionCount;
  return { kind: "list", groups: [Array.from({ length: n }, (_, i) => i)] };
}

/**
 * A bitcast that reinterprets a layout or changes the element type, as logical ops: StableHLO's values have no
 * layout, so the operand is transposed into its physical (major-to-minor) order, reshaped to the result's physical
 * dimensions (bitcast_convert where the element type changes, of the same width) and transposed back into the
 * result's logical order. The same bytes land in the same places as XLA's bitcast moves none.
 */
function physicalBitcast(c: OpContext<Opcode>, x: Value, from: ArrayShape, to: ArrayShape): Value {
  const majorToMinor = (s: ArrayShape) => [...(s.layout ?? defaultLayout(s.dimensions.length))].reverse();
  const isIdentity = (p: readonly number[]) => p.every((d, i) => d === i);
  const fromOrder = majorToMinor(from);
  const toOrder = majorToMinor(to);
  if (ELEMENT_TYPE_INFO[from.elementType].bitWidth !== ELEMENT_TYPE_INFO[to.elementType].bitWidth) refuse(c, `it reinterprets ${from.elementType} as ${to.elementType}, of another width`);
  let v = x;
  const emit = (name: string, attrs: string, result: ArrayShape) => {
    const operand = v;
    v = ssa(c.w.prettyText((ref) => `stablehlo.${name} ${ref(operand)}${attrs} : (${mlirType(operand.shape)}) -> ${mlirType(result)}`), result);
  };
  if (!isIdentity(fromOrder)) emit("transpose", `, dims = [${fromOrder.join(", ")}]`, shape(from.elementType, fromOrder.map((d) => from.dimensions[d])));
  const physical = toOrder.map((d) => to.dimensions[d]);
  emit("reshape", "", shape(from.elementType, physical));
  if (from.elementType !== to.elementType) emit("bitcast_convert", "", shape(to.elementType, physical));
  if (!isIdentity(toOrder)) {
    const inverse = new Array<number>(toOrder.length);
    toOrder.forEach((d, j) => {
      inverse[d] = j;
    });
    emit("transpose", `, dims = [${inverse.join(", ")}]`, shape(to.elementType, to.dimensions));
  }
  return v;
}

function batchNormProps(a: { readonly epsilon: number; readonly featureIndex: number }): string[] {
  return [`epsilon = ${floatAttr(a.epsilon, "f32")}`, `feature_index = ${a.featureIndex} : i64`];
}

function permuteProps(a: { readonly sourceTargetPairs: readonly (readonly [number, number])[]; readonly channelId?: number }): string[] {
  return [`source_target_pairs = ${i64Matrix(a.sourceTargetPairs.map(([s, t]) => [s, t]), 2)}`, ...channelText(a.channelId)];
}

function sendRecvProps(a: { readonly channelId?: number; readonly isHostTransfer: boolean }, hostType: 2 | 3): string[] {
  return [
    `channel_handle = #stablehlo.channel_handle<handle = ${a.channelId ?? 0}, type = ${a.isHostTransfer ? hostType : 1}>`,
    `is_host_transfer = ${a.isHostTransfer}`,
  ];
}

/** func.call of the private function printed for computation `name`; the result is one value of `result`'s type. */
function callFunction(c: OpContext<Opcode>, name: string, args: readonly Value[], result: Shape): Value {
  const fn = c.printer.functionFor(c.printer.computation(name));
  const r = c.w.prettyText((ref) => `func.call ${symbol(fn)}(${args.map(ref).join(", ")}) : (${args.map((a) => mlirType(a.shape)).join(", ")}) -> ${isTupleShape(result) ? `(${mlirType(result)})` : mlirType(result)}`);
  return ssa(r, result);
}

/** A constant: `stablehlo.constant dense<...>`, or the tree of its elements for a tuple literal. */
function constantValue(w: Writer, l: InstructionOf<"constant">["attributes"]["literal"]): Value {
  if ("elements" in l) {
    return { kind: "tuple", elements: l.elements.map((e) => constantValue(w, e)), shape: l.shape };
  }
  const r = w.fresh();
  w.line(`${r} = stablehlo.constant ${denseText(l)} : ${mlirType(l.shape)}`);
  return ssa(r, l.shape);
}
