/**
 * XLA's NameUniquer as the parser's module applies it: every computation name,
 * then every instruction name (one namespace for the whole module, in text
 * order), is made unique. A name `base.N` registers the number N for `base`;
 * a name taken already gets the smallest number not yet registered for its
 * base, counting up from where the last such search stopped. So a module whose
 * computations reuse `x` prints `x`, `x.1`, `x.2`, ... as XLA prints it.
 */

interface IdGenerator {
  readonly used: Set<number>;
  next: number;
}

export class XlaNameUniquer {
  private readonly generators = new Map<string, IdGenerator>();

  /** The unique name for `name` (the name itself when it is free). */
  unique(name: string): string {
    let root = name;
    let suffix = 0;
    let hasSuffix = false;
    const dot = name.lastIndexOf(".");
    if (dot > 0 && dot < name.length - 1) {
      const tail = name.slice(dot + 1);
      // absl::SimpleAtoi into int64: an optional sign and decimal digits.
      if (/^[+-]?[0-9]+$/.test(tail)) {
        const v = BigInt(tail);
        if (v >= -(2n ** 63n) && v < 2n ** 63n) {
          hasSuffix = true;
          suffix = Number(v);
          root = name.slice(0, dot);
        }
      }
    }
    let gen = this.generators.get(root);
    if (gen === undefined) {
      gen = { used: new Set(), next: 0 };
      this.generators.set(root, gen);
    }
    let id = suffix;
    if (gen.used.has(id)) {
      while (gen.used.has(gen.next)) gen.next++;
      id = gen.next++;
    }
    gen.used.add(id);
    if (id === 0) return hasSuffix ? `${root}.0` : root;
    return `${root}.${id}`;
  }
}
