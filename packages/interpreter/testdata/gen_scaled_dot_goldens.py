"""Goldens for scaled-dot (scaled_dot_goldens.json). XLA CPU has no scaled-dot
kernel, so each case runs on XLA CPU (jaxlib 0.10.2) in the form XLA's
ScaledDotRewriter lowers it to: operand and scale converted to a common type,
the scale broadcast over its blocks and multiplied in, then dot. Each case
carries the scaled-dot module minixla runs and the lowered one XLA ran.
Run: /tmp/minixla-xla-venv/bin/python gen_scaled_dot_goldens.py > scaled_dot_goldens.json"""
import json
import sys
import numpy as np
import ml_dtypes

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[3] / "test/corpus/xla-ops"))
from run_hlo import run  # noqa: E402

DT = {"f32": np.float32, "bf16": ml_dtypes.bfloat16, "f8e4m3fn": ml_dtypes.float8_e4m3fn,
      "f8e5m2": ml_dtypes.float8_e5m2, "f8e8m0fnu": ml_dtypes.float8_e8m0fnu}
WIDTH = {"f32": 32, "bf16": 16, "f8e4m3fn": 8, "f8e5m2": 8, "f8e8m0fnu": 8}


def target(a, b):  # ScaledDotRewriter's GetTargetType
    if WIDTH[a] < 16 and WIDTH[b] < 16:
        return "bf16"
    if a == b:
        return a
    if WIDTH[a] == WIDTH[b]:
        return "f32"
    return a if WIDTH[a] > WIDTH[b] else b


def st(t, dims):
    return f"{t}[{','.join(str(d) for d in dims)}]"


def braces(xs):
    return "{" + ",".join(str(x) for x in xs) + "}"


def lowered_side(name, t, dims, scale_t, scale_dims, lines):
    if not scale_dims:
        return name, t
    tt = target(t, scale_t)
    op, sc = name, f"{name}_scale"
    if t != tt:
        lines.append(f"  {op}_c = {st(tt, dims)} convert({op})"); op = f"{op}_c"
    if scale_t != tt:
        lines.append(f"  {sc}_c = {st(tt, scale_dims)} convert({sc})"); sc = f"{sc}_c"
    bdims, bshape, k = [], [], 0
    for d, s in zip(dims, scale_dims):
        bdims.append(k); bshape.append(s); k += 1
        if d != s:
            bshape.append(d // s); k += 1
    lines.append(f"  {name}_sb = {st(tt, bshape)} broadcast({sc}), dimensions={braces(bdims)}")
    lines.append(f"  {name}_sr = {st(tt, dims)} reshape({name}_sb)")
    lines.append(f"  {name}_dq = {st(tt, dims)} multiply({op}, {name}_sr)")
    return f"{name}_dq", tt


cases = []


def case(name, lhs, rhs, ls, rs, out_t, out_dims, lc, rc, lb=(), rb=()):
    (lt, ld, lv), (rt, rd, rv), (lst, lsd, lsv), (rst, rsd, rsv) = lhs, rhs, ls, rs
    dims = ([f"lhs_batch_dims={braces(lb)}"] if lb else []) + [f"lhs_contracting_dims={braces(lc)}"]
    dims += ([f"rhs_batch_dims={braces(rb)}"] if rb else []) + [f"rhs_contracting_dims={braces(rc)}"]
    params = [f"  lhs = {st(lt, ld)} parameter(0)", f"  rhs = {st(rt, rd)} parameter(1)",
              f"  lhs_scale = {st(lst, lsd)} parameter(2)", f"  rhs_scale = {st(rst, rsd)} parameter(3)"]
    hlo = (f"HloModule {name}\n\nENTRY main {{\n" + "\n".join(params) + "\n"
           f"  ROOT out = {st(out_t, out_dims)} scaled-dot(lhs, rhs, lhs_scale, rhs_scale), {', '.join(dims)}\n}}\n")
    lines = list(params)
    l, _ = lowered_side("lhs", lt, ld, lst, lsd, lines)
    r, _ = lowered_side("rhs", rt, rd, rst, rsd, lines)
    lines.append(f"  ROOT out = {st(out_t, out_dims)} dot({l}, {r}), {', '.join(dims)}")
    lowered = f"HloModule {name}_lowered\n\nENTRY main {{\n" + "\n".join(lines) + "\n}\n"
    arrays = [np.array(v, dtype=np.float64).astype(DT[t]).reshape(d) for t, d, v in (lhs, rhs, ls, rs)]
    out = run(lowered, arrays)[0]
    enc = lambda t, d, a: {"type": t, "shape": list(d), "values": [float(x) for x in np.asarray(a).astype(np.float64).ravel()]}
    cases.append({"name": name, "hlo": hlo, "lowered": lowered,
                  "inputs": [enc(t, d, a) for (t, d, _), a in zip((lhs, rhs, ls, rs), arrays)],
                  "output": enc(out_t, out_dims, out)})


def vals(n, scale, off, mod=11):
    return [((i * 7) % mod - off) * scale for i in range(n)]


# MX-style block scales: f8 operands, an e8m0 scale per 32 elements of the contracting dimension.
case("mx_block32", ("f8e4m3fn", [4, 64], vals(256, 0.5, 5)), ("f8e4m3fn", [64, 3], vals(192, 0.25, 4)),
     ("f8e8m0fnu", [4, 2], [2.0 ** e for e in vals(8, 1, 2, 5)]), ("f8e8m0fnu", [2, 3], [2.0 ** e for e in vals(6, 1, 1, 4)]),
     "f32", [4, 3], [1], [0])
# As XLA's scaled_dot_online_quantization.hlo: rhs contracted on its dimension 1.
case("rhs_transposed", ("f8e4m3fn", [2, 64], vals(128, 0.5, 5)), ("f8e4m3fn", [8, 64], vals(512, 0.25, 4)),
     ("f8e8m0fnu", [2, 2], [0.5, 2.0, 4.0, 1.0]), ("f8e8m0fnu", [8, 2], [2.0 ** e for e in vals(16, 1, 2, 5)]),
     "bf16", [2, 8], [1], [1])
# A scalar scale leaves its operand unscaled; a bf16 operand with a bf16 scale per row block.
case("scalar_and_bf16", ("f32", [3, 8], vals(24, 0.75, 5)), ("bf16", [8, 2], vals(16, 0.5, 3)),
     ("f32", [], [8.0]), ("bf16", [4, 1], [1.5, -2.0, 0.25, 3.0]),
     "f32", [3, 2], [1], [0])
# Batch dimension; an f32 rhs scale makes f32 the rhs's common type.
case("batch_f32_scale", ("f8e5m2", [2, 3, 8], vals(48, 0.5, 4)), ("f8e4m3fn", [2, 8, 2], vals(32, 0.5, 5)),
     ("f8e8m0fnu", [2, 1, 2], [1.0, 2.0, 0.25, 8.0]), ("f32", [1, 4, 2], [1.5, -0.5, 2.0, 1.0, 0.75, 3.0, -1.0, 0.5]),
     "f32", [2, 3, 2], [2], [1], [0], [0])
print(json.dumps({"cases": cases}))
