/**
 * HLO text in, HLO text out: each standard pass on small modules written as
 * XLA prints them, with the negative cases each pass must leave alone.
 */
import { describe, expect, it } from "vitest";
import { parseHloModule } from "../text/parser.ts";
import { printHloModule } from "../text/printer.ts";
import { algsimp } from "./algsimp.ts";
import { cse } from "./cse.ts";
import { dce } from "./dce.ts";
import { inline } from "./inline.ts";
import { lowerBroadcastsPass } from "./lower_broadcasts_pass.ts";
import type { HloPass } from "./pass.ts";
import { runPipeline } from "./pipeline.ts";
import { tupleSimplify } from "./tuple_simplify.ts";

/** Runs the passes (verified between steps) and prints the result. */
const opt = (passes: readonly HloPass[], text: string) => printHloModule(runPipeline(parseHloModule(text), passes));
/** Whether the passes leave the module as the very same object. */
const untouched = (passes: readonly HloPass[], text: string) => {
  const m = parseHloModule(text);
  return runPipeline(m, passes) === m;
};

describe("algsimp on HLO text", () => {
  it("drops x + (-0), x * 1 and x / 1 on floats, then dce sweeps the constants", () => {
    expect(
      opt([algsimp, dce], `HloModule m

ENTRY main {
  x = f32[2] parameter(0)
  nz = f32[] constant(-0.0)
  one = f32[] constant(1)
  bnz = f32[2] broadcast(nz), dimensions={}
  bone = f32[2] broadcast(one), dimensions={}
  a = f32[2] add(bnz, x)
  m = f32[2] multiply(a, bone)
  ROOT d = f32[2] divide(m, bone)
}
`),
    ).toMatchInlineSnapshot(`
      "HloModule m, entry_computation_layout={(f32[2]{0})->f32[2]{0}}

      ENTRY main {
        ROOT x = f32[2]{0} parameter(0)
      }
      "
    `);
  });

  it("leaves x + 0, x * 0 and x - (-0) on floats alone", () => {
    expect(
      untouched([algsimp], `HloModule m

ENTRY main {
  x = f64[2] parameter(0)
  z = f64[] constant(0)
  nz = f64[] constant(-0.0)
  bz = f64[2] broadcast(z), dimensions={}
  bnz = f64[2] broadcast(nz), dimensions={}
  a = f64[2] add(x, bz)
  m = f64[2] multiply(x, bz)
  s = f64[2] subtract(x, bnz)
  ROOT t = (f64[2], f64[2], f64[2]) tuple(a, m, s)
}
`),
    ).toBe(true);
  });

  it("folds x * 0 to the zero for integers", () => {
    expect(
      opt([algsimp, dce], `HloModule m

ENTRY main {
  x = s32[3] parameter(0)
  z = s32[] constant(0)
  bz = s32[3] broadcast(z), dimensions={}
  ROOT m = s32[3] multiply(x, bz)
}
`),
    ).toMatchInlineSnapshot(`
      "HloModule m, entry_computation_layout={(s32[3]{0})->s32[3]{0}}

      ENTRY main {
        x = s32[3]{0} parameter(0)
        z = s32[] constant(0)
        ROOT bz = s32[3]{0} broadcast(z), dimensions={}
      }
      "
    `);
  });

  it("composes transposes and reshapes and removes the ones that end as identities", () => {
    expect(
      opt([algsimp, dce], `HloModule m

ENTRY main {
  x = f64[2,3,4] parameter(0)
  t1 = f64[3,4,2] transpose(x), dimensions={1,2,0}
  t2 = f64[4,2,3] transpose(t1), dimensions={1,2,0}
  r1 = f64[24] reshape(t2)
  r2 = f64[6,4] reshape(r1)
  t3 = f64[2,4,3] transpose(x), dimensions={0,2,1}
  t4 = f64[2,3,4] transpose(t3), dimensions={0,2,1}
  ROOT t = (f64[6,4], f64[2,3,4]) tuple(r2, t4)
}
`),
    ).toMatchInlineSnapshot(`
      "HloModule m, entry_computation_layout={(f64[2,3,4]{2,1,0})->(f64[6,4]{1,0}, f64[2,3,4]{2,1,0})}

      ENTRY main {
        x = f64[2,3,4]{2,1,0} parameter(0)
        t2 = f64[4,2,3]{2,1,0} transpose(x), dimensions={2,0,1}
        r2 = f64[6,4]{1,0} reshape(t2)
        ROOT t = (f64[6,4]{1,0}, f64[2,3,4]{2,1,0}) tuple(r2, x)
      }
      "
    `);
  });

  it("folds broadcast of broadcast and removes no-op slices", () => {
    expect(
      opt([algsimp, dce], `HloModule m

ENTRY main {
  x = f64[3] parameter(0)
  b1 = f64[2,3] broadcast(x), dimensions={1}
  b2 = f64[2,5,3] broadcast(b1), dimensions={0,2}
  s = f64[2,5,3] slice(b2), slice={[0:2], [0:5], [0:3]}
  ROOT n = f64[2,5,3] negate(s)
}
`),
    ).toMatchInlineSnapshot(`
      "HloModule m, entry_computation_layout={(f64[3]{0})->f64[2,5,3]{2,1,0}}

      ENTRY main {
        x = f64[3]{0} parameter(0)
        b2 = f64[2,5,3]{2,1,0} broadcast(x), dimensions={2}
        ROOT n = f64[2,5,3]{2,1,0} negate(b2)
      }
      "
    `);
  });
});

describe("cse on HLO text", () => {
  it("merges commutative duplicates and equal constants, but never parameters or -0 with 0", () => {
    expect(
      opt([cse], `HloModule m

ENTRY main {
  x = f64[] parameter(0)
  y = f64[] parameter(1)
  c1 = f64[] constant(0)
  c2 = f64[] constant(0)
  c3 = f64[] constant(-0.0)
  a1 = f64[] add(x, y)
  a2 = f64[] add(y, x)
  s1 = f64[] subtract(x, y)
  s2 = f64[] subtract(y, x)
  ROOT t = (f64[], f64[], f64[], f64[], f64[], f64[], f64[]) tuple(c1, c2, c3, a1, a2, s1, s2)
}
`),
    ).toMatchInlineSnapshot(`
      "HloModule m, entry_computation_layout={(f64[], f64[])->(f64[], f64[], f64[], f64[], f64[], /*index=5*/f64[], f64[])}

      ENTRY main {
        x = f64[] parameter(0)
        y = f64[] parameter(1)
        c1 = f64[] constant(0)
        c3 = f64[] constant(-0.0)
        a1 = f64[] add(x, y)
        s1 = f64[] subtract(x, y)
        s2 = f64[] subtract(y, x)
        ROOT t = (f64[], f64[], f64[], f64[], f64[], /*index=5*/f64[], f64[]) tuple(c1, c1, c3, a1, a1, s1, s2)
      }
      "
    `);
  });
});

describe("dce on HLO text", () => {
  it("removes dead instructions and unreachable computations, keeping unused parameters", () => {
    expect(
      opt([dce], `HloModule m

unused {
  p = f64[] parameter(0)
  ROOT n = f64[] negate(p)
}

ENTRY main {
  x = f64[] parameter(0)
  y = f64[] parameter(1)
  dead = f64[] exponential(x)
  ROOT live = f64[] negate(x)
}
`),
    ).toMatchInlineSnapshot(`
      "HloModule m, entry_computation_layout={(f64[], f64[])->f64[]}

      ENTRY main {
        x = f64[] parameter(0)
        y = f64[] parameter(1)
        ROOT live = f64[] negate(x)
      }
      "
    `);
  });
});

describe("inline on HLO text", () => {
  it("inlines a call and leaves the callee for dce", () => {
    expect(
      opt([inline, dce], `HloModule m

square {
  p = f64[2] parameter(0)
  ROOT sq = f64[2] multiply(p, p)
}

ENTRY main {
  x = f64[2] parameter(0)
  c = f64[2] call(x), to_apply=square
  ROOT r = f64[2] negate(c)
}
`),
    ).toMatchInlineSnapshot(`
      "HloModule m, entry_computation_layout={(f64[2]{0})->f64[2]{0}}

      ENTRY main {
        x = f64[2]{0} parameter(0)
        c = f64[2]{0} multiply(x, x)
        ROOT r = f64[2]{0} negate(c)
      }
      "
    `);
  });

  it("does not touch reduce's to_apply, which is not a call", () => {
    expect(
      untouched([inline, dce], `HloModule m

add {
  a = f64[] parameter(0)
  b = f64[] parameter(1)
  ROOT s = f64[] add(a, b)
}

ENTRY main {
  x = f64[4] parameter(0)
  z = f64[] constant(0)
  ROOT r = f64[] reduce(x, z), dimensions={0}, to_apply=add
}
`),
    ).toBe(true);
  });
});

describe("tuple-simplify on HLO text", () => {
  it("forwards get-tuple-element of tuple and unwraps a tuple that rebuilds its source", () => {
    expect(
      opt([tupleSimplify, dce], `HloModule m

ENTRY main {
  p = (f64[2], s32[]) parameter(0)
  g0 = f64[2] get-tuple-element(p), index=0
  g1 = s32[] get-tuple-element(p), index=1
  t = (f64[2], s32[]) tuple(g0, g1)
  g = s32[] get-tuple-element(t), index=1
  ROOT r = ((f64[2], s32[]), s32[]) tuple(t, g)
}
`),
    ).toMatchInlineSnapshot(`
      "HloModule m, entry_computation_layout={((f64[2]{0}, s32[]))->((f64[2]{0}, s32[]), s32[])}

      ENTRY main {
        p = (f64[2]{0}, s32[]) parameter(0)
        g = s32[] get-tuple-element(p), index=1
        ROOT r = ((f64[2]{0}, s32[]), s32[]) tuple(p, g)
      }
      "
    `);
  });
});

describe("lower-broadcasts as a pass", () => {
  it("is a no-op, returning the same module, on an explicit module", () => {
    expect(
      untouched([lowerBroadcastsPass], `HloModule m

ENTRY main {
  x = f64[2] parameter(0)
  ROOT n = f64[2] negate(x)
}
`),
    ).toBe(true);
  });
});
