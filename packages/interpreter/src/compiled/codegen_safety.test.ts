/**
 * No text of a module reaches the JavaScript the compiled engine generates
 * (issue 9, Build 6). Every name and string a module can carry — module,
 * computation, instruction and parameter names (valid HLO names chosen to
 * collide with JavaScript: constructor, __proto__, toString, a-b,
 * process.exit, i, out, ...; and builder names full of code, which the
 * builder sanitizes), op metadata (op_type, op_name, source_file, ...),
 * frontend attributes, backend_config, named sharding, origin, the other
 * attributes, custom-call targets — is filled with injection attempts
 * (comment ends, newlines, quotes, backticks, template holes, `});...//`,
 * U+2028/U+2029). The module must still compile and run bit for bit as the
 * reference evaluates it, a global sentinel must stay unset, and no source
 * handed to the Function constructor (spied on for the whole file) may
 * contain any of those strings.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import {
  type HloInstruction,
  type HloModule,
  type Literal,
  createModule,
  literal,
  lowerBroadcasts,
  parseHloModule,
  printHloModule,
  shape,
} from "@minixla/hlo";
import { evaluate } from "../evaluate.ts";
import { compile } from "./compile.ts";
import { firstDifference } from "../../../../test/support/engines.ts";

type InstructionAnnotations = NonNullable<HloInstruction["annotations"]>;

const SENTINEL = "__minixlaInjected";
const g = globalThis as unknown as Record<string, unknown>;

/** Code that, if it ever ran, would set the sentinel (and exit). */
const HIT = `globalThis.${SENTINEL}=1`;
const PAYLOADS: readonly string[] = [
  `*/${HIT};/*`,
  `\n${HIT};\n//`,
  `"+(${HIT})+"`,
  `'+(${HIT})+'`,
  `\`+(${HIT})+\``,
  `\${${HIT}}`,
  `});${HIT};process.exit(3)//`,
  `\u2028${HIT};\u2029`,
  `\\";${HIT};//</script>`,
  `zq_plain_marker`,
];
/** Substrings no generated source may hold. */
const FORBIDDEN: readonly string[] = [SENTINEL, "process.exit", "zq", "\u2028", "\u2029", "</script>", "constructor", "__proto__", "toString", "hasOwnProperty", "globalThis"];

/** Every source text given to the Function constructor while this file runs. */
const sources: string[] = [];
const RealFunction = globalThis.Function;

beforeAll(() => {
  const record = (args: readonly unknown[]): void => {
    sources.push(args.map(String).join("\n"));
  };
  g.Function = new Proxy(RealFunction, {
    construct(target, args) {
      record(args);
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      record(args);
      return Reflect.apply(target, self, args);
    },
  });
  vi.spyOn(process, "exit").mockImplementation((code) => {
    throw new Error(`process.exit(${String(code)}) was called`);
  });
});

afterAll(() => {
  g.Function = RealFunction;
  vi.restoreAllMocks();
});

/** Valid HLO names that are JavaScript words, properties of every object, or expressions (a-b, process.exit). */
const TEXT = `HloModule __proto__

toString {
  valueOf = f32[] parameter(0)
  hasOwnProperty = f32[] parameter(1)
  ROOT return = f32[] add(valueOf, hasOwnProperty)
}

ENTRY constructor {
  i = f32[2,3] parameter(0)
  a-b = f32[3] parameter(1)
  process.exit = f32[2,3] broadcast(a-b), dimensions={1}
  out = f32[2,3] multiply(i, process.exit)
  eval = f32[2,3] tanh(out)
  this = f32[] constant(0)
  arguments = f32[2] reduce(eval, this), dimensions={1}, to_apply=toString
  Function = f32[3,2] transpose(eval), dimensions={1,0}
  globalThis = f32[2,2] dot(eval, Function), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  zq.cc = f32[2,2] custom-call(globalThis), custom_call_target="xla.sdy.zq"
  NaN = pred[2,3] compare(eval, out), direction=LT
  undefined = f32[2,3] select(NaN, eval, out)
  x.constructor = f32[2,3] add(undefined, i)
  ROOT Infinity = (f32[2], f32[2,2], f32[2,3]) tuple(arguments, zq.cc, x.constructor)
}
`;

const ARGS: readonly Literal[] = [literal("f32", [2, 3], [1, -0, 2.5, NaN, -Infinity, 1e-40]), literal("f32", [3], [0.5, -2, 3])];

/** Each annotation that can hold text, filled with `s`. */
function annotationsWith(s: string): readonly InstructionAnnotations[] {
  return [
    { metadata: { opType: s, opName: s, sourceFile: s, sourceLine: 3, deduplicatedName: s, schedulingName: s } },
    { frontendAttributes: [{ key: "zq_key", value: s }] },
    { backendConfig: s },
    { sharding: { kind: "named", text: s } },
    { origin: s },
    { other: [{ name: "zq_other", value: s }] },
  ];
}

/** `m` with every instruction carrying `a` (undefined when createModule refuses that annotation). */
function annotateAll(m: HloModule, a: InstructionAnnotations, target?: string): HloModule | undefined {
  const mark = (i: HloInstruction): HloInstruction => {
    const annotated = { ...i, annotations: { ...(i.annotations ?? {}), ...a } } as HloInstruction;
    if (target !== undefined && annotated.opcode === "custom-call") {
      return { ...annotated, attributes: { ...annotated.attributes, customCallTarget: target } } as HloInstruction;
    }
    return annotated;
  };
  try {
    return createModule({ ...m, computations: m.computations.map((c) => ({ ...c, instructions: c.instructions.map(mark) })) });
  } catch {
    return undefined;
  }
}

/** Compiles and runs `m` on both engines: same bits, or the same error class; no sentinel; no module text in any source. */
function expectSafe(m: HloModule, args: readonly Literal[], expectValue: boolean): void {
  const before = sources.length;
  let want: Literal | undefined;
  let wantError: unknown;
  try {
    want = evaluate(m, args);
  } catch (e) {
    wantError = e;
  }
  let got: Literal | undefined;
  let gotError: unknown;
  try {
    got = compile(m).execute(args);
  } catch (e) {
    gotError = e;
  }
  expect(g[SENTINEL]).toBeUndefined();
  if (expectValue) {
    expect(wantError).toBeUndefined();
    expect(gotError).toBeUndefined();
    expect(firstDifference(got as Literal, want as Literal)).toBeUndefined();
  } else {
    expect(wantError).toBeInstanceOf(Error);
    expect(gotError).toBeInstanceOf((wantError as Error).constructor);
  }
  for (const src of sources.slice(before)) for (const bad of FORBIDDEN) expect(src.includes(bad), `generated source holds ${JSON.stringify(bad)}:\n${src}`).toBe(false);
}

describe("generated code holds no text of the module", () => {
  const base = lowerBroadcasts(parseHloModule(TEXT));

  it("runs a module whose names are JavaScript words and expressions, and generates code for it", () => {
    expectSafe(base, ARGS, true);
    // The compiled engine did generate code for the fused loops (else this file would check nothing).
    expect(sources.length).toBeGreaterThan(0);
  });

  it.each(PAYLOADS.map((p) => [JSON.stringify(p), p] as const))("every annotation and the custom-call target hold %s", (_, payload) => {
    let accepted = 0;
    for (const a of annotationsWith(payload)) {
      const m = annotateAll(base, a, `xla.sdy.${payload}`);
      if (m === undefined) continue;
      accepted++;
      expectSafe(m, ARGS, true);
      // The same module after printing and parsing back (strings escaped and unescaped on the way).
      expectSafe(lowerBroadcasts(parseHloModule(printHloModule(m))), ARGS, true);
    }
    // Metadata, frontend attributes and backend_config take any string.
    expect(accepted).toBeGreaterThanOrEqual(3);
  });

  it.each(PAYLOADS.map((p) => [JSON.stringify(p), p] as const))("a custom-call target %s that is not evaluable is refused alike", (_, payload) => {
    const m = annotateAll(base, {}, payload);
    expect(m).toBeDefined();
    expectSafe(m as HloModule, ARGS, false);
  });

  it.each(PAYLOADS.map((p) => [JSON.stringify(p), p] as const))("builder names %s (sanitized) run alike", (_, payload) => {
    const b = new XlaBuilder(payload);
    const x = b.parameter(0, shape("f32", [2, 3]), payload);
    const y = b.parameter(1, shape("f32", [3]), `${payload}2`);
    const s = b.add(x, y, [1]);
    const t = b.transpose(b.mul(s, b.exp(s)), [1, 0]);
    b.tuple([t, b.reduce(t, b.constantR0(0, "f32"), addComputation(payload), [0])]);
    expectSafe(lowerBroadcasts(b.build()), ARGS, true);
  });

  it("left the sentinel unset and process.exit uncalled", () => {
    expect(g[SENTINEL]).toBeUndefined();
    expect(process.exit).not.toHaveBeenCalled();
  });
});

function addComputation(name: string): HloModule {
  const b = new XlaBuilder(name);
  b.add(b.parameter(0, shape("f32", []), name), b.parameter(1, shape("f32", []), `${name}b`));
  return b.build();
}
