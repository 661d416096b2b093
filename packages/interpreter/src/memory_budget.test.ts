/**
 * The memory budget (issue 11, item 1): an instruction whose result would pass
 * maxBytes (option, else MINIXLA_MAX_BYTES, else a quarter of the machine's
 * memory, at most 8 GiB) is refused with an EvalError naming the instruction,
 * its shape and the bytes, before anything is allocated; bytes count minixla's
 * storage (8 per element, 16 per complex element). Constant folding works
 * under the same budget and leaves what would pass it unfolded.
 */
import { XlaBuilder } from "@minixla/builder";
import { EvalError, type HloModule, type Literal, literal, lowerBroadcasts, parseHloModule, shape } from "@minixla/hlo";
import { afterEach, describe, expect, it, vi } from "vitest";
import { constantFolding } from "./constant_folding.ts";
import { evaluate } from "./evaluate.ts";
import { resolveMaxBytes, storageBytes } from "./memory_budget.ts";

const GIB = 2 ** 30;

const parse = (body: string, extra = ""): HloModule => parseHloModule(`HloModule m\n${extra}\nENTRY e {\n${body}\n}\n`);

const errorOf = (f: () => unknown): Error => {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a throw");
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("evaluate refuses an instruction whose result passes the budget, before allocating", () => {
  it("a 2^31-element iota (16 GiB in Float64Array storage)", () => {
    const m = parse("  ROOT i = s32[2147483648]{0} iota(), iota_dimension=0");
    const started = performance.now();
    const e = errorOf(() => evaluate(m, [], { maxBytes: GIB }));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(e).toBeInstanceOf(EvalError);
    expect(e.message).toBe(
      "i (iota): result s32[2147483648] needs 17179869184 bytes (16.0 GiB), more than the memory budget of 1073741824 bytes (1.0 GiB); raise it with the maxBytes option or MINIXLA_MAX_BYTES",
    );
  });

  it("the same iota under the default budget (at most 8 GiB)", () => {
    vi.stubEnv("MINIXLA_MAX_BYTES", "");
    expect(resolveMaxBytes(undefined)).toBeLessThanOrEqual(8 * GIB);
    const m = parse("  ROOT i = s32[2147483648]{0} iota(), iota_dimension=0");
    expect(errorOf(() => evaluate(m, []))).toBeInstanceOf(EvalError);
  });

  it("10^12 elements: our message, not V8's typed-array error", () => {
    const m = parse("  ROOT i = f32[1000000000000]{0} iota(), iota_dimension=0");
    const e = errorOf(() => evaluate(m, []));
    expect(e).toBeInstanceOf(EvalError);
    expect(e.message).toMatch(/^i \(iota\): result f32\[1000000000000\] needs 8000000000000 bytes \(7450\.6 GiB\), more than the memory budget/);
  });

  it("a broadcast to 2^31 elements, and a 4-element slice of one (refused at the broadcast)", () => {
    const broadcast = "  c = f32[] constant(1)\n  b = f32[2147483648]{0} broadcast(c), dimensions={}";
    expect(errorOf(() => evaluate(parse(`${broadcast.replace("  b =", "  ROOT b =")}`), [], { maxBytes: GIB })).message).toMatch(
      /^b \(broadcast\): result f32\[2147483648\] needs 17179869184 bytes/,
    );
    const sliced = parse(`${broadcast}\n  ROOT s = f32[4]{0} slice(b), slice={[0:4]}`);
    const e = errorOf(() => evaluate(sliced, [], { maxBytes: GIB }));
    expect(e).toBeInstanceOf(EvalError);
    expect(e.message).toMatch(/^b \(broadcast\): result f32\[2147483648\]/);
  });

  it("builder.iota of 2^31 elements", () => {
    const b = new XlaBuilder("big");
    b.iota(shape("s32", [2 ** 31]), 0);
    const e = errorOf(() => evaluate(lowerBroadcasts(b.build()), [], { maxBytes: GIB }));
    expect(e).toBeInstanceOf(EvalError);
    expect(e.message).toMatch(/^iota \(iota\): result s32\[2147483648\] needs 17179869184 bytes/);
  });

  it("inside a called computation too", () => {
    const m = parseHloModule(
      [
        "HloModule m",
        "",
        "big {",
        "  ROOT i = s32[2147483648]{0} iota(), iota_dimension=0",
        "}",
        "",
        "ENTRY e {",
        "  ROOT c = s32[2147483648]{0} call(), to_apply=big",
        "}",
        "",
      ].join("\n"),
    );
    expect(errorOf(() => evaluate(m, [], { maxBytes: GIB })).message).toMatch(/needs 17179869184 bytes/);
  });
});

describe("the budget counts bytes of storage and is set by option or MINIXLA_MAX_BYTES", () => {
  const negate = (t: string) => parse(`  p = ${t}[100]{0} parameter(0)\n  ROOT n = ${t}[100]{0} negate(p)`);
  const arg = (t: "f32" | "c128"): Literal => (t === "f32" ? literal("f32", [100], new Array(100).fill(1)) : literal("c128", [100], new Array(200).fill(1)));

  it("8 bytes per element, 16 per complex element, tuples summed", () => {
    expect(storageBytes(shape("pred", [100]))).toBe(800);
    expect(storageBytes(shape("s64", [100]))).toBe(800);
    expect(storageBytes(shape("c64", [100]))).toBe(1600);
    expect(storageBytes({ elementType: "tuple", tupleShapes: [shape("f32", [3]), shape("c128", [])] })).toBe(40);
    expect(() => evaluate(negate("f32"), [arg("f32")], { maxBytes: 800 })).not.toThrow();
    expect(() => evaluate(negate("f32"), [arg("f32")], { maxBytes: 799 })).toThrow(EvalError);
    expect(() => evaluate(negate("c128"), [arg("c128")], { maxBytes: 1600 })).not.toThrow();
    expect(() => evaluate(negate("c128"), [arg("c128")], { maxBytes: 1599 })).toThrow(/n \(negate\): result c128\[100\] needs 1600 bytes/);
  });

  it("MINIXLA_MAX_BYTES sets it when the option is absent; the option wins", () => {
    vi.stubEnv("MINIXLA_MAX_BYTES", "799");
    expect(() => evaluate(negate("f32"), [arg("f32")])).toThrow(/more than the memory budget of 799 bytes/);
    expect(() => evaluate(negate("f32"), [arg("f32")], { maxBytes: 800 })).not.toThrow();
  });

  it("a budget that is not a positive number is an EvalError", () => {
    vi.stubEnv("MINIXLA_MAX_BYTES", "lots");
    expect(() => evaluate(negate("f32"), [arg("f32")])).toThrow(new EvalError("MINIXLA_MAX_BYTES must be a positive number of bytes, got 'lots'"));
    expect(() => evaluate(negate("f32"), [arg("f32")], { maxBytes: 0 })).toThrow(EvalError);
    expect(() => evaluate(negate("f32"), [arg("f32")], { maxBytes: Number.NaN })).toThrow(EvalError);
  });

  it("counts the values still in use, not only the one being made", () => {
    // a and b (800 bytes each) are both live when c is made: 2400 bytes at once.
    const m = parse(
      "  p = f32[100]{0} parameter(0)\n  a = f32[100]{0} negate(p)\n  b = f32[100]{0} negate(a)\n  c = f32[100]{0} add(a, b)\n  ROOT d = f32[100]{0} negate(c)",
    );
    expect(() => evaluate(m, [arg("f32")], { maxBytes: 2400 })).not.toThrow();
    expect(errorOf(() => evaluate(m, [arg("f32")], { maxBytes: 2399 })).message).toBe(
      "c (add): result f32[100] needs 800 bytes (0.0 GiB), which with the 1600 bytes (0.0 GiB) of values still in use passes the memory budget of 2399 bytes (0.0 GiB); raise it with the maxBytes option or MINIXLA_MAX_BYTES",
    );
    // After c, a and b are dead: d needs only c's 800 bytes beside its own.
    const chain = parse("  p = f32[100]{0} parameter(0)\n  a = f32[100]{0} negate(p)\n  b = f32[100]{0} negate(a)\n  ROOT c = f32[100]{0} negate(b)");
    expect(() => evaluate(chain, [arg("f32")], { maxBytes: 1600 })).not.toThrow();
  });
});

describe("constant folding folds nothing over the budget", () => {
  const sum = (n: number) =>
    parse(
      [
        `  a = f64[${n}]{0} constant({${new Array(n).fill(1).join(",")}})`,
        `  b = f64[${n}]{0} constant({${new Array(n).fill(2).join(",")}})`,
        `  ROOT c = f64[${n}]{0} add(a, b)`,
      ].join("\n"),
    );
  const rootOpcode = (m: HloModule) => m.computations[0].instructions.find((i) => i.name === "c")?.opcode;

  it("folds a small result, and leaves one over MINIXLA_MAX_BYTES unfolded", () => {
    expect(rootOpcode(constantFolding.run(sum(200)))).toBe("constant");
    vi.stubEnv("MINIXLA_MAX_BYTES", "1599");
    expect(rootOpcode(constantFolding.run(sum(200)))).toBe("add");
    vi.stubEnv("MINIXLA_MAX_BYTES", "1600");
    expect(rootOpcode(constantFolding.run(sum(200)))).toBe("constant");
  });

  it("leaves a call whose body would pass the budget unfolded, and never folds a 2^31-element iota", () => {
    const m = parseHloModule(
      [
        "HloModule m",
        "",
        "big {",
        "  i = s32[2147483648]{0} iota(), iota_dimension=0",
        "  ROOT s = s32[2]{0} slice(i), slice={[0:2]}",
        "}",
        "",
        "ENTRY e {",
        "  ROOT c = s32[2]{0} call(), to_apply=big",
        "}",
        "",
      ].join("\n"),
    );
    const started = performance.now();
    const folded = constantFolding.run(m);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(folded).toBe(m);
  });
});
