"""Checks that what minixla makes of each case's module.mlir, printed back as
StableHLO (`minixla convert module.mlir --to stablehlo`: the CHLO op written
out as plain StableHLO arithmetic), is compiled by XLA and gives the case's
out0.npy bit for bit.

  PY=$(/work/shared/conformance/xla_env.sh)   # JAX/jaxlib 0.10.2, CPU
  $PY test/corpus/xla-chlo/xla_check_printed.py test/corpus/xla-chlo

Last run: 93 of 93 cases identical (the ragged_dot cases left out: XLA's CPU backend does not compile ragged-dot) (jaxlib 0.10.2, CPU).
"""
import glob, json, os, subprocess, sys, warnings
warnings.filterwarnings("ignore")
import numpy as np
import ml_dtypes
import jax
jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
from jax._src.lib import xla_client as xc
from jax._src import xla_bridge as xb


def load(path):
    a = np.load(path)
    return a.view(ml_dtypes.bfloat16) if a.dtype.kind == "V" else a  # bf16 is saved as raw 2-byte records


def main(corpus):
    backend = xb.get_backend("cpu")
    dev = backend.devices()[0]
    same, differ = 0, []
    for case in [c for c in json.load(open(os.path.join(corpus, "manifest.json")))["cases"] if "ragged_dot" not in c["tags"]]:
        d = os.path.join(corpus, case["dir"])
        printed = subprocess.run(["npx", "-y", "pnpm@10", "exec", "minixla", "convert", os.path.join(d, "module.mlir"), "--to", "stablehlo"],
                                 check=True, capture_output=True, text=True).stdout
        exe = backend.compile_and_load(printed, xc.DeviceList((dev,)), xc.CompileOptions())
        got = np.asarray(exe.execute([jax.device_put(load(os.path.join(d, f["file"])), dev) for f in case["inputs"]])[0])
        want = load(os.path.join(d, "out0.npy"))
        # Byte for byte: bit for bit for every element type (bool, complex included).
        if got.shape == want.shape and np.array_equal(np.ascontiguousarray(got).view(np.uint8), np.ascontiguousarray(want).view(np.uint8)):
            same += 1
        else:
            differ.append(case["name"])
    print(f"{same} of {same + len(differ)} identical", differ)


if __name__ == "__main__":
    main(sys.argv[1])
