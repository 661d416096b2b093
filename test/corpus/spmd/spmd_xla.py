"""Run HLO text on real XLA (CPU, host devices) over replicas x partitions, to check evaluateSpmd.

    python spmd_xla.py MODULE.hlo R P      (in the folder holding the inputs)

Device (r, p)'s argument k is read from in_<r>_<p>_<k>.npy; each output is printed per device,
devices numbered replica-major as evaluateSpmd numbers them. Needs jax/jaxlib (0.10.2 was used
for the values quoted in test/stablehlo_spmd.test.ts); no test runs it.
"""
import glob
import os
import sys

os.environ["XLA_FLAGS"] = os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8"
import numpy as np
import jax

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
from jax._src import xla_bridge as xb
from jax._src.lib import xla_client as xc
from jax.sharding import Mesh, NamedSharding, PartitionSpec

text = open(sys.argv[1]).read()
R, P = int(sys.argv[2]), int(sys.argv[3])
mod = xc.hlo.hlo_module_from_text(text)  # XLA's own HLO text parser
mlir = xc._xla.mlir.hlo_to_stablehlo(mod.as_serialized_hlo_module_proto())
backend = xb.get_backend("cpu")
devs = backend.devices()[: R * P]
opts = xc.CompileOptions()
opts.num_replicas = R
opts.num_partitions = P
opts.executable_build_options.use_spmd_partitioning = P > 1
opts.device_assignment = xc.DeviceAssignment.create(np.arange(R * P).reshape(R, P))
exe = backend.compile_and_load(mlir, xc.DeviceList(tuple(devs)), opts)
sharding = NamedSharding(Mesh(np.array(devs), ("x",)), PartitionSpec("x"))
args = []
for k in range(len(glob.glob("in_0_0_*.npy"))):
    per = [jax.device_put(np.load(f"in_{r}_{p}_{k}.npy"), devs[r * P + p]) for r in range(R) for p in range(P)]
    shp = per[0].shape  # non-scalar arguments: one shard per device along a new leading extent
    args.append(jax.make_array_from_single_device_arrays((len(per) * shp[0],) + shp[1:], sharding, per))
outs = exe.execute_sharded(args).disassemble_into_single_device_arrays()
for i, o in enumerate(outs):
    for d, a in enumerate(o):
        print("out", i, "device", d, np.asarray(a).tolist())
