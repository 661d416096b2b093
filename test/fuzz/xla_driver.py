"""Runs fuzz cases on real XLA (CPU), one JSON request per stdin line, one JSON reply per stdout line.

Loads jax once. A request is {"id", "param": HLO text whose inputs are parameters, "const": the same
module with the inputs written as constants (or null), "inputs": [{"type", "dims", "hex"}]} (hex: the
little-endian bytes XLA keeps, one byte per element for pred and sub-byte types). The reply holds
"cpu" (the parameter module compiled by XLA's CPU backend and run on the inputs) and "folded" (the
constant module, which XLA's constant folder, its HloEvaluator, folds at compile time: "folded" says
whether the optimized module's entry holds nothing but constants, copies, bitcasts and tuples, so the
value really is the evaluator's), each {"outputs": [{"type", "dims", "hex"}]} or {"error": text}.
Used by test/fuzz/xla_client.ts (pnpm fuzz:xla, test/corpus/xla-fuzz/generate.ts)."""
import sys, json, re, warnings
warnings.filterwarnings("ignore")
import numpy as np
import jax
jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
import ml_dtypes
from jax._src.lib import xla_client as xc
from jax._src import xla_bridge as xb

DTYPES = {
    "pred": np.bool_, "s2": ml_dtypes.int2, "s4": ml_dtypes.int4, "s8": np.int8, "s16": np.int16, "s32": np.int32, "s64": np.int64,
    "u2": ml_dtypes.uint2, "u4": ml_dtypes.uint4, "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64,
    "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32, "f64": np.float64,
    "f8e5m2": ml_dtypes.float8_e5m2, "f8e4m3fn": ml_dtypes.float8_e4m3fn, "f8e4m3": ml_dtypes.float8_e4m3,
    "f8e3m4": ml_dtypes.float8_e3m4, "f8e4m3fnuz": ml_dtypes.float8_e4m3fnuz, "f8e5m2fnuz": ml_dtypes.float8_e5m2fnuz,
    "f8e4m3b11fnuz": ml_dtypes.float8_e4m3b11fnuz, "f8e8m0fnu": ml_dtypes.float8_e8m0fnu, "f4e2m1fn": ml_dtypes.float4_e2m1fn,
}
NAMES = {np.dtype(v).name: k for k, v in DTYPES.items()}
NAMES["bool"] = "pred"

backend = xb.get_backend("cpu")
devs = backend.devices()[:1]

def compile_text(text):
    mod = xc.hlo.hlo_module_from_text(text)
    mlir = xc._xla.mlir.hlo_to_stablehlo(mod.as_serialized_hlo_module_proto())
    try:
        return backend.compile_and_load(mlir, xc.DeviceList(tuple(devs)), xc.CompileOptions())
    except AttributeError:
        return backend.compile(mlir, xc.CompileOptions())

def encode(a):
    a = np.asarray(a).copy(order="C")
    return {"type": NAMES[a.dtype.name], "dims": list(a.shape), "hex": a.tobytes().hex()}

def decode(x):
    a = np.frombuffer(bytes.fromhex(x["hex"]), dtype=DTYPES[x["type"]])
    return a.reshape(x["dims"])

ENTRY_ONLY_VALUES = re.compile(r"=\s*\S+\s+(constant|copy|bitcast|tuple|get-tuple-element)\(")

def entry_is_folded(exe):
    text = exe.hlo_modules()[0].to_string()
    m = re.search(r"\nENTRY [^\n]*\{\n(.*?)\n\}", text, re.S)
    if not m:
        return False
    lines = [l for l in m.group(1).split("\n") if l.strip()]
    return all(ENTRY_ONLY_VALUES.search(l) for l in lines)

def run(text, args):
    exe = compile_text(text)
    bufs = [jax.device_put(a, devs[0]) for a in args]
    outs = exe.execute(bufs)
    return exe, [encode(np.asarray(o)) for o in outs]

def handle(req):
    reply = {"id": req["id"]}
    try:
        _, outs = run(req["param"], [decode(x) for x in req["inputs"]])
        reply["cpu"] = {"outputs": outs}
    except Exception as e:  # XLA refused the module or failed to run it
        reply["cpu"] = {"error": str(e).split("\n")[0][:400]}
    if req.get("const"):
        try:
            exe, outs = run(req["const"], [])
            reply["folded"] = {"outputs": outs, "folded": entry_is_folded(exe)}
        except Exception as e:
            reply["folded"] = {"error": str(e).split("\n")[0][:400]}
    return reply

if __name__ == "__main__":
    print(json.dumps({"ready": True, "jax": jax.__version__}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        print(json.dumps(handle(json.loads(line))), flush=True)
