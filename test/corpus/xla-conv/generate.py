import numpy as np, sys, json, warnings
warnings.filterwarnings("ignore")
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "xla-ops"))
import run_hlo
rng = np.random.RandomState(7)
def ints(shape, lo=-4, hi=5): return rng.randint(lo, hi, size=shape)
def lit(a):
    if a.ndim == 0: return str(a)
    return "{" + ",".join(lit(x) for x in a) + "}"
def fmt(dtype, a):
    if dtype == "pred": return lit(np.where(a, "true", "false"))
    return lit(a)
cases = []
def case(name, lt, ls, rt, rs, out, attrs, lvals=None, rvals=None):
    l = ints(ls) if lvals is None else lvals
    r = ints(rs) if rvals is None else rvals
    cases.append((name, lt, ls, l, rt, rs, r, out, attrs))
# 1. batch groups, NCHW-ish, f32
case("batch_groups", "f32", (4,2,3,3), "f32", (2,2,2,4), "f32[2,4,2,2]", "window={size=2x2}, dim_labels=bf01_01io->bf01, batch_group_count=2")
# 2. s8 x s8 -> s32 preferred
case("s8_to_s32", "s8", (1,4,4,3), "s8", (2,2,3,2), "s32[1,3,3,2]", "window={size=2x2}, dim_labels=b01f_01io->b01f", ints((1,4,4,3),-128,128), ints((2,2,3,2),-128,128))
# 3. s8 wraps
case("s8_wrap", "s8", (1,4,1), "s8", (4,1,1), "s8[1,1,1]", "window={size=4}, dim_labels=b0f_0io->b0f", np.array([100,100,-5,3]).reshape(1,4,1), np.array([2,1,1,1]).reshape(4,1,1))
# 4. u8 wraps, s32 wraps
case("u8_wrap", "u8", (1,4,1), "u8", (4,1,1), "u8[1,1,1]", "window={size=4}, dim_labels=b0f_0io->b0f", np.array([200,100,3,3]).reshape(1,4,1), np.array([1,1,1,1]).reshape(4,1,1))
case("s32_wrap", "s32", (1,4,1), "s32", (4,1,1), "s32[1,1,1]", "window={size=4}, dim_labels=b0f_0io->b0f", np.array([2**30,2**30,2**30,7]).reshape(1,4,1), np.array([2,1,1,1]).reshape(4,1,1))
# 5. pred
case("pred", "pred", (1,3,2), "pred", (2,2,2), "pred[1,2,2]", "window={size=2}, dim_labels=b0f_0io->b0f", ints((1,3,2),0,2).astype(bool), ints((2,2,2),0,2).astype(bool))
# 6. bf16 -> f32 preferred
case("bf16_to_f32", "bf16", (2,5,3), "bf16", (3,3,2), "f32[2,3,2]", "window={size=3}, dim_labels=b0f_0io->b0f")
# 7. 3-D, permuted labels, reversal, negative pad, dilations, stride
case("conv3d_everything", "f64", (2,3,5,4,6), "f64", (2,3,2,2,4), "f64[3,5,2,4,2]", "window={size=2x2x2 stride=2x1x2 pad=-1_2x1_0x0_-1 lhs_dilate=2x1x2 rhs_dilate=1x2x1 rhs_reversal=1x0x1}, dim_labels=bf201_0i12o->1f0b2")
# 8. no spatial dims
case("no_spatial", "f32", (3,4), "f32", (4,5), "f32[3,5]", "dim_labels=bf_io->bf")
# 9. f16 result
case("f16", "f16", (1,6,6,2), "f16", (3,3,2,2), "f16[1,4,4,2]", "window={size=3x3}, dim_labels=b01f_01io->b01f")
# 10. depthwise (feature groups = features) with s32->s64 preferred
case("depthwise_s64", "s32", (1,5,5,3), "s32", (3,3,1,6), "s64[1,3,3,6]", "window={size=3x3}, dim_labels=b01f_01io->b01f, feature_group_count=3", ints((1,5,5,3),-1000,1000), ints((3,3,1,6),-1000,1000))
# 11. c64
case("c64", "c64", (1,3,2), "c64", (2,2,2), "c64[1,2,2]", "window={size=2}, dim_labels=b0f_0io->b0f", (ints((1,3,2))+1j*ints((1,3,2))).astype(np.complex64), (ints((2,2,2))+1j*ints((2,2,2))).astype(np.complex64))

def shp(t, s): return f"{t}[{','.join(map(str,s))}]"
out = {}
for (name, lt, ls, l, rt, rs, r, o, attrs) in cases:
    def clit(t, a):
        if t in ("c64","c128"):
            def rec(x):
                if x.ndim == 0: return f"({x.real:g}, {x.imag:g})"
                return "{" + ",".join(rec(y) for y in x) + "}"
            return rec(a)
        return fmt(t, a)
    text = f"""HloModule conv_{name}

ENTRY main {{
  lhs = {shp(lt, ls)} constant({clit(lt, np.asarray(l))})
  rhs = {shp(rt, rs)} constant({clit(rt, np.asarray(r))})
  ROOT conv = {o} convolution(lhs, rhs), {attrs}
}}
"""
    import re
    try:
        res = run_hlo.run(text, [])[0]
    except Exception as e:
        m = re.search(r"inferred shape '\[([0-9, ]*)\]'", str(e))
        if not m: raise
        o = o.split("[")[0] + "[" + m.group(1).replace(" ", "") + "]"
        text = text.replace(text.split("ROOT conv = ")[1].split(" convolution")[0], o)
        res = run_hlo.run(text, [])[0]
    if res.dtype.kind == "c":
        vals = [[float(v.real), float(v.imag)] for v in res.ravel()]
    elif res.dtype == bool:
        vals = [bool(v) for v in res.ravel()]
    else:
        vals = [float(v) if res.dtype.kind == "f" else int(v) for v in res.ravel()]
    out[name] = {"text": text, "shape": list(res.shape), "dtype": str(res.dtype), "values": vals}
json.dump(out, open("cases.json", "w"), indent=1)
for k, v in out.items(): print(k, v["dtype"], v["shape"], str(v["values"])[:100])
