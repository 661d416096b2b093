/**
 * XLA's own .hlo test and benchmark files (test/corpus/xla-hlo, see its
 * ORIGIN.md), read untouched: every module parses, prints to a fixed point
 * (print(parse(print(parse(x)))) === print(parse(x))), verifies, and
 * evaluates on seeded inputs where minixla has its opcodes. expected.json
 * pins each module's status (status.ts): a lower status, a failure with
 * another error class or message, or a crash (no HloError) fails here, and
 * a better one asks for the table to be updated
 * (`npx tsx scripts/update_xla_hlo_expected.ts`, which refuses to lower a
 * status without a recorded reason).
 *
 * golden.json holds real XLA's outputs (CPU backend) on the same inputs for
 * every module XLA's runner could run; each module minixla evaluates is
 * compared with them, and a module recorded with an `xlaDivergence` is
 * tested to differ. Modules whose estimated work is large are named
 * "slow: ..." and run only under MINIXLA_SLOW=1 (a CI step of their own).
 */
import { describe, expect, it } from "vitest";
import { type ArrayLiteral } from "@minixla/hlo";
import {
  type ModuleResult,
  corpusModules,
  formatTally,
  isSlowModule,
  protoTextModules,
  readPinnedTable,
  runModule,
  tally,
} from "./corpus/xla-hlo/corpus.ts";
import { goldenDifferences, readGolden } from "./corpus/xla-hlo/golden.ts";
import { describe as describeOutcome, judge } from "./corpus/xla-hlo/status.ts";

const slow = process.env.MINIXLA_SLOW === "1";

/**
 * Modules XLA itself refuses (checked with XLA's parser and CPU compiler from
 * jaxlib 0.10.2): minixla must refuse them too, whatever expected.json says.
 */
const XLA_REFUSES: Readonly<Record<string, string>> = {
  "openxla-xla/xla/hlo/tools/tests/generate_hlo_test_checks_test_input.hlo#5": "a call passes f32[4] to an f32[] parameter",
  "openxla-xla/xla/hlo/tools/tests/generate_hlo_test_checks_test_output.hlo#5": "a call passes f32[4] to an f32[] parameter",
  "openxla-xla/xla/hlo/transforms/tests/operand_upcaster.hlo": "a dot's stored shape s32[8] is not the inferred s32[8,8]",
  "openxla-xla/xla/tools/print_indexing_test.hlo": "a fusion parameter's shape differs from its operand's",
  "openxla-xla/xla/tools/tests/data/invalid_concat.hlo": "concatenate of f32[2,1] and f32[3,1] along dimension 1",
  "openxla-xla/xla/hlo/translate/hlo_to_mhlo/tests/import_locs.hlo": "a Sharding custom-call with two operands (XLA's CPU compiler aborts)",
};
const modules = corpusModules();
const pinned = readPinnedTable();
const goldenFile = readGolden();
const golden = new Map(goldenFile.cases.map((g) => [g.id, g]));
const results = new Map<string, ModuleResult>();
let compared = 0;

/** How many modules at least are compared with XLA's values in a default run (not counting the slow ones). */
const MIN_COMPARED = 360;

describe("XLA's .hlo corpus", () => {
  it("has a status in expected.json for every module, and none for modules that are gone", () => {
    const ids = modules.map((m) => m.id);
    expect(ids.filter((id) => pinned[id] === undefined), "run scripts/update_xla_hlo_expected.ts").toEqual([]);
    expect(Object.keys(pinned).filter((id) => !ids.includes(id)), "run scripts/update_xla_hlo_expected.ts").toEqual([]);
  });

  it("pins no crash: every failure recorded is an HloError refusal", () => {
    const crashLike = Object.entries(pinned).filter(([, p]) => p.status === "fails" && !/^(Hlo|Parse|Shape|Verify|Eval)Error$|^PrintMismatch$/.test(p.error));
    expect(crashLike).toEqual([]);
  });

  it("leaves out only the chunks that are HloModuleProto text, which XLA's HLO parser rejects too", () => {
    expect(protoTextModules().map((m) => m.id.replace(/^openxla-xla\/xla\/hlo\/translate\/hlo_to_mhlo\/tests\//, ""))).toEqual([
      "dynamic_param.hlo",
      "module_attributes.hlo",
      "simple.hlo",
      "spmd_module_sharding.hlo",
      "stacktrace_to_location.hlo#1",
      "stacktrace_to_location.hlo#2",
      "stacktrace_to_location.hlo#3",
    ]);
  });

  it("refuses every module XLA refuses", () => {
    for (const [id, why] of Object.entries(XLA_REFUSES)) {
      const mod = modules.find((m) => m.id === id);
      expect(mod, id).toBeDefined();
      expect(runModule(mod!, { slow: false }).outcome.status, `${id}: ${why}`).toBe("fails");
    }
  });

  for (const mod of modules) {
    const want = pinned[mod.id];
    const isSlow = isSlowModule(mod);
    const name = `${isSlow ? "slow: " : ""}${mod.id}: ${want === undefined ? "(no status recorded)" : describeOutcome(want)}`;
    it.skipIf(isSlow && !slow)(name, () => {
      const r = runModule(mod, { slow: true });
      results.set(mod.id, { ...r, outputs: undefined, inputs: undefined });
      expect(want, "no status recorded: run scripts/update_xla_hlo_expected.ts").toBeDefined();
      const verdict = judge(r.outcome, want!);
      if (verdict.kind === "worse") expect.fail(verdict.why);
      if (verdict.kind === "better") expect.fail(`improvement to ${describeOutcome(r.outcome)}: run scripts/update_xla_hlo_expected.ts`);
      const g = golden.get(mod.id);
      if (g === undefined || r.outputs === undefined || r.inputs === undefined) {
        expect(want!.xlaDivergence, "a divergence from XLA is recorded for a module not compared with XLA").toBeUndefined();
        return;
      }
      const diffs = goldenDifferences(g, r.inputs as ArrayLiteral[], r.outputs);
      compared++;
      if (want!.xlaDivergence !== undefined) {
        expect(diffs.length, `recorded as differing from XLA (${want!.xlaDivergence}) but agrees: run scripts/update_xla_hlo_expected.ts`).toBeGreaterThan(0);
      } else {
        expect(diffs.join("\n"), "differs from XLA's values").toBe("");
      }
    });
  }

  it("tallies the corpus", () => {
    // The tally is printed for the record; the per-module tests above carry the assertions.
    const t = tally([...results.values()]);
    console.log(formatTally({ ...t, reasons: t.reasons.slice(0, 25) }));
    console.log(`${compared} modules compared with XLA's values`);
    expect(t.modules).toBe(results.size);
    if (!slow) expect(compared).toBeGreaterThanOrEqual(MIN_COMPARED);
  });
});

describe("XLA's golden values", () => {
  it("cover every corpus module: XLA's outputs, or the reason XLA did not run it", () => {
    const ids = new Set(modules.map((m) => m.id));
    for (const id of [...golden.keys(), ...Object.keys(goldenFile.notRun)]) expect(ids.has(id), id).toBe(true);
    expect([...ids].filter((id) => !golden.has(id) && goldenFile.notRun[id] === undefined)).toEqual([]);
  });
});
