/**
 * The two further XLA-computed corpora kept in the repository
 * (test/corpus/jax-models and test/corpus/xla-ops, see their README.md):
 * their manifests and .npy files read, the cases whose ops minixla has match
 * XLA, and every other case fails only because it uses an op that minixla
 * does not have yet, named in LATER. When an op arrives, its cases start
 * passing here with no change; then add them to PASSING.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { describeFailure, loadManifest, runConformance } from "@minixla/cli";
import { readNpy } from "@minixla/hlo";
import { readFileSync } from "node:fs";

const CORPORA = join(import.meta.dirname, "corpus");

/** Ops the corpora use that minixla does not have yet (a later issue's work). */
const LATER: readonly string[] = [];

/** Cases that match XLA today: they must keep doing so. */
const PASSING: { readonly [corpus: string]: readonly string[] } = {
  "jax-models": ["gru_scan_f64", "mlp_mixer_layer_f64", "jax_random_normal_bernoulli", "int64_cumprod_big", "sort_key_val", "lenet_forward_f32", "lenet_input_grad_f32",
    "fft_circular_conv", "top_k_then_gather"],
  "xla-ops": ["unary_tan", "unary_erf", "complex_mul_abs", "bitcast_convert_u32_pairs_to_f64", "rng_bit_generator_three_fry", "rng_bit_generator_philox",
    "conv2d_nhwc_same", "conv2d_nchw_stride", "conv1d_dilated", "conv2d_lhs_dilate", "conv2d_f32", "conv2d_feature_groups_2",
    "fft_2d", "rfft_irfft_1d", "topk_largest", "cholesky", "triangular_solve", "batch_norm_inference",
    "all_reduce_single", "all_gather_single", "replica_id", "add_dependency"],
};

/** A failure that only says the case needs a later op. */
const laterOp = new RegExp(`ParseError: \\d+:\\d+: unknown opcode '(${LATER.join("|")})'`);

describe.each(Object.keys(PASSING))("the %s corpus", (corpus) => {
  const dir = join(CORPORA, corpus);
  const manifest = loadManifest(dir);

  test("reads its manifest and every .npy file with the dtype and shape it lists", () => {
    expect(manifest.cases.length).toBeGreaterThan(0);
    const dtypes: { readonly [numpy: string]: string } = {
      float64: "f64", float32: "f32", int32: "s32", int64: "s64", uint32: "u32", uint64: "u64", bool: "pred", complex128: "c128", complex64: "c64",
    };
    for (const c of manifest.cases) {
      for (const f of [...c.inputs, ...c.outputs]) {
        const l = readNpy(new Uint8Array(readFileSync(join(dir, c.dir, f.file))));
        expect(l.shape, `${c.name}/${f.file}`).toMatchObject({ elementType: dtypes[f.dtype] ?? f.dtype, dimensions: f.shape });
      }
    }
  });

  test.each(manifest.cases.map((c) => c.name))("%s matches XLA or needs an op of a later issue", (name) => {
    const [result] = runConformance(dir, { names: [name] }).cases;
    if (PASSING[corpus].includes(name)) expect(result.passed, describeFailure(result)).toBe(true);
    else if (!result.passed) expect(describeFailure(result)).toMatch(laterOp);
  });
});
