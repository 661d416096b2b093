/**
 * Whether splitting pays, decided per kernel by timing both ways on the
 * machine as it is: the split only helps when another core is free, and on
 * a shared machine that changes from minute to minute. After WARMUP
 * split runs the first runs alternate between one thread and the split; afterwards the faster median
 * of the recent runs wins, and every REPROBE-th run takes the other way once
 * so the choice follows the machine. Both ways give the same bits, so the
 * choice changes only the time.
 */

const WINDOW = 5;
const REPROBE = 32;
/**
 * Split runs at the start whose times are not kept: the first starts the
 * workers' compilation of the kernel and the next often still waits on it
 * (a [1000,1000] transpose's first splits took 25, 23, 5.8, 3.5 and 7 ms
 * against 3.4 on one thread, and their median kept it on one thread).
 */
const WARMUP = 2;

export class SplitChoice {
  private readonly times: [number[], number[]] = [[], []];
  private runs = 0;
  private warmups = 0;

  /** Runs `single` or `split`, whichever is expected to be faster now, and records its time. */
  run(single: () => void, split: () => void): void {
    const useSplit = this.pick();
    const t0 = performance.now();
    if (useSplit) split();
    else single();
    this.runs++;
    if (useSplit && this.warmups < WARMUP) {
      this.warmups++;
      return;
    }
    const list = this.times[useSplit ? 1 : 0];
    list.push(performance.now() - t0);
    if (list.length > WINDOW) list.shift();
  }

  private pick(): boolean {
    const [one, two] = this.times;
    // The first runs split (they also start the workers' compilation of the kernel: WARMUP), then the ways alternate.
    if (one.length < WINDOW || two.length < WINDOW) return two.length <= one.length;
    const splitWins = median(two) < median(one);
    return this.runs % REPROBE === 0 ? !splitWins : splitWins;
  }
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}
