/**
 * The `--passes` grammar of `minixla opt`: the names the README and `--list`
 * use, so any pipeline minixla runs can be written back on the command line.
 *
 *   list := item (',' item)*
 *   item := NAME                   a pass (`algsimp`), `simplify`, or `default` (the whole default pipeline)
 *         | 'fixpoint(' list ')'   the list run again and again until it changes nothing
 *
 * `fixpoint(simplify)` is the default pipeline's third step; `fixpoint(algsimp,cse)`
 * repeats the two as one sequence. Spaces around names and punctuation are
 * allowed. A mistake is a UsageError quoting the spec with a caret under the
 * column where it was found.
 */
import { type HloPass, type PassMeaning, fixpoint, sequence } from "@minixla/hlo";
import { UsageError } from "./args.ts";

export type { PassMeaning };

interface Token {
  readonly kind: "name" | "(" | ")" | "," | "end";
  readonly text: string;
  /** 0-based offset in the spec. */
  readonly at: number;
}

function tokenize(spec: string, fail: (at: number, why: string) => never): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < spec.length) {
    const c = spec[i];
    if (c === " " || c === "\t") {
      i++;
    } else if (c === "(" || c === ")" || c === ",") {
      tokens.push({ kind: c, text: c, at: i });
      i++;
    } else if (/[A-Za-z0-9_.-]/.test(c)) {
      const start = i;
      while (i < spec.length && /[A-Za-z0-9_.-]/.test(spec[i])) i++;
      tokens.push({ kind: "name", text: spec.slice(start, i), at: start });
    } else {
      fail(i, `unexpected character '${c}' (a pass name is letters, digits and - _ .)`);
    }
  }
  tokens.push({ kind: "end", text: "end of input", at: spec.length });
  return tokens;
}

/**
 * Parses a --passes value into the passes to run. `lookup` gives a name's
 * meaning (undefined: unknown); `known` lists the names for the error message.
 */
export function parsePassSpec(spec: string, lookup: (name: string) => PassMeaning | undefined, known: readonly string[]): HloPass[] {
  const fail = (at: number, why: string): never => {
    throw new UsageError(`--passes '${spec}': ${why} (column ${at + 1})\n  ${spec}\n  ${" ".repeat(at)}^`);
  };
  const tokens = tokenize(spec, fail);
  let pos = 0;
  const peek = (): Token => tokens[pos];
  const describe = (t: Token): string => (t.kind === "end" ? "end of input" : `'${t.text}'`);

  // Lists nest inside fixpoint(...): an explicit stack of open lists, no recursion.
  interface Frame {
    readonly items: HloPass[];
    /** The fixpoint token that opened this list; undefined for the outermost. */
    readonly opener: Token | undefined;
  }
  const stack: Frame[] = [{ items: [], opener: undefined }];
  for (;;) {
    const frame = stack[stack.length - 1];
    const t = peek();
    if (t.kind === "end" && frame.opener !== undefined) fail(t.at, `unclosed 'fixpoint(' (opened at column ${frame.opener.at + 1}): end of input before its ')'`);
    if (t.kind !== "name") fail(t.at, `expects a pass name, but sees ${describe(t)}`);
    pos++;
    if (peek().kind === "(") {
      if (t.text !== "fixpoint") fail(t.at, `only fixpoint(...) takes a list of passes, not '${t.text}'`);
      pos++;
      stack.push({ items: [], opener: t });
      continue;
    }
    const meaning = lookup(t.text);
    if (meaning === undefined) {
      fail(t.at, `unknown pass '${t.text}'; known: ${known.join(", ")}, simplify, default, fixpoint(...)`);
    } else if (Array.isArray(meaning)) {
      frame.items.push(...(meaning as readonly HloPass[]));
    } else {
      frame.items.push(meaning as HloPass);
    }
    // Close every fixpoint(...) this item ends.
    for (;;) {
      const top = stack[stack.length - 1];
      const next = peek();
      if (next.kind === ",") {
        pos++;
        break;
      }
      if (top.opener === undefined) {
        if (next.kind === "end") return top.items;
        fail(next.at, `expects ',' between passes, but sees ${describe(next)}`);
      }
      const opener = top.opener as Token;
      if (next.kind === "end") fail(next.at, `unclosed 'fixpoint(' (opened at column ${opener.at + 1}): end of input before its ')'`);
      if (next.kind !== ")") fail(next.at, `expects ',' or ')' in fixpoint(...), but sees ${describe(next)}`);
      pos++;
      stack.pop();
      const body = top.items.length === 1 ? top.items[0] : sequence(top.items.map((p) => p.name).join(","), top.items.map((p) => p.name).join(", "), top.items);
      stack[stack.length - 1].items.push(fixpoint(body));
    }
  }
}
