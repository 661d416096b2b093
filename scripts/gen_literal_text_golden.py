"""Golden HLO literal text from XLA's own parser and printer.

Run in a Python environment with jax/jaxlib (XLA's HLO parser) and ml_dtypes:
  python scripts/gen_literal_text_golden.py > packages/hlo/testdata/literal_text_golden.json

Each case is a shape and the literal text written in a constant; XLA parses
`c = SHAPE constant(TEXT)` and the case records what XLA prints back for the
literal (ShortParsable options, so large constants are printed in full), or
XLA's error messages ("L:C: message", relative to the literal text, which
sits alone on line 3 at column 1; XLA reports a chain, innermost first), or "crash" where XLA's parser aborts on a
failed CHECK (e.g. `true` for a float type): each case is parsed in a forked
child so that an abort does not end the run.
"""
import json
import os
import re
import warnings

import ml_dtypes
import numpy as np

warnings.filterwarnings("ignore")
from jax._src.lib import xla_client as xc  # noqa: E402

NARROW = {
    "f4e2m1fn": "float4_e2m1fn", "f8e3m4": "float8_e3m4", "f8e4m3": "float8_e4m3", "f8e4m3fn": "float8_e4m3fn",
    "f8e4m3fnuz": "float8_e4m3fnuz", "f8e4m3b11fnuz": "float8_e4m3b11fnuz", "f8e5m2": "float8_e5m2",
    "f8e5m2fnuz": "float8_e5m2fnuz", "f8e8m0fnu": "float8_e8m0fnu",
}


def xla_in_process(shape, text):
    module = f"HloModule m\nENTRY e {{\nROOT c = {shape} constant(\n{text}\n)\n}}\n"
    try:
        printed = xc.hlo.hlo_module_from_text(module).to_string(xc.hlo.HloPrintOptions.short_parsable())
    except Exception as e:  # XLA's parse error: a chain of messages, outermost last
        found = re.findall(r"was parsing (\d+):(\d+): error: ([^\n]*)", str(e))
        if not found:
            return {"errors": [str(e).splitlines()[0]]}
        return {"errors": [f"{int(line) - 3}:{col}: {msg}" if line == "4" else f"?{line}:{col}: {msg}" for line, col, msg in found]}
    m = re.search(r"constant\((.*)\)\n", printed)
    return {"printed": m.group(1)}


def xla(shape, text):
    """xla_in_process in a forked child: a CHECK failure in XLA's parser aborts only the child."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        os.write(w, json.dumps(xla_in_process(shape, text)).encode())
        os._exit(0)
    os.close(w)
    chunks = []
    while True:
        b = os.read(r, 1 << 16)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        return {"crash": True}
    return json.loads(b"".join(chunks))


def main():
    rng = np.random.default_rng(8)
    cases = []

    def add(shape, text):
        case = {"shape": shape, "text": text, **xla(shape, text)}
        # XLA does not always read its own printing back to the same text (the
        # integer word -0 is +0): record what it prints for its printing.
        if "printed" in case:
            again = xla(shape, case["printed"])
            if again.get("printed") != case["printed"]:
                case["reprinted"] = again
        cases.append(case)

    # Every value of each narrow float, written as XLA prints it, plus ties, overflow and specials.
    for name, np_name in NARROW.items():
        t = getattr(ml_dtypes, np_name)
        count = 16 if name == "f4e2m1fn" else 256
        values = np.arange(count, dtype=np.uint8).view(t).astype(np.float64)
        fin = np.unique(values[np.isfinite(values)])
        add(f"{name}[{count}]", "{" + ", ".join(repr(float(v)) for v in values) + "}")
        mids = (fin[:-1] + fin[1:]) / 2
        add(f"{name}[{len(mids)}]", "{" + ", ".join(repr(float(v)) for v in mids) + "}")
        extra = [*(rng.normal(size=20) * float(fin.max()) / 3)]
        add(f"{name}[{len(extra)}]", "{" + ", ".join(repr(float(v)) for v in extra) + "}")
        for word in ["nan", "-nan", "inf", "-inf", "-0", "-0.0", "0", "1e-300", "-1e-300", "1", "-1",
                     repr(float(fin.max()) * 1.01), repr(float(fin.max()) * 1.2), repr(float(fin.max()) * 2), "1e300", "1e999",
                     "true", "1.5", "(1, 2)"]:
            add(f"{name}[]", word)
    # Integers of every width, at and beyond their ranges.
    for t, lo, hi in [("s2", -2, 1), ("s4", -8, 7), ("s8", -128, 127), ("s16", -32768, 32767), ("s32", -2**31, 2**31 - 1),
                      ("u2", 0, 3), ("u4", 0, 15), ("u8", 0, 255), ("u16", 0, 65535), ("u32", 0, 2**32 - 1)]:
        add(f"{t}[{hi - lo + 1 if hi - lo < 20 else 3}]",
            "{" + ", ".join(str(v) for v in (range(lo, hi + 1) if hi - lo < 20 else [lo, 0, hi])) + "}")
        for v in [lo - 1, hi + 1, -1, 2**63 - 1, 2**64 - 1]:
            add(f"{t}[]", str(v))
        add(f"{t}[]", "1.0")
        add(f"{t}[]", "true")
    for t in ["s64", "u64"]:
        for v in ["-9223372036854775808", "9223372036854775807", "9223372036854775808", "18446744073709551615",
                  "18446744073709551616", "-9223372036854775809", "-1", "0", "9007199254740993", "1e3"]:
            add(f"{t}[]", v)
    for v in ["true", "false", "0", "1", "2", "-1", "1.0", "{1, 0}"]:
        add("pred[]" if not v.startswith("{") else "pred[2]", v)
    # Complex numbers.
    for t in ["c64", "c128"]:
        add(f"{t}[]", "(1, 2)")
        add(f"{t}[2]", "{(1, 2), (3.5, -4)}")
        add(f"{t}[2,2]", "{ { (1, 0), (0.1, -0) }, { (nan, 1), (1, -nan) } }")
        add(f"{t}[4]", "{(1, inf), (inf, 1), (-0.0, -0.0), (-nan, -inf)}")
        add(f"{t}[3]", "{(0.1, 1e-320), (1e-45, 3.4028235e38), (123456789, 0.3)}")
        add(f"{t}[]", "(1e39, 2)")
        add(f"{t}[]", "(1, -1e39)")
        add(f"{t}[]", "3")
        add(f"{t}[1]", "{3}")
        add(f"{t}[]", "(1 2)")
        add(f"{t}[]", "(1, 2, 3)")
    add("s64[4]", "{-9223372036854775808, -1, 9007199254740993, 9223372036854775807}")
    add("u64[3]", "{0, 9007199254740993, 18446744073709551615}")
    add("pred[2,2]", "{ {true, false}, {0, 1} }")
    add("f32[]", "(1, 2)")
    # Shortest round-trip printing of the wide floats: random bit patterns, every exponent range.
    for name, dtype, count in [("f16", np.float16, 64), ("bf16", ml_dtypes.bfloat16, 64), ("f32", np.float32, 64), ("f64", np.float64, 64)]:
        width = np.dtype(dtype).itemsize
        raw = rng.integers(0, 256, size=count * width, dtype=np.uint8).view(dtype).astype(np.float64)
        raw = raw[np.isfinite(raw)]
        add(f"{name}[{len(raw)}]", "{" + ", ".join(repr(float(v)) for v in raw) + "}")
    # Double rounding: f16 and bf16 values are cast through f32 (Eigen), the narrow floats directly.
    add("f16[2]", "{%r, %r}" % (1 + 2**-11 + 2**-40, 1 + 2**-11 - 2**-40))
    add("bf16[2]", "{%r, %r}" % (1 + 2**-8 + 2**-40, 1 + 2**-8 - 2**-40))
    add("f8e4m3fn[2]", "{%r, %r}" % (1 + 2**-4 + 2**-40, 1 + 2**-4 - 2**-40))
    for shape, text in [("f16[]", "65519.99"), ("f16[]", "65520"), ("bf16[]", "3.4e38"), ("f32[]", "3.4028235e38"), ("f32[]", "3.40282356e38")]:
        add(shape, text)
    # Printing ties at max_digits10 (printf rounds the exact value, ties to even).
    add("f16[4]", "{1.03125, 0.125, 1.00048828125, 2049}")
    add("bf16[3]", "{1.0078125, 0.0078125, 3.296875}")
    add("f32[4]", "{0.125, 16777217, 1.0000001, 3.4028235e38}")
    add("f64[3]", "{0.1, 1e-320, 2.5e-324}")
    print(json.dumps({"cases": cases}, indent=0))


main()
