/**
 * XlaBuilder.raggedAllToAll records ragged-all-to-all in HLO's operand order
 * (input, output, input_offsets, send_sizes, output_offsets, recv_sizes) from
 * XLA's builder argument order, and evaluates on one device and on two.
 */
import { describe, expect, it } from "vitest";
import { XlaBuilder } from "@minixla/builder";
import { isTupleLiteral, literal, printHloModule, shape } from "@minixla/hlo";
import { evaluate, evaluateSpmd } from "@minixla/interpreter";

describe("XlaBuilder.raggedAllToAll", () => {
  const b = new XlaBuilder("ragged");
  const input = b.parameter(0, shape("s32", [4]), "input");
  const inputOffsets = b.parameter(1, shape("s32", [2]), "input_offsets");
  const sendSizes = b.parameter(2, shape("s32", [2]), "send_sizes");
  const output = b.parameter(3, shape("s32", [3]), "output");
  const outputOffsets = b.parameter(4, shape("s32", [2]), "output_offsets");
  const recvSizes = b.parameter(5, shape("s32", [2]), "recv_sizes");
  b.raggedAllToAll(input, inputOffsets, sendSizes, output, outputOffsets, recvSizes, [[0, 1]]);
  const m = b.build();
  const v = (xs: readonly number[]) => literal("s32", [xs.length], xs);

  it("records HLO's operand order", () => {
    expect(printHloModule(m)).toMatch(/ragged-all-to-all\(input, output, input_offsets, send_sizes, output_offsets, recv_sizes\), replica_groups=\{\{0,1\}\}/);
  });

  it("exchanges slices between two devices", () => {
    // Device 0 sends [1] to itself at 0 and [2, 3] to device 1 at 1; device 1 sends [7] to device 0 at 1 and nothing to itself.
    const d0 = [v([1, 2, 3, 4]), v([0, 1]), v([1, 2]), v([0, 0, 0]), v([0, 1]), v([1, 1])];
    const d1 = [v([5, 6, 7, 8]), v([2, 0]), v([1, 0]), v([9, 9, 9]), v([1, 0]), v([2, 0])];
    const out = evaluateSpmd(m, [d0, d1], { replicaCount: 2 }).map((l) => (isTupleLiteral(l) ? [] : Array.from(l.data as Float64Array)));
    expect(out).toEqual([[1, 7, 0], [9, 2, 3]]);
    expect(() => evaluate(m, d0)).toThrow("need devices other than device 0");
  });
});
