/**
 * ragged-all-to-all on one device (a dynamic-update-slice whose size is
 * data) and across devices: a hand-worked exchange of unequal slices, the
 * property that equal slices at regular offsets are exactly all-to-all, the
 * printed form, and its errors. (Real XLA's CPU runtime crashed on these
 * modules in jaxlib 0.10.2, so the values follow XLA's documented semantics.)
 */
import { type Literal, isTupleLiteral, literal, parseHloModule, printHloModule } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../evaluate.ts";
import { evaluateSpmd } from "../../spmd/evaluate_spmd.ts";

const RAGGED = (header: string, groups: string, rows: number, outRows: number, n: number) =>
  parseHloModule(`HloModule ragged${header}

ENTRY e {
  input = f32[${rows},2] parameter(0)
  output = f32[${outRows},2] parameter(1)
  ioff = s32[${n}] parameter(2)
  ssz = s32[${n}] parameter(3)
  ooff = s32[${n}] parameter(4)
  rsz = s32[${n}] parameter(5)
  ROOT r = f32[${outRows},2] ragged-all-to-all(input, output, ioff, ssz, ooff, rsz), replica_groups=${groups}
}
`);

const f32 = (dims: readonly number[], v: readonly number[]) => literal("f32", dims, v);
const s32 = (v: readonly number[]) => literal("s32", [v.length], v);
const values = (l: Literal): number[] => {
  if (isTupleLiteral(l)) throw new Error("expected an array");
  return Array.from(l.data as ArrayLike<number>);
};

describe("ragged-all-to-all", () => {
  it("prints and parses back as XLA writes it", () => {
    const m = RAGGED("", "{{0,1,2}}", 6, 6, 3);
    expect(printHloModule(m)).toContain("ROOT r = f32[6,2]{1,0} ragged-all-to-all(input, output, ioff, ssz, ooff, rsz), replica_groups={{0,1,2}}");
    expect(printHloModule(parseHloModule(printHloModule(m)))).toBe(printHloModule(m));
  });

  it("on one device writes its own slice into output, leaving the other rows", () => {
    const m = RAGGED("", "{}", 4, 5, 1);
    const input = f32([4, 2], [10, 11, 12, 13, 14, 15, 16, 17]);
    const output = f32([5, 2], [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1]);
    const out = evaluate(m, [input, output, s32([1]), s32([2]), s32([3]), s32([2])]);
    expect(values(out)).toEqual([-1, -1, -1, -1, -1, -1, 12, 13, 14, 15]);
  });

  it("across two devices sends unequal slices to the receivers' offsets", () => {
    const m = RAGGED(", replica_count=2", "{{0,1}}", 4, 5, 2);
    const d0 = [f32([4, 2], [10, 11, 12, 13, 14, 15, 16, 17]), f32([5, 2], Array(10).fill(-1)), s32([0, 1]), s32([1, 2]), s32([0, 1]), s32([1, 2])];
    const d1 = [f32([4, 2], [20, 21, 22, 23, 24, 25, 26, 27]), f32([5, 2], Array(10).fill(-2)), s32([2, 0]), s32([2, 1]), s32([2, 4]), s32([2, 1])];
    const [r0, r1] = evaluateSpmd(m, [d0, d1]);
    // Device 0 keeps its row 0 and receives device 1's rows 2-3 at row 2; device 1 receives rows 1-2 at row 1 and its own row 0 at row 4.
    expect(values(r0)).toEqual([10, 11, -1, -1, 24, 25, 26, 27, -1, -1]);
    expect(values(r1)).toEqual([-2, -2, 12, 13, 14, 15, -2, -2, 20, 21]);
  });

  it("with equal slices at regular offsets is all-to-all along the outer dimension", () => {
    const n = 3;
    const k = 2;
    const m = RAGGED(`, replica_count=${n}`, "{{2,0,1}}", n * k, n * k, n);
    const a2a = parseHloModule(`HloModule a2a, replica_count=${n}\n\nENTRY e {\n  p = f32[${n * k},2] parameter(0)\n  ROOT r = f32[${n * k},2] all-to-all(p), replica_groups={{2,0,1}}, dimensions={0}\n}\n`);
    const group = [2, 0, 1];
    const inputs = [0, 1, 2].map((d) => f32([n * k, 2], Array.from({ length: n * k * 2 }, (_, i) => 100 * d + i)));
    const args = [0, 1, 2].map((d) => {
      const me = group.indexOf(d);
      const regular = group.map((_, j) => j * k);
      return [inputs[d], f32([n * k, 2], Array(n * k * 2).fill(0)), s32(regular), s32(group.map(() => k)), s32(group.map(() => me * k)), s32(group.map(() => k))];
    });
    expect(evaluateSpmd(m, args).map(values)).toEqual(evaluateSpmd(a2a, inputs.map((x) => [x])).map(values));
  });

  it("refuses slices out of range and sizes the receiver does not expect", () => {
    const m = RAGGED("", "{}", 4, 5, 1);
    const input = f32([4, 2], Array(8).fill(1));
    const output = f32([5, 2], Array(10).fill(0));
    expect(() => evaluate(m, [input, output, s32([3]), s32([2]), s32([0]), s32([2])])).toThrow(
      "r (ragged-all-to-all): participant 0 sends rows [3, 5) of its input (4 rows) to rows [0, 2) of participant 0's output (5 rows): out of range",
    );
    expect(() => evaluate(m, [input, output, s32([0]), s32([2]), s32([0]), s32([1])])).toThrow("whose recv_sizes[0] is 1");
    expect(() => evaluate(RAGGED("", "{{0,1}}", 4, 5, 2), [input, output, s32([0, 0]), s32([1, 1]), s32([0, 0]), s32([1, 1])])).toThrow(
      "need devices other than device 0",
    );
  });
});
