/**
 * Turns parsed records into an HloModule: checks names (unique within a
 * computation, operands and computations defined), makes names unique in the
 * module as XLA does (uniquify.ts), picks the entry and each root, orders
 * computations callees-first and instructions def-before-use (HLO text allows
 * forward references), validates attributes with the opcode's zod schema and
 * infers every shape the text left out. All graph walks are iterative.
 */
import type { InstructionAnnotations } from "../annotations.ts";
import { ShapeError, VerifyError } from "../errors.ts";
import { zeroLiteral } from "../literal.ts";
import type { HloInstruction } from "../instruction.ts";
import { type HloComputation, type HloModule, createModule, programShape } from "../module.ts";
import { OPCODES } from "../opcode.ts";
import { type ProgramShape, type Shape, isArrayShape } from "../shape.ts";
import { inferShape } from "../infer/shape_inference.ts";
import { noteValidAttributes } from "../verify/typing_rules.ts";
import { leafCount, normalizeTupleSharding } from "./annotation_text.ts";
import type { CallRef } from "./attribute_text.ts";
import { type Lexer, quote } from "./lexer.ts";
import type { RawComputation, RawInstruction, RawModule } from "./raw_module.ts";
import { XlaNameUniquer } from "./uniquify.ts";

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
    case "fused":
    case "async": return [...(c.calls?.names ?? [])];
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
  comps.forEach((c, i) => index.set(c.name, i));
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
  if (inst.opcode === "constant") {
    // An elided constant holds zeros of its shape as a placeholder; `elided` says the values are unknown.
    if (inst.elided && inst.declared !== undefined) {
      attributes.literal = zeroLiteral(inst.declared);
      attributes.elided = true;
    } else {
      attributes.literal = inst.literal;
    }
  }
  if (inst.opcode === "map" && attributes.dimensions === undefined) {
    const first = operandShapes[0] ?? inst.declared;
    attributes.dimensions = first && isArrayShape(first) ? first.dimensions.map((_, i) => i) : [];
  }
  const checked = OPCODES[inst.opcode].attributes.safeParse(attributes);
  if (!checked.success) {
    const issues = checked.error.issues.map((i) => `${i.path.join(".") || "attributes"}: ${i.message}`).join("; ");
    throw lx.error(inst.opcodeTok, `invalid attributes for ${inst.opcode} ${inst.name}: ${issues}`);
  }
  // The verifier need not check the schema again once the module is frozen.
  noteValidAttributes(attributes, inst.opcode);
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
  const annotations = buildAnnotations(lx, inst, shape);
  const built = { name: inst.name, opcode: inst.opcode, operands: inst.operands.map((o) => o.name), shape, attributes, called };
  return (annotations === undefined ? built : { ...built, annotations }) as HloInstruction;
}

/** The instruction's annotations checked against its shape, or undefined when it has none. */
function buildAnnotations(lx: Lexer, inst: RawInstruction, shape: Shape): InstructionAnnotations | undefined {
  let a: InstructionAnnotations = inst.annotations;
  if (a.sharding !== undefined) a = { ...a, sharding: normalizeTupleSharding(a.sharding, shape) };
  if (a.parameterReplication !== undefined && a.parameterReplication.length !== leafCount(shape)) {
    throw lx.error(inst.endTok, `parameter has ${leafCount(shape)} leaf buffers, but parameter_replication has ${a.parameterReplication.length} elements.`);
  }
  if (inst.controlPredecessors !== undefined) a = { ...a, controlPredecessors: inst.controlPredecessors.names };
  return Object.keys(a).length === 0 ? undefined : a;
}

function buildComputation(lx: Lexer, comp: RawComputation, programs: ReadonlyMap<string, ProgramShape>): HloComputation {
  const insts = comp.instructions;
  const index = new Map<string, number>();
  insts.forEach((inst, i) => index.set(inst.name, i));
  for (const inst of insts) {
    const preds = inst.controlPredecessors;
    preds?.names.forEach((n, k) => {
      if (!index.has(n)) throw lx.error(preds.toks[k], `instruction '${n}' is not defined (control predecessor of ${inst.name} in computation ${comp.name})`);
    });
  }
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

/**
 * Renames computations and instructions to names unique in the module, as
 * XLA's HloModule does when the parser adds each computation (in text order,
 * instructions in text order), and makes every reference follow: operands,
 * called computations, control predecessors. Names unique already are kept.
 */
function uniquifyNames(lx: Lexer, comps: readonly RawComputation[]): RawComputation[] {
  const seen = new Map<string, RawComputation>();
  for (const c of comps) {
    if (seen.has(c.name)) throw lx.error(c.nameTok, `computation ${c.name} is defined twice`);
    seen.set(c.name, c);
    const local = new Set<string>();
    for (const inst of c.instructions) {
      if (local.has(inst.name)) throw lx.error(inst.nameTok, `instruction ${quote(inst.nameTok)} is already defined in computation ${c.name}`);
      local.add(inst.name);
    }
  }
  const compNames = new XlaNameUniquer();
  const compRename = new Map(comps.map((c) => [c.name, compNames.unique(c.name)]));
  const instNames = new XlaNameUniquer();
  const renameCall = (ref: CallRef): CallRef => ({ names: ref.names.map((n) => compRename.get(n) ?? n), toks: ref.toks });
  const locals = comps.map((c) => new Map(c.instructions.map((i) => [i.name, instNames.unique(i.name)])));
  // Names unique already (as a generated module's are) leave the records as they are.
  const same = (m: ReadonlyMap<string, string>): boolean => {
    for (const [a, b] of m) if (a !== b) return false;
    return true;
  };
  if (same(compRename) && locals.every(same)) return [...comps];
  return comps.map((c, k) => {
    const local = locals[k];
    const rename = (n: string): string => local.get(n) ?? n;
    const instructions = c.instructions.map((inst): RawInstruction => {
      const calls = Object.fromEntries(Object.entries(inst.calls).map(([role, ref]) => [role, renameCall(ref)]));
      const preds = inst.controlPredecessors;
      return {
        ...inst,
        name: rename(inst.name),
        operands: inst.operands.map((o) => ({ name: rename(o.name), tok: o.tok })),
        calls,
        ...(preds === undefined ? {} : { controlPredecessors: { names: preds.names.map(rename), toks: preds.toks } }),
      };
    });
    return { ...c, name: compRename.get(c.name) ?? c.name, instructions };
  });
}

export function moduleFromText(lx: Lexer, raw: RawModule): HloModule {
  const entries = raw.computations.filter((c) => c.isEntry);
  if (entries.length > 1) throw lx.error(entries[1].nameTok, "expects only one ENTRY");
  const comps = uniquifyNames(lx, raw.computations);
  // XLA's entry: the computation marked ENTRY, else the last one.
  const entry = comps.find((c) => c.isEntry) ?? comps[comps.length - 1];
  const programs = new Map<string, ProgramShape>();
  const computations: HloComputation[] = [];
  for (const comp of orderComputations(lx, comps)) {
    const built = buildComputation(lx, comp, programs);
    programs.set(built.name, programShape(built));
    computations.push(built);
  }
  // Without an `HloModule` line, XLA names the module after its entry computation.
  const name = raw.name ?? `module_${entry.name}`;
  try {
    return createModule({ name, computations, entry: entry.name, headerAttributes: raw.headerAttributes, stackFrames: raw.stackFrames });
  } catch (e) {
    // What the text parser let through but createModule refuses is still a problem of the text: report it at the module's start.
    if (e instanceof VerifyError) throw lx.error(0, e.problems.join("; "));
    throw e;
  }
}
