"""Golden values for minixla's xla_builder.* custom-call kernels, from real XLA.

XLA's own tests (xla/hlo/builder/tests/*.hlo, vendored in ../xla-hlo) carry,
in their CHECK lines, the HLO that XLA's builder library expands each
`xla_builder.*` custom call into (hlo-opt --passes=test-only-xla-builder).
This script rebuilds each expansion as a module whose entry is the expansion
computation, compiles it once with XLA's CPU backend (jaxlib) and runs it on
chosen inputs. The results are XLA CPU's values for the library function.

Run: /tmp/minixla-xla-venv/bin/python test/corpus/xla-builder-lib/make_goldens.py
Writes goldens.json beside this file.
"""
import json, math, os, re, struct
import numpy as np
import ml_dtypes
import jax
jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
from jax._src.lib import xla_client as xc
from jax._src import xla_bridge as xb

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.join(HERE, "..", "xla-hlo", "openxla-xla", "xla", "hlo", "builder", "tests")
NAME = re.compile(r"%\[\[\$?(\w+)(?::\[\^ \]\+)?\]\]")


def expansions(path):
    """Per `// -----` chunk: (module label, HLO text with the xla_builder computation as ENTRY)."""
    out = []
    for chunk in open(path).read().split("// -----"):
        label, comps, cur = None, [], None
        for line in chunk.split("\n"):
            m = re.match(r"// CHECK(-LABEL|-NEXT)?:\s*(.*)$", line)
            if not m:
                continue
            kind, body = m.group(1), m.group(2)
            if kind == "-LABEL":
                label = body.split(",")[0].split()[1]
                continue
            if kind is None:  # a computation header
                if body.startswith("ENTRY"):
                    cur = None
                    continue
                cur = [NAME.sub(lambda g: "%" + g.group(1), body).strip(), []]
                comps.append(cur)
                continue
            if cur is not None:
                cur[1].append(NAME.sub(lambda g: "%" + g.group(1), body))
        if label is None:
            continue
        text = [f"HloModule {label}"]
        for i, (name, lines) in enumerate(comps):
            head = f"ENTRY {name}" if i == len(comps) - 1 else name
            text.append(head + " {\n  " + "\n  ".join(gte_sugar(lines)) + "\n}")
        out.append((label, "\n\n".join(text)))
    return out


def tuple_parts(shape):
    """The element shapes of a printed tuple shape `(a, b, /*index=5*/c)`."""
    inner = re.sub(r"/\*index=\d+\*/", "", shape.strip())[1:-1]
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    parts.append(cur.strip())
    return parts


def gte_sugar(lines):
    """`%p#2` (XLA's newer printer) -> an explicit get-tuple-element, for the older parser in jaxlib."""
    shapes, out, made = {}, [], set()
    for line in lines:
        m = re.match(r"\s*(?:ROOT )?%(\w+) = (\(.*\)) \w[\w-]*\(", line)
        if m:
            shapes[m.group(1)] = tuple_parts(m.group(2))
        for name, k in sorted(set(re.findall(r"%(\w+)#(\d+)", line)) - made):
            made.add((name, k))
            out.append(f"%{name}.gte{k} = {shapes[name][int(k)]} get-tuple-element(%{name}), index={k}")
        out.append(re.sub(r"%(\w+)#(\d+)", lambda g: f"%{g.group(1)}.gte{g.group(2)}", line))
    return out


BACKEND = xb.get_backend("cpu")
DEV = BACKEND.devices()[:1]


def compile_text(text):
    mod = xc.hlo.hlo_module_from_text(text)
    mlir = xc._xla.mlir.hlo_to_stablehlo(mod.as_serialized_hlo_module_proto())
    return BACKEND.compile_and_load(mlir, xc.DeviceList(tuple(DEV)), xc.CompileOptions())


def run(exe, args):
    bufs = [jax.device_put(a, DEV[0]) for a in args]
    return [np.asarray(o) for o in exe.execute(bufs)]


DTYPES = {"f32": np.float32, "f64": np.float64, "c64": np.complex64, "c128": np.complex128, "u64": np.uint64,
          "f8e5m2fnuz": ml_dtypes.float8_e5m2fnuz}


def params_of(text):
    """(element type, dimensions) of each parameter of the ENTRY computation, by number."""
    entry = text[text.index("ENTRY"):]
    found = {}
    for t, dims, n in re.findall(r"= (\w+)\[([\d,]*)\](?:\{[\d,]*\})? parameter\((\d+)\)", entry):
        found[int(n)] = (t, [int(d) for d in dims.split(",") if d])
    return [found[i] for i in range(len(found))]


def text_of(v):
    """A float64-exact decimal (or nan/inf) for a real value; [re, im] for a complex one; decimal for u64."""
    if isinstance(v, (complex, np.complexfloating)):
        return [text_of(float(v.real)), text_of(float(v.imag))]
    if isinstance(v, (np.unsignedinteger,)):
        return str(int(v))
    f = float(v)
    if math.isnan(f):
        return "nan"
    return repr(f)


REAL = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 0.999, -0.999, 1.5, -1.5, 2.0, -2.0, 10.0, -10.0, 1e-3, -1e-3, 1e-30,
        88.0, 89.5, -89.5, 700.0, 1e10, -1e10, 3e38, math.inf, -math.inf, math.nan, 0.1, 0.25, 3.7, -3.7, 1e-6, 1e200]
COMPLEX = [(0, 0), (0.5, 0.5), (-0.5, 0.5), (1, 0), (-1, 0), (2, 1), (-2, -1), (0, 2), (0, -2), (3, -4), (1e-3, 1e-3),
           (10, 10), (-10, 0.1), (0.1, -10), (100, 1), (0.5, 0), (-0.5, -0.25)]
NEXT = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, math.inf, -math.inf, math.nan, 1e-45, -1e-45, 3.4028234663852886e38, 1e-38]
F8 = [0.0, 1.0, -1.0, 0.5, 57344.0, -57344.0, 1.52587890625e-05, -1.52587890625e-05, math.nan, 3.0]
POLY_N = [0, 1, 2, 3, 4, 5, 1.5, -1]
POLY_X = [0.5, 1, 1.5, 2.5, 5, 10, 30, 0.1, -0.5, -1.5, -2.3, 0, -1]
GAMMA_A = [0.1, 0.5, 1, 2, 5, 10, 0, -1]
GAMMA_X = [0.1, 0.5, 1, 2, 5, 20, 0, -1]
BETA_AB = [0.5, 1, 2, 5, 0]
BETA_X = [0, 0.1, 0.5, 0.9, 1, 1.5]


def cases_for(label, params):
    rng = np.random.default_rng(7)
    types = [t for t, _ in params]
    scalar = all(len(d) == 0 for _, d in params)
    if scalar and len(params) == 1:
        t = types[0]
        vals = [complex(*c) for c in COMPLEX] if t.startswith("c") else REAL
        return [[np.array(v, DTYPES[t])] for v in vals]
    if label.startswith("next_after"):
        return [[np.array(a, DTYPES[types[0]]), np.array(b, DTYPES[types[0]])] for a in F8 for b in F8]
    if scalar and len(params) == 2 and label == "main":
        return None  # chosen by the caller, which knows the file
    shapes = [d for _, d in params]
    out = []
    for _ in range(3):
        args = []
        for t, d in params:
            if t == "u64":
                continue
            a = rng.standard_normal(d).astype(DTYPES[t])
            args.append(a)
        out.append(args)
    return out


def pair_cases(f, params):
    t = DTYPES[params[0][0]]
    if "next_after" in f:
        return [[np.array(a, t), np.array(b, t)] for a in NEXT for b in NEXT]
    if "polygamma" in f:
        return [[np.array(n, t), np.array(x, t)] for n in POLY_N for x in POLY_X]
    return [[np.array(a, t), np.array(x, t)] for a in GAMMA_A for x in GAMMA_X]


def special_cases(f, label, params):
    if "regularized_incomplete_beta" in f:
        t = DTYPES[params[0][0]]
        return [[np.array(a, t), np.array(b, t), np.array(x, t)] for a in BETA_AB for b in BETA_AB for x in BETA_X]
    if "scramble" in f:
        vals = [0, 1, 2**32, 2**64 - 1, 0x0123456789ABCDEF, 42]
        return [[np.array([[v]], np.uint64)] for v in vals]
    if "tridiagonal" in f:
        rng = np.random.default_rng(11)
        out = []
        for _ in range(3):
            args = []
            for i, (t, d) in enumerate(params):
                a = rng.standard_normal(d).astype(np.float32)
                # Keep the main diagonal dominant (row 1 of the stacked form, or the second operand).
                if (len(params) == 2 and i == 0):
                    a[1] += 4 * np.sign(a[1])
                if (len(params) == 4 and i == 1):
                    a += 4 * np.sign(a)
                args.append(a)
            out.append(args)
        return out
    return None


if __name__ == "__main__":
    goldens = {}
    for f in sorted(os.listdir(TESTS)):
        for label, text in expansions(os.path.join(TESTS, f)):
            params = params_of(text)
            cases = special_cases(f, label, params)
            if cases is None:
                cases = pair_cases(f, params) if all(len(d) == 0 for _, d in params) and len(params) == 2 else cases_for(label, params)
            exe = compile_text(text)
            rows = []
            for args in cases:
                (res,) = run(exe, args)
                rows.append({
                    "args": [[text_of(v) for v in np.asarray(a).ravel()] for a in args],
                    "out": [text_of(v) for v in res.ravel()],
                    "out_shape": list(res.shape),
                })
            key = f"{f.removesuffix('.hlo')}:{label}"
            goldens[key] = {"params": [[t, d] for t, d in params], "cases": rows}
            print(key, len(rows))
    with open(os.path.join(HERE, "goldens.json"), "w") as fh:
        json.dump(goldens, fh, indent=0)
