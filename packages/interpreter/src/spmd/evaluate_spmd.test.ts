/**
 * evaluateSpmd by properties over grids and group modes (all-reduce sums the
 * devices' inputs, all-gather then a slice at the device's own offset gives
 * back its input, all-to-all twice and a permute cycle are the identity,
 * reduce-scatter is all-reduce then the device's chunk), control flow in
 * lockstep and apart, and its errors.
 */
import { EvalError, type Literal, isTupleLiteral, literal, parseHloModule } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { evaluateSpmd } from "./evaluate_spmd.ts";
import { inferDeviceCounts } from "./device_counts.ts";

const ADD = "add {\n  a = s32[] parameter(0)\n  b = s32[] parameter(1)\n  ROOT c = s32[] add(a, b)\n}\n";
const mod = (header: string, body: readonly string[], extra = ADD) => parseHloModule(`HloModule m${header}\n\n${extra}\nENTRY e {\n${body.map((l) => `  ${l}`).join("\n")}\n}\n`);

/** Small seeded integers: sums stay exact. */
function inputs(devices: number, n: number, seed: number): Literal[][] {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648), (s % 19) - 9);
  return [...Array(devices).keys()].map(() => [literal("s32", [n], Array.from({ length: n }, next))]);
}

const values = (l: Literal | undefined): number[] => {
  if (l === undefined || isTupleLiteral(l)) throw new Error("expected an array");
  return Array.from(l.data as ArrayLike<number>);
};

/** Grids and the groups (with their mode's attributes) that span every device of them. */
const GRIDS = [
  { R: 4, P: 1, attrs: "replica_groups={{0,1,2,3}}", groups: [[0, 1, 2, 3]], a2a: "replica_groups={{0,1,2,3}}" },
  { R: 4, P: 1, attrs: "replica_groups={{0,2},{1,3}}", groups: [[0, 2], [1, 3]], a2a: "replica_groups={{0,2},{1,3}}" },
  { R: 1, P: 4, attrs: "channel_id=1, replica_groups={{3,1},{0,2}}, use_global_device_ids=true", groups: [[3, 1], [0, 2]], a2a: "channel_id=1, replica_groups={{3,1},{0,2}}" },
  {
    R: 2, P: 3, attrs: "channel_id=1, replica_groups=[2,3]<=[3,2]T(1,0), use_global_device_ids=true", groups: [[0, 2, 4], [1, 3, 5]],
    a2a: "channel_id=1, replica_groups={{0,1,2}}",
  },
  // Groups {} hold every replica, each with all its partitions; the shape rule reads a group's size off its ids, so written {}.
  { R: 2, P: 2, attrs: "channel_id=1, replica_groups={}, use_global_device_ids=false", groups: [[0, 1, 2, 3]], a2a: "replica_groups={}" },
  { R: 2, P: 2, attrs: "replica_groups={}", groups: [[0, 2], [1, 3]], a2a: "replica_groups={}" },
] as const;

describe("evaluateSpmd's collectives, by property", () => {
  for (const g of GRIDS) {
    const devices = g.R * g.P;
    const size = g.groups[0].length;
    const header = `, replica_count=${g.R}, num_partitions=${g.P}`;

    it(`all-reduce sums each group's inputs (${g.R}x${g.P}, ${g.attrs})`, () => {
      const args = inputs(devices, 6, devices * 7 + size);
      const m = mod(header, ["p = s32[6] parameter(0)", `ROOT r = s32[6] all-reduce(p), ${g.attrs}, to_apply=add`]);
      const out = evaluateSpmd(m, args);
      for (const group of g.groups) {
        const sum = [0, 1, 2, 3, 4, 5].map((i) => (group as readonly number[]).reduce<number>((a, d) => a + values(args[d][0])[i], 0));
        for (const d of group) expect(values(out[d])).toEqual(sum);
      }
    });

    it(`all-gather then a slice at the device's own position gives its input back (${g.R}x${g.P})`, () => {
      const args = inputs(devices, 3, devices * 11 + size);
      const m = mod(header, ["p = s32[3] parameter(0)", `ROOT r = s32[${3 * size}] all-gather(p), ${g.attrs}, dimensions={0}`]);
      const out = evaluateSpmd(m, args);
      for (const group of g.groups) {
        group.forEach((d, position) => {
          for (const member of group) expect(values(out[member]).slice(3 * position, 3 * position + 3)).toEqual(values(args[d][0]));
        });
      }
    });

    it(`reduce-scatter is all-reduce then the device's chunk, and all-to-all twice is the identity (${g.R}x${g.P})`, () => {
      const n = 2 * size;
      const args = inputs(devices, n, devices * 13 + size);
      const m = mod(header, [
        `p = s32[${n}] parameter(0)`,
        `rs = s32[2] reduce-scatter(p), ${g.attrs}, dimensions={0}, to_apply=add`,
        `ar = s32[${n}] all-reduce(p), ${g.attrs}, to_apply=add`,
        `a1 = s32[${n}] all-to-all(p), ${g.a2a}, dimensions={0}`,
        `a2 = s32[${n}] all-to-all(a1), ${g.a2a}, dimensions={0}`,
        `ROOT t = (s32[2], s32[${n}], s32[${n}]) tuple(rs, ar, a2)`,
      ]);
      // all-to-all has no use_global_device_ids (with a channel its ids are partitions): its groups are its own, any groups giving the identity.
      const out = evaluateSpmd(m, args);
      for (const group of g.groups) {
        group.forEach((d, position) => {
          const t = out[d];
          if (!isTupleLiteral(t)) throw new Error("expected a tuple");
          expect(values(t.elements[0])).toEqual(values(t.elements[1]).slice(2 * position, 2 * position + 2));
        });
      }
      out.forEach((t, d) => {
        if (!isTupleLiteral(t)) throw new Error("expected a tuple");
        expect(values(t.elements[2])).toEqual(values(args[d][0]));
      });
    });
  }

  it("a collective-permute around a cycle of N devices, N times, is the identity", () => {
    const args = inputs(5, 4, 3);
    const body = ["p0 = s32[4] parameter(0)"];
    for (let k = 1; k <= 5; k++) body.push(`p${k} = s32[4] collective-permute(p${k - 1}), source_target_pairs={{0,1},{1,2},{2,3},{3,4},{4,0}}`);
    body.push("ROOT r = s32[4] copy(p5)");
    const out = evaluateSpmd(mod(", replica_count=5", body), args);
    out.forEach((o, d) => expect(values(o)).toEqual(values(args[d][0])));
  });

  it("one device gives exactly what evaluate gives, -0 and NaN included", () => {
    const m = parseHloModule(`HloModule m
add { a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b) }
ENTRY e { p = f32[3] parameter(0)
  rs = f32[3] reduce-scatter(p), replica_groups={}, dimensions={0}, to_apply=add
  ar = f32[3] all-reduce(p), replica_groups={{0}}, to_apply=add
  ROOT t = (f32[3], f32[3]) tuple(rs, ar) }`);
    const x = [literal("f32", [3], [-0, Number.NaN, 1.5])];
    const [one] = evaluateSpmd(m, [x]);
    const ref = evaluate(m, x);
    if (!isTupleLiteral(one) || !isTupleLiteral(ref)) throw new Error("expected tuples");
    expect(one.elements.map(values)).toEqual(ref.elements.map(values));
  });
});

describe("evaluateSpmd's control flow", () => {
  const loop = (trip: string, bodyOp: string) =>
    mod(", replica_count=3", ["p = s32[2] parameter(0)", "z = s32[] constant(0)", "t0 = (s32[], s32[2]) tuple(z, p)", "ROOT w = (s32[], s32[2]) while(t0), condition=cond, body=body"], `${ADD}
cond {
  s = (s32[], s32[2]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  ${trip}
  ROOT lt = pred[] compare(i, n), direction=LT
}

body {
  s = (s32[], s32[2]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  x = s32[2] get-tuple-element(s), index=1
  one = s32[] constant(1)
  j = s32[] add(i, one)
  y = s32[2] ${bodyOp}
  ROOT t = (s32[], s32[2]) tuple(j, y)
}
`);
  const args = [[literal("s32", [2], [1, 2])], [literal("s32", [2], [3, 4])], [literal("s32", [2], [5, 6])]];

  it("runs a while whose body all-reduces in lockstep while every device loops", () => {
    const out = evaluateSpmd(loop("n = s32[] constant(2)", "all-reduce(x), replica_groups={}, to_apply=add"), args);
    // Two rounds: each device holds the sum, then three times the sum.
    for (const o of out) expect(isTupleLiteral(o) ? values(o.elements[1]) : []).toEqual([27, 36]);
  });

  it("lets devices loop different numbers of times when the body holds no collective", () => {
    const trip = "r = u32[] replica-id()\n  n = s32[] convert(r)";
    const out = evaluateSpmd(loop(trip, "add(x, x)"), args);
    expect(out.map((o) => (isTupleLiteral(o) ? values(o.elements[1]) : []))).toEqual([[1, 2], [6, 8], [20, 24]]);
  });

  it("refuses a collective whose group members took different paths", () => {
    const trip = "r = u32[] replica-id()\n  n = s32[] convert(r)";
    expect(() => evaluateSpmd(loop(trip, "all-reduce(x), replica_groups={}, to_apply=add"), args)).toThrow(/took another path through control flow/);
  });

  it("runs each conditional branch on the devices that chose it, collectives included", () => {
    const m = mod(", replica_count=4", [
      "p = s32[2] parameter(0)",
      "r = u32[] replica-id()",
      "two = u32[] constant(2)",
      "lo = pred[] compare(r, two), direction=LT",
      "ROOT c = s32[2] conditional(lo, p, p), true_computation=low, false_computation=high",
    ], `${ADD}
low {
  x = s32[2] parameter(0)
  ROOT y = s32[2] all-reduce(x), replica_groups={{0,1},{2,3}}, to_apply=add
}

high {
  x = s32[2] parameter(0)
  ROOT y = s32[2] negate(x)
}
`);
    const four = [1, 2, 3, 4].map((k) => [literal("s32", [2], [k, 10 * k])]);
    expect(evaluateSpmd(m, four).map(values)).toEqual([[3, 30], [3, 30], [-3, -30], [-4, -40]]);
  });
});

describe("evaluateSpmd's grid", () => {
  it("reads the grid from the header, and infers one from the groups", () => {
    expect(inferDeviceCounts(mod(", replica_count=2, num_partitions=3", ["ROOT r = u32[] replica-id()"]))).toEqual({ replicaCount: 2, numPartitions: 3 });
    const groups = mod("", ["p = s32[4] parameter(0)", "ROOT r = s32[4] all-reduce(p), channel_id=1, replica_groups={{0,2,4},{1,3,5,6}}, to_apply=add"]);
    expect(inferDeviceCounts(groups)).toEqual({ replicaCount: 7, numPartitions: 1 });
    const ratio = mod("", ["p = s32[4] parameter(0)", "ROOT r = s32[32] all-gather(p), dimensions={0}"]);
    expect(inferDeviceCounts(ratio)).toEqual({ replicaCount: 8, numPartitions: 1 });
    const partitions = mod("", ["p = s32[4] parameter(0)", "ROOT r = s32[4] collective-permute(p), channel_id=2, source_target_pairs={{0,3}}"]);
    expect(inferDeviceCounts(partitions)).toEqual({ replicaCount: 1, numPartitions: 4 });
  });

  it("refuses argument lists that do not match the grid, and groups that do not fit it", () => {
    const m = mod(", replica_count=2", ["p = s32[2] parameter(0)", "ROOT r = s32[2] all-reduce(p), replica_groups={{0,1}}, to_apply=add"]);
    const x = [literal("s32", [2], [1, 2])];
    expect(() => evaluateSpmd(m, [x])).toThrow(EvalError);
    expect(() => evaluateSpmd(m, [x])).toThrow("runs on 2 replica(s) x 1 partition(s) = 2 device(s), but 1 argument lists were given");
    expect(() => evaluateSpmd(m, [x, x, x], { replicaCount: 3 })).toThrow("id 2 doesn't appear in replica_groups={{0,1}}");
    expect(() => evaluateSpmd(m, [x], { replicaCount: 1 })).toThrow("name id 1, but the cross-replica group mode has ids 0..0");
    expect(() => evaluateSpmd(m, [x, [literal("s32", [3], [1, 2, 3])]])).toThrow(/device 1 \(replica 1, partition 0\): argument 0/);
  });
});
