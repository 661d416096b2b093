"""Runs the corpus modules export_xla_inputs.ts wrote on real XLA (CPU) with their
seeded inputs and writes golden.json as golden.ts reads it: {cases: [{id, inputsHash,
outputs}], notRun: {id: reason}}. Outputs of at most FULL_VALUES elements are kept
whole, larger ones as a summary (samples, sums, NaN/inf counts, a hash for exact types).

  PY=$(/path/to/conformance/xla_env.sh)
  $PY test/corpus/xla-hlo/xla_golden.py /tmp/xla_in.jsonl test/corpus/xla-hlo/golden.json [RUN_HLO_DIR]

RUN_HLO_DIR holds run_hlo.py (XLA's parser, CPU compiler and executable; default:
the conformance folder beside the repository). A worker process runs the modules
one after another; a module that crashes XLA or runs past TIMEOUT seconds is listed
in notRun, and a fresh worker goes on with the next. Needs JAX/jaxlib 0.10.2 (CPU).
"""
import hashlib, json, math, os, select, subprocess, sys, time, warnings
warnings.filterwarnings("ignore")

FULL_VALUES = 64
SAMPLES = 8
TIMEOUT = 300

DTYPES = {
    "pred": "bool", "s2": "int2", "s4": "int4", "s8": "int8", "s16": "int16", "s32": "int32", "s64": "int64",
    "u2": "uint2", "u4": "uint4", "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
    "f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64", "c64": "complex64", "c128": "complex128",
    "f4e2m1fn": "float4_e2m1fn", "f8e3m4": "float8_e3m4", "f8e4m3": "float8_e4m3", "f8e4m3fn": "float8_e4m3fn",
    "f8e4m3fnuz": "float8_e4m3fnuz", "f8e4m3b11fnuz": "float8_e4m3b11fnuz", "f8e5m2": "float8_e5m2",
    "f8e5m2fnuz": "float8_e5m2fnuz", "f8e8m0fnu": "float8_e8m0fnu",
}
TYPES = {v: k for k, v in DTYPES.items()}
EXACT = {"pred", "s2", "s4", "s8", "s16", "s32", "s64", "u2", "u4", "u8", "u16", "u32", "u64"}

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
    if t in ("s64", "u64", "pred", "c64", "c128", "f32", "f64", "f16") or t in EXACT:
        return np.array(vals, dtype=dtype).reshape(g["dimensions"])
    return np.array(vals, dtype=np.float64).astype(dtype).reshape(g["dimensions"])

def encode_values(t, flat):
    import numpy as np
    if t in ("c64", "c128"):
        return [[enc(float(z.real)), enc(float(z.imag))] for z in flat]
    if t in ("s64", "u64"):
        return [str(int(x)) for x in flat]
    if t in EXACT:
        return [int(x) for x in flat]
    return [enc(float(x)) for x in flat.astype(np.float64)]

def from_numpy(a):
    import numpy as np
    t = TYPES.get(a.dtype.name)
    if t is None: raise ValueError(f"dtype {a.dtype.name}")
    flat = a.reshape(-1)
    n = flat.shape[0]
    if n <= FULL_VALUES:
        return {"elementType": t, "dimensions": list(a.shape), "values": encode_values(t, flat)}
    idx = []
    for k in range(SAMPLES):
        i = (k * (n - 1)) // (SAMPLES - 1)
        if not idx or idx[-1] != i: idx.append(i)
    vals = encode_values(t, flat[idx])
    out = {"elementType": t, "dimensions": list(a.shape), "samples": [[i, v] for i, v in zip(idx, vals)]}
    if t in EXACT:
        ints = flat.astype(np.int64) if t != "u64" else flat
        out.update(sum=float(np.sum(ints.astype(np.float64))), absSum=float(np.sum(np.abs(ints.astype(np.float64)))), nan=0, inf=0, negInf=0)
        out["hash"] = hashlib.sha256(",".join(str(int(x)) for x in flat).encode()).hexdigest()[:16]
    else:
        parts = np.stack([flat.real, flat.imag], axis=-1).reshape(-1) if t in ("c64", "c128") else flat
        parts = parts.astype(np.float64)
        fin = parts[np.isfinite(parts)]
        # Summed in element order, as golden.ts sums, so the sums agree to the last bits on equal values.
        s = 0.0; a_ = 0.0
        for x in fin.tolist():
            s += x; a_ += abs(x)
        out.update(sum=s, absSum=a_, nan=int(np.isnan(parts).sum()), inf=int((parts == math.inf).sum()), negInf=int((parts == -math.inf).sum()))
    return out

def worker(run_dir):
    sys.path.insert(0, run_dir)
    from run_hlo import run
    for line in sys.stdin:
        c = json.loads(line)
        try:
            outs = run(c["text"], [to_numpy(g) for g in c["inputs"]])
            res = {"id": c["id"], "inputsHash": c["inputsHash"], "outputs": [from_numpy(o) for o in outs]}
        except Exception as e:  # XLA's refusal: its message is the reason
            msg = str(e).strip().splitlines()
            res = {"id": c["id"], "error": f"{type(e).__name__}: {(msg or [''])[0][:200]}"}
        sys.stdout.write(json.dumps(res, separators=(",", ":")) + "\n")
        sys.stdout.flush()

def main(in_path, out_path, run_dir):
    cases, not_run = [], {}
    with open(in_path) as f:
        lines = [l for l in f if l.strip()]
    todo = []
    for l in lines:
        c = json.loads(l)
        if "notRun" in c: not_run.update(c["notRun"])
        else: todo.append(l)
    i = 0
    while i < len(todo):
        p = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker", run_dir], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        while i < len(todo):
            cid = json.loads(todo[i])["id"]
            p.stdin.write(todo[i]); p.stdin.flush()
            start = time.time(); line = ""
            while time.time() - start < TIMEOUT:
                r, _, _ = select.select([p.stdout], [], [], 5)
                if r:
                    line = p.stdout.readline(); break
                if p.poll() is not None: break
            i += 1
            if not line:
                p.kill(); p.wait()
                not_run[cid] = "XLA aborts while compiling or running it (its process dies)" if p.returncode != -9 else f"XLA ran past {TIMEOUT} s"
                print(f"[{i}/{len(todo)}] {cid}: {not_run[cid]}", flush=True)
                break
            res = json.loads(line)
            if "error" in res: not_run[cid] = f"XLA refuses it: {res['error']}"
            else: cases.append(res)
            print(f"[{i}/{len(todo)}] {cid}: {'ok' if 'error' not in res else res['error'][:100]}", flush=True)
        else:
            p.stdin.close(); p.wait()
    with open(out_path, "w") as f:
        f.write('{"cases": [\n' + ",\n".join(json.dumps(c, separators=(",", ":")) for c in cases) + "\n],\n")
        f.write('"notRun": {\n' + ",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(not_run.items())) + "\n}}\n")
    print(f"{len(cases)} modules ran on XLA; {len(not_run)} not run")

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    if sys.argv[1] == "--worker": worker(sys.argv[2])
    else: main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else os.path.join(here, "..", "xla-ops"))
