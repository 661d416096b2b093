/**
 * StableHLO functions and regions to HLO computations: a `func.func` becomes
 * a computation (parameters for its arguments, a tuple root for several
 * results), a region becomes a computation its op calls. Regions of while,
 * case and if may use values of the enclosing function (MLIR regions see
 * their parents' values, HLO computations do not): those values are found
 * first and passed in as extra tuple elements. Check ops are collected for
 * the test runner (checks.ts) rather than translated.
 */
import type { Attr } from "./attributes.ts";
import { Comp, type Emitted, type ModuleText, type Val } from "./emitter.ts";
import type { MlirToken } from "./lexer.ts";
import { translateOp } from "./op_table.ts";
import type { BlockArg, Func, Op, Region, ValueRef } from "./syntax.ts";
import type { MlirType } from "./types.ts";
import { type Mesh, shardingAttrs, shardingOf } from "./shardings.ts";

/** A `check.*` op met while translating: what it compares, for checks.ts. */
export interface CheckRecord {
  readonly kind: string;
  readonly at: MlirToken | number;
  readonly values: readonly Val[];
  readonly attrs: ReadonlyMap<string, Attr>;
  readonly words: readonly string[];
}

export interface Translation {
  readonly out: ModuleText;
  readonly funcs: ReadonlyMap<string, Func>;
  /** HLO computation name of each function. */
  readonly funcComps: Map<string, string>;
  readonly checks: CheckRecord[];
  /** Probe values by id (`interpreter.probe`). */
  readonly probes: Map<string, Val>;
  readonly done: Set<string>;
  /** Shardy meshes by name. */
  readonly meshes: ReadonlyMap<string, Mesh>;
}

/** Names used in the regions (and nested ones) that they do not define, in first-use order. */
export function freeValues(regions: readonly Region[]): ValueRef[] {
  const out: ValueRef[] = [];
  const seen = new Set<string>();
  const defined = new Set<string>();
  const stack: Region[] = [...regions];
  const refs: ValueRef[] = [];
  while (stack.length > 0) {
    const r = stack.pop() as Region;
    for (const b of r.blocks) {
      for (const a of b.args) defined.add(a.name);
      for (const op of b.ops) {
        for (const g of op.results) defined.add(g.name);
        refs.push(...op.operands);
        stack.push(...op.regions);
      }
    }
  }
  for (const ref of refs) {
    if (defined.has(ref.name)) continue;
    const key = `${ref.name}#${ref.index ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(ref);
  }
  return out;
}

/** Translates the ops of a single-block region into `comp`; returns the values its terminator returns. */
export function translateBlockOps(t: Translation, comp: Comp, region: Region): Val[] {
  if (region.blocks.length !== 1) throw t.out.lx.error(region.at, "regions with several blocks have no HLO counterpart");
  const ops = region.blocks[0].ops;
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (op.name === "stablehlo.return" || op.name === "func.return" || op.name === "return" || op.name === "mhlo.return") {
      if (i !== ops.length - 1) throw t.out.lx.error(ops[i + 1].at, "an op after the region's return");
      return op.operands.map((r) => comp.lookup(r));
    }
    const results = translateOp(t, comp, op);
    if (results.length > 0 && (op.attrs.has("mhlo.sharding") || op.attrs.has("sdy.sharding"))) annotateOp(t, comp, results, op);
    let k = 0;
    for (const g of op.results) {
      comp.defineOwned(g.name, k === 0 && g.count === results.length ? results : results.slice(k, k + g.count));
      k += g.count;
    }
    if (k !== results.length && op.results.length > 0) throw t.out.lx.error(op.at, `${op.name} has ${results.length} results but ${k} are named`);
  }
  throw t.out.lx.error(region.at, "region does not end with a return");
}

/** The instruction that made `v` in `comp` (searched from the end: it is usually among the last). */
function emittedOf(comp: Comp, v: Val): Emitted | undefined {
  for (let i = comp.body.length - 1; i >= 0; i--) if (comp.body[i].name === v.hlo) return comp.body[i];
  return undefined;
}

/** Adds annotation attributes to an instruction (those it has already win: the op's own translation set them). */
function addAttrs(e: Emitted, attrs: readonly string[]): void {
  if (attrs.length === 0) return;
  const has = (key: string): boolean => e.attrs.startsWith(`${key}=`) || e.attrs.includes(`, ${key}=`);
  const fresh = attrs.filter((a) => !has(a.slice(0, a.indexOf("="))));
  if (fresh.length > 0) e.attrs = [e.attrs, ...fresh].filter((x) => x !== "").join(", ");
}

/** An op's `mhlo.sharding` / `sdy.sharding` on the instruction it became (the tuple of a multi-result op). */
function annotateOp(t: Translation, comp: Comp, results: readonly Val[], op: Op): void {
  let e = emittedOf(comp, results[0]);
  if (results.length > 1 && e?.opcode === "get-tuple-element") e = emittedOf(comp, e.operands[0]);
  if (e === undefined) return;
  addAttrs(e, shardingAttrs(shardingOf(op.attrs, t.meshes)));
}

/** Makes the root of `comp`: the value itself, or a tuple of several (or none). */
export function setRoot(comp: Comp, vals: readonly Val[], at: MlirToken | number, forceTuple = false): Val {
  if (vals.length === 1 && !forceTuple) {
    const v = vals[0];
    // A root must be an instruction of the computation: a parameter passed straight through is one.
    comp.root = v.hlo;
    if (!comp.body.some((b) => b.name === v.hlo)) {
      const copy = comp.emit("copy", v.type, v.type.kind === "tuple" ? "tuple" : "copy", v.type.kind === "tuple" ? [] : [v], "", at);
      comp.root = copy.hlo;
      return copy;
    }
    return v;
  }
  const type: MlirType = { kind: "tuple", elements: vals.map((v) => v.type) };
  const r = comp.emit("tuple", type, "tuple", vals, "", at);
  comp.root = r.hlo;
  return r;
}

/**
 * A region as a computation with one parameter per block argument (reducers,
 * comparators): returns its name and the types it returns.
 */
export function scalarRegionComputation(t: Translation, region: Region, base: string): { name: string; results: Val[] } {
  const free = freeValues([region]);
  if (free.length > 0) throw t.out.lx.error(free[0].at, `this region uses ${free[0].name} from outside it; HLO computations of this op cannot`);
  const comp = new Comp(t.out, t.out.fresh(base));
  const args = region.blocks[0]?.args ?? [];
  args.forEach((a, i) => comp.defineOwned(a.name, [comp.parameter(a.name, a.type, i, a.at)]));
  const results = translateBlockOps(t, comp, region);
  setRoot(comp, results, region.at, results.length !== 1);
  comp.write(false);
  return { name: comp.name, results };
}

/**
 * A region as a computation taking one tuple: its block arguments, then the
 * outside values it uses (`captured`), which the caller passes in the tuple too.
 */
export function tupleRegionComputation(
  t: Translation, region: Region, base: string, blockArgs: readonly BlockArg[], captured: readonly { ref: ValueRef; val: Val }[],
  shape: (results: readonly Val[], captured: readonly Val[]) => readonly Val[],
  tupleRoot = false,
): { name: string; results: Val[] } {
  const comp = new Comp(t.out, t.out.fresh(base));
  const paramType: MlirType = { kind: "tuple", elements: [...blockArgs.map((a) => a.type), ...captured.map((c) => c.val.type)] };
  const param = comp.parameter("param", paramType, 0, region.at);
  blockArgs.forEach((a, i) => comp.defineOwned(a.name, [comp.gte(param, i, a.at)]));
  const inner: Val[] = [];
  captured.forEach((c, j) => {
    const v = comp.gte(param, blockArgs.length + j, c.ref.at);
    inner.push(v);
    const group = comp.env.get(c.ref.name) ?? [];
    group[c.ref.index ?? 0] = v;
    comp.env.set(c.ref.name, group);
  });
  const results = translateBlockOps(t, comp, region);
  const rooted = shape(results, inner);
  setRoot(comp, rooted, region.at, tupleRoot || rooted.length !== 1);
  comp.write(false);
  return { name: comp.name, results };
}

/** Translates one function (once) and returns its computation name. */
export function translateFunc(t: Translation, f: Func, isEntry: boolean): string {
  const existing = t.funcComps.get(f.name);
  if (existing !== undefined && t.done.has(f.name)) return existing;
  const name = existing ?? t.out.fresh(f.name);
  t.funcComps.set(f.name, name);
  t.done.add(f.name);
  if (f.body === undefined) throw t.out.lx.error(f.at, `function @${f.name} has no body`);
  const comp = new Comp(t.out, name);
  f.args.forEach((a, i) => {
    const v = comp.parameter(a.name, a.type, i, a.at);
    addAttrs(comp.body[comp.body.length - 1], shardingAttrs(shardingOf(a.attrs, t.meshes)));
    comp.defineOwned(a.name, [v]);
  });
  const results = translateBlockOps(t, comp, f.body);
  if (results.length !== f.results.length) throw t.out.lx.error(f.at, `@${f.name} declares ${f.results.length} results but returns ${results.length}`);
  const root = setRoot(comp, results, f.body.at, results.length !== 1);
  // Result shardings are the root's, as XLA exports them (a tuple sharding for several; replicated where one has none).
  const resultShardings = f.results.map((r) => shardingOf(r.attrs, t.meshes).hlo);
  const rootInst = emittedOf(comp, root);
  if (rootInst !== undefined && resultShardings.some((s) => s !== undefined)) {
    const hlo = results.length === 1 ? resultShardings[0] : `{${resultShardings.map((s) => s ?? "{replicated}").join(", ")}}`;
    addAttrs(rootInst, [`sharding=${hlo}`]);
  }
  comp.write(isEntry);
  return name;
}

/** The computation of the function called `callee`, translating it on first use. */
export function calleeComputation(t: Translation, callee: string, at: MlirToken | number): { name: string; func: Func } {
  const f = t.funcs.get(callee);
  if (f === undefined) throw t.out.lx.error(at, `function @${callee} is not defined`);
  return { name: translateFunc(t, f, false), func: f };
}

export type { Op };
