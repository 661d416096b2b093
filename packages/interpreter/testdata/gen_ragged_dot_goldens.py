"""Goldens for ragged-dot (ragged_dot_goldens.json). XLA CPU has no ragged-dot
kernel (its ThunkEmitter refuses the opcode), so the values come from JAX's
lax.ragged_dot_general on the CPU backend (jaxlib 0.10.2), which XLA compiles
from JAX's dense lowering. Each case also carries the HLO text minixla runs.
Run: /tmp/minixla-xla-venv/bin/python gen_ragged_dot_goldens.py > ragged_dot_goldens.json"""
import json
import numpy as np
import jax
jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
from jax import lax

TYPES = {"float32": "f32", "int8": "s8", "int32": "s32", "int64": "s64"}


def vals(shape, dtype, scale=0.25, off=3):
    n = int(np.prod(shape))
    return (((np.arange(n) * 7) % 11 - off) * scale).reshape(shape).astype(dtype)


def braces(xs):
    return "{" + ",".join(str(x) for x in xs) + "}"


def hlo(name, lhs, rhs, gs, out, lb, rb, lc, rc, ragged, group):
    t = lambda a: f"{TYPES[str(a.dtype)]}[{','.join(str(d) for d in a.shape)}]"
    attrs = ([f"lhs_batch_dims={braces(lb)}"] if lb else []) + [f"lhs_contracting_dims={braces(lc)}"]
    attrs += ([f"rhs_batch_dims={braces(rb)}"] if rb else []) + [f"rhs_contracting_dims={braces(rc)}", f"lhs_ragged_dims={braces(ragged)}"]
    attrs += [f"rhs_group_dims={braces(group)}"] if group else []
    return (f"HloModule {name}\n\nENTRY main {{\n  lhs = {t(lhs)} parameter(0)\n  rhs = {t(rhs)} parameter(1)\n"
            f"  group_sizes = {t(gs)} parameter(2)\n"
            f"  ROOT out = {t(out)} ragged-dot(lhs, rhs, group_sizes), {', '.join(attrs)}\n}}\n")


cases = []


def case(name, lhs, rhs, gs, lc, rc, lb, rb, ragged, group, pref=None):
    dn = lax.RaggedDotDimensionNumbers(((lc, rc), (lb, rb)), ragged, group)
    kw = {} if pref is None else {"preferred_element_type": pref}
    out = np.asarray(lax.ragged_dot_general(lhs, rhs, gs, dn, **kw))
    enc = lambda a: {"type": TYPES[str(a.dtype)], "shape": list(a.shape), "values": a.ravel().tolist()}
    cases.append({"name": name, "hlo": hlo(name, lhs, rhs, gs, out, lb, rb, lc, rc, ragged, group),
                  "inputs": [enc(lhs), enc(rhs), enc(gs)], "output": enc(out)})


f32 = np.float32
# Mode 1, ragged rows: group 0 rows 0-1, group 1 rows 2-3, row 4 in no group (zero).
case("non_contracting", vals((5, 3), f32), vals((2, 3, 2), f32, 0.5, 4), np.array([2, 2], np.int32), [1], [1], [], [], [0], [0])
# Mode 1 with a group_sizes row per lhs dimension 0 (XLA's ragged_dot.hlo#1 in small).
case("non_contracting_prefix", vals((2, 4, 3), f32), vals((3, 3, 2), f32, 0.5, 4),
     np.array([[1, 2, 1], [0, 3, 2]], np.int64), [2], [1], [], [], [1], [0])
# Mode 1 with a batch dimension.
case("batch_non_contracting", vals((2, 5, 3), f32), vals((2, 2, 3, 2), f32, 0.5, 4),
     np.array([[2, 3], [1, 1]], np.int32), [2], [2], [0], [1], [1], [0])
# Mode 2, the ragged dimension contracted; one group_sizes row per value of the other contracting dimension (ragged_dot.hlo#2).
case("contracting", vals((3, 4, 5), f32), vals((4, 5, 2), f32, 0.5, 4),
     np.array([[1, 2, 2], [2, 0, 3], [5, 0, 0], [1, 1, 1]], np.int64), [1, 2], [0, 1], [], [], [2], [])
# Mode 3, a ragged batch dimension: a plain dot (ragged_dot.hlo#3).
case("batch", vals((2, 3, 4, 5), f32), vals((2, 3, 5, 2), f32, 0.5, 4),
     np.array([[1, 2], [3, 0]], np.int64), [3], [2], [0, 1], [0, 1], [1], [])
# Integers with a wider preferred type.
case("int8_to_int32", vals((4, 3), np.int8, 1, 5), vals((2, 3, 2), np.int8, 3, 5), np.array([3, 1], np.int32),
     [1], [1], [], [], [0], [0], pref=np.int32)
print(json.dumps({"cases": cases}))
