"""Golden values from XLA CPU for stochastic-convert (stochastic_convert_goldens.json).
Run with the conformance venv:
  python gen_stochastic_convert_goldens.py /path/to/run_hlo.py_dir > stochastic_convert_goldens.json
Each case: operand, random-bits and result types, the first 40 operand values
(Python repr: "nan", "inf", "-0.0"), the random bits and XLA's results, as strings."""
import json, sys
import warnings
import numpy as np

warnings.filterwarnings("ignore")
sys.path.insert(0, sys.argv[1])
import run_hlo  # noqa: E402
import ml_dtypes  # noqa: E402

COMBOS = [("f32", "u32", "s8"), ("f32", "u32", "s32"), ("f32", "u32", "s64"), ("f16", "u16", "s16"), ("f16", "u16", "s32"),
          ("bf16", "u16", "s8"), ("f64", "u64", "s64"), ("f64", "u64", "s32"), ("f8e4m3fn", "u8", "s8"), ("f8e5m2", "u8", "s4"), ("f32", "u32", "s2")]
NP = {"f32": np.float32, "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f64": np.float64, "f8e4m3fn": ml_dtypes.float8_e4m3fn,
      "f8e5m2": ml_dtypes.float8_e5m2, "u32": np.uint32, "u16": np.uint16, "u64": np.uint64, "u8": np.uint8}
SPECIAL = [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.25, -2.75, 127.0, 127.5, -128.0, -128.5, -129.0, 200.0, -300.0, np.inf, -np.inf, np.nan,
           1e-3, -7.99, 2147483520.0, -2147483648.0, 3e9, -3e9, 9.3e18, -9.3e18, 1e20]
N = 64
rng = np.random.default_rng(7)


def signed(out, to):
    """s2/s4 results come back as raw bytes; sign-extend them."""
    if out.dtype.kind == "V":
        b = {"s2": 2, "s4": 4}[to]
        u = out.view(np.uint8).astype(np.int64) & ((1 << b) - 1)
        return np.where(u >= (1 << (b - 1)), u - (1 << b), u)
    return out.astype(np.int64)


cases = {}
for frm, rnd, to in COMBOS:
    x = np.concatenate([np.array(SPECIAL), rng.normal(0, 20, N - len(SPECIAL))]).astype(NP[frm])
    bits = np.dtype(NP[rnd]).itemsize * 8
    r = rng.integers(0, 2**bits, size=N, dtype=np.uint64 if bits == 64 else np.int64).astype(NP[rnd])
    r[:6] = np.array([0, 2**(bits - 1), 2**bits - 1, 1, 2**(bits - 2), 2**(bits - 1) - 1], dtype=np.uint64).astype(NP[rnd])
    hlo = f"HloModule sc\n\nENTRY main {{\n  a = {frm}[{N}] parameter(0)\n  r = {rnd}[{N}] parameter(1)\n  ROOT sc = {to}[{N}] stochastic-convert(a, r)\n}}\n"
    out = signed(run_hlo.run(hlo, [x, r])[0], to)
    cases[f"{frm}_{to}"] = {"from": frm, "random": rnd, "to": to, "x": [repr(float(v)) for v in x.astype(np.float64)][:40],
                            "r": [str(int(v)) for v in r][:40], "xla": [str(int(v)) for v in out][:40]}
items = list(cases.items())
print("{")
for i, (k, v) in enumerate(items):
    print(f'  "{k}": {json.dumps(v, separators=(",", ":"))}' + ("," if i < len(items) - 1 else ""))
print("}")
