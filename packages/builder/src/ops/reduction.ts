/** Reductions and windows: reduce, reduce-window, select-and-scatter and sort. */
import type { XlaOp } from "../op.ts";
import { type WindowOptions, makeWindow } from "../op_options.ts";
import type { Recorder } from "../recorder.ts";
import { type ComputationOf, computation } from "../sub_builder.ts";
import { arrayOf, listOf } from "./operand_shapes.ts";

/** Operands, inits typed like their operands, and the reducer's parameter types (inits' types, then operands'). */
function reduceArgs(r: Recorder, where: string, operand: XlaOp | readonly XlaOp[], init: XlaOp | readonly XlaOp[]) {
  const operands = listOf(operand).map((o) => r.typed(o, undefined, where));
  const inits = listOf(init).map((v, i) => r.like(v, operands[i], where));
  const types = [...inits, ...operands].map((o) => arrayOf(o, where).elementType);
  return { operands, inits, types };
}

export function reduce<B>(
  r: Recorder<B>, operand: XlaOp | readonly XlaOp[], init: XlaOp | readonly XlaOp[], reducer: ComputationOf<B>, dimensionsToReduce: readonly number[],
): XlaOp {
  return r.atomically(() => {
    const { operands, inits, types } = reduceArgs(r, "reduce", operand, init);
    const called = computation(r, reducer, types, "reducer");
    return r.add("reduce", [...operands, ...inits], { dimensions: [...dimensionsToReduce] }, { called: [called] });
  });
}

export function reduceWindow<B>(
  r: Recorder<B>, operand: XlaOp | readonly XlaOp[], init: XlaOp | readonly XlaOp[], reducer: ComputationOf<B>, window: WindowOptions,
): XlaOp {
  return r.atomically(() => {
    const { operands, inits, types } = reduceArgs(r, "reduce-window", operand, init);
    const called = computation(r, reducer, types, "reducer");
    return r.add("reduce-window", [...operands, ...inits], { window: makeWindow(window) }, { called: [called] });
  });
}

export function selectAndScatter<B>(
  r: Recorder<B>, operand: XlaOp, select: ComputationOf<B>, window: WindowOptions, source: XlaOp, init: XlaOp, scatter: ComputationOf<B>,
): XlaOp {
  return r.atomically(() => {
    const x = r.typed(operand, undefined, "select-and-scatter");
    const t = arrayOf(x, "select-and-scatter").elementType;
    const called = [computation(r, select, [t, t], "select"), computation(r, scatter, [t, t], "scatter")];
    const [src, v] = [r.like(source, x, "select-and-scatter"), r.like(init, x, "select-and-scatter")];
    return r.add("select-and-scatter", [x, src, v], { window: makeWindow(window) }, { called });
  });
}

export function sort<B>(r: Recorder<B>, operands: readonly XlaOp[], comparator: ComputationOf<B>, dimension: number, isStable: boolean): XlaOp {
  return r.atomically(() => {
    const ops = operands.map((o) => r.typed(o, undefined, "sort"));
    const first = ops[0] ? arrayOf(ops[0], "sort") : undefined;
    const dim = dimension < 0 && first ? first.dimensions.length + dimension : dimension;
    const types = ops.flatMap((o) => { const t = arrayOf(o, "sort").elementType; return [t, t]; });
    return r.add("sort", ops, { dimension: dim, isStable }, { called: [computation(r, comparator, types, "comparator")] });
  });
}
