"""Golden values of acos, acosh, asin, asinh, atanh, cosh, sinh from real XLA.

python gen_inverse_trig_goldens.py inverse_trig_goldens.json   (needs jax/jaxlib; run_hlo.py beside it or on PYTHONPATH)

XLA's CPU code generator has no emitter for these opcodes ("UNIMPLEMENTED: acos"),
so the operand is a constant: XLA's constant folding then computes the op with
its HloEvaluator (std::acos etc. in float for f32/f16/bf16, double for f64,
std::complex for c64/c128), the semantics minixla follows. Values are written
as text (repr, or nan/inf/-inf) so -0.0 and NaN survive JSON.
"""
import json, sys, warnings
warnings.filterwarnings("ignore")
import numpy as np
import ml_dtypes
from run_hlo import run

OPS = ["acos", "acosh", "asin", "asinh", "atanh", "cosh", "sinh"]
REAL = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 0.9999, 1.5, -2.0, 10.0, 1e-8, 100.0, 800.0, -800.0, float("inf"), float("-inf"), float("nan")]
COMPLEX = [(0.5, 0.25), (-2.0, 1.0), (3.0, -4.0), (0.0, 0.0), (1.0, 0.0), (-1.0, 0.0), (2.0, 0.0), (0.0, 2.0), (0.0, -0.5), (1e-3, 1e-3)]
TYPES = [("f64", np.float64), ("f32", np.float32), ("f16", np.float16), ("bf16", ml_dtypes.bfloat16)]

def text(v):
    if v != v: return "nan"
    if v in (float("inf"), float("-inf")): return "inf" if v > 0 else "-inf"
    return repr(float(v))

def main(out_path):
    results = {}
    for ty, npt in TYPES:
        x = np.array(REAL, dtype=npt).astype(np.float64)
        body = ", ".join(text(v) for v in x)
        for op in OPS:
            hlo = f"HloModule m\nENTRY e {{\n  c = {ty}[{len(x)}] constant({{{body}}})\n  ROOT r = {ty}[{len(x)}] {op}(c)\n}}\n"
            results[f"{op}:{ty}"] = [text(v) for v in run(hlo, [])[0].astype(np.float64)]
    for ty in ["c128", "c64"]:
        body = ", ".join(f"({text(a)}, {text(b)})" for a, b in COMPLEX)
        for op in OPS:
            hlo = f"HloModule m\nENTRY e {{\n  c = {ty}[{len(COMPLEX)}] constant({{{body}}})\n  ROOT r = {ty}[{len(COMPLEX)}] {op}(c)\n}}\n"
            results[f"{op}:{ty}"] = [[text(v.real), text(v.imag)] for v in run(hlo, [])[0].astype(np.complex128)]
    doc = {"real_inputs": [text(v) for v in REAL], "complex_inputs": [[text(a), text(b)] for a, b in COMPLEX], "results": results}
    with open(out_path, "w") as f:
        json.dump(doc, f, indent=1)

if __name__ == "__main__":
    main(sys.argv[1])
