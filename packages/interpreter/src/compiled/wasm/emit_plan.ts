/**
 * A kernel plan (kernel_plan.ts) as one WebAssembly SIMD function, bitwise
 * equal to the JavaScript loop nest (loop_codegen.ts) and so to the
 * reference. The loops are those of loop_codegen.ts (size-1 dimensions
 * dropped, neighbours merged); the innermost one runs two points per step in
 * f64x2 lanes, with a one-point tail. Vectorizing runs across output
 * elements only: every point keeps its own operations, in its own order.
 * kInput folds (reduce_lanes.ts: float sums, flushed where the mode flushes
 * them, and add/multiply/maximum/minimum steps) reorder the loops: kept
 * ones outside, reduced ones inside, each in its order, so each output
 * element folds its points in row-major order of the reduced indices (the
 * reference's order). The lanes then run across the innermost kept loop:
 * each f64x2 accumulator holds two output elements ("rows" below: two
 * steps of that loop, rows of a row sum, columns of a column sum), a group
 * of ROW_VECTORS accumulators folds 2·ROW_VECTORS of them at once, and
 * nothing reassociates; a sum is rounded to its type in the lanes where
 * they have its rounding (else by the caller). A fold with no reduced loop
 * left (its reduced dimensions all of size 1) folds each point into its
 * output element in `out` (out starts as init), two elements per step.
 *
 * Memory holds every array of the plan (inputs, constants, output) at
 * offsets fixed here; the caller copies inputs in and the result out. Every
 * number in the module (offsets, strides, sizes) is computed here from the
 * plan's integers; nothing from the module's text reaches it.
 */
import type { KernelPlan } from "../kernel_plan.ts";
import { planAccesses } from "../loop_codegen.ts";
import type { Numerics } from "../../kernel.ts";
import { FunctionBody, I32, Op, Simd, V128 } from "./encoder.ts";
import { type MathKind, MathFunctions, fastFma32Step, mathKindOf } from "./emit_xla_cpu_math.ts";
import { emitU32, isU32Kind } from "./emit_u32_lanes.ts";
import { type Fma64Operands, fma64Constants, fma64Step, pushSplit } from "./fused_steps.ts";
import { type LaneFold, laneFoldOf } from "./reduce_lanes.ts";
import { type LaneRounding, type LaneScalar, laneRounding, laneScalarOf } from "./scalar_ops.ts";

/** Where each array lives in the module's memory (offsets in float64 elements). */
export interface WasmLayout {
  /** Per plan array (inputs, then constants): its first element (arrays the plan never reads hold no room). */
  readonly arrays: readonly number[];
  readonly out: number;
  readonly outLength: number;
  readonly pages: number;
  /** Per further output (KernelPlan.extraValues): its first element, each outLength long. */
  readonly extras?: readonly number[];
}

export interface EmittedPlan {
  readonly bytes: Uint8Array;
  readonly layout: WasmLayout;
  /** The host functions the module imports (XLA CPU's fma64 and f64 log1p, emit_xla_cpu_math.ts), if any. */
  readonly host?: { readonly [name: string]: (...args: number[]) => number };
  /** Whether the module imports the host's fma64 (module "host", name "fma64"): f64 fused multiply-adds. */
  readonly hostFma64: boolean;
  /** Whether the module rounds a sum to its result type itself (else the caller applies PlanReduce's round). */
  readonly roundsSum?: boolean;
}

/** Past this many bytes of arrays a plan stays with the JavaScript loops (one memory per kernel, kept while it lives). */
const MAX_BYTES = 256 * 1024 * 1024;
const PAGE = 65536;

/** The function's one-point (tail) or two-point body. */
type Width = 1 | 2;

/**
 * f64x2 accumulators of a row reduction folded at once (8 rows): their
 * chains of adds overlap, where one chain waits on each add's latency.
 */
const ROW_VECTORS = 4;

/**
 * The module of a plan, or undefined where some node has no lane form with
 * the same bits, its fold has no lane form, or its arrays are too large.
 */
export function emitPlan(plan: KernelPlan, numerics: Numerics): EmittedPlan | undefined {
  if (plan.iteration.some((n) => n === 0)) return undefined;
  const reduce = plan.reduce;
  const fold = reduce === undefined ? undefined : laneFoldOf(reduce, plan.result.elementType, numerics);
  if (reduce !== undefined && fold === undefined) return undefined;

  // Op and iota nodes in lane form (XLA CPU's own functions as calls of the module's lane functions).
  const lanes: (LaneScalar | MathKind | undefined)[] = [];
  const math = new MathFunctions();
  for (const n of plan.nodes) {
    if (n.kind === "op") {
      const lane = laneScalarOf(n.fn, n.norm, n.operands.length, numerics) ?? mathKindOf(n.fn, n.norm, n.operands.length);
      if (lane === undefined) return undefined;
      if (typeof lane === "string" && !isU32Kind(lane)) math.use(lane);
      lanes.push(lane);
    } else {
      if (n.kind === "iota" && laneRounding(n.norm) === undefined) return undefined;
      lanes.push(undefined);
    }
  }

  const flushedAt = flushedMagnitudes(plan, lanes);

  // Memory: each array the plan reads 16-byte aligned, one spare element pair after it (arrays it never reads take none).
  const read = readArrays(plan);
  const arrayLengths = [...plan.inputLengths, ...plan.constants.map((c) => c.length)].map((n, k) => (read.has(k) ? n : 0));
  const arrayStarts: number[] = [];
  let end = 0;
  for (const n of arrayLengths) {
    arrayStarts.push(end);
    end += n + 2 + (n % 2);
  }
  const outLength = plan.result.dimensions.reduce((a, b) => a * b, 1);
  const outStart = end;
  end += outLength + 2;
  // A group's further outputs (fusion_groups.ts) after the output, each 16-byte aligned; a fold has none.
  const extraValues = plan.extraValues ?? [];
  if (extraValues.length > 0 && reduce !== undefined) return undefined;
  const extraStarts: number[] = [];
  for (let j = 0; j < extraValues.length; j++) {
    end += end % 2;
    extraStarts.push(end);
    end += outLength + 2;
  }
  if (end * 8 > MAX_BYTES) return undefined;
  const pages = Math.max(1, Math.ceil((end * 8) / PAGE));

  const { accesses, outAccess, nodeAccess, loops: merged } = planAccesses(plan);
  // A point without loops runs as one loop of one point (a fold of one point as a row reduction of one row).
  let loops =
    merged.sizes.length > 0
      ? merged
      : reduce !== undefined
        ? { sizes: [1], reduced: [true], strides: accesses.map(() => [0]) }
        : { sizes: [1], reduced: [false], strides: accesses.map((_, k) => [k === outAccess ? 1 : 0]) };
  if (reduce !== undefined) {
    // Kept loops outside, reduced loops inside, each in its order: every output element still folds its points in
    // row-major order of the reduced indices (the reference's), and accumulators stay in locals (a column sum too).
    const order = loops.sizes.map((_, l) => l).sort((p, q) => Number(loops.reduced[p]) - Number(loops.reduced[q]) || p - q);
    const from = loops;
    loops = { sizes: order.map((l) => from.sizes[l]), reduced: order.map((l) => from.reduced[l]), strides: from.strides.map((s) => order.map((l) => s[l])) };
  }
  // A row reduction: the reduced suffix of the loops folds into accumulators, the kept loop outside it (`across`) in lanes.
  const rowFold = reduce !== undefined && loops.reduced[loops.sizes.length - 1];
  let firstReduced = loops.sizes.length;
  while (firstReduced > 0 && loops.reduced[firstReduced - 1]) firstReduced--;
  if (rowFold && firstReduced === 0) {
    // Everything reduced into one element: a kept loop of one row outside.
    loops = { sizes: [1, ...loops.sizes], reduced: [false, ...loops.reduced], strides: loops.strides.map((s) => [0, ...s]) };
    firstReduced = 1;
  }
  const acrossLevel = firstReduced - 1;
  const roundsSum = rowFold && fold?.kind === "sum" && fold.rounding !== undefined;
  const depth = loops.sizes.length;
  const inner = depth - 1;
  if (reduce !== undefined && !rowFold && loops.strides[outAccess][inner] !== 1) return undefined;
  if (reduce === undefined && loops.strides[outAccess][inner] !== 1) return undefined;
  const accessLevel = loops.strides.map((s) => s.reduce((deepest, x, l) => (x !== 0 ? l : deepest), -1));
  const nodeLevel: number[] = [];
  plan.nodes.forEach((n, id) => {
    nodeLevel.push(n.kind === "op" ? n.operands.reduce((d, o) => Math.max(d, nodeLevel[o]), -1) : accessLevel[nodeAccess[id]]);
  });

  const f = new FunctionBody();
  const counters = loops.sizes.slice(0, inner).map(() => f.local(I32));
  const rows = accesses.map(() => f.local(I32));
  const i = f.local(I32);
  const tmp = f.local(I32);
  // One set of value locals per accumulator of a row reduction's group (one set otherwise).
  const valueSets = Array.from({ length: rowFold ? ROW_VECTORS : 1 }, () => plan.nodes.map(() => f.local(V128)));
  let values = valueSets[0];
  const accs = valueSets.map(() => f.local(V128));
  /** In a row reduction's group: the accumulator whose rows the nodes compute (rows 2·vector and 2·vector + 1 of the group). */
  let acrossVector: number | undefined;
  const flushedX = f.local(V128);
  const flushedY = f.local(V128);
  const flushedZ = f.local(V128);
  const scratchM = f.local(V128);
  let fmaStep: ((c: number, x: number, y: number) => void) | undefined;
  let u32Scratch: readonly [number, number] | undefined;
  // f64 fused multiply-adds: the host's fma64 and the slow-lane function where emit_xla_cpu_math.ts lays them out.
  const hostFma64 = lanes.some((l) => typeof l === "object" && l.op === "fma64") || math.importsFma64();
  if (hostFma64) math.requireFma64();
  const fma64 = hostFma64 ? fma64Step(f, math.fma64SlowIndex(), fma64Constants(f)) : undefined;
  const splits = hostFma64 ? { xh: f.local(V128), xl: f.local(V128), yh: f.local(V128), yl: f.local(V128), scratch: f.local(V128) } : undefined;

  /** Byte offset of an access's element within its row, at the counter (left on the stack). */
  const rowAddress = (a: number): void => {
    const s = loops.strides[a][inner];
    // rows[a] holds the row's first element index; address = (row + i*s) * 8.
    f.opU(Op.localGet, rows[a]);
    if (s !== 0) {
      f.opU(Op.localGet, i);
      if (s !== 1) f.i32Const(s).op(Op.i32Mul);
      f.op(Op.i32Add);
    }
    f.i32Const(8).op(Op.i32Mul);
  };
  const arrayOffset = (array: number): number => arrayStarts[array] * 8;

  /**
   * Pushes lane op `lane` of the values in locals x (and y, z), flushed and rounded as its model says;
   * `into` is a local the result may pass through (the operands' locals keep their values).
   */
  const laneValue = (lane: LaneScalar, x: number, y: number | undefined, z: number | undefined, into: number, nodes?: readonly number[]): void => {
    if (lane.flush !== undefined) {
      // Operands through the mode's flush first (into scratch locals: the nodes' own values stay as they are),
      // but for operands whose every value the flush leaves as it is (flushedMagnitudes).
      const min = lane.flush;
      let k = 0;
      const flushed = (v: number | undefined, to: number): number | undefined => {
        const node = nodes?.[k++];
        if (v === undefined) return undefined;
        if (node !== undefined && flushedAt[node] >= min) return v;
        flush(f, v, min);
        f.opU(Op.localSet, to);
        return to;
      };
      x = flushed(x, flushedX) as number;
      y = flushed(y, flushedY);
      z = flushed(z, flushedZ);
    }
    laneOp(f, lane, x, y, z, scratchM);
    if (!lane.flushBeforeRounding) applyRounding(f, lane.rounding, scratchM);
    if (lane.flush !== undefined) {
      f.opU(Op.localSet, into);
      flush(f, into, lane.flush);
    }
    if (lane.flushBeforeRounding) applyRounding(f, lane.rounding, scratchM);
  };
  /**
   * Pushes an f64x2 from the byte address on the stack plus memory offset `base`: lane 0 at `d0` bytes
   * on, lane 1 at `d1` (lane 0's value in both where undefined). Both are elements of the array, so the
   * address plus the lesser stays in memory where either is negative.
   */
  const loadLanes = (base: number, d0: number, d1: number | undefined): void => {
    const low = Math.min(d0, d1 ?? d0);
    if (low < 0) f.i32Const(low).op(Op.i32Add);
    const [e0, e1] = low < 0 ? [d0 - low, d1 === undefined ? undefined : d1 - low] : [d0, d1];
    if (e1 === undefined) {
      f.simdMem(Simd.v128Load64Splat, 3, base + e0);
      return;
    }
    if (e1 === e0 + 8) {
      f.simdMem(Simd.v128Load, 3, base + e0);
      return;
    }
    f.opU(Op.localTee, tmp).simdMem(Simd.v128Load64Splat, 3, base + e0);
    f.opU(Op.localGet, tmp).mem(Op.f64Load, 3, base + e1).simdLane(Simd.f64x2ReplaceLane, 1);
  };
  /** Folds the value in local v into accumulator local acc (reduce_lanes.ts). */
  const foldInto = (acc: number, v: number): void => {
    const how = fold as LaneFold;
    if (how.kind === "sum") {
      f.opU(Op.localGet, acc);
      if (how.flush !== undefined && flushedAt[plan.value] < how.flush) flush(f, v, how.flush);
      else f.opU(Op.localGet, v);
      f.simd(Simd.f64x2Add);
    } else {
      const [x, y] = how.swapped ? [v, acc] : [acc, v];
      laneValue(how.lane, x, y, undefined, acc);
    }
    f.opU(Op.localSet, acc);
  };
  /** Pushes the init splat in both lanes, as the fold starts from it (a flushed sum's init flushed). */
  const pushInit = (): void => {
    const init = values[(reduce as { readonly init: number }).init];
    if (fold?.kind === "sum" && fold.flush !== undefined) flush(f, init, fold.flush);
    else f.opU(Op.localGet, init);
  };

  /** Computes node `id` into its local, for `width` points (or splatted, when it does not vary in the innermost loop). */
  const computeNode = (id: number, width: Width): void => {
    const n = plan.nodes[id];
    switch (n.kind) {
      case "read": {
        const a = nodeAccess[id];
        const s = loops.strides[a][inner];
        const offset = arrayOffset(n.array);
        if (acrossVector !== undefined) {
          // Lanes across the rows of the group: lane 0 at the vector's first row, lane 1 one row (stride sp) on.
          const sp = nodeLevel[id] < acrossLevel ? 0 : loops.strides[a][acrossLevel];
          rowAddress(a);
          loadLanes(offset, 16 * acrossVector * sp, width === 2 && sp !== 0 ? 16 * acrossVector * sp + 8 * sp : undefined);
        } else if (nodeLevel[id] < inner || s === 0 || width === 1) {
          rowAddress(a);
          f.simdMem(Simd.v128Load64Splat, 3, offset);
        } else if (s === 1) {
          rowAddress(a);
          f.simdMem(Simd.v128Load, 3, offset);
        } else {
          rowAddress(a);
          f.opU(Op.localTee, tmp).simdMem(Simd.v128Load64Splat, 3, offset);
          f.opU(Op.localGet, tmp).i32Const(8 * s).op(Op.i32Add).mem(Op.f64Load, 3, offset);
          f.simdLane(Simd.f64x2ReplaceLane, 1);
        }
        break;
      }
      case "iota": {
        const a = nodeAccess[id];
        const s = loops.strides[a][inner];
        f.opU(Op.localGet, rows[a]);
        if (s !== 0) {
          f.opU(Op.localGet, i);
          if (s !== 1) f.i32Const(s).op(Op.i32Mul);
          f.op(Op.i32Add);
        }
        // Lane 1 is the next point of the innermost loop, or (across rows) the next row.
        const across = acrossVector === undefined || nodeLevel[id] < acrossLevel ? undefined : loops.strides[a][acrossLevel];
        if (across !== undefined && acrossVector !== undefined && acrossVector !== 0) f.i32Const(2 * acrossVector * across).op(Op.i32Add);
        const step = acrossVector === undefined ? s : (across ?? 0);
        f.opU(Op.localTee, tmp).simd(Simd.i32x4Splat);
        if (step !== 0 && width === 2) f.opU(Op.localGet, tmp).i32Const(step).op(Op.i32Add).simdLane(Simd.i32x4ReplaceLane, 1);
        f.simd(Simd.f64x2ConvertLowI32x4S);
        applyRounding(f, laneRounding(n.norm) ?? "none", scratchM);
        break;
      }
      case "op": {
        const kind = lanes[id];
        if (typeof kind === "string" && isU32Kind(kind)) {
          // u32 ops are a few instructions: inline, not a call.
          u32Scratch ??= [f.local(V128), f.local(V128)];
          emitU32(f, kind, n.operands.map((o) => values[o]), u32Scratch);
          break;
        }
        if (typeof kind === "string") {
          math.call(f, kind, n.operands.map((o) => values[o]));
          break;
        }
        const lane = kind as LaneScalar;
        if (lane.op === "fma32" || lane.op === "fma64") {
          // value = fma(x', y', z') of the flushed operands: z' into the node's own local, which the step updates.
          const min = lane.flush as number;
          const [x, y, z] = n.operands;
          // An operand the flush leaves as it is (flushedMagnitudes) is read as it is.
          const pushFlushedOperand = (o: number): void => {
            if (flushedAt[o] >= min) f.opU(Op.localGet, values[o]);
            else flush(f, values[o], min);
          };
          pushFlushedOperand(x);
          f.opU(Op.localSet, flushedX);
          pushFlushedOperand(y);
          f.opU(Op.localSet, flushedY);
          pushFlushedOperand(z);
          f.opU(Op.localSet, values[id]);
          if (lane.op === "fma32") {
            fmaStep ??= fastFma32Step(f);
            fmaStep(values[id], flushedX, flushedY);
          } else if (fma64 !== undefined && splits !== undefined) {
            const { xh, xl, yh, yl, scratch } = splits;
            for (const [v, hi, lo] of [[flushedX, xh, xl], [flushedY, yh, yl]] as const) {
              pushSplit(f, v, "hi", scratch);
              f.opU(Op.localSet, hi);
              pushSplit(f, v, "lo", scratch);
              f.opU(Op.localSet, lo);
            }
            const operands: Fma64Operands = { x: flushedX, xh, xl, y: flushedY, yh, yl };
            fma64(values[id], operands, flushedX);
          }
          f.opU(Op.localGet, values[id]);
          break;
        }
        const [x, y, z]: (number | undefined)[] = n.operands.map((o) => values[o]);
        laneValue(lane, x as number, y, z, values[id], n.operands);
        break;
      }
      default:
        return n satisfies never;
    }
    f.opU(Op.localSet, values[id]);
  };
  /**
   * A row reduction: the kept loops, the last of them (acrossLevel) in groups of 2·ROW_VECTORS rows, then
   * pairs, then a last row; each group folds the reduced loops into its accumulators and stores them.
   */
  const emitRowFold = (): void => {
    const value = plan.value;
    const outStride = loops.strides[outAccess][acrossLevel];
    const rowCounter = counters[acrossLevel];
    const rowsAcross = loops.sizes[acrossLevel];
    /** Folds rows counter .. counter + 2·vectors - 1 (counter .. counter where width 1) into out. */
    const group = (vectors: number, width: Width): void => {
      for (let b = 0; b < vectors; b++) {
        values = valueSets[b];
        pushInit();
        f.opU(Op.localSet, accs[b]);
      }
      for (let l = firstReduced; l < inner; l++) {
        f.i32Const(0).opU(Op.localSet, counters[l]);
        f.structured(Op.loop);
      }
      setRows();
      for (let b = 0; b < vectors; b++) {
        values = valueSets[b];
        acrossVector = b;
        for (let l = 0; l < inner; l++) computeLevel(l, width);
      }
      f.i32Const(0).opU(Op.localSet, i);
      f.structured(Op.loop);
      for (let b = 0; b < vectors; b++) {
        values = valueSets[b];
        acrossVector = b;
        computeLevel(inner, width);
        foldInto(accs[b], values[value]);
      }
      f.opU(Op.localGet, i).i32Const(1).op(Op.i32Add).opU(Op.localTee, i).i32Const(loops.sizes[inner]).op(Op.i32LtS).opU(Op.brIf, 0);
      f.op(Op.end);
      for (let l = inner - 1; l >= firstReduced; l--) {
        f.opU(Op.localGet, counters[l]).i32Const(1).op(Op.i32Add).opU(Op.localTee, counters[l]);
        f.i32Const(loops.sizes[l]).op(Op.i32LtS).opU(Op.brIf, 0).op(Op.end);
      }
      // Lane j of accumulator b is row 2b + j of the group; a sum rounded to its type, then flushed, where it is done here.
      for (let b = 0; b < vectors; b++) {
        if (roundsSum && fold?.kind === "sum") {
          f.opU(Op.localGet, accs[b]);
          applyRounding(f, fold.rounding ?? "none", scratchM);
          f.opU(Op.localSet, accs[b]);
          if (fold.flush !== undefined) flush(f, accs[b], fold.flush), f.opU(Op.localSet, accs[b]);
        }
        for (let lane = 0; lane < width; lane++) {
          f.opU(Op.localGet, rows[outAccess]).i32Const(8).op(Op.i32Mul).opU(Op.localGet, accs[b]);
          f.simdMemLane(Simd.v128Store64Lane, 3, (outStart + (2 * b + lane) * outStride) * 8, lane);
        }
      }
      acrossVector = undefined;
      values = valueSets[0];
    };
    /** Groups of `vectors` accumulators while 2·vectors rows are left. */
    const groups = (vectors: number): void => {
      const rows = 2 * vectors;
      f.structured(Op.block).structured(Op.loop);
      f.i32Const(rowsAcross - rows).opU(Op.localGet, rowCounter).op(Op.i32LtS).opU(Op.brIf, 1);
      group(vectors, 2);
      f.opU(Op.localGet, rowCounter).i32Const(rows).op(Op.i32Add).opU(Op.localSet, rowCounter).opU(Op.br, 0);
      f.op(Op.end).op(Op.end);
    };
    for (let l = 0; l < acrossLevel; l++) {
      f.i32Const(0).opU(Op.localSet, counters[l]);
      f.structured(Op.loop);
    }
    f.i32Const(0).opU(Op.localSet, rowCounter);
    if (rowsAcross >= 2 * ROW_VECTORS) groups(ROW_VECTORS);
    if (rowsAcross % (2 * ROW_VECTORS) >= 2) groups(1);
    if (rowsAcross % 2 === 1) group(1, 1);
    for (let l = acrossLevel - 1; l >= 0; l--) {
      f.opU(Op.localGet, counters[l]).i32Const(1).op(Op.i32Add).opU(Op.localTee, counters[l]);
      f.i32Const(loops.sizes[l]).op(Op.i32LtS).opU(Op.brIf, 0).op(Op.end);
    }
  };
  const computeLevel = (level: number, width: Width): void => {
    plan.nodes.forEach((_, id) => {
      if (nodeLevel[id] === level) computeNode(id, width);
    });
  };
  /** Writes (or, for a fold, folds in) the value at the counter, for `width` points. */
  const emitStore = (width: Width): void => {
    const value = values[plan.value];
    rowAddress(outAccess);
    if (reduce !== undefined) {
      f.opU(Op.localTee, tmp);
      f.opU(Op.localGet, tmp).simdMem(width === 2 ? Simd.v128Load : Simd.v128Load64Splat, 3, outStart * 8).opU(Op.localSet, accs[0]);
      foldInto(accs[0], value);
      f.opU(Op.localGet, accs[0]);
    } else {
      f.opU(Op.localGet, value);
    }
    if (width === 2) f.simdMem(Simd.v128Store, 3, outStart * 8);
    else f.simdMemLane(Simd.v128Store64Lane, 3, outStart * 8, 0);
    extraValues.forEach((e, j) => {
      rowAddress(outAccess);
      f.opU(Op.localGet, values[e]);
      if (width === 2) f.simdMem(Simd.v128Store, 3, extraStarts[j] * 8);
      else f.simdMemLane(Simd.v128Store64Lane, 3, extraStarts[j] * 8, 0);
    });
  };

  /** Each access's first element in the innermost loop, from the counters of the loops outside it. */
  const setRows = (): void => {
    accesses.forEach((a, k) => {
      f.i32Const(a.base);
      for (let l = 0; l < inner; l++) {
        const s = loops.strides[k][l];
        if (s === 0) continue;
        f.opU(Op.localGet, counters[l]).i32Const(s).op(Op.i32Mul).op(Op.i32Add);
      }
      f.opU(Op.localSet, rows[k]);
    });
  };

  // Values that never vary (in every set of locals).
  f.i32Const(0).opU(Op.localSet, i);
  accesses.forEach((a, k) => f.i32Const(a.base).opU(Op.localSet, rows[k]));
  for (const set of valueSets) {
    values = set;
    computeLevel(-1, 2);
  }
  values = valueSets[0];
  if (rowFold) {
    emitRowFold();
    const bytes = math.encode(f, pages);
    const host = math.host();
    return { bytes, layout: { arrays: arrayStarts, out: outStart, outLength, pages }, hostFma64, roundsSum, ...(host === undefined ? {} : { host }) };
  }
  if (reduce !== undefined) {
    // out = init, every element (a scalar loop: it runs once per call).
    f.i32Const(0).opU(Op.localSet, tmp);
    f.structured(Op.loop);
    f.opU(Op.localGet, tmp);
    pushInit();
    f.simdLane(Simd.f64x2ExtractLane, 0).mem(Op.f64Store, 3, outStart * 8);
    f.opU(Op.localGet, tmp).i32Const(8).op(Op.i32Add).opU(Op.localTee, tmp).i32Const(outLength * 8).op(Op.i32LtS).opU(Op.brIf, 0);
    f.op(Op.end);
  }
  for (let l = 0; l < inner; l++) {
    f.i32Const(0).opU(Op.localSet, counters[l]);
    f.structured(Op.loop);
  }
  // The row: each access's first element, then the values that vary per row only.
  setRows();
  for (let l = 0; l < inner; l++) computeLevel(l, 2);
  // The innermost loop, two points per step, then the last point.
  const size = loops.sizes[inner];
  f.i32Const(0).opU(Op.localSet, i);
  f.structured(Op.block).structured(Op.loop);
  f.opU(Op.localGet, i).i32Const(size - 1).op(Op.i32GeS).opU(Op.brIf, 1);
  computeLevel(inner, 2);
  emitStore(2);
  f.opU(Op.localGet, i).i32Const(2).op(Op.i32Add).opU(Op.localSet, i).opU(Op.br, 0);
  f.op(Op.end).op(Op.end);
  f.opU(Op.localGet, i).i32Const(size).op(Op.i32LtS).structured(Op.if);
  computeLevel(inner, 1);
  emitStore(1);
  f.op(Op.end);
  for (let l = inner - 1; l >= 0; l--) {
    f.opU(Op.localGet, counters[l]).i32Const(1).op(Op.i32Add).opU(Op.localTee, counters[l]);
    f.i32Const(loops.sizes[l]).op(Op.i32LtS).opU(Op.brIf, 0).op(Op.end);
  }

  const bytes = math.encode(f, pages);
  const host = math.host();
  const layout = { arrays: arrayStarts, out: outStart, outLength, pages, ...(extraStarts.length === 0 ? {} : { extras: extraStarts }) };
  return { bytes, layout, hostFma64, ...(host === undefined ? {} : { host }) };
}

/**
 * Per node, a magnitude m such that the lanes' flush at any min <= m leaves
 * every value of the node as it is (no nonzero value below m): an op whose
 * lane flushes its result last flushes at that lane's min; a constant array
 * has the least magnitude of its nonzero values (infinite when none); an iota
 * holds integers (1); negate, abs and an unrounded identity keep their
 * operand's, maximum and minimum the lesser of their operands'; 0 for anything else (an input
 * may hold any value). An operand whose magnitude is at least a lane's
 * flush min needs no flush before that lane: the flush would change nothing.
 */
export function flushedMagnitudes(plan: KernelPlan, lanes: readonly (LaneScalar | MathKind | undefined)[]): number[] {
  const out: number[] = [];
  plan.nodes.forEach((n, id) => {
    switch (n.kind) {
      case "read": {
        const c = n.array >= plan.inputCount ? plan.constants[n.array - plan.inputCount] : undefined;
        let least = c === undefined ? 0 : Infinity;
        if (c !== undefined) for (const v of c) if (v !== 0 && Math.abs(v) < least) least = Math.abs(v);
        out.push(least);
        return;
      }
      case "iota":
        out.push(1);
        return;
      case "op": {
        const lane = lanes[id];
        if (typeof lane !== "object" || lane.op === "fma32" || lane.op === "fma64") {
          out.push(0);
          return;
        }
        const own = lane.flush !== undefined && !lane.flushBeforeRounding ? lane.flush : 0;
        // Negate, abs, maximum and minimum give values of their operands (of their own type: a rounding keeps them);
        // identity passes its operand's on only unrounded (a convert to a narrower type may take a value below it).
        const kept =
          lane.op === "negate" || lane.op === "abs" || (lane.op === "identity" && lane.rounding === "none") ? out[n.operands[0]!]!
          : lane.op === "maximum" || lane.op === "minimum" ? Math.min(out[n.operands[0]!]!, out[n.operands[1]!]!)
          : 0;
        out.push(Math.max(own, kept));
        return;
      }
      default:
        return n satisfies never;
    }
  });
  return out;
}

/** The arrays (inputs, then constants) some node of the plan reads. */
export function readArrays(plan: KernelPlan): ReadonlySet<number> {
  const read = new Set<number>();
  for (const n of plan.nodes) if (n.kind === "read") read.add(n.array);
  return read;
}

/** The value in local v with magnitudes below min made zero of their sign, left on the stack (±0 and NaN pass: NaN compares false). */
function flush(f: FunctionBody, v: number, min: number): void {
  f.opU(Op.localGet, v).f64Const(-0).simd(Simd.f64x2Splat).simd(Simd.v128And);
  f.opU(Op.localGet, v);
  f.opU(Op.localGet, v).simd(Simd.f64x2Abs).f64Const(min).simd(Simd.f64x2Splat).simd(Simd.f64x2Lt);
  f.simd(Simd.v128Bitselect);
}

/** One lane op on the values in locals x (and y, z), left on the stack; `m` is a scratch local. */
function laneOp(f: FunctionBody, lane: LaneScalar, x: number, y: number | undefined, z: number | undefined, m: number): void {
  const get = (k: number | undefined): void => {
    f.opU(Op.localGet, k as number);
  };
  switch (lane.op) {
    case "add":
      get(x), get(y), f.simd(Simd.f64x2Add);
      return;
    case "subtract":
      get(x), get(y), f.simd(Simd.f64x2Sub);
      return;
    case "multiply":
      get(x), get(y), f.simd(Simd.f64x2Mul);
      return;
    case "divide":
      get(x), get(y), f.simd(Simd.f64x2Div);
      return;
    case "maximum":
    case "minimum": {
      // The table's: x if x is NaN, else y if y is NaN, else y where y is above (max) or below (min) x, else x.
      get(y), get(x);
      if (lane.op === "maximum") get(x), get(y);
      else get(y), get(x);
      f.simd(Simd.f64x2Lt);
      get(y), get(y), f.simd(Simd.f64x2Ne);
      get(x), get(x), f.simd(Simd.f64x2Eq);
      f.simd(Simd.v128And).simd(Simd.v128Or).simd(Simd.v128Bitselect);
      return;
    }
    case "maximumOrderedZeros":
    case "minimumOrderedZeros":
      orderedZeros(f, lane.op === "maximumOrderedZeros", x, y as number);
      nanFirst(f, [x, y as number]);
      return;
    case "negate":
      get(x), f.simd(Simd.f64x2Neg);
      return;
    case "abs":
      get(x), f.simd(Simd.f64x2Abs);
      return;
    case "sqrt":
      get(x), f.simd(Simd.f64x2Sqrt);
      return;
    case "identity":
      get(x);
      return;
    case "clamp":
      // Locals x, y, z hold lo, x, hi: m = x < lo ? lo : x; m < hi ? m : hi; then NaN of lo, x, hi first.
      get(x), get(y), get(y), get(x), f.simd(Simd.f64x2Lt).simd(Simd.v128Bitselect).opU(Op.localTee, m);
      get(z), get(m), get(z), f.simd(Simd.f64x2Lt).simd(Simd.v128Bitselect);
      nanFirst(f, [x, y as number, z as number]);
      return;
    case "clampOrderedZeros":
      // As clamp, with -0 below +0: the ordered maximum of x and lo, then the ordered minimum with hi.
      orderedZeros(f, true, y as number, x);
      f.opU(Op.localSet, m);
      orderedZeros(f, false, m, z as number);
      nanFirst(f, [x, y as number, z as number]);
      return;
    case "fma32":
    case "fma64":
      throw new Error("fused multiply-add lanes are emitted by computeNode");
    default:
      return lane.op satisfies never;
  }
}

/**
 * Pushes the ordered maximum (or minimum) of the non-NaN lanes of locals x and y: y where it is above
 * (below) x, x where the reverse, and for equal values x & y (max: +0 over -0) or x | y (min: -0 under +0),
 * which are the same bits otherwise.
 */
function orderedZeros(f: FunctionBody, max: boolean, x: number, y: number): void {
  const get = (k: number): void => void f.opU(Op.localGet, k);
  get(x), get(y);
  get(x), get(y), f.simd(max ? Simd.v128And : Simd.v128Or);
  max ? (get(x), get(y)) : (get(y), get(x));
  f.simd(Simd.f64x2Lt).simd(Simd.v128Bitselect);
  max ? (get(y), get(x)) : (get(x), get(y));
  f.simd(Simd.f64x2Lt).simd(Simd.v128Bitselect);
}

/** Over the value on the stack: each operand's lanes that are NaN, the first operand's winning (applied last). */
function nanFirst(f: FunctionBody, operands: readonly number[]): void {
  for (let k = operands.length - 1; k >= 0; k--) {
    const v = operands[k]!;
    // bitselect(value, v, v == v): the value where v is a number, v where it is NaN.
    f.opU(Op.localGet, v).opU(Op.localGet, v).opU(Op.localGet, v).simd(Simd.f64x2Eq).simd(Simd.v128Bitselect);
  }
}

/** Rounds the f64x2 value on the stack to the result type (f32: a demote and a promote back, as Math.fround). */
function applyRounding(f: FunctionBody, rounding: LaneRounding, scratch: number): void {
  switch (rounding) {
    case "none":
      return;
    case "f32":
      f.simd(Simd.f32x4DemoteF64x2Zero).simd(Simd.f64x2PromoteLowF32x4);
      return;
    case "bf16":
      roundToBF16Lanes(f, scratch);
      return;
    case "f16":
      roundToF16Lanes(f, scratch, f.local(V128));
      return;
    default:
      return rounding satisfies never;
  }
}

/**
 * Rounds the f64x2 value on the stack as roundToF16 does: to f32 (a demote), then to the nearest f16,
 * ties to even, in f32 lanes. From 2^-14 up, on the bits (adding 0xfff and the lowest kept bit, then
 * dropping 13 bits; 65520 and above reach 2^16, which becomes infinity); below it, where f16 values
 * are multiples of 2^-24, |x|·2^24 (exact, below 2^10) rounded to an integer by adding and taking
 * 2^23 away, then scaled back, with x's sign; inf and NaN unchanged; then back to f64. `t` and `n`
 * are scratch locals.
 */
function roundToF16Lanes(f: FunctionBody, t: number, n: number): void {
  const i32 = (v: number): void => void f.i32Const(v).simd(Simd.i32x4Splat);
  // f32 constants as their bits: 2^16, 2^24, 2^23 and 2^-24.
  const f32 = (bits: number): void => i32(bits);
  const get = (l: number): void => void f.opU(Op.localGet, l);
  f.simd(Simd.f32x4DemoteF64x2Zero).opU(Op.localSet, t);
  // n: the rounding on the bits, then infinity of its sign from 2^16 up.
  get(t), i32(0xfff), f.simd(Simd.i32x4Add);
  get(t), f.i32Const(13).simd(Simd.i32x4ShrU), i32(1), f.simd(Simd.v128And).simd(Simd.i32x4Add);
  i32(0xffffe000 | 0), f.simd(Simd.v128And).opU(Op.localSet, n);
  get(n), i32(0x80000000 | 0), f.simd(Simd.v128And), i32(0x7f800000), f.simd(Simd.v128Or);
  get(n);
  get(n), f.simd(Simd.f32x4Abs), f32(0x47800000), f.simd(Simd.f32x4Ge);
  f.simd(Simd.v128Bitselect).opU(Op.localSet, n);
  // The subnormal range's rounding, then the choice: below 2^-14 (bits under 113 << 23 once the sign is dropped).
  get(t), f.simd(Simd.f32x4Abs), f32(0x4b800000), f.simd(Simd.f32x4Mul), f32(0x4b000000), f.simd(Simd.f32x4Add);
  f32(0x4b000000), f.simd(Simd.f32x4Sub), f32(0x33800000), f.simd(Simd.f32x4Mul);
  get(t), i32(0x80000000 | 0), f.simd(Simd.v128And), f.simd(Simd.v128Or);
  get(n);
  get(t), f.simd(Simd.f32x4Abs), i32(113 << 23), f.simd(Simd.i32x4LtS);
  f.simd(Simd.v128Bitselect).opU(Op.localSet, n);
  // inf and NaN as they are.
  get(t), get(n);
  get(t), i32(0x7f800000), f.simd(Simd.v128And), i32(0x7f800000), f.simd(Simd.i32x4Eq);
  f.simd(Simd.v128Bitselect).simd(Simd.f64x2PromoteLowF32x4);
}

/**
 * Rounds the f64x2 value on the stack as roundToBF16 does: to f32 (a demote), then its bits to the nearest
 * bf16, ties to even (adding 0x7fff and the lowest kept bit, the carry moving into the exponent up to
 * infinity), inf and NaN unchanged; then back to f64. `t` is a scratch local.
 */
function roundToBF16Lanes(f: FunctionBody, t: number): void {
  const i32 = (v: number): void => void f.i32Const(v).simd(Simd.i32x4Splat);
  // bitselect(f32 bits, rounded bits, is inf or NaN)
  f.simd(Simd.f32x4DemoteF64x2Zero).opU(Op.localTee, t);
  f.opU(Op.localGet, t), i32(0x7fff), f.simd(Simd.i32x4Add);
  f.opU(Op.localGet, t).i32Const(16).simd(Simd.i32x4ShrU), i32(1), f.simd(Simd.v128And).simd(Simd.i32x4Add);
  i32(0xffff0000 | 0), f.simd(Simd.v128And);
  f.opU(Op.localGet, t), i32(0x7f800000), f.simd(Simd.v128And), i32(0x7f800000), f.simd(Simd.i32x4Eq);
  f.simd(Simd.v128Bitselect).simd(Simd.f64x2PromoteLowF32x4);
}
