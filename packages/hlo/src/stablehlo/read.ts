/**
 * Reading StableHLO text into an HloModule: parse the MLIR (parser.ts),
 * translate the entry function and what it calls into HLO instructions
 * (translate.ts, emitter.ts), and build the module from them with the HLO
 * parser's module builder (build_module.ts), so the result is the same
 * module HLO text gives. An error found on the way (a shape rule, a bad
 * attribute) is reported at the StableHLO op that made the instruction.
 * `parseModule` tells HLO text from StableHLO text by content; MLIR bytecode
 * is refused with the Python line that prints text instead.
 */
import { ParseError } from "../errors.ts";
import type { HeaderAttribute, HloModule } from "../module.ts";
import { parseErrorAt } from "../text/lexer.ts";
import { parseHloModule } from "../text/parser.ts";
import type { Attr } from "./attributes.ts";
import { buildHloModule, finishDirect, newDirectBuilder } from "./build_module.ts";
import { meshesAttribute, parseMesh } from "./shardings.ts";
import { Comp, ModuleText, type Val, type WrittenComp } from "./emitter.ts";
import { MlirLexer } from "./lexer.ts";
import { parseMlirText } from "./parser.ts";
import type { Func, MlirModule, Op, Region } from "./syntax.ts";
import { type CheckRecord, type Translation, setRoot, translateBlockOps, translateFunc } from "./translate.ts";
import { denseLiteral } from "./dense.ts";
import { type ParallelRun, readParallelRun } from "./run_parallel.ts";
import { probeNumber, recordProbes } from "./probes.ts";

function newTranslation(lx: MlirLexer, m: MlirModule, sink?: (c: WrittenComp) => void): Translation {
  const meshes = new Map([...(m.meshes ?? [])].map(([name, text]) => [name, parseMesh(text)]));
  return { out: new ModuleText(lx, sink), funcs: new Map(m.funcs.map((f) => [f.name, f])), funcComps: new Map(), checks: [], probes: new Map(), done: new Set(), meshes };
}

/** The HLO module's name and header attributes: its replica and partition counts. */
function header(m: MlirModule, fallback: string): { name: string; attrs: HeaderAttribute[] } {
  const name = (m.name ?? fallback).replace(/[^A-Za-z0-9_.-]/g, "_").replace(/^([^A-Za-z_])/, "_$1");
  const attrs: HeaderAttribute[] = [];
  const count = (a: Attr | undefined): number | undefined => (a?.kind === "int" ? Number(a.value) : undefined);
  const r = count(m.attrs.get("mhlo.num_replicas"));
  const p = count(m.attrs.get("mhlo.num_partitions"));
  if (r !== undefined && r !== 1) attrs.push({ name: "replica_count", value: String(r) });
  if (p !== undefined && p !== 1) attrs.push({ name: "num_partitions", value: String(p) });
  const meshes = meshesAttribute(new Map([...(m.meshes ?? [])].map(([k, text]) => [k, parseMesh(text)])));
  if (meshes !== undefined) attrs.push({ name: "frontend_attributes", value: meshes });
  return { name, attrs };
}

/** The HLO module name and header of a function run on a grid of the given size. */
function gridHeader(name: string, replicas: number, partitions: number): { name: string; attrs: HeaderAttribute[] } {
  const clean = name.replace(/[^A-Za-z0-9_.-]/g, "_").replace(/^([^A-Za-z_])/, "_$1");
  const attrs: HeaderAttribute[] = [];
  if (replicas !== 1) attrs.push({ name: "replica_count", value: String(replicas) });
  if (partitions !== 1) attrs.push({ name: "num_partitions", value: String(partitions) });
  return { name: clean, attrs };
}

/** The module of what `t` emitted; errors are reported at the StableHLO op that made the instruction. */
function readTranslated(text: string, t: Translation, h: { name: string; attrs: HeaderAttribute[] }): HloModule {
  return buildHloModule(text, t.out, h.name, h.attrs);
}

function entryFunc(lx: MlirLexer, m: MlirModule): Func {
  const withBody = m.funcs.filter((f) => f.body !== undefined);
  const main = withBody.find((f) => f.name === "main");
  if (main) return main;
  const pub = withBody.filter((f) => f.isPublic);
  if (pub.length === 1) return pub[0];
  if (withBody.length === 1) return withBody[0];
  throw lx.error(m.at, withBody.length === 0 ? "the module has no function with a body" : "the module has no @main function and several public functions; which is the entry is unclear");
}

/** What the entry function of `text` and what it calls become, and the module's header. */
function translateEntry(text: string, sink?: (c: WrittenComp) => void): { out: ModuleText; head: { name: string; attrs: HeaderAttribute[] } } {
  const lx = new MlirLexer(text);
  const m = parseMlirText(lx);
  const t = newTranslation(lx, m, sink);
  const entry = entryFunc(lx, m);
  translateFunc(t, entry, true);
  return { out: t.out, head: header(m, entry.name) };
}

/** Parses StableHLO (MLIR) text into an HloModule. Every problem is a ParseError with line and column. */
export function parseStableHlo(text: string): HloModule {
  const direct = readDirect(text);
  if (direct !== undefined) return direct;
  // The thorough way: everything emitted is kept, and the module builder reports any problem at its op.
  const { out, head } = translateEntry(text);
  return buildHloModule(text, out, head.name, head.attrs);
}

/** Thrown by the direct builder's sink only: it declined, and the thorough way must read the text again. */
class Declined extends Error {}
const DECLINED = new Declined("declined");

/**
 * The module built computation by computation as the translation writes
 * them (so what each was built from dies young), or undefined where the
 * direct builder declines. A problem the translation finds is thrown here
 * as the thorough way would throw it: the translation is the same.
 */
function readDirect(text: string): HloModule | undefined {
  const b = newDirectBuilder();
  const sink = (c: WrittenComp): void => {
    b.add(c);
    if (b.failed) throw DECLINED;
  };
  try {
    const { head } = translateEntry(text, sink);
    return finishDirect(b, head.name, head.attrs);
  } catch (e) {
    if (e === DECLINED) return undefined;
    throw e;
  }
}

/** What text looks like: HLO, StableHLO (MLIR text), MLIR bytecode, or neither. */
export type ModuleTextKind = "hlo" | "stablehlo" | "mlir-bytecode" | "unknown";

/** Tells the kinds apart by the first meaningful word. */
export function moduleTextKind(text: string): ModuleTextKind {
  if (text.startsWith("ML\u00efR") || text.startsWith("ML\uFFFDR")) return "mlir-bytecode";
  const body = text.replace(/^(?:\s+|\/\/[^\n]*\n?|\/\*[\s\S]*?\*\/)*/, "");
  if (/^(HloModule\b|ENTRY\b|%?[A-Za-z_][\w.-]*\s*(?:\([^)]*\)\s*->\s*[^{]*)?\{)/.test(body) && !/^(module|func\.func|func)\b/.test(body)) return "hlo";
  if (/^(module\b|func\.func\b|#[\w.$-]+\s*=|!\w[\w.]*\s*=)/.test(body)) return "stablehlo";
  return "unknown";
}

/** Why text that is neither format was refused: what it resembles. */
function unknownTextError(text: string): ParseError {
  const body = text.trimStart();
  const at = text.length - body.length;
  let looks = "neither HLO text (it starts with 'HloModule') nor StableHLO text (it starts with 'module' or 'func.func')";
  if (/^\s*\{/.test(body) || /^\s*\[/.test(body)) looks = `JSON, not a module; ${looks}`;
  else if (/^\s*(import|def|from)\b/.test(body)) looks = `Python source, not a module; ${looks}`;
  else if (/^\x93NUMPY/.test(body)) looks = `a .npy array, not a module; ${looks}`;
  else if (/^\s*(HloModuleProto|hlo_module|name:)/.test(body)) looks = `an HLO proto in text form, not HLO text; ${looks}`;
  else if (body === "") looks = "empty: there is no module in it";
  return parseErrorAt(text, at, `the text is ${looks}`);
}

/** Parses HLO text or StableHLO text, told apart by content. */
export function parseModule(text: string): HloModule {
  switch (moduleTextKind(text)) {
    case "hlo": return parseHloModule(text);
    case "stablehlo": return parseStableHlo(text);
    case "mlir-bytecode":
      throw new ParseError(
        "1:1: this is MLIR bytecode (it starts with 'ML\\xefR'), which minixla does not read; print the module as text instead, e.g. in JAX: " +
          "open('f.mlir', 'w').write(jax.jit(f).lower(*args).as_text())",
        1, 1,
      );
    case "unknown": throw unknownTextError(text);
  }
}

/** One check of a StableHLO test function: the module outputs it compares. */
export interface StableHloCheck {
  readonly kind: string;
  readonly line: number;
  readonly column: number;
  /** Output index of the checked value and of the expected value. */
  readonly actual: number;
  readonly expected: number;
  /** expect_serialized_eq: the probe's number (probes.ts) and which of its records (0 = the first). */
  readonly probe?: { readonly id: string; readonly number: number; readonly iteration: number };
  /** expect_almost_eq(_const): absolute tolerance; expect_close: ULP bounds. */
  readonly tolerance?: number;
  readonly maxUlp?: number;
  readonly minUlp?: number;
}

/** A function of a StableHLO test file, as a module whose root is the tuple of every checked pair. */
export interface StableHloTest {
  readonly name: string;
  readonly line: number;
  readonly module: HloModule | undefined;
  /** Why the function was not read (the ParseError's message). */
  readonly error?: ParseError;
  readonly checks: readonly StableHloCheck[];
  /**
   * The function's `interpreter.run_parallel`, if it has one: then `module`
   * takes the grid's results (the op's results, in order) as its parameters.
   */
  readonly parallel?: ParallelRun;
}

function checkOutputs(t: Translation, comp: Comp, c: CheckRecord, outs: Val[]): { actual: number; expected: number } {
  const actual = outs.length;
  outs.push(c.values[0]);
  if (c.kind.endsWith("_const")) {
    const v = c.attrs.get("value") ?? [...c.attrs.values()].find((a) => a.kind === "dense");
    const type = c.values[0].type;
    if (v?.kind !== "dense" || type.kind !== "tensor") throw t.out.lx.error(c.at, `${c.kind} needs a dense<...> expected value`);
    outs.push(comp.constant("expected", type, denseLiteral(t.out.lx, v, type), c.at));
  } else if (c.kind === "expect_serialized_eq") {
    // The expected value is the probe's record (StableHloCheck.probe), which the runner keeps; no second output.
    return { actual, expected: -1 };
  } else {
    if (c.values[1] === undefined) throw t.out.lx.error(c.at, `${c.kind} compares two values`);
    outs.push(c.values[1]);
  }
  return { actual, expected: actual + 1 };
}

function numberAttr(a: Attr | undefined): number | undefined {
  if (a?.kind === "float") return a.value;
  if (a?.kind === "int") return Number(a.value);
  return undefined;
}

/** Translates `f` as an entry whose root is the tuple of its checked values. */
function readTest(text: string, lx: MlirLexer, m: MlirModule, f: Func): StableHloTest {
  const t = newTranslation(lx, m);
  recordProbes(t);
  const line = lx.error(f.at, "").line ?? 0;
  if (f.args.length > 0) throw lx.error(f.at, `test function @${f.name} takes arguments; a test runs without inputs`);
  const body = f.body;
  if (body === undefined) throw lx.error(f.at, `function @${f.name} has no body`);
  // The test function is the entry; its root is the tuple of the checked values.
  const inline = new Comp(t.out, t.out.fresh(f.name));
  t.done.add(f.name);
  const before = t.checks.length;
  const grid = parallelOf(text, lx, m, f, body);
  if (grid !== undefined) {
    // The grid's results are the test's parameters: the runner computes them before it runs the test.
    let n = 0;
    for (const g of grid.op.results) {
      const vals = grid.op.resultTypes.slice(n, n + g.count).map((type, k) => {
        return inline.parameter(g.name, type, n + k, g.at);
      });
      inline.define(g.name, vals);
      n += g.count;
    }
  }
  translateBlockOps(t, inline, grid === undefined ? body : withoutOp(body, grid.op));
  const outs: Val[] = [];
  const checks: StableHloCheck[] = [];
  for (const c of t.checks.slice(before)) {
    const idx = checkOutputs(t, inline, c, outs);
    const pos = lx.error(c.at, "");
    checks.push({
      kind: c.kind, line: pos.line ?? 0, column: pos.column ?? 0, ...idx,
      tolerance: c.kind.startsWith("expect_almost_eq") ? (numberAttr(c.attrs.get("tolerance")) ?? 1e-4) : undefined,
      maxUlp: c.kind === "expect_close" ? (numberAttr(c.attrs.get("max_ulp_difference")) ?? 3) : undefined,
      minUlp: c.kind === "expect_close" ? (numberAttr(c.attrs.get("min_ulp_difference")) ?? 0) : undefined,
      ...(c.kind === "expect_serialized_eq" ? { probe: serializedProbe(t, c) } : {}),
    });
  }
  setRoot(inline, outs, body.at, true);
  inline.write(true);
  return { name: f.name, line, module: readTranslated(text, t, header(m, f.name)), checks, ...(grid !== undefined ? { parallel: grid.run } : {}) };
}

/** Which probe record an expect_serialized_eq compares with. */
function serializedProbe(t: Translation, c: CheckRecord): { id: string; number: number; iteration: number } {
  const id = c.attrs.get("probe_id");
  if (id?.kind !== "string") throw t.out.lx.error(c.at, "check.expect_serialized_eq needs probe_id = \"...\"");
  if (!t.probes.has(id.value)) throw t.out.lx.error(c.at, `check.expect_serialized_eq: no interpreter.probe has probe_id "${id.value}"`);
  const iteration = numberAttr(c.attrs.get("iter") ?? c.attrs.get("iteration")) ?? 0;
  return { id: id.value, number: probeNumber(t, id.value), iteration };
}

/** The region without one of its top-level ops. */
function withoutOp(r: Region, op: Op): Region {
  return { ...r, blocks: r.blocks.map((b) => ({ ...b, ops: b.ops.filter((o) => o !== op) })) };
}

/** The test's `interpreter.run_parallel` (one at most, at the top level of its body), read with its grid. */
function parallelOf(text: string, lx: MlirLexer, m: MlirModule, f: Func, body: Region): { op: Op; run: ParallelRun } | undefined {
  const ops = body.blocks[0]?.ops ?? [];
  const at = ops.filter((o) => o.name === "interpreter.run_parallel");
  if (at.length === 0) return undefined;
  if (at.length > 1) throw lx.error(at[1].at, `test function @${f.name} has several interpreter.run_parallel ops; minixla runs one a test`);
  const op = at[0];
  if (op.resultTypes.length !== op.results.reduce((a, g) => a + g.count, 0)) throw lx.error(op.at, "interpreter.run_parallel: its result types do not match its results");
  // The operands are computed by the ops before the grid runs, as a module of their own whose root is their tuple.
  const before = ops.slice(0, ops.indexOf(op));
  const ret: Op = { name: "func.return", at: op.at, results: [], operands: op.operands, attrs: new Map(), regions: [], operandTypes: undefined, resultTypes: [], words: [] };
  const ti = newTranslation(lx, m);
  const comp = new Comp(ti.out, ti.out.fresh(`${f.name}_inputs`));
  ti.done.add(f.name);
  const vals = translateBlockOps(ti, comp, { ...body, blocks: [{ args: [], ops: [...before, ret] }] });
  setRoot(comp, vals, op.at, true);
  comp.write(true);
  const inputs = readTranslated(text, ti, gridHeader(`${f.name}_inputs`, 1, 1));
  const read = (g: Func, replicas: number, partitions: number): HloModule => {
    const tg = newTranslation(lx, m);
    translateFunc(tg, g, true);
    return readTranslated(text, tg, gridHeader(g.name, replicas, partitions));
  };
  return { op, run: readParallelRun(lx, m, op, inputs, read) };
}


/** Names of the functions some op calls (call, composite, custom_call's called_computations). */
function calledFunctions(m: MlirModule): Set<string> {
  const called = new Set<string>();
  const stack: Region[] = m.funcs.flatMap((f) => (f.body ? [f.body] : []));
  while (stack.length > 0) {
    const r = stack.pop() as Region;
    for (const b of r.blocks) {
      for (const op of b.ops) {
        if (op.callee !== undefined) called.add(op.callee);
        const d = op.attrs.get("decomposition");
        if (d?.kind === "symbol") called.add(d.name);
        stack.push(...op.regions);
      }
    }
  }
  return called;
}

/** Splits a StableHLO test file at `// -----` lines. */
export function splitTestFile(text: string): { text: string; offset: number }[] {
  const parts: { text: string; offset: number }[] = [];
  const re = /^\/\/ -----.*$/gm;
  let last = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    parts.push({ text: text.slice(last, m.index), offset: last });
    last = m.index + m[0].length;
  }
  parts.push({ text: text.slice(last), offset: last });
  return parts;
}

/** Whether StableHLO text holds check ops (a test file). */
export function hasChecks(text: string): boolean {
  return /\bcheck\.expect_/.test(text);
}

/**
 * The tests of a StableHLO test file: each function without arguments of each
 * `// -----` part whose name is not called by another (`main` where there is
 * one). Positions are in the whole file.
 */
export function readStableHloTests(text: string): StableHloTest[] {
  const out: StableHloTest[] = [];
  for (const part of splitTestFile(text)) {
    // Blank out the other parts so that positions stay those of the whole file.
    const padded = text.slice(0, part.offset).replace(/[^\n]/g, " ") + part.text;
    if (padded.trim() === "" || !/func\.func|func\s/.test(part.text)) continue;
    const lx = new MlirLexer(padded);
    let m: MlirModule;
    try {
      m = parseMlirText(lx);
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      out.push({ name: "(part)", line: e.line ?? 0, module: undefined, error: e, checks: [] });
      continue;
    }
    const called = calledFunctions(m);
    const main = m.funcs.find((f) => f.name === "main" && f.body !== undefined);
    const tests = main ? [main] : m.funcs.filter((f) => f.body !== undefined && f.args.length === 0 && !called.has(f.name));
    for (const f of tests) {
      try {
        out.push(readTest(padded, lx, m, f));
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        out.push({ name: f.name, line: lx.error(f.at, "").line ?? 0, module: undefined, error: e, checks: [] });
      }
    }
  }
  return out;
}
