/**
 * A check, independent of the printer, that StableHLO text as printStableHlo
 * writes it is well formed: brackets balance outside strings, every SSA value
 * is defined once in its function and before its use in an enclosing region,
 * every `%r:N` result is read only as `%r#i` with i < N, each generic op lists
 * one operand type per operand and each op name is of a dialect XLA reads.
 * Returns the problems found (empty when none).
 */

const DIALECTS = new Set(["stablehlo", "chlo", "func", "mhlo"]);

/** Problems with the text; empty when it is well formed. */
export function mlirProblems(text: string): string[] {
  const problems: string[] = [];
  problems.push(...bracketProblems(text));
  const lines = text.split("\n");
  // Scopes: one set of names per open region ({ at a line end opens one, a line starting with } closes one).
  const scopes: Map<string, number>[] = [];
  let inFunction = false;
  const defined = (name: string): number | undefined => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const n = scopes[i].get(name);
      if (n !== undefined) return n;
    }
    return undefined;
  };
  const define = (name: string, count: number, at: number) => {
    if (scopes.length === 0) return;
    if (defined(name) !== undefined) problems.push(`line ${at}: ${name} is defined twice`);
    scopes[scopes.length - 1].set(name, count);
  };
  lines.forEach((raw, k) => {
    const at = k + 1;
    const line = raw.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    const fn = /^\s*func\.func (?:public|private) @\S+\((.*)\) -> .* \{$/.exec(raw);
    if (fn !== null) {
      inFunction = true;
      scopes.length = 0;
      scopes.push(new Map());
      for (const m of fn[1].matchAll(/(%[\w.$]+):/g)) define(m[1], 1, at);
      return;
    }
    if (!inFunction) return;
    if (/^\s*\}\s*$/.test(line) && scopes.length === 1) {
      inFunction = false;
      scopes.length = 0;
      return;
    }
    const closes = /^\s*\}/.test(line);
    if (closes) scopes.pop();
    const block = /^\s*\^bb0\((.*)\):$/.exec(line);
    if (block !== null) {
      for (const m of block[1].matchAll(/(%[\w.$]+):/g)) define(m[1], 1, at);
      return;
    }
    const def = /^\s*(%[\w.$]+)(?::(\d+))? = /.exec(line);
    const body = def === null ? line : line.slice(def[0].length);
    for (const m of body.matchAll(/(%[\w.$]+)(?:#(\d+))?/g)) {
      const count = defined(m[1]);
      if (count === undefined) problems.push(`line ${at}: ${m[1]} is used before it is defined`);
      else if (m[2] !== undefined && Number(m[2]) >= count) problems.push(`line ${at}: ${m[0]} reads past the ${count} results`);
      else if (m[2] === undefined && count > 1) problems.push(`line ${at}: ${m[1]} has ${count} results and is used whole`);
    }
    const op = /^\s*(?:%[\w.$]+(?::\d+)? = )?(?:"([\w.]+)"|([a-z_]+\.[a-z_]+))/.exec(raw);
    if (op !== null) {
      const name = op[1] ?? op[2];
      if (!DIALECTS.has(name.split(".")[0])) problems.push(`line ${at}: op ${name} is not of a dialect XLA reads`);
    }
    const generic = /^\s*(?:%[\w.$]+(?::\d+)? = )?"[\w.]+"\(([^)]*)\)/.exec(line);
    const signature = /\) : \(([^()]*(?:\([^()]*\)[^()]*)*)\) -> /.exec(line);
    if (generic !== null && signature !== null && !line.trimEnd().endsWith("({")) {
      const operands = generic[1].trim() === "" ? 0 : generic[1].split(",").length;
      const types = signature[1].trim() === "" ? 0 : topLevelCount(signature[1]);
      if (operands !== types) problems.push(`line ${at}: ${operands} operands but ${types} operand types`);
    }
    if (def !== null) define(def[1], def[2] === undefined ? 1 : Number(def[2]), at);
    if (/\(\{$/.test(line.trimEnd()) || /\}, \{$/.test(line.trim())) scopes.push(new Map());
  });
  return problems;
}

/** The number of comma-separated items at the top level of a type list (tensor<...>, tuple<...> nest). */
function topLevelCount(s: string): number {
  let depth = 0;
  let n = 1;
  for (const ch of s) {
    if (ch === "<" || ch === "(") depth++;
    else if (ch === ">" || ch === ")") depth--;
    else if (ch === "," && depth === 0) n++;
  }
  return n;
}

function bracketProblems(text: string): string[] {
  const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  const stack: { ch: string; line: number }[] = [];
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") line++;
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "(" || ch === "[" || ch === "{") stack.push({ ch, line });
    else if (ch in pairs) {
      const top = stack.pop();
      if (top === undefined || top.ch !== pairs[ch]) return [`line ${line}: unbalanced ${ch}`];
    }
  }
  if (inString) return ["a string is not closed"];
  return stack.length > 0 ? [`line ${stack[stack.length - 1].line}: ${stack[stack.length - 1].ch} is not closed`] : [];
}
