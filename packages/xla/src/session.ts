/**
 * An XLA session: one long-lived worker process (Python with jax loaded once)
 * that compiles and runs modules on XLA. `XlaSession.start` finds the Python
 * (`options.python`, else $MINIXLA_XLA_PYTHON, else `python3`), starts the
 * worker and waits until jax is loaded, or fails at once with what is missing
 * and the command that installs it. A worker that crashes (an abort in XLA's
 * compiler) is restarted for the next run; a run needing more host devices
 * than the worker has restarts it with enough.
 */
import { type HloModule, type Literal, entryComputation, printHloModule, rootInstruction, tupleLiteral } from "@minixla/hlo";
import { XlaRunError, XlaUnavailableError, installCommand, type XlaFailureStage } from "./errors.ts";
import { decodeOutput, encodeArgument, type WireArray } from "./wire.ts";
import { type WorkerInfo, WorkerProcess } from "./worker.ts";

/** The platforms a run may ask for: XLA's CPU backend, or a GPU where the installed jaxlib has one. */
export type XlaPlatform = "cpu" | "cuda" | "rocm" | "gpu";

/** How a session starts its worker. */
export interface XlaSessionOptions {
  /** The Python with jax and jaxlib (default: $MINIXLA_XLA_PYTHON, else `python3`). */
  readonly python?: string;
  /** The platform XLA compiles for (default "cpu"). */
  readonly platform?: XlaPlatform;
  /** How many host devices the CPU platform offers (--xla_force_host_platform_device_count; default 8, raised when a run needs more). */
  readonly devices?: number;
}

/** How one module runs. */
export interface XlaRunOptions extends XlaSessionOptions {
  /** Replicas (default: the module header's replica_count, else 1). */
  readonly replicas?: number;
  /** Partitions per replica (default: the module header's num_partitions, else 1). */
  readonly partitions?: number;
  /** How many times to execute the compiled module (default 1); `executeSeconds` has one time per run. */
  readonly iterations?: number;
  /** Also return the module as XLA's compiler left it (`XlaResult.optimizedHlo`), e.g. to see what it constant-folded. */
  readonly optimizedHlo?: boolean;
  /**
   * What `executeSeconds` times: `"with-transfers"` (default) is XLA's execute with the arguments put on the
   * device and the results copied back to host inside the clock; `"resident"` places the arguments once before
   * the clock and waits for each run on the device without copying back (one device only).
   */
  readonly timing?: "with-transfers" | "resident";
}

/** What XLA computed, and how long it took. */
export interface XlaResult {
  /** Device 0's result: an array, or a tuple of them when the entry returns a tuple. */
  readonly result: Literal;
  /** Every device's result, devices numbered replica-major (device r * partitions + p). */
  readonly perDevice: readonly Literal[];
  /** Seconds XLA took to parse and compile the module (about 0 when the session had compiled the same text before). */
  readonly compileSeconds: number;
  /** Seconds of each execution (the worker's clock around XLA's execute; what is inside it: `XlaRunOptions.timing`). */
  readonly executeSeconds: readonly number[];
  /** The optimized module's HLO text, when `optimizedHlo` asked for it. */
  readonly optimizedHlo?: string;
}

/** The arguments of a run: one list for every device, or a list per device. */
export type XlaArguments = readonly Literal[] | readonly (readonly Literal[])[];

/** The Python the bridge uses when none is named: $MINIXLA_XLA_PYTHON, else `python3`. */
export function defaultXlaPython(): string {
  const env = process.env.MINIXLA_XLA_PYTHON;
  return env !== undefined && env !== "" ? env : "python3";
}

const DEFAULT_HOST_DEVICES = 8;

/** The module's text for XLA, and which parser reads it: minixla's printer for a module, a string as given. */
function moduleText(module: HloModule | string): { readonly text: string; readonly format: "hlo" | "mlir" } {
  if (typeof module !== "string") return { text: printHloModule(module), format: "hlo" };
  return { text: module, format: /^\s*(\/\/[^\n]*\n\s*)*HloModule\b/.test(module) ? "hlo" : "mlir" };
}

/** replica_count / num_partitions from the module header, when the text has them. */
function headerCount(text: string, key: "replica_count" | "num_partitions"): number | undefined {
  const header = /^\s*HloModule[^\n]*/m.exec(text)?.[0] ?? "";
  const m = new RegExp(`\\b${key}=(\\d+)`).exec(header);
  return m === null ? undefined : Number(m[1]);
}

function isPerDevice(args: XlaArguments): args is readonly (readonly Literal[])[] {
  return args.length > 0 && Array.isArray(args[0]);
}

/** Rebuilds a device's result from its flat outputs: a tuple when the entry returns one. */
function resultOf(outputs: readonly Literal[], tupleRoot: boolean): Literal {
  if (tupleRoot || outputs.length !== 1) return tupleLiteral(outputs);
  return outputs[0];
}

function tupleRootOf(module: HloModule | string): boolean {
  if (typeof module !== "string") return rootInstruction(entryComputation(module)).shape.elementType === "tuple";
  return false;
}

/** A running XLA worker; `run` compiles and runs one module at a time. */
export class XlaSession {
  private worker: WorkerProcess;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly python: string,
    private readonly platform: XlaPlatform,
    devices: number,
    /** What the worker loaded: jax and jaxlib versions, platform, device count. */
    public info: WorkerInfo,
    worker: WorkerProcess,
  ) {
    this.worker = worker;
    this.hostDevices = devices;
  }

  private hostDevices: number;

  /** Starts a worker and waits until jax is loaded; throws XlaUnavailableError naming what is missing. */
  static async start(options: XlaSessionOptions = {}): Promise<XlaSession> {
    const python = options.python ?? defaultXlaPython();
    const platform = options.platform ?? "cpu";
    const devices = Math.max(1, options.devices ?? DEFAULT_HOST_DEVICES);
    const { worker, info } = await XlaSession.spawn(python, platform, devices);
    return new XlaSession(python, platform, devices, info, worker);
  }

  private static async spawn(python: string, platform: XlaPlatform, devices: number): Promise<{ worker: WorkerProcess; info: WorkerInfo }> {
    const worker = new WorkerProcess(python, platform, devices);
    let header: Record<string, unknown>;
    try {
      ({ header } = await worker.expect(() => []));
    } catch (e) {
      // Ended before its first line: the interpreter could not run the worker at all.
      if (e instanceof XlaRunError) throw new XlaUnavailableError(`${python} could not start the XLA worker (${e.message})`, "python", installCommand(python, platform));
      throw e;
    }
    if (header.ready === true) return { worker, info: header as unknown as WorkerInfo };
    worker.kill();
    const missing = typeof header.missing === "string" ? header.missing : "jax";
    const error = typeof header.error === "string" ? header.error : "";
    if (missing.startsWith("jaxlib[")) {
      throw new XlaUnavailableError(`the installed jaxlib has no ${platform} platform (${error})`, "platform", installCommand(python, platform));
    }
    throw new XlaUnavailableError(`${python} cannot import ${missing}, which running XLA needs (${error})`, "jax", installCommand(python, platform));
  }

  /** Compiles `module` (a module, HLO text, or StableHLO MLIR text) and runs it on `args`. */
  run(module: HloModule | string, args: XlaArguments, options: XlaRunOptions = {}): Promise<XlaResult> {
    const next = this.queue.then(() => this.runNow(module, args, options));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async runNow(module: HloModule | string, args: XlaArguments, options: XlaRunOptions): Promise<XlaResult> {
    const { text, format } = moduleText(module);
    const replicas = options.replicas ?? headerCount(text, "replica_count") ?? 1;
    const partitions = options.partitions ?? headerCount(text, "num_partitions") ?? 1;
    const count = replicas * partitions;
    for (const [what, n] of [["replicas", replicas], ["partitions", partitions]] as const) {
      if (!Number.isInteger(n) || n < 1) throw new XlaRunError(`runOnXla: ${what} must be a positive integer, got ${n}`, "request");
    }
    const perDevice = isPerDevice(args) ? args : Array.from({ length: count }, () => args as readonly Literal[]);
    if (perDevice.length !== count) {
      throw new XlaRunError(`runOnXla: the module runs on ${replicas} replica(s) x ${partitions} partition(s) = ${count} device(s), but ${perDevice.length} argument lists were given`, "request");
    }
    const encoded = perDevice.map((list, d) => list.map((a, k) => encodeArgument(a, `argument ${k} of device ${d}`)));
    if (this.platform === "cpu" && count > this.hostDevices) await this.restart(count);
    else if (this.worker.dead) await this.restart(this.hostDevices);
    const header = { module: text, format, replicas, partitions, iterations: Math.max(1, options.iterations ?? 1), optimized_hlo: options.optimizedHlo === true, timing: options.timing ?? "with-transfers", args: encoded.map((l) => l.map((e) => e.spec)) };
    const sizesOf = (h: Record<string, unknown>): number[] => ((h.outputs as WireArray[][] | undefined) ?? []).flat().map((o) => o.nbytes);
    let reply;
    try {
      reply = await this.worker.request(header, encoded.flat().map((e) => e.bytes), sizesOf);
    } catch (e) {
      // XLA aborted (a check failure in its compiler): the next run gets a fresh worker.
      if (this.worker.dead) await this.restart(this.hostDevices).catch(() => undefined);
      throw e;
    }
    const h = reply.header;
    if (typeof h.error === "string") throw new XlaRunError(`XLA: ${h.error}`, (h.kind as XlaFailureStage | undefined) ?? "run");
    const specs = h.outputs as WireArray[][];
    let at = 0;
    const tupleRoot = tupleRootOf(module);
    const results = specs.map((row) => resultOf(row.map((spec) => decodeOutput(spec, reply.payloads[at++])), tupleRoot));
    const base = { result: results[0], perDevice: results, compileSeconds: h.compile_seconds as number, executeSeconds: h.execute_seconds as number[] };
    return typeof h.optimized_hlo === "string" ? { ...base, optimizedHlo: h.optimized_hlo } : base;
  }

  private async restart(devices: number): Promise<void> {
    this.worker.kill();
    this.hostDevices = Math.max(devices, this.hostDevices);
    const { worker, info } = await XlaSession.spawn(this.python, this.platform, this.hostDevices);
    this.worker = worker;
    this.info = info;
  }

  /** Ends the worker (it finishes what it was sent first). */
  close(): void {
    this.worker.close();
  }
}

const sessions = new Map<string, Promise<XlaSession>>();

/**
 * The shared session for a Python and platform, started on first use and
 * kept for the life of the process (it does not keep the process alive).
 * A failed start is not kept: the next call tries again.
 */
export function sharedXlaSession(options: XlaSessionOptions = {}): Promise<XlaSession> {
  const key = `${options.python ?? defaultXlaPython()}\u0000${options.platform ?? "cpu"}`;
  let s = sessions.get(key);
  if (s === undefined) {
    s = XlaSession.start(options);
    sessions.set(key, s);
    s.catch(() => sessions.delete(key));
  }
  return s;
}

/**
 * Runs `module` on real XLA through jaxlib in this process's shared session
 * (one worker process, started on the first call). `args` is one list of
 * arguments for every device, or one list per device; replicas and
 * partitions default to the module header's. Throws XlaUnavailableError when
 * Python, jax/jaxlib or the platform is missing (with the install command),
 * XlaRunError when XLA refuses or fails the module.
 */
export async function runOnXla(module: HloModule | string, args: XlaArguments, options: XlaRunOptions = {}): Promise<XlaResult> {
  const session = await sharedXlaSession(options);
  return session.run(module, args, options);
}

/** Closes every shared session's worker. */
export function closeSharedXlaSessions(): void {
  for (const [key, s] of sessions) {
    sessions.delete(key);
    void s.then((x) => x.close(), () => undefined);
  }
}
