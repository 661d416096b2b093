"""The JAX models of `pnpm bench:models`, lowered to HLO text as JAX prints it, with seeded inputs and XLA CPU's outputs.

Usage: PY=$(/path/to/conformance/xla_env.sh) && $PY bench/models/jax/gen_models.py bench/models/jax
Writes OUT_DIR/<name>/module.hlo, in<i>.npy (the inputs) and out<i>.npy (XLA CPU's outputs on them,
one per leaf of the result), and OUT_DIR/manifest.json. JAX/jaxlib 0.10.2 (CPU), 64-bit types on,
NumPy's default_rng(2323). Sizes are small real-model sizes: each runs in well under a millisecond on XLA
except the convolution gradient."""
import json, os, sys, warnings
warnings.filterwarnings("ignore")
import numpy as np
import jax, jax.numpy as jnp
from jax import lax
jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
out = sys.argv[1]; os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(2323)
cases = []
def R(*s, dt=np.float32, sc=1.0): return (rng.standard_normal(s) * sc).astype(dt)

def case(name, title, fn, args):
    hlo = jax.jit(fn).lower(*args).as_text(dialect="hlo")
    assert "custom-call" not in hlo, name
    outs = [np.asarray(o) for o in jax.tree_util.tree_leaves(jax.jit(fn)(*args))]
    d = os.path.join(out, name); os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "module.hlo"), "w").write(hlo)
    for i, a in enumerate(args): np.save(os.path.join(d, f"in{i}.npy"), np.asarray(a))
    for i, o in enumerate(outs): np.save(os.path.join(d, f"out{i}.npy"), o)
    cases.append({"name": name, "title": title, "inputs": len(args), "outputs": len(outs)})

# LeNet-like CNN, NCHW: two 3x3 convolutions with tanh and 2x2 average pooling, then a dense layer.
def cnn(x, w1, w2, wd):
    y = jnp.tanh(lax.conv_general_dilated(x, w1, (1, 1), "VALID", dimension_numbers=("NCHW", "OIHW", "NCHW")))
    y = lax.reduce_window(y, 0.0, lax.add, (1, 1, 2, 2), (1, 1, 2, 2), "VALID") / 4.0
    y = jnp.tanh(lax.conv_general_dilated(y, w2, (1, 1), "VALID", dimension_numbers=("NCHW", "OIHW", "NCHW")))
    return y.reshape(y.shape[0], -1) @ wd
cnn_args = [R(8, 1, 14, 14), R(8, 1, 3, 3, sc=.4), R(16, 8, 3, 3, sc=.2), R(16 * 4 * 4, 10, sc=.1)]
case("cnn_forward_f32", "CNN forward f32 (JAX)", cnn, cnn_args)
labels = np.eye(10, dtype=np.float32)[rng.integers(0, 10, 8)]
def cnn_loss(w1, w2, wd, x, y):
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(cnn(x, w1, w2, wd)) * y, axis=-1))
case("cnn_train_grad_f32", "CNN training gradients f32 (JAX)", jax.value_and_grad(cnn_loss, argnums=(0, 1, 2)), cnn_args[1:] + [cnn_args[0], labels])

# MobileNet v1 block, NHWC: depthwise 3x3 (feature groups = channels), scale/bias, relu6, pointwise 1x1, relu6.
def mobilenet_block(x, dw, s1, b1, pw, s2, b2):
    y = lax.conv_general_dilated(x, dw, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"), feature_group_count=x.shape[-1])
    y = jnp.clip(y * s1 + b1, 0, 6)
    y = lax.conv_general_dilated(y, pw, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    return jnp.clip(y * s2 + b2, 0, 6)
case("mobilenet_block_f32", "MobileNet depthwise block f32", mobilenet_block,
     [R(1, 16, 16, 32), R(3, 3, 1, 32, sc=.3), R(32, sc=.2) + 1, R(32, sc=.1), R(1, 1, 32, 64, sc=.2), R(64, sc=.2) + 1, R(64, sc=.1)])

# Pre-norm transformer block: 4-head self-attention and a GELU MLP, sequence 16, width 64.
def layer_norm(x, g, b):
    m = x.mean(-1, keepdims=True); v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / jnp.sqrt(v + 1e-5) * g + b
def transformer_block(x, g1, b1, wqkv, wo, g2, b2, w1, w2):
    s, d = x.shape; h = 4
    q, k, v = jnp.split(layer_norm(x, g1, b1) @ wqkv, 3, axis=-1)
    heads = lambda t: t.reshape(s, h, d // h).transpose(1, 0, 2)
    a = jax.nn.softmax(heads(q) @ heads(k).transpose(0, 2, 1) / float(np.sqrt(d // h)), axis=-1) @ heads(v)
    x = x + a.transpose(1, 0, 2).reshape(s, d) @ wo
    return x + jax.nn.gelu(layer_norm(x, g2, b2) @ w1) @ w2
def transformer_args(dt):
    return [R(16, 64, dt=dt), R(64, dt=dt, sc=.1) + 1, R(64, dt=dt, sc=.1), R(64, 192, dt=dt, sc=.1), R(64, 64, dt=dt, sc=.1),
            R(64, dt=dt, sc=.1) + 1, R(64, dt=dt, sc=.1), R(64, 256, dt=dt, sc=.1), R(256, 64, dt=dt, sc=.1)]
case("transformer_block_f32", "transformer block f32", transformer_block, transformer_args(np.float32))
case("transformer_block_f64", "transformer block f64", transformer_block, transformer_args(np.float64))

# GRU over 20 steps through lax.scan (a while loop in HLO), batch 4, hidden 16.
def gru(xs, h0, wz, uz, wr, ur, wh, uh):
    def step(h, x):
        z = jax.nn.sigmoid(x @ wz + h @ uz); r = jax.nn.sigmoid(x @ wr + h @ ur)
        h = (1 - z) * h + z * jnp.tanh(x @ wh + (r * h) @ uh); return h, h.sum(-1)
    return lax.scan(step, h0, xs)
case("rnn_scan_f64", "RNN via lax.scan f64", gru, [R(20, 4, 8, dt=np.float64), R(4, 16, dt=np.float64)] + [R(*s, dt=np.float64, sc=.3) for s in [(8, 16), (16, 16)] * 3])

# VAE loss: MLP encoder to mean and log-variance, reparameterized sample, MLP decoder, Bernoulli likelihood + KL.
def vae_loss(x, eps, we, be, wm, wv, wd1, bd1, wd2, bd2):
    h = jnp.tanh(x @ we + be); mu = h @ wm; logvar = h @ wv
    z = mu + jnp.exp(0.5 * logvar) * eps
    logits = jnp.tanh(z @ wd1 + bd1) @ wd2 + bd2
    rec = jnp.sum(jax.nn.softplus(logits) - x * logits, axis=-1)
    kl = -0.5 * jnp.sum(1 + logvar - mu ** 2 - jnp.exp(logvar), axis=-1)
    return jnp.mean(rec + kl)
case("vae_loss_f64", "VAE loss f64", vae_loss,
     [(rng.random((16, 64)) < 0.5).astype(np.float64), R(16, 8, dt=np.float64), R(64, 32, dt=np.float64, sc=.2), R(32, dt=np.float64, sc=.1),
      R(32, 8, dt=np.float64, sc=.2), R(32, 8, dt=np.float64, sc=.1), R(8, 32, dt=np.float64, sc=.3), R(32, dt=np.float64, sc=.1),
      R(32, 64, dt=np.float64, sc=.2), R(64, dt=np.float64, sc=.1)])

# Two dense layers in f16 (XLA's CPU backend computes f16 dots and elementwise ops through f32).
def dense_f16(x, w1, b1, w2, b2):
    return jax.nn.relu(x @ w1 + b1) @ w2 + b2
case("dense_f16", "f16 dense", dense_f16, [R(32, 64, dt=np.float16), R(64, 128, dt=np.float16, sc=.1), R(128, dt=np.float16, sc=.1), R(128, 32, dt=np.float16, sc=.1), R(32, dt=np.float16, sc=.1)])

# jax.random with the default threefry2x32 generator: 1024 normals and 1024 uniforms (f32) from a raw key.
def random_threefry(k):
    key = jax.random.wrap_key_data(k)
    k1, k2 = jax.random.split(key)
    return jax.random.normal(k1, (1024,), jnp.float32), jax.random.uniform(k2, (1024,), jnp.float32)
case("random_threefry", "jax.random threefry", random_threefry, [np.array([7, 2323], np.uint32)])

with open(os.path.join(out, "manifest.json"), "w") as f:
    json.dump({"generator": f"JAX {jax.__version__} / jaxlib {jax.lib.__version__ if hasattr(jax.lib, '__version__') else ''} models lowered to HLO, XLA CPU outputs", "cases": cases}, f, indent=1)
print(len(cases), "cases")
