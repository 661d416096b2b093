"""Makes test/corpus/xla-chlo: the CHLO ops that XLA writes out as element-wise
HLO (erf_inv, lgamma, digamma, bessel_i1e, zeta, polygamma, next_after, cosh,
sinh, and asin, acos, asinh, acosh, atanh on real types), each lowered by JAX to StableHLO (`as_text()`, module.mlir) and to HLO
(`as_text(dialect="hlo")`, module.hlo) and run by XLA on the CPU for its outputs;
and chlo.ragged_dot in its three modes, which JAX does not emit on the CPU:
written here as StableHLO and converted to HLO by XLA's own importer
(`mlir_module_to_xla_computation`, which makes it HLO's ragged-dot). XLA's CPU
backend does not compile ragged-dot ("UNIMPLEMENTED: HLO opcode `ragged-dot`
is not supported by XLA:CPU ThunkEmitter"), so its outputs are those of
`jax.lax.ragged_dot_general` with the same dimension numbers (JAX's CPU
lowering of the op, masks and dots, run by XLA).

  PY=$(/work/shared/conformance/xla_env.sh)   # JAX/jaxlib 0.10.2, CPU
  $PY test/corpus/xla-chlo/gen_chlo_corpus.py test/corpus/xla-chlo

Inputs are seeded (numpy default_rng(22)) and include each function's edges:
poles, zeros, +-1, +-inf, NaN, the switch points of the piecewise formulas.
"""
import json, os, sys
import numpy as np
import jax, jax.numpy as jnp
import ml_dtypes

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")

N = 256
DTYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": ml_dtypes.bfloat16}
NAN, INF = float("nan"), float("inf")


def fill(rng, edges, lo, hi, log_span=None):
    """The edges, then uniform values in [lo, hi] (and log-uniform magnitudes up to 10^log_span)."""
    n_rest = N - len(edges)
    uni = rng.uniform(lo, hi, n_rest if log_span is None else n_rest // 2)
    parts = [np.array(edges, np.float64), uni]
    if log_span is not None:
        mag = 10.0 ** rng.uniform(-log_span, log_span, n_rest - len(uni))
        parts.append(mag * rng.choice([-1.0, 1.0], len(mag)))
    return np.concatenate(parts)


def unary_inputs(name, rng):
    if name == "erf_inv":
        return [fill(rng, [0, -0.0, 1, -1, 0.5, -0.5, 0.9999999, -0.9999999, 1e-30, 1.5, -2, NAN, INF, 0.99, 0.999999999], -1, 1)]
    if name in ("lgamma", "digamma"):
        return [fill(rng, [0, -0.0, 1, 2, -1, -2, -3, 0.5, -0.5, -2.5, 1e-30, -1e-30, 1e10, 1e30, -1e10, INF, -INF, NAN, 7.5, -7.5, 100.25], -20, 20, log_span=30)]
    if name == "bessel_i1e":
        return [fill(rng, [0, -0.0, 8, -8, 7.999999, 8.000001, 1e-30, 1e30, -1e30, INF, -INF, NAN, 700, -700], -50, 50, log_span=20)]
    if name in ("cosh", "sinh"):
        return [fill(rng, [0, -0.0, 1, -1, 0.999999, -0.999999, 89.4159851, -89.4159851, 88, -88, 710, -710, 1e-8, -1e-8, INF, -INF, NAN], -100, 100, log_span=6)]
    if name == "erfc":
        return [fill(rng, [0, -0.0, 1, -1, 0.9999999, 1.0000001, 2, -2, 1.9999999, 8, -8, 7.9999999, 8.0000001, 9.4, 9.5, 10, -10, 26.5, 27, 27.3, 30, -30, 1e-30, -1e-30, 1e30, -1e30, INF, -INF, NAN], -6, 6, log_span=3)]
    if name in ("asin", "acos", "atanh"):
        return [fill(rng, [0, -0.0, 1, -1, 0.5, -0.5, 0.9999999, -0.9999999, 1e-30, -1e-30, 1.5, -2, NAN, INF, -INF, 1e-4], -1, 1)]
    if name in ("asinh", "acosh", "atan"):
        return [fill(rng, [0, -0.0, 1, -1, 1.0000001, 2, 0.5, 1e-30, 1e19, -1e19, 1.9e19, 1.7e38, 3e38, -3e38, 1e300, 255, 256, 32752, 65504, INF, -INF, NAN], -20, 20, log_span=30)]
    raise ValueError(name)


def binary_inputs(name, rng):
    if name == "zeta":
        xs = [1, 1, 2, 2, 3, 4, 0.5, 1.5, 2.5, 2, 3, 4, 5, INF, NAN, 2, 50]
        qs = [1, 2, 0, -1, -2, -3, 1, 0.5, -1.5, 1e-30, 1e10, 1e-3, -2.5, 1, 1, NAN, 1]
        x = np.concatenate([xs, rng.uniform(1, 12, N - len(xs))])
        q = np.concatenate([qs, rng.uniform(-6, 12, N - len(qs))])
        return [x, q]
    if name == "polygamma":
        ns = [0, 0, 1, 1, 2, 3, 1.5, -1, 4, 0, 1, 2, 5, 0]
        xs = [1, -1, 1, 0, 0.5, -0.5, 2, 2, 1e-3, -2.5, 1e10, 100, 3, NAN]
        n = np.concatenate([ns, rng.integers(0, 6, N - len(ns)).astype(np.float64)])
        x = np.concatenate([xs, rng.uniform(-5, 12, N - len(xs))])
        return [n, x]
    if name == "next_after":
        xs = [0, 0, -0.0, 1, 1, 1, -1, INF, -INF, NAN, 1, 0, 5e-324, 1e30, 2, -2]
        ys = [0, -0.0, 1, 1, 2, 0, -2, 0, 0, 1, NAN, -1, 0, INF, -INF, 3]
        x = np.concatenate([xs, rng.standard_normal(N - len(xs)) * 10])
        y = np.concatenate([ys, rng.standard_normal(N - len(ys)) * 10])
        x[len(xs) + 20: len(xs) + 40] = y[len(xs) + 20: len(xs) + 40]
        return [x, y]
    raise ValueError(name)


FUNCS = {
    "erf_inv": jax.lax.erf_inv,
    "erfc": jax.lax.erfc,
    "lgamma": jax.lax.lgamma,
    "digamma": jax.lax.digamma,
    "bessel_i1e": jax.lax.bessel_i1e,
    "cosh": jnp.cosh,
    "sinh": jnp.sinh,
    "zeta": jax.lax.zeta,
    "polygamma": jax.lax.polygamma,
    "next_after": jax.lax.nextafter,
    "asin": jnp.arcsin,
    "acos": jnp.arccos,
    "asinh": jnp.arcsinh,
    "acosh": jnp.arccosh,
    "atanh": jnp.arctanh,
    "atan": jnp.arctan,
}

# The complex forms: XLA writes out StableHLO's patterns (Hull et al.'s asin/acos kernel; atanh's safe region).
COMPLEX_FUNCS = {
    "asin": jnp.arcsin, "acos": jnp.arccos, "asinh": jnp.arcsinh, "acosh": jnp.arccosh,
    "atan": jnp.arctan, "atanh": jnp.arctanh, "square": jnp.square,
}
CDTYPES = {"c64": np.complex64, "c128": np.complex128}
PARTS = [0, -0.0, 1, -1, 0.5, -2, 1.0000001, 1e-5, 1e-30, -1e-20, 3e17, -1e30, 1e200, INF, -INF, NAN]


def complex_inputs(rng):
    """Every pair of the edge parts (16 x 16), then random values with log-uniform magnitudes."""
    grid = np.array([complex(a, b) for a in PARTS for b in PARTS])
    n = 2 * N - len(grid)
    mag = 10.0 ** rng.uniform(-8, 8, n)
    ang = rng.uniform(-np.pi, np.pi, n)
    return np.concatenate([grid, mag * np.exp(1j * ang)])


def npy_dtype_name(dt):
    return {"f32": "float32", "f64": "float64", "f16": "float16", "bf16": "bfloat16"}[dt]


# chlo.ragged_dot: (name, lhs shape, rhs shape, groups, dimension numbers, result shape, JAX's dimension numbers).
RAGGED = [
    ("ragged_dot_mode1", (10, 4), (3, 4, 5), 3,
     "lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]",
     (10, 5), (((1,), (1,)), ((), ())), [0], [0]),
    ("ragged_dot_mode2", (6, 9), (9, 5), 3,
     "lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []",
     (3, 6, 5), (((1,), (0,)), ((), ())), [1], []),
    ("ragged_dot_mode3", (4, 6, 3), (4, 3, 5), 2,
     "lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []",
     (4, 6, 5), (((2,), (1,)), ((0,), (0,))), [0], []),
]


def ragged_cases(out, cases):
    from jax._src.lib import xla_client as xc
    from jax._src import xla_bridge as xb
    backend = xb.get_backend("cpu")
    dev = backend.devices()[0]
    for name, ls, rs, g, dn, res, jdn, jragged, jgroup in RAGGED:
        rng = np.random.default_rng(22)
        lhs = rng.standard_normal(ls).astype(np.float32)
        rhs = rng.standard_normal(rs).astype(np.float32)
        ragged_extent = ls[jragged[0]]
        cuts = np.sort(rng.integers(0, ragged_extent + 1, g - 1))
        sizes = np.diff(np.concatenate([[0], cuts, [ragged_extent]])).astype(np.int32)
        t = lambda shape, e="f32": f"tensor<{'x'.join(map(str, shape))}x{e}>"
        mlir = (f"module @{name} {{\n  func.func public @main(%lhs: {t(ls)}, %rhs: {t(rs)}, %group_sizes: {t((g,), 'i32')}) -> {t(res)} {{\n"
                f"    %0 = \"chlo.ragged_dot\"(%lhs, %rhs, %group_sizes) <{{ragged_dot_dimension_numbers = #chlo.ragged_dot<{dn}>, "
                f"precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]}}> : ({t(ls)}, {t(rs)}, {t((g,), 'i32')}) -> {t(res)}\n"
                f"    return %0 : {t(res)}\n  }}\n}}\n")
        hlo = xc._xla.mlir.mlir_module_to_xla_computation(mlir, use_tuple_args=False, return_tuple=False).as_hlo_text()
        rdn = jax.lax.RaggedDotDimensionNumbers(dot_dimension_numbers=jdn, lhs_ragged_dimensions=jragged, rhs_group_dimensions=jgroup)
        got = np.asarray(jax.jit(lambda a, b, c: jax.lax.ragged_dot_general(a, b, c, rdn))(lhs, rhs, sizes))
        assert got.shape == res, (name, got.shape)
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "module.mlir"), "w").write(mlir)
        open(os.path.join(d, "module.hlo"), "w").write(hlo)
        for i, a in enumerate((lhs, rhs, sizes)):
            np.save(os.path.join(d, f"in{i}.npy"), a)
        np.save(os.path.join(d, "out0.npy"), got)
        cases.append({
            "name": name, "dir": name,
            "inputs": [{"file": f"in{i}.npy", "dtype": str(a.dtype), "shape": list(a.shape)} for i, a in enumerate((lhs, rhs, sizes))],
            "outputs": [{"file": "out0.npy", "dtype": "float32", "shape": list(got.shape)}],
            # XLA's CPU dot accumulates with FMA in its own order; the sums here are of 3 to 9 products.
            "tolerance": {"rtol": 1e-5, "atol": 1e-6}, "tags": ["chlo", "ragged_dot"],
        })
        print(name, sizes)


# CHLO's broadcasting forms and constant_like, which JAX does not emit: (name, argument types, body, result type).
# XLA's legalization takes broadcast_dimensions only in NumPy's trailing alignment ("unsupported non
# prefix-padded dynamic rank broadcast_dimensions" otherwise), so the cases give those or none.
BROADCAST = [
    ("broadcast_add", ["3x4xf32", "4xf32"], "chlo.broadcast_add %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>", "3x4xf32"),
    ("broadcast_subtract", ["4xf32", "2x3x4xf32"], "chlo.broadcast_subtract %arg0, %arg1 {broadcast_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>", "2x3x4xf32"),
    ("broadcast_multiply_numpy", ["2x1x4xf64", "3x1xf64"], "chlo.broadcast_multiply %arg0, %arg1 : (tensor<2x1x4xf64>, tensor<3x1xf64>) -> tensor<2x3x4xf64>", "2x3x4xf64"),
    ("broadcast_atan2", ["3x4xf32", "3x1xf32"], "chlo.broadcast_atan2 %arg0, %arg1 : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>", "3x4xf32"),
    ("broadcast_power", ["3x4xf32", "f32"], "chlo.broadcast_power %arg0, %arg1 : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>", "3x4xf32"),
    ("broadcast_remainder", ["3x4xi32", "4xi32"], "chlo.broadcast_remainder %arg0, %arg1 : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>", "3x4xi32"),
    ("broadcast_shift_right_arithmetic", ["3x4xi32", "4xi32"], "chlo.broadcast_shift_right_arithmetic %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>", "3x4xi32"),
    ("broadcast_maximum", ["3x4xf32", "3x4xf32"], "chlo.broadcast_maximum %arg0, %arg1 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>", "3x4xf32"),
    ("broadcast_compare", ["3x4xf32", "4xf32"], "chlo.broadcast_compare %arg0, %arg1 {comparison_direction = #chlo<comparison_direction LT>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xi1>", "3x4xi1"),
    ("broadcast_select", ["4xi1", "3x4xf32", "f32"], "chlo.broadcast_select %arg0, %arg1, %arg2 : (tensor<4xi1>, tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>", "3x4xf32"),
    ("broadcast_complex", ["3x4xf32", "4xf32"], "chlo.broadcast_complex %arg0, %arg1 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xcomplex<f32>>", "3x4xcomplex<f32>"),
    ("broadcast_xor", ["3x4xi1", "1x4xi1"], "chlo.broadcast_xor %arg0, %arg1 : (tensor<3x4xi1>, tensor<1x4xi1>) -> tensor<3x4xi1>", "3x4xi1"),
    ("broadcast_next_after", ["3x4xf32", "4xf32"], "chlo.broadcast_next_after %arg0, %arg1 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>", "3x4xf32"),
    ("broadcast_zeta", ["3x4xf32", "4xf32"], "chlo.broadcast_zeta %arg0, %arg1 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>", "3x4xf32"),
    ("constant_like", ["3x4xf32"], "\"chlo.constant_like\"(%arg0) {value = 2.5 : f32} : (tensor<3x4xf32>) -> tensor<3x4xf32>", "3x4xf32"),
]

NP_OF = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i1": np.bool_}


def broadcast_cases(out, cases):
    """Written as StableHLO; module.hlo is XLA's importer's HLO and out0.npy what XLA computes from the StableHLO itself."""
    from jax._src.lib import xla_client as xc
    from jax._src import xla_bridge as xb
    backend = xb.get_backend("cpu")
    devs = backend.devices()[:1]
    for name, arg_types, body, result in BROADCAST:
        rng = np.random.default_rng(22)
        args = []
        for ty in arg_types:
            parts = ty.split("x")
            shape, et = tuple(int(d) for d in parts[:-1]), parts[-1]
            if et == "i1":
                args.append(rng.integers(0, 2, shape).astype(np.bool_))
            elif et == "i32":
                args.append(rng.integers(-20, 20, shape).astype(np.int32) | (1 if "remainder" in name else 0))
            else:
                args.append((rng.standard_normal(shape) * 3 + (4 if "zeta" in name else 0)).astype(NP_OF[et]))
        tt = lambda ty: "tensor<" + ty + ">" if "x" in ty else "tensor<" + ty + ">"
        params = ", ".join(f"%arg{i}: {tt(ty)}" for i, ty in enumerate(arg_types))
        mlir = (f"module @{name} {{\n  func.func public @main({params}) -> {tt(result)} {{\n"
                f"    %0 = {body}\n    return %0 : {tt(result)}\n  }}\n}}\n")
        hlo = xc._xla.mlir.mlir_module_to_xla_computation(mlir, use_tuple_args=False, return_tuple=False).as_hlo_text()
        exe = backend.compile_and_load(mlir, xc.DeviceList(tuple(devs)), xc.CompileOptions())
        got = np.asarray(exe.execute([jax.device_put(a, devs[0]) for a in args])[0])
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "module.mlir"), "w").write(mlir)
        open(os.path.join(d, "module.hlo"), "w").write(hlo)
        for i, a in enumerate(args):
            np.save(os.path.join(d, f"in{i}.npy"), a)
        np.save(os.path.join(d, "out0.npy"), got)
        cases.append({
            "name": name, "dir": name,
            "inputs": [{"file": f"in{i}.npy", "dtype": str(a.dtype), "shape": list(a.shape)} for i, a in enumerate(args)],
            "outputs": [{"file": "out0.npy", "dtype": str(got.dtype), "shape": list(got.shape)}],
            "tolerance": {"exact": True}, "tags": ["chlo", "broadcast"],
        })
        print(name, got.dtype, got.shape)


def main(out):
    cases = []
    for name, f in FUNCS.items():
        for dt, npdt in DTYPES.items():
            rng = np.random.default_rng(22)
            raw = binary_inputs(name, rng) if name in ("zeta", "polygamma", "next_after") else unary_inputs(name, rng)
            with np.errstate(all="ignore"):
                args = [np.asarray(a, np.float64).astype(npdt) for a in raw]
            try:
                lowered = jax.jit(f).lower(*args)
                got = np.asarray(jax.jit(f)(*args))
            except Exception as e:  # a type JAX refuses for this function
                print(f"skip {name} {dt}: {type(e).__name__}: {str(e).splitlines()[0][:100]}")
                continue
            mlir = lowered.as_text()
            if f"chlo.{name}" not in mlir:
                print(f"skip {name} {dt}: no chlo.{name} in the StableHLO")
                continue
            case = f"{name}_{dt}"
            d = os.path.join(out, case)
            os.makedirs(d, exist_ok=True)
            open(os.path.join(d, "module.mlir"), "w").write(mlir)
            open(os.path.join(d, "module.hlo"), "w").write(lowered.as_text(dialect="hlo"))
            inputs = []
            for i, a in enumerate(args):
                np.save(os.path.join(d, f"in{i}.npy"), a)
                inputs.append({"file": f"in{i}.npy", "dtype": npy_dtype_name(dt), "shape": list(a.shape)})
            np.save(os.path.join(d, "out0.npy"), got)
            cases.append({
                "name": case, "dir": case, "inputs": inputs,
                "outputs": [{"file": "out0.npy", "dtype": npy_dtype_name(dt), "shape": list(got.shape)}],
                "tolerance": {"exact": True}, "tags": ["chlo", name],
            })
            print(case)
    for name, f in COMPLEX_FUNCS.items():
        for dt, npdt in CDTYPES.items():
            rng = np.random.default_rng(22)
            with np.errstate(all="ignore"):
                arg = complex_inputs(rng).astype(npdt)
            lowered = jax.jit(f).lower(arg)
            mlir = lowered.as_text()
            if f"chlo.{name}" not in mlir:
                print(f"skip {name} {dt}: no chlo.{name} in the StableHLO")
                continue
            got = np.asarray(jax.jit(f)(arg))
            case = f"{name}_{dt}"
            d = os.path.join(out, case)
            os.makedirs(d, exist_ok=True)
            open(os.path.join(d, "module.mlir"), "w").write(mlir)
            open(os.path.join(d, "module.hlo"), "w").write(lowered.as_text(dialect="hlo"))
            np.save(os.path.join(d, "in0.npy"), arg)
            np.save(os.path.join(d, "out0.npy"), got)
            cases.append({
                "name": case, "dir": case,
                "inputs": [{"file": "in0.npy", "dtype": str(arg.dtype), "shape": list(arg.shape)}],
                "outputs": [{"file": "out0.npy", "dtype": str(got.dtype), "shape": list(got.shape)}],
                "tolerance": {"exact": True}, "tags": ["chlo", name, "complex"],
            })
            print(case)
    ragged_cases(out, cases)
    broadcast_cases(out, cases)
    manifest = {"generator": f"JAX {jax.__version__} CHLO ops lowered to StableHLO and HLO, XLA CPU outputs", "variant": "public", "cases": cases}
    with open(os.path.join(out, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
