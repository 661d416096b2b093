/**
 * The module edits a test-case reducer tries (in the spirit of llvm-reduce):
 * each is a pure function from a module to a smaller module, or undefined
 * where it does not apply. They make no promise that the result verifies
 * (a replaced instruction may leave a while loop's shapes inconsistent, say):
 * the reducer verifies every candidate before it is offered to the
 * condition. Dead instructions and computations are removed after each edit.
 */
import type { HloInstruction } from "../instruction.ts";
import { zeroLiteral, type Literal } from "../literal.ts";
import { type HloComputation, type HloModule, createModule, entryComputation } from "../module.ts";
import { NameUniquer } from "../names.ts";
import { dce } from "../passes/dce.ts";
import { inline } from "../passes/inline.ts";
import { type ArrayShape, elementCount, isArrayShape, isTupleShape, tupleShape } from "../shape.ts";

function rebuilt(m: HloModule, name: string, next: HloComputation): HloModule {
  return createModule({
    name: m.name,
    computations: m.computations.map((c) => (c.name === name ? next : c)),
    entry: m.entry,
    headerAttributes: m.headerAttributes,
    stackFrames: m.stackFrames,
  });
}

/** The entry without the parameters nothing uses, the others renumbered in order; undefined when every one is used. */
function pruneParameters(m: HloModule): HloModule | undefined {
  const entry = entryComputation(m);
  const used = new Set<string>([entry.root]);
  for (const i of entry.instructions) for (const o of i.operands) used.add(o);
  const params = entry.instructions.filter((i) => i.opcode === "parameter");
  const unused = new Set(params.filter((p) => !used.has(p.name)).map((p) => p.name));
  if (unused.size === 0) return undefined;
  const kept = params.filter((p) => !unused.has(p.name)).sort((a, b) => number(a) - number(b));
  const renumber = new Map(kept.map((p, i) => [p.name, i]));
  const instructions = entry.instructions
    .filter((i) => !unused.has(i.name))
    .map((i) => (i.opcode === "parameter" ? ({ ...i, attributes: { parameterNumber: renumber.get(i.name) ?? 0 } } as HloInstruction) : i));
  return rebuilt(m, entry.name, { ...entry, instructions });
}

/**
 * A copy of `m` with computation `name` replaced, dead code removed, and
 * entry parameters left unused removed (so that cutting a value off its
 * inputs counts as the reduction it is).
 */
function withComputation(m: HloModule, name: string, next: HloComputation): HloModule {
  // Twice: the first run drops dead instructions, the second the computations only they called.
  const clean = dce.run(dce.run(rebuilt(m, name, next)));
  return pruneParameters(clean) ?? clean;
}

/** Every use of `from` (operands and root) read from `to` instead. */
function redirectUses(c: HloComputation, from: string, to: string): HloComputation {
  return {
    ...c,
    instructions: c.instructions.map((i) => (i.operands.includes(from) ? ({ ...i, operands: i.operands.map((o) => (o === from ? to : o)) } as HloInstruction) : i)),
    root: c.root === from ? to : c.root,
  };
}

function findComputation(m: HloModule, name: string): HloComputation | undefined {
  return m.computations.find((c) => c.name === name);
}

/** The entry root tuple without element `k` (a single remaining element becomes the root itself). */
export function dropTupleElement(m: HloModule, k: number): HloModule | undefined {
  const entry = entryComputation(m);
  const root = entry.instructions.find((i) => i.name === entry.root);
  if (root === undefined || root.opcode !== "tuple" || root.operands.length < 2 || k >= root.operands.length) return undefined;
  if (!isTupleShape(root.shape)) return undefined;
  const operands = root.operands.filter((_, i) => i !== k);
  if (operands.length === 1) return withComputation(m, entry.name, { ...entry, root: operands[0] });
  const shapes = root.shape.tupleShapes.filter((_, i) => i !== k);
  const next = { ...root, operands, shape: tupleShape(shapes) } as HloInstruction;
  return withComputation(m, entry.name, { ...entry, instructions: entry.instructions.map((i) => (i === root ? next : i)) });
}

/** Instruction `name` of the entry computation replaced by a new parameter of its shape (numbered after the others). */
export function replaceByParameter(m: HloModule, name: string): HloModule | undefined {
  const entry = entryComputation(m);
  const inst = entry.instructions.find((i) => i.name === name);
  if (inst === undefined || inst.opcode === "parameter" || !isArrayShape(inst.shape) || inst.shape.elementType === "token") return undefined;
  const number = entry.instructions.filter((i) => i.opcode === "parameter").length;
  const param: HloInstruction = { name, opcode: "parameter", operands: [], shape: inst.shape, attributes: { parameterNumber: number }, called: [] };
  return withComputation(m, entry.name, { ...entry, instructions: entry.instructions.map((i) => (i === inst ? param : i)) });
}

/** Instruction `name` of computation `computation` replaced by a constant of its shape, all zeros. */
export function replaceByConstant(m: HloModule, computation: string, name: string): HloModule | undefined {
  const c = findComputation(m, computation);
  const inst = c?.instructions.find((i) => i.name === name);
  if (c === undefined || inst === undefined || inst.opcode === "constant" || inst.opcode === "parameter") return undefined;
  if (!isArrayShape(inst.shape) || inst.shape.elementType === "token" || elementCount(inst.shape) > 1 << 16) return undefined;
  const constant: HloInstruction = { name, opcode: "constant", operands: [], shape: inst.shape, attributes: { literal: zeroLiteral(inst.shape) }, called: [] };
  return withComputation(m, c.name, { ...c, instructions: c.instructions.map((i) => (i === inst ? constant : i)) });
}

/** Every use of instruction `name` reads its operand `k` instead (same shape required). */
export function replaceByOperand(m: HloModule, computation: string, name: string, k: number): HloModule | undefined {
  const c = findComputation(m, computation);
  const inst = c?.instructions.find((i) => i.name === name);
  if (c === undefined || inst === undefined || k >= inst.operands.length) return undefined;
  const operand = c.instructions.find((i) => i.name === inst.operands[k]);
  if (operand === undefined || JSON.stringify(operand.shape) !== JSON.stringify(inst.shape)) return undefined;
  return withComputation(m, c.name, redirectUses(c, name, operand.name));
}

/** Every call (and fusion) replaced by its callee's instructions (the `inline` pass); undefined when there is none. */
export function inlineCalls(m: HloModule): HloModule | undefined {
  const next = inline.run(m);
  return next === m ? undefined : dce.run(dce.run(next));
}

/** A conditional replaced by branch `b`, inlined: the branch computation applied to its operand. */
export function conditionalToBranch(m: HloModule, computation: string, name: string, b: number): HloModule | undefined {
  const c = findComputation(m, computation);
  const inst = c?.instructions.find((i) => i.name === name);
  if (c === undefined || inst === undefined || inst.opcode !== "conditional" || b >= inst.called.length) return undefined;
  const call: HloInstruction = { name, opcode: "call", operands: [inst.operands[b + 1]], shape: inst.shape, attributes: {}, called: [inst.called[b]] };
  const withCall = withComputation(m, c.name, { ...c, instructions: c.instructions.map((i) => (i === inst ? call : i)) });
  return inlineCalls(withCall) ?? withCall;
}

/** A constant of more than one element replaced by its first element broadcast to its shape. */
export function constantToScalarBroadcast(m: HloModule, computation: string, name: string): HloModule | undefined {
  const c = findComputation(m, computation);
  const inst = c?.instructions.find((i) => i.name === name);
  if (c === undefined || inst === undefined || inst.opcode !== "constant" || !isArrayShape(inst.shape) || elementCount(inst.shape) <= 1) return undefined;
  const lit = inst.attributes.literal as Literal;
  if (!("data" in lit)) return undefined;
  const t = inst.shape.elementType;
  const lanes = t === "c64" || t === "c128" ? 2 : 1;
  const scalarShape: ArrayShape = { elementType: t, dimensions: [] };
  const data = lit.data.slice(0, lanes);
  const names = new NameUniquer(m.computations.flatMap((k) => [k.name, ...k.instructions.map((i) => i.name)]));
  const scalarName = names.unique(`${name}.scalar`);
  const scalarConst: HloInstruction = { name: scalarName, opcode: "constant", operands: [], shape: scalarShape, attributes: { literal: { shape: scalarShape, data } }, called: [] };
  const broadcast: HloInstruction = { name, opcode: "broadcast", operands: [scalarName], shape: inst.shape, attributes: { dimensions: [] }, called: [] };
  return withComputation(m, c.name, { ...c, instructions: c.instructions.flatMap((i) => (i === inst ? [scalarConst, broadcast] : [i])) });
}

/** Entry parameters that nothing uses removed, the others renumbered in order; undefined when every parameter is used. */
export function removeUnusedParameters(m: HloModule): HloModule | undefined {
  return pruneParameters(m);
}

const number = (p: HloInstruction): number => (p.opcode === "parameter" ? p.attributes.parameterNumber : 0);
