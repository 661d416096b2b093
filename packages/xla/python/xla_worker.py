"""The Python half of @minixla/xla: runs modules on real XLA through jaxlib, one request at a time.

Protocol (stdin -> stdout, both binary): a request is one JSON line followed by the raw bytes of its
arguments; a reply is one JSON line followed by the raw bytes of its outputs.

request: {"module": text, "format": "hlo" | "mlir", "replicas": R, "partitions": P,
          "iterations": N, "optimized_hlo": bool, "args": [[{"type", "dims", "nbytes"}, ...] per device]}
         then every argument's little-endian bytes, device by device, argument by argument
         (ml_dtypes' layout: one byte per element for pred and the sub-byte and 8-bit float types).
reply:   {"outputs": [[{"type", "dims", "nbytes"}, ...] per device], "compile_seconds" (about 0 when
          the executable was cached),
          "execute_seconds": [one per iteration]} then each output as .npy bytes (np.save),
         device by device (with "optimized_hlo": the module after XLA's optimizations, as text,
         when asked); or {"error": text, "kind": "compile" | "run" | "request"}.

The first line written is {"ready": true, "jax", "jaxlib", "platform", "devices"} once jax is
loaded, or {"missing": "python module name", "error": text} when it cannot be imported, after which
the worker exits. XLA_FLAGS (set by the caller) says how many host devices the CPU platform has.
"""
import io
import json
import re
import sys
import time
import warnings

warnings.filterwarnings("ignore")


def say(obj, payloads=()):
    out = sys.stdout.buffer
    out.write((json.dumps(obj) + "\n").encode())
    for p in payloads:
        out.write(p)
    out.flush()


PLATFORM = sys.argv[1] if len(sys.argv) > 1 else "cpu"
try:
    import numpy as np
    import ml_dtypes
    import jax
    import jaxlib
    from jax._src import xla_bridge as xb
    from jax._src.lib import xla_client as xc
    from jax.sharding import Mesh, NamedSharding, PartitionSpec
except ImportError as e:
    say({"missing": getattr(e, "name", None) or "jax", "error": str(e)})
    sys.exit(3)

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", PLATFORM)

DTYPES = {
    "pred": np.bool_, "s2": ml_dtypes.int2, "s4": ml_dtypes.int4, "s8": np.int8, "s16": np.int16, "s32": np.int32,
    "s64": np.int64, "u2": ml_dtypes.uint2, "u4": ml_dtypes.uint4, "u8": np.uint8, "u16": np.uint16,
    "u32": np.uint32, "u64": np.uint64, "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32,
    "f64": np.float64, "c64": np.complex64, "c128": np.complex128,
    "f8e5m2": ml_dtypes.float8_e5m2, "f8e4m3fn": ml_dtypes.float8_e4m3fn, "f8e4m3": ml_dtypes.float8_e4m3,
    "f8e3m4": ml_dtypes.float8_e3m4, "f8e4m3fnuz": ml_dtypes.float8_e4m3fnuz,
    "f8e5m2fnuz": ml_dtypes.float8_e5m2fnuz, "f8e4m3b11fnuz": ml_dtypes.float8_e4m3b11fnuz,
    "f8e8m0fnu": ml_dtypes.float8_e8m0fnu, "f4e2m1fn": ml_dtypes.float4_e2m1fn,
}
NAMES = {np.dtype(v).name: k for k, v in DTYPES.items()}
NAMES["bool"] = "pred"

try:
    backend = xb.get_backend(PLATFORM)
except Exception as e:  # no such platform in this jaxlib (a CPU-only wheel asked for cuda)
    say({"missing": "jaxlib[" + PLATFORM + "]", "error": str(e).split("\n")[0]})
    sys.exit(3)

# The last few executables by (text, format, replicas, partitions): a module run again is not compiled again.
COMPILED = {}

INSTRUCTION = re.compile(r"^\s*(ROOT\s+)?%?[\w.\-]+\s*=\s")


def manual_sharding(text):
    """Marks every instruction sharding={manual}: the module is already one device's program, and
    XLA's SPMD partitioner (required when num_partitions > 1) must leave it, partition-id included, alone."""
    lines = []
    for line in text.split("\n"):
        if INSTRUCTION.match(line) and "sharding=" not in line:
            line = line.rstrip() + ", sharding={manual}"
        lines.append(line)
    return "\n".join(lines)


def compile_module(req, devs):
    replicas, partitions = req["replicas"], req["partitions"]
    text = req["module"]
    if req["format"] == "hlo":
        if partitions > 1:
            text = manual_sharding(text)
        mod = xc.hlo.hlo_module_from_text(text)
        mlir = xc._xla.mlir.hlo_to_stablehlo(mod.as_serialized_hlo_module_proto())
    else:
        mlir = text
    opts = xc.CompileOptions()
    opts.num_replicas = replicas
    opts.num_partitions = partitions
    opts.executable_build_options.use_spmd_partitioning = partitions > 1
    opts.device_assignment = xc.DeviceAssignment.create(np.arange(replicas * partitions).reshape(replicas, partitions))
    try:
        return backend.compile_and_load(mlir, xc.DeviceList(tuple(devs)), opts)
    except AttributeError:  # older jaxlib
        return backend.compile(mlir, opts)


def read_args(req):
    per_device = []
    for specs in req["args"]:
        arrays = []
        for s in specs:
            raw = sys.stdin.buffer.read(s["nbytes"])
            if len(raw) != s["nbytes"]:
                raise EOFError("the request ended inside its arguments")
            arrays.append(np.frombuffer(raw, dtype=DTYPES[s["type"]]).reshape(s["dims"]))
        per_device.append(arrays)
    return per_device


def npy_bytes(a):
    b = io.BytesIO()
    np.save(b, np.asarray(a), allow_pickle=False)
    return b.getvalue()


def execute(exe, per_device, devs):
    if len(devs) == 1:
        bufs = [jax.device_put(a, devs[0]) for a in per_device[0]]
        return [[np.asarray(o) for o in exe.execute(bufs)]]
    # One array per argument holding each device's own value (a replicated sharding never checks
    # that the values agree, and keeps every device's buffer at the parameter's own shape).
    rep = NamedSharding(Mesh(np.array(devs), ("d",)), PartitionSpec())
    args = []
    for k in range(len(per_device[0])):
        shards = [jax.device_put(per_device[d][k], devs[d]) for d in range(len(devs))]
        args.append(jax.make_array_from_single_device_arrays(shards[0].shape, rep, shards))
    outs = exe.execute_sharded(args).disassemble_into_single_device_arrays()
    return [[np.asarray(o[d]) for o in outs] for d in range(len(devs))]


def resident_times(exe, args, dev, iterations):
    """Times of XLA's execute alone: the arguments placed on the device once, before the clock
    starts, and each run waited for on the device with no copy back to host (how a JAX user times
    a jitted function on arrays that already live on the device)."""
    bufs = [jax.device_put(a, dev) for a in args]
    for b in bufs:
        b.block_until_ready()
    times = []
    for _ in range(iterations):
        t = time.perf_counter()
        outs = exe.execute(bufs)
        for o in outs:
            o.block_until_ready()
        times.append(time.perf_counter() - t)
    return times


def handle(req):
    count = req["replicas"] * req["partitions"]
    all_devs = backend.devices()
    per_device = read_args(req)
    if count > len(all_devs):
        return {"error": f"the module needs {count} devices but the {PLATFORM} platform has {len(all_devs)}", "kind": "request"}, []
    devs = all_devs[:count]
    t0 = time.perf_counter()
    key = (req["module"], req["format"], req["replicas"], req["partitions"])
    exe = COMPILED.get(key)
    if exe is None:
        try:
            exe = compile_module(req, devs)
        except Exception as e:
            return {"error": str(e).strip()[:2000], "kind": "compile"}, []
        if len(COMPILED) >= 16:
            COMPILED.pop(next(iter(COMPILED)))
        COMPILED[key] = exe
    compile_seconds = time.perf_counter() - t0
    times = []
    try:
        if req.get("timing") == "resident" and len(devs) == 1:
            outs = execute(exe, per_device, devs)
            times = resident_times(exe, per_device[0], devs[0], max(1, req.get("iterations", 1)))
        else:
            for _ in range(max(1, req.get("iterations", 1))):
                t = time.perf_counter()
                outs = execute(exe, per_device, devs)
                times.append(time.perf_counter() - t)
    except Exception as e:
        return {"error": str(e).strip()[:2000], "kind": "run"}, []
    meta, payloads = [], []
    for dev_outs in outs:
        row = []
        for o in dev_outs:
            b = npy_bytes(o)
            row.append({"type": NAMES[o.dtype.name], "dims": list(o.shape), "nbytes": len(b)})
            payloads.append(b)
        meta.append(row)
    reply = {"outputs": meta, "compile_seconds": compile_seconds, "execute_seconds": times}
    if req.get("optimized_hlo"):
        reply["optimized_hlo"] = exe.hlo_modules()[0].to_string()
    return reply, payloads


def main():
    say({"ready": True, "jax": jax.__version__, "jaxlib": jaxlib.__version__, "platform": PLATFORM,
         "devices": len(backend.devices())})
    while True:
        line = sys.stdin.buffer.readline()
        if not line:
            return
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            reply, payloads = handle(req)
        except EOFError:
            return
        except Exception as e:  # a request this worker could not read
            reply, payloads = {"error": f"{type(e).__name__}: {e}", "kind": "request"}, []
        say(reply, payloads)


main()
