/** Every opcode's kernel, assembled from the family files; the compiler checks it is complete. */
import type { Opcode } from "@minixla/hlo";
import type { Kernel } from "../kernel.ts";
import { asyncKernels } from "./control/async.ts";
import { batchNormKernels } from "./linalg/batch_norm.ts";
import { collectiveKernels } from "./collective/collective.ts";
import { convolutionKernels } from "./dot_conv/convolution.ts";
import { dataMovementKernels } from "./data_movement/data_movement.ts";
import { dotKernels } from "./dot_conv/dot.ts";
import { dynamicReshapeKernels } from "./data_movement/dynamic_reshape.ts";
import { elementwiseKernels } from "./elementwise/table.ts";
import { fftKernels } from "./linalg/fft.ts";
import { hostTransferKernels } from "./control/host_transfer.ts";
import { indexingKernels } from "./data_movement/indexing.ts";
import { linalgKernels } from "./linalg/linalg.ts";
import { reductionKernels } from "./reduce/reduce.ts";
import { randomKernels } from "./random/random.ts";
import { raggedDotKernels } from "./dot_conv/ragged_dot.ts";
import { scaledDotKernels } from "./dot_conv/scaled_dot.ts";
import { structuralKernels } from "./control/structural.ts";
import { tokenKernels } from "./control/token.ts";
import { topkKernels } from "./reduce/topk.ts";

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
