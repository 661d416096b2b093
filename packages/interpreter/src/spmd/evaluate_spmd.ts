/**
 * The multi-device evaluator: one module run on a grid of replicas x
 * partitions in lockstep (SPMD). Each computation is one flat loop over its
 * instructions, as in evaluate.ts, but every value is a vector with one
 * entry per device: collectives (spmd/collective_kernels.ts) combine the
 * devices' operands; every other instruction runs the reference kernel once
 * per device, with a context of that device's own (so the infeed position,
 * the send/recv loopback and the RNG state are per device).
 *
 * Computations that hold a collective or a device id (directly or through
 * their callees) run in lockstep too, under call, fusion, async-start, while
 * and conditional. A while runs its condition on the devices still looping,
 * and its body on those whose condition holds; a conditional runs each
 * branch on the devices that chose it. Devices may therefore part ways, and
 * a collective whose group straddles two paths is an EvalError rather than
 * a hang. Called computations recurse as deep as calls nest, never as deep
 * as the graph.
 */
import {
  EvalError,
  HloError,
  type HloComputation,
  type HloInstruction,
  type HloModule,
  type Literal,
  OPCODES,
  entryComputation,
  getComputation,
  isTupleLiteral,
  isTupleShape,
  shapeToString,
  tupleLiteral,
  zeroLiteral,
} from "@minixla/hlo";
import { checkArguments, prepareModule, scheduleOf } from "../evaluate.ts";
import { computationContext } from "../evaluate.ts";
import type { EvalContext, EvalOptions, Kernel } from "../kernel.ts";
import { KERNELS } from "../kernels/kernel_table.ts";
import { propagateDynamicSizes } from "../dynamic_sizes.ts";
import { checkBudget, resolveMaxBytes } from "../memory_budget.ts";
import { type DeviceOperands, SPMD_COLLECTIVE_KERNELS, type SpmdEnv, type SpmdKernel } from "./collective_kernels.ts";
import type { DeviceGrid } from "./device_grid.ts";
import { headerDeviceCounts } from "./device_counts.ts";

/** Options of `evaluateSpmd`: those of `evaluate`, the grid, and a host per device. */
export interface SpmdOptions extends EvalOptions {
  /** Replicas (default: the module header's replica_count, else 1). */
  readonly replicaCount?: number;
  /** Partitions (default: the module header's num_partitions, else 1). */
  readonly numPartitions?: number;
  /**
   * The host end of each device's infeed, outfeed and host transfers; without
   * it every device uses `host` (each device reads the infeed list from its start).
   */
  readonly deviceHost?: (replica: number, partition: number) => EvalOptions["host"];
}

/** Per-device values of one instruction (undefined on devices that do not run it). */
type DeviceValues = (Literal | undefined)[];

/** Opcodes that run a device-dependent callee in lockstep. */
const LOCKSTEP_CALLERS: ReadonlySet<string> = new Set(["call", "fusion", "async-start", "while", "conditional"]);

/** Names of the computations that hold a collective or a device id, directly or through a callee. */
function deviceDependent(m: HloModule): ReadonlySet<string> {
  const out = new Set<string>();
  // Computations are listed callees-first, so one pass sees every callee before its callers.
  for (const c of m.computations) {
    if (c.instructions.some((i) => OPCODES[i.opcode].family === "collective" || i.called.some((n) => out.has(n)))) out.add(c.name);
  }
  // A module listing a caller before its callee: settle the rest by iterating to a fixed point.
  for (let changed = true; changed; ) {
    changed = false;
    for (const c of m.computations) {
      if (!out.has(c.name) && c.instructions.some((i) => i.called.some((n) => out.has(n)))) {
        out.add(c.name);
        changed = true;
      }
    }
  }
  return out;
}

function scalarOf(inst: HloInstruction, l: Literal | undefined, what: string): number {
  if (l === undefined || isTupleLiteral(l) || l.data.length < 1) {
    throw new EvalError(`${inst.name} (${inst.opcode}): ${what} must be a scalar, got ${l === undefined ? "nothing" : shapeToString(l.shape)}`);
  }
  return Number(l.data[0]);
}

class SpmdRun {
  readonly grid: DeviceGrid;
  readonly dependent: ReadonlySet<string>;
  readonly deviceOptions: readonly EvalOptions[];
  readonly maxBytes: number;

  constructor(
    readonly m: HloModule,
    grid: DeviceGrid,
    readonly options: SpmdOptions,
  ) {
    this.grid = grid;
    this.dependent = deviceDependent(m);
    this.maxBytes = resolveMaxBytes(options.maxBytes);
    const opts: EvalOptions[] = [];
    for (let d = 0; d < grid.replicas * grid.partitions; d++) {
      const host = options.deviceHost?.(Math.floor(d / grid.partitions), d % grid.partitions) ?? options.host;
      // A distinct object per device: kernels key per-run state (infeed position, loopback, RNG state) by it.
      opts.push({ ...options, maxBytes: this.maxBytes, ...(host !== undefined ? { host } : {}) });
    }
    this.deviceOptions = opts;
  }

  /** Device d's context inside computation c run on `args`. */
  private context(c: HloComputation, args: readonly Literal[], d: number): EvalContext {
    return computationContext(this.m, c, args, this.deviceOptions[d]);
  }

  /** Runs computation c on the active devices' arguments; one result per device. */
  run(c: HloComputation, args: readonly (readonly Literal[] | undefined)[], active: readonly number[]): DeviceValues {
    const { operandIndex, lastUse, rootIndex, resultBytes } = scheduleOf(c);
    const values: (DeviceValues | undefined)[] = new Array(c.instructions.length);
    const contexts = new Map<number, EvalContext>();
    const ctxOf = (d: number): EvalContext => {
      let ctx = contexts.get(d);
      if (ctx === undefined) {
        ctx = this.context(c, args[d] ?? [], d);
        contexts.set(d, ctx);
      }
      return ctx;
    };
    const env: SpmdEnv = { grid: this.grid, active, ctx: ctxOf };
    let live = 0;
    for (let i = 0; i < c.instructions.length; i++) {
      const inst = c.instructions[i];
      const bytes = resultBytes[i] * active.length;
      if (live + bytes > this.maxBytes) checkBudget(inst, live, this.maxBytes);
      live += bytes;
      const operands: (readonly Literal[] | undefined)[] = [];
      for (const d of active) operands[d] = operandIndex[i].map((p) => (values[p] as DeviceValues)[d] as Literal);
      try {
        values[i] = this.step(inst, operands, env, ctxOf);
      } catch (e) {
        if (e instanceof HloError) throw e;
        // The original exception stays as the cause, so a kernel bug is told from a refusal.
      throw Object.assign(new EvalError(`${inst.name} (${inst.opcode}): ${e instanceof Error ? e.message : String(e)}`), { cause: e });
      }
      for (const dead of lastUse[i]) {
        values[dead] = undefined;
        live -= resultBytes[dead] * active.length;
      }
    }
    this.options.onProgress?.({ kind: "instructions", count: c.instructions.length * active.length });
    return values[rootIndex] as DeviceValues;
  }

  private step(inst: HloInstruction, operands: DeviceOperands, env: SpmdEnv, ctxOf: (d: number) => EvalContext): DeviceValues {
    if (OPCODES[inst.opcode].family === "collective") {
      const kernel = SPMD_COLLECTIVE_KERNELS[inst.opcode as keyof typeof SPMD_COLLECTIVE_KERNELS] as SpmdKernel<typeof inst.opcode>;
      return kernel(inst as never, operands, env);
    }
    if (inst.called.some((n) => this.dependent.has(n)) && LOCKSTEP_CALLERS.has(inst.opcode)) return this.lockstep(inst, operands, env.active);
    if (inst.called.some((n) => this.dependent.has(n)) && inst.opcode !== "async-update" && inst.opcode !== "async-done") {
      const callee = inst.called.find((n) => this.dependent.has(n));
      throw new EvalError(
        `${inst.name} (${inst.opcode}): its computation ${callee} holds a collective or a device id; evaluateSpmd runs those only under call, fusion, async-start, while and conditional`,
      );
    }
    const kernel = KERNELS[inst.opcode] as Kernel<typeof inst.opcode>;
    const out: DeviceValues = [];
    for (const d of env.active) {
      const ops = operands[d] as readonly Literal[];
      const v = kernel(inst as never, ops, ctxOf(d));
      propagateDynamicSizes(inst, ops, v);
      out[d] = v;
    }
    return out;
  }

  /** call, fusion, async-start, while and conditional over a device-dependent callee. */
  private lockstep(inst: HloInstruction, operands: DeviceOperands, active: readonly number[]): DeviceValues {
    const comp = (name: string) => getComputation(this.m, name);
    switch (inst.opcode) {
      case "call":
      case "fusion":
        return this.run(comp(inst.called[0]), operands, active);
      case "async-start": {
        const s = inst.shape;
        if (!isTupleShape(s)) throw new EvalError(`${inst.name} (async-start): result shape ${shapeToString(s)} must be a tuple`);
        const results = this.run(comp(inst.called[0]), operands, active);
        const out: DeviceValues = [];
        for (const d of active) out[d] = tupleLiteral([tupleLiteral(operands[d] as Literal[]), results[d] as Literal, ...s.tupleShapes.slice(2).map(zeroLiteral)]);
        return out;
      }
      case "while":
        return this.whileLoop(inst, operands, active);
      case "conditional":
        return this.conditional(inst, operands, active);
      default:
        throw new EvalError(`${inst.name} (${inst.opcode}): cannot run its computations in lockstep`);
    }
  }

  private whileLoop(inst: HloInstruction, operands: DeviceOperands, active: readonly number[]): DeviceValues {
    const [condition, body] = inst.called.map((n) => getComputation(this.m, n));
    const limit = this.options.maxWhileIterations;
    const state: DeviceValues = [];
    for (const d of active) state[d] = (operands[d] as readonly Literal[])[0];
    let running = [...active];
    let iterations = 0;
    while (running.length > 0) {
      if (limit !== undefined && limit >= 0 && iterations > limit) throw new EvalError(`Loop ${inst.name} exceeded loop iteration limit (${limit}).`);
      const args = state.map((v) => (v === undefined ? undefined : [v]));
      const preds = this.run(condition, args, running);
      running = running.filter((d) => scalarOf(inst, preds[d], "the loop condition") !== 0);
      if (running.length === 0) break;
      const next = this.run(body, args, running);
      for (const d of running) state[d] = next[d];
      iterations++;
      this.options.onProgress?.({ kind: "while-iteration", loop: inst.name, iteration: iterations });
    }
    return state;
  }

  private conditional(inst: HloInstruction, operands: DeviceOperands, active: readonly number[]): DeviceValues {
    const branches = inst.called;
    const chosen = new Map<number, number[]>();
    for (const d of active) {
      const index = (operands[d] as readonly Literal[])[0];
      const v = scalarOf(inst, index, "the branch index");
      const b = !isTupleLiteral(index) && index.shape.elementType === "pred" ? (v !== 0 ? 0 : 1) : v >= 0 && v < branches.length ? v : branches.length - 1;
      const list = chosen.get(b);
      if (list === undefined) chosen.set(b, [d]);
      else list.push(d);
    }
    const out: DeviceValues = [];
    for (const [b, devices] of [...chosen].sort((x, y) => x[0] - y[0])) {
      const args: (readonly Literal[] | undefined)[] = [];
      for (const d of devices) {
        const arg = (operands[d] as readonly Literal[])[b + 1];
        if (arg === undefined) throw new EvalError(`${inst.name} (conditional): branch ${b} has no operand`);
        args[d] = [arg];
      }
      const results = this.run(getComputation(this.m, branches[b]), args, devices);
      for (const d of devices) out[d] = results[d];
    }
    return out;
  }
}

/**
 * Evaluates a module on several devices at once, SPMD: every device runs the
 * entry computation on its own arguments, in lockstep, and the collectives
 * (all-reduce, all-gather, reduce-scatter, all-to-all, collective-permute,
 * collective-broadcast, their -start/-done forms) combine devices as XLA's
 * replica groups and group modes say. Devices are numbered replica-major:
 * `argsPerDevice[r * partitions + p]` are the arguments of replica r,
 * partition p, and the result has one literal per device in that order;
 * replica-id and partition-id give r and p.
 *
 * The grid is `options.replicaCount` x `options.numPartitions`, else the
 * module header's replica_count / num_partitions, else 1; the number of
 * argument lists must match it. Runs the reference kernels only (not the
 * compiled engine). The module is checked as `evaluate` checks it, each
 * device's arguments as `evaluate` checks them; EvalError for a collective
 * whose groups do not fit the grid or whose group members took different
 * paths through control flow. `maxBytes` bounds the bytes live on all
 * devices together. A device-to-device send/recv stays on its
 * device (evaluate's loopback); host transfers use `deviceHost` or `host`.
 * With one device, the results equal `evaluate`'s.
 */
export function evaluateSpmd(module: HloModule, argsPerDevice: readonly (readonly Literal[])[], options: SpmdOptions = {}): Literal[] {
  const m = prepareModule(module, options, "evaluateSpmd");
  const header = headerDeviceCounts(m);
  const replicas = options.replicaCount ?? header.replicaCount ?? 1;
  const partitions = options.numPartitions ?? header.numPartitions ?? 1;
  for (const [what, n] of [["replicaCount", replicas], ["numPartitions", partitions]] as const) {
    if (!Number.isInteger(n) || n < 1) throw new EvalError(`evaluateSpmd: ${what} must be a positive integer, got ${n}`);
  }
  const count = replicas * partitions;
  if (!Array.isArray(argsPerDevice) || argsPerDevice.length !== count) {
    throw new EvalError(
      `evaluateSpmd: module ${m.name} runs on ${replicas} replica(s) x ${partitions} partition(s) = ${count} device(s), but ${Array.isArray(argsPerDevice) ? argsPerDevice.length : 0} argument lists were given (the grid comes from options.replicaCount / numPartitions, else the module header, else 1)`,
    );
  }
  argsPerDevice.forEach((args, d) => {
    try {
      checkArguments(m, args);
    } catch (e) {
      if (e instanceof EvalError) throw new EvalError(`device ${d} (replica ${Math.floor(d / partitions)}, partition ${d % partitions}): ${e.message}`);
      throw e;
    }
  });
  const run = new SpmdRun(m, { replicas, partitions }, options);
  const results = run.run(entryComputation(m), argsPerDevice, [...Array(count).keys()]);
  return results.map((r) => r as Literal);
}
