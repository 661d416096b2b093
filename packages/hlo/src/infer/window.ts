/**
 * Window arithmetic shared by the windowed ops (convolution, reduce-window,
 * select-and-scatter): how many window positions fit along each dimension of
 * a padded, dilated base, and the window as text for messages. Follows
 * window_util.cc (DilatedBound, StridedBound) and shape_inference.cc
 * (InferWindowOutputShape).
 */
import type { WindowDimension } from "../attributes.ts";
import type { ElementType } from "../element_type.ts";
import { type ArrayShape, shape } from "../shape.ts";
import { fail } from "./rule.ts";

/** The window in HLO text form, for messages: "{size=2x2 stride=1x1 pad=0_0x0_0 ...}". */
export function windowToString(window: readonly WindowDimension[]): string {
  const field = (f: (w: WindowDimension) => string | number) => window.map(f).join("x");
  const parts = [`size=${field((w) => w.size)}`, `stride=${field((w) => w.stride)}`, `pad=${field((w) => `${w.padLow}_${w.padHigh}`)}`];
  if (window.some((w) => w.baseDilation !== 1)) parts.push(`lhs_dilate=${field((w) => w.baseDilation)}`);
  if (window.some((w) => w.windowDilation !== 1)) parts.push(`rhs_dilate=${field((w) => w.windowDilation)}`);
  return `{${parts.join(" ")}}`;
}

/** window_util::DilatedBound: the extent of `bound` elements spread `dilation` apart. */
export const dilatedBound = (bound: number, dilation: number): number => (bound === 0 ? 0 : (bound - 1) * dilation + 1);

/** window_util::StridedBound: how many windows of `windowSize` fit in `bound` at `stride`. */
export const stridedBound = (bound: number, windowSize: number, stride: number): number =>
  windowSize > bound ? 0 : Math.floor((bound - windowSize) / stride) + 1;

/** InferWindowOutputShape: one output element per window position. */
export function windowOutputShape(base: ArrayShape, window: readonly WindowDimension[], elementType: ElementType): ArrayShape {
  if (window.length !== base.dimensions.length) {
    fail(`Window has dimension ${window.length} but base shape has dimension ${base.dimensions.length}.`);
  }
  const sizes = window.map((w, i) => {
    if (w.size <= 0) fail(`Window ${windowToString(window)} has a non-positive dimension.`);
    if (w.stride <= 0) fail(`Window ${windowToString(window)} has a non-positive stride.`);
    if (w.baseDilation < 1) fail(`Window ${windowToString(window)} has a non-positive base area dilation factor.`);
    if (w.windowDilation < 1) fail(`Window ${windowToString(window)} has a non-positive window dilation factor.`);
    const paddedBase = w.padLow + dilatedBound(base.dimensions[i], w.baseDilation) + w.padHigh;
    return stridedBound(paddedBase, dilatedBound(w.size, w.windowDilation), w.stride);
  });
  return shape(elementType, sizes);
}
