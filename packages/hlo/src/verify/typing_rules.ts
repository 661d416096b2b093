/**
 * Typing rules of the verifier: shapes are well formed, attributes satisfy
 * their opcode's schema, every stored shape equals the shape re-inferred from
 * the operands by the same rule the builder and parser use (element type
 * included, layouts ignored), and, after lowering, element-wise ops never
 * broadcast.
 */
import { HloError } from "../errors.ts";
import { isElementType } from "../element_type.ts";
import { inferShape } from "../infer/shape_inference.ts";
import type { HloInstruction } from "../instruction.ts";
import { type HloComputation, computationMap, instructionMap, programShape } from "../module.ts";
import { OPCODES, hasTrait } from "../opcode.ts";
import { type ProgramShape, type Shape, isArrayShape, isTupleShape, sameDimensions, shapeToString, shapesEqual } from "../shape.ts";
import { arityProblem, calledCountProblem } from "./structural_rules.ts";
import { type VerifyRule, at } from "./rule.ts";

/** What is wrong with a shape's own data (element type, dimension sizes, layout), if anything. */
function shapeProblem(s: Shape): string | undefined {
  if (isTupleShape(s)) {
    for (const t of s.tupleShapes) {
      const p = shapeProblem(t);
      if (p !== undefined) return p;
    }
    return undefined;
  }
  if (!isElementType(s.elementType)) return `unknown element type '${String(s.elementType)}'`;
  const bad = s.dimensions.find((d) => !Number.isInteger(d) || d < 0);
  if (bad !== undefined) return `invalid dimension size ${bad} in shape ${shapeToString(s)}`;
  if (s.layout !== undefined) {
    const r = s.dimensions.length;
    const isPerm = s.layout.length === r && new Set(s.layout).size === r && s.layout.every((d) => Number.isInteger(d) && d >= 0 && d < r);
    if (!isPerm) return `layout {${s.layout.join(",")}} is not a permutation of the dimensions of ${shapeToString(s)}`;
  }
  return undefined;
}

/** Attribute objects of frozen modules found valid for an opcode: both rules below ask, and a frozen object cannot change. */
const validAttributes = new WeakMap<object, string>();

/** Records that a builder checked `attrs` against `opcode`'s schema; trusted once the object is frozen (as createModule freezes it). */
export function noteValidAttributes(attrs: object, opcode: string): void {
  validAttributes.set(attrs, opcode);
}

function attributeProblem(inst: HloInstruction): string | undefined {
  const attrs = inst.attributes as object;
  if (validAttributes.get(attrs) === inst.opcode && Object.isFrozen(attrs)) return undefined;
  const parsed = OPCODES[inst.opcode].attributes.safeParse(inst.attributes);
  if (parsed.success) {
    if (Object.isFrozen(attrs)) validAttributes.set(attrs, inst.opcode);
    return undefined;
  }
  return `invalid attributes for ${inst.opcode}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`;
}

export const validShapes: VerifyRule = {
  name: "valid-shapes",
  description: "every stored shape has a known element type, non-negative integral sizes and a valid layout",
  check: (m) =>
    m.computations.flatMap((c) =>
      c.instructions.flatMap((inst) => {
        const p = shapeProblem(inst.shape);
        return p === undefined ? [] : [at(c, inst, p)];
      }),
    ),
};

export const attributeSchema: VerifyRule = {
  name: "attribute-schema",
  description: "attributes satisfy the opcode's zod schema",
  check: (m) =>
    m.computations.flatMap((c) =>
      c.instructions.flatMap((inst) => {
        const p = attributeProblem(inst);
        return p === undefined ? [] : [at(c, inst, p)];
      }),
    ),
};

/** The signatures of the called computations, or undefined if one is missing or rootless (other rules report that). */
function calledSignatures(byName: ReadonlyMap<string, HloComputation>, inst: HloInstruction): ProgramShape[] | undefined {
  const out: ProgramShape[] = [];
  for (const n of inst.called) {
    const c = byName.get(n);
    if (!c || !instructionMap(c).has(c.root)) return undefined;
    out.push(programShape(c));
  }
  return out;
}

export const shapesMatchInference: VerifyRule = {
  name: "shapes-match-inference",
  description: "every stored shape equals the shape inferred from its operands (element type included, layouts ignored)",
  check(m) {
    const byName = computationMap(m);
    const problems: string[] = [];
    for (const c of m.computations) {
      const insts = instructionMap(c);
      for (const inst of c.instructions) {
        // Concerns owned by other rules make inference meaningless; skip rather than report twice.
        if (arityProblem(inst) || calledCountProblem(inst) || attributeProblem(inst) || shapeProblem(inst.shape)) continue;
        const operands = inst.operands.map((o) => insts.get(o)?.shape);
        if (operands.some((s) => s === undefined || shapeProblem(s) !== undefined)) continue;
        const called = calledSignatures(byName, inst);
        if (called === undefined) continue;
        let inferred: Shape;
        try {
          inferred = inferShape({
            opcode: inst.opcode,
            operands: operands as Shape[],
            attributes: inst.attributes as never,
            called,
            declared: inst.shape,
          });
        } catch (e) {
          problems.push(at(c, inst, e instanceof HloError ? e.message : `shape rule failed: ${e instanceof Error ? e.message : String(e)}`));
          continue;
        }
        if (!shapesEqual(inferred, inst.shape)) {
          problems.push(at(c, inst, `stored shape ${shapeToString(inst.shape)} differs from the inferred shape ${shapeToString(inferred)}`));
        }
      }
    }
    return problems;
  },
};

/**
 * XLA's verifier lets a scalar stand where InferSelectShape and
 * InferClampShape allow one: select's predicate and clamp's bounds (XLA's own
 * tests compile and evaluate these), so they are not implicit broadcasts.
 */
function scalarAllowed(opcode: string, operand: number, s: Shape): boolean {
  if (!isArrayShape(s) || s.dimensions.length !== 0) return false;
  return (opcode === "select" && operand === 0) || (opcode === "clamp" && (operand === 0 || operand === 2));
}

export const noImplicitBroadcast: VerifyRule = {
  name: "no-implicit-broadcast",
  description:
    "unless allowImplicitBroadcast, element-wise operands have the result's dimensions (but a scalar select predicate or clamp bound, and bitcast-convert's operand) and binary ops carry no broadcast_dimensions",
  check(m, opts) {
    if (opts.allowImplicitBroadcast) return [];
    const problems: string[] = [];
    for (const c of m.computations) {
      const insts = instructionMap(c);
      for (const inst of c.instructions) {
        if (!hasTrait(inst.opcode, "elementwise")) continue;
        // bitcast-convert between widths adds or drops a minor dimension by its shape rule: not a broadcast.
        if (inst.opcode === "bitcast-convert") continue;
        if ("broadcastDimensions" in inst.attributes && inst.attributes.broadcastDimensions !== undefined) {
          problems.push(at(c, inst, `broadcast_dimensions={${inst.attributes.broadcastDimensions.join(",")}} is only allowed before lowerBroadcasts`));
        }
        const out = inst.shape;
        for (const [k, o] of inst.operands.entries()) {
          const s = insts.get(o)?.shape;
          if (s === undefined) continue;
          if (scalarAllowed(inst.opcode, k, s)) continue;
          // XLA's CompatibleIgnoringElementType: same tuple-ness and, for arrays, the same dimensions.
          const compatible = isArrayShape(s) && isArrayShape(out) ? sameDimensions(s.dimensions, out.dimensions) : isTupleShape(s) === isTupleShape(out);
          if (!compatible) {
            problems.push(
              at(c, inst, `Implicit broadcast is not allowed in HLO.Found different shapes for instruction ${inst.opcode}.\noutput: ${shapeToString(out)}\noperand: ${shapeToString(s)}\n`),
            );
          }
        }
      }
    }
    return problems;
  },
};

export const TYPING_RULES: readonly VerifyRule[] = [validShapes, attributeSchema, shapesMatchInference, noImplicitBroadcast];
