import { describe, expect, test } from "vitest";
import { progressReporter } from "./progress.ts";

const tick = (loop: string, iteration: number) => ({ kind: "while-iteration", loop, iteration }) as const;

describe("progressReporter", () => {
  test("says nothing in the first second, then one line per second with the loop and the count", () => {
    let now = 0;
    let err = "";
    const p = progressReporter({ out: () => {}, err: (t) => void (err += t) }, "lines", () => now);
    p.phase = "compiled";
    for (let i = 1; i <= 3; i++) {
      now = i * 400;
      p.onProgress({ kind: "instructions", count: 7 });
      p.onProgress(tick("w", i));
    }
    now = 2500;
    p.onProgress(tick("inner\x1b", 1));
    now = 2600;
    p.onProgress(tick("w", 5));
    p.finish();
    expect(err).toBe(
      "progress: 1.2 s (compiled), 21 instructions and 3 while-loop iterations done; w at iteration 3\n" +
        "progress: 2.5 s (compiled), 21 instructions and 4 while-loop iterations done; inner\\x1b at iteration 1\n",
    );
  });

  test("on a terminal the line is rewritten in place and cleared at the end", () => {
    let now = 0;
    let err = "";
    const p = progressReporter({ out: () => {}, err: (t) => void (err += t) }, "terminal", () => now);
    now = 1000;
    p.onProgress(tick("w", 1));
    p.finish();
    expect(err).toBe("\rprogress: 1.0 s, 0 instructions and 1 while-loop iteration done; w at iteration 1\x1b[K\r\x1b[K");
  });
});
