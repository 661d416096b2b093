/**
 * Kernels of the indexing family. dynamic-slice and dynamic-update-slice
 * clamp each start index to [0, operand_dim - size] as XLA does, so they never
 * read or write out of bounds (64-bit indices are compared exactly, see
 * indexValue); gather and scatter live in gather_scatter.ts.
 */
import { EvalError } from "@minixla/hlo";
import type { FamilyKernels } from "../../kernel.ts";
import { gatherKernel, scatterKernel } from "./gather_scatter.ts";
import { arrayOperand, arrayResult, clamp, copyView, gatherView, lanesOf, startIndices, stridesOf } from "../support/view.ts";

export const indexingKernels: FamilyKernels<"indexing"> = {
  "dynamic-slice": (inst, operands) => {
    const x = arrayOperand(inst, operands[0], 0);
    const dims = x.shape.dimensions;
    const sizes = inst.attributes.sliceSizes;
    const starts = startIndices(inst, operands, 1, dims.length);
    const strides = stridesOf(dims);
    let offset = 0;
    for (let d = 0; d < dims.length; d++) {
      if (sizes[d] > dims[d]) throw new EvalError(`${inst.name} (dynamic-slice): slice size ${sizes[d]} exceeds dimension ${d} of size ${dims[d]}`);
      offset += clamp(starts[d], 0, dims[d] - sizes[d]) * strides[d];
    }
    return { shape: arrayResult(inst), data: gatherView(x.data, offset, strides, sizes, lanesOf(x)) };
  },

  "dynamic-update-slice": (inst, operands) => {
    const x = arrayOperand(inst, operands[0], 0);
    const update = arrayOperand(inst, operands[1], 1);
    const dims = x.shape.dimensions;
    const sizes = update.shape.dimensions;
    const starts = startIndices(inst, operands, 2, dims.length);
    const strides = stridesOf(dims);
    let offset = 0;
    for (let d = 0; d < dims.length; d++) {
      if (sizes[d] > dims[d]) throw new EvalError(`${inst.name} (dynamic-update-slice): update size ${sizes[d]} exceeds dimension ${d} of size ${dims[d]}`);
      offset += clamp(starts[d], 0, dims[d] - sizes[d]) * strides[d];
    }
    const data = x.data.slice();
    copyView(data, offset, strides, update.data, 0, stridesOf(sizes), sizes, lanesOf(x));
    return { shape: arrayResult(inst), data };
  },

  gather: gatherKernel,
  scatter: scatterKernel,
};
