/**
 * The examples menu: XLA's broadcasting examples as the broadcasting demo
 * records them (each binary op carries its broadcast_dimensions), and
 * modules JAX lowered, from the test corpora, and one of XLA's benchmark
 * modules (a large one), bundled as text.
 */
import { printHloModule } from "@minixla/hlo";
import { DEMO_PROGRAMS } from "../../cli/src/demo.ts";
import layernorm from "../../../test/corpus/xla-jax/layernorm/module.hlo?raw";
import mlpForward from "../../../test/corpus/xla-jax/mlp_forward/module.hlo?raw";
import mlpGrad from "../../../test/corpus/xla-jax/mlp_grad/module.hlo?raw";
import softmax from "../../../test/corpus/xla-jax/softmax/module.hlo?raw";
import lenet from "../../../test/corpus/jax-models/lenet_forward_f32/module.hlo?raw";
import mixer from "../../../test/corpus/jax-models/mlp_mixer_layer_f64/module.hlo?raw";
import llama from "../../../test/corpus/xla-hlo/openxla-xla/xla/tools/benchmarks/hlo/hlo_llama31_405b_bf16_64x8.hlo?raw";

/** One entry of the menu. */
export interface Example {
  readonly title: string;
  readonly text: string;
  /** The pipeline it is best seen with. */
  readonly spec: string;
}

const demo: Example[] = DEMO_PROGRAMS.map((p) => ({ title: `broadcasting: ${p.title}`, text: printHloModule(p.build().module), spec: "lower-broadcasts" }));

/** Every example, the broadcasting ones first. */
export const EXAMPLES: readonly Example[] = [
  ...demo,
  { title: "JAX: MLP forward", text: mlpForward, spec: "default" },
  { title: "JAX: MLP gradient", text: mlpGrad, spec: "default" },
  { title: "JAX: softmax", text: softmax, spec: "default" },
  { title: "JAX: layer norm", text: layernorm, spec: "default" },
  { title: "JAX: LeNet forward (conv net)", text: lenet, spec: "default" },
  { title: "JAX: MLP-Mixer layer", text: mixer, spec: "default" },
  // A large module: its reducers and loop body drawn collapsed until expanded.
  { title: "XLA benchmark: Llama 3.1 405B, SPMD (1,814 instructions)", text: llama, spec: "dce" },
];
