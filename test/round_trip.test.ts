/**
 * HLO text round trip over the XLA/JAX corpus and over modules made by the
 * builder: print(parse(print(parse(t)))) === print(parse(t)), the printed text
 * equals JAX's own text (XLA's printing style), and nothing is lost on the way.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import { type HloModule, literal, lowerBroadcasts, parseHloModule, printHloModule, shape } from "@minixla/hlo";
import { XLA_JAX_CORPUS } from "./support/corpus.ts";

const CORPUS = `${XLA_JAX_CORPUS}/`;
const cases = readdirSync(CORPUS).filter((c) => existsSync(`${CORPUS}${c}/module.hlo`)).sort();

/** name -> opcode of every instruction line in raw HLO text. */
function opcodesInText(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /^\s*(?:ROOT\s+)?%?([\w.-]+)\s*=.*?\b([a-z][\w-]*)\(/gm;
  for (const m of text.matchAll(re)) out.set(m[1], m[2]);
  return out;
}

function opcodesInModule(m: HloModule): Map<string, string> {
  return new Map(m.computations.flatMap((c) => c.instructions.map((i) => [i.name, i.opcode] as const)));
}

describe("HLO text round trip over the XLA/JAX corpus", () => {
  it("has the corpus", () => {
    expect(cases.length).toBe(88);
  });

  it.each(cases)("%s: prints, parses and prints the same text, as JAX printed it", (c) => {
    const text = readFileSync(`${CORPUS}${c}/module.hlo`, "utf8");
    const m = parseHloModule(text);
    const printed = printHloModule(m);
    expect(printHloModule(parseHloModule(printed))).toBe(printed);
    // Same instructions and opcodes as the source text.
    expect(opcodesInModule(m)).toEqual(opcodesInText(text));
    expect(opcodesInModule(parseHloModule(printed))).toEqual(opcodesInText(text));
    // XLA's own printing style: identical to the source, except that JAX's
    // non-XLA `order=TOTAL` prints as XLA's spelling of the same comparison type.
    expect(printed.trim()).toBe(text.trim().replace(/order=TOTAL\b/g, "type=TOTALORDER"));
  });
});

describe("HLO text round trip over builder modules", () => {
  const roundTrips = (m: HloModule) => {
    const text = printHloModule(m);
    const again = parseHloModule(text);
    expect(printHloModule(again)).toBe(text);
    expect(again.computations.map((c) => c.instructions.map((i) => [i.name, i.opcode, i.operands]))).toEqual(
      m.computations.map((c) => c.instructions.map((i) => [i.name, i.opcode, i.operands])),
    );
    return text;
  };

  it("holds for element-wise ops with implicit broadcasts, before and after lowering", () => {
    const b = new XlaBuilder("elementwise");
    const x = b.parameter(0, shape("f64", [2, 3]), "x");
    const v = b.parameter(1, shape("f64", [3]), "v");
    const c = b.constant(literal("f64", [3], [0.5, -0, 1e-7]));
    const s = b.add(b.mul(x, v, [1]), c, [1]);
    const t = b.tanh(b.sub(s, b.constantR0(2)));
    const mask = b.lt(t, b.constantR0(0));
    b.select(mask, t, b.neg(t));
    const m = b.build();
    const text = roundTrips(m);
    expect(text).toContain("broadcast_dimensions={1}");
    roundTrips(lowerBroadcasts(m));
  });

  it("holds for every element type's parameters and constants", () => {
    const b = new XlaBuilder("types");
    const types = ["pred", "s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "f16", "bf16", "f32", "f64"] as const;
    for (const [i, t] of types.entries()) {
      const p = b.parameter(i, shape(t, [2]), `p_${t}`);
      const k = b.constant(literal(t, [2], t === "pred" ? [1, 0] : [1, t.startsWith("u") ? 7 : -7]));
      if (t === "pred") b.and(p, k);
      else b.max(p, k);
    }
    b.constant(literal("f32", [3], [Math.fround(0.1), Infinity, NaN]));
    b.constantR0(Math.PI, "f64");
    const text = roundTrips(b.build());
    expect(text).toContain("constant({0.1, inf, nan})");
    expect(text).toContain("constant(3.1415926535897931)");
  });
});
