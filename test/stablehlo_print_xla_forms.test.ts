/**
 * printStableHlo on HLO that StableHLO has no direct op for, printed as the
 * ops XLA's own HLO import makes of it (so JAX's parser reads it and XLA runs
 * it: test/corpus/stablehlo-print/acceptance.json): a convolution whose input
 * and kernel differ in element type, bitcasts that reinterpret a layout or
 * change the element type, dynamic-reshape, all-to-all over every device,
 * custom calls that name computations, Pin's buffer result, and MHLO's
 * stochastic_convert and rng_get_and_update_state. minixla reads the printed
 * text back as the same graph (StableHLO -> minixla -> StableHLO -> minixla)
 * and computes the HLO module's values.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ArrayLiteral, type Literal, dce, literal, parseHloModule, parseModule, printStableHlo } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { graphOf } from "./support/hlo_graph.ts";
import { mlirProblems } from "./support/mlir_wellformed.ts";

const print = (text: string): string => printStableHlo(parseHloModule(`HloModule m\n\n${text}`));

/** The HLO module's and its printed text's values (read back by minixla) on the same arguments. */
function bothWays(text: string, args: readonly ArrayLiteral[]): { readonly hlo: unknown; readonly printed: unknown } {
  const m = parseHloModule(`HloModule m\n\n${text}`);
  const printed = printStableHlo(m);
  expect(mlirProblems(printed)).toEqual([]);
  // Values compared without layouts: the printed text's values are logical, the HLO result keeps its layout.
  const values = (l: Literal) => ("data" in l ? { type: l.shape.elementType, dimensions: l.shape.dimensions, data: l.data } : l);
  return { hlo: values(evaluate(m, args)), printed: values(evaluate(parseModule(printed), args)) };
}

describe("printStableHlo: convolution of mixed element types", () => {
  const conv = (lhs: string, rhs: string) =>
    `ENTRY main {\n  a = ${lhs}[1,4,1] parameter(0)\n  b = ${rhs}[3,1,1] parameter(1)\n  ROOT r = f32[1,4,1] convolution(a, b), window={size=3 pad=1_1}, dim_labels=b0f_0io->b0f\n}\n`;

  it("converts the operand whose type is not the result's, as XLA's HLO import does", () => {
    const text = print(conv("f32", "pred"));
    expect(text).toContain("stablehlo.convert %arg1 : (tensor<3x1x1xi1>) -> tensor<3x1x1xf32>");
    expect(text).toMatch(/"stablehlo.convolution"\(%arg0, %0\)/);
  });

  it("computes the HLO convolution's values, the pred kernel on either side", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -8, max: 8 }), { minLength: 4, maxLength: 4 }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), (xs, ks) => {
        const { hlo, printed } = bothWays(conv("f32", "pred"), [literal("f32", [1, 4, 1], xs), literal("pred", [3, 1, 1], ks)]);
        expect(printed).toEqual(hlo);
      }),
      { seed: 22, numRuns: 30 },
    );
  });

  it("refuses input and kernel types of which neither is the result's", () => {
    expect(() => print(conv("s8", "pred"))).toThrow(/differ in element type and neither is the result's \(f32\)/);
  });
});

describe("printStableHlo: bitcasts", () => {
  it("a bitcast between default layouts of one element type stays a reshape", () => {
    expect(print("ENTRY main {\n  p = f32[2,3] parameter(0)\n  ROOT r = f32[3,2] bitcast(p)\n}\n")).toContain('"stablehlo.reshape"(%arg0)');
  });

  it.each([
    ["a column-major operand", "f32[2,3]{0,1}", "f32[3,2]{1,0}"],
    ["a column-major result", "f32[2,3]{1,0}", "f32[2,3]{0,1}"],
    ["both, of other ranks", "f32[2,3,2]{0,2,1}", "f32[3,4]{0,1}"],
  ])("reinterprets %s's bytes as XLA's bitcast does (transpose, reshape, transpose)", (_name, from, to) => {
    const text = `ENTRY main {\n  p = ${from} parameter(0)\n  ROOT r = ${to} bitcast(p)\n}\n`;
    expect(print(text)).toContain("stablehlo.transpose");
    const dims = from.slice(4, from.indexOf("]")).split(",").map(Number);
    const xs = Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, i) => i * 1.5 - 4);
    const { hlo, printed } = bothWays(text, [literal("f32", dims, xs)]);
    expect(printed).toEqual(hlo);
  });

  it("prints a bitcast that changes the element type as bitcast_convert of the reshaped operand", () => {
    const text = "ENTRY main {\n  p = f16[4] parameter(0)\n  ROOT r = s16[2,2] bitcast(p)\n}\n";
    expect(print(text)).toContain("stablehlo.bitcast_convert %0 : (tensor<2x2xf16>) -> tensor<2x2xi16>");
    const { hlo, printed } = bothWays(text, [literal("f16", [4], [1, -2, 0.5, 65504])]);
    expect(printed).toEqual(hlo);
  });

  it("refuses a bitcast between element types of different widths", () => {
    expect(() => print("ENTRY main {\n  p = f32[4] parameter(0)\n  ROOT r = s16[8] bitcast(p)\n}\n")).toThrow(/reinterprets f32 as s16, of another width/);
  });

  it("reads a copy's own layout: a bitcast of a copy reinterprets the copy's layout", () => {
    const text = "ENTRY main {\n  p = f32[2,3]{1,0} parameter(0)\n  c = f32[2,3]{0,1} copy(p)\n  ROOT r = f32[6] bitcast(c)\n}\n";
    const { hlo, printed } = bothWays(text, [literal("f32", [2, 3], [1, 2, 3, 4, 5, 6])]);
    expect(printed).toEqual(hlo);
    // Column-major bytes of [[1, 2, 3], [4, 5, 6]].
    expect(Array.from((hlo as { data: ArrayLike<number> }).data)).toEqual([1, 4, 2, 5, 3, 6]);
  });
});

describe("printStableHlo: what XLA's own import prints", () => {
  it("all-to-all with its groups left empty: one group of every replica (XLA's compiler divides by the group size)", () => {
    const text = print("ENTRY main {\n  a = f32[4,2] parameter(0)\n  ROOT r = f32[4,2] all-to-all(a), dimensions={0}\n}\n");
    expect(text).toContain("split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>");
  });

  it("dynamic-reshape: its size scalars concatenated into dynamic_reshape's shape operand", () => {
    const text = print(
      "ENTRY main {\n  x = f32[6] parameter(0)\n  a = s32[] parameter(1)\n  b = s32[] parameter(2)\n  ROOT r = f32[<=2,<=3] dynamic-reshape(x, a, b)\n}\n",
    );
    expect(text).toContain('"stablehlo.concatenate"(%0, %1) <{dimension = 0 : i64}> : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>');
    expect(text).toContain('"stablehlo.dynamic_reshape"(%arg0, %2) : (tensor<6xf32>, tensor<2xi32>) -> tensor<?x?xf32, #stablehlo.bounds<2, 3>>');
  });

  it("a custom call's called_computations: the computations as private functions", () => {
    const text = print(
      'cmp {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT c = pred[] compare(a, b), direction=GT\n}\n\nENTRY main {\n  x = f32[8] parameter(0)\n  ROOT r = (f32[2], s32[2]) custom-call(x), custom_call_target="TopK", called_computations={cmp}\n}\n',
    );
    expect(text).toContain("called_computations = [@cmp]");
    expect(text).toContain("func.func private @cmp(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<i1>");
  });

  it("Pin's buffer result as a memref (StableHLO's verifier wants one)", () => {
    const text = print('ENTRY main {\n  c = f32[] constant(1)\n  p = b(f32[]) custom-call(c), custom_call_target="Pin", api_version=API_VERSION_TYPED_FFI\n  ROOT r = f32[] add(c, c)\n}\n');
    expect(text).toContain("(tensor<f32>) -> memref<f32>");
  });

  it("stochastic-convert and rng-get-and-update-state as MHLO's ops", () => {
    expect(print("ENTRY main {\n  x = f32[2] parameter(0)\n  b = u32[2] parameter(1)\n  ROOT r = bf16[2] stochastic-convert(x, b)\n}\n")).toContain(
      '"mhlo.stochastic_convert"(%arg0, %arg1) : (tensor<2xf32>, tensor<2xui32>) -> tensor<2xbf16>',
    );
    expect(print("ENTRY main {\n  ROOT r = u64[2] rng-get-and-update-state(), delta=8\n}\n")).toContain(
      '"mhlo.xla.rng_get_and_update_state"() {delta = 8 : i64} : () -> tensor<2xui64>',
    );
  });
});

/**
 * The graph minixla reads from the printed text, and the one it reads after printing that reading again (dead
 * instructions left out: a tuple's zero context element is printed anew, and left unused, by each printing).
 */
function readTwice(text: string): { readonly first: unknown; readonly again: unknown } {
  const first = dce.run(parseModule(print(text)));
  return { first: graphOf(first), again: graphOf(dce.run(parseModule(printStableHlo(first)))) };
}

describe("printStableHlo: the forms read back", () => {
  const stochastic = "ENTRY main {\n  x = f32[4] parameter(0)\n  b = u32[4] parameter(1)\n  ROOT r = s8[4] stochastic-convert(x, b)\n}\n";
  const rngState = "ENTRY main {\n  ROOT r = u64[2] rng-get-and-update-state(), delta=131072\n}\n";
  const setSize = "ENTRY main {\n  p = f32[4,3] parameter(0)\n  s = s32[] parameter(1)\n  ROOT d = f32[4,<=3] set-dimension-size(p, s), dimensions={1}\n}\n";
  const send =
    "ENTRY main {\n  x = f32[2,3] parameter(0)\n  t = token[] parameter(1)\n  ROOT s = (f32[2,3], u32[], token[]) send(x, t), channel_id=5, is_host_transfer=true\n}\n";

  it.each([
    ["mhlo.stochastic_convert", stochastic, "stochastic-convert"],
    ["mhlo.xla.rng_get_and_update_state", rngState, "rng-get-and-update-state"],
    ["stablehlo.set_dimension_size", setSize, "set-dimension-size"],
    ["stablehlo.send", send, "send-done"],
  ])("%s reads back as the same graph", (_name, text, opcode) => {
    const { first, again } = readTwice(text);
    expect(again).toEqual(first);
    expect(JSON.stringify(first)).toContain(`"opcode":"${opcode}"`);
  });

  it("keeps rng-get-and-update-state's delta through the round trip", () => {
    const m = parseModule(printStableHlo(parseModule(print(rngState))));
    const root = m.computations[0].instructions.find((i) => i.opcode === "rng-get-and-update-state");
    expect(root?.attributes).toEqual({ delta: 131072 });
  });

  it("send prints one result, its token, as stablehlo.send has", () => {
    expect(print(send)).toMatch(/%0 = "stablehlo.send"\(%arg0, %arg1\) .* -> !stablehlo.token\n/);
  });

  it("stochastic-convert read back rounds as the HLO op does, on any value and random bits", () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ min: -200, max: 200, noNaN: true }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 4, maxLength: 4 }),
        (xs, bits) => {
          const { hlo, printed } = bothWays(stochastic, [literal("f32", [4], xs), literal("u32", [4], bits)]);
          expect(printed).toEqual(hlo);
        },
      ),
      { seed: 22, numRuns: 40 },
    );
  });

  it("set-dimension-size read back gives the HLO op's values and dynamic size", () => {
    const xs = Array.from({ length: 12 }, (_, i) => i + 0.5);
    for (const size of [0, 2, 3]) {
      const { hlo, printed } = bothWays(setSize, [literal("f32", [4, 3], xs), literal("s32", [], [size])]);
      expect(printed).toEqual(hlo);
    }
  });
});

describe("printStableHlo: forms XLA's own import prints, read back", () => {
  const addComp = "add {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\n\n";
  const scan = (reverse: boolean) =>
    `body {\n  x = f32[] parameter(0)\n  c = f32[] parameter(1)\n  s = f32[] add(x, c)\n  m = f32[] multiply(x, c)\n  ROOT t = (f32[], f32[]) tuple(m, s)\n}\n\n` +
    `ENTRY main {\n  xs = f32[5] parameter(0)\n  init = f32[] parameter(1)\n  ROOT r = (f32[5], f32[]) scan(xs, init), dimensions={0}, num_carries=1, is_reverse=${reverse}, is_associative=false, to_apply=body\n}\n`;
  const literalCall = 'ENTRY main {\n  x = f32[2,3] parameter(0)\n  ROOT r = f32[2,3] custom-call(x), custom_call_target="SetBound", literal=s32[] 1\n}\n';
  const ragged =
    "ENTRY main {\n  a = f32[6] parameter(0)\n  b = f32[6] parameter(1)\n  c = s32[3] parameter(2)\n  d = s32[3] parameter(3)\n  e = s32[3] parameter(4)\n  f = s32[3] parameter(5)\n" +
    "  ROOT r = f32[6] ragged-all-to-all(a, b, c, d, e, f), channel_id=1, replica_groups={{0,1,2}}\n}\n";
  const tupleAllToAll = "ENTRY main {\n  a = f32[4,2] parameter(0)\n  b = f32[4,2] parameter(1)\n  ROOT r = (f32[4,2], f32[4,2]) all-to-all(a, b), replica_groups={{0}}\n}\n";
  const oldAllReduce = `${addComp}ENTRY main {\n  x = f32[3] parameter(0)\n  s = (f32[3], f32[3]) all-reduce-start(x), replica_groups={{0}}, to_apply=add\n  ROOT d = f32[3] all-reduce-done(s)\n}\n`;
  const oldAllGather = "ENTRY main {\n  x = f32[2,3] parameter(0)\n  s = f32[2,3] all-gather-start(x), replica_groups={{0}}, dimensions={1}\n  ROOT d = f32[2,3] all-gather-done(s)\n}\n";
  const oldPermute = "ENTRY main {\n  x = f32[3] parameter(0)\n  s = f32[3] collective-permute-start(x), source_target_pairs={{0,0}}\n  ROOT d = f32[3] collective-permute-done(s)\n}\n";

  it.each([
    ["scan as chlo.scan", scan(false), '"chlo.scan"(%arg0, %arg1) <{dimension = 0 : i64, is_associative = false, is_reverse = false, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>}>', "scan"],
    ["a custom call's literal as mhlo.literal", literalCall, "{mhlo.literal = dense<1> : tensor<i32>}", "custom-call"],
    ["ragged-all-to-all as the ragged_all_to_all custom call", ragged, 'call_target_name = "ragged_all_to_all", api_version = 4 : i32, backend_config = {channel_id = 1 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>}', "ragged-all-to-all"],
    ["the tuple all-to-all as mhlo.all_to_all", tupleAllToAll, '%0:2 = "mhlo.all_to_all"(%arg0, %arg1) <{replica_groups = dense<[[0]]> : tensor<1x1xi64>}>', "all-to-all"],
    ["an old all-reduce-start pair as all_reduce", oldAllReduce, '"stablehlo.all_reduce"(%arg0)', "all-reduce"],
    ["an old all-gather-start as all_gather", oldAllGather, '"stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64', "all-gather"],
    ["an old collective-permute-start as collective_permute", oldPermute, '"stablehlo.collective_permute"(%arg0)', "collective-permute"],
  ])("%s, read back as the same graph", (_name, text, printed, opcode) => {
    expect(print(text)).toContain(printed);
    expect(mlirProblems(print(text))).toEqual([]);
    const { first, again } = readTwice(text);
    expect(again).toEqual(first);
    expect(JSON.stringify(first)).toContain(`"opcode":"${opcode}"`);
  });

  it("the literal and the ragged all-to-all's groups and channel come back as HLO's attributes", () => {
    const call = parseModule(print(literalCall)).computations[0].instructions.find((i) => i.opcode === "custom-call");
    expect(JSON.stringify(call?.attributes)).toContain('{"name":"literal","value":"s32[] 1"}');
    const r = parseModule(print(ragged)).computations[0].instructions.find((i) => i.opcode === "ragged-all-to-all");
    expect(r?.attributes).toEqual(parseHloModule(`HloModule m\n\n${ragged}`).computations[0].instructions.find((i) => i.opcode === "ragged-all-to-all")?.attributes);
  });

  it.each([false, true])("scan (is_reverse=%s) read back computes HLO's scan", (reverse) => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 5, maxLength: 5 }), fc.integer({ min: -3, max: 3 }), (xs, init) => {
        const { hlo, printed } = bothWays(scan(reverse), [literal("f32", [5], xs), literal("f32", [], [init])]);
        expect(printed).toEqual(hlo);
      }),
      { seed: 22, numRuns: 25 },
    );
  });

  it.each([
    ["the tuple all-to-all", tupleAllToAll, [[4, 2], [4, 2]]],
  ] as const)("%s read back computes the HLO module's values on one device", (_name, text, dims) => {
    const args = dims.map((d, k) => literal("f32", [...d], Array.from({ length: d.reduce((a, b) => a * b, 1) }, (_, i) => i * 1.5 - k)));
    const { hlo, printed } = bothWays(text, args);
    expect(printed).toEqual(hlo);
  });

  // minixla's verifier does not take these old forms (their start is not a tuple), so the HLO is not evaluated: on
  // one device a group of itself sums, gathers and permutes its own operand.
  it.each([
    ["the old all-reduce-start pair", oldAllReduce, [3]],
    ["the old all-gather-start", oldAllGather, [2, 3]],
    ["the old collective-permute-start", oldPermute, [3]],
  ] as const)("%s read back gives its operand on one device", (_name, text, dims) => {
    const x = literal("f32", [...dims], Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, i) => i * 1.5 - 2));
    const got = evaluate(parseModule(print(text)), [x]);
    expect("data" in got ? Array.from(got.data as ArrayLike<number>) : got).toEqual(Array.from(x.data as ArrayLike<number>));
  });
});

describe("printStableHlo: replica groups over named mesh axes", () => {
  const text =
    "add {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\n\nENTRY main {\n  x = f32[4] parameter(0)\n" +
    "  r = f32[4] all-reduce(x), replica_groups=mesh['x'=2,'y'=2] {'y'}, to_apply=add\n  ROOT g = f32[16] all-gather(r), replica_groups=mesh['x'=2,'y'=2] {'x','y'}, dimensions={0}\n}\n";

  it("print as StableHLO's mesh-axes groups over one sdy.mesh, as XLA's own import prints them", () => {
    const printed = print(text);
    expect(printed).toContain('  sdy.mesh @mesh = <["x"=2, "y"=2]>\n');
    expect(printed.match(/sdy\.mesh @/g)?.length).toBe(1);
    expect(printed).toContain('replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y">]>');
  });

  it("read back as the same groups and the same graph", () => {
    const groups = (m: ReturnType<typeof parseModule>) =>
      m.computations.flatMap((c) => c.instructions).filter((i) => i.opcode === "all-reduce" || i.opcode === "all-gather").map((i) => JSON.stringify(i.attributes));
    expect(groups(parseModule(print(text)))).toEqual(groups(parseHloModule(`HloModule m\n\n${text}`)));
    const { first, again } = readTwice(text);
    expect(again).toEqual(first);
  });

  it("refuses an axis the mesh does not have, with its position", () => {
    const bad = print(text).replace('axis_ref<name = "y">]>}> ({', 'axis_ref<name = "z">]>}> ({');
    expect(() => parseModule(bad)).toThrow(/replica_groups axis z is not an axis of the mesh/);
  });
});
