/**
 * One XLA worker process (python/xla_worker.py, which loads jax once) and
 * the byte stream to and from it: a request is a JSON line then raw bytes,
 * a reply is a JSON line then the bytes its header counts. Requests are
 * answered in order, one at a time. The process keeps Node's event loop
 * alive only while a request is outstanding, so a script that forgets to
 * close it still exits.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { XlaRunError, XlaUnavailableError, installCommand } from "./errors.ts";

const WORKER_SCRIPT = fileURLToPath(new URL("../python/xla_worker.py", import.meta.url));

/** The worker's first line: what it loaded. */
export interface WorkerInfo {
  readonly jax: string;
  readonly jaxlib: string;
  readonly platform: string;
  readonly devices: number;
}

/** A reply: its JSON header and the payloads that followed it. */
export interface Reply {
  readonly header: Record<string, unknown>;
  readonly payloads: readonly Uint8Array[];
}

type Waiter = { readonly payloadSizes: (header: Record<string, unknown>) => readonly number[]; readonly resolve: (r: Reply) => void; readonly reject: (e: Error) => void };

/** Handles whose ref keeps Node running (the child and its pipes). */
interface Refable {
  ref(): unknown;
  unref(): unknown;
}

/** A started worker process. */
export class WorkerProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private readonly waiting: Waiter[] = [];
  private stderrTail = "";
  private ended: Error | undefined;
  /** The header of the reply whose payloads are still arriving. */
  private pending: { readonly header: Record<string, unknown>; readonly sizes: readonly number[]; readonly total: number } | undefined;
  /** The ready line, once the worker answered it. */
  info: WorkerInfo | undefined;

  constructor(
    readonly python: string,
    readonly platform: string,
    readonly hostDevices: number,
  ) {
    const flags = `${process.env.XLA_FLAGS ?? ""} --xla_force_host_platform_device_count=${hostDevices}`.trim();
    this.child = spawn(python, ["-u", WORKER_SCRIPT, platform], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, XLA_FLAGS: flags, TF_CPP_MIN_LOG_LEVEL: process.env.TF_CPP_MIN_LOG_LEVEL ?? "2", PYTHONNOUSERSITE: process.env.PYTHONNOUSERSITE ?? "" },
    });
    this.child.stdout.on("data", (c: Buffer) => {
      this.chunks.push(c);
      this.buffered += c.length;
      this.pump();
    });
    this.child.stderr.on("data", (c: Buffer) => {
      this.stderrTail = (this.stderrTail + c.toString()).slice(-2000);
    });
    this.child.stdin.on("error", () => undefined);
    this.child.on("error", (e: NodeJS.ErrnoException) => {
      this.fail(
        e.code === "ENOENT"
          ? new XlaUnavailableError(`no Python at '${python}' to run XLA (jaxlib) with`, "python", `apt-get install python3 python3-pip && ${installCommand("python3", platform)}`)
          : new XlaRunError(`could not start ${python}: ${e.message}`, "crash"),
      );
    });
    this.child.on("exit", (code, signal) => {
      const tail = this.stderrTail.trim().split("\n").slice(-3).join("\n");
      this.fail(new XlaRunError(`XLA's worker process ended (${signal ?? `exit code ${code}`})${tail === "" ? "" : `: ${tail}`}`, "crash"));
    });
    this.idle();
  }

  /** Whether the process has ended (it cannot take more requests). */
  get dead(): boolean {
    return this.ended !== undefined;
  }

  private handles(): Refable[] {
    return [this.child, this.child.stdout, this.child.stderr, this.child.stdin] as unknown as Refable[];
  }

  private busy(): void {
    for (const h of this.handles()) h.ref();
  }

  private idle(): void {
    for (const h of this.handles()) h.unref();
  }

  private fail(e: Error): void {
    if (this.ended === undefined) this.ended = e;
    for (const w of this.waiting.splice(0)) w.reject(this.ended);
    this.idle();
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const head = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return head;
  }

  /** Hands complete replies to their waiters (the bytes are joined once per header and once per reply body). */
  private pump(): void {
    for (;;) {
      const w = this.waiting[0];
      if (w === undefined) return;
      if (this.pending === undefined) {
        if (this.buffered === 0) return;
        const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
        this.chunks = [all];
        const nl = all.indexOf(10);
        if (nl < 0) return;
        const line = this.take(nl + 1).subarray(0, nl).toString("utf8");
        let header: Record<string, unknown>;
        try {
          header = JSON.parse(line) as Record<string, unknown>;
        } catch {
          this.fail(new XlaRunError(`XLA's worker wrote something other than a reply: ${line.slice(0, 200)}`, "crash"));
          this.child.kill();
          return;
        }
        const sizes = w.payloadSizes(header);
        this.pending = { header, sizes, total: sizes.reduce((a, b) => a + b, 0) };
      }
      const { header, sizes, total } = this.pending;
      if (this.buffered < total) return;
      const payloads = sizes.map((n) => new Uint8Array(this.take(n)));
      this.pending = undefined;
      this.waiting.shift();
      if (this.waiting.length === 0) this.idle();
      w.resolve({ header, payloads });
    }
  }

  /** Sends one request (a JSON header and its payloads) and waits for its reply. */
  request(header: unknown, payloads: readonly Uint8Array[], payloadSizes: (h: Record<string, unknown>) => readonly number[]): Promise<Reply> {
    if (this.ended !== undefined) return Promise.reject(this.ended);
    const reply = this.expect(payloadSizes);
    this.child.stdin.write(`${JSON.stringify(header)}\n`);
    for (const p of payloads) if (p.byteLength > 0) this.child.stdin.write(p);
    return reply;
  }

  /** Waits for the next reply (the ready line when nothing was sent yet). */
  expect(payloadSizes: (h: Record<string, unknown>) => readonly number[]): Promise<Reply> {
    if (this.ended !== undefined) return Promise.reject(this.ended);
    this.busy();
    return new Promise<Reply>((resolve, reject) => {
      this.waiting.push({ payloadSizes, resolve, reject });
      this.pump();
    });
  }

  /** Closes the worker's input; it exits when it has answered what it was sent. */
  close(): void {
    this.child.stdin.end();
    this.idle();
  }

  /** Ends the process now. */
  kill(): void {
    this.child.kill();
  }
}
