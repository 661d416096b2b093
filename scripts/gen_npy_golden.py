"""Golden .npy files for every minixla element type, written by NumPy and ml_dtypes.

Run (numpy 2.x and ml_dtypes 0.6.0 installed):
  python scripts/gen_npy_golden.py packages/hlo/testdata/npy

Writes one small file per case with np.save, plus golden.json listing for each
file: the element type minixla should read it as, the dims, the values NumPy
or ml_dtypes gives for the elements ("nan", "-nan", "inf", "-inf", "-0" as
strings; 64-bit integers as decimal strings; complex as [re, im]), and, where
writing those values back cannot give the file's own bytes (a byte outside
the type's canonical encodings, such as a NaN payload or the unused high bits
of an int4), the data bytes ml_dtypes writes for them ("rewrite").

ml_dtypes' types have no NumPy type character: np.save writes bfloat16 as
'<V2', float8_e5m2 as '<f1' and every other one-byte type as '<V1'; int4,
uint4, int2 and uint2 take one byte per element.
"""
import io
import json
import os
import struct
import sys

import ml_dtypes
import numpy as np

NARROW = {
    "f4e2m1fn": "float4_e2m1fn", "f8e3m4": "float8_e3m4", "f8e4m3": "float8_e4m3", "f8e4m3fn": "float8_e4m3fn",
    "f8e4m3fnuz": "float8_e4m3fnuz", "f8e4m3b11fnuz": "float8_e4m3b11fnuz", "f8e5m2": "float8_e5m2",
    "f8e5m2fnuz": "float8_e5m2fnuz", "f8e8m0fnu": "float8_e8m0fnu",
}
SMALL_INTS = {"s4": "int4", "u4": "uint4", "s2": "int2", "u2": "uint2"}


def enc_float(x):
    x = float(x)
    neg = struct.pack(">d", x)[0] & 0x80 != 0
    if x != x:
        return "-nan" if neg else "nan"
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    if x == 0 and neg:
        return "-0"
    return x


def enc(kind, v):
    if kind == "int":
        return str(int(v))
    if kind == "complex":
        return [enc_float(v.real), enc_float(v.imag)]
    return enc_float(v)


def save(a):
    b = io.BytesIO()
    np.save(b, a)
    return b.getvalue()


def data_bytes(file_bytes):
    header_len = struct.unpack("<H", file_bytes[8:10])[0]
    return file_bytes[10 + header_len:]


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    cases = {}

    def add(name, a, elem_type, kind, values64=None, rewrite=None):
        raw = save(a)
        with open(os.path.join(out_dir, f"{name}.npy"), "wb") as f:
            f.write(raw)
        flat = (values64 if values64 is not None else a).ravel(order="C")
        case = {"file": f"{name}.npy", "type": elem_type, "dims": list(a.shape), "values": [enc(kind, v) for v in flat]}
        if rewrite is not None and rewrite != data_bytes(raw):
            case["rewrite"] = list(rewrite)
        cases[name] = case

    nan = float("nan")
    special = [nan, -nan, float("inf"), float("-inf"), -0.0, 0.0]
    add("pred", np.array([[True, False, True], [False, False, True]]), "pred", "int")
    for t, dt in [("s8", np.int8), ("s16", np.int16), ("s32", np.int32), ("s64", np.int64),
                  ("u8", np.uint8), ("u16", np.uint16), ("u32", np.uint32), ("u64", np.uint64)]:
        info = np.iinfo(dt)
        vals = [info.min, info.max, 0, 1, info.max // 3]
        if t in ("s64", "u64"):
            vals += [2**53 + 1, info.max - 1]
        if t.startswith("s"):
            vals += [-1, info.min + 1]
        add(t, np.array(vals, dtype=dt), t, "int")
    add("s64_big_endian", np.array([-(2**63), 2**53 + 1, -3], dtype=">i8"), "s64", "int")
    add("u64_big_endian", np.array([2**64 - 1, 2**63 + 5], dtype=">u8"), "u64", "int")
    add("f16", np.array([*special, 65504, 2**-24, 1 / 3, -0.1], dtype=np.float16), "f16", "float")
    add("f32", np.array([*special, 3.4028234663852886e38, 1e-45, 1 / 3, -0.1], dtype=np.float32), "f32", "float")
    add("f64", np.array([*special, 1.7976931348623157e308, 5e-324, 1 / 3, -0.1], dtype=np.float64), "f64", "float")
    cvals = [1 + 2j, complex(-0.0, nan), complex(float("inf"), -1), 1 / 3 - 0.1j, complex(-nan, -0.0)]
    add("c64", np.array(cvals, dtype=np.complex64), "c64", "complex")
    add("c128", np.array(cvals, dtype=np.complex128).reshape(5, 1), "c128", "complex")
    add("c128_big_endian", np.array(cvals[:3], dtype=">c16"), "c128", "complex")
    add("c64_fortran", np.asfortranarray(np.arange(6, dtype=np.complex64).reshape(2, 3) * (1 - 2j)), "c64", "complex")

    # bfloat16: special values, then every one of a stride of bit patterns.
    bf = np.array([*special, 1 / 3, -0.1, 3.3895313892515355e38, 9.183549615799121e-41], dtype=np.float32).astype(ml_dtypes.bfloat16)
    add("bf16", bf, "bf16", "float", bf.astype(np.float64))
    codes = np.arange(0, 65536, 97, dtype=np.uint16).view(ml_dtypes.bfloat16)
    add("bf16_codes", codes, "bf16", "float", codes.astype(np.float64),
        bytes(np.array([ml_dtypes.bfloat16(float(v)) for v in codes.astype(np.float64)], dtype=ml_dtypes.bfloat16).view(np.uint8)))
    add("bf16_fortran", np.asfortranarray(np.arange(6, dtype=np.float32).reshape(3, 2).astype(ml_dtypes.bfloat16)), "bf16", "float",
        np.arange(6, dtype=np.float64).reshape(3, 2))

    # Every byte pattern of each narrow float and small integer type.
    for t, np_name in NARROW.items():
        dt = getattr(ml_dtypes, np_name)
        count = 16 if t == "f4e2m1fn" else 256
        a = np.arange(count, dtype=np.uint8).view(dt)
        v = a.astype(np.float64)
        # What ml_dtypes writes for each decoded value, converting the double directly.
        back = bytes(np.array([dt(float(x)) for x in v], dtype=dt).view(np.uint8))
        add(t, a, t, "float", v, back)
    for t, np_name in SMALL_INTS.items():
        dt = getattr(ml_dtypes, np_name)
        a = np.arange(256, dtype=np.uint8).view(dt)
        v = a.astype(np.int64)
        add(t, a.reshape(16, 16), t, "int", v.reshape(16, 16), bytes(v.astype(dt).view(np.uint8)))

    with open(os.path.join(out_dir, "golden.json"), "w") as f:
        json.dump({"numpy": np.__version__, "ml_dtypes": ml_dtypes.__version__, "cases": cases}, f, indent=0)
        f.write("\n")


main(sys.argv[1])
