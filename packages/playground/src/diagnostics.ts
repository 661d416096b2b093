/**
 * The editor's problems: a parse error at its line and column, and each
 * verifier problem on the line of the instruction it names (the verifier
 * reports names, not positions). Implicit broadcasts are allowed: they are
 * what lower-broadcasts is for.
 */
import { type HloModule, ParseError, parseModule, verificationProblems } from "@minixla/hlo";

/** One problem, as offsets into the text. */
export interface Problem {
  readonly from: number;
  readonly to: number;
  readonly message: string;
}

/** The module, when the text parses and verifies, and the problems found. */
export interface Checked {
  readonly module: HloModule | undefined;
  readonly problems: readonly Problem[];
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return starts;
}

/** The offset of 1-based line and column, clamped to the text. */
function offsetOf(text: string, starts: readonly number[], line: number, column: number): number {
  const l = Math.min(Math.max(line, 1), starts.length) - 1;
  const end = l + 1 < starts.length ? starts[l + 1] - 1 : text.length;
  return Math.min(starts[l] + Math.max(column, 1) - 1, end);
}

/** The end of the token starting at `from` (at least one character, within the line). */
function tokenEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && /[\w.%-]/.test(text[i])) i++;
  if (i === from && from < text.length && text[from] !== "\n") i++;
  return i;
}

/** Where a verifier problem points: the definition of the first instruction name it mentions, or the first line. */
function locate(text: string, message: string): { from: number; to: number } {
  for (const m of message.matchAll(/[%']?([A-Za-z_][\w.-]*)/g)) {
    const name = m[1];
    const def = new RegExp(`(^|\\s)%?${name.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")}\\s*=`, "m").exec(text);
    if (def) {
      const from = def.index + def[1].length;
      return { from, to: from + def[0].length - def[1].length - 1 };
    }
  }
  const nl = text.indexOf("\n");
  return { from: 0, to: nl < 0 ? text.length : nl };
}

/** Parses (HLO text or StableHLO, told apart by content) and verifies `text`. */
export function check(text: string): Checked {
  let module: HloModule;
  try {
    module = parseModule(text);
  } catch (e) {
    if (e instanceof ParseError && e.line !== undefined) {
      const from = offsetOf(text, lineStarts(text), e.line, e.column ?? 1);
      return { module: undefined, problems: [{ from, to: Math.max(tokenEnd(text, from), from), message: e.message }] };
    }
    const message = e instanceof Error ? e.message : String(e);
    return { module: undefined, problems: [{ ...locate(text, message), message }] };
  }
  const problems = verificationProblems(module, { allowImplicitBroadcast: true });
  return { module: problems.length === 0 ? module : undefined, problems: problems.map((p) => ({ ...locate(text, p), message: p })) };
}
