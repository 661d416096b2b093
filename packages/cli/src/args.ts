/**
 * Command-line argument parsing for minixla's commands: positionals plus
 * `--name value`, `--name=value` and boolean `--flag` options, each declared
 * by the command. Repeatable options keep every value, and `ordered` keeps
 * the order options were given in (`run` interleaves --input and
 * --input-json). Anything unexpected is a UsageError (exit code 2).
 */

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** How one `--option` is parsed: a string value or a flag, once or repeatable. */
export interface OptionSpec {
  readonly type: "string" | "boolean";
  /** Repeatable: every occurrence is kept. */
  readonly multiple?: boolean;
}

/** A parsed command line: positionals and options, by name and in order. */
export interface ParsedArgs {
  readonly positionals: readonly string[];
  /** The last value of each single option given ("true" for a flag). */
  readonly values: ReadonlyMap<string, string>;
  /** Every option occurrence in command-line order. */
  readonly ordered: readonly { readonly name: string; readonly value: string }[];
}

/** Parses `argv` against an option table (`--name value`, `--name=value`, flags, `--` ends options); an unknown, repeated or valueless option is a UsageError. */
export function parseArgs(argv: readonly string[], options: { readonly [name: string]: OptionSpec }): ParsedArgs {
  const positionals: string[] = [];
  const values = new Map<string, string>();
  const ordered: { name: string; value: string }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("--") || arg === "-") {
      if (arg.startsWith("-") && arg !== "-") throw new UsageError(`unknown option '${arg}'`);
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const spec = Object.hasOwn(options, name) ? options[name] : undefined;
    if (spec === undefined) throw new UsageError(`unknown option '--${name}'`);
    let value: string;
    if (spec.type === "boolean") {
      if (eq >= 0) throw new UsageError(`option '--${name}' takes no value`);
      value = "true";
    } else if (eq >= 0) {
      value = arg.slice(eq + 1);
    } else {
      if (i + 1 >= argv.length) throw new UsageError(`option '--${name}' needs a value`);
      value = argv[++i];
    }
    if (!spec.multiple && values.has(name)) throw new UsageError(`option '--${name}' was given more than once`);
    values.set(name, value);
    ordered.push({ name, value });
  }
  return { positionals, values, ordered };
}

/** An integer option's value, from min to max (UsageError otherwise), or `fallback` when the option is absent. */
export function integerOption(value: string | undefined, option: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^[0-9]+$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`--${option} takes an integer from ${min} to ${max}, got '${value}'`);
  return Number(value);
}
