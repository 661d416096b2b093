/**
 * A literal made by hand (not by literal()) must have a sound shape and data
 * of its element type's storage kind and length, tuples element by element.
 */
import {
  type Literal, type Shape, ShapeError, type StorageKind, checkShape, dataFits, elementCount, elementLanes, isTupleShape, shapeToString, storageOf,
} from "@minixla/hlo";

const STORAGE_ARRAY: { readonly [K in StorageKind]: string } = {
  f64: "Float64Array",
  s64: "BigInt64Array",
  u64: "BigUint64Array",
  complex: "Float64Array (re, im interleaved)",
};

export function checkConstant(l: Literal | undefined): void {
  const stack: { readonly value: unknown; readonly at: string }[] = [{ value: l, at: "" }];
  while (stack.length > 0) {
    const { value, at } = stack.pop() as { readonly value: unknown; readonly at: string };
    const where = `constant: literal${at}`;
    if (typeof value !== "object" || value === null) throw new ShapeError(`${where} is not a literal: ${String(value)}`);
    const { shape: s, data, elements } = value as { shape?: Shape; data?: unknown; elements?: unknown };
    checkShape(s as Shape, `${where} shape`);
    const sh = s as Shape;
    if (isTupleShape(sh)) {
      if (!Array.isArray(elements) || elements.length !== sh.tupleShapes.length) {
        throw new ShapeError(`${where} of shape ${shapeToString(sh)} needs an elements array of ${sh.tupleShapes.length} literals`);
      }
      elements.forEach((e, i) => stack.push({ value: e, at: `${at}.elements[${i}]` }));
      continue;
    }
    const n = elementCount(sh);
    if (!dataFits(sh.elementType, n, data)) {
      const got = ArrayBuffer.isView(data) ? `${data.constructor.name} of ${(data as unknown as ArrayLike<unknown>).length} values` : String(data);
      throw new ShapeError(
        `${where} of shape ${shapeToString(sh)} needs its data as a ${STORAGE_ARRAY[storageOf(sh.elementType)]} of ${n * elementLanes(sh.elementType)} values, got ${got}`,
      );
    }
  }
}
