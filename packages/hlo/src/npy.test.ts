/**
 * .npy tests. Files are built byte by byte from the format spec (magic,
 * version, little-endian header length, the header dict, raw elements), so the
 * reader is checked against the spec rather than against our own writer; then
 * the shared corpus (written by NumPy) and writer round trips.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ParseError } from "./errors.ts";
import { ELEMENT_TYPES, type ElementType } from "./element_type.ts";
import { literal } from "./literal.ts";
import { f16FromBits, f16ToBits, readNpy, writeNpy } from "./npy.ts";

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];

/** A .npy file from its parts: version major.0, header text, raw data bytes. */
function npyFile(major: 1 | 2 | 3, header: string, data: readonly number[]): Uint8Array {
  const headerBytes = major === 3 ? [...new TextEncoder().encode(header)] : [...header].map((c) => c.charCodeAt(0));
  const n = headerBytes.length;
  const length = major === 1 ? [n & 0xff, n >> 8] : [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];
  return new Uint8Array([...MAGIC, major, 0, ...length, ...headerBytes, ...data]);
}

const dict = (descr: string, shape: string, fortran = "False"): string =>
  `{'descr': '${descr}', 'fortran_order': ${fortran}, 'shape': ${shape}, }\n`;

const values = (bytes: Uint8Array): number[] => [...readNpy(bytes).data];

describe("readNpy decodes every dtype in both byte orders from hand-written bytes", () => {
  const cases: readonly {
    readonly descr: string;
    readonly type: ElementType;
    readonly data: readonly number[];
    readonly want: readonly number[];
  }[] = [
    { descr: "|b1", type: "pred", data: [1, 0, 1], want: [1, 0, 1] },
    { descr: "?", type: "pred", data: [0, 1, 0], want: [0, 1, 0] },
    { descr: "|i1", type: "s8", data: [0x80, 0x7f, 0xff], want: [-128, 127, -1] },
    { descr: "|u1", type: "u8", data: [0xff, 0x00, 0x07], want: [255, 0, 7] },
    { descr: "<i2", type: "s16", data: [0x01, 0x00, 0xfe, 0xff, 0x00, 0x80], want: [1, -2, -32768] },
    { descr: ">i2", type: "s16", data: [0x00, 0x01, 0xff, 0xfe, 0x80, 0x00], want: [1, -2, -32768] },
    { descr: "<u2", type: "u16", data: [0xff, 0xff, 0x34, 0x12, 0, 0], want: [65535, 0x1234, 0] },
    { descr: ">u2", type: "u16", data: [0xff, 0xff, 0x12, 0x34, 0, 0], want: [65535, 0x1234, 0] },
    { descr: "<i4", type: "s32", data: [0xfe, 0xff, 0xff, 0xff, 0, 0, 0, 0x80, 7, 0, 0, 0], want: [-2, -2147483648, 7] },
    { descr: ">i4", type: "s32", data: [0xff, 0xff, 0xff, 0xfe, 0x80, 0, 0, 0, 0, 0, 0, 7], want: [-2, -2147483648, 7] },
    { descr: "<u4", type: "u32", data: [0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0, 0, 0, 0, 0x80], want: [4294967295, 1, 2147483648] },
    { descr: ">u4", type: "u32", data: [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, 0x80, 0, 0, 0], want: [4294967295, 1, 2147483648] },
    {
      descr: "<i8", type: "s64",
      data: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x1f, 0x00, 1, 0, 0, 0, 0, 0, 0xe0, 0xff],
      want: [-1, 2 ** 53 - 1, -(2 ** 53) + 1],
    },
    {
      descr: ">i8", type: "s64",
      data: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe0, 0, 0, 0, 0, 0, 1],
      want: [-1, 2 ** 53 - 1, -(2 ** 53) + 1],
    },
    { descr: "<u8", type: "u64", data: [5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], want: [5, 2 ** 32, 0] },
    { descr: ">u8", type: "u64", data: [0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], want: [5, 2 ** 32, 0] },
    // 1, -2, 65504 (max), 2^-24 (smallest subnormal), -0
    { descr: "<f2", type: "f16", data: [0x00, 0x3c, 0x00, 0xc0, 0xff, 0x7b, 0x01, 0x00, 0x00, 0x80], want: [1, -2, 65504, 2 ** -24, -0] },
    { descr: ">f2", type: "f16", data: [0x3c, 0x00, 0xc0, 0x00, 0x7b, 0xff, 0x00, 0x01, 0x80, 0x00], want: [1, -2, 65504, 2 ** -24, -0] },
    // 1.5, f32(-0.1) = 0xbdcccccd, +inf
    { descr: "<f4", type: "f32", data: [0, 0, 0xc0, 0x3f, 0xcd, 0xcc, 0xcc, 0xbd, 0, 0, 0x80, 0x7f], want: [1.5, Math.fround(-0.1), Infinity] },
    { descr: ">f4", type: "f32", data: [0x3f, 0xc0, 0, 0, 0xbd, 0xcc, 0xcc, 0xcd, 0x7f, 0x80, 0, 0], want: [1.5, Math.fround(-0.1), Infinity] },
    // 1.5, -2, -inf
    { descr: "<f8", type: "f64", data: [0, 0, 0, 0, 0, 0, 0xf8, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0xf0, 0xff], want: [1.5, -2, -Infinity] },
    { descr: ">f8", type: "f64", data: [0x3f, 0xf8, 0, 0, 0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xf0, 0, 0, 0, 0, 0, 0], want: [1.5, -2, -Infinity] },
  ];
  test.each(cases)("'$descr' reads as $type", ({ descr, type, data, want }) => {
    const l = readNpy(npyFile(1, dict(descr, `(${want.length},)`), data));
    expect(l.shape).toEqual({ elementType: type, dimensions: [want.length] });
    expect([...l.data]).toEqual(want);
  });

  test("'=' (native order) and a descr with no order character read as the host's order (little-endian)", () => {
    expect(values(npyFile(1, dict("=i2", "(1,)"), [0xfe, 0xff]))).toEqual([-2]);
    expect(values(npyFile(1, dict("f8", "(1,)"), [0, 0, 0, 0, 0, 0, 0xf8, 0x3f]))).toEqual([1.5]);
  });

  test("f16 NaN and infinities decode from their bit patterns", () => {
    const got = values(npyFile(1, dict("<f2", "(3,)"), [0x00, 0x7e, 0x00, 0x7c, 0x00, 0xfc]));
    expect(got[0]).toBeNaN();
    expect(got.slice(1)).toEqual([Infinity, -Infinity]);
  });

  test("f64 NaN and -0 survive", () => {
    const got = values(npyFile(1, dict("<f8", "(2,)"), [0, 0, 0, 0, 0, 0, 0xf8, 0x7f, 0, 0, 0, 0, 0, 0, 0, 0x80]));
    expect(got[0]).toBeNaN();
    expect(Object.is(got[1], -0)).toBe(true);
  });
});

describe("readNpy handles versions, layouts and shapes", () => {
  test("a version 2.0 header (uint32 length) reads", () => {
    const l = readNpy(npyFile(2, dict("<i4", "(2,)"), [1, 0, 0, 0, 2, 0, 0, 0]));
    expect([...l.data]).toEqual([1, 2]);
  });

  test("a version 3.0 header (UTF-8) reads", () => {
    const l = readNpy(npyFile(3, dict("<i4", "(1, 1)"), [9, 0, 0, 0]));
    expect(l.shape.dimensions).toEqual([1, 1]);
    expect([...l.data]).toEqual([9]);
  });

  test("a Fortran-order matrix is transposed into row-major order", () => {
    // [[1,2,3],[4,5,6]] stored column by column.
    const data = [1, 4, 2, 5, 3, 6];
    const l = readNpy(npyFile(1, dict("|u1", "(2, 3)", "True"), data));
    expect(l.shape.dimensions).toEqual([2, 3]);
    expect([...l.data]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test("a Fortran-order rank-3 array puts element (i,j,k) at i + 2j + 6k in the file", () => {
    const dims = [2, 3, 2];
    const file = new Array<number>(12);
    for (let i = 0; i < 2; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 2; k++) file[i + 2 * j + 6 * k] = 100 * i + 10 * j + k;
    const l = readNpy(npyFile(1, dict("|u1", "(2, 3, 2)", "True"), file));
    expect(l.shape.dimensions).toEqual(dims);
    expect([...l.data]).toEqual([0, 1, 10, 11, 20, 21, 100, 101, 110, 111, 120, 121]);
  });

  test("a 0-d array holds one element and has no dimensions", () => {
    const l = readNpy(npyFile(1, dict("<f8", "()"), [0, 0, 0, 0, 0, 0, 0x08, 0x40]));
    expect(l.shape).toEqual({ elementType: "f64", dimensions: [] });
    expect([...l.data]).toEqual([3]);
  });

  test("zero-sized arrays read with no data bytes, in either order", () => {
    expect(readNpy(npyFile(1, dict("<f4", "(0, 3)"), [])).shape.dimensions).toEqual([0, 3]);
    expect(readNpy(npyFile(1, dict("<f4", "(3, 0)", "True"), [])).data.length).toBe(0);
  });

  test("header spacing, double quotes, key order and Python 2 long suffixes are accepted", () => {
    const header = `{"shape":(2L,),"fortran_order":False,"descr":"<i2"}`;
    expect(values(npyFile(1, header, [1, 0, 2, 0]))).toEqual([1, 2]);
  });

  test("bytes after the data are ignored, as NumPy does", () => {
    expect(values(npyFile(1, dict("|u1", "(1,)"), [5, 6, 7]))).toEqual([5]);
  });

  test("a view into a larger buffer (non-zero byteOffset) reads correctly", () => {
    const file = npyFile(1, dict("<i2", "(1,)"), [3, 0]);
    const big = new Uint8Array(file.length + 3);
    big.set(file, 3);
    expect(values(big.subarray(3))).toEqual([3]);
  });
});

describe("readNpy refuses malformed input with ParseError", () => {
  const good = npyFile(1, dict("<f8", "(2,)"), [0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0x40]);
  const cases: readonly { readonly name: string; readonly bytes: Uint8Array; readonly message: RegExp }[] = [
    { name: "an empty file", bytes: new Uint8Array(0), message: /magic/ },
    { name: "a bad magic string", bytes: new Uint8Array([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x5a, 1, 0, 0, 0]), message: /magic/ },
    { name: "version 4.0", bytes: npyFile(1, dict("<f8", "()"), []).map((b, i) => (i === 6 ? 4 : b)), message: /version 4\.0/ },
    { name: "a truncated header", bytes: good.subarray(0, 40), message: /truncated header/ },
    { name: "a truncated v2 header length", bytes: npyFile(2, "", []).subarray(0, 10), message: /truncated header/ },
    { name: "truncated data", bytes: good.subarray(0, good.length - 1), message: /truncated data: f64\[2\] needs 16 bytes but only 15/ },
    { name: "a header that is not a dict", bytes: npyFile(1, "['descr']\n", []), message: /not a dict/ },
    { name: "an unterminated string", bytes: npyFile(1, "{'descr: 1}", []), message: /unterminated string/ },
    { name: "a missing colon", bytes: npyFile(1, "{'descr' '<f8'}", []), message: /expected ':'/ },
    { name: "an unclosed dict", bytes: npyFile(1, "{'descr': '<f8',", []), message: /end of header/ },
    { name: "text after the dict", bytes: npyFile(1, dict("<f8", "()") + "x", []), message: /after the dict/ },
    { name: "a float in the shape", bytes: npyFile(1, dict("<f8", "(2.0,)"), []), message: /not a float/ },
    { name: "a negative dimension", bytes: npyFile(1, dict("<f8", "(-1,)"), []), message: /non-negative/ },
    { name: "a huge dimension", bytes: npyFile(1, dict("<f8", "(99999999999999999999,)"), []), message: /too large/ },
    { name: "a shape that is a list", bytes: npyFile(1, dict("<f8", "[2]"), []), message: /tuple/ },
    { name: "fortran_order that is not a bool", bytes: npyFile(1, dict("<f8", "()", "0"), []), message: /fortran_order/ },
    { name: "a missing key", bytes: npyFile(1, "{'descr': '<f8', 'shape': ()}", []), message: /exactly the keys/ },
    { name: "an extra key", bytes: npyFile(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (), 'x': 1}", []), message: /exactly the keys/ },
    { name: "a duplicate key", bytes: npyFile(1, "{'descr': '<f8', 'descr': '<f8'}", []), message: /duplicate key/ },
    { name: "an unknown dtype", bytes: npyFile(1, dict("<c16", "()"), []), message: /unsupported dtype '<c16'.*complex/ },
    { name: "a bogus dtype", bytes: npyFile(1, dict("<constructor", "()"), []), message: /unsupported dtype/ },
    { name: "an object array", bytes: npyFile(1, dict("|O", "()"), []), message: /object arrays/ },
    { name: "a void dtype (how bfloat16 is saved)", bytes: npyFile(1, dict("|V2", "()"), []), message: /bfloat16/ },
    { name: "a structured dtype", bytes: npyFile(1, "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': ()}", []), message: /structured/ },
    { name: "an int64 beyond 2^53", bytes: npyFile(1, dict("<i8", "(1,)"), [0, 0, 0, 0, 0, 0, 0x20, 0]), message: /beyond 2\^53/ },
    { name: "a uint64 of 2^63", bytes: npyFile(1, dict("<u8", "(1,)"), [0, 0, 0, 0, 0, 0, 0, 0x80]), message: /9223372036854775808.*beyond 2\^53/ },
    { name: "a v3 header that is not UTF-8", bytes: npyFile(2, "{\xff}", []).map((b, i) => (i === 6 ? 3 : b)), message: /UTF-8/ },
    { name: "deeply nested brackets", bytes: npyFile(1, "{'descr': " + "(".repeat(5000), []), message: /nesting deeper/ },
  ];
  test.each(cases)("$name", ({ bytes, message }) => {
    expect(() => readNpy(bytes)).toThrow(ParseError);
    expect(() => readNpy(bytes)).toThrow(message);
  });

  test("every truncation and thousands of random byte mutations of a valid file raise ParseError or read", () => {
    const file = npyFile(1, dict("<i8", "(2, 2)"), [1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0]);
    const attempt = (b: Uint8Array): void => {
      try {
        readNpy(b);
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
      }
    };
    for (let n = 0; n < file.length; n++) attempt(file.subarray(0, n));
    let seed = 12345;
    const rand = (k: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % k;
    };
    for (let trial = 0; trial < 5000; trial++) {
      const b = file.slice();
      const edits = 1 + rand(4);
      for (let e = 0; e < edits; e++) b[rand(b.length)] = rand(256);
      attempt(b);
    }
  });
});

describe("f16 bit conversions", () => {
  test("every one of the 65536 bit patterns decodes and re-encodes to itself (NaNs to the canonical NaN)", () => {
    for (let bits = 0; bits < 0x10000; bits++) {
      const x = f16FromBits(bits);
      const back = f16ToBits(x);
      if (Number.isNaN(x)) expect(back).toBe(0x7e00);
      else if (back !== bits) expect({ bits, back }).toEqual({ bits, back: bits });
    }
  });

  test("encoding rounds to nearest even and overflows to infinity", () => {
    expect(f16ToBits(1 + 2 ** -11)).toBe(0x3c00); // tie: rounds to even (1)
    expect(f16ToBits(1 + 3 * 2 ** -11)).toBe(0x3c02); // tie: rounds up to even mantissa 2
    expect(f16ToBits(65520)).toBe(0x7c00);
    expect(f16ToBits(-1e6)).toBe(0xfc00);
  });
});

describe("writeNpy", () => {
  const headerOf = (b: Uint8Array): string => String.fromCharCode(...b.subarray(10, 10 + (b[8] | (b[9] << 8))));

  test("writes version 1.0 with NumPy's header text, padded to 64 bytes ending in a newline", () => {
    const b = writeNpy(literal("f64", [2, 3], [1, 2, 3, 4, 5, 6]));
    expect([...b.subarray(0, 8)]).toEqual([...MAGIC, 1, 0]);
    const header = headerOf(b);
    expect(header.trimEnd()).toBe("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }");
    expect(header.endsWith(" \n")).toBe(true);
    expect((10 + header.length) % 64).toBe(0);
    expect(b.length).toBe(10 + header.length + 48);
  });

  test("writes a rank-1 shape as (n,), a 0-d shape as () and pred as '|b1'", () => {
    expect(headerOf(writeNpy(literal("pred", [3], [true, false, true])))).toMatch(/^\{'descr': '\|b1', 'fortran_order': False, 'shape': \(3,\), \}/);
    expect(headerOf(writeNpy(literal("s32", [], [7])))).toMatch(/'shape': \(\), \}/);
  });

  test("writes little-endian element bytes", () => {
    const b = writeNpy(literal("s16", [2], [1, -2]));
    expect([...b.subarray(b.length - 4)]).toEqual([0x01, 0x00, 0xfe, 0xff]);
  });

  test("refuses bf16, which has no standard .npy dtype", () => {
    expect(() => writeNpy(literal("bf16", [1], [1]))).toThrow(ParseError);
    expect(() => writeNpy(literal("bf16", [1], [1]))).toThrow(/bf16 has no standard \.npy dtype/);
  });

  const sample: { readonly [K in ElementType]: readonly number[] } = {
    pred: [1, 0, 1, 1, 0, 0],
    s8: [-128, 127, 0, -1, 5, 6],
    s16: [-32768, 32767, 0, -1, 5, 6],
    s32: [-2147483648, 2147483647, 0, -1, 5, 6],
    s64: [-(2 ** 53) + 1, 2 ** 53 - 1, 0, -1, 5, 6],
    u8: [255, 0, 1, 2, 3, 4],
    u16: [65535, 0, 1, 2, 3, 4],
    u32: [4294967295, 0, 1, 2, 3, 4],
    u64: [2 ** 53 - 1, 0, 1, 2, 3, 4],
    f16: [NaN, -0, Infinity, -Infinity, 65504, 2 ** -24],
    bf16: [1, 2, 3, 4, 5, 6],
    f32: [NaN, -0, Infinity, -Infinity, 3.4028234663852886e38, Math.fround(0.1)],
    f64: [NaN, -0, Infinity, -Infinity, Number.MAX_VALUE, 5e-324],
  };
  test.each(ELEMENT_TYPES.filter((t) => t !== "bf16"))("readNpy(writeNpy(l)) gives l back for %s, in shapes [2,3], [0] and []", (t) => {
    for (const [dims, vals] of [[[2, 3], sample[t]], [[0], []], [[], sample[t].slice(4, 5)]] as const) {
      const l = literal(t, dims, vals);
      const back = readNpy(writeNpy(l));
      expect(back.shape).toEqual(l.shape);
      expect(back.data).toEqual(l.data); // toEqual: NaN equals NaN, -0 is not 0
      for (let i = 0; i < l.data.length; i++) expect(Object.is(back.data[i], l.data[i])).toBe(true);
    }
  });
});

const CORPUS = join(import.meta.dirname, "../../../../shared/conformance/xla-jax");
const NUMPY_TYPES: { readonly [k: string]: ElementType } = {
  bool: "pred", int8: "s8", int16: "s16", int32: "s32", int64: "s64", uint8: "u8", uint16: "u16",
  uint32: "u32", uint64: "u64", float16: "f16", float32: "f32", float64: "f64",
};

describe.skipIf(!existsSync(CORPUS))("the shared corpus's .npy files (written by NumPy)", () => {
  interface FileEntry { readonly file: string; readonly dtype: string; readonly shape: readonly number[] }
  interface CaseEntry { readonly dir: string; readonly inputs: readonly FileEntry[]; readonly outputs: readonly FileEntry[] }
  const manifest = existsSync(CORPUS)
    ? (JSON.parse(readFileSync(join(CORPUS, "manifest.json"), "utf8")) as { readonly cases: readonly CaseEntry[] })
    : { cases: [] };
  const files = manifest.cases.flatMap((c) => [...c.inputs, ...c.outputs].map((f) => ({ ...f, path: join(c.dir, f.file) })));

  test("there are files to read", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  test.each(files)("$path reads as $dtype $shape and writeNpy reproduces NumPy's bytes", ({ path, dtype, shape }) => {
    const bytes = new Uint8Array(readFileSync(join(CORPUS, path)));
    const l = readNpy(bytes);
    expect(l.shape.elementType).toBe(NUMPY_TYPES[dtype]);
    expect(l.shape.dimensions).toEqual(shape);
    expect(writeNpy(l)).toEqual(bytes);
  });
});
