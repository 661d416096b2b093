/**
 * Modules real JAX lowered (test/corpus/jax-x64, made by its make.py): 64-bit
 * integer reductions and arithmetic on values beyond 2^53 (jnp.min's reduce
 * starts from s64[] constant(9223372036854775807)), and sharded functions
 * whose text carries Shardy's annotations (`xla.sdy.meshes={mesh =
 * #sdy.mesh<...>}` on the module line). Each parses untouched, prints to a
 * fixed point, and evaluates to real XLA's outputs: exactly for integers,
 * within the case's tolerance for floats.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type ArrayLiteral,
  type Literal,
  isTupleLiteral,
  lowerBroadcasts,
  parseHloModule,
  printHloModule,
  readNpy,
} from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

const DIR = fileURLToPath(new URL("./corpus/jax-x64/", import.meta.url));

interface Case {
  readonly name: string;
  readonly dir: string;
  readonly inputs: readonly { readonly file: string }[];
  readonly outputs: readonly { readonly file: string }[];
  readonly tolerance: { readonly exact: true } | { readonly rtol: number; readonly atol: number };
  readonly notes: string;
}

const manifest = JSON.parse(readFileSync(join(DIR, "manifest.json"), "utf8")) as { readonly cases: readonly Case[] };

function npy(c: Case, file: string): ArrayLiteral {
  return readNpy(new Uint8Array(readFileSync(join(DIR, c.dir, file))));
}

function leaves(l: Literal): ArrayLiteral[] {
  return isTupleLiteral(l) ? l.elements.flatMap(leaves) : [l];
}

/** Element mismatches between got and want, as readable lines (NaN equals NaN; -0 equals 0). */
function mismatches(got: ArrayLiteral, want: ArrayLiteral, tol: Case["tolerance"]): string[] {
  if (got.shape.elementType !== want.shape.elementType || got.shape.dimensions.join() !== want.shape.dimensions.join()) {
    return [`shape ${got.shape.elementType}[${got.shape.dimensions}], XLA gives ${want.shape.elementType}[${want.shape.dimensions}]`];
  }
  const out: string[] = [];
  for (let i = 0; i < want.data.length; i++) {
    const g = got.data[i];
    const w = want.data[i];
    let ok: boolean;
    if (typeof w === "bigint") ok = g === w;
    else if (Number.isNaN(w)) ok = Number.isNaN(g as number);
    else if ("exact" in tol) ok = g === w;
    else ok = Math.abs((g as number) - w) <= tol.atol + tol.rtol * Math.abs(w);
    if (!ok) out.push(`element ${i}: minixla ${String(g)}, XLA ${String(w)}`);
  }
  return out;
}

describe("JAX x64 and Shardy modules", () => {
  it("holds the cases the issue names", () => {
    const names = manifest.cases.map((c) => c.name);
    expect(names).toContain("min_int64");
    expect(names).toContain("shardy_elementwise");
    const min = readFileSync(join(DIR, "min_int64", "module.hlo"), "utf8");
    expect(min).toContain("s64[] constant(9223372036854775807)");
    const sharded = readFileSync(join(DIR, "shardy_elementwise", "module.hlo"), "utf8");
    expect(sharded.split("\n")[0]).toContain("frontend_attributes={xla.sdy.meshes={mesh = #sdy.mesh<[\"x\"=1]>}}");
  });

  for (const c of manifest.cases) {
    const text = readFileSync(join(DIR, c.dir, "module.hlo"), "utf8");

    it(`${c.name}: parses and prints to a fixed point`, () => {
      const first = printHloModule(parseHloModule(text));
      expect(printHloModule(parseHloModule(first))).toBe(first);
    });

    it(`${c.name}: gives XLA's outputs`, () => {
      const m = lowerBroadcasts(parseHloModule(text));
      const got = leaves(evaluate(m, c.inputs.map((i) => npy(c, i.file))));
      expect(got.length).toBe(c.outputs.length);
      const diffs = got.flatMap((l, k) => mismatches(l, npy(c, c.outputs[k].file), c.tolerance).map((d) => `output ${k}: ${d}`));
      expect(diffs).toEqual([]);
    });
  }
});
