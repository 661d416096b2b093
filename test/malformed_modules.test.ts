/**
 * Hand-made modules that break structure (issue 11, item 5): every stage
 * (printing, lowering, each pass, the pipeline, evaluation) refuses them with
 * a VerifyError naming the stage, never a TypeError from deep inside.
 * createModule refuses them too.
 */
import {
  type HloModule,
  VerifyError,
  createModule,
  literal,
  lowerBroadcasts,
  printHloModule,
  runPipeline,
  shape,
} from "@minixla/hlo";
import { PASS_REGISTRY, evaluate } from "@minixla/interpreter";
import { describe, expect, it } from "vitest";

const f32 = shape("f32", [2]);
const param = (name: string, n: number) => ({ name, opcode: "parameter", operands: [], shape: f32, attributes: { parameterNumber: n }, called: [] });

/** A module object of one computation "e", made without createModule. */
function moduleOf(instructions: readonly object[], root?: string): HloModule {
  const last = instructions[instructions.length - 1] as { name: string };
  return { name: "m", entry: "e", headerAttributes: [], computations: [{ name: "e", instructions, root: root ?? last.name }] } as unknown as HloModule;
}

const MALFORMED: readonly (readonly [string, HloModule, RegExp])[] = [
  ["an unknown opcode", moduleOf([param("p", 0), { name: "x", opcode: "frobnicate", operands: ["p"], shape: f32, attributes: {}, called: [] }]), /unknown opcode "frobnicate"/],
  ["an instruction without a shape", moduleOf([param("p", 0), { name: "x", opcode: "negate", operands: ["p"], attributes: {}, called: [] }]), /malformed shape: expected a shape, got undefined/],
  ["dimensions that are not an array", moduleOf([{ ...param("p", 0), shape: { elementType: "f32", dimensions: 2 } }]), /dimensions of a f32 shape must be an array/],
  ["an operand that names nothing", moduleOf([param("p", 0), { name: "x", opcode: "negate", operands: ["q"], shape: f32, attributes: {}, called: [] }]), /operand q is not an instruction of the computation/],
  ["a binary op with one operand", moduleOf([param("p", 0), { name: "x", opcode: "add", operands: ["p"], shape: f32, attributes: {}, called: [] }]), /add takes 2 operand\(s\), got 1/],
  ["a root that names nothing", moduleOf([param("p", 0)], "nope"), /root nope is not an instruction of it/],
  ["a callee that does not exist", moduleOf([param("p", 0), { name: "x", opcode: "call", operands: ["p"], shape: f32, attributes: {}, called: ["nowhere"] }]), /called computation nowhere does not exist/],
  ["operands that are not an array", moduleOf([param("p", 0), { name: "x", opcode: "negate", operands: "p", shape: f32, attributes: {}, called: [] }]), /operands must be an array/],
  ["attributes that are not an object", moduleOf([{ ...param("p", 0), attributes: null }]), /attributes must be an object/],
  ["an instruction that is not an object", moduleOf([param("p", 0), 7 as unknown as object]), /an instruction must be an object, got 7/],
  ["computations that are not an array", { name: "m", entry: "e", headerAttributes: [], computations: {} } as unknown as HloModule, /computations must be an array/],
];

const STAGES: readonly (readonly [string, (m: HloModule) => unknown])[] = [
  ["printHloModule", printHloModule],
  ["lowerBroadcasts", lowerBroadcasts],
  // lower-broadcasts runs lowerBroadcasts, which names itself.
  ...PASS_REGISTRY.available().map((p) => [p.name === "lower-broadcasts" ? "lowerBroadcasts" : `pass ${p.name}`, (m: HloModule) => p.run(m)] as const),
  ["runPipeline", (m: HloModule) => runPipeline(m, PASS_REGISTRY.defaultPipeline(), { verify: false })],
  ["evaluate", (m: HloModule) => evaluate(m, [])],
];

const errorOf = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe("every stage refuses a malformed hand-made module with VerifyError", () => {
  for (const [what, m, problem] of MALFORMED) {
    for (const [stage, run] of STAGES) {
      it(`${stage}: ${what}`, () => {
        const e = errorOf(() => run(m));
        expect(e).toBeInstanceOf(VerifyError);
        expect((e as Error).message).toMatch(new RegExp(`^${stage}: the module cannot be processed`));
        expect((e as Error).message).toMatch(problem);
      });
    }
  }
});

describe("runPipeline with verification (the default) reports them as the verifier does", () => {
  for (const [what, m] of MALFORMED) {
    it(what, () => {
      const e = errorOf(() => runPipeline(m, PASS_REGISTRY.defaultPipeline()));
      expect(e).toBeInstanceOf(VerifyError);
      expect((e as Error).message).toMatch(/^Input module failed verification:/);
    });
  }
});

describe("createModule refuses the same unknown opcode", () => {
  it("with a VerifyError listing it", () => {
    const bad = { name: "x", opcode: "frobnicate", operands: [], shape: f32, attributes: {}, called: [] };
    const e = errorOf(() => createModule({ name: "m", entry: "e", computations: [{ name: "e", instructions: [bad as never], root: "x" }] }));
    expect(e).toBeInstanceOf(VerifyError);
    expect((e as VerifyError).problems).toEqual(['computation e, instruction "x": unknown opcode "frobnicate"']);
  });
});

describe("a module whose structure is sound but whose typing is not", () => {
  it("evaluate reports an add of f32 and s32 made with createModule as an HloError naming the instruction, not a TypeError", () => {
    const m = createModule({
      name: "m",
      entry: "e",
      computations: [
        {
          name: "e",
          root: "x",
          instructions: [
            param("a", 0),
            { name: "b", opcode: "parameter", operands: [], shape: shape("s32", [2]), attributes: { parameterNumber: 1 }, called: [] },
            { name: "x", opcode: "add", operands: ["a", "b"], shape: f32, attributes: {}, called: [] },
          ] as never,
        },
      ],
    });
    const e = errorOf(() => evaluate(m, [literal("f32", [2], [1, 2]), literal("s32", [2], [3, 4])]));
    expect(e).toBeInstanceOf(VerifyError);
    expect((e as Error).message).toMatch(/^evaluate: module m does not verify/);
    expect((e as Error).message).toMatch(/instruction x/);
  });

  it("evaluate refuses an out-of-bounds slice made with createModule instead of reading past the operand", () => {
    const m = createModule({
      name: "m",
      entry: "e",
      computations: [
        {
          name: "e",
          root: "x",
          instructions: [
            param("a", 0),
            { name: "x", opcode: "slice", operands: ["a"], shape: shape("f32", [3]), attributes: { starts: [1], limits: [4], strides: [1] }, called: [] },
          ] as never,
        },
      ],
    });
    const e = errorOf(() => evaluate(m, [literal("f32", [2], [1, 2])]));
    expect(e).toBeInstanceOf(VerifyError);
    expect((e as Error).message).toMatch(/instruction x: slice: .*limit/i);
  });

  it("a module missing an attribute its opcode needs: VerifyError from every stage", () => {
    const m = createModule({
      name: "m",
      entry: "e",
      computations: [{ name: "e", root: "x", instructions: [param("a", 0), { name: "x", opcode: "broadcast", operands: ["a"], shape: shape("f32", [3, 2]), attributes: {}, called: [] }] as never }],
    });
    for (const [stage, run] of STAGES) {
      const e = errorOf(() => run(m));
      expect(e).toBeInstanceOf(VerifyError);
      expect((e as Error).message).toMatch(new RegExp(`^${stage}: `));
      expect((e as Error).message).toMatch(/invalid attributes for broadcast: dimensions: /);
    }
  });
});
