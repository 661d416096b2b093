/**
 * Function bodies read when they are translated rather than with the rest of
 * the module. A large module's op records then live only while their
 * function is translated, instead of all at once until the last function is:
 * the collector copies far less. The module's outline (functions, their
 * signatures, aliases) is read as always; a body is first only delimited by
 * its braces (strings and comments skipped), and the parser reads it on
 * demand from the same offset, with the aliases defined before it, exactly
 * as it would have in place. Where the parser ends elsewhere than the braces
 * said, `DeferredMismatch` is thrown and the reader reads the module again
 * the ordinary way (read.ts), as it does on any error, so that every
 * message stays the one the ordinary reading gives.
 */
import type { AliasTable } from "./attributes.ts";
import { MlirLexer } from "./lexer.ts";
import type { BlockArg, Region } from "./syntax.ts";

/** The parser ended a deferred body elsewhere than its braces: the module is read the ordinary way. */
export class DeferredMismatch extends Error {}

/** The offset just past the `}` closing the `{` at `open`, or -1 where it is never closed. */
export function closingBrace(text: string, open: number): number {
  let depth = 0;
  let i = open;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125) {
      if (--depth === 0) return i + 1;
    } else if (c === 34) {
      // A string ends at its unescaped quote, on its line (the lexer's rule).
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92) i += 2;
        else if (d === 34 || d === 10) break;
        else i++;
      }
      if (i >= n || text.charCodeAt(i) === 10) return -1;
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const nl = text.indexOf("\n", i);
      if (nl < 0) return -1;
      i = nl;
    }
    i++;
  }
  return -1;
}

/** Reads a region at an offset: the parser's parseRegion, given what it needs. */
export type RegionReader = (lx: MlirLexer, aliases: AliasTable, args: readonly BlockArg[]) => Region;

/** A function body not read yet: its braces' offsets and what reading it needs. */
export class DeferredBody {
  readonly #text: string;
  readonly #aliases: AliasTable;
  readonly #args: readonly BlockArg[];
  readonly #read: RegionReader;
  /** Offset of the opening brace, and just past the closing one. */
  readonly start: number;
  readonly end: number;
  /** Whether the body was read (and found to end at its brace). */
  read = false;

  constructor(text: string, start: number, end: number, aliases: AliasTable, args: readonly BlockArg[], read: RegionReader) {
    this.#text = text;
    this.start = start;
    this.end = end;
    this.#aliases = aliases;
    this.#args = args;
    this.#read = read;
  }

  /** The body's region, read now (not kept: the caller holds it while it needs it). */
  region(): Region {
    const lx = new MlirLexer(this.#text, this.start);
    const r = this.#read(lx, this.#aliases, this.#args);
    if (lx.pos !== this.end) throw new DeferredMismatch(`a function body read to ${lx.pos}, its braces end at ${this.end}`);
    this.read = true;
    return r;
  }
}

/**
 * What deferring needs while the outline is read: the bodies deferred so
 * far, and the alias table as the next body sees it (a copy made once per
 * change, so that a body sees only the aliases defined before it).
 */
export class Deferral {
  readonly bodies: DeferredBody[] = [];
  #snapshot: AliasTable | undefined;

  /** The aliases a body deferred now sees. */
  aliasesNow(live: AliasTable): AliasTable {
    this.#snapshot ??= new Map(live);
    return this.#snapshot;
  }

  /** An alias was defined: later bodies see a new table. */
  aliasDefined(): void {
    this.#snapshot = undefined;
  }

  /** Reads every body translation did not read, in text order: each must end at its brace (a ParseError otherwise). */
  readTheRest(): void {
    for (const b of this.bodies) if (!b.read) b.region();
  }
}
