/**
 * Turns parsed records into an HloModule: checks names (unique in the module,
 * operands and computations defined), picks the entry and each root, orders
 * computations callees-first and instructions def-before-use (HLO text allows
 * forward references), validates attributes with the opcode's zod schema and
 * infers every shape the text left out. All graph walks are iterative.
 */
import { ShapeError } from "../errors.ts";
import type { HloInstruction } from "../instruction.ts";
import { type HloComputation, type HloModule, createModule, programShape } from "../module.ts";
import { OPCODES } from "../opcode.ts";
import { type ProgramShape, type Shape, isArrayShape } from "../shape.ts";
import { inferShape } from "../infer/shape_inference.ts";
import type { CallRef } from "./attribute_text.ts";
import { type Lexer, quote } from "./lexer.ts";
import type { RawComputation, RawInstruction, RawModule } from "./parser.ts";

/** Post-order DFS over `deps` (iteratively), visiting roots in the given order; a cycle is reported via `onCycle`. */
function postOrder(count: number, deps: (i: number) => readonly number[], onCycle: (i: number) => never): number[] {
  const state = new Uint8Array(count); // 0 new, 1 on the stack, 2 done
  const order: number[] = [];
  const stack: { node: number; next: number }[] = [];
  for (let root = 0; root < count; root++) {
    if (state[root] !== 0) continue;
    stack.push({ node: root, next: 0 });
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const ds = deps(top.node);
      if (top.next < ds.length) {
        const d = ds[top.next++];
        if (state[d] === 1) onCycle(d);
        if (state[d] === 0) {
          state[d] = 1;
          stack.push({ node: d, next: 0 });
        }
      } else {
        state[top.node] = 2;
        order.push(top.node);
        stack.pop();
      }
    }
  }
  return order;
}

function callRefs(inst: RawInstruction): CallRef[] {
  return Object.values(inst.calls);
}

/** The instruction's `called` list in its opcode's CallsKind order. */
function calledList(lx: Lexer, inst: RawInstruction): string[] {
  const c = inst.calls;
  switch (OPCODES[inst.opcode].calls) {
    case "none": return [];
    case "to_apply": return [...(c.to_apply?.names ?? [])];
    case "fused": return [...(c.calls?.names ?? [])];
    case "while": return [...(c.condition?.names ?? []), ...(c.body?.names ?? [])];
    case "select_scatter": return [...(c.select?.names ?? []), ...(c.scatter?.names ?? [])];
    case "branches": {
      const pair = c.true_computation !== undefined || c.false_computation !== undefined;
      if (pair && c.branch_computations) throw lx.error(inst.opcodeTok, "conditional takes either true_computation/false_computation or branch_computations, not both");
      if (c.branch_computations) return [...c.branch_computations.names];
      if (!c.true_computation || !c.false_computation) {
        throw lx.error(inst.opcodeTok, "conditional needs true_computation= and false_computation=, or branch_computations=");
      }
      return [c.true_computation.names[0], c.false_computation.names[0]];
    }
  }
}

function orderComputations(lx: Lexer, comps: readonly RawComputation[]): RawComputation[] {
  const index = new Map<string, number>();
  comps.forEach((c, i) => {
    if (index.has(c.name)) throw lx.error(c.nameTok, `computation ${c.name} is defined twice`);
    index.set(c.name, i);
  });
  const deps = comps.map((c) => {
    const out: number[] = [];
    for (const inst of c.instructions) {
      for (const ref of callRefs(inst)) {
        ref.names.forEach((n, k) => {
          const j = index.get(n);
          if (j === undefined) throw lx.error(ref.toks[k], `computation does not exist: ${n}`);
          out.push(j);
        });
      }
    }
    return out;
  });
  const order = postOrder(comps.length, (i) => deps[i], (i) => {
    throw lx.error(comps[i].nameTok, `computation ${comps[i].name} calls itself (directly or through others); recursion is not allowed`);
  });
  return order.map((i) => comps[i]);
}

function buildInstruction(lx: Lexer, inst: RawInstruction, shapes: ReadonlyMap<string, Shape>, programs: ReadonlyMap<string, ProgramShape>): HloInstruction {
  const operandShapes = inst.operands.map((o) => shapes.get(o.name) as Shape);
  const attributes: Record<string, unknown> = { ...inst.attributes };
  if (inst.opcode === "parameter") attributes.parameterNumber = inst.parameterNumber;
  if (inst.opcode === "constant") attributes.literal = inst.literal;
  if (inst.opcode === "map" && attributes.dimensions === undefined) {
    const first = operandShapes[0] ?? inst.declared;
    attributes.dimensions = first && isArrayShape(first) ? first.dimensions.map((_, i) => i) : [];
  }
  const checked = OPCODES[inst.opcode].attributes.safeParse(attributes);
  if (!checked.success) {
    const issues = checked.error.issues.map((i) => `${i.path.join(".") || "attributes"}: ${i.message}`).join("; ");
    throw lx.error(inst.opcodeTok, `invalid attributes for ${inst.opcode} ${inst.name}: ${issues}`);
  }
  const called = calledList(lx, inst);
  let shape = inst.declared;
  if (shape === undefined) {
    try {
      shape = inferShape({
        opcode: inst.opcode,
        operands: operandShapes,
        attributes: attributes as never,
        called: called.map((c) => programs.get(c) as ProgramShape),
      });
    } catch (e) {
      if (e instanceof ShapeError) throw lx.error(inst.opcodeTok, `cannot infer the shape of ${inst.name}: ${e.message}`);
      throw e;
    }
  }
  return { name: inst.name, opcode: inst.opcode, operands: inst.operands.map((o) => o.name), shape, attributes, called } as HloInstruction;
}

function buildComputation(lx: Lexer, comp: RawComputation, programs: ReadonlyMap<string, ProgramShape>): HloComputation {
  const insts = comp.instructions;
  const index = new Map<string, number>();
  insts.forEach((inst, i) => index.set(inst.name, i));
  const roots = insts.filter((i) => i.isRoot);
  if (roots.length > 1) throw lx.error(roots[1].nameTok, `one computation should have only one ROOT (computation ${comp.name})`);
  const root = roots[0] ?? insts[insts.length - 1];
  const deps = insts.map((inst) =>
    inst.operands.map((o) => {
      const j = index.get(o.name);
      if (j === undefined) throw lx.error(o.tok, `instruction does not exist: ${o.name} (in computation ${comp.name})`);
      return j;
    }),
  );
  const order = postOrder(insts.length, (i) => deps[i], (i) => {
    throw lx.error(insts[i].nameTok, `instruction ${insts[i].name} depends on itself through its operands`);
  });
  const shapes = new Map<string, Shape>();
  const instructions: HloInstruction[] = [];
  for (const i of order) {
    const built = buildInstruction(lx, insts[i], shapes, programs);
    shapes.set(built.name, built.shape);
    instructions.push(built);
  }
  return { name: comp.name, instructions, root: root.name };
}

export function moduleFromText(lx: Lexer, raw: RawModule): HloModule {
  const entries = raw.computations.filter((c) => c.isEntry);
  if (entries.length > 1) throw lx.error(entries[1].nameTok, "expects only one ENTRY");
  const entry = entries[0] ?? raw.computations[raw.computations.length - 1];
  const names = new Set<string>();
  for (const c of raw.computations) {
    for (const inst of c.instructions) {
      if (names.has(inst.name)) throw lx.error(inst.nameTok, `instruction name ${quote(inst.nameTok)} is already used in this module`);
      names.add(inst.name);
    }
  }
  const programs = new Map<string, ProgramShape>();
  const computations: HloComputation[] = [];
  for (const comp of orderComputations(lx, raw.computations)) {
    const built = buildComputation(lx, comp, programs);
    programs.set(built.name, programShape(built));
    computations.push(built);
  }
  return createModule({ name: raw.name, computations, entry: entry.name, headerAttributes: raw.headerAttributes });
}
