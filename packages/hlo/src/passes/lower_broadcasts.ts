/**
 * lowerBroadcasts: makes every implicit broadcast explicit. Each operand of an
 * element-wise op whose dimensions differ from the result's gets at most one
 * `reshape` (dropping the size-1 dimensions that expand) and one `broadcast`
 * (with explicit `dimensions`); a scalar gets one `broadcast` with
 * `dimensions={}`. Binary ops lose their `broadcast_dimensions`. Afterwards the
 * verifier holds without `allowImplicitBroadcast`.
 */
import { produce } from "immer";
import { ShapeError } from "../errors.ts";
import type { HloInstruction } from "../instruction.ts";
import type { HloComputation, HloModule } from "../module.ts";
import { assertStructure, instructionMap } from "../module.ts";
import { NameUniquer } from "../names.ts";
import { hasTrait } from "../opcode.ts";
import { type ArrayShape, isArrayShape, sameDimensions, shape } from "../shape.ts";
import { planBinaryBroadcast } from "../infer/broadcast_rules.ts";

const identityMap = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** Operand dimension i -> result dimension map[i], for each operand of an element-wise op. */
function operandMaps(inst: HloInstruction, operandShapes: readonly ArrayShape[]): readonly (readonly number[])[] {
  if (inst.opcode === "compare" || hasTrait(inst.opcode, "implicit_broadcast")) {
    const bd = "broadcastDimensions" in inst.attributes ? (inst.attributes.broadcastDimensions ?? []) : [];
    const plan = planBinaryBroadcast(operandShapes[0], operandShapes[1], bd);
    return [plan.lhs.dimensionMap, plan.rhs.dimensionMap];
  }
  // select, clamp and unary ops: only scalars may differ from the result.
  return operandShapes.map((s) => identityMap(s.dimensions.length));
}

/** The reshape + broadcast that carry `operand` to `result`; empty if it already fits. */
function expandOperand(
  operandName: string,
  operand: ArrayShape,
  dimensionMap: readonly number[],
  result: ArrayShape,
  names: NameUniquer,
): { readonly name: string; readonly added: HloInstruction[] } {
  if (sameDimensions(operand.dimensions, result.dimensions)) return { name: operandName, added: [] };
  const kept: number[] = [];
  for (let i = 0; i < operand.dimensions.length; i++) {
    if (operand.dimensions[i] === result.dimensions[dimensionMap[i]]) kept.push(i);
  }
  const added: HloInstruction[] = [];
  let current = operandName;
  if (kept.length !== operand.dimensions.length) {
    const reshaped = names.unique("reshape");
    added.push({
      name: reshaped,
      opcode: "reshape",
      operands: [current],
      shape: shape(operand.elementType, kept.map((i) => operand.dimensions[i])),
      attributes: {},
      called: [],
    });
    current = reshaped;
  }
  const broadcastName = names.unique("broadcast");
  added.push({
    name: broadcastName,
    opcode: "broadcast",
    operands: [current],
    shape: shape(operand.elementType, result.dimensions),
    attributes: { dimensions: kept.map((i) => dimensionMap[i]) },
    called: [],
  });
  return { name: broadcastName, added };
}

function withoutBroadcastDimensions(inst: HloInstruction): HloInstruction["attributes"] {
  if (!("broadcastDimensions" in inst.attributes)) return inst.attributes;
  const { broadcastDimensions: _dropped, ...rest } = inst.attributes;
  return rest;
}

function lowerComputation(c: HloComputation, names: NameUniquer): HloComputation {
  const byName = instructionMap(c);
  let changed = false;
  const out: HloInstruction[] = [];
  for (const inst of c.instructions) {
    const result = inst.shape;
    // bitcast-convert between widths adds or drops a minor dimension: never a broadcast.
    const elementwise = hasTrait(inst.opcode, "elementwise") && inst.opcode !== "bitcast-convert";
    const operandShapes = inst.operands.map((o) => byName.get(o)?.shape);
    const needsWork =
      elementwise && isArrayShape(result) &&
      (("broadcastDimensions" in inst.attributes && inst.attributes.broadcastDimensions !== undefined) ||
        operandShapes.some((s) => s !== undefined && isArrayShape(s) && !sameDimensions(s.dimensions, result.dimensions)));
    if (!needsWork || !operandShapes.every((s): s is ArrayShape => s !== undefined && isArrayShape(s))) {
      out.push(inst);
      continue;
    }
    changed = true;
    let maps: readonly (readonly number[])[];
    try {
      maps = operandMaps(inst, operandShapes);
    } catch (e) {
      // A module from text may hold a broadcast the rules forbid: name the instruction.
      if (e instanceof ShapeError) throw new ShapeError(`${inst.name} (${inst.opcode}): ${e.message}`);
      throw e;
    }
    const operands = inst.operands.map((o, i) => {
      const { name, added } = expandOperand(o, operandShapes[i], maps[i], result, names);
      out.push(...added);
      return name;
    });
    out.push({ ...inst, operands, attributes: withoutBroadcastDimensions(inst) } as HloInstruction);
  }
  return changed ? { ...c, instructions: out } : c;
}

/** Makes every implicit broadcast of element-wise ops explicit (broadcast instructions), as the interpreter requires. */
export function lowerBroadcasts(m: HloModule): HloModule {
  assertStructure(m, "lowerBroadcasts");
  const names = new NameUniquer(m.computations.flatMap((c) => [c.name, ...c.instructions.map((i) => i.name)]));
  return produce(m, (draft) => {
    m.computations.forEach((c, i) => {
      const lowered = lowerComputation(c, names);
      if (lowered !== c) draft.computations[i] = lowered as (typeof draft.computations)[number];
    });
  });
}
