/** Constants: typed literals, and weakly typed scalars and arrays (weak_constant.ts). */
import { type ElementType, type Literal, ShapeError, literal } from "@minixla/hlo";
import type { XlaOp } from "../op.ts";
import type { Recorder } from "../recorder.ts";

export function constant(r: Recorder, l: Literal): XlaOp {
  return r.add("constant", [], { literal: l }, { name: "constant" });
}

export function constantOf(r: Recorder, dimensions: readonly number[], values: readonly (number | boolean)[], elementType: ElementType | undefined): XlaOp {
  if (elementType !== undefined) return constant(r, literal(elementType, dimensions, values));
  return r.weak(dimensions, values);
}

export function constantR2(r: Recorder, rows: readonly (readonly (number | boolean)[])[], elementType: ElementType | undefined): XlaOp {
  const cols = rows[0]?.length ?? 0;
  const ragged = rows.findIndex((row) => row.length !== cols);
  if (ragged >= 0) throw new ShapeError(`constantR2: row ${ragged} has ${rows[ragged].length} values, row 0 has ${cols}`);
  return constantOf(r, [rows.length, cols], rows.flat(), elementType);
}
