/**
 * Property test over thousands of random shape / broadcast-dimension pairs:
 * valid combinations evaluate (after lowering) to what an independent
 * reference computes, lowering leaves at most one reshape and one broadcast
 * per operand and a module the strict verifier accepts, printing round-trips;
 * invalid combinations throw ShapeError and nothing else.
 */
import { describe, expect, it } from "vitest";
import { XlaBuilder, type XlaOp } from "@minixla/builder";
import {
  type ArrayLiteral,
  type ElementType,
  ShapeError,
  entryComputation,
  literal,
  lowerBroadcasts,
  parseHloModule,
  printHloModule,
  shape,
  verifyModule,
} from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { prng, randomInt } from "./support/prng.ts";
import { referenceBinary, referenceBroadcast } from "./support/reference.ts";

type Op = {
  readonly name: string;
  readonly type: ElementType;
  readonly build: (b: XlaBuilder, x: XlaOp, y: XlaOp, bd: readonly number[]) => XlaOp;
  readonly f: (a: number, b: number) => number;
};

const OPS: readonly Op[] = [
  { name: "add", type: "f64", build: (b, x, y, bd) => b.add(x, y, bd), f: (a, c) => a + c },
  { name: "sub", type: "f64", build: (b, x, y, bd) => b.sub(x, y, bd), f: (a, c) => a - c },
  { name: "mul", type: "f64", build: (b, x, y, bd) => b.mul(x, y, bd), f: (a, c) => a * c },
  { name: "max", type: "f64", build: (b, x, y, bd) => b.max(x, y, bd), f: (a, c) => Math.max(a, c) },
  { name: "lt", type: "f64", build: (b, x, y, bd) => b.lt(x, y, bd), f: (a, c) => (a < c ? 1 : 0) },
  { name: "s32 add", type: "s32", build: (b, x, y, bd) => b.add(x, y, bd), f: (a, c) => (a + c) | 0 },
  { name: "s32 mul", type: "s32", build: (b, x, y, bd) => b.mul(x, y, bd), f: (a, c) => Math.imul(a, c) },
  { name: "f32 add", type: "f32", build: (b, x, y, bd) => b.add(x, y, bd), f: (a, c) => Math.fround(a + c) },
];

const CASES = 3000;

function randomDims(rand: () => number, rank: number): number[] {
  return Array.from({ length: rank }, () => {
    const r = rand();
    return r < 0.3 ? 1 : r < 0.33 ? 0 : randomInt(rand, 2, 4);
  });
}

/** A broadcast-dimension list that is valid with probability ~1/2, otherwise subtly wrong. */
function randomBroadcastDims(rand: () => number, small: number[], large: number[]): number[] {
  if (small.length === large.length) return rand() < 0.8 ? [] : rand() < 0.5 ? small.map((_, i) => i) : small.map((_, i) => small.length - 1 - i);
  if (small.length === 0) return rand() < 0.9 ? [] : [0];
  const chosen = new Set<number>();
  while (chosen.size < small.length) chosen.add(randomInt(rand, 0, large.length - 1));
  const bd = [...chosen].sort((a, b) => a - b);
  const r = rand();
  if (r < 0.06) bd.reverse();
  else if (r < 0.09) bd[0] = -1;
  else if (r < 0.12) bd[bd.length - 1] = large.length;
  else if (r < 0.15) bd.pop();
  return bd;
}

/** Makes the small operand's sizes agree with the dims it maps to most of the time. */
function fitSmall(rand: () => number, small: number[], large: number[], bd: number[]): number[] {
  return small.map((s, i) => {
    const d = bd[i];
    if (d === undefined || d < 0 || d >= large.length) return s;
    const r = rand();
    return r < 0.7 ? large[d] : r < 0.95 ? 1 : s;
  });
}

function randomValues(rand: () => number, n: number, type: ElementType): number[] {
  return Array.from({ length: n }, () => (type === "s32" ? randomInt(rand, -(2 ** 31), 2 ** 31 - 1) : (rand() - 0.5) * 200));
}

describe("implicit broadcasting, lowered and evaluated, matches an independent reference", () => {
  it(`holds for ${CASES} random shape and broadcast-dimension combinations`, () => {
    const rand = prng(20261122);
    let valid = 0;
    let invalid = 0;
    for (let n = 0; n < CASES; n++) {
      const op = OPS[n % OPS.length];
      const largeRank = randomInt(rand, 0, 4);
      const smallRank = rand() < 0.35 ? largeRank : randomInt(rand, 0, largeRank);
      let large = randomDims(rand, largeRank);
      let small = randomDims(rand, smallRank);
      const bd = randomBroadcastDims(rand, small, large);
      if (smallRank === largeRank) small = large.map((d) => (rand() < 0.25 ? 1 : rand() < 0.05 ? d + 1 : d));
      else small = fitSmall(rand, small, large, bd);
      if (smallRank === largeRank && rand() < 0.3) large = large.map((d, i) => (small[i] !== 1 && rand() < 0.3 ? 1 : d));
      const swap = rand() < 0.5;
      const [lhsDims, rhsDims] = swap ? [small, large] : [large, small];
      const verdict = referenceBroadcast(lhsDims, rhsDims, bd);
      const label = `${op.name} ${JSON.stringify(lhsDims)} ${JSON.stringify(rhsDims)} bd=${JSON.stringify(bd)}`;

      const b = new XlaBuilder("property");
      const x = b.parameter(0, shape(op.type, lhsDims), "x");
      const y = b.parameter(1, shape(op.type, rhsDims), "y");
      let root: XlaOp;
      try {
        root = op.build(b, x, y, bd);
      } catch (e) {
        expect(e, label).toBeInstanceOf(ShapeError);
        expect(verdict.ok, `${label}: minixla rejected a valid broadcast: ${(e as Error).message}`).toBe(false);
        invalid++;
        continue;
      }
      expect(verdict.ok, `${label}: minixla accepted an invalid broadcast`).toBe(true);
      if (!verdict.ok) continue;
      valid++;
      expect(b.getShape(root), label).toMatchObject({ dimensions: verdict.dims });

      const module = b.build();
      const lowered = lowerBroadcasts(module);
      verifyModule(lowered);
      const insts = entryComputation(lowered).instructions;
      const count = (opcode: string) => insts.filter((i) => i.opcode === opcode).length;
      expect(count("reshape"), label).toBeLessThanOrEqual(2);
      expect(count("broadcast"), label).toBeLessThanOrEqual(2);
      for (const m of [module, lowered]) {
        const text = printHloModule(m);
        expect(printHloModule(parseHloModule(text)), label).toBe(text);
      }

      const xs = randomValues(rand, lhsDims.reduce((p, d) => p * d, 1), op.type);
      const ys = randomValues(rand, rhsDims.reduce((p, d) => p * d, 1), op.type);
      const xl = literal(op.type, lhsDims, xs);
      const yl = literal(op.type, rhsDims, ys);
      const out = evaluate(lowered, [xl, yl]) as ArrayLiteral;
      const want = referenceBinary(xl.data, lhsDims, yl.data, rhsDims, bd, op.f);
      expect(out.shape.dimensions, label).toEqual(want.dims);
      expect(Array.from(out.data), label).toEqual(want.values);
    }
    // The generator must exercise both sides of the rules substantially.
    expect(valid).toBeGreaterThan(CASES / 3);
    expect(invalid).toBeGreaterThan(CASES / 15);
  });
});
