/**
 * Attribute lists that differ only in the computations they name
 * (`to_apply=f.12` and `to_apply=f.40`) read alike: the direct builder
 * reads one of them and makes the others from it with their own names, since
 * computation names land only in an attribute list's calls. A large module
 * has thousands of calls, reduces and whiles, each naming its own
 * computations, which would each be read afresh otherwise.
 */
import type { ParsedAttributeList } from "../text/parser.ts";
import type { CallRef } from "../text/attribute_text.ts";

/** An attribute list with its computation names taken out: the rest of its text, and the names by attribute. */
export interface CalleeTemplate {
  readonly template: string;
  readonly keys: readonly string[];
  readonly names: readonly (readonly string[])[];
}

const CALL_ATTRIBUTE = /(^|, )(to_apply|condition|body|calls|select|scatter|true_computation|false_computation|branch_computations)=(\{[^{}"]*\}|[A-Za-z_][\w.-]*)/g;

/** The template of an attribute list, or undefined where it names no computation (or names one key twice). */
export function calleeTemplate(text: string): CalleeTemplate | undefined {
  if (!text.includes("=")) return undefined;
  const keys: string[] = [];
  const names: string[][] = [];
  CALL_ATTRIBUTE.lastIndex = 0;
  let template = "";
  let last = 0;
  for (let m = CALL_ATTRIBUTE.exec(text); m !== null; m = CALL_ATTRIBUTE.exec(text)) {
    const key = m[2];
    if (keys.includes(key)) return undefined;
    const value = m[3];
    const list = value.startsWith("{") ? value.slice(1, -1).split(", ") : [value];
    keys.push(key);
    names.push(list);
    template += `${text.slice(last, m.index)}${m[1]}${key}=${value.startsWith("{") ? `{${list.map(() => "\u0000").join(", ")}}` : "\u0000"}`;
    last = m.index + m[0].length;
  }
  if (keys.length === 0) return undefined;
  return { template: template + text.slice(last), keys, names };
}

const sameNames = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Whether `parsed` (read from the text `t` was made of) holds exactly the
 * template's names as its calls: then other lists of the template can be
 * made from it.
 */
export function fitsTemplate(parsed: ParsedAttributeList, t: CalleeTemplate): boolean {
  const callKeys = Object.keys(parsed.calls);
  if (callKeys.length !== t.keys.length) return false;
  for (let i = 0; i < t.keys.length; i++) {
    const c = parsed.calls[t.keys[i]];
    if (c === undefined || !sameNames(c.names, t.names[i])) return false;
  }
  return true;
}

/** The list of the template's text with `t`'s names, from one read already (`like`, which fits its template). */
export function withCallees(like: ParsedAttributeList, t: CalleeTemplate): ParsedAttributeList {
  const calls: Record<string, CallRef> = {};
  for (let i = 0; i < t.keys.length; i++) {
    const old = like.calls[t.keys[i]];
    // The tokens point into the text first read; the direct builder uses names only.
    calls[t.keys[i]] = { names: t.names[i], toks: old.toks };
  }
  return { attributes: like.attributes, calls, annotations: like.annotations, controlPredecessors: like.controlPredecessors };
}
