/**
 * The 64-bit boundary is the same on every input path (issue 11, item 6):
 * .npy files, literal() and HLO text give s64/u64 the full 64-bit range,
 * exactly, in BigInt storage. Past it, literal() and the parser refuse with
 * the same error type (ParseError). Between 2^63 and 2^64 - 1 XLA's parser
 * keeps the 64 bits (s64 constant(9223372036854775808) runs on XLA CPU as
 * -9223372036854775808; u64 constant(-1) as 18446744073709551615; checked with
 * run_hlo.py, JAX 0.11.2), and literal() does the same.
 */
import { describe, expect, it } from "vitest";
import { ParseError } from "./errors.ts";
import { type ArrayLiteral, type LiteralData, literal } from "./literal.ts";
import { readNpy } from "./io/npy/npy.ts";
import { parseHloModule } from "./text/parser.ts";

const S64 = [-(2n ** 63n), -(2n ** 53n) - 1n, -1n, 0n, 2n ** 53n + 1n, 2n ** 63n - 1n];
const U64 = [0n, 2n ** 53n + 1n, 2n ** 63n, 2n ** 64n - 1n];

/** A version-1.0 .npy file of little-endian 64-bit integers. */
function npy64(descr: "<i8" | "<u8", values: readonly bigint[]): Uint8Array {
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': (${values.length},), }`;
  header += " ".repeat(63 - ((10 + header.length) % 64)) + "\n";
  const bytes = new Uint8Array(10 + header.length + 8 * values.length);
  bytes.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, header.length & 0xff, header.length >> 8]);
  bytes.set([...header].map((c) => c.charCodeAt(0)), 10);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setBigUint64(10 + header.length + 8 * i, BigInt.asUintN(64, v), true));
  return bytes;
}

function constantOf(text: string): ArrayLiteral {
  const m = parseHloModule(`HloModule m\n\nENTRY e {\n  ROOT c = ${text}\n}\n`);
  const root = m.computations[0].instructions[0];
  if (root.opcode !== "constant") throw new Error("expected a constant");
  return root.attributes.literal as ArrayLiteral;
}

const bigints = (d: LiteralData): bigint[] => Array.from(d as BigInt64Array | BigUint64Array);

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
};

describe("s64 and u64 take their full range, exactly, from .npy, literal() and HLO text alike", () => {
  it("s64 from -2^63 to 2^63 - 1", () => {
    const fromLiteral = literal("s64", [S64.length], S64);
    const fromText = constantOf(`s64[${S64.length}] constant({${S64.join(", ")}})`);
    const fromNpy = readNpy(npy64("<i8", S64));
    for (const l of [fromLiteral, fromText, fromNpy]) {
      expect(l.shape).toEqual({ elementType: "s64", dimensions: [S64.length] });
      expect(l.data).toBeInstanceOf(BigInt64Array);
      expect(bigints(l.data)).toEqual(S64);
    }
  });

  it("u64 from 0 to 2^64 - 1", () => {
    const fromLiteral = literal("u64", [U64.length], U64);
    const fromText = constantOf(`u64[${U64.length}] constant({${U64.join(", ")}})`);
    const fromNpy = readNpy(npy64("<u8", U64));
    for (const l of [fromLiteral, fromText, fromNpy]) {
      expect(l.data).toBeInstanceOf(BigUint64Array);
      expect(bigints(l.data)).toEqual(U64);
    }
  });
});

describe("between 2^63 and 2^64 - 1, literal() keeps the 64 bits as XLA's parser does", () => {
  const cases: readonly { readonly type: "s64" | "u64"; readonly text: string; readonly value: bigint; readonly xla: bigint }[] = [
    { type: "s64", text: "9223372036854775808", value: 2n ** 63n, xla: -(2n ** 63n) },
    { type: "s64", text: "18446744073709551615", value: 2n ** 64n - 1n, xla: -1n },
    { type: "u64", text: "-1", value: -1n, xla: 2n ** 64n - 1n },
    { type: "u64", text: "-9223372036854775808", value: -(2n ** 63n), xla: 2n ** 63n },
  ];
  for (const c of cases) {
    it(`${c.type} ${c.text} reads as ${c.xla}`, () => {
      expect(bigints(constantOf(`${c.type}[] constant(${c.text})`).data)).toEqual([c.xla]);
      expect(bigints(literal(c.type, [], [c.value]).data)).toEqual([c.xla]);
    });
  }
});

describe("past 64 bits, literal() and the parser both refuse with ParseError", () => {
  const cases: readonly { readonly type: "s64" | "u64"; readonly value: bigint }[] = [
    { type: "s64", value: 2n ** 64n },
    { type: "s64", value: -(2n ** 63n) - 1n },
    { type: "u64", value: 2n ** 64n },
    { type: "u64", value: -(2n ** 64n) },
  ];
  for (const c of cases) {
    it(`${c.type} ${c.value}`, () => {
      const fromText = thrown(() => constantOf(`${c.type}[] constant(${c.value})`));
      const fromLiteral = thrown(() => literal(c.type, [], [c.value]));
      expect(fromText).toBeInstanceOf(ParseError);
      expect(fromLiteral).toBeInstanceOf(ParseError);
      expect((fromLiteral as Error).message).toBe(
        `${c.type} literal value ${c.value} does not fit in 64 bits (a 64-bit integer literal takes values in [-2^63, 2^64))`,
      );
    });
  }

  it("a number past 64 bits and a non-integer are refused the same way", () => {
    expect(thrown(() => literal("s64", [], [1e30]))).toBeInstanceOf(ParseError);
    expect(thrown(() => literal("u64", [], [1.5]))).toBeInstanceOf(ParseError);
    expect(thrown(() => constantOf("s64[] constant(1.5)"))).toBeInstanceOf(ParseError);
  });

  it("an integral number that is exact in a double is taken at its value (2^53 + 2, -2^63)", () => {
    expect(bigints(literal("s64", [2], [2 ** 53 + 2, -(2 ** 63)]).data)).toEqual([2n ** 53n + 2n, -(2n ** 63n)]);
  });
});
