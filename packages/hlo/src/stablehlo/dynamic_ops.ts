/**
 * StableHLO's dynamic_pad, dynamic_gather and dynamic_conv take as operands
 * what pad, gather and convolution take as attributes (the paddings, the
 * slice sizes). As XLA does (its shape refinement folds them into the
 * static ops before they become HLO), minixla reads them as the static op
 * when those operands are constants: `staticForm` finds each operand's
 * `stablehlo.constant` in the enclosing function and makes it the
 * attribute. An operand computed at run time is refused by name: HLO has no
 * op that takes it.
 */
import type { Attr } from "./attributes.ts";
import { denseInts } from "./attributes.ts";
import type { Op, Region, ValueRef } from "./syntax.ts";
import type { Translation } from "./translate.ts";

/** The op of the function around `ref` that defines it. */
function definingOp(t: Translation, ref: ValueRef): Op | undefined {
  // The function holding the use: the last one starting before it (functions do not nest).
  let body: Region | undefined;
  let start = -1;
  for (const f of t.funcs.values()) {
    if (f.body !== undefined && f.at.start <= ref.at && f.at.start > start) {
      start = f.at.start;
      body = f.body;
    }
  }
  const stack: Region[] = body === undefined ? [] : [body];
  while (stack.length > 0) {
    const r = stack.pop() as Region;
    for (const b of r.blocks) {
      for (const op of b.ops) {
        if (op.results.some((g) => g.name === ref.name)) return op;
        stack.push(...op.regions);
      }
    }
  }
  return undefined;
}

/** The integers of a constant operand, a splat expanded to the constant's element count. */
function constantInts(t: Translation, op: Op, index: number, what: string): bigint[] {
  const ref = op.operands[index];
  if (ref === undefined) throw t.out.lx.error(op.at, `${op.name} needs its ${what} operand`);
  const def = definingOp(t, ref);
  const value = def?.name === "stablehlo.constant" || def?.name === "mhlo.constant" ? def.attrs.get("value") : undefined;
  if (def === undefined || value?.kind !== "dense") {
    throw t.out.lx.error(ref.at, `${op.name}: its ${what} operand is not a stablehlo.constant; HLO has no op that takes it as a value (XLA too needs it constant)`);
  }
  const ints = denseInts(t.out.lx, value);
  const type = def.resultTypes[0];
  const count = type?.kind === "tensor" ? type.dims.reduce((a, d) => a * d, 1) : ints.length;
  if (ints.length === 1 && count !== 1) return new Array<bigint>(count).fill(ints[0]);
  if (ints.length !== count) throw t.out.lx.error(ref.at, `${op.name}: its ${what} constant holds ${ints.length} integers, its type ${count}`);
  return ints;
}

/**
 * The static op `name` standing for `op`: the operands at the given indices
 * (constants) become the named attributes, the rest stay operands.
 */
export function staticForm(t: Translation, op: Op, name: string, asAttrs: readonly (readonly [number, string])[]): Op {
  const attrs = new Map<string, Attr>(op.attrs);
  for (const [i, attr] of asAttrs) attrs.set(attr, { kind: "ints", values: constantInts(t, op, i, attr), at: op.operands[i].at });
  const moved = new Set(asAttrs.map(([i]) => i));
  const keep = (_: unknown, i: number) => !moved.has(i);
  return { ...op, name, attrs, operands: op.operands.filter(keep), operandTypes: op.operandTypes?.filter(keep) };
}
