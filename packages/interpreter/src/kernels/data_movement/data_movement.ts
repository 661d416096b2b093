/**
 * Kernels of the data_movement family: broadcast, reshape, bitcast (bitcast.ts), transpose,
 * reverse, slice, concatenate, pad, iota, get-dimension-size and
 * set-dimension-size (runtime sizes: dynamic_sizes.ts). Each is a
 * strided view of its operand (view.ts) written into a fresh row-major array
 * of the operand's storage kind; reshape shares its operand's data, since
 * literals are never written.
 */
import { ELEMENT_TYPE_INFO, EvalError, type Literal, allocData, scalar, storageOf } from "@minixla/hlo";
import { dynamicSizeOf, recordDynamicSize } from "../../dynamic_sizes.ts";
import type { FamilyKernels } from "../../kernel.ts";
import { bitcastKernel } from "./bitcast.ts";
import { arrayOperand, arrayResult, copyView, fillElements, gatherView, lanesOf, product, stridesOf } from "../support/view.ts";

export const dataMovementKernels: FamilyKernels<"data_movement"> = {
  // Operand dimension i becomes result dimension dimensions[i]; the others repeat (stride 0).
  broadcast: (inst, operands) => {
    const x = arrayOperand(inst, operands[0], 0);
    const out = arrayResult(inst);
    const opStrides = stridesOf(x.shape.dimensions);
    const strides = out.dimensions.map(() => 0);
    inst.attributes.dimensions.forEach((resultDim, i) => {
      strides[resultDim] = opStrides[i];
    });
    return { shape: out, data: gatherView(x.data, 0, strides, out.dimensions, lanesOf(x)) };
  },

  // Row-major reshape keeps the data as it is.
  reshape: (inst, operands) => {
    const x = arrayOperand(inst, operands[0], 0);
    const out = arrayResult(inst);
    const n = product(x.shape.dimensions);
    if (product(out.dimensions) !== n || storageOf(out.elementType) !== storageOf(x.shape.elementType)) {
      throw new EvalError(`${inst.name} (reshape): cannot reshape ${n} ${x.shape.elementType} elements into ${out.elementType}[${out.dimensions.join(",")}]`);
    }
    return { shape: out, data: x.data };
  },

  bitcast: bitcastKernel,

  // Result dimension i is operand dimension permutation[i].
  transpose: (inst, operands) => {
    const x = arrayOperand(inst, operands[0], 0);
    const out = arrayResult(inst);
    const opStrides = stridesOf(x.shape.dimensions);
    const strides = inst.attributes.dimensions.map((d) => opStrides[d]);
    return { shape: out, data: gatherView(x.data, 0, strides, out.dimensions, lanesOf(x)) };
  },

  // Reversed dimensions start at their last element and step backwards.
  reverse: (inst, operands) => {
    const x = arrayOperand(inst, operands[0], 0);
    const dims = x.shape.dimensions;
    const strides = stridesOf(dims);
    let offset = 0;
    for (const d of inst.attributes.dimensions) {
      if (dims[d] > 0) offset += (dims[d] - 1) * strides[d];
      strides[d] = -strides[d];
    }
    return { shape: arrayResult(inst), data: gatherView(x.data, offset, strides, dims, lanesOf(x)) };
  },

  slice: (inst, operands) => {
    const x = arrayOperand(inst, operands[0], 0);
    const out = arrayResult(inst);
    const opStrides = stridesOf(x.shape.dimensions);
    const { starts, strides: steps } = inst.attributes;
    let offset = 0;
    for (let d = 0; d < starts.length; d++) offset += starts[d] * opStrides[d];
    const strides = opStrides.map((s, d) => s * steps[d]);
    return { shape: out, data: gatherView(x.data, offset, strides, out.dimensions, lanesOf(x)) };
  },

  // Each operand fills its band of the concatenated dimension.
  concatenate: (inst, operands) => {
    const out = arrayResult(inst);
    const axis = inst.attributes.dimension;
    const data = allocData(out.elementType, product(out.dimensions));
    const outStrides = stridesOf(out.dimensions);
    let at = 0;
    operands.forEach((l, i) => {
      const x = arrayOperand(inst, l, i);
      if (storageOf(x.shape.elementType) !== storageOf(out.elementType)) {
        throw new EvalError(`${inst.name} (concatenate): operand ${i} is ${x.shape.elementType}, which the ${out.elementType} result cannot hold`);
      }
      copyView(data, at * outStrides[axis], outStrides, x.data, 0, stridesOf(x.shape.dimensions), x.shape.dimensions, lanesOf(x));
      at += x.shape.dimensions[axis];
    });
    return { shape: out, data };
  },

  // Operand element i of a dimension lands at low + i*(interior+1); negative
  // low/high crop, so only the operand box that lands inside is copied.
  pad: (inst, operands) => {
    const x = arrayOperand(inst, operands[0], 0);
    const padValue = arrayOperand(inst, operands[1], 1);
    const out = arrayResult(inst);
    const lanes = lanesOf(x);
    const count = product(out.dimensions);
    const data = allocData(out.elementType, count);
    if (storageOf(x.shape.elementType) !== storageOf(out.elementType) || storageOf(padValue.shape.elementType) !== storageOf(out.elementType)) {
      throw new EvalError(`${inst.name} (pad): operand ${x.shape.elementType} and padding value ${padValue.shape.elementType} do not fit the ${out.elementType} result`);
    }
    fillElements(data, padValue.data, lanes);
    const inDims = x.shape.dimensions;
    const inStrides = stridesOf(inDims);
    const outStrides = stridesOf(out.dimensions);
    let srcOffset = 0;
    let dstOffset = 0;
    const box: number[] = [];
    const dstStrides: number[] = [];
    for (let d = 0; d < inDims.length; d++) {
      const { low, interior } = inst.attributes.padding[d];
      const step = interior + 1;
      // First operand index landing at a position >= 0, and one past the last landing < out dim.
      const first = low >= 0 ? 0 : Math.ceil(-low / step);
      const end = Math.min(inDims[d], Math.max(0, Math.ceil((out.dimensions[d] - low) / step)));
      box.push(Math.max(0, end - first));
      srcOffset += first * inStrides[d];
      dstOffset += (low + first * step) * outStrides[d];
      dstStrides.push(outStrides[d] * step);
    }
    if (product(box) > 0) copyView(data, dstOffset, dstStrides, x.data, srcOffset, inStrides, box, lanes);
    return { shape: out, data };
  },

  // Each element is its index along iota_dimension, in the element type's value
  // set: a bigint for s64/u64, a real part (imaginary 0) for complex types.
  iota: (inst) => {
    const out = arrayResult(inst);
    const dims = out.dimensions;
    const axis = inst.attributes.iotaDimension;
    const t = out.elementType;
    const normalize = ELEMENT_TYPE_INFO[t].normalize;
    const lanes = ELEMENT_TYPE_INFO[t].storage === "complex" ? 2 : 1;
    const data = allocData(t, product(dims));
    const inner = product(dims.slice(axis + 1));
    const n = dims[axis] ?? 1;
    const outer = product(dims.slice(0, axis));
    let at = 0;
    for (let o = 0; o < outer; o++) {
      for (let i = 0; i < n; i++) {
        if (data instanceof Float64Array) {
          const v = normalize(i);
          if (lanes === 1) data.fill(v, at, at + inner);
          else for (let k = 0; k < inner; k++) data[2 * (at + k)] = v;
        } else {
          data.fill(BigInt(i), at, at + inner);
        }
        at += inner;
      }
    }
    return { shape: out, data };
  },

  // The runtime size of a dynamic dimension (dynamic_sizes.ts), else the dimension's size.
  "get-dimension-size": (inst, operands) => {
    const x = arrayOperand(inst, operands[0], 0);
    const d = inst.attributes.dimension;
    return scalar(dynamicSizeOf(x, d) ?? x.shape.dimensions[d], "s32");
  },

  // The operand's values (held at the bound) with dimension `d`'s runtime size set.
  "set-dimension-size": (inst, operands) => {
    const x = arrayOperand(inst, operands[0], 0);
    const size = Number(arrayOperand(inst, operands[1], 1).data[0]);
    const d = inst.attributes.dimension;
    const bound = x.shape.dimensions[d];
    if (!Number.isInteger(size) || size < 0 || size > bound) {
      throw new EvalError(`${inst.name} (set-dimension-size): size ${size} of dimension ${d} is outside [0, ${bound}], the bound of ${x.shape.elementType}[${x.shape.dimensions.join(",")}]`);
    }
    const out: Literal = { shape: arrayResult(inst), data: x.data };
    recordDynamicSize(out, d, size);
    return out;
  },
};
