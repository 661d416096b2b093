import { describe, expect, test } from "vitest";
import { HloError } from "./errors.ts";
import { literal, scalar, tupleLiteral, zeroLiteral } from "./literal.ts";
import { asArray, asTuple, toTypedArray } from "./literal_access.ts";
import { shape } from "./shape.ts";

describe("asArray and asTuple", () => {
  const arr = literal("f32", [2], [1, 2]);
  const tup = tupleLiteral([arr, scalar(3, "s32")]);

  test("give the literal back when it is of the kind asked for", () => {
    expect(asArray(arr)).toBe(arr);
    expect(asTuple(tup)).toBe(tup);
  });

  test("throw HloError naming the shape otherwise", () => {
    expect(() => asArray(tup)).toThrow(HloError);
    expect(() => asArray(tup)).toThrow("asArray: expected an array literal, got a tuple of shape (f32[2], s32[])");
    expect(() => asTuple(arr)).toThrow("asTuple: expected a tuple literal, got an array of shape f32[2]");
  });
});

describe("toTypedArray gives the typed array of the element type", () => {
  test.each([
    ["f32", Float32Array, [1.5, -0.25]],
    ["f64", Float64Array, [0.1, -3]],
    ["s32", Int32Array, [-2147483648, 7]],
    ["u32", Uint32Array, [4294967295, 0]],
    ["s8", Int8Array, [-128, 127]],
    ["s16", Int16Array, [-32768, 5]],
    ["u16", Uint16Array, [65535, 1]],
    ["u8", Uint8Array, [255, 0]],
    ["s4", Int8Array, [-8, 7]],
    ["u4", Uint8Array, [15, 0]],
    ["f16", Float64Array, [65504, 0.5]],
    ["bf16", Float64Array, [1.5, -2]],
    ["f8e4m3fn", Float64Array, [448, -0.5]],
  ] as const)("%s", (t, Ctor, values) => {
    const got = toTypedArray(literal(t, [2], values));
    expect(got).toBeInstanceOf(Ctor);
    expect(Array.from(got as ArrayLike<number>)).toEqual(values);
  });

  test("pred is 0/1 in a Uint8Array", () => {
    const got = toTypedArray(literal("pred", [3], [true, false, true]));
    expect(got).toBeInstanceOf(Uint8Array);
    expect(Array.from(got as Uint8Array)).toEqual([1, 0, 1]);
  });

  test("f32 values come out exactly (they are already rounded to f32)", () => {
    const got = toTypedArray(literal("f32", [1], [1.1]));
    expect(got[0]).toBe(Math.fround(1.1));
  });

  test("s64 and u64 keep every bit in BigInt64Array / BigUint64Array", () => {
    const s = toTypedArray(literal("s64", [2], [-(2n ** 63n), 2n ** 63n - 1n]));
    expect(s).toBeInstanceOf(BigInt64Array);
    expect(Array.from(s as BigInt64Array)).toEqual([-(2n ** 63n), 2n ** 63n - 1n]);
    const u = toTypedArray(literal("u64", [1], [2n ** 64n - 1n]));
    expect(u).toBeInstanceOf(BigUint64Array);
    expect(u[0]).toBe(2n ** 64n - 1n);
  });

  test("complex types give interleaved (re, im) pairs in a Float64Array", () => {
    const got = toTypedArray(literal("c64", [2], [[1, 2], [3, -4]]));
    expect(got).toBeInstanceOf(Float64Array);
    expect(Array.from(got as Float64Array)).toEqual([1, 2, 3, -4]);
  });

  test("is a copy: writing it leaves the literal alone", () => {
    const l = literal("s32", [2], [1, 2]);
    const got = toTypedArray(l) as Int32Array;
    got[0] = 99;
    expect(l.data[0]).toBe(1);
  });

  test("a tuple or a token throws HloError", () => {
    expect(() => toTypedArray(tupleLiteral([]))).toThrow("asArray: expected an array literal, got a tuple of shape ()");
    expect(() => toTypedArray(zeroLiteral(shape("token", [])))).toThrow("toTypedArray: token[] has no values");
  });
});
