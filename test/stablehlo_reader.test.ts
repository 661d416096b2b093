/**
 * The StableHLO reader: JAX's default text runs and gives the numbers its
 * HLO text gives; pretty and generic forms, locations and aliases read the
 * same; what HLO cannot hold (quantized types, f6 formats, MLIR bytecode,
 * text of neither format) is refused with a ParseError naming it and its
 * position; and random mutations of StableHLO's own test files give
 * ParseErrors with positions, never another exception.
 */
import { readFileSync, readdirSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type HloModule, type Literal, ParseError, lowerBroadcasts, moduleTextKind, parseHloModule, parseModule, printHloModule, literal, readStableHloTests } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";

const run = (m: HloModule, args: readonly Literal[]): Literal => evaluate(lowerBroadcasts(m), args);

const MLP = `module @jit_mlp_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32> {mhlo.layout_mode = "default"}, %arg1: tensor<3x2xf32>) -> (tensor<2x2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %2 = call @relu(%0) : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %3 = stablehlo.add %2, %1 : tensor<2x2xf32>
    return %3 : tensor<2x2xf32>
  }
  func.func private @relu(%arg0: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x2xf32>
    return %1 : tensor<2x2xf32>
  }
}
`;

const MLP_HLO = `HloModule mlp
ENTRY main {
  a = f32[2,3] parameter(0)
  b = f32[3,2] parameter(1)
  d = f32[2,2] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  z = f32[2,2] broadcast(f32[] constant(0)), dimensions={}
  ROOT r = f32[2,2] maximum(d, z)
}
`;

const X = literal("f32", [2, 3], [1, -2, 3, -4, 5, -6]);
const W = literal("f32", [3, 2], [1, 2, -3, 4, 5, -6]);

function parseErrorOf(text: string): ParseError {
  try {
    parseModule(text);
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error("expected a ParseError");
}

describe("parseModule", () => {
  it("tells HLO from StableHLO text and both give the same numbers", () => {
    expect(moduleTextKind(MLP)).toBe("stablehlo");
    expect(moduleTextKind(MLP_HLO)).toBe("hlo");
    expect(run(parseModule(MLP), [X, W])).toEqual(run(parseModule(MLP_HLO), [X, W]));
  });

  it("reads the generic form as the pretty one", () => {
    const generic = `func.func @main(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> {
  %0 = "stablehlo.add"(%a, %b) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  %1 = "stablehlo.compare"(%0, %b) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
  %2 = "stablehlo.select"(%1, %0, %b) : (tensor<3xi1>, tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  "func.return"(%2) : (tensor<3xf64>) -> ()
}`;
    const pretty = `func.func @main(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<3xf64> {
  %0 = stablehlo.add %a, %b : tensor<3xf64>
  %1 = stablehlo.compare GT, %0, %b : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
  %2 = stablehlo.select %1, %0, %b : tensor<3xi1>, tensor<3xf64>
  return %2 : tensor<3xf64>
}`;
    const args = [literal("f64", [3], [1, -2, 3]), literal("f64", [3], [0.5, 0.5, -9])];
    expect(printHloModule(parseModule(generic))).toBe(printHloModule(parseModule(pretty)));
    expect(run(parseModule(pretty), args)).toEqual(literal("f64", [3], [1.5, 0.5, -6]));
  });

  it("reads locations, location aliases and attribute aliases", () => {
    const text = `#loc1 = loc("f.py":3:4)
#dims = array<i64: 1, 0>
module @m {
  func.func public @main(%x: tensor<2x3xi32> loc("x")) -> tensor<3x2xi32> {
    %0 = "stablehlo.transpose"(%x) <{permutation = #dims}> : (tensor<2x3xi32>) -> tensor<3x2xi32> loc(#loc2)
    return %0 : tensor<3x2xi32> loc(#loc1)
  } loc(#loc1)
} loc(#loc1)
#loc2 = loc("g"(#loc1))
`;
    expect(run(parseModule(text), [literal("s32", [2, 3], [1, 2, 3, 4, 5, 6])])).toEqual(literal("s32", [3, 2], [1, 4, 2, 5, 3, 6]));
  });

  it("reads hex, splat and complex dense literals into exact values", () => {
    const text = `func.func @main() -> (tensor<2xf32>, tensor<2xcomplex<f64>>, tensor<f64>) {
  %0 = stablehlo.constant dense<"0x0000803F000000C0"> : tensor<2xf32>
  %1 = stablehlo.constant dense<[(1.5, -2.0), (0.0, 3.0)]> : tensor<2xcomplex<f64>>
  %2 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  return %0, %1, %2 : tensor<2xf32>, tensor<2xcomplex<f64>>, tensor<f64>
}`;
    const out = run(parseModule(text), []);
    expect(out).toEqual(run(parseHloModule(`HloModule h
ENTRY e {
  a = f32[2] constant({1, -2})
  b = c128[2] constant({(1.5, -2), (0, 3)})
  c = f64[] constant(-inf)
  ROOT t = (f32[2], c128[2], f64[]) tuple(a, b, c)
}`), []));
  });

  it("refuses quantized and f6 types naming the type, line and column", () => {
    const q = parseErrorOf("func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}");
    expect([q.line, q.column]).toEqual([1, 30]);
    expect(q.message).toContain("quantized type !quant.uniform");
    const f6 = parseErrorOf("func.func @main() -> tensor<f32> {\n  %0 = stablehlo.constant dense<1.0> : tensor<f6E2M3FN>\n  return %0 : tensor<f32>\n}");
    expect([f6.line, f6.column]).toEqual([2, 47]);
    expect(f6.message).toContain("f6E2M3FN (a 6-bit float) has no HLO counterpart");
  });

  it("reports MLIR bytecode with the Python line that prints text, and text of neither kind by what it resembles", () => {
    const b = parseErrorOf("ML\u00efR\u0000\u0001garbage");
    expect(b.message).toContain("MLIR bytecode");
    expect(b.message).toContain(".as_text()");
    expect(parseErrorOf('{"a": 1}').message).toContain("JSON");
    expect(parseErrorOf("import jax\n").message).toContain("Python source");
  });

  it("reports an error in the HLO an op becomes at that op", () => {
    const e = parseErrorOf("func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.add %a, %b : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}");
    expect([e.line, e.column]).toEqual([2, 8]);
  });

  it("refuses a bad module attribute name of HLO text with its position", () => {
    const e = parseErrorOf("HloModule a,0={}\nENTRY e { ROOT p = f32[] parameter(0) }");
    expect([e.line, e.column]).toEqual([1, 13]);
  });
});

/** Mutations per run: 2000 in the suite; MINIXLA_MUTATIONS=100000 for the full check. */
const MUTATIONS = Number(process.env.MINIXLA_MUTATIONS ?? 2000);

describe("mutations of StableHLO's test files", () => {
  const dir = new URL("./corpus/stablehlo-mlir/interpret/", import.meta.url);
  const texts = readdirSync(dir).filter((f) => f.endsWith(".mlir")).sort().map((f) => readFileSync(new URL(f, dir), "utf8"));
  const mutation = fc.record({
    file: fc.nat({ max: texts.length - 1 }),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    length: fc.nat({ max: 12 }),
    insert: fc.string({ maxLength: 6, unit: fc.constantFrom(..."%@#!^<>()[]{},:=-x0123456789 \n\"abcf.") }),
  });
  it("give only ParseErrors with a line and column (the slowest read is logged)", () => {
    let slowest = 0;
    fc.assert(
      fc.property(mutation, ({ file, at, length, insert }) => {
        const text = texts[file];
        const i = Math.floor(at * text.length);
        const mutated = text.slice(0, i) + insert + text.slice(i + length);
        const start = performance.now();
        try {
          // As a test file (every function translated, as the suite runs them), then as one module.
          for (const t of readStableHloTests(mutated)) {
            if (t.error !== undefined && (t.error.line === undefined || t.error.column === undefined)) return false;
          }
          parseModule(mutated);
        } catch (e) {
          if (!(e instanceof ParseError)) throw e;
          return e.line !== undefined && e.column !== undefined;
        } finally {
          slowest = Math.max(slowest, performance.now() - start);
        }
        return true;
      }),
      { numRuns: MUTATIONS, seed: 22 },
    );
    console.log(`${MUTATIONS} mutations: only ParseErrors with a position; slowest read ${slowest.toFixed(1)} ms`);
  });
});
