"""XLA CPU's values for its `__onednn$layernorm` custom call (jaxlib 0.10.2).

Run: /tmp/minixla-xla-venv/bin/python test/corpus/xla-cpu-custom-calls/make_layernorm.py
Writes layernorm.json: seeded f32[2,3,4] input, f32[4] scale and shift, and the
result without an epsilon in backend_config (0) and with epsilon 1e-5.
"""
import json, os, struct
import numpy as np
import jax
jax.config.update("jax_platforms", "cpu")
from jax._src.lib import xla_client as xc
from jax._src import xla_bridge as xb

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = """HloModule m
ENTRY e {
  x = f32[2,3,4] parameter(0)
  s = f32[4] parameter(1)
  b = f32[4] parameter(2)
  ROOT ln = f32[2,3,4] custom-call(x, s, b), custom_call_target="__onednn$layernorm", backend_config=%s
}
"""


def run(text, args):
    backend = xb.get_backend("cpu")
    devs = backend.devices()[:1]
    mod = xc.hlo.hlo_module_from_text(text)
    mlir = xc._xla.mlir.hlo_to_stablehlo(mod.as_serialized_hlo_module_proto())
    exe = backend.compile_and_load(mlir, xc.DeviceList(tuple(devs)), xc.CompileOptions())
    return np.asarray(exe.execute([jax.device_put(a, devs[0]) for a in args])[0])


rng = np.random.default_rng(0)
x = rng.standard_normal((2, 3, 4)).astype(np.float32)
s = rng.standard_normal(4).astype(np.float32)
b = rng.standard_normal(4).astype(np.float32)
eps_bits = struct.unpack("<i", struct.pack("<f", 1e-5))[0]
configs = {
    "no_epsilon": '"{\\"onednn_layer_norm_config\\":{\\"rescale\\":\\"SCALE_AND_SHIFT\\"}}"',
    "epsilon_1e-5": '"{\\"onednn_layer_norm_config\\":{\\"rescale\\":\\"SCALE_AND_SHIFT\\",\\"epsilon_typecast\\":%d}}"' % eps_bits,
}
out = {"x": x.ravel().tolist(), "scale": s.tolist(), "shift": b.tolist(), "backend_configs": {}, "results": {}}
for name, config in configs.items():
    out["backend_configs"][name] = config
    out["results"][name] = run(MODULE % config, [x, s, b]).ravel().tolist()
with open(os.path.join(HERE, "layernorm.json"), "w") as f:
    json.dump(out, f, indent=1)
