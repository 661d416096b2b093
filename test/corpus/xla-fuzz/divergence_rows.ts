/**
 * The rows of docs/numerics.md's table of divergences not yet matched ("Found by
 * the fuzzer and not yet matched"), by their stable ids, and the rule that
 * marks a diverging fuzz program with the row that explains it. generate.ts
 * keeps a diverging program in divergences.json only when a row explains it;
 * test/xla_fuzz_divergences.test.ts checks that docs/numerics.md's table has
 * exactly these ids and that every kept program still diverges exactly as
 * kept.
 *
 * The rules read the program's text (which ops feed which), its types and
 * inputs; they are deliberately narrow, so a new kind of divergence is left
 * unexplained (printed by generate.ts) rather than filed under an old row.
 */
import type { ArrayLiteral } from "@minixla/hlo";
import type { Mode } from "../../fuzz/compare.ts";
import type { FuzzProgram } from "../../fuzz/program.ts";

/** The table's ids, in its order. */
export const DIVERGENCE_ROWS = [
  "dot-inf-order",
  "negated-fma",
  "f64-tan-denormal",
  "divide-rules",
  "chain-ulp-growth",
  "f16-multiply-add",
  "dot-zero-sign",
  "folder-algsimp",
  "folder-f8-nan-order",
  "atan2-f32-folded",
] as const;

export type DivergenceRow = (typeof DIVERGENCE_ROWS)[number];

/** One body line: `name = type[dims] opcode(operands), attributes`. */
interface Line {
  readonly name: string;
  readonly type: string;
  readonly opcode: string;
  readonly operands: readonly string[];
  readonly text: string;
}

function parseLines(p: FuzzProgram): ReadonlyMap<string, Line> {
  const out = new Map<string, Line>();
  for (const text of p.body) {
    const m = /^\s*(?:ROOT\s+)?([\w.-]+)\s*=\s*(\w+)\[[^\]]*\]\S*\s+([\w-]+)\(([^)]*)\)/.exec(text);
    if (m === null) continue;
    out.set(m[1], { name: m[1], type: m[2], opcode: m[3], operands: m[4].split(",").map((s) => s.trim()).filter((s) => s !== ""), text });
  }
  return out;
}

const isZero = (x: number): boolean => x === 0;

/** Whether every element that differs is a zero on both sides (a difference of sign only). */
function onlyZeroSigns(got: readonly ArrayLiteral[], want: readonly ArrayLiteral[]): boolean {
  return got.every((g, k) => {
    const a = g.data as ArrayLike<number>;
    const b = want[k].data as ArrayLike<number>;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i]) && !(Number.isNaN(a[i]) && Number.isNaN(b[i])) && !(isZero(a[i]) && isZero(b[i]))) return false;
    return true;
  });
}

const FLOAT_TYPE_NAMES = new Set(["f16", "bf16", "f32", "f64"]);

/** The row that explains how `p` diverges in `mode` (minixla's `got` against XLA's `want`), or undefined when none does. */
export function explainDivergence(p: FuzzProgram, mode: Mode, got: readonly ArrayLiteral[], want: readonly ArrayLiteral[]): DivergenceRow | undefined {
  const lines = parseLines(p);
  const all = [...lines.values()];
  const op = (name: string): string | undefined => lines.get(name)?.opcode;
  const paramValues = p.params.flatMap((q) => q.values.map(Number));

  // XLA's divide rules minixla does not apply yet: a divisor made by sqrt, rsqrt or power.
  if (all.some((l) => l.opcode === "divide" && ["sqrt", "rsqrt", "power"].includes(op(l.operands[1]) ?? ""))) return "divide-rules";

  if (mode === "reference") {
    // The folder's algebraic simplifier: a multiply of a multiply (reassociated), a one-element contraction (a multiply), integer power.
    if (p.family === "dot" && all.some((l) => l.opcode === "dot") && p.params[0].dims[p.params[0].dims.length - 1] === 1) return "folder-algsimp";
    if (all.some((l) => l.opcode === "multiply" && l.operands.some((o) => op(o) === "multiply"))) return "folder-algsimp";
    if (all.some((l) => l.opcode === "power" && !FLOAT_TYPE_NAMES.has(l.type))) return "folder-algsimp";
    if (p.family === "compare" && p.params[0].type === "f8e4m3fn" && p.body.some((l) => l.includes("TOTALORDER"))) return "folder-f8-nan-order";
    if (p.family === "binary" && all.some((l) => l.opcode === "atan2" && l.type === "f32")) return "atan2-f32-folded";
  } else {
    if (p.family === "dot" && paramValues.some((v) => !Number.isFinite(v) && !Number.isNaN(v))) return "dot-inf-order";
    if (p.family === "dot" && onlyZeroSigns(got, want)) return "dot-zero-sign";
    const addOfProduct = (l: Line, producer: (o: string) => boolean): boolean => (l.opcode === "add" || l.opcode === "subtract") && l.operands.some(producer);
    if (all.some((l) => addOfProduct(l, (o) => op(o) === "negate" && op(lines.get(o)?.operands[0] ?? "") === "multiply"))) return "negated-fma";
    if (all.some((l) => (l.type === "f16" || l.type === "bf16") && addOfProduct(l, (o) => op(o) === "multiply"))) return "f16-multiply-add";
    if (all.some((l) => l.opcode === "tan" && l.type === "f64")) return "f64-tan-denormal";
  }
  // A chain of three or more float steps with a cancelling add/subtract or a remainder: ulps grown beyond their sum.
  if (p.family === "chain" && all.length >= 3 && all.some((l) => ["add", "subtract", "remainder"].includes(l.opcode))) return "chain-ulp-growth";
  return undefined;
}
