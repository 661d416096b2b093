/** Every opcode's kernel, assembled from the family files; the compiler checks it is complete. */
import type { Opcode } from "@minixla/hlo";
import type { Kernel } from "../kernel.ts";
import { dataMovementKernels } from "./data_movement.ts";
import { dotKernels } from "./dot.ts";
import { elementwiseKernels } from "./elementwise.ts";
import { indexingKernels } from "./indexing.ts";
import { reductionKernels } from "./reduce.ts";
import { structuralKernels } from "./structural.ts";

export const KERNELS: { readonly [K in Opcode]: Kernel<K> } = {
  ...elementwiseKernels,
  ...dataMovementKernels,
  ...indexingKernels,
  ...reductionKernels,
  ...dotKernels,
  ...structuralKernels,
};
