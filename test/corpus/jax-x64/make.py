"""Makes test/corpus/jax-x64: JAX functions over 64-bit integers (and two
sharded functions with Shardy annotations) lowered to HLO text exactly as JAX
prints it, with inputs and the outputs real XLA (CPU) computes for them.

  /tmp/minixla-xla-venv/bin/python test/corpus/jax-x64/make.py test/corpus/jax-x64

JAX and jaxlib 0.10.2, JAX_ENABLE_X64, CPU backend; Shardy partitioner on, with
a mesh over the one CPU device.
"""
import json, os, sys, warnings
warnings.filterwarnings("ignore")
import numpy as np
import jax, jax.numpy as jnp
jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
jax.config.update("jax_use_shardy_partitioner", True)
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

out_dir = sys.argv[1]
cases = []

def case(name, fn, args, tol="exact", notes="", **jit_kwargs):
    d = os.path.join(out_dir, name)
    os.makedirs(d, exist_ok=True)
    jitted = jax.jit(fn, **jit_kwargs)
    hlo = jitted.lower(*args).as_text(dialect="hlo")
    with open(os.path.join(d, "module.hlo"), "w") as f:
        f.write(hlo)
    res = jitted(*args)
    outs = list(res) if isinstance(res, (tuple, list)) else [res]
    entry = {"name": name, "dir": name, "inputs": [], "outputs": [],
             "tolerance": {"exact": True} if tol == "exact" else {"rtol": tol[0], "atol": tol[1]}, "notes": notes}
    for i, a in enumerate(args):
        a = np.asarray(a); np.save(os.path.join(d, f"in{i}.npy"), a)
        entry["inputs"].append({"file": f"in{i}.npy", "dtype": str(a.dtype), "shape": list(a.shape)})
    for i, o in enumerate(outs):
        o = np.asarray(o); np.save(os.path.join(d, f"out{i}.npy"), o)
        entry["outputs"].append({"file": f"out{i}.npy", "dtype": str(o.dtype), "shape": list(o.shape)})
    cases.append(entry)

I64_MAX, I64_MIN = np.iinfo(np.int64).max, np.iinfo(np.int64).min
big = np.array([2**62 + 1, -(2**62) - 3, 2**53 + 1, -(2**53) - 1, I64_MAX - 2, I64_MIN + 7], dtype=np.int64)
grid = np.array([[2**60 + 5, -7, 2**53 + 3, 9],
                 [-(2**61) - 1, 2**55 + 1, 0, I64_MIN + 1],
                 [I64_MAX - 1, 3, -(2**53) - 5, 2**58 - 1]], dtype=np.int64)

case("min_int64", lambda x: jnp.min(x), [big],
     notes="jnp.min over int64: the reduce starts from s64[] constant(9223372036854775807)")
case("min_int64_axis1", lambda x: jnp.min(x, axis=1), [grid])
case("max_int64_axis0", lambda x: jnp.max(x, axis=0), [grid],
     notes="init s64[] constant(-9223372036854775808)")
case("max_uint64", lambda x: jnp.max(x),
     [np.array([2**63 + 5, 2**64 - 2, 17, 2**63 - 1, 2**53 + 1], dtype=np.uint64)],
     notes="u64 values beyond 2^63")
case("argmin_int64", lambda x: jnp.argmin(x, axis=1), [grid], notes="variadic reduce over (s64, s64)")
case("cumsum_int64_wraps", lambda x: jnp.cumsum(x), [np.array([I64_MAX - 10, 7, 7, 2**62, -(2**63) + 1], dtype=np.int64)],
     notes="the running sum wraps past 2^63 - 1, as XLA's s64 add does")
case("int64_arith", lambda x, y: ((x * 3 + y) // 7, x % y, x >> 3, jnp.abs(y) - x),
     [big, np.array([3, -5, 2**40 + 1, -(2**33), 11, -13], dtype=np.int64)],
     notes="floor division and remainder with JAX's sign fix-ups, shifts, wrap-around")
case("int64_to_float_and_back", lambda x: (x.astype(jnp.float64), x.astype(jnp.float32), (x // 1024).astype(jnp.float64).astype(jnp.int64)),
     [big], notes="s64 -> f64/f32 rounds to nearest even; back to s64 exactly")

mesh = jax.make_mesh((1,), ("x",), devices=jax.devices()[:1])
sx = NamedSharding(mesh, P("x"))
case("shardy_elementwise", lambda a, b: jnp.sin(a) * b + 1.0, [np.linspace(-2, 2, 8), np.arange(8.0)],
     tol=(1e-12, 1e-13), in_shardings=(sx, sx), out_shardings=sx,
     notes="module line frontend_attributes={xla.sdy.meshes={mesh = #sdy.mesh<[\"x\"=1]>}}; custom-call xla.sdy.FuncResultSharding")

mesh2 = jax.make_mesh((1, 1), ("x", "y"), devices=jax.devices()[:1], axis_types=(AxisType.Auto, AxisType.Auto))
def g(a, w):
    h = jnp.tanh(a @ w)
    h = jax.lax.with_sharding_constraint(h, NamedSharding(mesh2, P("x", None)))
    return jnp.sum(h, axis=1), jnp.max(a)
case("shardy_dot_constraint", g, [np.arange(12.0).reshape(3, 4) / 10, np.arange(8.0).reshape(4, 2) / 10],
     tol=(1e-12, 1e-13), in_shardings=(NamedSharding(mesh2, P("x", "y")), NamedSharding(mesh2, P("y", None))),
     notes="2-axis mesh; sharding constraint as custom-call Sharding with an sdy.sharding_per_value attribute")

with open(os.path.join(out_dir, "manifest.json"), "w") as f:
    json.dump({"generator": "jax " + jax.__version__ + ", test/corpus/jax-x64/make.py", "cases": cases}, f, indent=1)
print(len(cases), "cases")
