/**
 * The done-when of the compare/reduce tools (issue 14), on five planted
 * miscompiles (test/support/planted_bugs.ts: a wrong rewrite rule as an opt
 * plugin in examples/wrong_rules/, spliced into the largest corpus module):
 * compareModules finds each within 100 random input sets; every standard
 * pass, alone and as the default pipeline, shows no difference over the
 * whole corpus; reduceModule shrinks each planted module to at most 10
 * instructions within its time limit, and every module it offers the
 * condition, and every one it keeps, verifies.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { type HloModule, instructionCount, lowerBroadcasts, parseHloModule, printHloModule, runPipeline, verificationProblems } from "@minixla/hlo";
import { ALL_PASSES, compareModules, defaultPipelineWithFolding, passChangesResult, reduceModule } from "@minixla/interpreter";
import { describe, expect, it } from "vitest";
import { XLA_JAX_CORPUS } from "./support/corpus.ts";
import { PLANTED_BUGS, largestCorpusModule, plant } from "./support/planted_bugs.ts";

const largest = largestCorpusModule();
const planted = (i: number): HloModule => lowerBroadcasts(parseHloModule(plant(largest.text, PLANTED_BUGS[i])));

describe("the planted bugs", () => {
  it("start from the largest corpus module (mlp_grad, 69 instructions)", () => {
    expect(largest.name).toBe("mlp_grad");
    expect(instructionCount(parseHloModule(largest.text))).toBe(69);
    expect(PLANTED_BUGS.map((b) => b.kind)).toEqual(["NaN", "signed zero", "integer overflow", "f32 rounding", "transpose permutation"]);
  });

  PLANTED_BUGS.forEach((bug, i) => {
    it(`${bug.name} (${bug.kind}): the rule fires, and compare finds the miscompile within 100 random input sets`, () => {
      const m = planted(i);
      expect(verificationProblems(m)).toEqual([]);
      const wrong = runPipeline(m, [bug.pass]);
      expect(printHloModule(wrong)).not.toBe(printHloModule(m));
      const r = compareModules(m, wrong, { inputs: { kind: "random", trials: 100, seed: 0 } });
      expect(r.equal).toBe(false);
      expect(r.firstDifferingTrial).toBeLessThan(100);
      // Only the planted output (out4) differs, and the report says where and by how much.
      const differing = r.outputs.filter((o) => o.status !== "equal");
      expect(differing.map((o) => o.output)).toEqual([4]);
      const d = differing[0];
      if (d.status !== "differ") throw new Error("expected a value difference");
      expect(d.differences.length).toBeGreaterThan(0);
      expect(d.count).toBeGreaterThan(0);
      const first = d.differences[0];
      switch (bug.kind) {
        case "NaN": expect([first.want, first.got]).toEqual(["NaN", "0"]); break;
        case "signed zero": expect([first.want, first.got]).toEqual(["0", "-0"]); break;
        case "integer overflow": expect(first.ulps).toBeGreaterThan(1000); break;
        case "f32 rounding": expect(first.ulps).toBe(1); break;
        case "transpose permutation": expect(first.got).not.toBe(first.want); break;
        default: bug.kind satisfies never;
      }
    });
  });
});

describe("compare reports no difference for the standard passes", () => {
  it("each pass of ALL_PASSES and the default pipeline, over every corpus module, on 8 random input sets with specials", () => {
    let compared = 0;
    for (const dir of readdirSync(XLA_JAX_CORPUS, { withFileTypes: true })) {
      if (!dir.isDirectory()) continue;
      const m = lowerBroadcasts(parseHloModule(readFileSync(join(XLA_JAX_CORPUS, dir.name, "module.hlo"), "utf8")));
      for (const [name, passes] of [...ALL_PASSES.map((p) => [p.name, [p]] as const), ["default", defaultPipelineWithFolding()] as const]) {
        const after = runPipeline(m, passes);
        if (after === m) continue; // unchanged: the same module, nothing to compare
        compared++;
        const r = compareModules(m, after, { inputs: { kind: "random", trials: 8, seed: 1 } });
        expect(r.equal, `${dir.name} after ${name}: ${JSON.stringify(r.outputs.filter((o) => o.status !== "equal"))} ${JSON.stringify(r.errors)}`).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe("reduce shrinks each planted bug to at most 10 instructions", () => {
  const sizes: string[] = [];
  PLANTED_BUGS.forEach((bug, i) => {
    it(`${bug.name} (${bug.kind})`, () => {
      const m = planted(i);
      const offered: HloModule[] = [];
      const kept: number[] = [];
      const started = Date.now();
      const r = reduceModule(m, passChangesResult([bug.pass], { trials: 100 }), {
        maxSeconds: 30,
        onCandidate: (c) => offered.push(c),
        onProgress: (p) => kept.push(p.instructions),
      });
      const ms = Date.now() - started;
      expect(r.instructionsBefore).toBe(instructionCount(m));
      expect(r.instructionsAfter).toBeLessThanOrEqual(10);
      expect(r.timedOut).toBe(false);
      expect(r.stillInteresting).toBe(true);
      expect(r.rejected).toBe(0);
      // Every module the condition saw verifies; the kept sizes never grow by more than a cosmetic step.
      expect(offered.length).toBe(r.tried);
      for (const c of offered) expect(verificationProblems(c)).toEqual([]);
      expect(verificationProblems(r.module)).toEqual([]);
      expect(kept[0]).toBe(r.instructionsBefore);
      expect(kept.at(-1)).toBe(r.instructionsAfter);
      // The result still shows the bug, as a fresh check says.
      expect(passChangesResult([bug.pass], { trials: 100, seed: 7 })(r.module)).toBe(true);
      sizes.push(`${bug.name}: ${r.instructionsBefore} -> ${r.instructionsAfter} instructions, ${r.tried} candidates, ${r.accepted} kept, ${ms} ms`);
      console.log(`reduce ${sizes.at(-1)}`);
    });
  });
});
