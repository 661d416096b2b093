/**
 * The StableHLO printer: its text for every module of the XLA-computed corpora
 * is the vendored golden text (which real XLA compiled and ran with the HLO
 * text's outputs: acceptance.json), it is well formed, ops StableHLO cannot
 * express are refused by name, and constants keep every bit.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HloError, StableHloPrintError, parseHloModule, parseModule, printHloModule, printStableHlo } from "@minixla/hlo";
import { mlirProblems } from "./support/mlir_wellformed.ts";

const CORPUS = new URL("./corpus/", import.meta.url).pathname;
const GOLDEN = join(CORPUS, "stablehlo-print");
const CORPORA = ["xla-jax", "xla-ops", "jax-models"] as const;

interface Verdict {
  readonly corpus: string;
  readonly id: string;
  readonly status: string;
  readonly reason?: string;
}
const acceptance = JSON.parse(readFileSync(join(GOLDEN, "acceptance.json"), "utf8")) as { readonly results: readonly Verdict[] };

const cases = CORPORA.flatMap((corpus) =>
  readdirSync(join(CORPUS, corpus))
    .filter((name) => existsSync(join(CORPUS, corpus, name, "module.hlo")))
    .sort()
    .map((name) => ({ corpus, name, hlo: join(CORPUS, corpus, name, "module.hlo"), golden: join(GOLDEN, corpus, `${name}.mlir`) })),
);

describe("printStableHlo over the XLA-computed corpora", () => {
  it("covers every case of the three corpora", () => {
    expect(cases.length).toBe(88 + 22 + 9);
  });

  it.each(cases.map((c) => [`${c.corpus}/${c.name}`, c] as const))("%s prints its golden text, well formed", (_id, c) => {
    const printed = printStableHlo(parseHloModule(readFileSync(c.hlo, "utf8")));
    expect(printed).toBe(readFileSync(c.golden, "utf8"));
    expect(mlirProblems(printed)).toEqual([]);
  });

  it("real XLA compiled every golden text and computed the HLO text's outputs (acceptance.json)", () => {
    const byId = new Map(acceptance.results.map((r) => [`${r.corpus}/${r.id}`, r]));
    const notSame = cases
      .map((c) => byId.get(`${c.corpus}/${c.name}`) ?? { corpus: c.corpus, id: c.name, status: "missing" })
      .filter((v) => v.status !== "same" && v.status !== "close");
    // The only exception is a case whose HLO text XLA itself does not read: its printed StableHLO runs and gives the
    // case's recorded XLA outputs.
    expect(notSame.map((v) => `${v.corpus}/${v.id}: ${v.status}`)).toEqual(["xla-jax/sort: same-as-recorded"]);
  });
});

const HEADER = "HloModule m\n\n";

function printed(body: string): string {
  return printStableHlo(parseHloModule(`${HEADER}${body}`));
}

describe("printStableHlo: tuples, control flow and functions", () => {
  it("opens a while loop's tuple into separate loop values and builds no tuple it does not need", () => {
    const text = printed(`cond {
  s = (s32[], f32[2]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  n = s32[] constant(3)
  ROOT lt = pred[] compare(i, n), direction=LT
}

body {
  s = (s32[], f32[2]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  x = f32[2] get-tuple-element(s), index=1
  one = s32[] constant(1)
  j = s32[] add(i, one)
  y = f32[2] add(x, x)
  ROOT t = (s32[], f32[2]) tuple(j, y)
}

ENTRY main {
  x = f32[2] parameter(0)
  z = s32[] constant(0)
  t = (s32[], f32[2]) tuple(z, x)
  w = (s32[], f32[2]) while(t), condition=cond, body=body
  ROOT r = f32[2] get-tuple-element(w), index=1
}
`);
    expect(text).toContain('= "stablehlo.while"(%0, %arg0) ({');
    expect(text).not.toContain("stablehlo.tuple");
    expect(text).not.toContain("get_tuple_element");
    expect(text).toMatch(/return %\d+#1 : tensor<2xf32>/);
    expect(mlirProblems(text)).toEqual([]);
  });

  it("prints a called computation as a private function once, however often it is called; an entry tuple as several results", () => {
    const text = printed(`f {
  a = f32[] parameter(0)
  ROOT n = f32[] negate(a)
}

ENTRY main {
  x = f32[] parameter(0)
  c1 = f32[] call(x), to_apply=f
  c2 = f32[] call(c1), to_apply=f
  ROOT t = (f32[], f32[]) tuple(c1, c2)
}
`);
    expect(text.match(/func\.func private @f\(/g)).toHaveLength(1);
    expect(text.match(/= func\.call @f\(%\w+\) : \(tensor<f32>\) -> tensor<f32>/g)).toHaveLength(2);
    expect(text).toContain("func.func public @main(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {");
    expect(mlirProblems(text)).toEqual([]);
  });

  it("prints a predicated conditional as stablehlo.if and an indexed one as stablehlo.case, branches reading the outer operands", () => {
    const branches = `neg {
  a = f32[] parameter(0)
  ROOT n = f32[] negate(a)
}

same {
  a = f32[] parameter(0)
  ROOT c = f32[] copy(a)
}

`;
    const ifText = printed(`${branches}ENTRY main {
  p = pred[] parameter(0)
  x = f32[] parameter(1)
  ROOT r = f32[] conditional(p, x, x), true_computation=neg, false_computation=same
}
`);
    expect(ifText).toContain('"stablehlo.if"(%arg0) ({');
    expect(ifText).toContain("stablehlo.negate %arg1 : tensor<f32>");
    const caseText = printed(`${branches}ENTRY main {
  i = s32[] parameter(0)
  x = f32[] parameter(1)
  ROOT r = f32[] conditional(i, x, x), branch_computations={neg, same}
}
`);
    expect(caseText).toContain('"stablehlo.case"(%arg0) ({');
    expect(mlirProblems(ifText)).toEqual([]);
    expect(mlirProblems(caseText)).toEqual([]);
  });
});

describe("printStableHlo: attributes", () => {
  it("prints compare's direction and type, and reduce-window's window with its padding matrix", () => {
    const text = printed(`max {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT m = f32[] maximum(a, b)
}

ENTRY main {
  x = f32[4,6] parameter(0)
  i = f32[] constant(-inf)
  w = f32[2,3] reduce-window(x, i), window={size=2x3 stride=2x2 pad=0_0x1_0}, to_apply=max
  z = f32[2,3] constant({{0,0,0},{0,0,0}})
  ROOT c = pred[2,3] compare(w, z), direction=GE, type=TOTALORDER
}
`);
    expect(text).toContain("window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>");
    expect(text).toMatch(/= stablehlo\.compare GE, %\d+, %\d+, TOTALORDER : \(tensor<2x3xf32>, tensor<2x3xf32>\) -> tensor<2x3xi1>/);
    expect(text).toContain("stablehlo.constant dense<0xFF800000> : tensor<f32>");
    expect(text).toContain("stablehlo.constant dense<0.0> : tensor<2x3xf32>");
  });

  it("prints collectives with their replica groups and channel handle", () => {
    const text = printStableHlo(parseHloModule(`HloModule m, replica_count=4

sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[8] parameter(0)
  r = f32[8] all-reduce(x), channel_id=3, replica_groups=[2,2]<=[4], use_global_device_ids=true, to_apply=sum
  ROOT p = f32[8] collective-permute(r), source_target_pairs={{0,1},{1,0}}
}
`));
    expect(text).toContain("mhlo.num_replicas = 4 : i32");
    expect(text).toContain("replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, use_global_device_ids");
    expect(text).toContain("source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>");
  });

  it("keeps every f32 constant's value: the dense text reads back (by JavaScript's own reading) as the same float", () => {
    fc.assert(
      fc.property(fc.array(fc.float({ noDefaultInfinity: false }), { minLength: 2, maxLength: 6 }), (xs) => {
        const lit = xs.map((x) => (Object.is(x, -0) ? "-0.0" : Number.isNaN(x) ? "nan" : x === Infinity ? "inf" : x === -Infinity ? "-inf" : x.toExponential()));
        const text = printed(`ENTRY main {\n  ROOT c = f32[${xs.length}] constant({${lit.join(", ")}})\n}\n`);
        const dense = /dense<(.*)> : tensor</.exec(text)?.[1] ?? "";
        const items = dense.startsWith("[") ? dense.slice(1, -1).split(", ") : xs.map(() => dense);
        const back = items.map((s) => {
          // MLIR's float literal: digits, a point, digits, an optional exponent (or hexadecimal bits).
          expect(s).toMatch(/^(-?\d+\.\d*(e[-+]?\d+)?|0x[0-9A-F]{8})$/);
          if (!s.startsWith("0x")) return Number(s);
          const bits = new DataView(new ArrayBuffer(4));
          bits.setUint32(0, Number.parseInt(s, 16));
          return bits.getFloat32(0);
        });
        expect(back.length).toBe(xs.length);
        back.forEach((b, i) => expect(Object.is(b, Math.fround(xs[i])) || (Number.isNaN(b) && Number.isNaN(xs[i]))).toBe(true));
      }),
      { seed: 22, numRuns: 200 },
    );
  });
});

/** The instructions of a module that carry a sharding, as `opcode: sharding`. */
function shardedOps(m: ReturnType<typeof parseModule>): string[] {
  return m.computations.flatMap((c) =>
    c.instructions.filter((i) => i.opcode !== "parameter" && i.annotations?.sharding !== undefined).map((i) => `${i.opcode}: ${JSON.stringify(i.annotations?.sharding)}`),
  );
}

describe("printStableHlo: op shardings", () => {
  // Checked on JAX's MLIR parser (jaxlib 0.10.2): each form puts the attribute where the op's assembly format wants it.
  const body = `ENTRY main {
  p0 = f32[8,4] parameter(0), sharding={devices=[2,1]<=[2]}
  p1 = f32[8,4] parameter(1)
  a = f32[8,4] add(p0, p1), sharding={devices=[1,2]<=[2]}
  c = f32[] constant(1), sharding={replicated}
  b = f32[8,4] broadcast(c), dimensions={}, sharding={replicated}
  m = f32[8,4] multiply(a, b)
  r = f32[4] reduce(a, c), dimensions={0}, to_apply=sum, sharding={maximal device=1}
  s = (f32[8,4], s32[8,4]) custom-call(m), custom_call_target="t", sharding={{replicated}, {devices=[2,1]<=[2]}}
  s0 = f32[8,4] get-tuple-element(s), index=0
  ROOT o = (f32[8,4], f32[4]) tuple(s0, r)
}

sum {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT z = f32[] add(x, y)
}
`;

  it("prints every op's sharding as mhlo.sharding in the pretty and generic forms", () => {
    const text = printed(body);
    expect(text).toContain('stablehlo.add %arg0, %arg1 {mhlo.sharding = "{devices=[1,2]<=[2]}"} : tensor<8x4xf32>');
    expect(text).toContain('stablehlo.constant {mhlo.sharding = "{replicated}"} dense<1.0> : tensor<f32>');
    expect(text).toContain('stablehlo.broadcast_in_dim %1, dims = [] {mhlo.sharding = "{replicated}"} : (tensor<f32>) -> tensor<8x4xf32>');
    expect(text).toContain('}) {mhlo.sharding = "{maximal device=1}"} : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>');
    expect(text).toContain('{mhlo.sharding = "{{replicated}, {devices=[2,1]<=[2]}}"} : (tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xi32>)');
    expect(text.match(/mhlo\.sharding/g)?.length).toBe(6);
    expect(mlirProblems(text)).toEqual([]);
  });

  it("reads the printed shardings back onto the same ops", () => {
    const m = parseHloModule(`${HEADER}${body}`);
    expect(shardedOps(parseModule(printStableHlo(m)))).toEqual(shardedOps(m));
    expect(shardedOps(m)).toHaveLength(5);
  });
});

describe("printStableHlo: rng", () => {
  it("prints the result shape as rng's third operand and reads back HLO's two-operand rng", () => {
    const text = printed("ENTRY main {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = f32[3,2] rng(a, b), distribution=rng_uniform\n}\n");
    expect(text).toMatch(/"stablehlo\.rng"\(%arg0, %arg1, %\d+\) <\{rng_distribution = #stablehlo<rng_distribution UNIFORM>\}>/);
    const rng = parseModule(text).computations[0].instructions.find((i) => i.opcode === "rng");
    expect(rng?.operands.length).toBe(2);
    expect(rng?.attributes).toMatchObject({ distribution: "rng_uniform" });
  });
});

describe("printStableHlo: typed-FFI custom calls", () => {
  // XLA (jaxlib 0.10.2) turns `backend_config = {alpha = 1.5 : f32, ...}` of an api_version 4 custom_call into this HLO
  // text, and reads the printed StableHLO back into the same HLO: the dictionary passes through as it is written.
  const hloText = `ENTRY main {
  p = f32[4] parameter(0)
  ROOT c = f32[4] custom-call(p), custom_call_target="my_ffi", api_version=API_VERSION_TYPED_FFI, backend_config={alpha = 1.500000e+00 : f32, n = 3 : i64, name = "x"}
}
`;

  it("prints backend_config as the dictionary attribute with api_version 4", () => {
    expect(printed(hloText)).toContain(
      '"stablehlo.custom_call"(%arg0) <{call_target_name = "my_ffi", api_version = 4 : i32, backend_config = {alpha = 1.500000e+00 : f32, n = 3 : i64, name = "x"}}>',
    );
  });

  it("round trips through StableHLO to the same HLO custom call", () => {
    const once = parseModule(printed(hloText));
    const c = once.computations[0].instructions.find((i) => i.opcode === "custom-call");
    expect(c === undefined ? "" : printHloModule(once)).toContain('api_version=API_VERSION_TYPED_FFI, backend_config={alpha = 1.500000e+00 : f32, n = 3 : i64, name = "x"}');
    expect(printStableHlo(parseModule(printStableHlo(once)))).toBe(printStableHlo(once));
  });
});

describe("printStableHlo: refusals", () => {
  it.each([
    // all-to-all over named mesh axes (its split count would be the mesh group's size): not printed.
    ["all-to-all", "ENTRY main {\n  x = f32[4] parameter(0)\n  ROOT r = f32[4] all-to-all(x), replica_groups=mesh['a'=2,'b'=2] {'a'}, dimensions={0}\n}\n"],
    // Groups over a sub-axis of a mesh: no axis_ref form read here.
    [
      "all-reduce",
      "add {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\n\nENTRY main {\n  x = f32[4] parameter(0)\n  ROOT r = f32[4] all-reduce(x), replica_groups=mesh['a'=4,'b'=2] {'a':(1)2}, to_apply=add\n}\n",
    ],
  ])("refuses %s with a StableHloPrintError naming it", (op, body) => {
    let caught: unknown;
    try {
      printed(body);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StableHloPrintError);
    expect(caught).toBeInstanceOf(HloError);
    expect((caught as Error).message).toContain(`${op} (instruction r) has no StableHLO form`);
  });
});
