/**
 * .npy tests. Files are built byte by byte from the format spec (magic,
 * version, little-endian header length, the header dict, raw elements), so the
 * reader is checked against the spec rather than against our own writer; then
 * files written by NumPy and ml_dtypes for every element type
 * (testdata/npy, scripts/gen_npy_golden.py), the shared corpus, and writer
 * round trips.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ParseError } from "../../errors.ts";
import { ELEMENT_TYPES, type ElementType } from "../../element_type.ts";
import { type LiteralData, literal } from "../../literal.ts";
import { bf16FromBits, bf16ToBits, f16FromBits, f16ToBits, readNpy, writeNpy } from "./npy.ts";

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

const values = (bytes: Uint8Array): (number | bigint)[] => [...readNpy(bytes).data];

/** A NaN with its sign bit set, made from bits (a `-NaN` literal may be folded to NaN by the compiler). */
const NEGATIVE_NAN = new Float64Array(new BigUint64Array([0xfff8000000000000n]).buffer)[0];
/** The sign bit of slot i, read from the bytes (a NaN held as a number may lose it in optimized code). */
const slotSign = (a: Float64Array, i: number): boolean => (new Uint8Array(a.buffer, a.byteOffset + 8 * i, 8)[7] & 0x80) !== 0;

/** Slots equal as bits go for the value (NaN equals NaN of the same sign; -0 is not 0). */
function sameSlots(a: LiteralData, b: LiteralData, nanSign = true): boolean {
  if (a.constructor !== b.constructor || a.length !== b.length) return false;
  if (!(a instanceof Float64Array) || !(b instanceof Float64Array)) return [...a].every((x, i) => x === b[i]);
  for (let i = 0; i < a.length; i++) {
    if (Number.isNaN(a[i]) ? !Number.isNaN(b[i]) || (nanSign && slotSign(a, i) !== slotSign(b, i)) : !Object.is(a[i], b[i])) return false;
  }
  return true;
}

describe("readNpy decodes every dtype in both byte orders from hand-written bytes", () => {
  const cases: readonly {
    readonly descr: string;
    readonly type: ElementType;
    readonly data: readonly number[];
    readonly want: readonly (number | bigint)[];
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
      want: [-1n, 2n ** 53n - 1n, -(2n ** 53n) + 1n],
    },
    {
      descr: ">i8", type: "s64",
      data: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe0, 0, 0, 0, 0, 0, 1],
      want: [-1n, 2n ** 53n - 1n, -(2n ** 53n) + 1n],
    },
    { descr: "<u8", type: "u64", data: [5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], want: [5n, 2n ** 32n, 0n] },
    { descr: ">u8", type: "u64", data: [0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], want: [5n, 2n ** 32n, 0n] },
    // Beyond 2^53, exactly: 2^63 - 1, -2^63 and 2^64 - 1.
    { descr: "<i8", type: "s64", data: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0, 0, 0, 0, 0x80], want: [2n ** 63n - 1n, -(2n ** 63n)] },
    { descr: "<u8", type: "u64", data: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0, 0, 0, 0x20, 0], want: [2n ** 64n - 1n, 2n ** 53n + 1n] },
    // 1, -2, 65504 (max), 2^-24 (smallest subnormal), -0
    { descr: "<f2", type: "f16", data: [0x00, 0x3c, 0x00, 0xc0, 0xff, 0x7b, 0x01, 0x00, 0x00, 0x80], want: [1, -2, 65504, 2 ** -24, -0] },
    { descr: ">f2", type: "f16", data: [0x3c, 0x00, 0xc0, 0x00, 0x7b, 0xff, 0x00, 0x01, 0x80, 0x00], want: [1, -2, 65504, 2 ** -24, -0] },
    // 1.5, f32(-0.1) = 0xbdcccccd, +inf
    { descr: "<f4", type: "f32", data: [0, 0, 0xc0, 0x3f, 0xcd, 0xcc, 0xcc, 0xbd, 0, 0, 0x80, 0x7f], want: [1.5, Math.fround(-0.1), Infinity] },
    { descr: ">f4", type: "f32", data: [0x3f, 0xc0, 0, 0, 0xbd, 0xcc, 0xcc, 0xcd, 0x7f, 0x80, 0, 0], want: [1.5, Math.fround(-0.1), Infinity] },
    // 1.5, -2, -inf
    { descr: "<f8", type: "f64", data: [0, 0, 0, 0, 0, 0, 0xf8, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0xf0, 0xff], want: [1.5, -2, -Infinity] },
    { descr: ">f8", type: "f64", data: [0x3f, 0xf8, 0, 0, 0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xf0, 0, 0, 0, 0, 0, 0], want: [1.5, -2, -Infinity] },
    // complex64 (1.5, -2), complex128 (-2, 1.5): real then imaginary, each in the file's byte order.
    { descr: "<c8", type: "c64", data: [0, 0, 0xc0, 0x3f, 0, 0, 0, 0xc0], want: [1.5, -2] },
    { descr: ">c8", type: "c64", data: [0x3f, 0xc0, 0, 0, 0xc0, 0, 0, 0], want: [1.5, -2] },
    { descr: "<c16", type: "c128", data: [0, 0, 0, 0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f], want: [-2, 1.5] },
    { descr: ">c16", type: "c128", data: [0xc0, 0, 0, 0, 0, 0, 0, 0, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0], want: [-2, 1.5] },
    // ml_dtypes' bfloat16 ('<V2', raw little-endian bytes): 1, -2, 1/3 rounded.
    { descr: "<V2", type: "bf16", data: [0x80, 0x3f, 0x00, 0xc0, 0xab, 0x3e], want: [1, -2, 0.333984375] },
    { descr: "|V2", type: "bf16", data: [0x80, 0x3f], want: [1] },
    // ml_dtypes' float8_e5m2 ('<f1'): 1, -2, 57344 (max), -inf.
    { descr: "<f1", type: "f8e5m2", data: [0x3c, 0xc0, 0x7b, 0xfc], want: [1, -2, 57344, -Infinity] },
  ];
  test.each(cases)("'$descr' reads as $type", ({ descr, type, data, want }) => {
    const n = type === "c64" || type === "c128" ? want.length / 2 : want.length;
    const l = readNpy(npyFile(1, dict(descr, `(${n},)`), data));
    expect(l.shape).toEqual({ elementType: type, dimensions: [n] });
    expect([...l.data]).toEqual(want);
  });

  test("'=' (native order) and a descr with no order character read as the host's order (little-endian)", () => {
    expect(values(npyFile(1, dict("=i2", "(1,)"), [0xfe, 0xff]))).toEqual([-2]);
    expect(values(npyFile(1, dict("f8", "(1,)"), [0, 0, 0, 0, 0, 0, 0xf8, 0x3f]))).toEqual([1.5]);
  });

  test("f16 NaN (with its sign) and infinities decode from their bit patterns", () => {
    const data = readNpy(npyFile(1, dict("<f2", "(4,)"), [0x00, 0x7e, 0x00, 0x7c, 0x00, 0xfc, 0x00, 0xfe])).data as Float64Array;
    expect(data[0]).toBeNaN();
    expect(slotSign(data, 0)).toBe(false);
    expect([...data.subarray(1, 3)]).toEqual([Infinity, -Infinity]);
    expect(data[3]).toBeNaN();
    expect(slotSign(data, 3)).toBe(true);
  });

  test("ml_dtypes' one-byte types ('<V1') read given the element type, the value in the low bits", () => {
    const file = npyFile(1, dict("<V1", "(4,)"), [0x0f, 0xf7, 0x08, 0x38]);
    expect([...readNpy(file, { elementType: "s4" }).data]).toEqual([-1, 7, -8, -8]);
    expect([...readNpy(file, { elementType: "u4" }).data]).toEqual([15, 7, 8, 8]);
    expect([...readNpy(file, { elementType: "s2" }).data]).toEqual([-1, -1, 0, 0]);
    expect([...readNpy(file, { elementType: "u2" }).data]).toEqual([3, 3, 0, 0]);
    expect([...readNpy(file, { elementType: "f4e2m1fn" }).data]).toEqual([-6, 6, -0, -0]);
    expect([...readNpy(file, { elementType: "f8e4m3fn" }).data]).toEqual([0.029296875, -240, 0.015625, 1]);
    expect(readNpy(file, { elementType: "f8e4m3fn" }).shape.elementType).toBe("f8e4m3fn");
  });

  test("a hint is ignored by descrs that name their type", () => {
    expect(readNpy(npyFile(1, dict("<f8", "()"), [0, 0, 0, 0, 0, 0, 0xf8, 0x3f]), { elementType: "f32" }).shape.elementType).toBe("f64");
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
    { name: "complex256", bytes: npyFile(1, dict("<c32", "()"), []), message: /unsupported dtype '<c32'.*complex64/ },
    { name: "a bogus dtype", bytes: npyFile(1, dict("<constructor", "()"), []), message: /unsupported dtype/ },
    { name: "an object array", bytes: npyFile(1, dict("|O", "()"), []), message: /object arrays/ },
    { name: "a three-byte void dtype", bytes: npyFile(1, dict("|V3", "()"), []), message: /unsupported dtype '\|V3': void/ },
    { name: "'<V1' with no element type", bytes: npyFile(1, dict("<V1", "()"), [0]), message: /'<V1' is how ml_dtypes saves .*s4.*f8e4m3fn.*pass the element type/ },
    { name: "a structured dtype", bytes: npyFile(1, "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': ()}", []), message: /structured/ },
    { name: "a truncated complex128", bytes: npyFile(1, dict("<c16", "(1,)"), [0, 0, 0, 0, 0, 0, 0, 0]), message: /c128\[1\] needs 16 bytes but only 8/ },
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

describe("f16 and bf16 bit conversions", () => {
  test("every one of the 65536 f16 bit patterns decodes and re-encodes to itself (NaNs to the quiet NaN of their sign)", () => {
    for (let bits = 0; bits < 0x10000; bits++) {
      const x = f16FromBits(bits);
      const back = f16ToBits(x, (bits & 0x8000) !== 0);
      if (Number.isNaN(x)) expect(back).toBe((bits & 0x8000) | 0x7e00);
      else if (back !== bits) expect({ bits, back }).toEqual({ bits, back: bits });
    }
  });

  test("f16 encoding rounds to nearest even and overflows to infinity", () => {
    expect(f16ToBits(1 + 2 ** -11)).toBe(0x3c00); // tie: rounds to even (1)
    expect(f16ToBits(1 + 3 * 2 ** -11)).toBe(0x3c02); // tie: rounds up to even mantissa 2
    expect(f16ToBits(65520)).toBe(0x7c00);
    expect(f16ToBits(-1e6)).toBe(0xfc00);
  });

  test("every one of the 65536 bf16 bit patterns decodes and re-encodes to itself (NaNs to ml_dtypes' 0x7fc0 of their sign)", () => {
    for (let bits = 0; bits < 0x10000; bits++) {
      const x = bf16FromBits(bits);
      const back = bf16ToBits(x, (bits & 0x8000) !== 0);
      if (Number.isNaN(x)) expect(back).toBe((bits & 0x8000) | 0x7fc0);
      else if (back !== bits) expect({ bits, back }).toEqual({ bits, back: bits });
    }
    expect(bf16ToBits(NEGATIVE_NAN)).toBe(0xffc0);
    expect(f16ToBits(NEGATIVE_NAN)).toBe(0xfe00);
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

  test("writes the descr np.save writes: '<c8'/'<c16' for complex, '<V2' for bf16, '<f1' for f8e5m2, '<V1' for the other one-byte types", () => {
    const descr = (t: ElementType) => /'descr': '([^']*)'/.exec(headerOf(writeNpy(literal(t, [0], []))))?.[1];
    expect(descr("c64")).toBe("<c8");
    expect(descr("c128")).toBe("<c16");
    expect(descr("bf16")).toBe("<V2");
    expect(descr("f8e5m2")).toBe("<f1");
    for (const t of ["f8e4m3fn", "f8e8m0fnu", "f4e2m1fn", "s4", "u4", "s2", "u2"] as const) expect(descr(t)).toBe("<V1");
  });

  test("writes s64 and u64 exactly beyond 2^53, and int4 as its low four bits", () => {
    const b = writeNpy(literal("u64", [1], [2n ** 64n - 1n]));
    expect([...b.subarray(b.length - 8)]).toEqual([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    const s = writeNpy(literal("s64", [1], [-(2n ** 63n) + 1n]));
    expect([...s.subarray(s.length - 8)]).toEqual([1, 0, 0, 0, 0, 0, 0, 0x80]);
    const i4 = writeNpy(literal("s4", [2], [-1, -8]));
    expect([...i4.subarray(i4.length - 2)]).toEqual([0x0f, 0x08]);
  });

  test("refuses a token, which has no values", () => {
    expect(() => writeNpy({ shape: { elementType: "token", dimensions: [] }, data: new Float64Array(1) })).toThrow(ParseError);
  });

  const sample: { readonly [K in Exclude<ElementType, "token">]: readonly (number | bigint)[] } = {
    pred: [1, 0, 1, 1, 0, 0],
    s2: [-2, 1, 0, -1, 1, 0],
    s4: [-8, 7, 0, -1, 5, 6],
    s8: [-128, 127, 0, -1, 5, 6],
    s16: [-32768, 32767, 0, -1, 5, 6],
    s32: [-2147483648, 2147483647, 0, -1, 5, 6],
    s64: [-(2n ** 63n), 2n ** 63n - 1n, 0n, -1n, 2n ** 53n + 1n, 6n],
    u2: [3, 0, 1, 2, 3, 0],
    u4: [15, 0, 1, 2, 3, 4],
    u8: [255, 0, 1, 2, 3, 4],
    u16: [65535, 0, 1, 2, 3, 4],
    u32: [4294967295, 0, 1, 2, 3, 4],
    u64: [2n ** 64n - 1n, 0n, 1n, 2n, 2n ** 53n + 1n, 4n],
    f4e2m1fn: [-6, -0, 0.5, 1.5, 4, 3],
    f8e3m4: [NaN, -0, Infinity, -Infinity, 15.5, 0.015625],
    f8e4m3: [NaN, -0, Infinity, -Infinity, 240, 2 ** -9],
    f8e4m3fn: [NaN, -0, NEGATIVE_NAN, -448, 448, 2 ** -9],
    f8e4m3fnuz: [NaN, 0, -240, 1, 240, 2 ** -10],
    f8e4m3b11fnuz: [NaN, 0, -30, 1, 30, 2 ** -13],
    f8e5m2: [NaN, -0, Infinity, -Infinity, 57344, 2 ** -16],
    f8e5m2fnuz: [NaN, 0, -57344, 1, 57344, 2 ** -17],
    f8e8m0fnu: [NaN, 2 ** -127, 2 ** 127, 1, 0.5, 4],
    f16: [NaN, -0, Infinity, -Infinity, 65504, 2 ** -24],
    bf16: [NaN, -0, Infinity, -Infinity, 3.3895313892515355e38, 2 ** -133],
    f32: [NaN, -0, Infinity, -Infinity, 3.4028234663852886e38, Math.fround(0.1)],
    f64: [NEGATIVE_NAN, -0, Infinity, -Infinity, Number.MAX_VALUE, 5e-324],
    c64: [NaN, 1, -0, Infinity, -Infinity, Math.fround(0.1), 3, 4, 5, 6, 7, 8],
    c128: [NaN, 1, -0, Infinity, -Infinity, 0.1, 3, 4, 5, 6, 7, NEGATIVE_NAN],
  };
  const types = ELEMENT_TYPES.filter((t): t is Exclude<ElementType, "token"> => t !== "token");
  test.each(types)("readNpy(writeNpy(l)) gives l back for %s, in shapes [2,3], [0] and []", (t) => {
    const lanes = t === "c64" || t === "c128" ? 2 : 1;
    const vals = sample[t];
    for (const [dims, v] of [[[2, 3], vals], [[0], []], [[], vals.slice(4 * lanes, 5 * lanes)]] as const) {
      const l = literal(t, dims, v);
      const back = readNpy(writeNpy(l), { elementType: t });
      expect(back.shape).toEqual(l.shape);
      // The fnuz formats have one NaN (0x80), which ml_dtypes reads as -nan whatever NaN was written.
      expect(sameSlots(back.data, l.data, !t.endsWith("fnuz"))).toBe(true);
    }
  });
});

/**
 * Files written by np.save from NumPy and ml_dtypes arrays (scripts/gen_npy_golden.py,
 * NumPy 2.4.6, ml_dtypes 0.6.0): every element type, both byte orders, Fortran order,
 * every byte of each one-byte ml_dtypes type.
 */
type GoldenValue = string | number | readonly [string | number, string | number];
interface GoldenFile {
  readonly file: string;
  readonly type: Exclude<ElementType, "token">;
  readonly dims: readonly number[];
  readonly values: readonly GoldenValue[];
  /** The data bytes ml_dtypes writes for the values, where they differ from the file's. */
  readonly rewrite?: readonly number[];
}
const GOLDEN_DIR = new URL("../../../testdata/npy/", import.meta.url);
const golden = JSON.parse(readFileSync(new URL("golden.json", GOLDEN_DIR), "utf8")) as { readonly cases: { readonly [name: string]: GoldenFile } };

function goldenSlot(v: string | number): number {
  switch (v) {
    case "nan": return NaN;
    case "-nan": return NEGATIVE_NAN;
    case "inf": return Infinity;
    case "-inf": return -Infinity;
    case "-0": return -0;
    default: return Number(v);
  }
}

function goldenData(c: GoldenFile): LiteralData {
  if (c.type === "s64") return BigInt64Array.from(c.values, (v) => BigInt(v as string));
  if (c.type === "u64") return BigUint64Array.from(c.values, (v) => BigInt(v as string));
  const slots = c.type === "c64" || c.type === "c128" ? c.values.flatMap((v) => v as readonly (string | number)[]) : (c.values as readonly (string | number)[]);
  // Signs of NaNs are set in the bytes: V8 may drop them from NaNs in JS arrays and in optimized code.
  const out = Float64Array.from(slots, goldenSlot);
  const bytes = new Uint8Array(out.buffer);
  slots.forEach((v, i) => {
    if (v === "-nan") bytes[8 * i + 7] |= 0x80;
  });
  return out;
}

describe("files written by NumPy and ml_dtypes (testdata/npy)", () => {
  test.each(Object.entries(golden.cases))("%s reads to NumPy's values, and writeNpy gives np.save's bytes back", (_, c) => {
    const bytes = new Uint8Array(readFileSync(new URL(c.file, GOLDEN_DIR)));
    const l = readNpy(bytes, { elementType: c.type });
    expect(l.shape).toEqual({ elementType: c.type, dimensions: c.dims });
    expect(sameSlots(l.data, goldenData(c))).toBe(true);
    const written = writeNpy(l);
    const fortran = /'fortran_order': True/.test(String.fromCharCode(...bytes.subarray(0, 128)));
    const bigEndian = /'descr': '>/.test(String.fromCharCode(...bytes.subarray(0, 128)));
    if (!fortran && !bigEndian) {
      const dataStart = written.length - (bytes.length - 128);
      expect(dataStart).toBe(128);
      expect([...written.subarray(0, 128)]).toEqual([...bytes.subarray(0, 128)]);
      expect([...written.subarray(128)]).toEqual(c.rewrite ?? [...bytes.subarray(128)]);
    }
    expect(sameSlots(readNpy(written, { elementType: c.type }).data, l.data)).toBe(true);
  });

  test("the files hold what the test expects: every byte of the one-byte types, both sides of 2^53", () => {
    expect(golden.cases.f8e4m3fn.values).toHaveLength(256);
    expect(golden.cases.s4.dims).toEqual([16, 16]);
    expect(golden.cases.u64.values).toContain("18446744073709551615");
  });

  test("'<V1' without the element type, or with one it cannot hold, is a ParseError naming the choices", () => {
    const bytes = new Uint8Array(readFileSync(new URL("f8e4m3fn.npy", GOLDEN_DIR)));
    expect(() => readNpy(bytes)).toThrow(/'<V1' is how ml_dtypes saves its one-byte types/);
    expect(() => readNpy(bytes, { elementType: "f32" })).toThrow(ParseError);
    expect(() => readNpy(bytes, { elementType: "bf16" })).toThrow(/'<V1' cannot hold bf16/);
    // '<V2' is only ever bfloat16, and '<f1' only float8_e5m2: no hint needed.
    expect(readNpy(new Uint8Array(readFileSync(new URL("bf16.npy", GOLDEN_DIR)))).shape.elementType).toBe("bf16");
    expect(readNpy(new Uint8Array(readFileSync(new URL("f8e5m2.npy", GOLDEN_DIR)))).shape.elementType).toBe("f8e5m2");
  });
});

// The repository's copy of the XLA-computed corpus (test/corpus/xla-jax/README.md).
const CORPUS = join(import.meta.dirname, "../../../../../test/corpus/xla-jax");
const NUMPY_TYPES: { readonly [k: string]: ElementType } = {
  bool: "pred", int8: "s8", int16: "s16", int32: "s32", int64: "s64", uint8: "u8", uint16: "u16",
  uint32: "u32", uint64: "u64", float16: "f16", float32: "f32", float64: "f64",
};

describe.skipIf(!existsSync(CORPUS))("the XLA corpus's .npy files (written by NumPy)", () => {
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
