/**
 * The fusion pass on real modules: every module of the XLA/JAX corpus and the
 * small evaluating modules of XLA's own .hlo corpus, fused, still verify, print
 * and parse back, fuse to a fixed point, and evaluate (fusions run as calls of
 * their fused computations) to the same bits as before fusion, NaN payloads
 * and -0 included. Where evaluation fails, it must fail the same way.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type HloModule, type Literal, fuse, isTupleLiteral, lowerBroadcasts, parseHloModule, printHloModule, readNpy, verificationProblems } from "@minixla/hlo";
import { evaluate as evaluateChecked } from "@minixla/interpreter";
import { describe, expect, it } from "vitest";
import { corpusModules, estimatedWork, isSlow, randomInputs, readExpected } from "./corpus/xla-hlo/corpus.ts";
import { XLA_JAX_CORPUS } from "./support/corpus.ts";
import { referenceOf } from "./support/cross_check.ts";

/** The reference evaluator itself: this test checks the pass, not the compiled engine (the cross-check setup compares those). */
const evaluate = referenceOf(evaluateChecked);

/** Bitwise equality: Object.is per element (NaN == NaN, -0 != 0), shapes and tuple structure equal. */
function sameValue(a: Literal, b: Literal): boolean {
  if (isTupleLiteral(a) || isTupleLiteral(b)) {
    return isTupleLiteral(a) && isTupleLiteral(b) && a.elements.length === b.elements.length && a.elements.every((x, i) => sameValue(x, b.elements[i]));
  }
  if (a.shape.elementType !== b.shape.elementType || a.shape.dimensions.join() !== b.shape.dimensions.join()) return false;
  if (a.data.length !== b.data.length) return false;
  for (let i = 0; i < a.data.length; i++) if (!Object.is(a.data[i], b.data[i])) return false;
  return true;
}

const outcome = (f: () => Literal): { value?: Literal; error?: string } => {
  try {
    return { value: f() };
  } catch (e) {
    return { error: e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e) };
  }
};

/** Fuses `m` (lowered), checks the module-level invariants, and returns how many fusions it made. */
function checkFused(id: string, m: HloModule, inputs: readonly Literal[], opts: Parameters<typeof evaluate>[2] = {}): number {
  const f = fuse.run(m);
  expect(verificationProblems(f), `${id}: verifies`).toEqual([]);
  const printed = printHloModule(f);
  expect(printHloModule(parseHloModule(printed)), `${id}: print/parse round trip`).toBe(printed);
  expect(fuse.run(f), `${id}: fusing again changes nothing`).toBe(f);
  const before = outcome(() => evaluate(m, inputs, opts));
  const after = outcome(() => evaluate(f, inputs, opts));
  expect(after.error, `${id}: evaluation errors agree`).toBe(before.error);
  if (before.value && after.value) expect(sameValue(after.value, before.value), `${id}: same bits after fusion`).toBe(true);
  return f.computations.length - m.computations.length;
}

describe("fuse on the XLA/JAX corpus", () => {
  const manifest = JSON.parse(readFileSync(join(XLA_JAX_CORPUS, "manifest.json"), "utf8")) as {
    cases: { name: string; dir: string; inputs: { file: string }[] }[];
  };
  let made = 0;
  it("has the whole corpus", () => expect(manifest.cases.length).toBeGreaterThanOrEqual(88));
  for (const c of manifest.cases) {
    it(`keeps ${c.name}`, () => {
      const m = lowerBroadcasts(parseHloModule(readFileSync(join(XLA_JAX_CORPUS, c.dir, "module.hlo"), "utf8")));
      const inputs = c.inputs.map((i) => readNpy(new Uint8Array(readFileSync(join(XLA_JAX_CORPUS, c.dir, i.file)))));
      made += checkFused(c.name, m, inputs);
    });
  }
  it("made fusions", () => expect(made).toBeGreaterThan(88));
});

/** Modules of XLA's corpus that evaluate and whose estimated work is below this (about 400 modules, ~10 s). */
const SMALL_WORK = 300_000;

describe("fuse on XLA's .hlo corpus (small evaluating modules)", () => {
  const expected = readExpected();
  const picked = corpusModules()
    .filter((mod) => expected[mod.id] === "evaluates")
    .map((mod) => ({ id: mod.id, module: lowerBroadcasts(parseHloModule(mod.text)) }))
    .filter(({ id, module }) => !isSlow(module, id) && estimatedWork(module) <= SMALL_WORK);
  let made = 0;
  it("picks a few hundred modules", () => expect(picked.length).toBeGreaterThan(300));
  for (const { id, module } of picked) {
    it(`keeps ${id}`, () => {
      // Elided constants get seeded values; fusion never moves them, so both runs see the same ones.
      made += checkFused(id, module, randomInputs(id, module), { elidedConstants: "random", elidedSeed: 1, maxWhileIterations: 100_000 });
    });
  }
  it("made fusions", () => expect(made).toBeGreaterThan(300));
});
