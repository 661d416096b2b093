/**
 * Computations and modules. A computation lists its instructions in a valid
 * order (every operand before its user) and names its root; a module lists its
 * computations callees-first and names the entry. Modules are deeply frozen:
 * build them with `createModule`, change them only through passes that return
 * new modules.
 */
import { freeze } from "immer";
import { HloError } from "./errors.ts";
import type { HloInstruction } from "./instruction.ts";
import type { ProgramShape, Shape } from "./shape.ts";

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

export interface HloModule {
  readonly name: string;
  readonly computations: readonly HloComputation[];
  readonly entry: string;
  readonly headerAttributes: readonly HeaderAttribute[];
}

export function createModule(m: {
  name: string;
  computations: readonly HloComputation[];
  entry: string;
  headerAttributes?: readonly HeaderAttribute[];
}): HloModule {
  return freeze(
    { name: m.name, computations: m.computations, entry: m.entry, headerAttributes: m.headerAttributes ?? [] },
    true,
  );
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

export function getComputation(m: HloModule, name: string): HloComputation {
  const c = computationMap(m).get(name);
  if (!c) throw new HloError(`computation does not exist: ${name}`);
  return c;
}

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

export function getInstruction(c: HloComputation, name: string): HloInstruction {
  const i = instructionMap(c).get(name);
  if (!i) throw new HloError(`instruction does not exist: ${name} (in computation ${c.name})`);
  return i;
}

export function rootInstruction(c: HloComputation): HloInstruction {
  return getInstruction(c, c.root);
}

/** Parameters ordered by parameter number. */
export function parametersOf(c: HloComputation): HloInstruction[] {
  const params = c.instructions.filter((i) => i.opcode === "parameter");
  const num = (i: HloInstruction) => (i.opcode === "parameter" ? i.attributes.parameterNumber : 0);
  return params.sort((a, b) => num(a) - num(b));
}

export function programShape(c: HloComputation): ProgramShape {
  const parameters: Shape[] = parametersOf(c).map((p) => p.shape);
  return { parameters, result: rootInstruction(c).shape };
}
