/**
 * A long-lived real-XLA process (xla_driver.py, which loads jax once): one
 * program in, XLA's CPU-backend result and its constant-folded result out.
 * The Python is $MINIXLA_XLA_PYTHON, else the venv xla_env.sh makes
 * (/tmp/minixla-xla-venv); `xlaPython()` is undefined when neither exists,
 * and the callers skip with a message.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type ArrayLiteral, ELEMENT_TYPE_INFO, type ElementType, allocData, arrayLiteralFromData } from "@minixla/hlo";
import { byteWidth, elementReader, elementWriter } from "../../packages/interpreter/src/kernels/support/element_bytes.ts";
import { type FuzzProgram, constantText, paramLiteral, parameterText } from "./program.ts";

/** One output of XLA: its literal. */
export type XlaOutcome = { readonly outputs: readonly ArrayLiteral[] } | { readonly error: string };

/** XLA's two answers for one program. */
export interface XlaResult {
  /** The parameter module run by XLA's CPU backend. */
  readonly cpu: XlaOutcome;
  /** The constant module as XLA's constant folder computed it; `folded` false when the optimized entry still computes. */
  readonly folded: XlaOutcome & { readonly folded?: boolean };
}

interface WireArray {
  readonly type: ElementType;
  readonly dims: readonly number[];
  readonly hex: string;
}

const DEFAULT_VENV_PYTHON = "/tmp/minixla-xla-venv/bin/python";

/** The Python with jax that runs the driver, or undefined when this machine has none. */
export function xlaPython(): string | undefined {
  const env = process.env.MINIXLA_XLA_PYTHON;
  if (env !== undefined && env !== "") return existsSync(env) ? env : undefined;
  return existsSync(DEFAULT_VENV_PYTHON) ? DEFAULT_VENV_PYTHON : undefined;
}

/** The bytes XLA keeps for a literal, as hex. */
export function literalHex(l: ArrayLiteral): string {
  const t = l.shape.elementType;
  const w = byteWidth(t);
  const n = ELEMENT_TYPE_INFO[t].storage === "complex" ? l.data.length / 2 : l.data.length;
  // Two spare bytes: the bf16 writer stores a float32 and moves its top half down.
  const view = new DataView(new ArrayBuffer(n * w + 2));
  const write = elementWriter(t);
  for (let i = 0; i < n; i++) write(view, i * w, l.data, i);
  return Buffer.from(view.buffer, 0, n * w).toString("hex");
}

/** The literal of XLA's bytes. */
export function hexLiteral(type: ElementType, dims: readonly number[], hex: string): ArrayLiteral {
  const bytes = Buffer.from(hex, "hex");
  const w = byteWidth(type);
  const n = bytes.length / w;
  const data = allocData(type, n);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const read = elementReader(type);
  for (let i = 0; i < n; i++) read(view, i * w, data, i);
  return arrayLiteralFromData({ elementType: type, dimensions: [...dims] }, data);
}

function outcome(x: { outputs?: WireArray[]; error?: string; folded?: boolean } | undefined): XlaOutcome & { folded?: boolean } {
  if (x === undefined) return { error: "no reply" };
  if (x.error !== undefined) return { error: x.error };
  const outputs = (x.outputs ?? []).map((o) => hexLiteral(o.type, o.dims, o.hex));
  return x.folded === undefined ? { outputs } : { outputs, folded: x.folded };
}

/** The request line of one program. */
export function requestOf(id: number, p: FuzzProgram, withConstants = true): string {
  const inputs = p.params.map((q) => ({ type: q.type, dims: q.dims, hex: literalHex(paramLiteral(q)) }));
  return JSON.stringify({ id, param: parameterText(p), const: withConstants ? constantText(p) : null, inputs });
}

/** One driver process and its reply lines. */
class Driver {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffered = "";
  private readonly waiting: ((line: string) => void)[] = [];
  private readonly lines: string[] = [];
  exited: string | undefined;

  constructor(python: string) {
    const driver = fileURLToPath(new URL("./xla_driver.py", import.meta.url));
    this.child = spawn(python, [driver], { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => {
      this.buffered += chunk;
      let nl = this.buffered.indexOf("\n");
      while (nl >= 0) {
        const line = this.buffered.slice(0, nl);
        this.buffered = this.buffered.slice(nl + 1);
        const w = this.waiting.shift();
        if (w) w(line);
        else this.lines.push(line);
        nl = this.buffered.indexOf("\n");
      }
    });
    let stderr = "";
    this.child.stderr.on("data", (c: Buffer) => {
      stderr = (stderr + c.toString()).slice(-600);
    });
    this.child.stdin.on("error", () => undefined);
    this.child.on("exit", (code, signal) => {
      this.exited = `XLA's process ended (${signal ?? code}): ${stderr.trim().split("\n").slice(-2).join(" ")}`;
      for (const w of this.waiting.splice(0)) w(JSON.stringify({ fatal: this.exited }));
    });
  }

  nextLine(): Promise<string> {
    const l = this.lines.shift();
    if (l !== undefined) return Promise.resolve(l);
    if (this.exited !== undefined) return Promise.resolve(JSON.stringify({ fatal: this.exited }));
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  send(line: string): void {
    if (this.exited === undefined) this.child.stdin.write(`${line}\n`);
  }

  close(): void {
    this.child.stdin.end();
  }
}

/**
 * A running driver; `run` answers one program at a time, in order. A
 * program that crashes XLA (an abort in its compiler) is answered with an
 * error on both sides and the driver is started again.
 */
export class XlaClient {
  private driver: Driver;
  private nextId = 0;

  private constructor(private readonly python: string) {
    this.driver = new Driver(python);
  }

  private async ready(): Promise<void> {
    const ready = JSON.parse(await this.driver.nextLine()) as { ready?: boolean; fatal?: string };
    if (ready.ready !== true) throw new Error(ready.fatal ?? "the XLA driver did not start");
  }

  /** Starts the driver and waits until jax is loaded. */
  static async start(python: string): Promise<XlaClient> {
    const c = new XlaClient(python);
    await c.ready();
    return c;
  }

  /** XLA's CPU result and constant-folded result for one program. */
  async run(p: FuzzProgram, withConstants = true): Promise<XlaResult> {
    this.driver.send(requestOf(this.nextId++, p, withConstants));
    const reply = JSON.parse(await this.driver.nextLine()) as {
      fatal?: string;
      cpu?: { outputs?: WireArray[]; error?: string };
      folded?: { outputs?: WireArray[]; error?: string; folded?: boolean };
    };
    if (reply.fatal !== undefined) {
      this.driver = new Driver(this.python);
      await this.ready();
      return { cpu: { error: reply.fatal }, folded: { error: reply.fatal } };
    }
    return { cpu: outcome(reply.cpu), folded: withConstants ? outcome(reply.folded) : { error: "not asked" } };
  }

  /** Ends the driver. */
  close(): void {
    this.driver.close();
  }
}
