/**
 * What StableHLO carries besides the computation, kept by the reader:
 * `mhlo.sharding` (HLO sharding text) on function arguments, results and ops
 * becomes the instructions' HLO sharding; Shardy's `sdy.sharding` is kept as
 * XLA's round trip keeps it (frontend attribute `xla.sdy.sharding`, meshes in
 * the module's `xla.sdy.meshes`) and turned into HLO sharding; a typed-FFI
 * custom_call's `backend_config` dictionary is the custom-call's backend
 * config, and the StableHLO printer writes shardings of the entry and backend
 * configs back, so StableHLO -> minixla -> StableHLO -> minixla keeps them.
 */
import { describe, expect, it } from "vitest";
import type { HloInstruction } from "../instruction.ts";
import { type HloModule, entryComputation } from "../module.ts";
import { printHloModule } from "../text/printer.ts";
import { printStableHlo } from "./printer.ts";
import { parseModule } from "./read.ts";
import { shardingText } from "../text/annotation_text.ts";

const TEXT = `module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=4]>
  func.func public @main(%arg0: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<8x4xf32> {mhlo.sharding = "{replicated}"}, tensor<8x4xf32> {mhlo.sharding = "{devices=[1,2]<=[2]}"}) {
    %0 = stablehlo.add %arg0, %arg1 {mhlo.sharding = "{devices=[1,2]<=[2]}"} : tensor<8x4xf32>
    %1 = stablehlo.custom_call @my_ffi(%0) {api_version = 4 : i32, backend_config = {alpha = 1.5 : f32, name = "a}b"}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %2 = stablehlo.multiply %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x4xf32>
    %3:2 = "stablehlo.sort"(%0, %2) <{dimension = 0 : i64}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
      %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    }) {mhlo.sharding = "{{replicated}, {maximal device=1}}"} : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
    return %0, %3#1 : tensor<8x4xf32>, tensor<8x4xf32>
  }
}
`;

const inst = (m: HloModule, pred: (i: HloInstruction) => boolean): HloInstruction => {
  const found = entryComputation(m).instructions.find(pred);
  if (found === undefined) throw new Error("no such instruction");
  return found;
};
const shardingOf = (i: HloInstruction): string | undefined => (i.annotations?.sharding === undefined ? undefined : shardingText(i.annotations.sharding));
const param = (m: HloModule, n: number): HloInstruction => inst(m, (i) => i.opcode === "parameter" && i.attributes.parameterNumber === n);

describe("mhlo.sharding", () => {
  const m = parseModule(TEXT);
  it("is the sharding of parameters, ops and the root (one tuple sharding for several results)", () => {
    expect(shardingOf(param(m, 0))).toBe("{devices=[2,1]<=[2]}");
    expect(shardingOf(inst(m, (i) => i.opcode === "add"))).toBe("{devices=[1,2]<=[2]}");
    expect(shardingOf(inst(m, (i) => i.opcode === "sort"))).toBe("{{replicated}, {maximal device=1}}");
    const root = inst(m, (i) => i.name === entryComputation(m).root);
    expect(shardingOf(root)).toBe("{{replicated}, {devices=[1,2]<=[2]}}");
  });
  it("survives HLO text: printed and read back the same", () => {
    const again = parseModule(printHloModule(m));
    expect(shardingOf(param(again, 0))).toBe("{devices=[2,1]<=[2]}");
    expect(shardingOf(inst(again, (i) => i.opcode === "sort"))).toBe("{{replicated}, {maximal device=1}}");
  });
});

describe("Shardy shardings", () => {
  const m = parseModule(TEXT);
  it("are kept as the xla.sdy.sharding frontend attribute, with the meshes on the module", () => {
    expect(param(m, 1).annotations?.frontendAttributes).toEqual([{ key: "xla.sdy.sharding", value: '#sdy.sharding<@mesh, [{"y"}, {}]>' }]);
    const meshes = m.headerAttributes.find((a) => a.name === "frontend_attributes")?.value ?? "";
    expect(meshes).toContain("xla.sdy.meshes");
    expect(meshes).toContain('mesh = #sdy.mesh<[\\"x\\"=2, \\"y\\"=4]>');
  });
  it("become HLO shardings over the mesh's devices", () => {
    expect(shardingOf(param(m, 1))).toBe("{devices=[4,1,2]<=[2,4]T(1,0) last_tile_dim_replicate}");
    expect(shardingOf(inst(m, (i) => i.opcode === "multiply"))).toBe("{devices=[2,4]<=[8]}");
  });
});

describe("custom_call backend_config dictionaries", () => {
  const m = parseModule(TEXT);
  const call = () => inst(m, (i) => i.opcode === "custom-call");
  it("are the custom-call's backend config, as their MLIR text", () => {
    expect(call().annotations?.backendConfig).toBe('{alpha = 1.5 : f32, name = "a}b"}');
  });
  it("are printed back as the typed FFI's dictionary", () => {
    expect(printStableHlo(m)).toContain('api_version = 4 : i32, backend_config = {alpha = 1.5 : f32, name = "a}b"}');
  });
});

describe("StableHLO -> minixla -> StableHLO -> minixla", () => {
  it("keeps the entry's argument and result shardings and the backend config", () => {
    const first = parseModule(TEXT);
    const printed = printStableHlo(first);
    expect(printed).toContain('%arg0: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"}');
    const again = parseModule(printed);
    expect(shardingOf(param(again, 0))).toBe(shardingOf(param(first, 0)));
    expect(shardingOf(param(again, 1))).toBe(shardingOf(param(first, 1)));
    const root = (m: HloModule) => inst(m, (i) => i.name === entryComputation(m).root);
    expect(shardingOf(root(again))).toBe(shardingOf(root(first)));
    expect(inst(again, (i) => i.opcode === "custom-call").annotations?.backendConfig).toBe('{alpha = 1.5 : f32, name = "a}b"}');
  });
});
