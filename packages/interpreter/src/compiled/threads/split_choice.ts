/**
 * Whether splitting pays, decided per kernel by timing both ways on the
 * machine as it is: the split only helps when another core is free, and on
 * a shared machine that changes from minute to minute. The first runs
 * alternate between one thread and the split; afterwards the faster median
 * of the recent runs wins, and every REPROBE-th run takes the other way once
 * so the choice follows the machine. Both ways give the same bits, so the
 * choice changes only the time.
 */

const WINDOW = 5;
const REPROBE = 32;

export class SplitChoice {
  private readonly times: [number[], number[]] = [[], []];
  private runs = 0;

  /** Runs `single` or `split`, whichever is expected to be faster now, and records its time. */
  run(single: () => void, split: () => void): void {
    const useSplit = this.pick();
    const t0 = performance.now();
    if (useSplit) split();
    else single();
    const list = this.times[useSplit ? 1 : 0];
    list.push(performance.now() - t0);
    if (list.length > WINDOW) list.shift();
    this.runs++;
  }

  private pick(): boolean {
    const [one, two] = this.times;
    // The first run splits (it also starts the workers' compilation of the kernel), then the ways alternate.
    if (one.length < WINDOW || two.length < WINDOW) return two.length <= one.length;
    const splitWins = median(two) < median(one);
    return this.runs % REPROBE === 0 ? !splitWins : splitWins;
  }
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}
