/**
 * XLA's own .hlo test and benchmark files (test/corpus/xla-hlo, see its
 * ORIGIN.md), read untouched: every module parses, prints to a fixed point
 * (print(parse(print(parse(x)))) === print(parse(x))), verifies, and
 * evaluates on seeded inputs where minixla has its opcodes. expected.json
 * holds each module's status, so a module that gets worse fails here, and
 * one that gets better asks for the table to be regenerated
 * (`npx tsx scripts/update_xla_hlo_expected.ts`).
 *
 * golden.json holds real XLA's outputs (CPU backend) for a subset of small
 * modules on the same inputs: those are compared number by number.
 * Modules whose estimated work is large run only under MINIXLA_SLOW=1.
 */
import { describe, expect, it } from "vitest";
import { lowerBroadcasts, parseHloModule } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import {
  type ModuleResult,
  agrees,
  corpusModules,
  formatTally,
  protoTextModules,
  readExpected,
  runModule,
  statusRank,
  tally,
} from "./corpus/xla-hlo/corpus.ts";
import { decodeArray, differences, leaves, readGolden } from "./corpus/xla-hlo/golden.ts";

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
const expected = readExpected();
const results = new Map<string, ModuleResult>();

describe("XLA's .hlo corpus", () => {
  it("has a status in expected.json for every module, and none for modules that are gone", () => {
    const ids = modules.map((m) => m.id);
    expect(ids.filter((id) => expected[id] === undefined), "run scripts/update_xla_hlo_expected.ts").toEqual([]);
    expect(Object.keys(expected).filter((id) => !ids.includes(id)), "run scripts/update_xla_hlo_expected.ts").toEqual([]);
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
      expect(runModule(mod!, { slow: false }).status, `${id}: ${why}`).toMatch(/^fails: /);
    }
  });

  for (const mod of modules) {
    const want = expected[mod.id];
    it(`${mod.id}: ${want ?? "(no status recorded)"}`, () => {
      const r = runModule(mod, { slow });
      results.set(mod.id, r);
      if (want === undefined || agrees(r, want)) return;
      const worse = statusRank(r.status) < statusRank(want);
      expect.soft(r.status, worse ? "regression" : "improvement: run scripts/update_xla_hlo_expected.ts").toBe(want);
    });
  }

  it("tallies the corpus", () => {
    // The tally is printed for the record; the per-module tests above carry the assertions.
    const t = tally([...results.values()]);
    console.log(formatTally({ ...t, reasons: t.reasons.slice(0, 25) }));
    expect(t.modules).toBe(results.size);
  });
});

describe("XLA's .hlo corpus against real XLA's outputs", () => {
  const golden = readGolden();
  const byId = new Map(modules.map((m) => [m.id, m]));

  it("has golden values for at least 50 modules", () => {
    expect(golden.length).toBeGreaterThanOrEqual(50);
    for (const g of golden) expect(byId.has(g.id), g.id).toBe(true);
  });

  for (const g of golden) {
    it(`${g.id}: gives XLA's values`, () => {
      const m = lowerBroadcasts(parseHloModule(byId.get(g.id)!.text));
      const got = leaves(evaluate(m, g.inputs.map(decodeArray), { maxWhileIterations: 100_000 }));
      expect(got.length).toBe(g.outputs.length);
      const diffs = got.flatMap((l, k) => differences(l, g.outputs[k]).map((d) => `output ${k}: ${d}`));
      expect(diffs).toEqual([]);
    });
  }
});
