"""Writes cases.json: XLA CPU's results for the element-wise transcendental ops that
packages/interpreter/src/numerics/xla_cpu/math*.ts reproduce.

Run with the XLA CPU wheels (jaxlib 0.10.2):
  /tmp/minixla-xla-venv/bin/python test/corpus/xla-cpu-math/generate.py
Each op x type (and atan2 and power in f32, f16, bf16) runs once as a module whose input is a parameter (so XLA's CPU backend
computes it, not its constant folder) on a seeded sample: special values, denormals,
values log-uniform over the whole range, uniform ones in [-10, 10] and [-1, 1], and
values around the ops' branch points. Inputs and outputs are stored as the
concatenated little-endian hex of each element's bits (4 hex digits for f16/bf16, 8
for f32, 16 for f64)."""
import ctypes, json, os, warnings
warnings.filterwarnings("ignore")
import numpy as np, ml_dtypes
import jax
jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
from jax._src.lib import xla_client as xc
from jax._src import xla_bridge as xb

backend = xb.get_backend("cpu")
devs = backend.devices()[:1]
DT = {"f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32, "f64": np.float64}
UI = {"f16": np.uint16, "bf16": np.uint16, "f32": np.uint32, "f64": np.uint64}
OPS = ["exponential", "exponential-minus-one", "log", "log-plus-one", "tanh", "logistic", "erf", "cbrt", "sine", "cosine", "tan"]
F64_OPS = ["exponential", "exponential-minus-one", "log-plus-one", "tanh", "logistic", "cbrt", "erf"]
COUNT = {"f16": 300, "bf16": 300, "f32": 700, "f64": 600}
# Points where the ops switch branches or clamp, and the values around them.
BRANCHES = [0.785398, 120.0, 0.6744, 0.84375, 1.25, 2.857143, 6.0, 0.0004, 0.5, 0.41421356, 1.0, 3.8325, 7.99881172, 17.714196, 20.0, 87.8, 88.8, 88.72, 708.396, 709.782]


def compile_text(text):
    mod = xc.hlo.hlo_module_from_text(text)
    mlir = xc._xla.mlir.hlo_to_stablehlo(mod.as_serialized_hlo_module_proto())
    try:
        return backend.compile_and_load(mlir, xc.DeviceList(tuple(devs)), xc.CompileOptions())
    except AttributeError:
        return backend.compile(mlir, xc.CompileOptions())


def sample(t, rng):
    dt, n = DT[t], COUNT[t]
    tiny = {"f16": 6e-8, "bf16": 1e-40, "f32": 1e-40, "f64": 1e-310}[t]
    big = {"f16": 6e4, "bf16": 3e38, "f32": 3e38, "f64": 1e308}[t]
    special = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, tiny, -tiny, big, -big, 0.5, -0.5, 2.0, -2.0], dtype=np.float64)
    near = np.outer(np.concatenate([[b, -b] for b in BRANCHES]), [1.0, 1 - 1e-6, 1 + 1e-6]).ravel()
    k = n // 4
    lo = np.log(tiny) if t != "f16" else np.log(6e-8)
    logu = np.exp(rng.uniform(lo, np.log(big), k)) * rng.choice([-1.0, 1.0], k)
    u10 = rng.uniform(-10, 10, k)
    u1 = rng.uniform(-1, 1, k)
    small = rng.uniform(-0.01, 0.01, n - 3 * k)
    vals = np.concatenate([special, near, logu, u10, u1, small])
    with np.errstate(over="ignore"):
        return vals.astype(dt)


def hexbits(a, t):
    width = {"f16": 4, "bf16": 4, "f32": 8, "f64": 16}[t]
    return "".join(format(int(v), f"0{width}x") for v in a.view(UI[t]))


def main():
    rng = np.random.default_rng(20261125)
    cases = []
    for t in ["f32", "f16", "bf16", "f64"]:
        for op in F64_OPS if t == "f64" else OPS:
            x = sample(t, rng)
            n = len(x)
            text = f"HloModule m\nENTRY e {{\n p0 = {t}[{n}] parameter(0)\n ROOT r = {t}[{n}] {op}(p0)\n}}\n"
            out = np.asarray(compile_text(text).execute([jax.device_put(x, devs[0])])[0])
            cases.append({"op": op, "type": t, "in": hexbits(x, t), "out": hexbits(out, t)})
        for op in [] if t == "f64" else ["atan2", "power"]:
            # atan2(y, x): y from the sample, x a shuffled copy, so every quadrant and ratio occurs.
            # power(x, y): half the exponents small integers and halves (negative bases), half from [-4, 4].
            a = sample(t, rng)
            if op == "atan2":
                b = rng.permutation(a)
            else:
                a = np.concatenate([a[: len(a) // 2], np.abs(a[len(a) // 2 :])]).astype(DT[t])
                b = np.concatenate([rng.integers(-6, 7, len(a) // 2) / 2.0, rng.uniform(-4, 4, len(a) - len(a) // 2)]).astype(DT[t])
            n = len(a)
            text = f"HloModule m\nENTRY e {{\n p0 = {t}[{n}] parameter(0)\n p1 = {t}[{n}] parameter(1)\n ROOT r = {t}[{n}] {op}(p0, p1)\n}}\n"
            out = np.asarray(compile_text(text).execute([jax.device_put(a, devs[0]), jax.device_put(b, devs[0])])[0])
            cases.append({"op": op, "type": t, "in": hexbits(a, t), "in2": hexbits(b, t), "out": hexbits(out, t)})
    # Small 1-D f32 arrays, where XLA computes some elements of exp and log with glibc's expf/logf
    # (xlaCpuLibmTailStart): inputs on which the two differ, so each element shows which one ran.
    libm = ctypes.CDLL("libm.so.6")
    for op, fname in (("exponential", "expf"), ("log", "logf")):
        fn = getattr(libm, fname)
        fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
        pool = rng.uniform(0.01, 20, 4000).astype(np.float32)
        text = f"HloModule m\nENTRY e {{\n p0 = f32[4000] parameter(0)\n ROOT r = f32[4000] {op}(p0)\n}}\n"
        poly = np.asarray(compile_text(text).execute([jax.device_put(pool, devs[0])])[0])
        glibc = np.array([fn(float(v)) for v in pool], dtype=np.float32)
        pool = pool[poly != glibc]
        for dims in ([3], [5], [6], [7], [9], [11], [12], [13], [14], [15], [16], [2, 3]):
            n = int(np.prod(dims))
            x = pool[:n].reshape(dims)
            pool = pool[n:]
            d = ",".join(map(str, dims))
            text = f"HloModule m\nENTRY e {{\n p0 = f32[{d}] parameter(0)\n ROOT r = f32[{d}] {op}(p0)\n}}\n"
            out = np.asarray(compile_text(text).execute([jax.device_put(x, devs[0])])[0])
            cases.append({"op": op, "type": "f32", "dims": dims, "in": hexbits(x.ravel(), "f32"), "out": hexbits(out.ravel(), "f32")})
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json")
    with open(path, "w") as f:
        json.dump({"jaxlib": jax.__version__, "cases": cases}, f, separators=(",", ":"))
        f.write("\n")
    print(path, sum(len(c["in"]) for c in cases), "hex digits of input")


main()
