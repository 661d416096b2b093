/**
 * Real XLA for the fuzzer, through @minixla/xla (one long-lived jaxlib
 * worker): one program in, XLA's CPU-backend result and its constant-folded
 * result out (the constant module compiled, and whether XLA's optimized
 * module computes nothing at run time, so the value is its constant folder's).
 * The Python is $MINIXLA_XLA_PYTHON, else the venv xla_env.sh makes
 * (/tmp/minixla-xla-venv); `xlaPython()` is undefined when neither exists,
 * and the callers skip with a message.
 */
import { existsSync } from "node:fs";
import { type ArrayLiteral, ELEMENT_TYPE_INFO, type ElementType, type Literal, allocData, arrayLiteralFromData, isTupleLiteral } from "@minixla/hlo";
import { XlaSession, XlaUnavailableError } from "@minixla/xla";
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

/** The program's parameter inputs as literals. */
function inputsOf(p: FuzzProgram): ArrayLiteral[] {
  return p.params.map((q) => paramLiteral(q));
}

/** The request line of one program (the wire format the fuzz corpus once recorded). */
export function requestOf(id: number, p: FuzzProgram, withConstants = true): string {
  const inputs = p.params.map((q) => ({ type: q.type, dims: q.dims, hex: literalHex(paramLiteral(q)) }));
  return JSON.stringify({ id, param: parameterText(p), const: withConstants ? constantText(p) : null, inputs });
}

// The optimized entry holds only values (constants, copies, bitcasts, tuples): XLA folded it.
const ENTRY_ONLY_VALUES = /=\s*\S+\s+(constant|copy|bitcast|tuple|get-tuple-element)\(/;

/** Whether XLA's optimized module computes nothing at run time. */
function entryIsFolded(optimized: string): boolean {
  const m = /\nENTRY [^\n]*\{\n([\s\S]*?)\n\}/.exec(optimized);
  if (m === null) return false;
  return m[1].split("\n").filter((l) => l.trim() !== "").every((l) => ENTRY_ONLY_VALUES.test(l));
}

/** XLA's error as the fuzzer records it: its first line, at most 400 characters. */
const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e)).replace(/^XLA: /, "").split("\n")[0].slice(0, 400);

/** The arrays of a result in output order (a tuple root gives its leaves, depth first). */
function flattenOutputs(l: Literal): ArrayLiteral[] {
  const out: ArrayLiteral[] = [];
  const stack: Literal[] = [l];
  while (stack.length > 0) {
    const x = stack.pop() as Literal;
    if (isTupleLiteral(x)) for (let i = x.elements.length - 1; i >= 0; i--) stack.push(x.elements[i]);
    else out.push(x);
  }
  return out;
}

/**
 * A running XLA session (@minixla/xla); `run` answers one program at a
 * time, in order. A program that crashes XLA (an abort in its compiler) is
 * answered with an error on both sides; the session starts a new worker.
 */
export class XlaClient {
  private constructor(private readonly session: XlaSession) {}

  /** Starts the session and waits until jax is loaded. */
  static async start(python: string): Promise<XlaClient> {
    return new XlaClient(await XlaSession.start({ python, devices: 1 }));
  }

  /** XLA's CPU result and constant-folded result for one program. */
  async run(p: FuzzProgram, withConstants = true): Promise<XlaResult> {
    let cpu: XlaOutcome;
    try {
      cpu = { outputs: flattenOutputs((await this.session.run(parameterText(p), inputsOf(p))).result) };
    } catch (e) {
      if (e instanceof XlaUnavailableError) throw e;
      cpu = { error: errorText(e) };
    }
    if (!withConstants) return { cpu, folded: { error: "not asked" } };
    let folded: XlaResult["folded"];
    try {
      const r = await this.session.run(constantText(p), [], { optimizedHlo: true });
      folded = { outputs: flattenOutputs(r.result), folded: entryIsFolded(r.optimizedHlo ?? "") };
    } catch (e) {
      if (e instanceof XlaUnavailableError) throw e;
      folded = { error: errorText(e) };
    }
    return { cpu, folded };
  }

  /** Ends the session's worker. */
  close(): void {
    this.session.close();
  }
}
