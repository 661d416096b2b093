import { EvalError, type HloInstruction, type HloModule, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { compile } from "./compile.ts";
import { inlineSingleCalls } from "./inline_calls.ts";

/**
 * A counted loop whose body calls `step` (a tuple of two updated values, one
 * of them the callee's parameter passed through) and, `twice` times, `shared`.
 */
function loopModule(trips: number, twice: boolean): HloModule {
  return parseHloModule(`HloModule calls

step {
  a = f64[4] parameter(0)
  b = f64[4] parameter(1)
  s = f64[4] add(a, b)
  m = f64[4] multiply(s, a)
  inner = (f64[4], f64[4]) call(m, b), to_apply=pair
  x = f64[4] get-tuple-element(inner), index=0
  ROOT t = (f64[4], f64[4], f64[4]) tuple(x, b, s)
}

pair {
  u = f64[4] parameter(0)
  v = f64[4] parameter(1)
  d = f64[4] subtract(u, v)
  ROOT r = (f64[4], f64[4]) tuple(d, u)
}

shared {
  z = f64[4] parameter(0)
  ROOT n = f64[4] negate(z)
}

body {
  p = (s64[], f64[4], f64[4]) parameter(0)
  i = s64[] get-tuple-element(p), index=0
  a = f64[4] get-tuple-element(p), index=1
  b = f64[4] get-tuple-element(p), index=2
  one = s64[] constant(1)
  i1 = s64[] add(i, one)
  c = (f64[4], f64[4], f64[4]) call(a, b), to_apply=step
  x = f64[4] get-tuple-element(c), index=0
  y = f64[4] get-tuple-element(c), index=2
  n1 = f64[4] call(${twice ? "y" : "x"}), to_apply=shared
  ${twice ? "n2 = f64[4] call(n1), to_apply=shared" : "n2 = f64[4] add(n1, y)"}
  ROOT t = (s64[], f64[4], f64[4]) tuple(i1, n2, x)
}

cond {
  p = (s64[], f64[4], f64[4]) parameter(0)
  i = s64[] get-tuple-element(p), index=0
  k = s64[] constant(${trips})
  ROOT lt = pred[] compare(i, k), direction=LT
}

ENTRY main {
  a = f64[4] parameter(0)
  b = f64[4] parameter(1)
  zero = s64[] constant(0)
  init = (s64[], f64[4], f64[4]) tuple(zero, a, b)
  w = (s64[], f64[4], f64[4]) while(init), condition=cond, body=body
  ROOT r = f64[4] get-tuple-element(w), index=1
}
`);
}

const calls = (m: HloModule): string[] => m.computations.flatMap((c) => c.instructions.filter((i) => i.opcode === "call").map((i) => i.called[0]));

const values = fc.array(fc.oneof(fc.double(), fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, 5e-324)), { minLength: 4, maxLength: 4 });

describe("inlining single-use calls before compiling", () => {
  it("inlines each call whose callee nothing else calls, and keeps a shared callee called", () => {
    const once = inlineSingleCalls(loopModule(3, false), Number.POSITIVE_INFINITY);
    expect(calls(once)).toEqual([]);
    expect(once.computations.map((c) => c.name)).not.toContain("step");
    const twice = inlineSingleCalls(loopModule(3, true), Number.POSITIVE_INFINITY);
    expect(calls(twice)).toEqual(["shared", "shared"]);
    // A budget the module's values could pass leaves every call in place.
    expect(calls(inlineSingleCalls(loopModule(3, false), 64))).toEqual(["pair", "step", "shared"]);
  });

  it("gives evaluate's bits, inlined or not (property)", () => {
    fc.assert(
      fc.property(values, values, fc.integer({ min: 0, max: 6 }), fc.boolean(), (a, b, trips, twice) => {
        const m = loopModule(trips, twice);
        const args = [literal("f64", [4], a), literal("f64", [4], b)];
        const want = evaluate(m, args);
        for (const inlineCalls of [true, false]) {
          const got = compile(m, { inlineCalls }).execute(args);
          expect(firstBitDifference(got, want)).toBeUndefined();
        }
      }),
      { numRuns: 60 },
    );
  });

  it("leaves called a callee that shares an instruction name with its caller", () => {
    const m = parseHloModule(`HloModule shared_names

f {
  a = f64[2] parameter(0)
  c = f64[2] sine(a)
  ROOT d = f64[2] multiply(c, a)
}

ENTRY main {
  a = f64[2] parameter(0)
  c = f64[2] negate(a)
  d = f64[2] call(c), to_apply=f
  ROOT e = f64[2] add(d, c)
}
`);
    // The parser makes names unique in the module; a module built as data need not be.
    const plain = (n: string): string => n.replace(/\.1$/, "");
    const main = m.computations[1];
    const clashing: HloModule = {
      ...m,
      computations: [
        m.computations[0],
        {
          ...main,
          root: plain(main.root),
          instructions: main.instructions.map((i) => ({ ...i, name: plain(i.name), operands: i.operands.map(plain) }) as HloInstruction),
        },
      ],
    };
    expect(clashing.computations[1].instructions.map((i) => i.name)).toEqual(["a", "c", "d", "e"]);
    expect(calls(inlineSingleCalls(clashing, Number.POSITIVE_INFINITY))).toEqual(["f"]);
    expect(calls(inlineSingleCalls(m, Number.POSITIVE_INFINITY))).toEqual([]);
  });

  it("names the instruction evaluate names when a loop inside an inlined callee fails", () => {
    const m = parseHloModule(`HloModule failing

body {
  p = s64[] parameter(0)
  one = s64[] constant(1)
  ROOT q = s64[] add(p, one)
}

cond {
  p = s64[] parameter(0)
  ROOT t = pred[] constant(true)
}

spin {
  x = s64[] parameter(0)
  ROOT loop = s64[] while(x), condition=cond, body=body
}

ENTRY main {
  a = s64[] parameter(0)
  ROOT c = s64[] call(a), to_apply=spin
}
`);
    const args = [literal("s64", [], [0n])];
    const options = { maxWhileIterations: 5 };
    expect(() => evaluate(m, args, options)).toThrow(EvalError);
    let want = "";
    try {
      evaluate(m, args, options);
    } catch (e) {
      want = (e as Error).message;
    }
    expect(calls(compile(m, options).module)).toEqual([]);
    expect(() => compile(m, options).execute(args)).toThrow(want);
  });
});
