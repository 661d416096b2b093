import { describe, expect, it } from "vitest";
import { HloError, VerifyError } from "../errors.ts";
import { shape } from "../shape.ts";
import { algsimp } from "./algsimp.ts";
import { dce } from "./dce.ts";
import { lowerBroadcastsPass } from "./lower_broadcasts_pass.ts";
import { type HloPass, type InnerPassRun, fixpoint, mapComputations, sequence } from "./pass.ts";
import { type PipelineStep, runPipeline } from "./pipeline.ts";
import { constant, mainOf, op, opcodes, param } from "./test_support.ts";

const f64 = (...dims: number[]) => shape("f64", dims);
const sample = () => mainOf(param("x", 0, "f64", [2]), constant("one", 1), op("m", "multiply", ["x", "one"], f64(2)));

/** A pass that breaks the module: it retypes the root. */
const breaker: HloPass = {
  name: "breaker",
  description: "changes the root's element type without changing its operands",
  run: (m) => mapComputations(m, (c) => ({ ...c, instructions: c.instructions.map((i) => (i.name === c.root ? { ...i, shape: shape("s32", [2]) } : i)) })),
};

describe("runPipeline", () => {
  it("runs passes in order and dumps the input and every step, with honest changed flags", () => {
    const steps: PipelineStep[] = [];
    const out = runPipeline(sample(), [lowerBroadcastsPass, algsimp, dce, dce], { dump: (s) => steps.push(s) });
    expect(steps.map((s) => [s.index, s.name, s.changed])).toEqual([
      [0, "input", false], [1, "lower-broadcasts", true], [2, "algsimp", true], [3, "dce", true], [4, "dce", false],
    ]);
    expect(steps[4].module).toBe(steps[3].module);
    expect(opcodes(out)).toEqual(["parameter"]);
  });

  it("names the pass that broke an invariant", () => {
    expect(() => runPipeline(sample(), [dce, breaker])).toThrow(VerifyError);
    expect(() => runPipeline(sample(), [dce, breaker])).toThrow(/^Module verification failed after pass breaker:\n {2}- computation main/);
  });

  it("dumps the step that broke the module before reporting it", () => {
    const names: string[] = [];
    expect(() => runPipeline(sample(), [dce, breaker], { dump: (s) => names.push(s.name) })).toThrow(VerifyError);
    expect(names).toEqual(["input", "dce", "breaker"]);
  });

  it("refuses an invalid input before running any pass", () => {
    const bad = mainOf(param("x", 0), op("n", "negate", ["ghost"], f64()));
    expect(() => runPipeline(bad, [dce])).toThrow(/^Input module failed verification:/);
  });

  it("lets a module keep implicit broadcasts until lowering, then requires it to stay explicit", () => {
    const m = mainOf(param("x", 0, "f64", [2, 3]), param("v", 1, "f64", [3]), op("s", "add", ["x", "v"], f64(2, 3), { broadcastDimensions: [1] }));
    expect(() => runPipeline(m, [dce, lowerBroadcastsPass, dce])).not.toThrow();
    const reintroduce: HloPass = { name: "reintroduce", description: "undoes lowering", run: () => m };
    expect(() => runPipeline(m, [lowerBroadcastsPass, reintroduce])).toThrow(/after pass reintroduce:[\s\S]*Implicit broadcast is not allowed/);
  });

  it("skips verification when asked", () => {
    expect(runPipeline(sample(), [breaker], { verify: false })).not.toBe(sample());
  });

  it("wraps a non-HloError thrown by a pass in an HloError naming the pass", () => {
    const crash: HloPass = { name: "crash", description: "throws", run: () => { throw new TypeError("boom"); } };
    expect(() => runPipeline(sample(), [crash])).toThrow(new HloError("pass crash failed: boom"));
  });
});

describe("fixpoint", () => {
  it("repeats a pass until it changes nothing and returns the input itself when nothing changes", () => {
    const m = sample();
    let runs = 0;
    const counting: HloPass = { name: "counting", description: "", run: (x) => { runs++; return algsimp.run(x); } };
    const out = fixpoint(counting).run(m);
    expect(runs).toBe(2);
    expect(fixpoint(dce).run(out)).not.toBe(out);
    const clean = dce.run(out);
    expect(fixpoint(dce).run(clean)).toBe(clean);
  });

  it("gives up with an error naming the pass after maxIterations", () => {
    const restless: HloPass = { name: "restless", description: "always changes", run: (m) => ({ ...m }) };
    expect(() => fixpoint(restless, { maxIterations: 3 }).run(sample())).toThrow("pass restless did not reach a fixed point within 3 iterations");
  });
});

describe("inner steps of composite passes", () => {
  const counter = (name: string, limit: number): HloPass => {
    // Changes the module (renames it) until it has run `limit` times.
    let runs = 0;
    return { name, description: "", run: (m) => (runs++ < limit ? { ...m, name: `${m.name}.${name}` } : m) };
  };

  it("sequence and fixpoint report every innermost pass run to the observer, changed or not", () => {
    const seen: InnerPassRun[] = [];
    const a = counter("a", 2);
    const b = counter("b", 1);
    const out = fixpoint(sequence("ab", "", [a, b])).run(sample(), (r) => seen.push(r));
    expect(seen.map((r) => [r.pass.name, r.after !== r.before])).toEqual([
      ["a", true], ["b", true], ["a", true], ["b", false], ["a", false], ["b", false],
    ]);
    expect(out.name).toBe("m.a.b.a");
  });

  it("runPipeline with innerSteps dumps each changing inner run, numbered within its step, before the step", () => {
    const steps: PipelineStep[] = [];
    runPipeline(sample(), [lowerBroadcastsPass, fixpoint(sequence("ab", "", [counter("a", 2), counter("b", 1)]))], { dump: (s) => steps.push(s), innerSteps: true });
    expect(steps.map((s) => [s.index, s.name, s.inner?.index, s.inner?.parent])).toEqual([
      [0, "input", undefined, undefined],
      [1, "lower-broadcasts", undefined, undefined],
      [2, "a", 1, "fixpoint(ab)"],
      [2, "b", 2, "fixpoint(ab)"],
      [2, "a", 3, "fixpoint(ab)"],
      [2, "fixpoint(ab)", undefined, undefined],
    ]);
    expect(steps[3].previous).toBe(steps[2].module);
    expect(steps[5].module).toBe(steps[4].module);
  });

  it("without innerSteps the dump sees only the top-level steps", () => {
    const names: string[] = [];
    runPipeline(sample(), [fixpoint(sequence("ab", "", [counter("a", 1), counter("b", 1)]))], { dump: (s) => names.push(s.name) });
    expect(names).toEqual(["input", "fixpoint(ab)"]);
  });
});
