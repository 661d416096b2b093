"""Golden values from XLA CPU for fft, topk, cholesky, triangular-solve and the
batch-norm ops (op_goldens.json). Run with the conformance venv:
  python gen_op_goldens.py /path/to/run_hlo.py_dir > op_goldens.json
Each case: the module text, the inputs and XLA's outputs (tuple leaves in
order), values flattened row-major, complex as (re, im) pairs, non-finite
floats as strings ("nan", "-nan", "inf", "-inf")."""
import json, sys
import numpy as np

sys.path.insert(0, sys.argv[1])
import run_hlo  # noqa: E402
import ml_dtypes  # noqa: E402

rng = np.random.default_rng(20261125)
DT = {"f32": np.float32, "f64": np.float64, "c64": np.complex64, "c128": np.complex128, "s32": np.int32, "s64": np.int64, "bf16": ml_dtypes.bfloat16}
NAMES = {v: k for k, v in DT.items()}


def enc(x):
    x = float(x)
    if np.isnan(x):
        return "-nan" if np.signbit(x) else "nan"
    if np.isinf(x):
        return "-inf" if x < 0 else "inf"
    return x


def flat(a):
    a = np.asarray(a)
    if np.iscomplexobj(a):
        return [enc(v) for z in a.ravel() for v in (z.real, z.imag)]
    if a.dtype.kind in "iu":
        return [int(v) for v in a.ravel()]
    return [enc(v) for v in a.astype(np.float64).ravel()]


def tname(a):
    return {np.dtype(k): v for k, v in [(np.float16, "f16"), (np.float32, "f32"), (np.float64, "f64"), (np.complex64, "c64"), (np.complex128, "c128"), (np.int32, "s32"), (np.int64, "s64"), (ml_dtypes.bfloat16, "bf16")]}[a.dtype]


cases = []


def case(family, name, hlo, inputs, tol):
    text = "HloModule " + name + "\n\nENTRY main {\n" + hlo + "\n}\n"
    outs = run_hlo.run(text, inputs)
    cases.append({
        "family": family, "name": name, "hlo": text, "tolerance": tol,
        "inputs": [{"type": tname(a), "shape": list(a.shape), "values": flat(a)} for a in inputs],
        "outputs": [{"type": tname(o), "shape": list(o.shape), "values": flat(o)} for o in outs],
    })


def cplx(shape, dt):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dt)


EXACT = {"exact": True}
F64 = {"rtol": 1e-10, "atol": 1e-12}
F32 = {"rtol": 2e-5, "atol": 1e-5}

# ---- topk ----
special = np.array([[1, np.nan, 3, 3, -np.inf, np.inf, 0.0, -0.0], [-0.0, 0.0, 2, 2, 2, -np.nan, 1, np.nan]], dtype=np.float32)
for largest in ("true", "false"):
    case("topk", f"topk_f32_special_largest_{largest}", f"  p0 = f32[2,8] parameter(0)\n  ROOT r = (f32[2,8], s32[2,8]) topk(p0), k=8, largest={largest}", [special], EXACT)
case("topk", "topk_s32_ties_k3", "  p0 = s32[3,5] parameter(0)\n  ROOT r = (s32[3,3], s32[3,3]) topk(p0), k=3, largest=true", [np.array([[5, 1, 5, 2, 5], [0, 0, 0, 0, 0], [-3, 7, -3, 7, 1]], dtype=np.int32)], EXACT)
case("topk", "topk_s64_smallest", "  p0 = s64[2,4] parameter(0)\n  ROOT r = (s64[2,2], s32[2,2]) topk(p0), k=2, largest=false", [np.array([[2**62, -(2**62), 3, -(2**62)], [9, 8, 7, 7]], dtype=np.int64)], EXACT)
case("topk", "topk_bf16_batched", "  p0 = bf16[2,3,4] parameter(0)\n  ROOT r = (bf16[2,3,2], s32[2,3,2]) topk(p0), k=2", [rng.standard_normal((2, 3, 4)).astype(ml_dtypes.bfloat16)], EXACT)
case("topk", "topk_default_largest_k1", "  p0 = f64[5] parameter(0)\n  ROOT r = (f64[1], s32[1]) topk(p0), k=1", [np.array([0.5, 2.5, -1, 2.5, 0])], EXACT)

# ---- fft ----
case("fft", "fft_c64_len5", "  p0 = c64[2,5] parameter(0)\n  ROOT r = c64[2,5] fft(p0), fft_type=FFT, fft_length={5}", [cplx((2, 5), np.complex64)], F32)
case("fft", "ifft_c64_len5", "  p0 = c64[2,5] parameter(0)\n  ROOT r = c64[2,5] fft(p0), fft_type=IFFT, fft_length={5}", [cplx((2, 5), np.complex64)], F32)
case("fft", "fft_c128_2d", "  p0 = c128[2,3,4] parameter(0)\n  ROOT r = c128[2,3,4] fft(p0), fft_type=FFT, fft_length={3,4}", [cplx((2, 3, 4), np.complex128)], F64)
case("fft", "ifft_c128_3d", "  p0 = c128[2,2,3,4] parameter(0)\n  ROOT r = c128[2,2,3,4] fft(p0), fft_type=IFFT, fft_length={2,3,4}", [cplx((2, 2, 3, 4), np.complex128)], F64)
case("fft", "rfft_f32_len6", "  p0 = f32[2,6] parameter(0)\n  ROOT r = c64[2,4] fft(p0), fft_type=RFFT, fft_length={6}", [rng.standard_normal((2, 6)).astype(np.float32)], F32)
case("fft", "irfft_c64_len7", "  p0 = c64[2,4] parameter(0)\n  ROOT r = f32[2,7] fft(p0), fft_type=IRFFT, fft_length={7}", [cplx((2, 4), np.complex64)], F32)
case("fft", "rfft_f64_2d", "  p0 = f64[3,4,6] parameter(0)\n  ROOT r = c128[3,4,4] fft(p0), fft_type=RFFT, fft_length={4,6}", [rng.standard_normal((3, 4, 6))], F64)
case("fft", "irfft_c128_2d_not_hermitian", "  p0 = c128[3,4,4] parameter(0)\n  ROOT r = f64[3,4,6] fft(p0), fft_type=IRFFT, fft_length={4,6}", [cplx((3, 4, 4), np.complex128)], F64)
case("fft", "rfft_f64_len67_bluestein", "  p0 = f64[67] parameter(0)\n  ROOT r = c128[34] fft(p0), fft_type=RFFT, fft_length={67}", [np.sin(np.arange(67) * 0.37) + np.arange(67) / 50], F64)
case("fft", "fft_c128_len100", "  p0 = c128[100] parameter(0)\n  ROOT r = c128[100] fft(p0), fft_type=FFT, fft_length={100}", [cplx((100,), np.complex128)], F64)
case("fft", "ifft_c128_len128", "  p0 = c128[128] parameter(0)\n  ROOT r = c128[128] fft(p0), fft_type=IFFT, fft_length={128}", [cplx((128,), np.complex128)], F64)

# ---- cholesky ----
def spd(n, dt=np.float64):
    m = rng.standard_normal((n, n))
    return (m @ m.T + n * np.eye(n)).astype(dt)

batch = np.stack([spd(4), spd(4) + np.triu(np.full((4, 4), 100.0), 1), np.array([[4.0, 2, 1, 0], [7, -5, 3, 0], [9, 8, 6, 0], [1, 1, 1, 1]])])
case("linalg", "cholesky_f64_batch_lower_with_failure", "  p0 = f64[3,4,4] parameter(0)\n  ROOT r = f64[3,4,4] cholesky(p0), lower=true", [batch], F64)
case("linalg", "cholesky_f64_batch_upper", "  p0 = f64[3,4,4] parameter(0)\n  ROOT r = f64[3,4,4] cholesky(p0)", [np.stack([spd(4), spd(4) + np.tril(np.full((4, 4), -50.0), -1), spd(4)])], F64)
case("linalg", "cholesky_f32_upper", "  p0 = f32[3,3] parameter(0)\n  ROOT r = f32[3,3] cholesky(p0), lower=false", [spd(3, np.float32)], F32)
case("linalg", "cholesky_f64_singular_last_pivot", "  p0 = f64[2,2] parameter(0)\n  ROOT r = f64[2,2] cholesky(p0), lower=true", [np.array([[1.0, 1], [1, 1]])], F64)
herm = np.array([[4, 1 - 2j, 0.5j], [1 + 2j, 6, 1], [-0.5j, 1, 5]], dtype=np.complex128)
junk = herm + np.array([[5j, 0, 0], [0, 7j, 0], [0, 0, 0]])
for lower in ("true", "false"):
    case("linalg", f"cholesky_c128_lower_{lower}", f"  p0 = c128[2,3,3] parameter(0)\n  ROOT r = c128[2,3,3] cholesky(p0), lower={lower}", [np.stack([herm, junk])], F64)

# ---- triangular-solve ----
a = rng.standard_normal((2, 3, 3)) + 4 * np.eye(3)
for left in ("true", "false"):
    for lower in ("true", "false"):
        for unit in ("true", "false"):
            for tr in ("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"):
                bshape = "2,3,2" if left == "true" else "2,2,3"
                b = rng.standard_normal((2, 3, 2) if left == "true" else (2, 2, 3))
                case("linalg", f"triangular_solve_left_{left}_lower_{lower}_unit_{unit}_{tr}",
                     f"  a = f64[2,3,3] parameter(0)\n  b = f64[{bshape}] parameter(1)\n  ROOT r = f64[{bshape}] triangular-solve(a, b), left_side={left}, lower={lower}, unit_diagonal={unit}, transpose_a={tr}",
                     [a, b], F64)
ac = cplx((3, 3), np.complex128) + 3 * np.eye(3)
for left, bs in (("true", (3, 2)), ("false", (2, 3))):
    for tr in ("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"):
        sh = ",".join(map(str, bs))
        case("linalg", f"triangular_solve_c128_left_{left}_{tr}", f"  a = c128[3,3] parameter(0)\n  b = c128[{sh}] parameter(1)\n  ROOT r = c128[{sh}] triangular-solve(a, b), left_side={left}, lower=true, transpose_a={tr}", [ac, cplx(bs, np.complex128)], F64)
case("linalg", "triangular_solve_f32_upper", "  a = f32[3,3] parameter(0)\n  b = f32[3,1] parameter(1)\n  ROOT r = f32[3,1] triangular-solve(a, b), left_side=true, transpose_a=NO_TRANSPOSE", [(rng.standard_normal((3, 3)) + 3 * np.eye(3)).astype(np.float32), rng.standard_normal((3, 1)).astype(np.float32)], F32)

# ---- batch norm ----
x = rng.standard_normal((2, 3, 2)).astype(np.float32)
f3 = lambda: rng.standard_normal(3).astype(np.float32)  # noqa: E731
case("batch_norm", "batch_norm_inference_f32", "  x = f32[2,3,2] parameter(0)\n  s = f32[3] parameter(1)\n  o = f32[3] parameter(2)\n  m = f32[3] parameter(3)\n  v = f32[3] parameter(4)\n  ROOT r = f32[2,3,2] batch-norm-inference(x, s, o, m, v), epsilon=1e-05, feature_index=1",
     [x, f3(), f3(), f3(), np.abs(f3())], F32)
case("batch_norm", "batch_norm_training_f64_eps_is_f32", "  x = f64[3,2,2] parameter(0)\n  s = f64[2] parameter(1)\n  o = f64[2] parameter(2)\n  ROOT r = (f64[3,2,2], f64[2], f64[2]) batch-norm-training(x, s, o), epsilon=0.001, feature_index=2",
     [rng.standard_normal((3, 2, 2)) * 0.01, rng.standard_normal(2), rng.standard_normal(2)], {"rtol": 1e-12, "atol": 1e-14})
case("batch_norm", "batch_norm_training_f32_feature0", "  x = f32[3,4,2] parameter(0)\n  s = f32[3] parameter(1)\n  o = f32[3] parameter(2)\n  ROOT r = (f32[3,4,2], f32[3], f32[3]) batch-norm-training(x, s, o), epsilon=0.01, feature_index=0",
     [rng.standard_normal((3, 4, 2)).astype(np.float32) + 2, f3(), f3()], F32)
case("batch_norm", "batch_norm_grad_f64", "  x = f64[3,2,2] parameter(0)\n  s = f64[2] parameter(1)\n  m = f64[2] parameter(2)\n  v = f64[2] parameter(3)\n  dy = f64[3,2,2] parameter(4)\n  ROOT r = (f64[3,2,2], f64[2], f64[2]) batch-norm-grad(x, s, m, v, dy), epsilon=0.001, feature_index=1",
     [rng.standard_normal((3, 2, 2)), rng.standard_normal(2), rng.standard_normal(2), np.abs(rng.standard_normal(2)) * 0.01, rng.standard_normal((3, 2, 2))], {"rtol": 1e-12, "atol": 1e-13})
case("batch_norm", "batch_norm_grad_f32", "  x = f32[4,3] parameter(0)\n  s = f32[3] parameter(1)\n  m = f32[3] parameter(2)\n  v = f32[3] parameter(3)\n  dy = f32[4,3] parameter(4)\n  ROOT r = (f32[4,3], f32[3], f32[3]) batch-norm-grad(x, s, m, v, dy), epsilon=0.1, feature_index=1",
     [rng.standard_normal((4, 3)).astype(np.float32), f3(), f3(), np.abs(f3()), rng.standard_normal((4, 3)).astype(np.float32)], F32)

# ---- edge cases: empty shapes, NaN and inf, narrow types ----
case("topk", "topk_k0", "  p0 = f64[2,5] parameter(0)\n  ROOT r = (f64[2,0], s32[2,0]) topk(p0), k=0", [np.ones((2, 5))], EXACT)
case("fft", "fft_c64_empty_batch", "  p0 = c64[0,4] parameter(0)\n  ROOT r = c64[0,4] fft(p0), fft_type=FFT, fft_length={4}", [np.zeros((0, 4), np.complex64)], F32)
case("fft", "rfft_f32_nan_keeps_dc_and_nyquist_imaginary_zero", "  p0 = f32[2,4] parameter(0)\n  ROOT r = c64[2,3] fft(p0), fft_type=RFFT, fft_length={4}", [np.array([[1, np.nan, 2, 3], [np.inf, 0, 1, 0]], np.float32)], F32)
case("fft", "rfft_f64_len6_inf", "  p0 = f64[6] parameter(0)\n  ROOT r = c128[4] fft(p0), fft_type=RFFT, fft_length={6}", [np.array([1, np.inf, 2, 3, 0, 1.0])], F64)
case("fft", "irfft_f64_ignores_dc_and_nyquist_imaginary", "  p0 = c128[2,3] parameter(0)\n  ROOT r = f64[2,4] fft(p0), fft_type=IRFFT, fft_length={4}", [np.array([[1 + 5j, 2 - 1j, 3 + 7j], [1 + np.nan * 1j, 0.5j, 2 + np.inf * 1j]])], F64)
case("linalg", "cholesky_f64_empty", "  p0 = f64[2,0,0] parameter(0)\n  ROOT r = f64[2,0,0] cholesky(p0), lower=true", [np.zeros((2, 0, 0))], F64)
case("linalg", "cholesky_f16", "  p0 = f16[2,2] parameter(0)\n  ROOT r = f16[2,2] cholesky(p0), lower=true", [np.array([[4, 2], [2, 5]], np.float16)], {"rtol": 1e-3, "atol": 1e-3})
case("linalg", "triangular_solve_zero_diagonal", "  a = f64[3,3] parameter(0)\n  b = f64[3,1] parameter(1)\n  ROOT r = f64[3,1] triangular-solve(a, b), left_side=true, lower=true, transpose_a=NO_TRANSPOSE", [np.array([[1.0, 0, 0], [2, 0, 0], [3, 4, 5]]), np.ones((3, 1))], F64)
case("linalg", "triangular_solve_empty_rhs", "  a = f64[3,3] parameter(0)\n  b = f64[3,0] parameter(1)\n  ROOT r = f64[3,0] triangular-solve(a, b), left_side=true, transpose_a=NO_TRANSPOSE", [np.eye(3), np.zeros((3, 0))], F64)
sing = np.array([[2.0, 0, 0], [1, 3, 0], [0, 1, 0]])
for batch in (1, 9):  # XLA solves batches of more than 8 small matrices by substitution, others by inverting blocks
    case("linalg", f"triangular_solve_zero_pivot_batch_{batch}", f"  a = f64[{batch},3,3] parameter(0)\n  b = f64[{batch},3,1] parameter(1)\n  ROOT r = f64[{batch},3,1] triangular-solve(a, b), left_side=true, lower=true, transpose_a=NO_TRANSPOSE",
         [np.broadcast_to(sing, (batch, 3, 3)).copy(), np.broadcast_to(np.array([[2.0], [1], [3]]), (batch, 3, 1)).copy()], F64)
case("linalg", "triangular_solve_batch_9_right_adjoint_unit", "  a = c128[9,4,4] parameter(0)\n  b = c128[9,2,4] parameter(1)\n  ROOT r = c128[9,2,4] triangular-solve(a, b), lower=false, unit_diagonal=true, transpose_a=ADJOINT",
     [cplx((9, 4, 4), np.complex128), cplx((9, 2, 4), np.complex128)], F64)
case("linalg", "triangular_solve_inf_below_diagonal", "  a = f64[3,3] parameter(0)\n  b = f64[3,1] parameter(1)\n  ROOT r = f64[3,1] triangular-solve(a, b), left_side=true, lower=true, transpose_a=NO_TRANSPOSE",
     [np.array([[2.0, 0, 0], [np.inf, 3, 0], [0, 1, 1]]), np.array([[2.0], [1], [3]])], F64)
case("batch_norm", "batch_norm_training_empty_batch_gives_nan_statistics", "  x = f32[0,3] parameter(0)\n  s = f32[3] parameter(1)\n  ROOT r = (f32[0,3], f32[3], f32[3]) batch-norm-training(x, s, s), epsilon=0.001, feature_index=1", [np.zeros((0, 3), np.float32), np.ones(3, np.float32)], F32)
case("batch_norm", "batch_norm_inference_bf16", "  x = bf16[2,3] parameter(0)\n  s = bf16[3] parameter(1)\n  ROOT r = bf16[2,3] batch-norm-inference(x, s, s, s, s), epsilon=0.001, feature_index=1", [np.array([[1, -2, 0.5], [3, 0, 1]], np.float32).astype(ml_dtypes.bfloat16), np.array([1.5, 2.5, 0.3], np.float32).astype(ml_dtypes.bfloat16)], {"rtol": 1e-2, "atol": 1e-2})

# StableHLO's irfft_2d/3d interpret-test operands (not Hermitian-consistent spectra): what XLA CPU makes of them.
sh2 = np.array([136, -32 + 32j, -32, -32 - 32j, -8 + 8j, 0, 0, 0, -8, 0, 0, 0]).reshape(4, 3)
case("fft", "irfft_2d_stablehlo_operand", "  p0 = c128[4,3] parameter(0)\n  ROOT r = f64[4,4] fft(p0), fft_type=IRFFT, fft_length={4,4}", [sh2], F64)
sh3 = np.array([136, -64, -32, 0, -8 + 8j, 0, 0, 0, -8, 0, 0, 0], dtype=np.complex128).reshape(2, 2, 3)
case("fft", "irfft_3d_stablehlo_operand", "  p0 = c128[2,2,3] parameter(0)\n  ROOT r = f64[2,2,4] fft(p0), fft_type=IRFFT, fft_length={2,2,4}", [sh3], F64)

json.dump({"source": "XLA CPU via jax (see gen_op_goldens.py)", "cases": cases}, sys.stdout, indent=None)
