/** The one piece of node:os the interpreter reads (its memory budget), as a page can know it. */
export function totalmem(): number {
  // A page cannot see the machine's memory; 4 GiB keeps the interpreter's cap (a quarter of it) at 1 GiB.
  return 4 * 1024 ** 3;
}
