/**
 * Names of modules, computations and instructions. A valid name is an HLO
 * identifier, `[A-Za-z_][A-Za-z0-9_.-]*`, other than ROOT, ENTRY and
 * HloModule, which mark structure where a name stands, so that printed text
 * always parses back to the same structure. The builder sanitizes the names
 * it is given, as XLA's NameUniquer::GetSanitizedName does (also avoiding
 * the words XLA's lexer reserves, such as element types), and makes them
 * unique; `createModule` refuses a module holding an invalid name, since
 * operands refer to names and renaming them silently would change meaning.
 */
import { ELEMENT_TYPES } from "./element_type.ts";

/** Words that mark structure in HLO text where a name stands: never valid names. */
const STRUCTURAL: ReadonlySet<string> = new Set(["ROOT", "ENTRY", "HloModule"]);

/**
 * Words XLA's lexer reads as keywords (element types but tuple, true, false,
 * inf, nan): the sanitizer avoids them too, so builder names also suit XLA.
 */
const XLA_KEYWORDS: ReadonlySet<string> = new Set<string>([
  ...ELEMENT_TYPES, "s1", "u1", "opaque", "true", "false", "inf", "nan",
]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Why `name` cannot name a module, computation or instruction, or undefined if it can. */
export function nameProblem(name: unknown): string | undefined {
  if (typeof name !== "string") return `a name must be a string, got ${typeof name}`;
  if (!IDENTIFIER.test(name)) {
    return `${JSON.stringify(name)} is not a valid HLO name (letters, digits, '_', '.', '-', starting with a letter or '_')`;
  }
  if (STRUCTURAL.has(name)) return `${JSON.stringify(name)} is a keyword of HLO text and cannot be a name`;
  return undefined;
}

/**
 * XLA's GetSanitizedName: a first character that is not a letter or '_'
 * becomes '_', every other character outside [A-Za-z0-9_.-] becomes '_', a
 * keyword gets a trailing '_', and a "__" prefix other than "__xla_" (reserved
 * for backends) becomes "a_". XLA works on UTF-8 bytes, so a non-ASCII
 * character becomes one '_' per byte ("xé" is "x__", "x😀" is "x____"), as here.
 * The empty name becomes "x" (XLA leaves it empty; an empty name cannot be printed).
 */
export function sanitizeName(name: string): string {
  const text = String(name);
  if (text.length === 0) return "x";
  let out = "";
  for (const c of text) {
    const ok = out.length === 0 ? /^[A-Za-z_]$/.test(c) : /^[A-Za-z0-9_.-]$/.test(c);
    out += ok ? c : "_".repeat(utf8Length(c));
  }
  if (STRUCTURAL.has(out) || XLA_KEYWORDS.has(out)) out += "_";
  if (out.startsWith("__") && !out.startsWith("__xla_")) out = `a${out.slice(1)}`;
  return out;
}

/** Bytes of one code point in UTF-8 (a lone surrogate is written as U+FFFD: 3 bytes). */
const utf8Length = (c: string): number => {
  const cp = c.codePointAt(0) ?? 0;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
};

/**
 * Unique instruction and computation names, in XLA's style: a base name and a
 * numeric suffix ("add", "add.1", "add.2"). Bases are sanitized first.
 */
export class NameUniquer {
  private readonly used = new Set<string>();
  private readonly next = new Map<string, number>();

  constructor(taken: Iterable<string> = []) {
    for (const n of taken) this.used.add(n);
  }

  /** Marks a name as taken without changing it. */
  reserve(name: string): void {
    this.used.add(name);
  }

  /** Returns `base` if free, else `base.N` for the smallest free N >= 1 (from the last used). */
  unique(base: string): string {
    const clean = sanitizeName(base);
    if (!this.used.has(clean)) {
      this.used.add(clean);
      return clean;
    }
    const stem = clean.replace(/\.\d+$/, "");
    let n = this.next.get(stem) ?? 1;
    while (this.used.has(`${stem}.${n}`)) n++;
    this.next.set(stem, n + 1);
    const name = `${stem}.${n}`;
    this.used.add(name);
    return name;
  }
}
