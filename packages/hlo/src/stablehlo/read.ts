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
import { buildHloModule } from "./build_module.ts";
import { meshesAttribute, parseMesh } from "./shardings.ts";
import { Comp, ModuleText, type Val } from "./emitter.ts";
import { MlirLexer } from "./lexer.ts";
import { parseMlirText } from "./parser.ts";
import type { Func, MlirModule, Region } from "./syntax.ts";
import { type CheckRecord, type Translation, setRoot, translateBlockOps, translateFunc } from "./translate.ts";
import { denseLiteral } from "./dense.ts";

function newTranslation(lx: MlirLexer, m: MlirModule): Translation {
  const meshes = new Map([...(m.meshes ?? [])].map(([name, text]) => [name, parseMesh(text)]));
  return { out: new ModuleText(lx), funcs: new Map(m.funcs.map((f) => [f.name, f])), funcComps: new Map(), checks: [], probes: new Map(), done: new Set(), meshes };
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

/** Parses StableHLO (MLIR) text into an HloModule. Every problem is a ParseError with line and column. */
export function parseStableHlo(text: string): HloModule {
  const lx = new MlirLexer(text);
  const m = parseMlirText(lx);
  const t = newTranslation(lx, m);
  const entry = entryFunc(lx, m);
  translateFunc(t, entry, true);
  return readTranslated(text, t, header(m, entry.name));
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
    const id = c.attrs.get("probe_id");
    const probe = id?.kind === "string" ? t.probes.get(id.value) : undefined;
    outs.push(probe ?? c.values[0]);
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
  const line = lx.error(f.at, "").line ?? 0;
  if (f.args.length > 0) throw lx.error(f.at, `test function @${f.name} takes arguments; a test runs without inputs`);
  const body = f.body;
  if (body === undefined) throw lx.error(f.at, `function @${f.name} has no body`);
  // The test function is the entry; its root is the tuple of the checked values.
  const inline = new Comp(t.out, t.out.fresh(f.name));
  t.done.add(f.name);
  const before = t.checks.length;
  translateBlockOps(t, inline, body);
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
    });
  }
  setRoot(inline, outs, body.at, true);
  inline.write(true);
  return { name: f.name, line, module: readTranslated(text, t, header(m, f.name)), checks };
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
