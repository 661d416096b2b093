import { type Literal, entryComputation, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { compile } from "./compile.ts";
import { planComputation } from "./program.ts";

// Two threefry rounds as JAX's fusions leave them: add, rotate-xor, add, rotate-xor, then a key added;
// %x1's rotation is read outside the run (the root tuple) as well, %k dies at %dead between members.
const ROUNDS = `HloModule rounds
%f_add (a: u32[N], b: u32[N]) -> u32[N] {
  %a = u32[N] parameter(0)
  %b = u32[N] parameter(1)
  ROOT %s = u32[N] add(%a, %b)
}
%f_rot (a: u32[N], b: u32[N], r: u32[]) -> u32[N] {
  %a = u32[N] parameter(0)
  %b = u32[N] parameter(1)
  %r = u32[] parameter(2)
  %rl = u32[N] broadcast(%r), dimensions={}
  %shl = u32[N] shift-left(%b, %rl)
  %c32 = u32[] constant(32)
  %rr0 = u32[] subtract(%c32, %r)
  %rr = u32[N] broadcast(%rr0), dimensions={}
  %shr = u32[N] shift-right-logical(%b, %rr)
  %rot = u32[N] or(%shl, %shr)
  ROOT %x = u32[N] xor(%a, %rot)
}
%f_key (a: u32[N], k: u32[]) -> u32[N] {
  %a = u32[N] parameter(0)
  %k = u32[] parameter(1)
  %kb = u32[N] broadcast(%k), dimensions={}
  ROOT %s = u32[N] add(%a, %kb)
}
%f_neg (a: u32[]) -> u32[] {
  %a = u32[] parameter(0)
  ROOT %n = u32[] negate(%a)
}
ENTRY %main (x0: u32[N], x1: u32[N], k: u32[]) -> (u32[N], u32[N], u32[N]) {
  %x0 = u32[N] parameter(0)
  %x1 = u32[N] parameter(1)
  %k = u32[] parameter(2)
  %r13 = u32[] constant(13)
  %r15 = u32[] constant(15)
  %a1 = u32[N] fusion(%x0, %x1), kind=kLoop, calls=%f_add
  %b1 = u32[N] fusion(%a1, %x1, %r13), kind=kLoop, calls=%f_rot
  %dead = u32[] fusion(%k), kind=kLoop, calls=%f_neg
  %a2 = u32[N] fusion(%a1, %b1), kind=kLoop, calls=%f_add
  %b2 = u32[N] fusion(%a2, %b1, %r15), kind=kLoop, calls=%f_rot
  %out0 = u32[N] fusion(%a2, %k), kind=kLoop, calls=%f_key
  ROOT %t = (u32[N], u32[N], u32[N]) tuple(%out0, %b2, %b1)
}`;

const moduleOf = (n: number) => parseHloModule(ROUNDS.replaceAll("[N]", `[${String(n)}]`));

function groupsOf(m: ReturnType<typeof parseHloModule>, numerics: "reference" | "xla-cpu") {
  const exe = compile(m, { numerics });
  const program = planComputation(exe.module, entryComputation(exe.module), true, numerics, () => {
    throw new Error("no call in this module");
  });
  return { exe, steps: program.steps };
}

const u32 = fc.oneof(fc.constantFrom(0, 1, 0x7fffffff, 0x80000000, 0xffffffff), fc.integer({ min: 0, max: 0xffffffff }));

describe("fusion groups: element-wise fusions that feed each other run as one loop", () => {
  it("merges the rounds into one step with the outputs read outside, and gives the reference's bits", () => {
    for (const numerics of ["reference", "xla-cpu"] as const) {
      const n = 37;
      const m = moduleOf(n);
      const { exe, steps } = groupsOf(m, numerics);
      const grouped = steps.filter((s) => s.group !== undefined);
      expect(grouped).toHaveLength(1);
      // %b1 is read by the root as well as by later members, %b2 and %out0 by the root; %a1, %a2 live in the loop only.
      const names = Array.from(grouped[0].group?.outputs ?? [], (p) => steps[p].inst.name);
      expect(names).toEqual(["b1", "b2", "out0"]);
      expect(steps.filter((s) => s.merged).map((s) => s.inst.name)).toEqual(["a1", "b1", "a2", "b2"]);
      fc.assert(
        fc.property(fc.array(u32, { minLength: n, maxLength: n }), fc.array(u32, { minLength: n, maxLength: n }), u32, (x0, x1, k) => {
          const args: Literal[] = [literal("u32", [n], x0), literal("u32", [n], x1), literal("u32", [], [k])];
          const want = evaluate(m, args, { numerics });
          expect(firstBitDifference(exe.execute(args), want)?.message).toBeUndefined();
        }),
        { numRuns: 40 },
      );
    }
  });

  it("reuses the pool's buffers run after run (the group's inputs are released once it has run)", () => {
    const m = moduleOf(64);
    const exe = compile(m);
    const args: Literal[] = [literal("u32", [64], Array.from({ length: 64 }, (_, i) => i * 2654435761 >>> 0)), literal("u32", [64], Array.from({ length: 64 }, (_, i) => i)), literal("u32", [], [7])];
    exe.execute(args);
    const first = exe.execute(args);
    const again = exe.execute(args);
    expect(firstBitDifference(again, first)?.message).toBeUndefined();
    expect(firstBitDifference(again, evaluate(m, args))?.message).toBeUndefined();
    // Only the three results leave with the caller (the dead scalar's value goes back to the pool).
    expect(exe.lastStats?.allocatedBytes).toBe(3 * 64 * 8);
  });

  it("runs the members one by one where the memory budget is checked, with the reference's bits", () => {
    const m = moduleOf(16);
    const args: Literal[] = [literal("u32", [16], Array.from({ length: 16 }, (_, i) => i * 3)), literal("u32", [16], Array.from({ length: 16 }, (_, i) => i + 5)), literal("u32", [], [9])];
    const { steps, totalBytes } = (() => {
      const exe = compile(m);
      return planComputation(exe.module, entryComputation(exe.module), true, "reference", () => {
        throw new Error("no call in this module");
      });
    })();
    expect(steps.some((s) => s.group !== undefined)).toBe(true);
    // A budget below the bytes of all results together is checked step by step (program.ts), so the group does not run.
    const maxBytes = totalBytes - 1;
    expect(firstBitDifference(compile(m, { maxBytes }).execute(args), evaluate(m, args, { maxBytes }))?.message).toBeUndefined();
  });

  it("runs a group of WebAssembly fusions as one module with several outputs, with the reference's bits", () => {
    const n = 35;
    const m = parseHloModule(`HloModule chain
%f_mul (a: f32[${n}], b: f32[${n}]) -> f32[${n}] {
  %a = f32[${n}] parameter(0)
  %b = f32[${n}] parameter(1)
  ROOT %p = f32[${n}] multiply(%a, %b)
}
%f_add (a: f32[${n}], b: f32[${n}]) -> f32[${n}] {
  %a = f32[${n}] parameter(0)
  %b = f32[${n}] parameter(1)
  ROOT %s = f32[${n}] add(%a, %b)
}
%f_max (a: f32[${n}], b: f32[${n}]) -> f32[${n}] {
  %a = f32[${n}] parameter(0)
  %b = f32[${n}] parameter(1)
  %d = f32[${n}] divide(%a, %b)
  ROOT %x = f32[${n}] maximum(%d, %a)
}
ENTRY %main (x: f32[${n}], y: f32[${n}]) -> (f32[${n}], f32[${n}], f32[${n}]) {
  %x = f32[${n}] parameter(0)
  %y = f32[${n}] parameter(1)
  %p = f32[${n}] fusion(%x, %y), kind=kLoop, calls=%f_mul
  %s = f32[${n}] fusion(%p, %y), kind=kLoop, calls=%f_add
  %q = f32[${n}] fusion(%s, %p), kind=kLoop, calls=%f_mul
  %r = f32[${n}] fusion(%q, %x), kind=kLoop, calls=%f_max
  ROOT %t = (f32[${n}], f32[${n}], f32[${n}]) tuple(%r, %p, %s)
}`);
    const f32 = fc.oneof(
      fc.constantFrom(0, -0, Infinity, -Infinity, NaN, 1e-40, -1e-45, 3.4e38),
      fc.float({ noDefaultInfinity: false }),
    );
    for (const numerics of ["reference", "xla-cpu"] as const) {
      for (const wasm of [true, false]) {
        const exe = compile(m, { numerics, wasm });
        const program = planComputation(exe.module, entryComputation(exe.module), true, numerics, () => {
          throw new Error("no call in this module");
        }, wasm);
        const grouped = program.steps.filter((st) => st.group !== undefined);
        expect(grouped).toHaveLength(1);
        // %p and %s are read by the root as well as by later members; %q lives in the loop only (compile renames clashing names).
        expect(Array.from(grouped[0].group?.outputs ?? [], (p) => program.steps[p].inst.name.replace(/\.\d+$/, ""))).toEqual(["p", "s", "r"]);
        fc.assert(
          fc.property(fc.array(f32, { minLength: n, maxLength: n }), fc.array(f32, { minLength: n, maxLength: n }), (x, y) => {
            const args: Literal[] = [literal("f32", [n], x.map(Math.fround)), literal("f32", [n], y.map(Math.fround))];
            expect(firstBitDifference(exe.execute(args), evaluate(m, args, { numerics }))?.message).toBeUndefined();
          }),
          { numRuns: 25 },
        );
      }
    }
  });
});
