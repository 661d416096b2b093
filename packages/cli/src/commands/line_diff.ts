/**
 * A small unified-style line diff (LCS over lines, after trimming the common
 * head and tail), used by `minixla opt --dump` to show what each pass changed.
 */

type Edit = { readonly kind: " " | "-" | "+"; readonly line: string; readonly a: number; readonly b: number };

/** Beyond this many LCS cells the middle is shown as all removed then all added. */
const MAX_CELLS = 25_000_000;

function edits(a: readonly string[], b: readonly string[]): Edit[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const am = a.slice(head, a.length - tail);
  const bm = b.slice(head, b.length - tail);
  const out: Edit[] = [];
  for (let i = 0; i < head; i++) out.push({ kind: " ", line: a[i], a: i, b: i });
  const n = am.length;
  const m = bm.length;
  if (n * m <= MAX_CELLS) {
    // lcs[i][j] = LCS length of am[i:] and bm[j:], in one flat array.
    const w = m + 1;
    const lcs = new Uint32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * w + j] = am[i] === bm[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && am[i] === bm[j]) {
        out.push({ kind: " ", line: am[i], a: head + i++, b: head + j++ });
      } else if (i < n && (j >= m || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])) {
        out.push({ kind: "-", line: am[i], a: head + i++, b: head + j });
      } else {
        out.push({ kind: "+", line: bm[j], a: head + i, b: head + j++ });
      }
    }
  } else {
    am.forEach((line, k) => out.push({ kind: "-", line, a: head + k, b: head }));
    bm.forEach((line, k) => out.push({ kind: "+", line, a: head + n, b: head + k }));
  }
  for (let k = 0; k < tail; k++) out.push({ kind: " ", line: a[a.length - tail + k], a: a.length - tail + k, b: b.length - tail + k });
  return out;
}

/** Unified diff of two texts with `context` lines around each change; "" when equal. */
export function unifiedDiff(before: string, after: string, fromName: string, toName: string, context = 3): string {
  if (before === after) return "";
  const a = before.split("\n");
  const b = after.split("\n");
  const all = edits(a, b);
  const changed = all.map((e, i) => (e.kind === " " ? -1 : i)).filter((i) => i >= 0);
  const lines = [`--- ${fromName}`, `+++ ${toName}`];
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k] - context);
    let end = changed[k];
    while (k + 1 < changed.length && changed[k + 1] - end <= 2 * context + 1) end = changed[++k];
    end = Math.min(all.length - 1, end + context);
    k++;
    const hunk = all.slice(start, end + 1);
    const aCount = hunk.filter((e) => e.kind !== "+").length;
    const bCount = hunk.filter((e) => e.kind !== "-").length;
    lines.push(`@@ -${hunk[0].a + 1},${aCount} +${hunk[0].b + 1},${bCount} @@`);
    for (const e of hunk) lines.push(`${e.kind}${e.line}`);
  }
  return `${lines.join("\n")}\n`;
}
