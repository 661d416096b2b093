/**
 * The evaluation worker: parses the module, lowers its implicit broadcasts,
 * applies the numerics' rewrites and runs it with the chosen engine, off the
 * page's thread (the page terminates it to cancel). Replies with HTML tables.
 */
import {
  type ArrayLiteral,
  type HloModule,
  type Literal,
  entryComputation,
  parametersOf,
  hasImplicitBroadcast,
  isTupleLiteral,
  isTupleShape,
  literal,
  lowerBroadcasts,
  parseModule,
} from "@minixla/hlo";
import { applyNumericsRewrites, randomLiteralOfShape } from "@minixla/interpreter";
import { literalTable } from "@minixla/viz";
import { runWithEngine } from "../../cli/src/engine.ts";
import { fromJsonValue } from "./json_inputs.ts";
import type { RunReply, RunRequest } from "./run_protocol.ts";

// Typed as a Worker from the page's side: the same postMessage/onmessage pair.
const scope = self as unknown as Worker;

const parameterSeed = (seed: number, i: number): number => (Math.imul(seed, 0x9e3779b1) + i) >>> 0;

function inputsOf(m: HloModule, request: RunRequest): Literal[] {
  const params = parametersOf(entryComputation(m));
  if (request.inputs.trim() === "") return params.map((p, i) => randomLiteralOfShape(p.shape, parameterSeed(request.seed, i)));
  const value: unknown = JSON.parse(request.inputs);
  if (!Array.isArray(value) || value.length !== params.length) {
    throw new Error(`inputs: expected a JSON array of ${params.length} value${params.length === 1 ? "" : "s"} (one per parameter), got ${Array.isArray(value) ? `${value.length}` : typeof value}`);
  }
  return params.map((p, i) => {
    if (isTupleShape(p.shape)) throw new Error(`inputs: parameter ${p.name} is a tuple; use random inputs`);
    return literal(p.shape.elementType, p.shape.dimensions, fromJsonValue(value[i]));
  });
}

function tables(prefix: string, l: Literal): string[] {
  if (isTupleLiteral(l)) return l.elements.flatMap((e, i) => tables(`${prefix}.${i}`, e));
  return [literalTable(prefix, l as ArrayLiteral)];
}

scope.onmessage = (e: MessageEvent<RunRequest>) => {
  const request = e.data;
  let reply: RunReply;
  try {
    const parsed = parseModule(request.text);
    const lowered = hasImplicitBroadcast(parsed) ? lowerBroadcasts(parsed) : parsed;
    const module = applyNumericsRewrites(lowered, request.numerics);
    const args = inputsOf(module, request);
    const start = performance.now();
    const result = runWithEngine(request.engine, module, args, { numerics: request.numerics });
    const ms = performance.now() - start;
    reply = { kind: "ok", inputTables: args.flatMap((a, i) => tables(`in${i}`, a)), outputTables: tables("out0", result), ms };
  } catch (err) {
    reply = { kind: "error", message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(reply);
};
