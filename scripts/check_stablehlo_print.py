"""Checks StableHLO text on real XLA (CPU, JAX/jaxlib 0.10.2).

One file:   python check_stablehlo_print.py MODULE.mlir [in0.npy ...]
    parses the text with JAX's MLIR (stablehlo and chlo dialects registered), compiles it for XLA's CPU backend,
    runs it on the inputs and prints each output (saved as out<i>.npy under $OUT_DIR when set).
Tally:      python check_stablehlo_print.py --acceptance OUT.json RESULT.json ...
    merges result files into the vendored acceptance record: counts per corpus and status, and every result.
A corpus:   python check_stablehlo_print.py --manifest DIR/manifest.json RESULT.json
    for every module scripts/dump_stablehlo_print.ts printed: runs its HLO text and its printed StableHLO on XLA with the
    same inputs and records whether JAX's parser accepted the text, XLA compiled it, and the outputs agree (bit for bit,
    NaN equal to NaN, or within 1e-6 relative). Each module runs in a worker process; one that crashes XLA is recorded.

Reference:  python check_stablehlo_print.py --reference DIR/manifest.json RESULT.json
    for every module whose HLO text XLA does not run but whose printed StableHLO it does (accepted-hlo-fails) and that
    scripts/stablehlo_print_reference.ts gave minixla's outputs (ref<i>.npy): compares XLA's outputs of the printed text
    with those, and rewrites RESULT.json with the verdicts (same-as-minixla, close-to-minixla, differs-from-minixla).

Get the interpreter with PY=$(/work/shared/conformance/xla_env.sh) (a venv with jax and jaxlib 0.10.2).
"""
import json, os, subprocess, sys, warnings
warnings.filterwarnings("ignore")


def _setup():
    import jax
    jax.config.update("jax_enable_x64", True)
    jax.config.update("jax_platforms", "cpu")


def parse_mlir(text):
    """JAX's MLIR parser with JAX's dialects (stablehlo, chlo, func, ...) registered; raises on text it rejects."""
    from jax._src.interpreters import mlir
    from jaxlib.mlir import ir
    with mlir.make_ir_context():
        module = ir.Module.parse(text)
        if not module.operation.verify():
            raise ValueError("the module does not verify")
        return module.operation.get_asm(binary=True)


def compile_and_run(code, args):
    """Compiles MLIR (text or bytecode) or an HLO module proto's StableHLO for XLA CPU and runs it; one array per output leaf."""
    import numpy as np
    import jax
    from jax._src.lib import xla_client as xc
    from jax._src import xla_bridge as xb
    backend = xb.get_backend("cpu")
    devs = backend.devices()[:1]
    try:
        exe = backend.compile_and_load(code, xc.DeviceList(tuple(devs)), xc.CompileOptions())
    except AttributeError:
        exe = backend.compile(code, xc.CompileOptions())
    bufs = [jax.device_put(a, devs[0]) for a in args]
    return [np.asarray(o) for o in exe.execute(bufs)]


def run_hlo(text, args):
    from jax._src.lib import xla_client as xc
    mod = xc.hlo.hlo_module_from_text(text)
    return compile_and_run(xc._xla.mlir.hlo_to_stablehlo(mod.as_serialized_hlo_module_proto()), args)


def same(a, b):
    import numpy as np
    if a.shape != b.shape or a.dtype != b.dtype:
        return "different", f"{a.dtype}{list(a.shape)} vs {b.dtype}{list(b.shape)}"
    if a.tobytes() == b.tobytes():
        return "same", ""
    x, y = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64), b.astype(np.complex128 if b.dtype.kind == "c" else np.float64)
    nan_x, nan_y = np.isnan(x), np.isnan(y)
    if np.array_equal(nan_x, nan_y) and np.array_equal(x[~nan_x], y[~nan_y]):
        return "same", ""
    if np.array_equal(nan_x, nan_y) and np.allclose(x[~nan_x], y[~nan_y], rtol=1e-6, atol=0):
        return "close", ""
    rel = np.abs(x - y) / np.maximum(np.abs(y), np.finfo(np.float64).tiny)
    return "different", f"max abs difference {float(np.nanmax(np.abs(x - y)))}, max relative {float(np.nanmax(rel)):.3g}"


# numpy has no bf16, f8, f4 or sub-byte integer types: minixla's .npy holds them as raw records (|V2, |V1), which XLA
# takes as ml_dtypes' types; the printed @main's signature says which.
ML_DTYPES = {
    "bf16": "bfloat16", "f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2", "f8E4M3FNUZ": "float8_e4m3fnuz",
    "f8E5M2FNUZ": "float8_e5m2fnuz", "f8E4M3B11FNUZ": "float8_e4m3b11fnuz", "f8E4M3": "float8_e4m3", "f8E3M4": "float8_e3m4",
    "f8E8M0FNU": "float8_e8m0fnu", "f4E2M1FN": "float4_e2m1fn", "i4": "int4", "ui4": "uint4", "i2": "int2", "ui2": "uint2",
}


def arg_types(mlir_text):
    """The element type of each argument of the printed @main, in order."""
    import re
    line = next((l for l in mlir_text.splitlines() if "func.func public @main(" in l), "")
    return [t.split("x")[-1] for t in re.findall(r"%arg\d+: tensor<([^,>]*)", line)]


def load_input(path, element_type=None):
    import numpy as np
    a = np.load(path)
    if a.dtype.kind == "V" and element_type in ML_DTYPES:
        import ml_dtypes
        t = np.dtype(getattr(ml_dtypes, ML_DTYPES[element_type]))
        if t.itemsize == a.dtype.itemsize:
            a = a.view(t)
    return a


def load_inputs(d, n):
    types = arg_types(open(os.path.join(d, "module.mlir")).read())
    return [load_input(os.path.join(d, f"in{i}.npy"), types[i] if i < len(types) else None) for i in range(n)]


def check_case(entry):
    d = entry["dir"]
    args = load_inputs(d, entry["inputs"])
    res = {"corpus": entry["corpus"], "id": entry["id"]}
    try:
        want = run_hlo(open(os.path.join(d, "module.hlo")).read(), args)
    except Exception as e:  # XLA refuses the HLO itself (several devices, host transfers): nothing to compare with.
        res["status"] = "hlo-fails"
        res["reason"] = str(e).split("\n")[0][:300]
        want = None
    text = open(os.path.join(d, "module.mlir")).read()
    try:
        code = parse_mlir(text)
    except Exception as e:
        # Where XLA does not run the HLO text either (an invalid module), the rejection is no fault of the printer.
        res["status"] = "parse-rejected" if want is not None else "both-fail"
        res["reason"] = str(e).replace("\n", " ")[:400]
        return res
    try:
        got = compile_and_run(code, args)
    except Exception as e:
        if want is None:
            res["status"] = "both-fail"
            res["reason"] = str(e).split("\n")[0][:400]
            return res
        res["status"] = "xla-rejected"
        res["reason"] = str(e).split("\n")[0][:400]
        return res
    if want is None:
        res["status"] = "accepted-hlo-fails"
        return res
    if len(got) != len(want):
        res["status"] = "different"
        res["reason"] = f"{len(got)} outputs vs {len(want)}"
        return res
    verdicts = [same(g, w) for g, w in zip(got, want)]
    worst = "different" if any(v[0] == "different" for v in verdicts) else "close" if any(v[0] == "close" for v in verdicts) else "same"
    res["status"] = worst
    if worst == "different":
        res["reason"] = "; ".join(v[1] for v in verdicts if v[0] == "different")[:300]
    return res


def reference(manifest_path, result_path):
    import numpy as np
    _setup()
    entries = json.load(open(manifest_path))
    by_id = {(e["corpus"], e["id"]): e for e in entries}
    results = json.load(open(result_path))
    for r in results:
        e = by_id.get((r["corpus"], r["id"]))
        if r["status"] != "accepted-hlo-fails" or e is None or not os.path.exists(os.path.join(e["dir"], "ref0.npy")):
            continue
        d = e["dir"]
        args = load_inputs(d, e["inputs"])
        refs = []
        while os.path.exists(os.path.join(d, f"ref{len(refs)}.npy")):
            refs.append(np.load(os.path.join(d, f"ref{len(refs)}.npy")))
        got = compile_and_run(parse_mlir(open(os.path.join(d, "module.mlir")).read()), args)
        if len(got) != len(refs):
            r["status"], r["reason"] = "differs-from-minixla", f"{len(got)} outputs vs {len(refs)}"
            continue
        # numpy has no bf16 (nor the f8 formats): minixla's .npy holds them as raw bytes (|V2, |V1), XLA's as its own dtypes.
        refs = [w.view(g.dtype) if w.dtype.kind == "V" and w.dtype.itemsize == g.dtype.itemsize else w for g, w in zip(got, refs)]
        verdicts = [same(g, w) for g, w in zip(got, refs)]
        if any(v[0] == "different" for v in verdicts):
            r["status"] = "differs-from-minixla"
            r["reason"] = (r.get("reason", "") + " | vs minixla: " + "; ".join(v[1] for v in verdicts if v[0] == "different"))[:400]
        else:
            r["status"] = "close-to-minixla" if any(v[0] == "close" for v in verdicts) else "same-as-minixla"
    json.dump(results, open(result_path, "w"), indent=1)
    counts = {}
    for r in results:
        counts.setdefault(r["corpus"], {}).setdefault(r["status"], 0)
        counts[r["corpus"]][r["status"]] += 1
    print(json.dumps(counts, indent=1))


def worker(manifest_path, start, results_path):
    _setup()
    entries = json.load(open(manifest_path))
    with open(results_path, "a") as out:
        for i in range(start, len(entries)):
            e = entries[i]
            if "refused" in e or "skipped" in e:
                r = {"corpus": e["corpus"], "id": e["id"], "status": "refused" if "refused" in e else "skipped", "reason": e.get("refused", e.get("skipped"))}
            else:
                out.write(json.dumps({"index": i, "started": True}) + "\n")
                out.flush()
                r = check_case(e)
            r["index"] = i
            out.write(json.dumps(r) + "\n")
            out.flush()


def run_manifest(manifest_path, result_path):
    entries = json.load(open(manifest_path))
    lines_path = result_path + ".lines"
    open(lines_path, "w").close()
    start = 0
    while start < len(entries):
        subprocess.run([sys.executable, __file__, "--worker", manifest_path, str(start), lines_path])
        done = {}
        started = None
        for line in open(lines_path):
            r = json.loads(line)
            if r.get("started"):
                started = r["index"]
            else:
                done[r["index"]] = r
                started = None if started == r["index"] else started
        if started is not None and started not in done:
            e = entries[started]
            with open(lines_path, "a") as out:
                out.write(json.dumps({"index": started, "corpus": e["corpus"], "id": e["id"], "status": "crashed", "reason": "XLA crashed the process"}) + "\n")
            done[started] = True
        start = max(done.keys(), default=-1) + 1
    results = {}
    for line in open(lines_path):
        r = json.loads(line)
        if not r.get("started"):
            results[r["index"]] = r
    ordered = [results[i] for i in sorted(results)]
    json.dump(ordered, open(result_path, "w"), indent=1)
    counts = {}
    for r in ordered:
        counts.setdefault(r["corpus"], {}).setdefault(r["status"], 0)
        counts[r["corpus"]][r["status"]] += 1
    print(json.dumps(counts, indent=1))


def acceptance(out_path, result_paths):
    import jax, jaxlib
    results = []
    for p in result_paths:
        results.extend({k: v for k, v in r.items() if k != "index"} for r in json.load(open(p)))
    counts = {}
    for r in results:
        counts.setdefault(r["corpus"], {}).setdefault(r["status"], 0)
        counts[r["corpus"]][r["status"]] += 1
    record = {
        "xla": f"jax {jax.__version__}, jaxlib {jaxlib.__version__}, CPU",
        "statuses": {
            "same": "XLA compiled the printed StableHLO and its outputs equal, bit for bit, those of the HLO text on XLA",
            "close": "as same, but some outputs differ within 1e-6 relative",
            "different": "outputs differ (reason says how)",
            "parse-rejected": "JAX's MLIR parser rejected the printed text",
            "xla-rejected": "XLA did not compile or run the printed text while it ran the HLO text",
            "accepted-hlo-fails": "XLA compiled and ran the printed text; XLA does not run the HLO text itself, so nothing to compare",
            "same-as-minixla": "XLA does not run the HLO text (reason says why) but runs the printed text, and its outputs equal, bit for bit, minixla's interpreter's on the same inputs",
            "close-to-minixla": "as same-as-minixla, but some outputs differ within 1e-6 relative",
            "differs-from-minixla": "XLA does not run the HLO text; its outputs of the printed text differ from minixla's interpreter's (reason says how)",
            "both-fail": "XLA runs neither the HLO text nor the printed text (several devices, host transfers, ...)",
            "refused": "printStableHlo refused the module (reason names the op)",
            "skipped": "not printed: minixla does not read the HLO, or an entry parameter is a tuple or token",
            "crashed": "XLA crashed the process",
        },
        "counts": counts,
        "results": results,
    }
    with open(out_path, "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    print(json.dumps(counts, indent=1))


if __name__ == "__main__":
    if sys.argv[1] == "--acceptance":
        acceptance(sys.argv[2], sys.argv[3:])
    elif sys.argv[1] == "--worker":
        worker(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif sys.argv[1] == "--reference":
        reference(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "--manifest":
        run_manifest(sys.argv[2], sys.argv[3])
    else:
        import numpy as np
        _setup()
        code = parse_mlir(open(sys.argv[1]).read())
        outs = compile_and_run(code, [np.load(p) for p in sys.argv[2:]])
        for i, o in enumerate(outs):
            print(i, o.dtype, o.shape, o.ravel()[:8])
            if os.environ.get("OUT_DIR"):
                os.makedirs(os.environ["OUT_DIR"], exist_ok=True)
                np.save(os.path.join(os.environ["OUT_DIR"], f"out{i}.npy"), o)
