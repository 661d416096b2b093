/**
 * A while loop's condition read straight from the loop state when it is a
 * counter compared with a bound: `compare(get-tuple-element(p, k), c)` (or
 * the bound on the left, or two elements compared) on integer scalars, as
 * JAX's scans and fori loops write it. The loop then decides each iteration
 * without running the condition's program (an invocation, its frame and a
 * step per get-tuple-element). Integers compare exactly as numbers (at most
 * 32 bits) or as bigints (s64/u64, each read as its own type, as the
 * reference compares them), so the decision is the reference's.
 */
import {
  ELEMENT_TYPE_INFO,
  type HloComputation,
  type HloInstruction,
  type Literal,
  getInstruction,
  isArrayLiteral,
  isArrayShape,
  isTupleLiteral,
} from "@minixla/hlo";
import { bigCompare } from "../kernels/elementwise/bigint.ts";

type Direction = "EQ" | "NE" | "LT" | "LE" | "GT" | "GE";

/** Where one side of the comparison comes from: a tuple element of the state, or a constant scalar. */
type Side = { readonly element: number } | { readonly value: number | bigint };

/** Decides the condition from the state: 1 to run the body, 0 to stop; undefined when the state is not what the plan expects (the program then decides). */
export type FastCondition = (state: Literal) => number | undefined;

function numberCompare(direction: Direction): (a: number, b: number) => number {
  switch (direction) {
    case "EQ":
      return (a, b) => (a === b ? 1 : 0);
    case "NE":
      return (a, b) => (a !== b ? 1 : 0);
    case "LT":
      return (a, b) => (a < b ? 1 : 0);
    case "LE":
      return (a, b) => (a <= b ? 1 : 0);
    case "GT":
      return (a, b) => (a > b ? 1 : 0);
    case "GE":
      return (a, b) => (a >= b ? 1 : 0);
    default:
      return direction satisfies never;
  }
}

function constantSide(i: HloInstruction): Side | undefined {
  if (i.opcode !== "constant") return undefined;
  const l = i.attributes.literal;
  return l !== undefined && isArrayLiteral(l) && l.data.length === 1 ? { value: l.data[0] } : undefined;
}

function sideOf(c: HloComputation, name: string, param: string): Side | undefined {
  const i = getInstruction(c, name);
  if (i.opcode === "get-tuple-element" && i.operands[0] === param) return { element: i.attributes.index };
  return constantSide(i);
}

/** Instructions that cannot fail and change nothing, allowed beside the compare. */
const INERT: ReadonlySet<string> = new Set(["parameter", "get-tuple-element", "constant"]);

/**
 * The compare deciding `cond` and where its operands come from: its root, or
 * the root of a fusion at its root (the fusion pass folds a narrow compare
 * and its constant into one) whose other instructions are parameters and
 * constants.
 */
function rootCompare(
  cond: HloComputation,
  param: string,
  computation: (name: string) => HloComputation,
): { readonly compare: HloInstruction; readonly operands: readonly HloInstruction[]; readonly sides: readonly (Side | undefined)[] } | undefined {
  const root = getInstruction(cond, cond.root);
  if (!cond.instructions.every((i) => i === root || INERT.has(i.opcode))) return undefined;
  if (root.opcode === "compare") {
    return { compare: root, operands: root.operands.map((o) => getInstruction(cond, o)), sides: root.operands.map((o) => sideOf(cond, o, param)) };
  }
  if (root.opcode !== "fusion") return undefined;
  const fused = computation(root.called[0]);
  const compare = getInstruction(fused, fused.root);
  if (compare.opcode !== "compare" || !fused.instructions.every((i) => i === compare || i.opcode === "parameter" || i.opcode === "constant")) return undefined;
  const operands = compare.operands.map((o) => getInstruction(fused, o));
  const sides = operands.map((i) => {
    if (i.opcode !== "parameter") return constantSide(i);
    const outer = root.operands[i.attributes.parameterNumber];
    return outer === undefined ? undefined : sideOf(cond, outer, param);
  });
  return { compare, operands, sides };
}

/**
 * The fast condition of `cond`, or undefined when it is anything else than
 * one integer scalar compare of state elements and constants (the parameter,
 * get-tuple-elements and constants beside it are allowed: they cannot fail
 * and change nothing). `computation` looks up a fused computation.
 */
export function fastCondition(cond: HloComputation, computation: (name: string) => HloComputation): FastCondition | undefined {
  const params = cond.instructions.filter((i) => i.opcode === "parameter");
  if (params.length !== 1) return undefined;
  const found = rootCompare(cond, params[0].name, computation);
  if (found === undefined || found.compare.opcode !== "compare") return undefined;
  const [a, b] = found.operands;
  const [left, right] = found.sides;
  if (a === undefined || b === undefined || left === undefined || right === undefined) return undefined;
  if (!isArrayShape(a.shape) || !isArrayShape(b.shape) || a.shape.dimensions.length !== 0 || a.shape.elementType !== b.shape.elementType) return undefined;
  const t = a.shape.elementType;
  const kind = ELEMENT_TYPE_INFO[t].kind;
  if (kind !== "signed" && kind !== "unsigned") return undefined;
  const wide = ELEMENT_TYPE_INFO[t].storage !== "f64";
  const direction = found.compare.attributes.direction as Direction;
  const compare = (wide ? bigCompare(direction) : numberCompare(direction)) as (x: number | bigint, y: number | bigint) => number;
  const read = (s: Side, state: Literal): number | bigint | undefined => {
    if ("value" in s) return s.value;
    if (!isTupleLiteral(state)) return undefined;
    const e = state.elements[s.element];
    if (e === undefined || isTupleLiteral(e) || e.data.length !== 1) return undefined;
    return e.data[0];
  };
  return (state) => {
    const x = read(left, state);
    const y = read(right, state);
    if (x === undefined || y === undefined || typeof x !== typeof y) return undefined;
    return compare(x, y);
  };
}
