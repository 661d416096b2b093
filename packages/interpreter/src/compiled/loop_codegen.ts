/**
 * One JavaScript loop nest per kernel plan (kernel_plan.ts), built with
 * `new Function` from text this file writes: identifiers come from counters
 * (a0 arrays, v3 values, i1 counters, p2_1 offsets, g4 functions), numbers
 * are integers computed here (sizes, strides, offsets) written with String(),
 * and the scalar functions arrive as arguments. Nothing from the module
 * (names, metadata, attribute strings) reaches the source.
 *
 * Shape of the code, following the facts in STYLE.md:
 * - dimensions of size 1 are dropped and neighbours merged wherever every
 *   access (and the output) strides them as one, so [1000,1000] + [1000000]
 *   views run as one loop;
 * - each loop walks every access with an offset variable incremented by its
 *   stride (no div/mod per element);
 * - each value is computed in the innermost loop it varies in (a value whose
 *   accesses stride 0 in the inner loops is hoisted: an outer add reads a[i]
 *   once per row);
 * - the innermost loop indexes from its counter and is unrolled up to 16
 *   times (V8 unrolls nothing; measured 1.4-2x on broadcast adds, outer adds
 *   and column sums), folds keeping their order of steps;
 * - each generated function calls its own copies of the scalar functions at
 *   call sites that see one callee, so V8 inlines them.
 * kInput roots fold in the reference's order: for each output element, the
 * reduced elements in row-major order. A reduced suffix of the loops folds
 * into a local accumulator (for a row reduction, one per row of a block of
 * ROW_BLOCK rows); reduced loops outside kept ones fold into whole
 * rows of the output, which holds each element's running accumulator (in
 * float64, for a float add reducer rounded once at the end).
 */
import type { Affine } from "./index_map.ts";
import { type KernelPlan, resultAffine } from "./kernel_plan.ts";

/** Runs a plan: `arrays` are the inputs then the plan's constants (then any further outputs, KernelPlan.extraValues); `out` has the result's element count. */
export type LoopKernel = (arrays: readonly Float64Array[], out: Float64Array) => void;

/** The loops after dropping size-1 dimensions and merging neighbours. */
export interface Loops {
  readonly sizes: readonly number[];
  readonly reduced: readonly boolean[];
  /** Per access, its stride along each loop. */
  readonly strides: readonly (readonly number[])[];
}

export function mergeLoops(iteration: readonly number[], reduced: readonly boolean[] | undefined, accesses: readonly Affine[]): Loops {
  const groups: number[][] = [];
  for (let d = 0; d < iteration.length; d++) {
    if (iteration[d] === 1) continue;
    const last = groups[groups.length - 1];
    const prev = last?.[last.length - 1];
    // prev and d merge when every access steps over all of d in one step of prev.
    const merges =
      prev !== undefined &&
      (reduced?.[prev] ?? false) === (reduced?.[d] ?? false) &&
      accesses.every((a) => a.strides[prev] === iteration[d] * a.strides[d]);
    if (merges) last.push(d);
    else groups.push([d]);
  }
  return {
    sizes: groups.map((g) => g.reduce((n, d) => n * iteration[d], 1)),
    reduced: groups.map((g) => reduced?.[g[0]] ?? false),
    strides: accesses.map((a) => groups.map((g) => a.strides[g[g.length - 1]])),
  };
}

/** A plan's accesses (array reads, iota counters, the output), one per distinct affine map, and its merged loops. */
export interface PlanAccesses {
  readonly accesses: readonly Affine[];
  /** The output's access. */
  readonly outAccess: number;
  /** Each node's access (-1 for ops). */
  readonly nodeAccess: readonly number[];
  readonly loops: Loops;
}

export function planAccesses(plan: KernelPlan): PlanAccesses {
  const accesses: Affine[] = [];
  const accessKeys = new Map<string, number>();
  const accessOf = (a: Affine): number => {
    const key = `${a.base}|${a.strides.join(",")}`;
    let k = accessKeys.get(key);
    if (k === undefined) {
      k = accesses.length;
      accesses.push(a);
      accessKeys.set(key, k);
    }
    return k;
  };
  const outAccess = accessOf(resultAffine(plan));
  const nodeAccess = plan.nodes.map((n) => (n.kind === "op" ? -1 : accessOf(n.at)));
  return { accesses, outAccess, nodeAccess, loops: mergeLoops(plan.iteration, plan.reduce?.reduced, accesses) };
}


/** Function objects numbered by identity, so equal keys mean equal functions. */
const functionIds = new WeakMap<object, number>();
let nextFunctionId = 0;
function functionId(f: object): number {
  let id = functionIds.get(f);
  if (id === undefined) {
    id = nextFunctionId++;
    functionIds.set(f, id);
  }
  return id;
}

/**
 * The innermost loop is unrolled by the largest of these factors whose copies
 * stay within UNROLLED_STATEMENTS statements (small enough for TurboFan to
 * inline every scalar function in every copy).
 */
const UNROLL_FACTORS = [16, 8, 4, 2];
const UNROLLED_STATEMENTS = 64;
/**
 * Rows of a row reduction folded at once (see rowBlock): 4 accumulators run a
 * [1000,1000] row sum 1.2x faster than one (2 gain less), 8 another 5-10%
 * faster than 4 (interleaved CPU-time medians; 16 would spill registers).
 */
const ROW_BLOCK = 8;
/**
 * An unrolled body calls scalar functions at most this often: past it
 * TurboFan stops inlining them (its cumulative inlining budget runs out); a
 * blocked row max ran 3.4x slower, tanh(x*y+z) unrolled 8 times 1.2x slower.
 */
const UNROLLED_CALLS = 16;

const MAX_CACHED_KERNELS = 2048;
const kernels = new Map<string, LoopKernel>();
let nextKernel = 0;

/** The plan's loop nest as a function, generated once per distinct source and set of scalar functions. */
export function compileLoopNest(plan: KernelPlan): LoopKernel {
  const { source, functions } = generate(plan);
  const key = `${functions.map(functionId).join(",")}\n${source}`;
  let kernel = kernels.get(key);
  if (kernel === undefined) {
    const names = functions.map((_, k) => `g${k}`);
    // A number unique to the key keeps each source distinct: V8 caches `new Function` by source, and
    // kernels compiled from one cached source would share their call feedback (loops.ts).
    const factory = new Function(...names, `"use strict";\n// fused loop nest ${String(nextKernel++)}\n${source}`) as (
      ...fs: readonly ((...xs: number[]) => number)[]
    ) => LoopKernel;
    kernel = factory(...functions);
    // Bounded: a long-running process that compiles many shapes drops its oldest kernels.
    if (kernels.size >= MAX_CACHED_KERNELS) kernels.delete(kernels.keys().next().value as string);
    kernels.set(key, kernel);
  }
  return kernel;
}

/** The source of the factory body (which returns the kernel) and the functions it takes, in order. */
export function generate(plan: KernelPlan): { readonly source: string; readonly functions: readonly ((...xs: number[]) => number)[] } {
  const functions: ((...xs: number[]) => number)[] = [];
  const fnName = (f: (...xs: number[]) => number): string => {
    let k = functions.indexOf(f);
    if (k < 0) {
      k = functions.length;
      functions.push(f);
    }
    return `g${k}`;
  };

  const { accesses, outAccess, nodeAccess, loops } = planAccesses(plan);
  const depth = loops.sizes.length;
  const accessLevel = loops.strides.map((s) => s.reduce((deepest, x, l) => (x !== 0 ? l : deepest), -1));

  const inner = depth - 1;
  /**
   * The expression of access a's offset inside loop l (-1: outside every loop),
   * `u` elements into an unrolled step of the innermost loop. Outer loops step
   * an offset variable per access; the innermost loop indexes from its counter
   * (q + i·stride, q fixed per row), which V8 compiles measurably tighter than
   * one more induction variable (about 1.2x on a row sum).
   */
  const offset = (a: number, l: number, u = 0, r = 0): string => {
    if (inner >= 0 && l === inner && loops.strides[a][inner] !== 0) {
      const step = loops.strides[a][inner];
      const q = outerOffset(a, inner - 1, r);
      const index = `${step === 1 ? `i${inner}` : `i${inner} * ${String(step)}`}${u === 0 ? "" : ` + ${String(u * step)}`}`;
      return q === "0" ? index : `${q} + ${index}`;
    }
    return outerOffset(a, Math.min(l, inner - 1), r);
  };
  /** `r` rows into a block of the row loop (inner - 1), see ROW_BLOCK. */
  const outerOffset = (a: number, l: number, r = 0): string => {
    for (let k = l; k >= 0; k--) {
      if (loops.strides[a][k] === 0) continue;
      return r === 0 || k !== inner - 1 ? `p${a}_${k}` : `p${a}_${k} + ${String(r * loops.strides[a][k])}`;
    }
    return String(accesses[a].base);
  };
  /** Node id's value; in row r of a block (r >= 0), values that vary with the row get one name per row. */
  const name = (id: number, r: number): string => (r >= 0 && nodeLevel[id] >= inner - 1 ? `v${id}_${String(r)}` : `v${id}`);

  // Each node at the innermost loop it varies in.
  const nodeLevel: number[] = [];
  const atLevel: ((u: number, r: number) => string)[][] = Array.from({ length: depth + 1 }, () => []);
  plan.nodes.forEach((n, id) => {
    let level: number;
    let expr: (u: number, r: number) => string;
    switch (n.kind) {
      case "read": {
        const a = nodeAccess[id];
        level = accessLevel[a];
        expr = (u, r) => `a${n.array}[${offset(a, level, u, Math.max(r, 0))}]`;
        break;
      }
      case "iota": {
        const a = nodeAccess[id];
        level = accessLevel[a];
        const norm = n.norm === undefined ? undefined : fnName(n.norm);
        expr = (u, r) => {
          const at = offset(a, level, u, Math.max(r, 0));
          return norm === undefined ? at : `${norm}(${at})`;
        };
        break;
      }
      case "op": {
        level = n.operands.reduce((deepest, o) => Math.max(deepest, nodeLevel[o]), -1);
        const fn = fnName(n.fn);
        const norm = n.norm === undefined ? undefined : fnName(n.norm);
        expr = (_, r) => {
          const call = `${fn}(${n.operands.map((o) => name(o, r)).join(", ")})`;
          return norm === undefined ? call : `${norm}(${call})`;
        };
        break;
      }
      default:
        return n satisfies never;
    }
    nodeLevel.push(level);
    atLevel[level + 1].push((u, r) => `const ${name(id, r)} = ${expr(u, r)};`);
  });

  const reduce = plan.reduce;
  // The reduced suffix of the loops folds into `acc`, declared in loop `first - 1`.
  let first = depth;
  while (first > 0 && loops.reduced[first - 1]) first--;
  const intoRows = loops.reduced.slice(0, first).some((r) => r);
  // Row r (>= 0) of a block of rows folds into its own accumulator.
  const accName = (r: number): string => (r >= 0 ? `acc${String(r)}` : "acc");
  // A flushed sum flushes its init and each element (kernel_plan.ts PlanReduce).
  const flushed = reduce?.kind === "sum" && reduce.flush !== undefined ? fnName(reduce.flush) : "";
  const declare = (l: number, u: number, r = -1): string =>
    intoRows ? `let acc = out[${offset(outAccess, l, u)}];` : `let ${accName(r)} = ${flushed}(v${reduce?.init});`;
  const store = (l: number, u: number, r = -1): string => {
    const round = reduce?.kind === "sum" && reduce.round !== undefined && !intoRows ? fnName(reduce.round) : "";
    return `out[${offset(outAccess, l, u, Math.max(r, 0))}] = ${round}(${accName(r)});`;
  };
  /** The statements of one point of the innermost loop (or of the only point, without loops), in row r of a block. */
  const point = (u: number, r = -1): string[] => {
    const l = inner;
    const value = name(plan.value, r);
    const acc = accName(r);
    const out = atLevel[l + 1].map((f) => f(u, r));
    if (reduce !== undefined && l === first - 1) out.push(declare(l, u));
    // A group's further outputs (kernel_plan.ts extraValues) are stored at the output's offset too.
    if (reduce === undefined) {
      out.push(`out[${offset(outAccess, l, u)}] = ${value};`);
      (plan.extraValues ?? []).forEach((e, j) => out.push(`x${String(j)}[${offset(outAccess, l, u)}] = ${name(e, r)};`));
    } else if (reduce.kind === "sum") out.push(`${acc} += ${flushed}(${value});`);
    else out.push(`${acc} = ${fnName(reduce.step)}(${acc}, ${value});`);
    if (reduce !== undefined && l === first - 1) out.push(store(l, u));
    return out;
  };
  /** The innermost loop over `rows` (one row, or every row of a block), unrolled where its body is small. */
  const innermostLoop = (rows: readonly number[]): string[] => {
    const next = inner;
    const size = loops.sizes[next];
    const body = rows.flatMap((r) => point(0, r));
    // V8 does not unroll, and a 4x unrolled broadcast add runs about 1.6x faster.
    const calls = body.reduce((n, line) => n + (line.match(/\bg\d+\(/g)?.length ?? 0), 0);
    const unroll =
      UNROLL_FACTORS.find((u) => u * body.length <= UNROLLED_STATEMENTS && u * calls <= UNROLLED_CALLS && u <= size) ?? 1;
    const out = [`let i${next} = 0;`];
    if (unroll > 1) {
      out.push(`for (; i${next} < ${String(size - unroll + 1)}; i${next} += ${String(unroll)}) {`);
      for (let u = 0; u < unroll; u++) out.push(`{`, ...rows.flatMap((r) => point(u, r)), `}`);
      out.push(`}`);
    }
    out.push(`for (; i${next} < ${String(size)}; i${next}++) {`, ...body, `}`);
    return out;
  };
  /**
   * A row reduction (the innermost loop reduced into `acc`, the loop outside it
   * kept) runs ROW_BLOCK rows at once, each row folding its own accumulator in
   * its own order: the CPU overlaps their independent chains of adds instead of
   * waiting on one add's latency. Leftover rows run one at a time.
   */
  const rowBlock = reduce !== undefined && !intoRows && inner >= 1 && first === inner && loops.sizes[inner - 1] >= ROW_BLOCK ? ROW_BLOCK : 1;

  const lines: string[] = [`return function (arrays, out) {`];
  const arrayCount = plan.inputCount + plan.constants.length;
  for (let k = 0; k < arrayCount; k++) lines.push(`const a${k} = arrays[${String(k)}];`);
  (plan.extraValues ?? []).forEach((_, j) => lines.push(`const x${String(j)} = arrays[${String(arrayCount + j)}];`));
  if (depth === 0) lines.push(...point(0));
  for (let l = -1; l < inner; l++) {
    lines.push(...atLevel[l + 1].map((f) => f(0, -1)));
    if (reduce !== undefined && l === -1 && intoRows) lines.push(`out.fill(${flushed}(v${reduce.init}));`);
    if (reduce !== undefined && l === first - 1) lines.push(declare(l, 0));
    const next = l + 1;
    const size = loops.sizes[next];
    if (next < inner) {
      const inits: string[] = [`i${next} = 0`];
      const steps: string[] = [`i${next}++`];
      loops.strides.forEach((s, a) => {
        if (s[next] === 0) return;
        inits.push(`p${a}_${next} = ${offset(a, l)}`);
        steps.push(`p${a}_${next} += ${String(s[next])}`);
      });
      if (next === inner - 1 && rowBlock > 1) {
        // Blocks of rows, then the leftover rows one at a time (below) from where the blocks stopped.
        const rows = Array.from({ length: rowBlock }, (_, r) => r);
        const blockSteps = [`i${next} += ${String(rowBlock)}`];
        loops.strides.forEach((st, a) => {
          if (st[next] !== 0) blockSteps.push(`p${a}_${next} += ${String(st[next] * rowBlock)}`);
        });
        lines.push(`let ${inits.join(", ")};`);
        lines.push(`for (; i${next} < ${String(size - rowBlock + 1)}; ${blockSteps.join(", ")}) {`);
        lines.push(...rows.flatMap((r) => atLevel[next + 1].map((f) => f(0, r))));
        lines.push(...rows.map((r) => declare(next, 0, r)));
        lines.push(...innermostLoop(rows));
        lines.push(...rows.map((r) => store(next, 0, r)), `}`);
        lines.push(`for (; i${next} < ${String(size)}; ${steps.join(", ")}) {`);
        continue;
      }
      lines.push(`for (let ${inits.join(", ")}; i${next} < ${String(size)}; ${steps.join(", ")}) {`);
      continue;
    }
    lines.push(...innermostLoop([-1]));
  }
  for (let l = inner - 1; l >= -1; l--) {
    if (l < inner - 1) lines.push(`}`);
    if (reduce !== undefined && l === first - 1) lines.push(store(l, 0));
  }
  if (reduce !== undefined && reduce.kind === "sum" && reduce.round !== undefined && intoRows) {
    lines.push(`for (let j = 0; j < out.length; j++) out[j] = ${fnName(reduce.round)}(out[j]);`);
  }
  lines.push(`};`);
  return { source: indent(lines), functions };
}

/** The lines joined, each indented by the braces open before it (for whoever reads a dumped kernel). */
function indent(lines: readonly string[]): string {
  let depth = 0;
  return lines
    .map((line) => {
      if (line.startsWith("}")) depth--;
      const text = "  ".repeat(Math.max(depth, 0)) + line;
      if (line.endsWith("{")) depth++;
      return text;
    })
    .join("\n");
}
