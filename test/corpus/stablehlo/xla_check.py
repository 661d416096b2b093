"""Runs every translated StableHLO interpreter case on real XLA (CPU) and records
where XLA disagrees with StableHLO's expected values or rejects the module.

  npx tsx test/corpus/stablehlo/dump_cases.ts /tmp/cases.json
  /tmp/minixla-xla-venv/bin/python test/corpus/stablehlo/xla_check.py /tmp/cases.json test/corpus/stablehlo/xla_verdicts.json

Needs JAX/jaxlib 0.10.2 (CPU); the test reads only the JSON it writes.
"""
import json, math, sys, warnings
warnings.filterwarnings("ignore")
import numpy as np
import jax
jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
from jax._src.lib import xla_client as xc
from jax._src import xla_bridge as xb

def run(text):
    mod = xc.hlo.hlo_module_from_text(text)
    mlir = xc._xla.mlir.hlo_to_stablehlo(mod.as_serialized_hlo_module_proto())
    backend = xb.get_backend("cpu")
    devs = backend.devices()[:1]
    try:
        exe = backend.compile_and_load(mlir, xc.DeviceList(tuple(devs)), xc.CompileOptions())
    except AttributeError:
        exe = backend.compile(mlir, xc.CompileOptions())
    return [np.asarray(o) for o in exe.execute([])]

def same(t, got, want, tol):
    if isinstance(want, list):
        return all(same(t, g, float(w), tol) for g, w in zip((got.real, got.imag), want))
    if t in ("s64", "u64") or t[0] in "su" or t == "pred":
        return int(got) == int(want)
    g, w = float(got), float(want)
    if math.isnan(g) or math.isnan(w):
        return math.isnan(g) and math.isnan(w)
    if tol == 0 or math.isinf(g) or math.isinf(w):
        return g == w
    return abs(g - w) <= tol

def worker(cases_path, start, progress_path):
    """Runs cases from `start` on, appending one JSON line per case, so a crash of XLA loses only the case it crashed on."""
    cases = json.load(open(cases_path))
    with open(progress_path, "a") as out:
        for c in cases[start:]:
            out.write(json.dumps({"id": c["id"], "started": True}) + "\n"); out.flush()
            try:
                outs = run(c["hlo"])
            except Exception as e:
                out.write(json.dumps({"id": c["id"], "verdict": "rejects: " + str(e).strip().split("\n")[0][:200]}) + "\n"); out.flush()
                continue
            bad = []
            for k, (chk, o) in enumerate(zip(c["checks"], outs)):
                t = chk["type"]["elementType"]
                flat = o.reshape(-1)
                if flat.size != len(chk["expected"]):
                    bad.append(f"check {k}: XLA gives {o.dtype}{list(o.shape)} for {len(chk['expected'])} values")
                    continue
                for i, w in enumerate(chk["expected"]):
                    if not same(t, flat[i], w, chk["tolerance"]):
                        bad.append(f"check {k} element {i}: XLA {flat[i]!r} vs StableHLO {w}")
            out.write(json.dumps({"id": c["id"], "verdict": "differs: " + "; ".join(bad[:3]) if bad else "agrees"}) + "\n"); out.flush()

def main(cases_path, out_path):
    import os, subprocess, tempfile
    cases = json.load(open(cases_path))
    ids = [c["id"] for c in cases]
    progress = tempfile.mktemp(suffix=".jsonl")
    open(progress, "w").close()
    verdicts = {}
    start = 0
    while start < len(ids):
        subprocess.run([sys.executable, __file__, "--worker", cases_path, str(start), progress], stderr=subprocess.DEVNULL)
        last = None
        for line in open(progress):
            r = json.loads(line)
            if "verdict" in r:
                verdicts[r["id"]] = r["verdict"]
            last = r["id"]
        done = ids.index(last) + 1 if last is not None else start + 1
        if last is not None and last not in verdicts:
            verdicts[last] = "crashes: XLA's process died compiling or running it"
        start = max(done, start + 1)
    os.unlink(progress)
    out = {k: v for k, v in sorted(verdicts.items()) if v != "agrees"}
    json.dump(out, open(out_path, "w"), indent=1)
    print(len(cases), "cases,", len(out), "where XLA rejects, differs or crashes")

if __name__ == "__main__":
    if sys.argv[1] == "--worker":
        worker(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        main(sys.argv[1], sys.argv[2])
