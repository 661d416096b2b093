/**
 * XLA's sugared printing of async ops (HloPrintOptions' syntax_sugar_async_ops,
 * on by default): an async-start whose wrapped computation is one op on its
 * parameters prints as `op-start(operands)`, with its thread and then the op's
 * attributes; the async-update / async-done that follow it print as
 * `op-update` / `op-done`; the wrapped computation is not printed. The parser
 * reads this spelling back (parser.ts, parseAsyncSugar).
 *
 * minixla sugars only what reads back the same: a computation called by one
 * async-start and otherwise only by async ops, whose root takes the
 * parameters in order (XLA would also sugar `subtract(p1, p0)` and lose the
 * swap), carries no annotations of its own, and whose `op-start` spelling is
 * not an opcode already (all-reduce-start, copy-start).
 */
import type { HloInstruction, InstructionOf } from "../instruction.ts";
import { type HloComputation, type HloModule, instructionMap } from "../module.ts";
import { isOpcode } from "../opcode.ts";
import { annotationParts } from "./annotation_text.ts";

/** Wrapped computations printed as sugar: computation name -> the op it wraps. */
export type AsyncSugarTable = ReadonlyMap<string, HloInstruction>;

const isAsync = (i: HloInstruction): boolean => i.opcode === "async-start" || i.opcode === "async-update" || i.opcode === "async-done";

function singleOp(c: HloComputation): HloInstruction | undefined {
  const root = instructionMap(c).get(c.root);
  if (root === undefined || root.opcode === "parameter" || isOpcode(`${root.opcode}-start`)) return undefined;
  const { before, after } = annotationParts(root.annotations);
  if (before.length + after.length > 0) return undefined;
  const params = c.instructions.filter((i) => i !== root);
  if (params.length !== root.operands.length || params.some((p) => p.opcode !== "parameter")) return undefined;
  const map = instructionMap(c);
  const inOrder = root.operands.every((o, k) => {
    const p = map.get(o);
    return p !== undefined && p.opcode === "parameter" && (p as InstructionOf<"parameter">).attributes.parameterNumber === k;
  });
  return inOrder ? root : undefined;
}

export function asyncSugarTable(m: HloModule): AsyncSugarTable {
  const callers = new Map<string, HloInstruction[]>();
  for (const c of m.computations) {
    for (const i of c.instructions) for (const name of i.called) callers.set(name, [...(callers.get(name) ?? []), i]);
  }
  const table = new Map<string, HloInstruction>();
  for (const c of m.computations) {
    const users = callers.get(c.name) ?? [];
    if (c.name === m.entry || users.filter((u) => u.opcode === "async-start").length !== 1 || !users.every(isAsync)) continue;
    const op = singleOp(c);
    if (op !== undefined) table.set(c.name, op);
  }
  return table;
}

/** The wrapped op an async instruction prints with, found through its start; undefined when it prints plainly. */
export function sugaredOp(inst: HloInstruction, comp: HloComputation, table: AsyncSugarTable): HloInstruction | undefined {
  if (!isAsync(inst)) return undefined;
  const map = instructionMap(comp);
  let start: HloInstruction | undefined = inst;
  // async-update and async-done reach their start through the async state they take.
  for (let steps = 0; start !== undefined && start.opcode !== "async-start" && steps <= comp.instructions.length; steps++) {
    start = isAsync(start) ? map.get(start.operands[0]) : undefined;
  }
  if (start === undefined || start.opcode !== "async-start") return undefined;
  const wrapped = start.called[0];
  return wrapped === undefined ? undefined : table.get(wrapped);
}
