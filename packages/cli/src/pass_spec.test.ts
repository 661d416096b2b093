import { type HloPass, algsimp, cse, dce, parseHloModule } from "@minixla/hlo";
import { describe, expect, test } from "vitest";
import { UsageError } from "./args.ts";
import { type PassMeaning, parsePassSpec } from "./pass_spec.ts";

const KNOWN: readonly HloPass[] = [algsimp, cse, dce];
const lookup = (name: string): PassMeaning | undefined => (name === "default" ? [algsimp, dce] : KNOWN.find((p) => p.name === name));
const parse = (spec: string) => parsePassSpec(spec, lookup, KNOWN.map((p) => p.name)).map((p) => p.name);

describe("parsePassSpec", () => {
  test.each([
    ["algsimp", ["algsimp"]],
    ["algsimp,cse , dce", ["algsimp", "cse", "dce"]],
    ["default", ["algsimp", "dce"]],
    ["cse,default", ["cse", "algsimp", "dce"]],
    ["fixpoint(algsimp)", ["fixpoint(algsimp)"]],
    ["fixpoint(algsimp,cse),dce", ["fixpoint(algsimp,cse)", "dce"]],
    ["fixpoint( fixpoint(cse), dce )", ["fixpoint(fixpoint(cse),dce)"]],
    ["fixpoint(default)", ["fixpoint(algsimp,dce)"]],
  ])("%s gives %j", (spec, names) => {
    expect(parse(spec)).toEqual(names);
  });

  test("fixpoint(a,b) repeats the sequence a, b until it changes nothing", () => {
    const [p] = parsePassSpec("fixpoint(algsimp,cse)", lookup, []);
    const seen: string[] = [];
    const m = parseHloModule("HloModule m\nENTRY e {\n  x = f32[2] parameter(0)\n  a = f32[2] negate(x)\n  b = f32[2] negate(x)\n  ROOT c = f32[2] add(a, b)\n}\n");
    const out = p.run(m, (r) => seen.push(`${r.pass.name}${r.after === r.before ? "" : " changed"}`));
    // cse merges the two negates in round 1; round 2 changes nothing and ends the loop.
    expect(seen).toEqual(["algsimp", "cse changed", "algsimp", "cse"]);
    expect(out.computations[0].instructions.map((i) => i.name)).toEqual(["x", "a", "c"]);
  });

  test.each([
    ["", "expects a pass name, but sees end of input (column 1)", 0],
    ["fixpoint(", "unclosed 'fixpoint(' (opened at column 1): end of input before its ')' (column 10)", 9],
    ["cse,fixpoint(dce", "unclosed 'fixpoint(' (opened at column 5): end of input before its ')' (column 17)", 16],
    ["cse)", "expects ',' between passes, but sees ')' (column 4)", 3],
    ["fixpoint(cse dce)", "expects ',' or ')' in fixpoint(...), but sees 'dce' (column 14)", 13],
    ["cse(dce)", "only fixpoint(...) takes a list of passes, not 'cse' (column 1)", 0],
    ["cse;dce", "unexpected character ';' (a pass name is letters, digits and - _ .) (column 4)", 3],
    ["cse,nope", "unknown pass 'nope'; known: algsimp, cse, dce, simplify, default, fixpoint(...) (column 5)", 4],
  ])("%j is a UsageError quoting the spec with a caret", (spec, message, caret) => {
    let error: unknown;
    try {
      parse(spec);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(`--passes '${spec}': ${message}\n  ${spec}\n  ${" ".repeat(caret)}^`);
  });
});
