import { describe, expect, it } from "vitest";
import { type HloModule, entryComputation, instructionCount } from "../module.ts";
import { parseHloModule } from "../text/parser.ts";
import { printHloModule } from "../text/printer.ts";
import { verificationProblems } from "../verify/verifier.ts";
import { reductionCandidates } from "./candidates.ts";
import {
  conditionalToBranch,
  constantToScalarBroadcast,
  dropTupleElement,
  inlineCalls,
  removeUnusedParameters,
  replaceByConstant,
  replaceByOperand,
  replaceByParameter,
} from "./edits.ts";
import { shrinkDimension } from "./shrink.ts";

const m = parseHloModule(`HloModule m

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[4,6] parameter(0)
  y = f32[4,6] parameter(1)
  e = f32[4,6] exponential(x)
  p = f32[4,6] multiply(e, y)
  c = f32[4,6] constant({{1,2,3,4,5,6},{1,2,3,4,5,6},{1,2,3,4,5,6},{1,2,3,4,5,6}})
  q = f32[4,6] add(p, c)
  z = f32[] constant(0)
  r = f32[4] reduce(q, z), dimensions={1}, to_apply=add
  ROOT t = (f32[4,6], f32[4]) tuple(p, r)
}
`);

const body = (x: HloModule): string => printHloModule(x).split("\n").slice(1).join("\n");
const ok = (x: HloModule | undefined): HloModule => {
  expect(x).toBeDefined();
  expect(verificationProblems(x as HloModule)).toEqual([]);
  return x as HloModule;
};

describe("reduction edits are pure and give modules that verify", () => {
  it("drop a tuple element, dead code and unused parameters going with it", () => {
    const r = ok(dropTupleElement(m, 1));
    expect(entryComputation(r).root).toBe("p");
    expect(r.computations.map((c) => c.name)).toEqual(["main"]);
    expect(instructionCount(r)).toBe(4);
    expect(printHloModule(m)).toContain("reduce(q, z)"); // the input is unchanged
    expect(dropTupleElement(r, 0)).toBeUndefined();
  });

  it("replace an instruction by a parameter of its shape, its inputs gone", () => {
    const r = ok(replaceByParameter(m, "p"));
    expect(body(r)).toContain("p = f32[4,6]{1,0} parameter(0)");
    expect(body(r)).not.toContain("exponential");
    // x and y fed only p: both removed, p renumbered to 0.
    expect(entryComputation(r).instructions.filter((i) => i.opcode === "parameter").map((i) => i.name)).toEqual(["p"]);
    expect(replaceByParameter(m, "x")).toBeUndefined();
  });

  it("replace an instruction by a zero constant, in any computation", () => {
    const r = ok(replaceByConstant(m, "main", "e"));
    expect(body(r)).toMatch(/e = f32\[4,6\]\{1,0\} constant\(/);
    expect(body(r)).not.toContain("exponential");
    const inRegion = ok(replaceByConstant(m, "add", "s"));
    expect(body(inRegion)).toContain("s = f32[] constant(0)");
  });

  it("bypass an instruction to an operand of the same shape, and only then", () => {
    const r = ok(replaceByOperand(m, "main", "e", 0));
    expect(body(r)).toContain("p = f32[4,6]{1,0} multiply(x, y)");
    expect(replaceByOperand(m, "main", "r", 1)).toBeUndefined(); // f32[] is not f32[4]
  });

  it("turn a constant array into its first element broadcast", () => {
    const r = ok(constantToScalarBroadcast(m, "main", "c"));
    expect(body(r)).toContain("c.scalar = f32[] constant(1)");
    expect(body(r)).toContain("c = f32[4,6]{1,0} broadcast(c.scalar), dimensions={}");
    expect(constantToScalarBroadcast(m, "main", "z")).toBeUndefined();
  });

  it("remove unused parameters and renumber the rest", () => {
    const withUnused = parseHloModule(`HloModule u

ENTRY main {
  a = f32[2] parameter(0)
  b = f32[2] parameter(1)
  c = f32[2] parameter(2)
  ROOT n = f32[2] negate(c)
}
`);
    const r = ok(removeUnusedParameters(withUnused));
    expect(body(r)).toContain("c = f32[2]{0} parameter(0)");
    expect(removeUnusedParameters(r)).toBeUndefined();
  });

  it("shrink a parameter's dimension with every use following, or give up", () => {
    // c (a constant of the old shape) cannot follow into q = add(p, c): the edit gives up there.
    expect(shrinkDimension(m, "x", 1)).toBeUndefined();
    const chain = parseHloModule(`HloModule s

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[4,6] parameter(0)
  e = f32[4,6] exponential(x)
  t = f32[6,4] transpose(e), dimensions={1,0}
  z = f32[] constant(0)
  r = f32[6] reduce(t, z), dimensions={1}, to_apply=add
  ROOT b = f32[6,3] broadcast(r), dimensions={0}
}
`);
    const r = ok(shrinkDimension(chain, "x", 1));
    expect(body(r)).toContain("x = f32[4,3]{1,0} parameter(0)");
    expect(body(r)).toContain("t = f32[3,4]{1,0} transpose(e)");
    expect(body(r)).toContain("ROOT b.1 = f32[3,3]{1,0} broadcast(r)");
  });

  it("inline calls and take one branch of a conditional", () => {
    const withCalls = parseHloModule(`HloModule c

twice {
  a = f32[] parameter(0)
  ROOT d = f32[] add(a, a)
}

neg {
  a = f32[] parameter(0)
  ROOT n = f32[] negate(a)
}

ENTRY main {
  p = pred[] parameter(0)
  x = f32[] parameter(1)
  k = f32[] call(x), to_apply=twice
  ROOT r = f32[] conditional(p, k, x), true_computation=twice, false_computation=neg
}
`);
    const inlined = ok(inlineCalls(withCalls));
    expect(body(inlined)).not.toContain("call(");
    const branch = ok(conditionalToBranch(withCalls, "main", "r", 1));
    expect(body(branch)).not.toContain("conditional");
    expect(body(branch)).toContain("negate(x)");
  });
});

describe("reductionCandidates", () => {
  it("lists the big cuts first and builds nothing until asked", () => {
    const list = reductionCandidates(m);
    const kinds = list.map((c) => c.kind);
    expect(kinds.indexOf("drop-tuple-element")).toBeLessThan(kinds.indexOf("replace-by-parameter"));
    expect(kinds.indexOf("replace-by-parameter")).toBeLessThan(kinds.indexOf("replace-by-operand"));
    expect(list.filter((c) => c.cosmetic).map((c) => c.kind)).toEqual(expect.arrayContaining(["constant-to-broadcast", "shrink-dimension"]));
    expect(list.find((c) => c.kind === "replace-by-parameter")?.description).toBe("replace-by-parameter r");
  });
});
