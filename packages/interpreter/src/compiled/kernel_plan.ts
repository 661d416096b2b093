/**
 * From a fused computation to a kernel plan: the data the loop generator
 * (loop_codegen.ts) needs and nothing from the module's text. The walk goes
 * from the root down, carrying an affine access map (index_map.ts) from each
 * node to its operands; a node reached through two different maps becomes two
 * plan nodes (one per map), a node reached twice through one map stays one.
 * What is left is a graph of array reads (base + Σ stride·i), iota counters,
 * and scalar ops with their semantics from the one scalar table
 * (kernels/elementwise/table.ts), so each op rounds to its own type
 * exactly as the reference kernel does.
 *
 * Roots: an element-wise or data-movement op (kLoop), or a reduce of one
 * input whose reducer the reference's fast path recognises (kInput). Anything
 * else, or any value not stored one float64 per element, gives undefined.
 */
import {
  type ArrayShape,
  ELEMENT_TYPE_INFO,
  type ElementType,
  EvalError,
  type HloComputation,
  type HloInstruction,
  type HloModule,
  OPCODES,
  getComputation,
  isArrayShape,
  storageOf,
  stridesOf,
} from "@minixla/hlo";
import type { EvalContext, Numerics } from "../kernel.ts";
import type { ScalarSemantics } from "../kernels/elementwise/scalar_rules.ts";
import { scalarSemantics } from "../kernels/elementwise/table.ts";
import type { Normalize } from "../kernels/elementwise/loops.ts";
import { type ReducerOp, simpleReducer } from "../kernels/reduce/reducer.ts";
import { numericsOf } from "../numerics/index.ts";
import { bitcastSemantics } from "./bitcast_scalar.ts";
import { xlaCpuFmaSemantics } from "../numerics/xla_cpu/fma.ts";
import {
  type AccessMap,
  type Affine,
  asIndexMap,
  identityMap,
  linearOffset,
  mapKey,
  rowOf,
  scalarMap,
  throughBroadcast,
  throughReshape,
  throughReverse,
  throughSlice,
  throughTranspose,
} from "./index_map.ts";

/** One value computed per iteration point (or hoisted, where it does not vary). */
export type PlanNode =
  /** arrays[array][base + Σ strides·i] */
  | { readonly kind: "read"; readonly array: number; readonly at: Affine }
  /** norm(base + Σ strides·i): an iota's index along its dimension. */
  | { readonly kind: "iota"; readonly at: Affine; readonly norm: Normalize | undefined }
  /** norm(fn(operands...)) */
  | { readonly kind: "op"; readonly fn: (...xs: number[]) => number; readonly norm: Normalize | undefined; readonly operands: readonly number[] };

/** How a kInput root folds its input: the reference's order and precision (kernels/reduce/reduce.ts reduceNumbers). */
export type PlanReduce =
  /**
   * acc = init; acc += x in float64; out = round(acc) once (a float add reducer). Where a mode
   * flushes the sum (XLA CPU, reduceSumFlush), `flush` applies to init and to each element, and
   * `round` is that flush after the result type's rounding.
   */
  | { readonly kind: "sum"; readonly init: number; readonly round: Normalize | undefined; readonly flush: Normalize | undefined; readonly reduced: readonly boolean[] }
  /**
   * acc = init; acc = step(acc, x) (the reducer's own rounding inside step); `reducer` names step's
   * op: step(a, b) is scalarOp(op, elementType)(a, b), or (b, a) where swapped (reducer.ts).
   */
  | {
      readonly kind: "step";
      readonly init: number;
      readonly step: (a: number, b: number) => number;
      readonly reduced: readonly boolean[];
      readonly reducer: { readonly op: ReducerOp; readonly elementType: ElementType; readonly swapped: boolean };
    };

export interface KernelPlan {
  /** Sizes of the iteration space: the result's dimensions, or the reduce input's. */
  readonly iteration: readonly number[];
  /** Number of arrays passed at run time (parameters, then externals); constants follow them in `arrays`. */
  readonly inputCount: number;
  /** Element count each input must have. */
  readonly inputLengths: readonly number[];
  /** The constant arrays read by the plan, numbered after the inputs. */
  readonly constants: readonly Float64Array[];
  /** In dependency order (operands before users). */
  readonly nodes: readonly PlanNode[];
  /** The node whose value is written out (kLoop) or folded (kInput). */
  readonly value: number;
  readonly reduce: PlanReduce | undefined;
  readonly result: ArrayShape;
  /**
   * Nodes written to further outputs of the result's shape, one array each, passed after the
   * constants (a group of fusions run as one loop, fusion_groups.ts); absent for one output.
   */
  readonly extraValues?: readonly number[];
}

/** Past this many (node, map) pairs a computation is left to the reference (many maps of one node multiply its work). */
const MAX_PLAN_NODES = 4096;

/** A type whose values are numbers stored one float64 per element. */
const onNumbers = (t: ElementType): boolean => t !== "token" && storageOf(t) === "f64";

function numericShape(s: HloInstruction["shape"]): ArrayShape | undefined {
  if (!isArrayShape(s) || !onNumbers(s.elementType)) return undefined;
  if (s.dynamicDimensions?.some((d) => d)) return undefined;
  return s;
}

interface Visit {
  readonly inst: HloInstruction;
  readonly position: number;
  readonly map: AccessMap;
  /** Keys of the operand visits (ops only). */
  operandKeys: string[];
  node: PlanNode | undefined;
}

/** A reducer the reference folds without calling it (reducer.ts simpleReducer), as a plan fold. */
function planReduce(root: HloInstruction, module: HloModule, reduced: readonly boolean[], init: number, numerics: Numerics): PlanReduce | undefined {
  if (root.opcode !== "reduce" || root.operands.length !== 2 || root.called.length !== 1) return undefined;
  const ctx: EvalContext = {
    options: { numerics },
    parameter: () => {
      throw new EvalError("a reducer being recognised is never called");
    },
    call: () => {
      throw new EvalError("a reducer being recognised is never called");
    },
    computation: (name) => getComputation(module, name),
  };
  const simple = simpleReducer(ctx, root.called[0]);
  const out = numericShape(root.shape);
  if (simple === undefined || out === undefined) return undefined;
  if (simple.op === "add" && ELEMENT_TYPE_INFO[simple.elementType].kind === "float") {
    // A mode's flushed sum, as the reference kernel folds it (reduce.ts reduceNumbers).
    const flush = numericsOf(numerics).reduceSumFlush(out.elementType);
    const normalize = out.elementType === "f64" ? undefined : ELEMENT_TYPE_INFO[out.elementType].normalize;
    const round = flush === undefined ? normalize : normalize === undefined ? flush : (x: number) => flush(normalize(x));
    return { kind: "sum", init, round, flush, reduced };
  }
  return { kind: "step", init, step: simple.apply, reduced, reducer: { op: simple.op, elementType: simple.elementType, swapped: simple.swapped } };
}

/**
 * The plan of `fused`, or undefined where it holds something this compiler
 * does not handle. `external` names instructions read as extra inputs after
 * the parameters (their values computed elsewhere).
 */
export function planFusedComputation(
  fused: HloComputation,
  module: HloModule,
  external: readonly string[] = [],
  numerics: Numerics = "reference",
  extraRoots: readonly string[] = [],
): KernelPlan | undefined {
  const byName = new Map<string, { inst: HloInstruction; position: number }>();
  fused.instructions.forEach((inst, position) => byName.set(inst.name, { inst, position }));
  const root = byName.get(fused.root)?.inst;
  if (root === undefined) return undefined;
  const result = numericShape(root.shape);
  if (result === undefined) return undefined;

  const params = fused.instructions.filter((i) => i.opcode === "parameter");
  const inputLengths: number[] = [];
  for (const p of params) {
    const s = numericShape(p.shape);
    if (s === undefined || p.opcode !== "parameter") return undefined;
    const n = p.attributes.parameterNumber;
    if (n >= params.length || inputLengths[n] !== undefined) return undefined;
    inputLengths[n] = s.dimensions.reduce((a, b) => a * b, 1);
  }
  const externalIndex = new Map<string, number>();
  for (const name of external) {
    const s = byName.get(name);
    const shape = s && numericShape(s.inst.shape);
    if (shape === undefined || externalIndex.has(name)) return undefined;
    externalIndex.set(name, params.length + externalIndex.size);
    inputLengths.push(shape.dimensions.reduce((a, b) => a * b, 1));
  }
  const inputCount = inputLengths.length;

  // The iteration space and where the walk starts.
  let iteration: readonly number[];
  const starts: { name: string; map: AccessMap }[] = [];
  let reducedDims: boolean[] | undefined;
  if (root.opcode === "reduce" && !externalIndex.has(root.name)) {
    const input = byName.get(root.operands[0] ?? "")?.inst;
    const inputShape = input && numericShape(input.shape);
    if (inputShape === undefined || root.operands.length !== 2) return undefined;
    iteration = inputShape.dimensions;
    const dims = root.attributes.dimensions;
    reducedDims = iteration.map((_, d) => dims.includes(d));
    starts.push({ name: root.operands[0], map: identityMap(iteration.length) }, { name: root.operands[1], map: scalarMap() });
  } else {
    iteration = result.dimensions;
    starts.push({ name: root.name, map: identityMap(iteration.length) });
  }
  // Further outputs walk from themselves through the same identity map (element for element the root's points).
  if (extraRoots.length > 0 && reducedDims !== undefined) return undefined;
  for (const name of extraRoots) {
    const s = numericShape(byName.get(name)?.inst.shape ?? root.shape);
    if (s === undefined || !byName.has(name) || s.dimensions.length !== iteration.length || s.dimensions.some((n, d) => n !== iteration[d])) return undefined;
    starts.push({ name, map: identityMap(iteration.length) });
  }
  const rank = iteration.length;

  // Walk every (node, map) pair reachable from the starts.
  const visits = new Map<string, Visit>();
  const constants: Float64Array[] = [];
  const constantIndex = new Map<HloInstruction, number>();
  const pending: string[] = [];
  const visit = (name: string, map: AccessMap): string | undefined => {
    const found = byName.get(name);
    if (found === undefined) return undefined;
    const key = `${found.position}@${mapKey(map)}`;
    if (!visits.has(key)) {
      if (visits.size >= MAX_PLAN_NODES) return undefined;
      visits.set(key, { inst: found.inst, position: found.position, map, operandKeys: [], node: undefined });
      pending.push(key);
    }
    return key;
  };
  const startKeys = starts.map((s) => visit(s.name, s.map));
  while (pending.length > 0) {
    const v = visits.get(pending.pop() as string) as Visit;
    const shape = numericShape(v.inst.shape);
    if (shape === undefined) return undefined;
    const dims = shape.dimensions;
    const operandMaps = externalIndex.has(v.inst.name) ? [] : operandMapsOf(v.inst, v.map, dims, byName, rank);
    if (operandMaps === undefined) return undefined;
    for (let k = 0; k < operandMaps.length; k++) {
      const key = visit(v.inst.operands[k], operandMaps[k]);
      if (key === undefined) return undefined;
      v.operandKeys.push(key);
    }
    // Leaves become nodes now; ops once their operands have nodes (below).
    const ext = externalIndex.get(v.inst.name);
    if (ext !== undefined) {
      v.node = { kind: "read", array: ext, at: linearOffset(v.map, dims, rank) };
    } else if (v.inst.opcode === "parameter") {
      v.node = { kind: "read", array: v.inst.attributes.parameterNumber, at: linearOffset(v.map, dims, rank) };
    } else if (v.inst.opcode === "constant") {
      const lit = v.inst.attributes.literal;
      if (v.inst.attributes.elided || !(("data" in lit) && lit.data instanceof Float64Array) || lit.data.length !== dims.reduce((a, b) => a * b, 1)) {
        return undefined;
      }
      let c = constantIndex.get(v.inst);
      if (c === undefined) {
        c = constants.length;
        constants.push(lit.data);
        constantIndex.set(v.inst, c);
      }
      v.node = { kind: "read", array: inputCount + c, at: linearOffset(v.map, dims, rank) };
    } else if (v.inst.opcode === "iota") {
      const m = asIndexMap(v.map, dims);
      if (m === undefined) return undefined;
      const t = shape.elementType;
      v.node = { kind: "iota", at: rowOf(m, v.inst.attributes.iotaDimension), norm: t === "f64" ? undefined : ELEMENT_TYPE_INFO[t].normalize };
    }
  }

  // Order the visits as the computation orders its instructions (operands first) and number them.
  const ordered = [...visits.entries()].sort((a, b) => a[1].position - b[1].position);
  const id = new Map<string, number>();
  const nodes: PlanNode[] = [];
  for (const [key, v] of ordered) {
    let node = v.node;
    if (node === undefined) {
      const operandIds = v.operandKeys.map((k) => id.get(k) as number);
      const fma = v.inst.opcode === "custom-call" ? xlaCpuFmaSemantics(v.inst) : undefined;
      if (fma !== undefined) {
        node = { kind: "op", fn: fma, norm: undefined, operands: operandIds };
      } else if (OPCODES[v.inst.opcode].family === "elementwise") {
        const types = v.inst.operands.map((o) => (byName.get(o)?.inst.shape.elementType ?? "token") as ElementType);
        const sem: ScalarSemantics | undefined =
          v.inst.opcode === "bitcast-convert" ? bitcastSemantics(types[0], numericShape(v.inst.shape)?.elementType ?? "token") : scalarSemantics(v.inst, types, numerics);
        if (sem === undefined || usesUnaryTail(v.inst, types, numerics)) return undefined;
        node = { kind: "op", fn: sem.fn, norm: sem.norm, operands: operandIds };
      } else {
        // Data movement: the value is the operand's, read through the moved map.
        id.set(key, operandIds[0]);
        continue;
      }
    }
    id.set(key, nodes.length);
    nodes.push(node);
  }
  const value = id.get(startKeys[0] as string);
  if (value === undefined) return undefined;
  let reduce: PlanReduce | undefined;
  if (reducedDims !== undefined) {
    const init = id.get(startKeys[1] as string);
    if (init === undefined) return undefined;
    reduce = planReduce(root, module, reducedDims, init, numerics);
    if (reduce === undefined) return undefined;
  }
  if (extraRoots.length === 0) return { iteration, inputCount, inputLengths, constants, nodes, value, reduce, result };
  const extraValues: number[] = [];
  for (let k = 0; k < extraRoots.length; k++) {
    const e = id.get(startKeys[startKeys.length - extraRoots.length + k] as string);
    if (e === undefined) return undefined;
    extraValues.push(e);
  }
  return { iteration, inputCount, inputLengths, constants, nodes, value, reduce, result, extraValues };
}

/**
 * Whether an instruction has a tail computed by another function in this
 * mode (XLA CPU's f32 exp or log on a short 1-D array, whose last elements
 * are glibc's): the reference kernel applies it, so the compiled loop leaves
 * the instruction to it.
 */
function usesUnaryTail(inst: HloInstruction, types: readonly ElementType[], numerics: Numerics): boolean {
  if (types.length !== 1) return false;
  const dims = numericShape(inst.shape)?.dimensions ?? [];
  const tail = numericsOf(numerics).unaryTail(inst.opcode, types[0], dims);
  return tail !== undefined && tail.start < dims.reduce((a, b) => a * b, 1);
}

/**
 * The maps through which `inst` (reached through `map`, of dimensions `dims`)
 * reads its operands; [] for leaves; undefined where the op is not handled.
 */
function operandMapsOf(
  inst: HloInstruction,
  map: AccessMap,
  dims: readonly number[],
  byName: ReadonlyMap<string, { inst: HloInstruction }>,
  rank: number,
): AccessMap[] | undefined {
  const operandDims = (k: number): readonly number[] | undefined => {
    const s = numericShape(byName.get(inst.operands[k] ?? "")?.inst.shape ?? { elementType: "tuple", tupleShapes: [] });
    return s?.dimensions;
  };
  const index = asIndexMap(map, dims);
  switch (inst.opcode) {
    case "parameter":
    case "constant":
    case "iota":
      return [];
    case "broadcast":
      return index && [throughBroadcast(index, inst.attributes.dimensions)];
    case "transpose":
      return index && [throughTranspose(index, inst.attributes.dimensions)];
    case "slice":
      return index && [throughSlice(index, inst.attributes.starts, inst.attributes.strides)];
    case "reverse":
      return index && [throughReverse(index, dims, inst.attributes.dimensions)];
    case "reshape": {
      const from = operandDims(0);
      return from && [throughReshape(map, dims, from, rank)];
    }
    default: {
      // XLA CPU's fused multiply-add custom call reads its three operands element for element.
      if (OPCODES[inst.opcode].family !== "elementwise" && xlaCpuFmaSemantics(inst) === undefined) return undefined;
      if ("broadcastDimensions" in inst.attributes && inst.attributes.broadcastDimensions !== undefined) return undefined;
      const maps: AccessMap[] = [];
      for (let k = 0; k < inst.operands.length; k++) {
        const od = operandDims(k);
        if (od === undefined) return undefined;
        // select's pred and clamp's bounds may be scalars: every point reads their one element.
        if (od.length === 0 && dims.length > 0) maps.push(scalarMap());
        else if (od.length === dims.length && od.every((n, e) => n === dims[e])) maps.push(map);
        else return undefined;
      }
      return maps;
    }
  }
}

/** Row-major strides of the result over the iteration space (0 along reduced dimensions). */
export function resultAffine(plan: KernelPlan): Affine {
  const reduced = plan.reduce?.reduced;
  const kept = plan.iteration.filter((_, d) => !reduced?.[d]);
  const keptStrides = stridesOf(kept);
  let k = 0;
  return { base: 0, strides: plan.iteration.map((_, d) => (reduced?.[d] ? 0 : keptStrides[k++])) };
}
