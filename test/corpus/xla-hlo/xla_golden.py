"""Runs the modules make_golden.ts picked on real XLA (CPU) with their inputs and
writes golden.json: [{id, inputs, outputs}], values encoded as golden.ts reads them.

  /tmp/minixla-xla-venv/bin/python test/corpus/xla-hlo/xla_golden.py /tmp/golden_in.json test/corpus/xla-hlo/golden.json

Each module runs in a child process, so a module that crashes XLA is only left out.
Needs JAX/jaxlib 0.10.2 (CPU); runs modules through ../xla-ops/run_hlo.py; the test reads only golden.json.
"""
import json, math, os, subprocess, sys, warnings
warnings.filterwarnings("ignore")

DTYPES = {
    "pred": "bool", "s2": "int2", "s4": "int4", "s8": "int8", "s16": "int16", "s32": "int32", "s64": "int64",
    "u2": "uint2", "u4": "uint4", "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
    "f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64", "c64": "complex64", "c128": "complex128",
    "f4e2m1fn": "float4_e2m1fn", "f8e3m4": "float8_e3m4", "f8e4m3": "float8_e4m3", "f8e4m3fn": "float8_e4m3fn",
    "f8e4m3fnuz": "float8_e4m3fnuz", "f8e4m3b11fnuz": "float8_e4m3b11fnuz", "f8e5m2": "float8_e5m2",
    "f8e5m2fnuz": "float8_e5m2fnuz", "f8e8m0fnu": "float8_e8m0fnu",
}
TYPES = {v: k for k, v in DTYPES.items()}

def dec(v):
    return {"nan": math.nan, "inf": math.inf, "-inf": -math.inf, "-0": -0.0}.get(v, v) if isinstance(v, str) else v

def enc(x):
    if isinstance(x, int): return x
    if math.isnan(x): return "nan"
    if math.isinf(x): return "inf" if x > 0 else "-inf"
    if x == 0 and math.copysign(1, x) < 0: return "-0"
    return int(x) if x.is_integer() and abs(x) < 2**53 else x

def to_numpy(g):
    import numpy as np, ml_dtypes
    t = g["elementType"]
    name = DTYPES[t]
    dtype = getattr(ml_dtypes, name) if hasattr(ml_dtypes, name) and not hasattr(np, name) else np.dtype(name)
    if t in ("s64", "u64"):
        vals = [int(v) for v in g["values"]]
    elif t in ("c64", "c128"):
        vals = [complex(dec(a), dec(b)) for a, b in g["values"]]
    else:
        vals = [dec(v) for v in g["values"]]
    if t in ("s64", "u64", "pred", "c64", "c128", "f32", "f64", "f16") or t[0] in "su":
        return np.array(vals, dtype=dtype).reshape(g["dimensions"])
    return np.array(vals, dtype=np.float64).astype(dtype).reshape(g["dimensions"])

def from_numpy(a):
    import numpy as np
    name = a.dtype.name
    t = TYPES.get(name)
    if t is None: raise ValueError(f"dtype {name}")
    flat = a.reshape(-1)
    if t in ("c64", "c128"):
        vals = [[enc(float(z.real)), enc(float(z.imag))] for z in flat]
    elif t in ("s64", "u64"):
        vals = [str(int(x)) for x in flat]
    elif t == "pred" or t[0] in "su":
        vals = [int(x) for x in flat]
    else:
        vals = [enc(float(x)) for x in flat.astype(np.float64)]
    return {"elementType": t, "dimensions": list(a.shape), "values": vals}

def child(case_path):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "xla-ops"))
    from run_hlo import run
    c = json.load(open(case_path))
    outs = run(c["text"], [to_numpy(g) for g in c["inputs"]])
    print(json.dumps([from_numpy(o) for o in outs]))

def main(in_path, out_path):
    import tempfile, os
    cases = json.load(open(in_path))
    golden, failed = [], []
    for c in cases:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(c, f)
        r = subprocess.run([sys.executable, __file__, "--child", f.name], capture_output=True, text=True, timeout=300)
        os.unlink(f.name)
        if r.returncode != 0:
            failed.append((c["id"], (r.stderr.strip().splitlines() or ["crashed"])[-1][:160]))
            continue
        golden.append({"id": c["id"], "inputs": c["inputs"], "outputs": json.loads(r.stdout.strip().splitlines()[-1])})
    with open(out_path, "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(g, separators=(",", ":")) for g in golden) + "\n]\n")
    print(f"{len(golden)} of {len(cases)} modules ran on XLA")
    for i, why in failed: print("  not run:", i, why)

if __name__ == "__main__":
    if sys.argv[1] == "--child": child(sys.argv[2])
    else: main(sys.argv[1], sys.argv[2])
