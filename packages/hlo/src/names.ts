/**
 * Unique instruction and computation names, in XLA's style: a base name and a
 * numeric suffix ("add", "add.1", "add.2").
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
    const clean = base.replace(/[^A-Za-z0-9_.-]/g, "_") || "x";
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
