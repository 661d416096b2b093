/**
 * Scalar functions as text a worker can compile: a generated loop nest calls
 * the element-wise table's functions (Math.tanh, (a, b) => a + b, ...), which
 * reach a worker only as source. A function qualifies when it is one of
 * Math's own, or when its source names nothing but its parameters, its own
 * locals and a few globals (so it closes over nothing); anything else gives
 * undefined and the loop stays on one thread.
 */

const MATH_NAMES: ReadonlyMap<unknown, string> = new Map(
  Object.getOwnPropertyNames(Math)
    .filter((k) => typeof (Math as unknown as Record<string, unknown>)[k] === "function")
    .map((k) => [(Math as unknown as Record<string, unknown>)[k], `Math.${k}`]),
);

/** Names a portable function may use without declaring them. */
const KNOWN = new Set([
  "Math", "Number", "NaN", "Infinity", "undefined", "true", "false", "null", "return", "const", "let", "if", "else",
  "typeof", "function", "for", "while", "break", "continue", "of", "in", "new", "Float64Array", "Float32Array", "Uint32Array",
  "Int32Array", "Uint16Array", "Uint8Array", "BigInt", "Object", "void",
]);

/** The arrow or function expression text of f, or undefined where it might read anything outside itself. */
export function portableSource(f: (...xs: number[]) => number): string | undefined {
  const math = MATH_NAMES.get(f);
  if (math !== undefined) return math;
  const src = Function.prototype.toString.call(f);
  // Strings, templates, comments, `this` and native code are never portable.
  if (/["'`]|\/\/|\/\*|\bthis\b|\[native code\]/.test(src)) return undefined;
  let params: string;
  const arrow = /^\s*(?:\(([^()]*)\)|([A-Za-z_$][\w$]*))\s*=>/.exec(src);
  const fn = /^\s*function\s*([\w$]*)\s*\(([^()]*)\)\s*\{/.exec(src);
  if (arrow !== null) params = arrow[1] ?? arrow[2] ?? "";
  else if (fn !== null) params = `${fn[2]}${fn[1] === "" ? "" : `,${fn[1]}`}`;
  else return undefined;
  const declared = new Set<string>(params.split(",").map((p) => p.trim()).filter((p) => p !== ""));
  if ([...declared].some((p) => !/^[A-Za-z_$][\w$]*$/.test(p))) return undefined;
  for (const m of src.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)/g)) declared.add(m[1]);
  for (const m of src.matchAll(/(^|[^.\w$])([A-Za-z_$][\w$]*)/g)) {
    const id = m[2];
    if (!declared.has(id) && !KNOWN.has(id)) return undefined;
  }
  return src;
}
