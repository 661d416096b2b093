/**
 * Generates docs/ops.md, the op × capability matrix: one row per opcode of the
 * opcode table, each column read from the table or code that decides it (the
 * shape rules, the text attribute table, the builder's method table, the
 * kernel table, the fusion rules, the two numerics run side by side) and from
 * the tests and corpora that name the op. test/ops_matrix.test.ts regenerates
 * it in memory and fails when the committed file differs; `pnpm ops-matrix`
 * (`npx tsx scripts/ops_matrix.ts`) rewrites it.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { BUILDER_METHODS } from "@minixla/builder";
import {
  ALL_OPCODES,
  ELEMENT_TYPES,
  ELEMENT_TYPE_INFO,
  type ElementType,
  type HloInstruction,
  type HloModule,
  type Literal,
  OPCODES,
  type Opcode,
  SHAPE_RULES,
  type Shape,
  inferShape,
  literal,
  parseHloModule,
  shape,
  shapeToString,
  xlaCpuNumerics,
} from "@minixla/hlo";
import { KERNELS, type Numerics, evaluate, specialValues } from "@minixla/interpreter";
// Not part of the packages' public API: the text attribute table and the fusion rules.
import { ATTRIBUTES } from "../packages/hlo/src/text/attribute_spec.ts";
import { isLoopFusible } from "../packages/hlo/src/passes/fuse_rules.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const VALUE_TYPES = ELEMENT_TYPES.filter((t) => t !== "token");
const KINDS = ["pred", "signed", "unsigned", "float", "complex"] as const;

// ------------------------------------------------------------ element-wise probes

/** A one-instruction module applying an element-wise `op` to operands of type `t`, with its inputs; undefined where the shape rule refuses `t`. */
interface Probe {
  readonly module: HloModule;
  readonly args: readonly Literal[];
}

/** The operand types an element-wise op of this kind takes when its data operands are `t`. */
function operandTypes(op: Opcode, t: ElementType): readonly ElementType[] {
  const spec = OPCODES[op];
  if (op === "select") return ["pred", t, t];
  return Array.from({ length: spec.arity === "variadic" ? 1 : spec.arity }, () => t);
}

/** Ordinary values beside the special ones, where a polynomial or library function may round otherwise. */
const ORDINARY = [0.3, -1.7, 2.5, 0.0007, 123.4, -0.9, 7.25, 1e-3];

/** A type's special values, and for floats and complex numbers some ordinary ones. */
function probeValues(t: ElementType): readonly unknown[] {
  const kind = ELEMENT_TYPE_INFO[t].kind;
  const extra = kind === "float" ? ORDINARY : kind === "complex" ? ORDINARY.map((x, i) => [x, ORDINARY[(i + 3) % ORDINARY.length]]) : [];
  return [...specialValues(t), ...extra];
}

/** Every combination of each operand's probe values, as one column per operand. */
function combinations(types: readonly ElementType[]): (readonly unknown[])[] {
  let rows: unknown[][] = [[]];
  for (const t of types) rows = rows.flatMap((r) => probeValues(t).map((v) => [...r, v]));
  return types.map((_, k) => rows.map((r) => r[k]));
}

const EXTRA_ATTRIBUTES: Partial<Readonly<Record<Opcode, string>>> = {
  compare: ", direction=LT",
  "reduce-precision": ", exponent_bits=5, mantissa_bits=0",
};

function elementwiseProbe(op: Opcode, t: ElementType): Probe | undefined {
  const spec = OPCODES[op];
  if (spec.kind === "other") return undefined;
  const types = operandTypes(op, t);
  const columns = combinations(types);
  const n = columns[0]?.length ?? 0;
  const operands = types.map((u) => shape(u, [n]));
  let result: Shape;
  try {
    // convert and bitcast-convert declare their result: the operand's own type.
    result = inferShape({ opcode: op, operands, attributes: {} as never, called: [], declared: shape(t, [n]) });
  } catch {
    return undefined;
  }
  const params = types.map((u, k) => `  p${k} = ${u}[${n}] parameter(${k})`);
  const text = ["HloModule probe", "", "ENTRY main {", ...params,
    `  ROOT r = ${shapeToString(result)} ${op}(${types.map((_, k) => `p${k}`).join(", ")})${EXTRA_ATTRIBUTES[op] ?? ""}`, "}", ""].join("\n");
  try {
    return { module: parseHloModule(text), args: types.map((u, k) => literal(u, [n], columns[k] as never)) };
  } catch {
    return undefined;
  }
}

/** Whether two results hold the same bits (NaNs alike, -0 apart from +0). */
function sameBits(a: Literal, b: Literal): boolean {
  if (!("data" in a) || !("data" in b) || a.data.length !== b.data.length) return false;
  for (let i = 0; i < a.data.length; i++) {
    const x = a.data[i];
    const y = b.data[i];
    if (!(Object.is(x, y) || (typeof x === "number" && typeof y === "number" && Number.isNaN(x) && Number.isNaN(y)))) return false;
  }
  return true;
}

function run(p: Probe, numerics: Numerics): Literal | undefined {
  try {
    return evaluate(p.module, p.args, { numerics });
  } catch {
    return undefined;
  }
}

/** What the probes find for one element-wise opcode, per element type. */
interface ElementwiseFacts {
  /** Types the shape rule takes. */
  readonly accepted: readonly ElementType[];
  /** Accepted types the reference kernel fails on. */
  readonly kernelFails: readonly ElementType[];
  /** Types whose xla-cpu scalar results differ from the reference's on the special values. */
  readonly xlaCpuDiffers: readonly ElementType[];
}

function elementwiseFacts(op: Opcode): ElementwiseFacts | undefined {
  const spec = OPCODES[op];
  if (spec.kind === "other") return undefined;
  const accepted: ElementType[] = [];
  const kernelFails: ElementType[] = [];
  const xlaCpuDiffers: ElementType[] = [];
  for (const t of VALUE_TYPES) {
    const p = elementwiseProbe(op, t);
    if (p === undefined) continue;
    accepted.push(t);
    const ref = run(p, "reference");
    if (ref === undefined) kernelFails.push(t);
    const cpu = run(p, "xla-cpu");
    if (ref !== undefined && cpu !== undefined && !sameBits(ref, cpu)) xlaCpuDiffers.push(t);
  }
  return { accepted, kernelFails, xlaCpuDiffers };
}

/** A list of element types, whole kinds named by their kind ("float" for every float type). */
function typeSummary(types: readonly ElementType[]): string {
  if (types.length === 0) return "";
  if (types.length === VALUE_TYPES.length) return "any";
  const parts: string[] = [];
  for (const kind of KINDS) {
    const all = VALUE_TYPES.filter((t) => ELEMENT_TYPE_INFO[t].kind === kind);
    const got = types.filter((t) => ELEMENT_TYPE_INFO[t].kind === kind);
    if (got.length === 0) continue;
    parts.push(got.length === all.length && all.length > 1 ? kind : got.join(" "));
  }
  return parts.join(", ");
}

// --------------------------------------------------------- xla-cpu graph rewrites

/** f32 modules around a binary op that the xla-cpu-numerics pass may rewrite: a multiply feeding it, a broadcast divisor. */
function rewriteProbes(op: Opcode): readonly HloModule[] {
  if (OPCODES[op].kind !== "binary") return [];
  const mk = (body: string): string => `HloModule rewrite\n\nENTRY main {\n  a = f32[4] parameter(0)\n  b = f32[4] parameter(1)\n  s = f32[] parameter(2)\n${body}\n}\n`;
  return [
    mk(`  m = f32[4] multiply(a, b)\n  ROOT r = f32[4] ${op}(m, a)`),
    mk(`  c = f32[4] broadcast(s), dimensions={}\n  ROOT r = f32[4] ${op}(a, c)`),
  ].map((t) => parseHloModule(t));
}

/** Whether the pass rewrites the op itself (not only the multiply beside it). */
function rewrittenByPass(op: Opcode): boolean {
  return rewriteProbes(op).some((m) => {
    const after = xlaCpuNumerics.run(m);
    const root = after.computations.find((c) => c.name === "main");
    const r = root?.instructions.find((i: HloInstruction) => i.name === root.root);
    return after !== m && r !== undefined && r.opcode !== op;
  });
}

/** dot and reduce: a float probe per type with denormals and overflow among the values, run under both numerics. */
function accumulatorDiffers(op: Opcode): readonly ElementType[] {
  if (op !== "dot" && op !== "reduce") return [];
  const floats = VALUE_TYPES.filter((t) => ELEMENT_TYPE_INFO[t].kind === "float");
  return floats.filter((t) => {
    const values = specialValues(t).filter((v): v is number => typeof v === "number");
    const n = values.length;
    const pairs = values.flatMap((x) => values.map((y) => [x, y]));
    const text = op === "dot"
      ? `HloModule d\n\nENTRY main {\n  a = ${t}[${n * n},2] parameter(0)\n  b = ${t}[2,1] parameter(1)\n  ROOT r = ${t}[${n * n},1] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}\n`
      : `HloModule r\n\nadd {\n  x = ${t}[] parameter(0)\n  y = ${t}[] parameter(1)\n  ROOT s = ${t}[] add(x, y)\n}\n\nENTRY main {\n  a = ${t}[${n * n},2] parameter(0)\n  z = ${t}[] constant(0)\n  ROOT r = ${t}[${n * n}] reduce(a, z), dimensions={1}, to_apply=add\n}\n`;
    try {
      const module = parseHloModule(text);
      const a = literal(t, [n * n, 2], pairs.flat());
      const args = op === "dot" ? [a, literal(t, [2, 1], [1, 1])] : [a];
      const p = { module, args };
      const ref = run(p, "reference");
      const cpu = run(p, "xla-cpu");
      return ref !== undefined && cpu !== undefined && !sameBits(ref, cpu);
    } catch {
      return false;
    }
  });
}

function xlaCpuColumn(op: Opcode, facts: ElementwiseFacts | undefined): string {
  const parts: string[] = [];
  const scalar = typeSummary(facts?.xlaCpuDiffers ?? []);
  if (scalar !== "") parts.push(`scalar: ${scalar}`);
  const acc = accumulatorDiffers(op);
  if (acc.length > 0) parts.push(`accumulation: ${acc.join(" ")}`);
  if (rewrittenByPass(op)) parts.push("pass rewrite");
  return parts.length === 0 ? "—" : parts.join("; ");
}

// ---------------------------------------------------------------- the engines

/**
 * The compiled engine's decision for an opcode: a loop-fusible instruction
 * (fuse_rules' test, asked of a scalar f32 instance) runs inside a generated
 * kLoop nest; a reduce roots a kInput loop; a dot is a register-tiled matrix
 * product (with an element-wise epilogue, kOutput); anything else runs its
 * reference kernel inside the compiled engine.
 */
function compiledPath(op: Opcode): string {
  if (op === "dot") return "tiled; kOutput with an epilogue";
  if (op === "reduce") return "kInput loop";
  if (op === "fusion") return "its computation as one loop nest";
  const fusible = (s: Shape): boolean =>
    isLoopFusible({ name: "x", opcode: op, shape: s, operands: ["p"], attributes: {}, called: [] } as unknown as HloInstruction, () => s);
  if (fusible(shape("f32", [2]))) return op === "transpose" ? "kLoop; tiled when alone" : "kLoop";
  if (fusible(shape("f32", []))) return "kLoop (scalars)";
  return "reference kernel";
}

// ------------------------------------------------------- tests and corpora

/** Files under `dir` (relative to the repository) whose names end with `suffix`, skipping node_modules and dot folders. */
function filesUnder(dir: string, suffix: string): string[] {
  const out: string[] = [];
  const stack = [join(ROOT, dir)];
  while (stack.length > 0) {
    const d = stack.pop() as string;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name.startsWith(".")) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.name.endsWith(suffix)) out.push(relative(ROOT, p));
    }
  }
  return out.sort();
}

const OPCODE_SET: ReadonlySet<string> = new Set(ALL_OPCODES);
/** An instruction in HLO text: a shape (or tuple shape) and then `opcode(`. */
const HLO_USE = /[\])}]\s+([a-z][a-z0-9-]*)\(/g;
/** An opcode named as a value in TypeScript: `opcode: "add"`, `opcode === "add"`. */
const OPCODE_LITERAL = /opcode\s*(?::|===|!==)\s*"([a-z][a-z0-9-]*)"/g;
/** A builder call on a builder variable (`b.add(`, `sb.reduce(`). */
const BUILDER_CALL = /\b(?:b|sb|fb|builder)\.([A-Za-z0-9]+)\(/g;
const METHOD_OPS = new Map<string, Opcode[]>();
for (const op of ALL_OPCODES) for (const m of BUILDER_METHODS[op]) METHOD_OPS.set(m, [...(METHOD_OPS.get(m) ?? []), op]);

/** How often each opcode occurs in a file's text. */
function opcodeCounts(text: string, typescript: boolean): Map<Opcode, number> {
  const counts = new Map<Opcode, number>();
  const hit = (op: string): void => {
    if (OPCODE_SET.has(op)) counts.set(op as Opcode, (counts.get(op as Opcode) ?? 0) + 1);
  };
  for (const m of text.matchAll(HLO_USE)) hit(m[1] as string);
  if (typescript) {
    for (const m of text.matchAll(OPCODE_LITERAL)) hit(m[1] as string);
    for (const m of text.matchAll(BUILDER_CALL)) for (const op of METHOD_OPS.get(m[1] as string) ?? []) hit(op);
  }
  return counts;
}

interface Usage {
  /** Test files naming the op, most mentions first. */
  readonly tests: ReadonlyMap<Opcode, readonly string[]>;
  /** Per op, corpus folder (under test/corpus) to the number of its .hlo files using the op. */
  readonly corpora: ReadonlyMap<Opcode, ReadonlyMap<string, number>>;
}

function usage(): Usage {
  const tests = new Map<Opcode, { file: string; n: number }[]>();
  const testFiles = [...filesUnder("test", ".test.ts"), ...filesUnder("packages", ".test.ts")];
  for (const file of testFiles) {
    for (const [op, n] of opcodeCounts(readFileSync(join(ROOT, file), "utf8"), true)) tests.set(op, [...(tests.get(op) ?? []), { file, n }]);
  }
  const corpora = new Map<Opcode, Map<string, number>>();
  for (const file of filesUnder("test/corpus", ".hlo")) {
    const folder = file.split("/")[2] as string;
    for (const op of opcodeCounts(readFileSync(join(ROOT, file), "utf8"), false).keys()) {
      const byFolder = corpora.get(op) ?? new Map<string, number>();
      byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
      corpora.set(op, byFolder);
    }
  }
  const ranked = new Map<Opcode, readonly string[]>();
  for (const [op, list] of tests) ranked.set(op, list.sort((a, b) => b.n - a.n || a.file.localeCompare(b.file)).map((x) => x.file));
  return { tests: ranked, corpora };
}

/** How many test files name the op, and the three that name it most. */
function testsColumn(files: readonly string[] | undefined): string {
  if (files === undefined || files.length === 0) return "—";
  // packages/<name>/src/x.test.ts reads as <name>/x.test.ts.
  const shown = files.slice(0, 3).map((f) => `\`${f.replace(/^packages\/([^/]+)\/src\//, "$1/")}\``).join(", ");
  return `${files.length}: ${shown}${files.length > 3 ? ", …" : ""}`;
}

function corporaColumn(byFolder: ReadonlyMap<string, number> | undefined): string {
  if (byFolder === undefined) return "—";
  return [...byFolder].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([f, n]) => `${f} ${n}`).join(", ");
}

// ---------------------------------------------------------------- the page

const HEADER = [
  "| opcode | family | shape rule (operand types) | HLO text (attributes) | builder | reference kernel | compiled engine | xla-cpu numerics | test files | corpus modules (.hlo) |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
];

function row(op: Opcode, u: Usage): string {
  const facts = elementwiseFacts(op);
  const rule = typeof SHAPE_RULES[op] === "function" ? `✓${facts ? ` ${typeSummary(facts.accepted)}` : ""}` : "—";
  const attrs = ATTRIBUTES[op].map((a) => `\`${a.name}\``);
  const text = attrs.length === 0 ? "✓" : `✓ ${attrs.join(", ")}`;
  const builder = BUILDER_METHODS[op].length === 0 ? "—" : BUILDER_METHODS[op].map((m) => `\`${m}\``).join(", ");
  const fails = facts?.kernelFails ?? [];
  const kernel = typeof KERNELS[op] !== "function" ? "—" : fails.length === 0 ? "✓" : `✓ (fails on ${fails.join(" ")})`;
  const cells = [`\`${op}\``, OPCODES[op].family.replace("_", " "), rule, text, builder, kernel, compiledPath(op), xlaCpuColumn(op, facts), testsColumn(u.tests.get(op)), corporaColumn(u.corpora.get(op))];
  return `| ${cells.join(" | ")} |`;
}

const INTRO = `# Op × capability matrix

Generated by \`scripts/ops_matrix.ts\` (\`npx -y pnpm@10 ops-matrix\`); \`test/ops_matrix.test.ts\` fails when
this file differs from what the script generates, so regenerate it after adding an opcode, a builder
method, a test or a corpus module. One row per opcode of the opcode table
(\`packages/hlo/src/opcode.ts\`). Element-wise ops are also run: each operand type on every
combination of the *probe values* (the type's special values, and for floats and complex numbers a
few ordinary ones), under both numerics.

- **shape rule**: the op's rule in the shape-rule table; for element-wise ops, the operand element
  types it accepts (each tried through \`inferShape\`; a kind is named when all its types are taken).
- **HLO text**: the parser and printer read and write the op; the \`name=value\` attributes it takes.
- **builder**: the \`XlaBuilder\` methods that record it (\`BUILDER_METHODS\`).
- **reference kernel**: the op's kernel in the interpreter's kernel table; for element-wise ops, an
  accepted type it fails on is named.
- **compiled engine**: what \`compile\` does with it: \`kLoop\` (inside a generated, fused loop nest),
  \`kInput\` (a reduce rooting a loop nest over its input), \`tiled\` (a register-tiled kernel), or the
  reference kernel run inside the compiled engine (the same bits, op by op).
- **xla-cpu numerics**: where \`numerics: "xla-cpu"\` gives other bits than \`reference\`:
  \`scalar\` names the types whose element-wise results differ on the probe values,
  \`accumulation\` the float types whose dot or add-reduce differs on them, and \`pass rewrite\` an op
  that the \`xla-cpu-numerics\` pass rewrites (a divide into a multiply, an add or subtract of a
  product into a fused multiply-add). A type not named may still differ on other values: every
  known divergence is in [numerics.md](numerics.md).
- **test files**: how many test files name the op (in HLO text, as \`opcode: "…"\`, or through a
  builder call) and the three that name it most; **corpus modules**: the \`.hlo\` files under
  \`test/corpus/<folder>\` that use it, per folder.
`;

/** The whole page. */
export function opsMatrix(): string {
  const u = usage();
  return `${INTRO}\n${[...HEADER, ...ALL_OPCODES.map((op) => row(op, u))].join("\n")}\n`;
}

export const OPS_MATRIX_PATH = join(ROOT, "docs/ops.md");

if (process.argv[1]?.endsWith("ops_matrix.ts")) {
  writeFileSync(OPS_MATRIX_PATH, opsMatrix());
  console.log(`${OPS_MATRIX_PATH} regenerated`);
}
