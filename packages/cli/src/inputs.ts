/**
 * Inputs for `minixla run`: .npy files, JSON files (nested arrays) and inline
 * JSON, checked against the entry computation's parameters. JSON takes its
 * element type and dimensions from the parameter; an .npy file must match the
 * parameter exactly. Mismatches are UsageErrors that name the input, the
 * parameter and both shapes.
 */
import { readFileSync } from "node:fs";
import {
  type ArrayShape,
  type HloInstruction,
  HloError,
  type Literal,
  isTupleShape,
  literal,
  readNpy,
  shapeToString,
  shapesEqual,
} from "@minixla/hlo";
import { UsageError } from "./args.ts";

/** Where an entry argument comes from: a .npy/.json file, or inline JSON (`--input-json`). */
export type InputSpec =
  | { readonly kind: "file"; readonly path: string }
  | { readonly kind: "json"; readonly text: string };

/** The input as messages name it; inline JSON is cut short (it may be megabytes). */
const describeSpec = (s: InputSpec): string =>
  s.kind === "file" ? s.path : `--input-json '${s.text.length > 60 ? `${s.text.slice(0, 60)}...` : s.text}'`;

/** Flattens a JSON value to row-major numbers, checking it nests exactly as dims says. */
function flattenJson(value: unknown, dims: readonly number[], where: string): number[] {
  const out: number[] = [];
  const walk = (v: unknown, depth: number, path: string): void => {
    if (depth === dims.length) {
      if (typeof v === "number" || typeof v === "boolean") out.push(Number(v));
      else if (v === "nan" || v === "NaN") out.push(NaN);
      else if (v === "inf" || v === "Infinity") out.push(Infinity);
      else if (v === "-inf" || v === "-Infinity") out.push(-Infinity);
      else throw new UsageError(`${where}: element ${path || "(scalar)"} must be a number or boolean, got ${JSON.stringify(v)}`);
      return;
    }
    if (!Array.isArray(v) || v.length !== dims[depth]) {
      throw new UsageError(
        `${where}: expected ${dims[depth]} element${dims[depth] === 1 ? "" : "s"} at dimension ${depth}${path ? ` (in ${path})` : ""}, got ${Array.isArray(v) ? `an array of ${v.length}` : JSON.stringify(v)}`,
      );
    }
    v.forEach((x, i) => walk(x, depth + 1, `${path}[${i}]`));
  };
  walk(value, 0, "");
  return out;
}

function fromJson(text: string, s: ArrayShape, where: string): Literal {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${where}: not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  return literal(s.elementType, s.dimensions, flattenJson(value, s.dimensions, where));
}

function readFile(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Loads and checks one literal per parameter of the entry computation. */
export function loadInputs(specs: readonly InputSpec[], parameters: readonly HloInstruction[]): Literal[] {
  const signature = parameters.map((p) => `${p.name}: ${shapeToString(p.shape)}`).join(", ");
  if (specs.length !== parameters.length) {
    throw new UsageError(
      `the module takes ${parameters.length} input${parameters.length === 1 ? "" : "s"}${signature ? ` (${signature})` : ""}, but ${specs.length} ${specs.length === 1 ? "was" : "were"} given`,
    );
  }
  return specs.map((spec, i) => {
    const p = parameters[i];
    const where = `input ${i} (${describeSpec(spec)})`;
    if (isTupleShape(p.shape)) {
      throw new UsageError(`${where}: parameter ${i} (${p.name}) is a tuple ${shapeToString(p.shape)}; only array inputs are supported`);
    }
    const target = p.shape;
    if (spec.kind === "json") return fromJson(spec.text, target, where);
    if (spec.path.toLowerCase().endsWith(".json")) return fromJson(readFile(spec.path).toString("utf8"), target, where);
    let l: Literal;
    try {
      l = readNpy(new Uint8Array(readFile(spec.path)), { elementType: target.elementType });
    } catch (e) {
      if (e instanceof HloError) e.message = `${spec.path}: ${e.message}`;
      throw e;
    }
    if (!shapesEqual(l.shape, target)) {
      throw new UsageError(`${where} is ${shapeToString(l.shape)}, but parameter ${i} (${p.name}) is ${shapeToString(target)}`);
    }
    return l;
  });
}
