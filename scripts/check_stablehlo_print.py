"""Checks StableHLO text on real XLA (CPU, JAX/jaxlib 0.10.2).

One file:   python check_stablehlo_print.py MODULE.mlir [in0.npy ...]
    parses the text with JAX's MLIR (stablehlo and chlo dialects registered), compiles it for XLA's CPU backend,
    runs it on the inputs and prints each output (saved as out<i>.npy under $OUT_DIR when set).
Tally:      python check_stablehlo_print.py --acceptance OUT.json RESULT.json ...
    merges result files into the vendored acceptance record: counts per corpus and status, and every result (a later
    file's result for a module replaces an earlier one's), with the notes of test/corpus/stablehlo-print/notes.json.
A corpus:   python check_stablehlo_print.py --manifest DIR/manifest.json RESULT.json
    for every module scripts/dump_stablehlo_print.ts printed: runs its HLO text and its printed StableHLO on XLA with the
    same inputs and records whether JAX's parser accepted the text, XLA compiled it, and the outputs agree (bit for bit,
    NaN equal to NaN, or within 1e-6 relative). Where they differ, each form is compiled and run once more: elements
    XLA itself gives differently from one compile to the next (rng draws, padding beyond a dynamic size, buffers no
    device writes) are left out of the comparison, and elided constants ({...}) are written out as zeros, minixla's
    reading. Each module runs in a worker process; where one crashes XLA, each form is run alone in its own process,
    so the crash is pinned on the HLO text, the printed text or both; a module still running after HANG_SECONDS (an
    infeed or recv no host feeds) is stopped and each form run alone the same way, a form that hangs alone failing.
One form:   python check_stablehlo_print.py --side hlo|mlir DIR N
    runs one form of one dumped module (N inputs) alone, saving XLA's outputs as <form>_out<i>.npy in DIR.

Reference:  python check_stablehlo_print.py --reference DIR/manifest.json RESULT.json
    for every module whose HLO text XLA does not run but whose printed StableHLO it does (accepted-hlo-fails):
    compares XLA's outputs of the printed text with the case's recorded XLA outputs where the corpus has them
    (expected<i>.npy: same-as-recorded, ...) or else with minixla's interpreter's, which
    scripts/stablehlo_print_reference.ts writes (ref<i>.npy: same-as-minixla, close-to-minixla, differs-from-minixla),
    and rewrites RESULT.json with the verdicts.

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
    return [a for a in (array_or_token(o) for o in exe.execute(bufs)) if a is not None]


def array_or_token(buffer):
    """A result's array, or None for a token (no value to read, as JAX leaves a program's tokens out)."""
    import numpy as np
    try:
        return np.asarray(buffer)
    except Exception as e:
        if "token-shape buffer" in str(e):
            return None
        raise


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


def load_raw_npy(path, element_type):
    """An .npy whose descriptor numpy does not know (minixla writes f8 and f4 inputs as `<f1`): its bytes as the
    ml_dtypes type of the printed @main's argument."""
    import ast, ml_dtypes, numpy as np
    data = open(path, "rb").read()
    header_len = int.from_bytes(data[8:10], "little") if data[6] == 1 else int.from_bytes(data[8:12], "little")
    start = (10 if data[6] == 1 else 12) + header_len
    header = ast.literal_eval(data[(10 if data[6] == 1 else 12):start].decode("latin1"))
    return np.frombuffer(data[start:], dtype=np.dtype(getattr(ml_dtypes, ML_DTYPES[element_type]))).reshape(header["shape"])


def load_input(path, element_type=None):
    import numpy as np
    try:
        a = np.load(path)
    except (TypeError, ValueError):
        if element_type not in ML_DTYPES:
            raise
        return load_raw_npy(path, element_type)
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
        settle_by_second_compile(res, open(os.path.join(d, "module.hlo")).read(), code, args, want, got)
    return res


def element_bytes(a):
    """Each element's bytes, one row per element (bitwise comparison: NaNs with their payloads)."""
    import numpy as np
    return np.ascontiguousarray(a).view(np.uint8).reshape(a.size, -1) if a.size else np.zeros((0, 1), np.uint8)


def zero_elided(hlo_text):
    """The HLO text with every elided constant (`f32[2,3]{1,0} constant({...})`) written out as zeros."""
    import re

    def nested(dims):
        return "0" if not dims else "{ " + ", ".join(nested(dims[1:]) for _ in range(dims[0])) + " }"

    def fill(m):
        dims = [int(x) for x in m.group(2).split(",") if x.strip()]
        zero = "false" if m.group(1) == "pred" else "0"
        return m.group(0).replace("{...}", nested(dims).replace("0", zero) if dims else zero)
    return re.sub(r"\b(\w+)\[([\d,]*)\](?:\{[^}]*\})?\s+constant\(\{\.\.\.\}\)", fill, hlo_text)


def settle_by_second_compile(res, hlo_text, code, args, want, got):
    """Where the two forms' outputs differ, compiles and runs each once more: XLA's rng draws, the padding beyond a
    dynamic size, elided constants ({...}, which XLA's parser fills from a counter) and buffers no device writes
    differ between two compiles of the same text. Only elements each form gives the same in both compiles are
    compared; a difference there stays `different`."""
    import numpy as np
    zeroed = zero_elided(hlo_text)
    if zeroed != hlo_text:
        verdicts = [same(g, w) for g, w in zip(got, run_hlo(zeroed, args))]
        if not any(v[0] == "different" for v in verdicts):
            res["status"] = "same-elided-as-zeros"
            res["reason"] = "the HLO text elides constants ({...}): XLA's parser makes their values up from a counter that runs on across parses, minixla reads zeros; with zeros written in, the HLO text's outputs equal the printed text's"
            return
    want2 = run_hlo(hlo_text, args)
    got2 = compile_and_run(code, args)
    total = unsettled = agreed = 0
    for w, w2, g, g2 in zip(want, want2, got, got2):
        if w.shape != g.shape or w.dtype != g.dtype:
            return
        bw, bw2, bg, bg2 = (element_bytes(x) for x in (w, w2, g, g2))
        fixed = (bw == bw2).all(axis=1) & (bg == bg2).all(axis=1)
        total += w.size
        unsettled += int((~fixed).sum())
        if not (bw[fixed] == bg[fixed]).all():
            res["reason"] += f" (also on the {int(fixed.sum())} elements each form gives the same in two compiles)"
            return
        agreed += int(fixed.sum())
    if unsettled == 0:
        return
    if agreed == 0:
        res["status"] = "nondeterministic"
        res["reason"] = f"no output element is the same in two compiles of the HLO text and of the printed text ({total} elements): {res['reason']}"
    else:
        res["status"] = "same-where-deterministic"
        res["reason"] = f"{unsettled} of {total} output elements change between two compiles of the same text; the other {agreed} are equal"


def side(which, d, n):
    """Runs one form of one module alone (hlo: its HLO text, mlir: its printed text), saving XLA's outputs as
    <which>_out<i>.npy in its folder: so a crash is pinned on the form that causes it."""
    import numpy as np
    _setup()
    args = load_inputs(d, n)
    if which == "hlo":
        outs = run_hlo(open(os.path.join(d, "module.hlo")).read(), args)
    else:
        outs = compile_and_run(parse_mlir(open(os.path.join(d, "module.mlir")).read()), args)
    for i, o in enumerate(outs):
        np.save(os.path.join(d, f"{which}_out{i}.npy"), o)


def reference(manifest_path, result_path):
    import numpy as np
    _setup()
    entries = json.load(open(manifest_path))
    by_id = {(e["corpus"], e["id"]): e for e in entries}
    results = json.load(open(result_path))
    for r in results:
        e = by_id.get((r["corpus"], r["id"]))
        if r["status"] != "accepted-hlo-fails" or e is None:
            continue
        d = e["dir"]
        # A corpus case's recorded XLA outputs where it has them (expected<i>.npy), else minixla's (ref<i>.npy).
        prefix, whose = ("expected", "recorded") if os.path.exists(os.path.join(d, "expected0.npy")) else ("ref", "minixla")
        if not os.path.exists(os.path.join(d, f"{prefix}0.npy")):
            continue
        args = load_inputs(d, e["inputs"])
        refs = []
        while os.path.exists(os.path.join(d, f"{prefix}{len(refs)}.npy")):
            refs.append(np.load(os.path.join(d, f"{prefix}{len(refs)}.npy")))
        got = compile_and_run(parse_mlir(open(os.path.join(d, "module.mlir")).read()), args)
        if len(got) != len(refs):
            r["status"], r["reason"] = f"differs-from-{whose}", f"{len(got)} outputs vs {len(refs)}"
            continue
        # numpy has no bf16 (nor the f8 formats): minixla's .npy holds them as raw bytes (|V2, |V1), XLA's as its own dtypes.
        refs = [w.view(g.dtype) if w.dtype.kind == "V" and w.dtype.itemsize == g.dtype.itemsize else w for g, w in zip(got, refs)]
        verdicts = [same(g, w) for g, w in zip(got, refs)]
        if any(v[0] == "different" for v in verdicts):
            r["status"] = f"differs-from-{whose}"
            r["reason"] = (r.get("reason", "") + f" | vs {whose}: " + "; ".join(v[1] for v in verdicts if v[0] == "different"))[:400]
        else:
            r["status"] = f"close-to-{whose}" if any(v[0] == "close" for v in verdicts) else f"same-as-{whose}"
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


def crash_text(proc):
    """The line XLA's process died with (a failed CHECK, a signal), for the record."""
    import signal
    lines = [l for l in proc.stderr.splitlines() if l.startswith("F") and "] " in l]
    if lines:
        return lines[-1].split("] ", 1)[1][:200]
    sig = -proc.returncode if proc.returncode < 0 else proc.returncode - 128
    try:
        return f"signal {signal.Signals(sig).name}"
    except ValueError:
        return f"exit status {proc.returncode}"


def attribute_crash(e):
    """Runs a module whose pair crashed XLA's process once per form, each in its own process, so the crash is pinned
    on the HLO text, the printed text or both; where only the HLO text crashes, the case counts as one whose HLO text XLA
    does not run (accepted-hlo-fails), so --reference compares its printed text's outputs with minixla's."""
    res = {"corpus": e["corpus"], "id": e["id"]}
    procs = {}
    for which in ("hlo", "mlir"):
        try:
            procs[which] = subprocess.run([sys.executable, __file__, "--side", which, e["dir"], str(e["inputs"])], capture_output=True, text=True, timeout=HANG_SECONDS)
        except subprocess.TimeoutExpired:
            # Still waiting after HANG_SECONDS (an infeed or recv that no host feeds): a failure, not a crash.
            procs[which] = subprocess.CompletedProcess([], 1, "", f"still running after {HANG_SECONDS} s (waits on a host transfer nothing feeds)")
    crashed = {w: p.returncode < 0 or p.returncode > 128 for w, p in procs.items()}
    failed = {w: p.returncode != 0 for w, p in procs.items()}
    if crashed["hlo"] and crashed["mlir"]:
        res["status"] = "crashed"
        res["reason"] = f"XLA crashes on both forms: HLO text: {crash_text(procs['hlo'])}; printed text: {crash_text(procs['mlir'])}"
    elif crashed["mlir"]:
        res["status"] = "crashed"
        res["reason"] = f"XLA crashes on the printed text only: {crash_text(procs['mlir'])}"
    elif crashed["hlo"] and not failed["mlir"]:
        res["status"] = "accepted-hlo-fails"
        res["reason"] = f"XLA crashes on the HLO text: {crash_text(procs['hlo'])}"
    elif crashed["hlo"]:
        res["status"] = "both-fail"
        res["reason"] = f"XLA crashes on the HLO text ({crash_text(procs['hlo'])}) and does not run the printed text"
    elif failed["hlo"] or failed["mlir"]:
        # Neither crashes alone: what each says when it fails.
        said = {w: (p.stderr.strip().splitlines() or ["?"])[-1][:200] for w, p in procs.items()}
        res["status"] = "both-fail" if failed["hlo"] and failed["mlir"] else "accepted-hlo-fails" if failed["hlo"] else "xla-rejected"
        res["reason"] = "; ".join(f"{w}: {said[w]}" for w in ("hlo", "mlir") if failed[w])
    else:
        res["status"] = "crashed"
        res["reason"] = "XLA crashed the process running both forms, but neither alone"
    return res


HANG_SECONDS = int(os.environ.get("HANG_SECONDS", "60"))


def run_worker(manifest_path, start, lines_path):
    """Runs a worker from `start`; stops it where one module has run HANG_SECONDS (it then counts as crashed there)."""
    import time
    proc = subprocess.Popen([sys.executable, __file__, "--worker", manifest_path, str(start), lines_path])
    last, since = None, time.time()
    while proc.poll() is None:
        time.sleep(1)
        lines = open(lines_path).read().splitlines()
        tail = json.loads(lines[-1]) if lines else None
        if tail != last:
            last, since = tail, time.time()
        elif tail is not None and tail.get("started") and time.time() - since > HANG_SECONDS:
            proc.kill()
            proc.wait()


def run_manifest(manifest_path, result_path):
    entries = json.load(open(manifest_path))
    lines_path = result_path + ".lines"
    open(lines_path, "w").close()
    start = 0
    while start < len(entries):
        run_worker(manifest_path, start, lines_path)
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
            r = attribute_crash(entries[started])
            r["index"] = started
            with open(lines_path, "a") as out:
                out.write(json.dumps(r) + "\n")
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


NOTES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "corpus", "stablehlo-print", "notes.json")


def acceptance(out_path, result_paths):
    """Merges result files into the record; each module of test/corpus/stablehlo-print/notes.json (`corpus/id`: what
    settles its status, found by hand) gets its note as `why`."""
    import jax, jaxlib
    notes = json.load(open(NOTES)) if os.path.exists(NOTES) else {}
    # A later file's result for a module replaces an earlier one's (a rerun of some modules merges into a full run).
    # (Some StableHLO test files name two functions alike: the n-th result of an id in one file replaces the n-th.)
    merged = {}
    for p in result_paths:
        seen = {}
        for r in json.load(open(p)):
            n = seen[(r["corpus"], r["id"])] = seen.get((r["corpus"], r["id"]), 0) + 1
            merged[(r["corpus"], r["id"], n)] = {k: v for k, v in r.items() if k != "index"}
    results = list(merged.values())
    for r in results:
        note = notes.get(f"{r['corpus']}/{r['id']}")
        if note is not None:
            r["why"] = note
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
            "skipped": "not run: minixla does not read the HLO, an entry parameter is a token (XLA's execute takes no token argument), or its parameters are too large for this machine",
            "crashed": "XLA crashed the process (reason says on which form: the HLO text, the printed text or both, each run alone)",
            "same-as-recorded": "XLA does not run the HLO text but runs the printed text, and its outputs equal, bit for bit, the case's recorded XLA outputs (out<i>.npy, from JAX)",
            "close-to-recorded": "as same-as-recorded, but some outputs differ within 1e-6 relative",
            "differs-from-recorded": "XLA does not run the HLO text; its outputs of the printed text differ from the case's recorded XLA outputs",
            "same-where-deterministic": "outputs differ only in elements that change between two compiles of the same text on XLA (the padding beyond a dynamic size, buffers no device writes, an RNG seed); every other element is equal bit for bit",
            "nondeterministic": "XLA's own outputs change between two compiles of the same text in every element (rng draws): nothing to compare bit for bit",
            "same-elided-as-zeros": "the HLO text elides constants ({...}); with zeros written in (minixla's reading) the HLO text's outputs equal the printed text's bit for bit",
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
    elif sys.argv[1] == "--side":
        side(sys.argv[2], sys.argv[3], int(sys.argv[4]))
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
