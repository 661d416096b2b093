/**
 * Shrinking a dimension consistently: an entry parameter's dimension is
 * halved, and every instruction downstream takes the shape its operands now
 * give it (re-inferred by the shape rules; a broadcast keeps its dimension
 * mapping and shrinks the mapped output dimension). Where an instruction
 * cannot follow (a reshape, a slice whose bounds no longer fit, an op whose
 * shape is written out), the edit gives up: the reducer tries another one.
 */
import { ShapeError } from "../errors.ts";
import { inferShape } from "../infer/shape_inference.ts";
import type { HloInstruction } from "../instruction.ts";
import { type HloModule, createModule, entryComputation, programShape } from "../module.ts";
import { dce } from "../passes/dce.ts";
import { type Shape, isArrayShape, shape as arrayShape } from "../shape.ts";

/** The new shape of `inst` given its operands' shapes, or undefined when it cannot follow. */
function followShape(inst: HloInstruction, operands: readonly Shape[], m: HloModule): Shape | undefined {
  if (inst.opcode === "broadcast") {
    const src = operands[0];
    if (!isArrayShape(src) || !isArrayShape(inst.shape)) return undefined;
    const dims = [...inst.shape.dimensions];
    inst.attributes.dimensions.forEach((d, j) => {
      dims[d] = src.dimensions[j];
    });
    return arrayShape(inst.shape.elementType, dims);
  }
  try {
    const called = inst.called.map((name) => {
      const c = m.computations.find((k) => k.name === name);
      if (c === undefined) throw new ShapeError(`no computation ${name}`);
      return programShape(c);
    });
    return inferShape({ opcode: inst.opcode, operands, attributes: inst.attributes, called } as Parameters<typeof inferShape>[0]);
  } catch {
    return undefined;
  }
}

/** Entry parameter `name`'s dimension `k` halved (rounded up), every use following; undefined when some use cannot follow. */
export function shrinkDimension(m: HloModule, name: string, k: number): HloModule | undefined {
  const entry = entryComputation(m);
  const param = entry.instructions.find((i) => i.name === name);
  if (param === undefined || param.opcode !== "parameter" || !isArrayShape(param.shape) || k >= param.shape.dimensions.length) return undefined;
  const d = param.shape.dimensions[k];
  if (d <= 1) return undefined;
  const dims = param.shape.dimensions.map((x, j) => (j === k ? Math.ceil(d / 2) : x));
  const shapes = new Map<string, Shape>();
  const original = new Map(entry.instructions.map((i) => [i.name, i.shape]));
  const out: HloInstruction[] = [];
  for (const inst of entry.instructions) {
    if (inst === param) {
      const s = arrayShape(param.shape.elementType, dims);
      shapes.set(inst.name, s);
      out.push({ ...inst, shape: s } as HloInstruction);
      continue;
    }
    if (!inst.operands.some((o) => shapes.has(o))) {
      out.push(inst);
      continue;
    }
    const operandShapes = inst.operands.map((o) => shapes.get(o) ?? original.get(o));
    if (operandShapes.some((s) => s === undefined)) return undefined;
    const next = followShape(inst, operandShapes as Shape[], m);
    if (next === undefined) return undefined;
    shapes.set(inst.name, next);
    out.push({ ...inst, shape: next } as HloInstruction);
  }
  const built = createModule({
    name: m.name,
    computations: m.computations.map((c) => (c.name === entry.name ? { ...entry, instructions: out } : c)),
    entry: m.entry,
    headerAttributes: m.headerAttributes,
    stackFrames: m.stackFrames,
  });
  return dce.run(dce.run(built));
}
