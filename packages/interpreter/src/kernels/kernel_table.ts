/** Every opcode's kernel, assembled from the family files; the compiler checks it is complete. */
import type { Opcode } from "@minixla/hlo";
import type { Kernel } from "../kernel.ts";
import { asyncKernels } from "./async.ts";
import { batchNormKernels } from "./batch_norm.ts";
import { collectiveKernels } from "./collective.ts";
import { convolutionKernels } from "./convolution.ts";
import { dataMovementKernels } from "./data_movement.ts";
import { dotKernels } from "./dot.ts";
import { dynamicReshapeKernels } from "./dynamic_reshape.ts";
import { elementwiseKernels } from "./elementwise.ts";
import { fftKernels } from "./fft.ts";
import { hostTransferKernels } from "./host_transfer.ts";
import { indexingKernels } from "./indexing.ts";
import { linalgKernels } from "./linalg.ts";
import { reductionKernels } from "./reduce.ts";
import { randomKernels } from "./random.ts";
import { raggedDotKernels } from "./ragged_dot.ts";
import { scaledDotKernels } from "./scaled_dot.ts";
import { structuralKernels } from "./structural.ts";
import { tokenKernels } from "./token.ts";
import { topkKernels } from "./topk.ts";

/** The reference kernel of every opcode; typed by `Opcode` so a new opcode needs one. */
export const KERNELS: { readonly [K in Opcode]: Kernel<K> } = {
  ...elementwiseKernels,
  ...dataMovementKernels,
  ...indexingKernels,
  ...reductionKernels,
  ...dotKernels,
  ...dynamicReshapeKernels,
  ...raggedDotKernels,
  ...scaledDotKernels,
  ...convolutionKernels,
  ...randomKernels,
  ...structuralKernels,
  ...fftKernels,
  ...topkKernels,
  ...linalgKernels,
  ...batchNormKernels,
  ...collectiveKernels,
  ...tokenKernels,
  ...asyncKernels,
  ...hostTransferKernels,
};
