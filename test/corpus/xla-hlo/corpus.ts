/**
 * The vendored corpus of XLA's own .hlo test and benchmark files (see ORIGIN.md),
 * and what minixla does with each module in it: parse the untouched text, print,
 * parse and print again (the two prints must agree), verify, and evaluate on
 * seeded random inputs (and a seeded host for infeed/outfeed/send/recv), on
 * as many devices as the module's header or collectives need. Shared by
 * test/xla_hlo_corpus.test.ts and scripts/update_xla_hlo_expected.ts so the
 * table and the test cannot drift apart.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ArrayLiteral,
  type ArrayShape,
  type HloInstruction,
  type HloModule,
  type Literal,
  type Shape,
  allocData,
  arrayLiteralFromData,
  elementCount,
  entryComputation,
  isArrayLiteral,
  isTupleLiteral,
  lowerBroadcasts,
  parametersOf,
  parseHloModule,
  printHloModule,
  tupleLiteral,
  verificationProblems,
  zeroLiteral,
} from "@minixla/hlo";
import {
  type EvalOptions,
  elidedConstantNames,
  evaluate,
  evaluateSpmd,
  inferDeviceCounts,
  isEvaluableCustomCall,
  resolveElidedConstants,
} from "@minixla/interpreter";
import { prng } from "../../support/prng.ts";
import { type Outcome, type Pinned, describe, messagePrefix, outcomeOfError, readPinned } from "./status.ts";

export const CORPUS_DIR = fileURLToPath(new URL(".", import.meta.url));
export const EXPECTED_PATH = join(CORPUS_DIR, "expected.json");

/**
 * XLA's hlo-opt and hlo-translate (`--split-input-file`) split a file into
 * modules at a line holding just this marker; longer runs of dashes are
 * decoration (hlo_to_mhlo's tests use them) and split nothing.
 */
const SPLIT_LINE = /^[ \t]*\/\/ -----[ \t]*\r?$/m;
const SPLIT_LINES = new RegExp(SPLIT_LINE.source, "gm");

export interface CorpusModule {
  /** `<repo>/<path>` relative to the corpus folder, with `#k` (1-based chunk) for split files. */
  readonly id: string;
  readonly text: string;
}

function hloFiles(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop()!;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.name.endsWith(".hlo")) out.push(p);
    }
  }
  return out.sort();
}

/** Whether a chunk holds anything but `//` comment lines and blanks (a trailing separator leaves such a chunk). */
function hasCode(chunk: string): boolean {
  return chunk.split("\n").some((l) => {
    const t = l.trim();
    return t !== "" && !t.startsWith("//");
  });
}

/**
 * Whether a chunk is an HloModuleProto in protobuf text format rather than HLO
 * text: a few hlo_to_mhlo tests feed hlo-translate such protos (`hlo_module {
 * name: ...`, or its fields at top level), which XLA's HLO text parser rejects.
 * Their comments are `#` lines, as protobuf text has them.
 */
export function isProtoText(chunk: string): boolean {
  const first = chunk.split("\n").map((l) => l.trim()).find((l) => l !== "" && !l.startsWith("//") && !l.startsWith("#"));
  return first !== undefined && (/^hlo_module\s*\{/.test(first) || /^[a-z_]+:\s/.test(first));
}

function chunksOf(): { readonly module: CorpusModule; readonly proto: boolean }[] {
  const out: { module: CorpusModule; proto: boolean }[] = [];
  for (const file of hloFiles(CORPUS_DIR)) {
    const rel = relative(CORPUS_DIR, file).split(sep).join("/");
    const chunks = readFileSync(file, "utf8").split(SPLIT_LINES);
    chunks.forEach((text, i) => {
      if (!hasCode(text)) return;
      out.push({ module: { id: chunks.length === 1 ? rel : `${rel}#${i + 1}`, text }, proto: isProtoText(text) });
    });
  }
  return out;
}

/**
 * Every module of the corpus: each file split on `// -----` (as hlo-opt and
 * hlo-translate split it), nothing else removed; chunks that are protobuf
 * text, not HLO text, are left out (protoTextModules lists them).
 */
export function corpusModules(): CorpusModule[] {
  return chunksOf().filter((c) => !c.proto).map((c) => c.module);
}

/** The chunks left out of the corpus because they are HloModuleProto text, which XLA's HLO parser rejects too. */
export function protoTextModules(): CorpusModule[] {
  return chunksOf().filter((c) => c.proto).map((c) => c.module);
}

/**
 * The table's statuses as one line each ("evaluates", "parses", "fails:
 * <stage>: <class>: <message>"), for tests that only pick modules by status.
 */
export type Expected = "evaluates" | "parses" | `fails: ${string}`;

export interface ModuleResult {
  readonly outcome: Outcome;
  /** The checks passed, for the tally. */
  readonly parsed: boolean;
  readonly fixedPoint: boolean;
  readonly verified: boolean;
  readonly evaluated: boolean;
  /** Why evaluation was not attempted, when it was not. */
  readonly notEvaluated?: string;
  /** The output's array leaves and the inputs it ran on, when the module ran on one device. */
  readonly outputs?: readonly ArrayLiteral[];
  readonly inputs?: readonly Literal[];
}

/** The reason-summary key: stage and message with names, numbers and positions blanked, so like failures count together. */
export function reasonKey(s: string): string {
  return s
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\b(line|column|at) \d+(:\d+)?/g, "$1 N")
    .replace(/%?[A-Za-z_][\w.-]*\.\d+/g, "NAME")
    .replace(/\d+/g, "N")
    .slice(0, 110);
}

function allInstructions(m: HloModule): HloInstruction[] {
  return m.computations.flatMap((c) => [...c.instructions]);
}

/**
 * The instructions of the computations the entry can reach: a custom-call in
 * a computation nothing calls never runs (hlo_to_mhlo's custom_call test keeps
 * such computations), so it does not stop a module from evaluating.
 */
function entryReachableInstructions(m: HloModule): HloInstruction[] {
  const byName = new Map(m.computations.map((c) => [c.name, c]));
  const seen = new Set<string>([entryComputation(m).name]);
  const stack = [entryComputation(m).name];
  const out: HloInstruction[] = [];
  while (stack.length > 0) {
    const c = byName.get(stack.pop()!);
    if (!c) continue;
    for (const inst of c.instructions) {
      out.push(inst);
      for (const callee of inst.called) {
        if (!seen.has(callee)) {
          seen.add(callee);
          stack.push(callee);
        }
      }
    }
  }
  return out;
}

function shapeElements(s: Shape): number {
  return s.elementType === "tuple" ? s.tupleShapes.reduce((a, t) => a + shapeElements(t), 0) : elementCount(s);
}

/** Each instruction costs about as much as producing this many elements, however small its result. */
const PER_INSTRUCTION = 50;

/**
 * A while loop's trip count when its condition compares the counter with a
 * scalar constant of the condition (`i < 100000`, as JAX's fori_loop and scan
 * lower), else 1: a static bound, good enough to keep long loops out of the
 * default run.
 */
function tripCount(m: HloModule, condition: string): number {
  const c = m.computations.find((x) => x.name === condition);
  const root = c?.instructions.find((i) => i.name === c.root);
  if (!c || !root || root.opcode !== "compare") return 1;
  for (const name of root.operands) {
    const op = c.instructions.find((i) => i.name === name);
    if (op?.opcode !== "constant") continue;
    const lit = op.attributes.literal;
    if (isArrayLiteral(lit) && elementCount(lit.shape) === 1) {
      const v = Math.abs(Number(lit.data[0]));
      if (Number.isFinite(v)) return Math.max(1, v);
    }
  }
  return 1;
}

/**
 * A static estimate of the evaluator's work (elements produced, with dots and
 * convolutions counted by their multiply-adds, called computations counted
 * once per call and loop bodies once per trip), so modules that would take
 * more than a second or two run only under MINIXLA_SLOW=1. Deterministic,
 * unlike a clock.
 */
export function estimatedWork(m: HloModule): number {
  const memo = new Map<string, number>();
  const work = (name: string, depth: number): number => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const c = m.computations.find((x) => x.name === name);
    if (!c || depth > 64) return 0;
    let w = 0;
    for (const inst of c.instructions) {
      w += PER_INSTRUCTION;
      const out = shapeElements(inst.shape);
      if (inst.opcode === "dot") {
        const operand = c.instructions.find((i) => i.name === inst.operands[1]);
        const k = operand ? Math.max(1, shapeElements(operand.shape) / Math.max(1, out)) : 1;
        w += out * Math.max(1, Math.sqrt(k) * 8);
      } else if (inst.opcode === "convolution") {
        // Each output element reads a window of the kernel: about sqrt(kernel size) work for common shapes.
        const kernel = c.instructions.find((i) => i.name === inst.operands[1]);
        w += out * Math.max(1, Math.sqrt(kernel ? shapeElements(kernel.shape) : 1));
      } else {
        w += out;
      }
      if (inst.opcode === "while") {
        const [condition, body] = inst.called;
        w += tripCount(m, condition) * (work(condition, depth + 1) + work(body, depth + 1));
      } else if (inst.opcode === "sort") {
        // A comparison sort calls its comparator about n log2(n) times along the sorted dimension.
        const operand = c.instructions.find((i) => i.name === inst.operands[0]);
        const n = operand && operand.shape.elementType !== "tuple" ? (operand.shape.dimensions[inst.attributes.dimension] ?? 1) : 1;
        w += out * Math.log2(Math.max(2, n)) * inst.called.reduce((a, callee) => a + work(callee, depth + 1), 0);
      } else if (inst.opcode === "reduce" || inst.opcode === "map" || inst.opcode === "scatter" || inst.opcode === "reduce-window" || inst.opcode === "select-and-scatter") {
        // Reducers with the usual one-op bodies run on fast paths; their elements are already counted.
      } else {
        for (const callee of inst.called) w += work(callee, depth + 1);
      }
    }
    memo.set(name, w);
    return w;
  };
  return work(entryComputation(m).name, 0);
}

/**
 * About a second of the evaluator's time on the project's machines (measured
 * over the corpus: 100M units took 0.1 to 3 s; comparison sorts and dots in
 * non-default layouts run far slower than their estimate and are listed in
 * MEASURED_SLOW or caught by the sort term).
 */
export const SLOW_WORK = 100_000_000;

/**
 * Modules measured at over two seconds although the estimate is small: a
 * while loop whose bound is data (an ODE solver's step loop), a
 * select-and-scatter calling its select computation per window element, dots
 * over operands in non-default layouts.
 */
const MEASURED_SLOW: ReadonlySet<string> = new Set([
  "openxla-xla/xla/backends/cpu/benchmarks/hlo/diffrax.b380012920.hlo",
  "openxla-xla/xla/hlo/translate/hlo_to_mhlo/tests/import_emit_stablehlo.hlo#134",
  "openxla-xla/xla/tools/multihost_hlo_runner/data/auto_layout.hlo",
  "openxla-xla/xla/tools/multihost_hlo_runner/data/fixed_layout.hlo",
]);

export function isSlow(m: HloModule, id?: string): boolean {
  return (id !== undefined && MEASURED_SLOW.has(id)) || estimatedWork(m) > SLOW_WORK;
}

/** Whether the corpus module is slow (a module that does not parse is not: it fails at once). */
export function isSlowModule(mod: CorpusModule): boolean {
  try {
    return isSlow(parseHloModule(mod.text), mod.id);
  } catch {
    return false;
  }
}

/** Why the module cannot be evaluated here at all, or undefined. */
function notEvaluable(m: HloModule): string | undefined {
  for (const inst of entryReachableInstructions(m)) {
    if (inst.opcode === "custom-call" && !isEvaluableCustomCall(inst.attributes.customCallTarget)) {
      return `custom-call ${inst.attributes.customCallTarget}`;
    }
  }
  // A token parameter takes a token literal (randomLiteral), which evaluate accepts.
  return undefined;
}

/** Values every float type (the f8/f4 formats included) holds exactly; f8e8m0fnu holds only powers of two. */
const FLOAT_VALUES = [-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2];
const POW2_VALUES = [0.25, 0.5, 1, 2, 4];

function randomArray(s: ArrayShape, rand: () => number): Literal {
  const t = s.elementType;
  const n = elementCount(s);
  const data = allocData(t, n);
  const pick = (xs: readonly number[]) => xs[Math.floor(rand() * xs.length)];
  // Small integers keep gather/scatter/dynamic-slice indices and loop bounds near the shapes' sizes.
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  for (let i = 0; i < data.length; i++) {
    if (data instanceof BigInt64Array || data instanceof BigUint64Array) {
      data[i] = BigInt(t === "u64" ? int(0, 7) : int(-4, 7));
      continue;
    }
    switch (t) {
      case "pred": data[i] = rand() < 0.5 ? 0 : 1; break;
      case "s2": data[i] = int(-2, 1); break;
      case "u2": data[i] = int(0, 3); break;
      case "s4": case "s8": case "s16": case "s32": data[i] = int(-4, 7); break;
      case "u4": case "u8": case "u16": case "u32": data[i] = int(0, 7); break;
      case "f8e8m0fnu": data[i] = pick(POW2_VALUES); break;
      default: data[i] = pick(FLOAT_VALUES);
    }
  }
  return arrayLiteralFromData(s, data);
}

function randomLiteral(s: Shape, rand: () => number): Literal {
  if (s.elementType === "tuple") return tupleLiteral(s.tupleShapes.map((t) => randomLiteral(t, rand)));
  if (s.elementType === "token") return zeroLiteral(s);
  return randomArray(s, rand);
}

function seedOf(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The inputs a module is evaluated on: seeded by its id, so every run sees the same values. */
export function randomInputs(id: string, m: HloModule): Literal[] {
  const rand = prng(seedOf(id));
  const entry = entryComputation(m);
  const sizing = raggedSizingParameters(entry.instructions);
  return parametersOf(entry).map((p) => (sizing.has(p.name) ? zeroLiteral(p.shape) : randomLiteral(p.shape, rand)));
}

/**
 * Entry parameters that feed a ragged-all-to-all's offsets and sizes
 * (operands 2 to 5) directly: random values there would name rows outside
 * the buffers and disagree between devices, so they get zeros (every
 * participant sends nothing, which is a valid exchange).
 */
function raggedSizingParameters(instructions: readonly HloInstruction[]): ReadonlySet<string> {
  const params = new Set(instructions.filter((i) => i.opcode === "parameter").map((i) => i.name));
  const out = new Set<string>();
  for (const inst of instructions) {
    if (inst.opcode !== "ragged-all-to-all") continue;
    for (const o of inst.operands.slice(2)) if (params.has(o)) out.add(o);
  }
  return out;
}

/**
 * Elided constants (`constant({...})`) hold seeded random values (seeded by the
 * module's id), and while loops are bounded so that a random trip count
 * cannot run away.
 */
export function evalOptions(id: string) {
  return { elidedConstants: "random" as const, elidedSeed: seedOf(`${id}/elided`), maxWhileIterations: 100_000 };
}

/** How many times the seeded infeed list repeats the module's infeed shapes (for infeeds inside loops). */
const INFEED_ROUNDS = 8;

/**
 * A seeded host for the module's host transfers: the infeed list holds
 * random values of its infeeds' shapes (in instruction order, repeated),
 * outfeed and send take values and drop them, and recv gives a random value
 * of the shape its channel's recv expects (a recv with no host transfer and
 * nothing sent before it takes one too, standing in for the other device),
 * the same value on every call, so two runs (two engines) see the same values.
 */
export function seededHost(id: string, m: HloModule): NonNullable<EvalOptions["host"]> {
  const rand = prng(seedOf(`${id}/host`));
  const infeedShapes: Shape[] = [];
  const recvShapes = new Map<number, Shape>();
  for (const inst of allInstructions(m)) {
    if (inst.shape.elementType !== "tuple") continue;
    if (inst.opcode === "infeed") infeedShapes.push(inst.shape.tupleShapes[0]);
    if (inst.opcode === "recv" && inst.attributes.channelId !== undefined) recvShapes.set(inst.attributes.channelId, inst.shape.tupleShapes[0]);
  }
  const infeed: Literal[] = [];
  for (let k = 0; k < INFEED_ROUNDS; k++) for (const s of infeedShapes) infeed.push(randomLiteral(s, rand));
  return {
    infeed,
    outfeed: () => {},
    send: () => {},
    recv: (channel) => randomLiteral(recvShapes.get(channel) ?? tupleShapeOf([]), prng(seedOf(`${id}/recv/${channel}`))),
  };
}

function tupleShapeOf(elements: readonly Shape[]): Shape {
  return { elementType: "tuple", tupleShapes: elements };
}

/** evalOptions with the module's seeded host: what the corpus evaluates a module with. */
export function corpusEvalOptions(id: string, m: HloModule): EvalOptions {
  return { ...evalOptions(id), host: seededHost(id, m) };
}

/** How many devices the module runs on (inferDeviceCounts: its header, else what its collectives need). */
export function deviceCountOf(m: HloModule): number {
  const { replicaCount, numPartitions } = inferDeviceCounts(m);
  return replicaCount * numPartitions;
}

/**
 * Evaluates the module as the corpus does: on one device, or, when its
 * header or collectives need several (inferDeviceCounts), on that grid with
 * evaluateSpmd, device d's inputs seeded by `<id>@d` (device 0's by the id).
 */
function evaluateCorpusModule(id: string, m: HloModule): { readonly outputs: readonly ArrayLiteral[]; readonly inputs: readonly Literal[] } | undefined {
  const options = corpusEvalOptions(id, m);
  const { replicaCount, numPartitions } = inferDeviceCounts(m);
  const devices = replicaCount * numPartitions;
  if (devices === 1) {
    const inputs = randomInputs(id, m);
    return { outputs: arrayLeaves(evaluate(m, inputs, options)), inputs };
  }
  const args = [...Array(devices).keys()].map((d) => randomInputs(d === 0 ? id : `${id}@${d}`, m));
  evaluateSpmd(m, args, { ...options, replicaCount, numPartitions });
  return undefined;
}

/** The array leaves of a literal, in order (a token leaf has no values to compare and is left out). */
export function arrayLeaves(l: Literal): ArrayLiteral[] {
  if (isTupleLiteral(l)) return l.elements.flatMap(arrayLeaves);
  return l.shape.elementType === "token" ? [] : [l as ArrayLiteral];
}

/**
 * The module text XLA is given for the corpus's evaluation: the corpus text,
 * or, when it elides constants, minixla's print of the module with the seeded
 * values the corpus evaluates with in their place.
 */
export function xlaText(mod: CorpusModule): string {
  const m = parseHloModule(mod.text);
  if (elidedConstantNames(m).length === 0) return mod.text;
  const { elidedSeed } = evalOptions(mod.id);
  return printHloModule(resolveElidedConstants(lowerBroadcasts(m), "random", elidedSeed));
}

export function runModule(mod: CorpusModule, opts: { readonly slow: boolean }): ModuleResult {
  const none = { parsed: false, fixedPoint: false, verified: false, evaluated: false };
  let m: HloModule;
  try {
    m = parseHloModule(mod.text);
  } catch (e) {
    return { ...none, outcome: outcomeOfError("parse", e) };
  }
  let first: string;
  let second: string;
  try {
    first = printHloModule(m);
    second = printHloModule(parseHloModule(first));
  } catch (e) {
    return { ...none, parsed: true, outcome: outcomeOfError("reparse", e) };
  }
  if (first !== second) {
    const a = first.split("\n");
    const b = second.split("\n");
    const i = a.findIndex((l, k) => l !== b[k]);
    const message = messagePrefix(`first print line ${i + 1} "${a[i]?.trim().slice(0, 30)}" reprints as "${b[i]?.trim().slice(0, 30)}"`);
    return { ...none, parsed: true, outcome: { status: "fails", stage: "fixed-point", error: "PrintMismatch", message } };
  }
  let problems: readonly string[];
  try {
    problems = verificationProblems(m);
  } catch (e) {
    return { ...none, parsed: true, fixedPoint: true, outcome: outcomeOfError("verify", e) };
  }
  if (problems.length > 0) {
    // The problems a VerifyError would carry; the first one is pinned.
    return { ...none, parsed: true, fixedPoint: true, outcome: { status: "fails", stage: "verify", error: "VerifyError", message: messagePrefix(problems[0]) } };
  }
  const passed = { parsed: true, fixedPoint: true, verified: true };
  let why: string | undefined;
  try {
    why = notEvaluable(m);
    if (why === undefined && !opts.slow && isSlow(m, mod.id)) why = SLOW_NOT_RUN;
  } catch (e) {
    return { ...passed, evaluated: false, outcome: outcomeOfError("evaluate", e) };
  }
  if (why !== undefined) return { ...passed, evaluated: false, outcome: { status: "parses", why }, notEvaluated: why };
  let ran: ReturnType<typeof evaluateCorpusModule>;
  try {
    ran = evaluateCorpusModule(mod.id, lowerBroadcasts(m));
  } catch (e) {
    return { ...passed, evaluated: false, outcome: outcomeOfError("evaluate", e) };
  }
  return { ...passed, evaluated: true, outcome: { status: "evaluates" }, ...(ran ?? {}) };
}

/** The reason a slow module was not evaluated (it keeps its recorded status: the slow run checks it). */
export const SLOW_NOT_RUN = "slow (MINIXLA_SLOW=1 runs it)";

export function readPinnedTable(): Record<string, Pinned> {
  return readPinned(EXPECTED_PATH);
}

/** The table's statuses as one line each, for tests that pick modules by status. */
export function readExpected(): Record<string, Expected> {
  const out: Record<string, Expected> = {};
  for (const [id, p] of Object.entries(readPinnedTable())) out[id] = describe(p) as Expected;
  return out;
}

export interface Tally {
  readonly modules: number;
  readonly parses: number;
  readonly fixedPoint: number;
  readonly verifies: number;
  readonly evaluates: number;
  /** Failure reasons (and reasons evaluation was not attempted), most frequent first. */
  readonly reasons: readonly (readonly [string, number])[];
}

export function tally(results: readonly ModuleResult[]): Tally {
  const reasons = new Map<string, number>();
  for (const r of results) {
    const o = r.outcome;
    const key = o.status === "fails" || o.status === "crashes" ? reasonKey(describe(o)) : r.notEvaluated !== undefined ? `not evaluated: ${reasonKey(r.notEvaluated)}` : undefined;
    if (key !== undefined) reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  return {
    modules: results.length,
    parses: results.filter((r) => r.parsed).length,
    fixedPoint: results.filter((r) => r.fixedPoint).length,
    verifies: results.filter((r) => r.verified).length,
    evaluates: results.filter((r) => r.evaluated).length,
    reasons: [...reasons].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
  };
}

export function formatTally(t: Tally): string {
  const lines = [
    `${t.modules} modules: ${t.parses} parse, ${t.fixedPoint} print to a fixed point, ${t.verifies} verify, ${t.evaluates} evaluate`,
    ...t.reasons.map(([k, n]) => `  ${String(n).padStart(4)}  ${k}`),
  ];
  return lines.join("\n");
}
