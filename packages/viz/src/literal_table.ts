/**
 * Arrays as small HTML tables for the demo page: a scalar is one cell, a
 * vector one row, a matrix a table, and a higher-rank array one matrix per
 * index of its leading dimensions (labelled [i, j, :, :]). Large arrays are
 * cut to their first rows and columns.
 */
import { type ArrayLiteral, type NestedArray, shapeToString, toNested } from "@minixla/hlo";
import { esc } from "./html_shell.ts";

const MAX_ROWS = 12;
const MAX_COLUMNS = 12;
const MAX_MATRICES = 8;

const cell = (v: NestedArray): string => `<td>${esc(String(v))}</td>`;

function rowHtml(values: readonly NestedArray[]): string {
  const shown = values.slice(0, MAX_COLUMNS).map(cell).join("");
  return `<tr>${shown}${values.length > MAX_COLUMNS ? "<td>…</td>" : ""}</tr>`;
}

function matrixHtml(rows: readonly NestedArray[]): string {
  const body = rows.slice(0, MAX_ROWS).map((r) => rowHtml(r as readonly NestedArray[])).join("");
  return `<table class="values">${body}${rows.length > MAX_ROWS ? "<tr><td>⋮</td></tr>" : ""}</table>`;
}

/** An array literal as a table (or tables), under a caption with its name and shape. */
export function literalTable(name: string, l: ArrayLiteral): string {
  const nested = toNested(l);
  const rank = l.shape.dimensions.length;
  const caption = `<div class="muted">${esc(name)}: ${esc(shapeToString(l.shape))}</div>`;
  if (rank === 0) return `${caption}<table class="values"><tr>${cell(nested)}</tr></table>`;
  if (rank === 1) return `${caption}<table class="values">${rowHtml(nested as readonly NestedArray[])}</table>`;
  // Rank >= 3: walk the leading indices, iteratively, to each trailing matrix.
  const parts: string[] = [];
  const stack: { readonly value: NestedArray; readonly index: readonly number[] }[] = [{ value: nested, index: [] }];
  while (stack.length > 0 && parts.length < MAX_MATRICES) {
    const { value, index } = stack.shift()!;
    if (index.length === rank - 2) {
      const label = index.length === 0 ? "" : `<div class="muted">[${[...index, ":", ":"].join(", ")}]</div>`;
      parts.push(label + matrixHtml(value as readonly NestedArray[]));
      continue;
    }
    (value as readonly NestedArray[]).forEach((v, i) => stack.push({ value: v, index: [...index, i] }));
  }
  const more = stack.length > 0 ? '<div class="muted">…</div>' : "";
  return caption + parts.join("") + more;
}
