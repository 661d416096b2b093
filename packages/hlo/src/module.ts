/**
 * Computations and modules. A computation lists its instructions in a valid
 * order (every operand before its user) and names its root; a module lists its
 * computations callees-first and names the entry. Modules are deeply frozen:
 * build them with `createModule`, change them only through passes that return
 * new modules.
 */
import { freeze } from "immer";
import { annotationProblems, isAnnotationName } from "./annotation_check.ts";
import type { StackFrameSection } from "./annotations.ts";
import { HloError, VerifyError } from "./errors.ts";
import type { HloInstruction } from "./instruction.ts";
import { nameProblem } from "./names.ts";
import { OPCODES, isOpcode } from "./opcode.ts";
import { type ProgramShape, type Shape, shapeFormProblem } from "./shape.ts";
import { rawAttributeValueProblem, rawValueProblem } from "./text/raw_value.ts";

/** A computation: its instructions in order, and the name of its root. */
export interface HloComputation {
  readonly name: string;
  readonly instructions: readonly HloInstruction[];
  readonly root: string;
}

/** A module-header attribute kept as text (e.g. frontend_attributes={...}). */
export interface HeaderAttribute {
  readonly name: string;
  readonly value: string;
}

/** An HLO module: its computations, and which one is the entry. */
export interface HloModule {
  readonly name: string;
  readonly computations: readonly HloComputation[];
  readonly entry: string;
  readonly headerAttributes: readonly HeaderAttribute[];
  /** The stack-frame index read from text (absent when there is none), printed back after the header. */
  readonly stackFrames?: readonly StackFrameSection[];
}

/**
 * Builds a frozen module. Refuses, with a VerifyError listing every problem,
 * what would print as text that does not parse back to the same module: names
 * that are not valid HLO names (see names.ts; names are refused, never
 * silently changed, since operands refer to them), an unknown opcode, and raw
 * attribute values that are not exactly one HLO value, and shapes without
 * the form of a shape. Names used twice, dangling references, sizes out of
 * range and typing rules are the verifier's job (verifyModule).
 */
export function createModule(m: {
  name: string;
  computations: readonly HloComputation[];
  entry: string;
  headerAttributes?: readonly HeaderAttribute[];
  stackFrames?: readonly StackFrameSection[];
}): HloModule {
  const problems = moduleStructureProblems(m);
  if (problems.length > 0) throw new VerifyError(problems.slice(0, 20), `createModule: module ${JSON.stringify(String(m.name))} cannot be built`);
  const base = { name: m.name, computations: m.computations, entry: m.entry, headerAttributes: m.headerAttributes ?? [] };
  return freeze(m.stackFrames === undefined || m.stackFrames.length === 0 ? base : { ...base, stackFrames: m.stackFrames }, true);
}

const structurallySound = new WeakSet<HloModule>();

/**
 * For a stage (printing, passes, lowering, evaluation) that may be handed a
 * module object made by hand: throws VerifyError naming the stage, instead of
 * failing later with a TypeError, unless the module has what createModule
 * checks plus sound references (entry, roots, operands and callees name what
 * exists) and operand counts and attributes that fit the opcode. Typing rules
 * (shapes agreeing with operands) stay the verifier's.
 * Each module object is checked once.
 */
export function assertStructure(m: HloModule, stage: string): void {
  if (structurallySound.has(m)) return;
  let problems: string[];
  if (typeof m !== "object" || m === null) problems = [`expected a module, got ${String(m)}`];
  else {
    problems = moduleStructureProblems(m);
    if (problems.length === 0) problems = referenceProblems(m);
  }
  if (problems.length > 0) throw new VerifyError(problems.slice(0, 20), `${stage}: the module cannot be processed`);
  structurallySound.add(m);
}

/**
 * Dangling names, operand counts and attributes that do not fit the opcode
 * (for a module whose form is sound): what printing and passes read without
 * checking.
 */
function referenceProblems(m: HloModule): string[] {
  const problems: string[] = [];
  const computations = new Set(m.computations.map((c) => c.name));
  if (!computations.has(m.entry)) problems.push(`module ${m.name}: entry computation ${m.entry} does not exist`);
  for (const c of m.computations) {
    const names = new Set(c.instructions.map((i) => i.name));
    if (!names.has(c.root)) problems.push(`computation ${c.name}: root ${c.root} is not an instruction of it`);
    for (const inst of c.instructions) {
      // Messages are built only for a problem: this runs over every instruction of large modules.
      const where = () => `computation ${c.name}, instruction ${inst.name}`;
      for (const o of inst.operands) if (!names.has(o)) problems.push(`${where()}: operand ${o} is not an instruction of the computation`);
      for (const callee of inst.called) if (!computations.has(callee)) problems.push(`${where()}: called computation ${callee} does not exist`);
      const info = OPCODES[inst.opcode];
      const { arity, minOperands } = info as { readonly arity: number | "variadic"; readonly minOperands?: number };
      const n = inst.operands.length;
      if (arity === "variadic" ? n < (minOperands ?? 0) : n !== arity) {
        problems.push(`${where()}: ${inst.opcode} takes ${arity === "variadic" ? `at least ${minOperands ?? 0}` : arity} operand(s), got ${n}`);
      }
      if (!attributesChecked.has(inst)) {
        const parsed = info.attributes.safeParse(inst.attributes);
        if (parsed.success) attributesChecked.add(inst);
        else problems.push(`${where()}: invalid attributes for ${inst.opcode}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
      }
    }
  }
  return problems;
}

/**
 * Instructions whose attributes fit their opcode's schema. Instructions are
 * immutable and shared between a module and the modules passes make from it,
 * so each is checked once, not once per pass.
 */
const attributesChecked = new WeakSet<HloInstruction>();

/**
 * What createModule refuses in `m` (empty when it can be built); the printer
 * checks it too, for module objects made without createModule.
 */
export function moduleStructureProblems(m: {
  name: unknown;
  computations: readonly HloComputation[];
  entry: unknown;
  headerAttributes?: readonly HeaderAttribute[];
  stackFrames?: readonly StackFrameSection[];
}): string[] {
  const problems: string[] = [];
  const named = (what: string | (() => string), name: unknown) => {
    const p = nameProblem(name);
    if (p !== undefined) problems.push(`${typeof what === "string" ? what : what()}: ${p}`);
  };
  named("module name", m.name);
  named("entry", m.entry);
  if (!Array.isArray(m.computations)) return [...problems, "computations must be an array"];
  const whereOf = (c: HloComputation, inst: HloInstruction): string => `computation ${String(c.name)}, instruction ${JSON.stringify(String(inst.name))}`;
  const namedIn = (c: HloComputation, inst: HloInstruction, what: string, name: unknown): void => {
    if (nameProblem(name) !== undefined) named(`${whereOf(c, inst)}: ${what}`, name);
  };
  const seenHeader = new Set<string>();
  for (const a of m.headerAttributes ?? []) {
    if (typeof a.name !== "string" || !/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(a.name)) problems.push(`header attribute name ${JSON.stringify(a.name)} is not an HLO attribute name`);
    else if (a.name === "entry_computation_layout") problems.push("header attribute entry_computation_layout is derived from the entry computation and cannot be given");
    else if (seenHeader.has(a.name)) problems.push(`header attribute ${a.name} is given twice`);
    seenHeader.add(String(a.name));
    const v = rawValueProblem(a.value);
    if (v !== undefined) problems.push(`header attribute ${String(a.name)}: ${v}`);
  }
  for (const section of m.stackFrames ?? []) {
    for (const e of section.entries) {
      const v = rawValueProblem(e.value);
      if (!Number.isSafeInteger(e.id) || e.id < 0) problems.push(`${section.name} entry id ${String(e.id)} is not a non-negative integer`);
      if (v !== undefined) problems.push(`${section.name} entry ${e.id}: ${v}`);
    }
  }
  // Indexed loops: this runs over every instruction of large modules, and iterators cost there.
  const comps = m.computations as readonly unknown[] as readonly HloComputation[];
  for (let ci = 0; ci < comps.length; ci++) {
    const c = comps[ci];
    if (typeof c !== "object" || c === null) {
      problems.push(`a computation must be an object, got ${String(c)}`);
      continue;
    }
    named("computation name", c.name);
    named(`computation ${String(c.name)}: root`, c.root);
    if (!Array.isArray(c.instructions)) {
      problems.push(`computation ${String(c.name)}: instructions must be an array`);
      continue;
    }
    const insts = c.instructions as readonly unknown[] as readonly HloInstruction[];
    for (let ii = 0; ii < insts.length; ii++) {
      const inst = insts[ii];
      if (typeof inst !== "object" || inst === null) {
        problems.push(`computation ${String(c.name)}: an instruction must be an object, got ${String(inst)}`);
        continue;
      }
      // Messages are built only for a problem: this runs over every instruction of large modules.
      namedIn(c, inst, "instruction name", inst.name);
      if (typeof inst.opcode !== "string" || !isOpcode(inst.opcode)) problems.push(`${whereOf(c, inst)}: unknown opcode ${JSON.stringify(String(inst.opcode))}`);
      const shapeIssue = wellFormedShapes.has(inst.shape) ? undefined : shapeFormProblem(inst.shape);
      if (shapeIssue !== undefined) problems.push(`${whereOf(c, inst)}: malformed shape: ${shapeIssue}`);
      else noteWellFormed(inst.shape);
      if (typeof inst.attributes !== "object" || inst.attributes === null) problems.push(`${whereOf(c, inst)}: attributes must be an object`);
      if (!Array.isArray(inst.operands)) problems.push(`${whereOf(c, inst)}: operands must be an array of names`);
      else for (let k = 0; k < inst.operands.length; k++) namedIn(c, inst, "operand", inst.operands[k]);
      if (!Array.isArray(inst.called)) problems.push(`${whereOf(c, inst)}: called must be an array of computation names`);
      else for (let k = 0; k < inst.called.length; k++) namedIn(c, inst, "called computation", inst.called[k]);
      if (inst.opcode === "custom-call") problems.push(...rawAttributeProblems(whereOf(c, inst), inst.attributes));
      if (inst.annotations !== undefined) problems.push(...annotationProblems(whereOf(c, inst), inst.annotations));
    }
  }
  return problems;
}

/**
 * Array shapes found well formed whose data cannot change (the shape and its
 * dimension and layout lists frozen): builders share one such object among
 * many instructions, so each is checked once.
 */
const wellFormedShapes = new WeakSet<object>();

function noteWellFormed(s: unknown): void {
  if (typeof s !== "object" || s === null || !Object.isFrozen(s)) return;
  const { elementType, dimensions, layout } = s as { elementType?: unknown; dimensions?: unknown; layout?: unknown };
  if (elementType === "tuple" || !Object.isFrozen(dimensions) || (layout !== undefined && !Object.isFrozen(layout))) return;
  wellFormedShapes.add(s);
}

/** Raw custom-call attributes print as `name=value`: each name an identifier, once, each value one HLO value. */
function rawAttributeProblems(where: string, attributes: unknown): string[] {
  const raw = (attributes as { rawAttributes?: unknown } | undefined)?.rawAttributes;
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return [`${where}: rawAttributes must be an array`];
  const problems: string[] = [];
  const seen = new Set<string>(["custom_call_target"]);
  for (const r of raw as readonly { name?: unknown; value?: unknown }[]) {
    const name = r?.name;
    if (typeof name !== "string" || !/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) problems.push(`${where}: raw attribute name ${JSON.stringify(name)} is not an HLO attribute name`);
    else if (seen.has(name)) problems.push(`${where}: attribute ${name} is given twice`);
    else if (isAnnotationName(name)) problems.push(`${where}: raw attribute ${name} would read back as the instruction's ${name} annotation (set annotations instead)`);
    else seen.add(name);
    const v = rawAttributeValueProblem(String(name), r?.value);
    if (v !== undefined) problems.push(`${where}: raw attribute ${String(name)}: ${v}`);
  }
  return problems;
}

const computationIndex = new WeakMap<HloModule, ReadonlyMap<string, HloComputation>>();
const instructionIndex = new WeakMap<HloComputation, ReadonlyMap<string, HloInstruction>>();

/** Name -> computation, built once per (immutable) module. */
export function computationMap(m: HloModule): ReadonlyMap<string, HloComputation> {
  let map = computationIndex.get(m);
  if (!map) {
    map = new Map(m.computations.map((c) => [c.name, c]));
    computationIndex.set(m, map);
  }
  return map;
}

/** The module's computation of that name; throws HloError when absent. */
export function getComputation(m: HloModule, name: string): HloComputation {
  const c = computationMap(m).get(name);
  if (!c) throw new HloError(`computation does not exist: ${name}`);
  return c;
}

/** The module's entry computation. */
export function entryComputation(m: HloModule): HloComputation {
  return getComputation(m, m.entry);
}

/** Name -> instruction, built once per (immutable) computation. */
export function instructionMap(c: HloComputation): ReadonlyMap<string, HloInstruction> {
  let map = instructionIndex.get(c);
  if (!map) {
    map = new Map(c.instructions.map((i) => [i.name, i]));
    instructionIndex.set(c, map);
  }
  return map;
}

/** The computation's instruction of that name; throws HloError when absent. */
export function getInstruction(c: HloComputation, name: string): HloInstruction {
  const i = instructionMap(c).get(name);
  if (!i) throw new HloError(`instruction does not exist: ${name} (in computation ${c.name})`);
  return i;
}

/** The computation's root instruction. */
export function rootInstruction(c: HloComputation): HloInstruction {
  return getInstruction(c, c.root);
}

/** Parameters ordered by parameter number. */
export function parametersOf(c: HloComputation): HloInstruction[] {
  const params = c.instructions.filter((i) => i.opcode === "parameter");
  const num = (i: HloInstruction) => (i.opcode === "parameter" ? i.attributes.parameterNumber : 0);
  return params.sort((a, b) => num(a) - num(b));
}

/** The computation's signature: parameter shapes in parameter-number order, and the root's shape. */
export function programShape(c: HloComputation): ProgramShape {
  const parameters: Shape[] = parametersOf(c).map((p) => p.shape);
  return { parameters, result: rootInstruction(c).shape };
}

/** Instructions in all computations of the module. */
export function instructionCount(m: HloModule): number {
  return m.computations.reduce((n, c) => n + c.instructions.length, 0);
}
