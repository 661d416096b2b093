/**
 * The fusion pass on random programs (fast-check, seeded): chains of
 * element-wise ops, broadcasts, transposes, degenerate and general reshapes,
 * slices, iotas, converts, selects, reductions and dots whose values are
 * shared between several users, so clusters meet, split and duplicate cheap
 * producers. Each fused program must verify (def-before-use: no cycle between
 * fusions), print and parse back, fuse to a fixed point, and evaluate to the
 * same bits as the program before fusion.
 */
import { XlaBuilder, type XlaOp } from "@minixla/builder";
import { type HloModule, type Literal, fuse, isTupleLiteral, literal, lowerBroadcasts, parseHloModule, printHloModule, shape, verificationProblems } from "@minixla/hlo";
import { evaluate as evaluateChecked } from "@minixla/interpreter";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scalarBinary } from "./support/computations.ts";
import { propertyRuns } from "./support/property.ts";
import { referenceOf } from "./support/cross_check.ts";

/** The reference evaluator itself: this test checks the pass, not the compiled engine (the cross-check setup compares those). */
const evaluate = referenceOf(evaluateChecked);

interface Value {
  readonly op: XlaOp;
  readonly dims: readonly number[];
}

type Step = readonly [number, number, number];

const sum = scalarBinary("add", "f32");

/** A program read off the steps: each step picks an op and its operands among the values made so far. */
function program(steps: readonly Step[]): HloModule {
  const b = new XlaBuilder("random_fusion");
  const pool: Value[] = [
    { op: b.parameter(0, shape("f32", [3, 4]), "x"), dims: [3, 4] },
    { op: b.parameter(1, shape("f32", [4]), "v"), dims: [4] },
    { op: b.parameter(2, shape("f32", []), "s"), dims: [] },
  ];
  const add = (op: XlaOp, dims: readonly number[]) => pool.push({ op, dims });
  const sameDims = (a: Value, pick: number): Value => {
    const like = pool.filter((v) => v.dims.join() === a.dims.join());
    return like[pick % like.length];
  };
  for (const [kind, i, j] of steps) {
    const a = pool[i % pool.length];
    const rank = a.dims.length;
    const count = a.dims.reduce((x, y) => x * y, 1);
    switch (kind % 12) {
      case 0:
        add([b.neg(a.op), b.exp(a.op), b.tanh(a.op), b.sqrt(a.op)][j % 4], a.dims);
        break;
      case 1: {
        const c = sameDims(a, j).op;
        add([b.add(a.op, c), b.mul(a.op, c), b.max(a.op, c), b.sub(c, a.op)][(j >> 3) % 4], a.dims);
        break;
      }
      case 2:
        if (rank >= 2) add(b.transpose(a.op, [...a.dims.keys()].reverse()), [...a.dims].reverse());
        else add(b.abs(a.op), a.dims);
        break;
      case 3: {
        const targets = [[count], [1, ...a.dims], a.dims.filter((d) => d !== 1), [...a.dims].reverse()];
        const t = targets[j % targets.length];
        add(b.reshape(a.op, t), t);
        break;
      }
      case 4:
        if (rank <= 2) add(b.broadcast(a.op, [2]), [2, ...a.dims]);
        else add(b.neg(a.op), a.dims);
        break;
      case 5:
        if (rank >= 1 && a.dims[0] >= 2) add(b.slice(a.op, a.dims.map((_, d) => (d === 0 ? 1 : 0)), a.dims, a.dims.map(() => 1)), [a.dims[0] - 1, ...a.dims.slice(1)]);
        else add(b.copy(a.op), a.dims);
        break;
      case 6:
        if (rank >= 1) {
          const d = j % rank;
          add(b.reduce(a.op, b.constantR0(0, "f32"), sum, [d]), a.dims.filter((_, k) => k !== d));
        } else add(b.neg(a.op), a.dims);
        break;
      case 7:
        if (rank === 2) add(b.dot(a.op, b.transpose(a.op, [1, 0])), [a.dims[0], a.dims[0]]);
        else add(b.exp(a.op), a.dims);
        break;
      case 8:
        if (rank >= 1) add(b.add(a.op, b.iota(shape("f32", a.dims), j % rank)), a.dims);
        else add(b.tanh(a.op), a.dims);
        break;
      case 9:
        add(b.mul(a.op, b.broadcast(b.constantR0((j % 5) - 2, "f32"), a.dims)), a.dims);
        break;
      case 10:
        add(b.convert(b.exp(b.convert(a.op, "f64")), "f32"), a.dims);
        break;
      default: {
        const c = sameDims(a, j).op;
        add(b.select(b.gt(a.op, c), a.op, c), a.dims);
        break;
      }
    }
  }
  // The last values and one earlier one are results, so some values have users outside any cluster.
  const results = [...new Set([pool[pool.length - 1], pool[pool.length - 2], pool[3 + ((steps[0]?.[2] ?? 0) % Math.max(1, pool.length - 3))]])];
  return lowerBroadcasts(b.build(b.tuple(results.filter((r) => r !== undefined).map((r) => r.op))));
}

const SAMPLES = [-2, -1.5, -0, 0, 0.5, 1, 2.5, Number.NaN, Number.POSITIVE_INFINITY];
const inputs = (seed: number): Literal[] => {
  const pick = (k: number) => SAMPLES[(seed + k * 7) % SAMPLES.length];
  return [
    literal("f32", [3, 4], Array.from({ length: 12 }, (_, k) => pick(k))),
    literal("f32", [4], Array.from({ length: 4 }, (_, k) => pick(k + 12))),
    literal("f32", [], [pick(16)]),
  ];
};

function sameValue(a: Literal, b: Literal): boolean {
  if (isTupleLiteral(a) || isTupleLiteral(b)) {
    return isTupleLiteral(a) && isTupleLiteral(b) && a.elements.length === b.elements.length && a.elements.every((x, i) => sameValue(x, b.elements[i]));
  }
  if (a.data.length !== b.data.length || a.shape.dimensions.join() !== b.shape.dimensions.join()) return false;
  for (let i = 0; i < a.data.length; i++) if (!Object.is(a.data[i], b.data[i])) return false;
  return true;
}

describe("fuse on random programs", () => {
  it("keeps every value bit for bit, verifies, round-trips and is idempotent", () => {
    let fusions = 0;
    const step = fc.tuple(fc.nat(1000), fc.nat(1000), fc.nat(1000));
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 24 }), fc.nat(1000), (steps, seed) => {
        const m = program(steps);
        const f = fuse.run(m);
        expect(verificationProblems(f)).toEqual([]);
        const printed = printHloModule(f);
        expect(printHloModule(parseHloModule(printed))).toBe(printed);
        expect(fuse.run(f)).toBe(f);
        const args = inputs(seed);
        expect(sameValue(evaluate(f, args), evaluate(m, args))).toBe(true);
        fusions += f.computations.length - m.computations.length;
      }),
      propertyRuns(300, 0x5eed_f05e),
    );
    expect(fusions).toBeGreaterThan(300);
  });
});
