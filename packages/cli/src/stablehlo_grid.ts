/**
 * Runs the process grid of StableHLO's `interpreter.run_parallel` as its
 * interpreter runs it: process (r, p) runs programs[r][p] on its share of
 * the inputs; replica_id / partition_id give r and p; collectives combine
 * the processes of their groups; send and recv meet on their channel (a
 * send's values are taken by the recvs of that channel, first in, first
 * out, whichever process runs them); outfeed values are collected; infeed
 * takes the next value of the `infeed` queue.
 *
 * When every process runs the same function the grid is one SPMD run
 * (evaluateSpmd, devices in lockstep), so collectives work. When processes
 * run different functions, each runs on its own (evaluate) and a process
 * whose recv finds its channel empty is set aside and rerun from its start
 * once another has sent; the rerun replays what the process already
 * received and skips what it already sent, so a rerun changes nothing but
 * how far it gets (evaluation is deterministic). Such grids may not use
 * collectives or device ids (no lockstep across different functions): they
 * are refused by name. Several processes taking from one infeed queue are
 * refused too, since StableHLO's interpreter leaves their order to its
 * threads. The channels carry host transfers (`is_host_transfer = true`,
 * as StableHLO's tests write them); a device-to-device send stays on its
 * own process (evaluate's loopback), so its recv must run there too.
 */
import { EvalError, type HloModule, type Literal, OPCODES, type ParallelProgram, type ParallelRun, isTupleLiteral, lowerBroadcasts, verifyModule } from "@minixla/hlo";
import { type EvalOptions, evaluate, evaluateSpmd } from "@minixla/interpreter";

type Host = NonNullable<EvalOptions["host"]>;

/** Thrown by a recv that finds its channel empty: its process waits for a send. */
class Blocked extends Error {
  constructor(readonly channel: number) {
    super(`recv on channel ${channel} waits for a send`);
  }
}

/** The Blocked error in `e` or its causes (the evaluator wraps kernel exceptions). */
function blockedIn(e: unknown): Blocked | undefined {
  for (let x: unknown = e, depth = 0; x !== undefined && x !== null && depth < 8; x = (x as { cause?: unknown }).cause, depth++) {
    if (x instanceof Blocked) return x;
  }
  return undefined;
}

function prepared(m: HloModule): HloModule {
  verifyModule(m, { allowImplicitBroadcast: true });
  return lowerBroadcasts(m);
}

/** A module's values: its root, or the elements of its root tuple when the function returns several (or none). */
function resultsOf(l: Literal, count: number): Literal[] {
  if (count === 1) return [l];
  if (!isTupleLiteral(l)) throw new EvalError(`a function of ${count} results returned one value`);
  return [...l.elements];
}

/** The channels between processes: the values sent on each and not yet received. */
class Channels {
  readonly #queues = new Map<number, Literal[]>();
  send(channel: number, value: Literal): void {
    const q = this.#queues.get(channel);
    if (q === undefined) this.#queues.set(channel, [value]);
    else q.push(value);
  }
  take(channel: number): Literal | undefined {
    return this.#queues.get(channel)?.shift();
  }
}

/** Everything a grid's processes produce besides their results. */
export interface GridRun {
  readonly results: readonly Literal[];
  /** Every outfeed value, in the order the processes gave them. */
  readonly outfeed: readonly Literal[];
}

function usesDevices(m: HloModule): string | undefined {
  for (const c of m.computations) {
    for (const i of c.instructions) if (OPCODES[i.opcode].family === "collective") return i.opcode;
  }
  return undefined;
}

/** Runs the grid of `run` on its inputs; the results are flattened in process order. */
export function runParallel(run: ParallelRun, maxWhileIterations?: number): GridRun {
  const inputsRoot = evaluate(prepared(run.inputs), []);
  const inputs = isTupleLiteral(inputsRoot) ? inputsRoot.elements : [inputsRoot];
  const replicas = run.programs.length;
  const partitions = run.programs[0].length;
  const procs: ParallelProgram[] = run.programs.flat();
  let next = 0;
  const args = procs.map((p) => {
    const a = inputs.slice(next, next + p.argCount);
    next += p.argCount;
    return a;
  });
  const queue = run.infeed.map((m) => evaluate(prepared(m), []));
  if (queue.length > 0 && procs.length > 1) {
    throw new EvalError(`interpreter.run_parallel at ${run.line}:${run.column}: ${procs.length} processes share one infeed queue; the order in which they take from it is not defined (StableHLO's interpreter leaves it to its threads)`);
  }
  const options: EvalOptions = maxWhileIterations === undefined ? {} : { maxWhileIterations };
  const channels = new Channels();
  const outfeed: Literal[] = [];
  const same = procs.every((p) => p.name === procs[0].name);
  if (same) {
    const host = (): Host => ({
      infeed: queue,
      outfeed: (v) => outfeed.push(v),
      send: (ch, v) => channels.send(ch, v),
      recv: (ch) => {
        const v = channels.take(ch);
        // In lockstep every process reaches a recv together; a send later in the program can never come first.
        if (v === undefined) throw new EvalError(`recv on channel ${ch}: no process sent on it before (the processes run one function in lockstep)`);
        return v;
      },
    });
    const out = evaluateSpmd(prepared(procs[0].module), args, { ...options, replicaCount: replicas, numPartitions: partitions, deviceHost: host });
    return { results: out.flatMap((l) => resultsOf(l, procs[0].resultCount)), outfeed };
  }
  for (const p of procs) {
    const op = usesDevices(p.module);
    if (op !== undefined) {
      throw new EvalError(`interpreter.run_parallel at ${run.line}:${run.column}: its processes run different functions and @${p.name} uses ${op}; minixla runs collectives and device ids only when every process runs the same function`);
    }
  }
  return { results: replayed(procs.map((p) => prepared(p.module)), procs, args, queue, channels, outfeed, options, partitions), outfeed };
}

interface ProcState {
  result: Literal | undefined;
  sent: number;
  readonly received: Literal[];
  outfed: number;
}

/** Runs processes of different functions, setting aside those that wait on a recv (see the file comment). */
function replayed(
  modules: readonly HloModule[], procs: readonly ParallelProgram[], args: readonly (readonly Literal[])[], queue: readonly Literal[],
  channels: Channels, outfeed: Literal[], options: EvalOptions, partitions: number,
): Literal[] {
  const states: ProcState[] = procs.map(() => ({ result: undefined, sent: 0, received: [], outfed: 0 }));
  const waiting = new Map<number, number>();
  for (;;) {
    let progress = false;
    for (let d = 0; d < procs.length; d++) {
      const s = states[d];
      if (s.result !== undefined) continue;
      let sends = 0;
      let recvs = 0;
      let outs = 0;
      const host: Host = {
        infeed: queue,
        send: (ch, v) => {
          if (sends++ < s.sent) return;
          channels.send(ch, v);
          s.sent++;
          progress = true;
        },
        recv: (ch) => {
          if (recvs < s.received.length) return s.received[recvs++];
          const v = channels.take(ch);
          if (v === undefined) throw new Blocked(ch);
          s.received.push(v);
          recvs++;
          progress = true;
          return v;
        },
        outfeed: (v) => {
          if (outs++ < s.outfed) return;
          outfeed.push(v);
          s.outfed++;
        },
      };
      try {
        s.result = evaluate(modules[d], args[d], { ...options, host });
        waiting.delete(d);
        progress = true;
      } catch (e) {
        const b = blockedIn(e);
        if (b === undefined) throw e;
        waiting.set(d, b.channel);
      }
    }
    if (states.every((s) => s.result !== undefined)) break;
    if (!progress) {
      const stuck = [...waiting].map(([d, ch]) => `process (${Math.floor(d / partitions)}, ${d % partitions}) @${procs[d].name} on channel ${ch}`);
      throw new EvalError(`interpreter.run_parallel: deadlock, every unfinished process waits on a recv no process will send to: ${stuck.join("; ")}`);
    }
  }
  return states.flatMap((s, d) => resultsOf(s.result as Literal, procs[d].resultCount));
}
