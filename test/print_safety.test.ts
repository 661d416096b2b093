/**
 * Names and strings cannot change the structure of printed HLO. The builder
 * sanitizes every module, computation and instruction name as XLA's
 * GetSanitizedName does and makes it unique; createModule refuses an invalid
 * name with a VerifyError; string attribute values (custom_call_target,
 * metadata, backend_config, frontend attribute values) print quoted and
 * escaped as XLA's CEscape does. Checked on the cases of issue 11 and as a
 * property over random names and strings (any Unicode, quotes, braces,
 * newlines, keywords): parse(print(m)) prints the same text and has the same
 * structure.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import {
  type HloInstruction,
  type HloModule,
  VerifyError,
  createModule,
  nameProblem,
  parseHloModule,
  printHloModule,
  shape,
} from "@minixla/hlo";
import { propertyRuns } from "./support/property.ts";

const f32x2 = shape("f32", [2]);

/** Everything printed text must carry: names, opcodes, operands, callees, custom-call targets and annotations. */
function structure(m: HloModule): unknown {
  return {
    name: m.name,
    entry: m.entry,
    computations: m.computations.map((c) => ({
      name: c.name,
      root: c.root,
      instructions: c.instructions.map((i) => ({
        name: i.name,
        opcode: i.opcode,
        operands: i.operands,
        called: i.called,
        target: i.opcode === "custom-call" ? i.attributes.customCallTarget : undefined,
        annotations: i.annotations ?? {},
      })),
    })),
  };
}

function roundTrips(m: HloModule): string {
  const text = printHloModule(m);
  const back = parseHloModule(text);
  expect(printHloModule(back)).toBe(text);
  expect(structure(back)).toEqual(structure(m));
  return text;
}

/** Replaces the annotations of the instruction named `name` (createModule checks the result). */
function annotate(m: HloModule, name: string, annotations: HloInstruction["annotations"]): HloModule {
  return createModule({
    ...m,
    computations: m.computations.map((c) => ({
      ...c,
      instructions: c.instructions.map((i) => (i.name === name ? { ...i, annotations } : i)),
    })),
  });
}

describe("names the builder gives are HLO identifiers", () => {
  it('prints new XlaBuilder("my model") as HloModule my_model, which parses', () => {
    const b = new XlaBuilder("my model");
    b.neg(b.parameter(0, f32x2, "x"));
    const text = roundTrips(b.build());
    expect(text).toMatch(/^HloModule my_model, /);
    expect(text).toContain("ENTRY my_model {");
  });

  it("renames parameters named ROOT, ENTRY and HloModule, and keeps them distinct", () => {
    const b = new XlaBuilder("keywords");
    const r = b.parameter(0, f32x2, "ROOT");
    const e = b.parameter(1, f32x2, "ENTRY");
    const h = b.parameter(2, f32x2, "HloModule");
    const r2 = b.parameter(3, f32x2, "ROOT");
    b.add(b.add(r, e), b.add(h, r2));
    const m = b.build();
    const names = m.computations[0].instructions.filter((i) => i.opcode === "parameter").map((i) => i.name);
    expect(names).toEqual(["ROOT_", "ENTRY_", "HloModule_", "ROOT_.1"]);
    roundTrips(m);
  });

  it("sanitizes spaces, punctuation, a leading digit and non-ASCII as XLA does", () => {
    const b = new XlaBuilder("3d conv/😀");
    b.neg(b.parameter(0, f32x2, "x y{z}"));
    const m = b.build();
    expect(m.name).toBe("_d_conv_____");
    expect(m.computations[0].instructions[0].name).toBe("x_y_z_");
    roundTrips(m);
  });
});

describe("createModule refuses names that would print as other structure", () => {
  const base = (() => {
    const b = new XlaBuilder("m");
    b.neg(b.parameter(0, f32x2, "x"));
    return b.build();
  })();
  const rename = (what: "module" | "instruction", name: string) => () =>
    createModule(
      what === "module"
        ? { ...base, name }
        : {
            ...base,
            computations: base.computations.map((c) => ({
              ...c,
              root: c.root === "x" ? name : c.root,
              instructions: c.instructions.map((i) => ({ ...i, name: i.name === "x" ? name : i.name, operands: i.operands.map((o) => (o === "x" ? name : o)) })),
            })),
          },
    );

  it.each(["my model", "ROOT", "ENTRY", "HloModule", "", "a}\nENTRY e {", "1x"])("refuses the module name %j with a VerifyError", (name) => {
    expect(rename("module", name)).toThrow(VerifyError);
  });

  it.each(["ROOT", "x y", "a=b", "é"])("refuses the instruction name %j with a VerifyError naming it", (name) => {
    expect(rename("instruction", name)).toThrow(/instruction name/);
  });
});

describe("string attribute values print quoted and escaped", () => {
  const withCustomCall = (target: string) => {
    const b = new XlaBuilder("strings");
    b.customCall(target, [b.parameter(0, f32x2, "x")], f32x2);
    return b.build();
  };

  it("a custom-call target with a newline and '}' stays one attribute, not an extra computation", () => {
    const m = withCustomCall('t"\n}\n\nENTRY evil {\n  ROOT e = f32[] constant(0)\n}');
    const text = roundTrips(m);
    expect(text).toContain('custom_call_target="t\\"\\n}\\n\\nENTRY evil {\\n  ROOT e = f32[] constant(0)\\n}"');
    expect(parseHloModule(text).computations).toHaveLength(1);
  });

  it("escapes control characters and non-ASCII as XLA's CEscape does (octal UTF-8 bytes)", () => {
    const text = roundTrips(withCustomCall("a\x1b[31m\0\x7f\u202eé'\\\t\r"));
    expect(text).toContain(String.raw`custom_call_target="a\033[31m\000\177\342\200\256\303\251\'\\\t\r"`);
    expect(/^[\x20-\x7e\n]*$/.test(text)).toBe(true);
  });

  it("reads XLA's escapes back: octal, hex, \\u and named", () => {
    const text = 'HloModule m\n\nENTRY e {\n  x = f32[2]{0} parameter(0)\n  ROOT c = f32[2]{0} custom-call(x), custom_call_target="\\303\\251\\x41\\u00e9\\a\\?"\n}\n';
    const inst = parseHloModule(text).computations[0].instructions[1];
    expect(inst.opcode === "custom-call" && inst.attributes.customCallTarget).toBe("éAé\x07?");
  });

  it("metadata, backend_config and frontend attribute values cannot open a computation", () => {
    const evil = "x\n}\n\nENTRY evil {\n  ROOT e = f32[] constant(0)\n}";
    const m = annotate(withCustomCall("t"), "custom-call", {
      metadata: { opType: evil, opName: "jit(f)/\"quoted\"", sourceFile: "a\\b.py", sourceLine: 3 },
      backendConfig: `{}${evil}{}`,
      frontendAttributes: [{ key: "a", value: "{}\n}\nENTRY x {}" }, { key: "b", value: '{"json": "}"}' }],
    });
    const text = roundTrips(m);
    expect(parseHloModule(text).computations).toHaveLength(1);
    // A value that reads as one brace group prints raw, as XLA prints a JSON dict.
    expect(text).toContain('b={"json": "}"}');
    expect(text).toContain(String.raw`backend_config="{}x\n}\n\nENTRY evil {`);
  });
});

describe("createModule refuses custom-call raw attributes that would read back as something else", () => {
  const base = (() => {
    const b = new XlaBuilder("m");
    b.customCall("t", [b.parameter(0, f32x2, "x")], f32x2);
    return b.build();
  })();
  const withRaw = (name: string, value: string) => () =>
    createModule({
      ...base,
      computations: base.computations.map((c) => ({
        ...c,
        instructions: c.instructions.map((i) => (i.opcode === "custom-call" ? { ...i, attributes: { ...i.attributes, rawAttributes: [{ name, value }] } } : i)),
      })),
    });

  it("a value with a newline and '}' that is more than one value", () => {
    expect(withRaw("api_version", "API_VERSION_ORIGINAL\n}\n\nENTRY evil {\n}")).toThrow(/raw attribute api_version: attribute value .* is more than one value/);
  });

  it.each(["metadata", "frontend_attributes", "control-predecessors", "sharding", "backend_config"])("the annotation name %s", (name) => {
    expect(withRaw(name, "{}")).toThrow(VerifyError);
    expect(withRaw(name, "{}")).toThrow(/would read back as the instruction's .* annotation/);
  });

  it("keeps one raw value that is a balanced group with newlines inside it", () => {
    const text = roundTrips(withRaw("backend_config_raw", "{a=1,\n b={2}}")());
    expect(parseHloModule(text).computations).toHaveLength(1);
  });
});

describe("createModule refuses annotations that would print as other structure", () => {
  const evil = "x}\n\nENTRY evil {\n  ROOT e = f32[] constant(0)\n}\nfoo {";
  const base = (() => {
    const b = new XlaBuilder("m");
    b.customCall("t", [b.parameter(0, f32x2, "x")], f32x2);
    return b.build();
  })();
  it.each([
    ["a frontend attribute key", { frontendAttributes: [{ key: evil, value: "v" }] }, /frontendAttributes\.0\.key/],
    ["frontend attributes out of order", { frontendAttributes: [{ key: "b", value: "" }, { key: "a", value: "" }] }, /sorted by key/],
    ["an attribute kept as text", { other: [{ name: "channel_id", value: evil }] }, /other\.0\.value: attribute value .* is more than one value/],
    ["the name of an attribute kept as text", { other: [{ name: evil, value: "1" }] }, /other\.0\.name/],
    ["an origin", { origin: evil }, /origin/],
    ["a control predecessor", { controlPredecessors: [evil] }, /controlPredecessors\.0: .* is not a valid HLO name/],
    ["a statistic name", { statistics: { visualizingIndex: 0, statistics: [{ name: evil, value: 1 }] } }, /statistics\.statistics\.0\.name/],
    ["a named sharding", { sharding: { kind: "named", text: evil } }, /sharding/],
    ["a metadata line that is not an integer", { metadata: { sourceLine: Number.NaN } }, /metadata\.sourceLine/],
    ["a replication flag that is not a boolean", { parameterReplication: ["x}"] }, /parameterReplication\.0/],
  ])("refuses %s with a VerifyError naming the field", (_what, annotations, message) => {
    expect(() => annotate(base, "custom-call", annotations as HloInstruction["annotations"])).toThrow(VerifyError);
    expect(() => annotate(base, "custom-call", annotations as HloInstruction["annotations"])).toThrow(message);
  });
});

// ---------------------------------------------------------------- property

/** Strings that stress printing: any code point, raw bytes, and HLO's own punctuation and keywords. */
const nasty = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({ unit: "binary-ascii", maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom("{", "}", "(", ")", '"', "'", "\\", "\n", "\r", "\t", " ", "=", ",", "%", "/*", "*/", "//", "ROOT", "ENTRY", "HloModule", "f32", "é", "😀", "\u202e", "\0", "\x1b", "a", "1", ".", "-", "_"),
    maxLength: 10,
  }),
);
const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/);

/** Drops what prints as nothing (empty strings, zeros), so absent and default compare equal. */
function normalized(m: HloModule): HloModule {
  const clean = (a: HloInstruction["annotations"]) => {
    if (a === undefined) return undefined;
    const metadata = a.metadata && Object.fromEntries(Object.entries(a.metadata).filter(([, v]) => v !== "" && v !== 0 && v !== undefined));
    const out = {
      ...(metadata && Object.keys(metadata).length > 0 ? { metadata } : {}),
      ...(a.backendConfig ? { backendConfig: a.backendConfig } : {}),
      ...(a.frontendAttributes && a.frontendAttributes.length > 0 ? { frontendAttributes: a.frontendAttributes } : {}),
    };
    return Object.keys(out).length > 0 ? out : undefined;
  };
  return {
    ...m,
    computations: m.computations.map((c) => ({
      ...c,
      instructions: c.instructions.map((i) => {
        const a = clean(i.annotations);
        const { annotations: _dropped, ...rest } = i;
        return (a === undefined ? rest : { ...rest, annotations: a }) as HloInstruction;
      }),
    })),
  };
}

describe("printing is safe for any names and strings (property)", () => {
  it("parse(print(m)) prints the same text and has the same structure", () => {
    const input = fc.record({
      module: nasty,
      callee: nasty,
      params: fc.array(nasty, { minLength: 1, maxLength: 3 }),
      target: nasty,
      opName: nasty,
      opType: nasty,
      sourceFile: nasty,
      backendConfig: nasty,
      frontend: fc.uniqueArray(fc.tuple(key, nasty), { maxLength: 3, selector: ([k]) => k }),
    });
    fc.assert(
      fc.property(input, (r) => {
        const inner = new XlaBuilder(r.callee);
        const p = inner.parameter(0, f32x2, r.params[0]);
        inner.add(p, p);
        const b = new XlaBuilder(r.module);
        const ps = r.params.map((name, i) => b.parameter(i, f32x2, name));
        const sum = ps.slice(1).reduce((acc, x) => b.add(acc, x), ps[0]);
        const cc = b.customCall(r.target, [b.call(inner.build(), [sum])], f32x2);
        const built = b.build();
        const m = annotate(built, cc.name, {
          metadata: { opName: r.opName, opType: r.opType, sourceFile: r.sourceFile, sourceLine: 7 },
          backendConfig: r.backendConfig,
          frontendAttributes: [...r.frontend].sort(([a], [c]) => (a < c ? -1 : 1)).map(([k, value]) => ({ key: k, value })),
        });
        for (const c of m.computations) {
          expect(nameProblem(c.name)).toBeUndefined();
          for (const i of c.instructions) expect(nameProblem(i.name)).toBeUndefined();
        }
        const text = printHloModule(m);
        const back = parseHloModule(text);
        expect(printHloModule(back)).toBe(text);
        expect(back.computations).toHaveLength(2);
        expect(structure(normalized(back))).toEqual(structure(normalized(m)));
      }),
      propertyRuns(2000, 20261125),
    );
  });
});
