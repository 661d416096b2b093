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
  /** Runs left of the current re-probe. */
  private probing = 0;

  /** Whether the run being made is a burst's first, whose time is not recorded. */
  private unrecorded = false;

  /**
   * `burst`: runs each re-probe takes the other way in a row (1: one), the
   * first of them not timed when there are more. A split's first run after
   * its workers slept pays their wake-up (on a virtual machine's idle core,
   * up to milliseconds), which a lone probe would count against the split;
   * a burst's later runs find them awake (a model's split dots come
   * fractions of a millisecond apart).
   */
  constructor(private readonly burst = 1) {}

  /** Runs `single` or `split`, whichever is expected to be faster now, and records its time. */
  run(single: () => void, split: () => void): void {
    const useSplit = this.pick();
    const t0 = performance.now();
    if (useSplit) split();
    else single();
    this.runs++;
    if (this.unrecorded) return;
    const list = this.times[useSplit ? 1 : 0];
    list.push(performance.now() - t0);
    if (list.length > WINDOW) list.shift();
  }

  private pick(): boolean {
    const [one, two] = this.times;
    // The first run splits (it also starts the workers' compilation of the kernel), then the ways alternate.
    if (one.length < WINDOW || two.length < WINDOW) {
      if (this.burst === 1) return two.length <= one.length;
      // In bursts: the split runs first (the very first untimed: it starts the workers' compiles), then the single ones.
      this.unrecorded = this.runs === 0;
      return two.length < WINDOW;
    }
    const splitWins = median(two) < median(one);
    this.unrecorded = false;
    if (this.runs % REPROBE === 0) {
      this.probing = this.burst;
      this.unrecorded = this.burst > 1;
    }
    if (this.probing > 0) {
      this.probing--;
      return !splitWins;
    }
    return splitWins;
  }
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}
