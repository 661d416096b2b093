"""Golden tables for minixla's narrow float formats, from ml_dtypes.

Run (numpy and ml_dtypes 0.6.0 installed):
  python scripts/gen_minifloat_golden.py > packages/hlo/testdata/minifloat_golden.json

For each format: the value of every bit pattern, finfo's max / tiny / smallest
subnormal, and float64 inputs with the bits ml_dtypes gives when converting the
double directly (the scalar constructor, `float8_e4m3fn(x)`), which is what
XLA's convert from f64 does. (numpy's `astype` from a float64 array goes through
float32 first, a double rounding XLA does not do.) Non-finite values and -0 are
written as strings: "nan", "inf", "-inf", "-0".
"""
import json
import struct

import ml_dtypes
import numpy as np

FORMATS = {
    "f4e2m1fn": "float4_e2m1fn", "f8e3m4": "float8_e3m4", "f8e4m3": "float8_e4m3",
    "f8e4m3fn": "float8_e4m3fn", "f8e4m3fnuz": "float8_e4m3fnuz", "f8e4m3b11fnuz": "float8_e4m3b11fnuz",
    "f8e5m2": "float8_e5m2", "f8e5m2fnuz": "float8_e5m2fnuz", "f8e8m0fnu": "float8_e8m0fnu",
}


def enc(x):
    x = float(x)
    if x != x:
        return "nan"
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    if x == 0 and struct.pack(">d", x)[0] & 0x80:
        return "-0"
    return x


def bits_of(t, x):
    return int(np.array(t(float(x))).view(np.uint8))


def main():
    rng = np.random.default_rng(8)
    out = {"ml_dtypes": ml_dtypes.__version__, "formats": {}}
    for name, np_name in FORMATS.items():
        t = getattr(ml_dtypes, np_name)
        count = 16 if name == "f4e2m1fn" else 256
        values = np.arange(count, dtype=np.uint8).view(t).astype(np.float64)
        fin = np.unique(values[np.isfinite(values)])
        mids = (fin[:-1] + fin[1:]) / 2
        fi = ml_dtypes.finfo(t)
        big = float(fi.max)
        # The first value past max that a non-saturating conversion sends out of range.
        gap = big - float(fin[-2])
        inputs = [
            *mids,  # exact ties
            *(mids[::3] * (1 + 2.0**-40)), *(mids[1::3] * (1 - 2.0**-40)), *(mids[2::3] * (1 + 2.0**-12)),
            *fin, *(fin[::5] * (1 - 2.0**-30)),
            big + gap / 2, big + gap / 2 * (1 - 2.0**-20), big + gap / 2 * (1 + 2.0**-20), big * 4,
            float(fi.smallest_subnormal) / 2, float(fi.smallest_subnormal) / 2 * (1 + 2.0**-20),
            float(fi.smallest_subnormal) / 4, -float(fi.smallest_subnormal) / 4,
            1e-300, -1e-300, 5e-324, 1e300, -1e300, 0.1, -0.1, 1 / 3, -2 / 3, 1e5, -7e4,
            float("inf"), float("-inf"), 0.0, -0.0,
            *(rng.normal(size=40) * big / 4),
            # Just above, and well between, the smallest values (f8e8m0fnu rounds (2^-127, 2^-126) up).
            *(fin[fin > 0][:8] * (1 + 2.0**-20)), *(fin[fin > 0][:8] * 0.75), *(fin[fin > 0][:8] * 1.3),
            float(fi.tiny) * 0.99, float(fi.tiny) * 1.01,
        ]
        cases = [[enc(x), bits_of(t, x)] for x in inputs]
        out["formats"][name] = {
            "numpy": np_name,
            "max": float(fi.max), "tiny": float(fi.tiny), "smallestSubnormal": float(fi.smallest_subnormal),
            "values": [enc(v) for v in values],
            "cases": cases,
        }
    print(json.dumps(out, separators=(",", ":")))


main()
