/**
 * A fuzz program: HLO text over parameters with their input values, and the
 * same module with those inputs written as constants (which XLA's constant
 * folder, its HloEvaluator, folds at compile time). Programs are plain data,
 * so fast-check can shrink them (generator.ts) and the corpus can store them.
 */
import {
  type ArrayLiteral,
  ELEMENT_TYPE_INFO,
  type ElementType,
  allocData,
  arrayLiteralFromData,
} from "@minixla/hlo";
import { printLiteral } from "../../packages/hlo/src/text/literal_text.ts";

/** The op families the generator covers (the corpus counts cases per family). */
export const FAMILIES = [
  "unary",
  "binary",
  "compare",
  "convert",
  "bitcast-convert",
  "reduce-precision",
  "select-clamp",
  "reduce",
  "dot",
  "shape",
  "chain",
] as const;
/** One op family of the generator. */
export type Family = (typeof FAMILIES)[number];

/** One input: its element type, dimensions and values in storage form (bigint for s64/u64). */
export interface FuzzParam {
  readonly type: ElementType;
  readonly dims: readonly number[];
  readonly values: readonly (number | bigint)[];
}

/** A program: parameters p0, p1, ... then body lines (`name = shape op(...)`), the last one the root. */
export interface FuzzProgram {
  readonly family: Family;
  /** What the program tests, for reports ("binary power s16"). */
  readonly label: string;
  readonly params: readonly FuzzParam[];
  readonly body: readonly string[];
  /** Extra computations (reducers), printed before ENTRY. */
  readonly computations?: readonly string[];
}

/** `f32[2,3]` */
export function shapeText(type: ElementType, dims: readonly number[]): string {
  return `${type}[${dims.join(",")}]`;
}

/** The literal of one parameter. */
export function paramLiteral(p: FuzzParam): ArrayLiteral {
  const n = p.values.length;
  const data = allocData(p.type, n);
  for (let i = 0; i < n; i++) (data as unknown as (number | bigint)[])[i] = p.values[i];
  return arrayLiteralFromData({ elementType: p.type, dimensions: [...p.dims] }, data);
}

function moduleText(p: FuzzProgram, asConstants: boolean): string {
  const lines = p.params.map((q, i) => {
    const s = shapeText(q.type, q.dims);
    return asConstants ? `  p${i} = ${s} constant(${printLiteral(paramLiteral(q))})` : `  p${i} = ${s} parameter(${i})`;
  });
  const body = p.body.map((l, i) => (i === p.body.length - 1 ? `  ROOT ${l}` : `  ${l}`));
  return ["HloModule fuzz", "", ...(p.computations ?? []).flatMap((c) => [c, ""]), "ENTRY main {", ...lines, ...body, "}", ""].join("\n");
}

/** The module with its inputs as parameters (XLA's CPU backend runs it). */
export function parameterText(p: FuzzProgram): string {
  return moduleText(p, false);
}

/** The module with its inputs as constants (XLA's constant folder evaluates it). */
export function constantText(p: FuzzProgram): string {
  return moduleText(p, true);
}

/** A one-line description of the inputs, for divergence reports. */
export function inputsText(p: FuzzProgram): string {
  return p.params.map((q, i) => `p${i}: ${shapeText(q.type, q.dims)} ${printLiteral(paramLiteral(q))}`).join("; ");
}

/** Whether a type's values are bigints in storage. */
export function isBigType(t: ElementType): boolean {
  const s = ELEMENT_TYPE_INFO[t].storage;
  return s === "s64" || s === "u64";
}
