/**
 * Every pass, alone and in the default pipeline, must keep what a module
 * computes bit for bit (NaN equal to NaN, -0 distinct from 0), over every
 * module of the XLA/JAX conformance corpus on its own inputs and over builder
 * programs full of simplification opportunities on seeded inputs. Each pass's
 * "changed" answer must be honest: it returns a new module exactly when the
 * printed text differs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { XlaBuilder } from "@minixla/builder";
import {
  type HloModule,
  type HloPass,
  type Literal,
  entryComputation,
  isTupleLiteral,
  literal,
  lowerBroadcasts,
  parametersOf,
  parseHloModule,
  printHloModule,
  readNpy,
  runPipeline,
  shape,
} from "@minixla/hlo";
import { ALL_PASSES, defaultPipelineWithFolding, evaluate } from "@minixla/interpreter";
import { describe, expect, it } from "vitest";
import { prng } from "./support/prng.ts";
import { scalarBinary } from "./support/computations.ts";

const CORPUS = join(import.meta.dirname, "../../shared/conformance/xla-jax");

interface Case {
  readonly name: string;
  readonly module: HloModule;
  readonly inputs: readonly Literal[];
}

function corpusCases(): Case[] {
  const manifest = JSON.parse(readFileSync(join(CORPUS, "manifest.json"), "utf8")) as {
    cases: { name: string; dir: string; inputs: { file: string }[] }[];
  };
  return manifest.cases.map((c) => ({
    name: c.name,
    module: parseHloModule(readFileSync(join(CORPUS, c.dir, "module.hlo"), "utf8")),
    inputs: c.inputs.map((i) => readNpy(new Uint8Array(readFileSync(join(CORPUS, c.dir, i.file))))),
  }));
}

/** Bitwise equality of results: Object.is per element (NaN == NaN, -0 != 0), shapes and tuple structure equal. */
function sameValue(a: Literal, b: Literal): boolean {
  if (isTupleLiteral(a) || isTupleLiteral(b)) {
    return isTupleLiteral(a) && isTupleLiteral(b) && a.elements.length === b.elements.length && a.elements.every((x, i) => sameValue(x, b.elements[i]));
  }
  if (a.shape.elementType !== b.shape.elementType || a.shape.dimensions.join() !== b.shape.dimensions.join()) return false;
  for (let i = 0; i < a.data.length; i++) if (!Object.is(a.data[i], b.data[i])) return false;
  return a.data.length === b.data.length;
}

const run = (m: HloModule, inputs: readonly Literal[]) => evaluate(lowerBroadcasts(m), inputs);

/** Runs one pass (verified by the pipeline), checks its honesty, and returns the result. */
function applyHonestly(pass: HloPass, m: HloModule): HloModule {
  const after = runPipeline(m, [pass]);
  expect(after !== m, `${pass.name}: changed flag vs printed text`).toBe(printHloModule(after) !== printHloModule(m));
  return after;
}

/** The variants each pass runs on: the module as given and lowered. */
const variants = (m: HloModule) => [
  ["as given", m],
  ["lowered", lowerBroadcasts(m)],
] as const;

function checkEquivalence(c: Case): void {
  const want = run(c.module, c.inputs);
  for (const [label, m] of variants(c.module)) {
    for (const pass of ALL_PASSES) {
      const after = applyHonestly(pass, m);
      expect(sameValue(run(after, c.inputs), want), `${c.name} (${label}) after ${pass.name}`).toBe(true);
    }
  }
  const optimized = runPipeline(c.module, defaultPipelineWithFolding());
  expect(sameValue(run(optimized, c.inputs), want), `${c.name} after the default pipeline`).toBe(true);
  expect(runPipeline(optimized, defaultPipelineWithFolding()), `${c.name}: the default pipeline is idempotent`).toBe(optimized);
}

describe("passes keep results bit for bit on the XLA/JAX corpus", () => {
  const cases = corpusCases();
  it("reads the whole corpus", () => {
    expect(cases.length).toBeGreaterThanOrEqual(88);
  });
  for (const c of cases) {
    it(`keeps ${c.name}`, () => checkEquivalence(c));
  }
});

/** Seeded inputs for a module's entry parameters, with NaN, ±0 and ±inf mixed into floats. */
function seededInputs(m: HloModule, seed: number): Literal[] {
  const rand = prng(seed);
  const specials = [Number.NaN, 0, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  return parametersOf(entryComputation(m)).map((p) => {
    const s = p.shape;
    if (s.elementType === "tuple") throw new Error("tuple parameters are not generated");
    const n = s.dimensions.reduce((a, b) => a * b, 1);
    const values = Array.from({ length: n }, () => {
      if (s.elementType === "pred") return rand() < 0.5 ? 1 : 0;
      if (s.elementType.startsWith("f")) return rand() < 0.2 ? specials[Math.floor(rand() * specials.length)] : (rand() - 0.5) * 8;
      return Math.floor((rand() - 0.5) * 200);
    });
    return literal(s.elementType, s.dimensions, values);
  });
}

function builderPrograms(): { readonly name: string; readonly module: HloModule }[] {
  const identities = new XlaBuilder("identities");
  {
    const x = identities.parameter(0, shape("f64", [2, 3]), "x");
    const i = identities.parameter(1, shape("s32", [3]), "i");
    const a = identities.add(identities.mul(x, identities.constantR0(1)), identities.constantR0(-0));
    const b = identities.sub(identities.div(a, identities.constantR0(1)), identities.constantR0(0));
    const notFolded = identities.add(identities.mul(b, identities.constantR0(0)), identities.constantR0(0));
    const t = identities.transpose(identities.transpose(notFolded, [1, 0]), [1, 0]);
    const r = identities.reshape(identities.reshape(t, [3, 2]), [6]);
    const ints = identities.add(identities.mul(i, identities.constantR0(0, "s32")), identities.neg(identities.neg(i)));
    identities.tuple([r, identities.max(x, identities.constantR0(Number.NEGATIVE_INFINITY)), ints, identities.max(x, x)]);
  }
  const shared = new XlaBuilder("shared");
  {
    const x = shared.parameter(0, shape("f32", [4]), "x");
    const y = shared.parameter(1, shape("f32", [4]), "y");
    const s1 = shared.add(x, y);
    const s2 = shared.add(y, x);
    const sum = shared.reduce(shared.mul(s1, s2), shared.constantR0(0, "f32"), scalarBinary("add", "f32"), [0]);
    const folded = shared.mul(shared.add(shared.constantR0(2, "f32"), shared.constantR0(3, "f32")), shared.constantR0(0.1, "f32"));
    const t = shared.tuple([sum, folded, x]);
    shared.tuple([shared.getTupleElement(t, 0), shared.getTupleElement(t, 1), shared.eq(s1, s2), shared.ne(s2, s1)]);
  }
  const calls = new XlaBuilder("calls");
  {
    const inner = new XlaBuilder("square_plus");
    const p = inner.parameter(0, shape("f64", [3]), "p");
    inner.add(inner.mul(p, p), inner.constantR0(1));
    const innerModule = inner.build();
    const x = calls.parameter(0, shape("f64", [3]), "x");
    const c1 = calls.call(innerModule, [x]);
    const c2 = calls.call(innerModule, [c1]);
    calls.select(calls.lt(c1, c2), c2, calls.convert(calls.convert(c1, "f64"), "f64"));
  }
  return [identities, shared, calls].map((b) => ({ name: b.name, module: b.build() }));
}

describe("passes keep results bit for bit on builder programs", () => {
  for (const p of builderPrograms()) {
    it(`keeps ${p.name} on seeded inputs with NaN, ±0 and ±inf`, () => {
      for (let seed = 1; seed <= 3; seed++) checkEquivalence({ name: p.name, module: p.module, inputs: seededInputs(p.module, seed) });
    });
  }

  it("simplifies the identities program down to what it must compute", () => {
    const p = builderPrograms()[0];
    const out = runPipeline(p.module, defaultPipelineWithFolding());
    const ops = entryComputation(out).instructions.map((i) => i.opcode);
    expect(ops).not.toContain("transpose");
    expect(ops.filter((o) => o === "negate")).toEqual([]);
    // x*0 and x+0 on floats must survive: NaN*0, inf*0 and -0+0 differ from the "simplified" answers.
    expect(ops).toContain("multiply");
  });
});
