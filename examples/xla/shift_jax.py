"""A JAX function lowered to HLO text, for the golden-test walkthrough of docs/xla.md.

Adds a large shift to x and takes it away again: in f32 the sum rounds to the shift's ulp (1/16 at
1e6), so the result is x rounded, not x, and any pass that reorders the two additions changes it.
Prints the module as JAX lowers it (no XLA optimization). Usage: python shift_jax.py > shift.hlo
"""
import jax
import jax.numpy as jnp


def shift_and_back(x, y):
    shift = 1e6 * y
    return (x + shift) + (-shift)


spec = jax.ShapeDtypeStruct((4, 8), jnp.float32)
print(jax.jit(shift_and_back).lower(spec, spec).as_text(dialect="hlo"))
