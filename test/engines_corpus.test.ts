/**
 * The compiled engine against the reference on every vendored corpus module
 * the reference evaluates: `compile(m).execute(args)` must give
 * `evaluate(m, args)` bit for bit (firstBitDifference: -0 and NaN payloads
 * count), and where the reference throws, the compiled engine must throw an
 * error of the same class with the same message.
 *
 * - the XLA-computed corpora with manifests (xla-jax, xla-ops, jax-models,
 *   jax-x64): each case's module as `minixla conformance` runs it (loaded,
 *   lowered, xla-cpu numerics) on the case's .npy inputs;
 * - jax-rbg's module on its seed;
 * - XLA's .hlo corpus (xla-hlo): every module whose status in expected.json is
 *   "evaluates", on the same seeded inputs and elided-constant values as
 *   test/xla_hlo_corpus.test.ts; the slow ones only under MINIXLA_SLOW=1, and
 *   in the default run only those whose estimated work is small; modules on
 *   several devices are skipped (no compiled SPMD engine). Host transfers run
 *   against the seeded host on the reference and are replayed to the compiled
 *   run. Skips are counted as they happen, and a last test checks that at
 *   least the floor of modules was compared after them;
 * - StableHLO's interpreter tests (interpret/ and testdata/), as HLO modules
 *   without parameters, as their own tests run them.
 *
 * The by-hand StableHLO modules and the convolution corpus are checked by the
 * cross-checking setup file, through their own tests.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadManifest, loadModule } from "@minixla/cli";
import {
  type HloModule,
  type Literal,
  type Shape,
  entryComputation,
  lowerBroadcasts,
  parseHloModule,
  programShape,
  readNpy,
  scalar,
  xlaCpuNumerics,
} from "@minixla/hlo";
import { type EvalOptions, compile, evaluate } from "@minixla/interpreter";
import { SLOW_WORK, corpusEvalOptions, corpusModules, deviceCountOf, estimatedWork, isSlow, randomInputs, readExpected } from "./corpus/xla-hlo/corpus.ts";
import { readCorpus } from "./corpus/stablehlo/mlir_cases.ts";
import { readTestdataCorpus } from "./corpus/stablehlo/testdata_cases.ts";
import { runBoth } from "./support/engines.ts";
import { referenceOf } from "./support/cross_check.ts";

const CORPORA = join(import.meta.dirname, "corpus");
const slow = process.env.MINIXLA_SLOW === "1";
/** The default run's share of xla-hlo: modules under this estimated work (about 50 ms of the evaluator each). */
const DEFAULT_WORK = SLOW_WORK / 20;
const reference = referenceOf(evaluate);

const tally = { bitwise: 0, sameError: 0 };

/**
 * The least number of xla-hlo modules compared on both engines, counted after
 * the skips: in the default run (modules of small estimated work), under
 * MINIXLA_SLOW=1 (every one-device module), and of those with host transfers.
 */
const XLA_HLO_FLOOR = 580;
const XLA_HLO_FLOOR_SLOW = 647;
const XLA_HLO_HOST_FLOOR = 24;

/** Runs both engines and asserts they agree; returns whether the reference gave a value. */
function checkEngines(m: HloModule, args: readonly Literal[], options: EvalOptions = {}): boolean {
  const r = runBoth(reference, compile, m, args, options);
  expect(r.problem, r.problem).toBeUndefined();
  if (r.reference.ok) tally.bitwise++;
  else tally.sameError++;
  return r.reference.ok;
}

afterAll(() => {
  console.log(`engines agree on ${tally.bitwise + tally.sameError} corpus modules: ${tally.bitwise} bit for bit, ${tally.sameError} throwing the same error (class and message)`);
});

function readArray(path: string, expected: Shape | undefined): Literal {
  const elementType = expected === undefined || expected.elementType === "tuple" ? undefined : expected.elementType;
  return readNpy(new Uint8Array(readFileSync(path)), { elementType });
}

describe.each(["xla-jax", "xla-ops", "jax-models", "jax-x64"])("the %s corpus on both engines", (corpus) => {
  const dir = join(CORPORA, corpus);
  const { cases } = loadManifest(dir);

  it.each(cases.map((c) => [c.name, c] as const))("%s", (_, c) => {
    const caseDir = join(dir, c.dir);
    const m = xlaCpuNumerics.run(loadModule(readFileSync(join(caseDir, "module.hlo"), "utf8")));
    const signature = programShape(entryComputation(m));
    const args = c.inputs.map((f, i) => readArray(join(caseDir, f.file), signature.parameters[i]));
    expect(checkEngines(m, args), "the reference evaluates every case").toBe(true);
  });
});

describe("the jax-rbg module on both engines", () => {
  it("normal_uniform_bits.hlo", () => {
    const text = readFileSync(join(CORPORA, "jax-rbg", "normal_uniform_bits.hlo"), "utf8");
    expect(checkEngines(lowerBroadcasts(parseHloModule(text)), [scalar(42, "u32")])).toBe(true);
  });
});

describe("XLA's .hlo corpus on both engines", () => {
  const expected = readExpected();
  const modules = corpusModules().filter((mod) => expected[mod.id] === "evaluates");

  /** Modules compared, and modules skipped by reason: counted as the tests run, so a skip cannot pass for a check. */
  const ran = { compared: 0, withHost: 0, skipped: new Map<string, number>() };
  const skip = (why: string): void => {
    ran.skipped.set(why, (ran.skipped.get(why) ?? 0) + 1);
  };

  it("has the modules expected.json says evaluate", () => {
    expect(modules.length).toBeGreaterThan(500);
  });

  for (const mod of modules) {
    it(mod.id, (ctx) => {
      const m = lowerBroadcasts(parseHloModule(mod.text));
      // Several devices run with evaluateSpmd, on the reference kernels only: there is no compiled run to compare.
      if (deviceCountOf(m) > 1) {
        skip("runs on several devices (no compiled SPMD engine)");
        ctx.skip();
        return;
      }
      if (!slow && (isSlow(m, mod.id) || estimatedWork(m) > DEFAULT_WORK)) {
        skip("slow for the default run (MINIXLA_SLOW=1 runs it)");
        ctx.skip();
        return;
      }
      const options = corpusEvalOptions(mod.id, m);
      expect(checkEngines(m, randomInputs(mod.id, m), options), "expected.json says it evaluates").toBe(true);
      ran.compared++;
      if (hostCalls(m)) ran.withHost++;
    }, slow ? 600_000 : undefined);
  }

  // Registered after the modules' tests, so it runs after them (vitest runs a file's tests in order).
  it("compared at least the floor of modules, after the skips", () => {
    const skips = [...ran.skipped].map(([why, n]) => `${n} ${why}`).join("; ");
    console.log(`xla-hlo on both engines: ${ran.compared} modules compared (${ran.withHost} with host transfers, replayed), skipped: ${skips || "none"}`);
    expect(ran.compared + [...ran.skipped.values()].reduce((a, b) => a + b, 0), "every module either compared or skipped").toBe(modules.length);
    expect(ran.compared).toBeGreaterThanOrEqual(slow ? XLA_HLO_FLOOR_SLOW : XLA_HLO_FLOOR);
    expect(ran.withHost).toBeGreaterThanOrEqual(XLA_HLO_HOST_FLOOR);
  });
});

/** Whether the module talks to its host (infeed, outfeed, send, recv): its host calls are replayed to the compiled run. */
function hostCalls(m: HloModule): boolean {
  return m.computations.some((c) => c.instructions.some((i) => ["infeed", "outfeed", "send", "recv"].includes(i.opcode)));
}

describe("StableHLO's interpreter tests on both engines", () => {
  const { cases } = readCorpus();
  const testdata = readTestdataCorpus().cases;

  it.each(cases.map((c) => [c.id, c.hlo] as const))("interpret/%s", (_, hlo) => {
    // Some cases are modules XLA rejects: then both engines must refuse them alike.
    checkEngines(lowerBroadcasts(parseHloModule(hlo)), []);
  });

  it.each(testdata.map((c) => [c.id, c.hlo] as const))("testdata/%s", (_, hlo) => {
    expect(checkEngines(lowerBroadcasts(parseHloModule(hlo)), [])).toBe(true);
  });
});
