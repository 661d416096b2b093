/**
 * The rules of the XLA corpus's pinned statuses (test/corpus/xla-hlo/status.ts):
 * a status may only get better, a failure keeps its class and message, and
 * a crash (no HloError, or an HloError caused by one) is never accepted.
 */
import { describe, expect, it } from "vitest";
import { EvalError, ParseError } from "@minixla/hlo";
import { type Pinned, judge, messagePrefix, outcomeOfError, rankOf } from "./corpus/xla-hlo/status.ts";

const refusal: Pinned = { status: "fails", stage: "evaluate", error: "EvalError", message: "sort.1 (sort): no comparator" };

describe("pinned corpus statuses", () => {
  it("orders statuses by how far the module got", () => {
    const order: Pinned[] = [
      { status: "fails", stage: "parse", error: "ParseError", message: "x" },
      { status: "fails", stage: "reparse", error: "ParseError", message: "x" },
      { status: "fails", stage: "fixed-point", error: "PrintMismatch", message: "x" },
      { status: "fails", stage: "verify", error: "VerifyError", message: "x" },
      refusal,
      { status: "evaluates" },
    ];
    const ranks = order.map(rankOf);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(new Set(ranks).size).toBe(ranks.length);
  });

  it("fails a lower status, a changed class or message, and calls a higher one an improvement", () => {
    expect(judge(refusal, { status: "evaluates" }).kind).toBe("worse");
    expect(judge({ status: "evaluates" }, refusal).kind).toBe("better");
    expect(judge(refusal, refusal).kind).toBe("same");
    expect(judge({ ...refusal, error: "ShapeError" }, refusal).kind).toBe("worse");
    expect(judge({ ...refusal, message: "sort.1 (sort): something else" }, refusal).kind).toBe("worse");
    expect(judge({ status: "parses", why: "custom-call a" }, { status: "parses", why: "custom-call b" }).kind).toBe("worse");
  });

  it("never accepts a crash, even where a refusal was pinned at the same stage", () => {
    const crash = outcomeOfError("evaluate", new TypeError("x is undefined"));
    expect(crash.status).toBe("crashes");
    expect(judge(crash, refusal).kind).toBe("worse");
    expect(judge(crash, { status: "fails", stage: "parse", error: "ParseError", message: "x" }).kind).toBe("worse");
  });

  it("tells an HloError refusal from a crash the evaluator wrapped in an EvalError", () => {
    expect(outcomeOfError("parse", new ParseError("bad token", 1, 2))).toEqual({ status: "fails", stage: "parse", error: "ParseError", message: "bad token" });
    const wrapped = Object.assign(new EvalError("sort.1 (sort): boom"), { cause: new RangeError("boom") });
    expect(outcomeOfError("evaluate", wrapped)).toEqual({ status: "crashes", stage: "evaluate", error: "RangeError (wrapped in EvalError)", message: "sort.1 (sort): boom" });
    expect(outcomeOfError("evaluate", new Error("plain")).status).toBe("crashes");
    expect(outcomeOfError("evaluate", "a string").status).toBe("crashes");
  });

  it("pins the first line that says something, cut to its prefix", () => {
    expect(messagePrefix("EvalError:\n  the real reason\nmore")).toBe("the real reason");
    expect(messagePrefix("y".repeat(200))).toHaveLength(80);
  });
});
