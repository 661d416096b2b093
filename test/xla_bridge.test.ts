// @minixla/xla against real XLA: on every case of the XLA-computed corpora,
// runOnXla reproduces the stored outputs bit for bit and agrees with
// minixla's xla-cpu numerics under the case's tolerance; an SPMD module on 4
// partitions agrees with evaluateSpmd; every element type survives the trip.
// Skips (with a message) where this machine has no jax/jaxlib.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type ArrayLiteral,
  type ElementType,
  type Literal,
  compareArrays,
  entryComputation,
  firstBitDifference,
  literal,
  parseHloModule,
  programShape,
  readNpy,
  xlaCpuNumerics,
} from "@minixla/hlo";
import { evaluate, evaluateSpmd, randomLiteralOfShape } from "@minixla/interpreter";
import { flattenOutputs, loadManifest, loadModule } from "@minixla/cli";
import { XlaSession } from "@minixla/xla";
import { NO_XLA_MESSAGE, testXlaPython } from "./support/xla.ts";

const python = testXlaPython();
if (python === undefined) console.warn(`test/xla_bridge.test.ts ${NO_XLA_MESSAGE}`);
const CORPORA = ["xla-jax", "xla-ops", "jax-models"] as const;

let session: XlaSession | undefined;
const xla = async (): Promise<XlaSession> => (session ??= await XlaSession.start({ python: python as string }));
afterAll(() => session?.close());

function readArray(path: string, type: ElementType | "tuple" | undefined): ArrayLiteral {
  return readNpy(new Uint8Array(readFileSync(path)), type === undefined || type === "tuple" ? {} : { elementType: type });
}

describe.skipIf(python === undefined)("runOnXla on the XLA-computed corpora", () => {
  for (const corpus of CORPORA) {
    const dir = join(import.meta.dirname, "corpus", corpus);
    for (const c of loadManifest(dir).cases) {
      it(`${corpus}/${c.name}`, async () => {
        const caseDir = join(dir, c.dir);
        const module = loadModule(readFileSync(join(caseDir, "module.hlo"), "utf8"));
        const signature = programShape(entryComputation(module));
        const args = c.inputs.map((f, i) => readArray(join(caseDir, f.file), signature.parameters[i]?.elementType));
        const got = flattenOutputs((await (await xla()).run(module, args)).result);
        expect(got.length).toBe(c.outputs.length);
        const mine = flattenOutputs(evaluate(xlaCpuNumerics.run(module), args, { numerics: "xla-cpu" }));
        got.forEach((g, i) => {
          const stored = readArray(join(caseDir, c.outputs[i].file), g.shape.elementType);
          // XLA run through the bridge gives the corpus's own numbers, bit for bit.
          expect(firstBitDifference(g, stored)?.message).toBeUndefined();
          const r = compareArrays(mine[i], g, c.tolerance);
          expect(r.ok ? "agrees" : r.kind === "shape" ? r.message : `${r.mismatch.index}: ${r.mismatch.got} vs ${r.mismatch.want}`).toBe("agrees");
        });
      });
    }
  }
});

const SPMD = `HloModule spmd4, num_partitions=4

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}

ENTRY main {
  x = f32[3] parameter(0)
  p = u32[] partition-id()
  pf = f32[] convert(p)
  b = f32[3] broadcast(pf), dimensions={}
  y = f32[3] multiply(x, b)
  s = f32[3] all-reduce(y), channel_id=1, replica_groups={{0,1,2,3}}, use_global_device_ids=true, to_apply=add
  g = f32[12] all-gather(y), channel_id=2, replica_groups={{0,1,2,3}}, dimensions={0}, use_global_device_ids=true
  ROOT t = (f32[3], f32[3], f32[12]) tuple(y, s, g)
}
`;

describe.skipIf(python === undefined)("runOnXla on several devices", () => {
  it("a 4-partition module runs on 4 XLA host devices and agrees with evaluateSpmd", async () => {
    const module = parseHloModule(SPMD);
    const args = [0, 1, 2, 3].map((d) => [randomLiteralOfShape({ elementType: "f32", dimensions: [3] }, 17 + d)]);
    const got = await (await xla()).run(module, args, { partitions: 4 });
    const want = evaluateSpmd(module, args, { numPartitions: 4 });
    expect(got.perDevice.length).toBe(4);
    got.perDevice.forEach((g, d) => expect(firstBitDifference(g, want[d])?.message).toBeUndefined());
    // The all-reduce really summed over devices: device 0's own product is zero, its sum is not.
    const sum = flattenOutputs(got.perDevice[0])[1];
    expect(Array.from(sum.data as Float64Array).some((v) => v !== 0)).toBe(true);
  });
});

const ROUND_TRIP_TYPES: readonly ElementType[] = [
  "pred", "s4", "s8", "s16", "s32", "s64", "u4", "u8", "u16", "u32", "u64",
  "f8e5m2", "f8e4m3fn", "f8e4m3fnuz", "f8e5m2fnuz", "f8e8m0fnu", "f4e2m1fn", "f16", "bf16", "f32", "f64", "c64", "c128",
];

describe.skipIf(python === undefined)("runOnXla carries every element type", () => {
  it("an identity module returns every argument bit for bit", async () => {
    const args: Literal[] = ROUND_TRIP_TYPES.map((t, i) => randomLiteralOfShape({ elementType: t, dimensions: [2, 3] }, 100 + i));
    // Extremes that a narrowing on the way would lose.
    args.push(literal("s64", [2], [-(2n ** 63n), 2n ** 63n - 1n]), literal("u64", [1], [2n ** 64n - 1n]));
    const params = args.map((a, i) => `  p${i} = ${a.shape.elementType}[${(a as ArrayLiteral).shape.dimensions.join(",")}] parameter(${i})`);
    const types = args.map((a) => `${a.shape.elementType}[${(a as ArrayLiteral).shape.dimensions.join(",")}]`);
    const text = `HloModule identity\n\nENTRY main {\n${params.join("\n")}\n  ROOT t = (${types.join(", ")}) tuple(${args.map((_, i) => `p${i}`).join(", ")})\n}\n`;
    const got = flattenOutputs((await (await xla()).run(parseHloModule(text), args)).result);
    expect(got.length).toBe(args.length);
    got.forEach((g, i) => expect(firstBitDifference(g, args[i])?.message, `${args[i].shape.elementType}`).toBeUndefined());
  });
});

describe.skipIf(python === undefined)("runOnXla's two timings", () => {
  it("resident timing gives one time per iteration and the same result as the default", async () => {
    const text = "HloModule t\n\nENTRY main {\n  a = f32[64,64] parameter(0)\n  b = f32[64,64] parameter(1)\n  ROOT d = f32[64,64] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}\n";
    const args = [randomLiteralOfShape({ elementType: "f32", dimensions: [64, 64] }, 1), randomLiteralOfShape({ elementType: "f32", dimensions: [64, 64] }, 2)];
    const s = await xla();
    const plain = await s.run(text, args, { iterations: 3 });
    const resident = await s.run(text, args, { iterations: 7, timing: "resident" });
    expect(resident.executeSeconds.length).toBe(7);
    expect(resident.executeSeconds.every((t) => t > 0 && t < 10)).toBe(true);
    expect(firstBitDifference(resident.result as ArrayLiteral, plain.result as ArrayLiteral)?.message).toBeUndefined();
  });
});
