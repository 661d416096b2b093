/**
 * `--engine` on the minixla command (issue 9): `conformance --engine both`
 * runs every case of the corpus on both engines and passes (no case fails,
 * none on a bit of difference between the engines); an unknown engine is a
 * usage error; `run` gives the same output with `--engine reference` as
 * with the default (compiled) engine, and with `--engine both`.
 */
import { describe, expect, test } from "vitest";
import { loadManifest } from "@minixla/cli";
import { cliRunner, scratch } from "./support/cli.ts";
import { XLA_JAX_CORPUS } from "./support/corpus.ts";

const minixla = cliRunner(120_000);
const { file } = scratch("minixla-engine-");

const MODULE = `HloModule engines

add_f32 {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY engines {
  x = f32[2,3] parameter(0)
  v = f32[3] parameter(1)
  bv = f32[2,3] broadcast(v), dimensions={1}
  m = f32[2,3] multiply(x, bv)
  t = f32[2,3] tanh(m)
  z = f32[] constant(0)
  r = f32[2] reduce(t, z), dimensions={1}, to_apply=add_f32
  ROOT out = (f32[2,3], f32[2]) tuple(t, r)
}
`;

describe.concurrent("minixla --engine", () => {
  test("conformance test/corpus/xla-jax --engine both passes every case", async () => {
    const cases = loadManifest(XLA_JAX_CORPUS).cases.length;
    const r = await minixla("conformance", XLA_JAX_CORPUS, "--engine", "both");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`${cases} passed, 0 failed\\n$`));
    expect(r.stdout).not.toMatch(/FAIL/);
  });

  test.each([["run"], ["conformance", XLA_JAX_CORPUS]])("minixla %s --engine bogus is a usage error", async (...args) => {
    const r = await minixla(...args, "--engine", "bogus");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--engine takes compiled, reference, both; got 'bogus'/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  test("run prints the same with --engine reference, both, and the default engine", async () => {
    const hlo = file("engines.hlo", MODULE);
    const inputs = ["--input-json", "[[1,-0,2.5],[-3,1e-3,100]]", "--input-json", "[0.5,-2,3]"];
    const [byDefault, reference, both] = await Promise.all([
      minixla("run", hlo, ...inputs),
      minixla("run", hlo, ...inputs, "--engine", "reference"),
      minixla("run", hlo, ...inputs, "--engine", "both"),
    ]);
    expect(reference.code, reference.stderr).toBe(0);
    expect(reference.stdout).toMatch(/\S/);
    expect(byDefault).toEqual(reference);
    expect(both).toEqual(reference);
  });

  test("the demo prints the same on both engines", async () => {
    const [byDefault, reference] = await Promise.all([minixla("run"), minixla("run", "--engine", "reference")]);
    expect(reference.code, reference.stderr).toBe(0);
    expect(byDefault).toEqual(reference);
  });
});
