/**
 * Five planted miscompiles for the compare/reduce tests and the README: each
 * is a wrong rewrite rule written as an opt plugin (examples/wrong_rules/)
 * and a few instructions spliced into the largest module of the XLA/JAX
 * corpus (mlp_grad, 69 instructions), as one more output, so that the rule
 * fires there and the module computes something else once it has.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type HloPass, parseHloModule } from "@minixla/hlo";
import { pass as addZero } from "../../examples/wrong_rules/add_zero.ts";
import { pass as multiplyDivide } from "../../examples/wrong_rules/multiply_divide.ts";
import { pass as reassociateAdd } from "../../examples/wrong_rules/reassociate_add.ts";
import { pass as subtractSelf } from "../../examples/wrong_rules/subtract_self.ts";
import { pass as transposeCompose } from "../../examples/wrong_rules/transpose_compose.ts";
import { XLA_JAX_CORPUS } from "./corpus.ts";

/** The corpus module with the most instructions, and its text. */
export function largestCorpusModule(): { readonly name: string; readonly text: string } {
  let best = { name: "", text: "", count: -1 };
  for (const dir of readdirSync(XLA_JAX_CORPUS, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const text = readFileSync(join(XLA_JAX_CORPUS, dir.name, "module.hlo"), "utf8");
    const count = parseHloModule(text).computations.reduce((n, c) => n + c.instructions.length, 0);
    if (count > best.count) best = { name: dir.name, text, count };
  }
  return best;
}

/** One planted bug: the wrong rule, and the instructions that give it something to rewrite. */
export interface PlantedBug {
  readonly name: string;
  /** What goes wrong. */
  readonly kind: "NaN" | "signed zero" | "integer overflow" | "f32 rounding" | "transpose permutation";
  readonly pass: HloPass;
  /** HLO lines added before the entry's ROOT (they read mlp_grad's values), the last one the new output. */
  readonly lines: readonly string[];
}

export const PLANTED_BUGS: readonly PlantedBug[] = [
  { name: "subtract-self", kind: "NaN", pass: subtractSelf, lines: ["planted.out = f64[8,4]{1,0} subtract(tanh.1, tanh.1)"] },
  {
    name: "add-zero", kind: "signed zero", pass: addZero,
    lines: [
      "planted.m = f64[8,4]{1,0} multiply(y.1, broadcast_in_dim.6)",
      "planted.z = f64[] constant(0)",
      "planted.zb = f64[8,4]{1,0} broadcast(planted.z), dimensions={}",
      "planted.out = f64[8,4]{1,0} add(planted.m, planted.zb)",
    ],
  },
  {
    name: "multiply-divide", kind: "integer overflow", pass: multiplyDivide,
    lines: [
      "planted.i = s32[8,4]{1,0} convert(sub.3)",
      "planted.two = s32[] constant(2)",
      "planted.tb = s32[8,4]{1,0} broadcast(planted.two), dimensions={}",
      "planted.m = s32[8,4]{1,0} multiply(planted.i, planted.tb)",
      "planted.out = s32[8,4]{1,0} divide(planted.m, planted.tb)",
    ],
  },
  {
    name: "reassociate-add", kind: "f32 rounding", pass: reassociateAdd,
    lines: [
      "planted.a = f32[8,4]{1,0} convert(tanh.1)",
      "planted.b = f32[8,4]{1,0} convert(y.1)",
      "planted.c = f32[8,4]{1,0} convert(mul.7)",
      "planted.ab = f32[8,4]{1,0} add(planted.a, planted.b)",
      "planted.out = f32[8,4]{1,0} add(planted.ab, planted.c)",
    ],
  },
  {
    name: "transpose-compose", kind: "transpose permutation", pass: transposeCompose,
    lines: [
      "planted.r = f64[4,4,4,4]{3,2,1,0} reshape(max.1)",
      "planted.t = f64[4,4,4,4]{3,2,1,0} transpose(planted.r), dimensions={1,0,2,3}",
      "planted.out = f64[4,4,4,4]{3,2,1,0} transpose(planted.t), dimensions={0,2,1,3}",
    ],
  },
];

/** `text` (mlp_grad) with the bug's lines added and their last value appended to the root tuple. */
export function plant(text: string, bug: PlantedBug): string {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => l.trimStart().startsWith("ROOT ") && l.includes(" tuple("));
  if (at < 0) throw new Error("plant: no ROOT tuple");
  const root = lines[at];
  const outShape = bug.lines[bug.lines.length - 1].split(" = ")[1].split(" ")[0];
  const withShape = root.replace(/= \((.*)\) tuple\(/, (_m, shapes: string) => `= (${shapes}, ${outShape}) tuple(`);
  const withOperand = withShape.replace(/\)\s*$/, ", planted.out)");
  return [...lines.slice(0, at), ...bug.lines.map((l) => `  ${l}`), withOperand, ...lines.slice(at + 1)].join("\n");
}
