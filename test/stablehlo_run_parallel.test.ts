/**
 * `interpreter.run_parallel` as minixla's StableHLO test runner runs it: the
 * grid's results are compared with values computed here from the inputs
 * (random ones, fast-check), not with the runner's own verdict; processes
 * of different functions meet on send/recv channels whatever their order;
 * the op is checked as StableHLO's verifier checks it. Also the other
 * interpreter-test features read here: probes in loops, dynamic_pad /
 * dynamic_gather with constant operands, collective_reduce.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Literal, ParseError, isTupleLiteral, literal, parseStableHlo, readStableHloTests } from "@minixla/hlo";
import { evaluate } from "@minixla/interpreter";
import { runParallel, runStableHloTests } from "@minixla/cli";

function values(l: Literal | undefined): number[] {
  if (l === undefined || isTupleLiteral(l)) throw new Error("expected an array literal");
  return Array.from(l.data as ArrayLike<number | bigint>, Number);
}

/** The single test of `text` with a run_parallel, its grid run. */
function grid(text: string): number[][] {
  const tests = readStableHloTests(text);
  expect(tests).toHaveLength(1);
  const t = tests[0];
  if (t.error !== undefined) throw t.error;
  if (t.parallel === undefined) throw new Error("no run_parallel read");
  return runParallel(t.parallel).results.map(values);
}

/**
 * Runs `f` without the test setup's cross-check of evaluate against the
 * compiled engine: a process that waits on a recv is suspended by its host
 * throwing, and the cross-check replays the reference's host calls to the
 * compiled engine, which cannot replay a call that threw.
 */
function uncrossChecked<T>(f: () => T): T {
  const before = process.env.MINIXLA_CROSSCHECK;
  process.env.MINIXLA_CROSSCHECK = "0";
  try {
    return f();
  } finally {
    if (before === undefined) delete process.env.MINIXLA_CROSSCHECK;
    else process.env.MINIXLA_CROSSCHECK = before;
  }
}

function runText(text: string): { status: number; lines: string[] } {
  const out: string[] = [];
  const status = runStableHloTests({ out: (s: string) => out.push(s), err: () => {} } as never, "t.mlir", text);
  return { status, lines: out.join("").trim().split("\n") };
}

const dense = (xs: readonly number[]) => `dense<[${xs.join(", ")}]>`;

/** A module running `body` (a function @f of one tensor<Nxi64>) on `inputs.length` replicas. */
function replicas(n: number, body: string, inputs: readonly (readonly number[])[], resultType: string): string {
  const consts = inputs.map((x, i) => `    %in${i} = stablehlo.constant ${dense(x)} : tensor<${n}xi64>`).join("\n");
  const args = inputs.map((_, i) => `%in${i}`).join(", ");
  return `module @m {
  ${body}
  func.func @main() {
${consts}
    %r:${inputs.length} = "interpreter.run_parallel"(${args}) {
      programs = [${inputs.map(() => "[@f]").join(", ")}]
    } : (${inputs.map(() => `tensor<${n}xi64>`).join(", ")}) -> (${inputs.map(() => resultType).join(", ")})
    func.return
  }
}`;
}

const small = fc.integer({ min: -1000, max: 1000 });

describe("interpreter.run_parallel", () => {
  it("all_reduce gives every replica the element-wise sum of all inputs", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), fc.context(), (procs, n, _ctx) => {
        const inputs = Array.from({ length: procs }, (_, p) => Array.from({ length: n }, (_, i) => (p + 1) * 10 + i * (p - 2)));
        const group = `dense<[[${inputs.map((_, i) => i).join(", ")}]]> : tensor<1x${procs}xi64>`;
        const body = `func.func @f(%x : tensor<${n}xi64>) -> tensor<${n}xi64> {
    %y = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
    }) { replica_groups = ${group} } : (tensor<${n}xi64>) -> tensor<${n}xi64>
    return %y : tensor<${n}xi64>
  }`;
        const sum = Array.from({ length: n }, (_, i) => inputs.reduce((a, x) => a + x[i], 0));
        expect(grid(replicas(n, body, inputs, `tensor<${n}xi64>`))).toEqual(inputs.map(() => sum));
      }),
      { seed: 22, numRuns: 12 },
    );
  });

  it("all_gather concatenates the replicas' inputs in group order, on random values", () => {
    fc.assert(
      fc.property(fc.array(fc.array(small, { minLength: 2, maxLength: 2 }), { minLength: 2, maxLength: 3 }), (inputs) => {
        const procs = inputs.length;
        const order = [...inputs.keys()].reverse();
        const body = `func.func @f(%x : tensor<2xi64>) -> tensor<${2 * procs}xi64> {
    %y = "stablehlo.all_gather"(%x) { all_gather_dim = 0 : i64, replica_groups = dense<[[${order.join(", ")}]]> : tensor<1x${procs}xi64> } : (tensor<2xi64>) -> tensor<${2 * procs}xi64>
    return %y : tensor<${2 * procs}xi64>
  }`;
        const gathered = order.flatMap((p) => inputs[p]);
        expect(grid(replicas(2, body, inputs, `tensor<${2 * procs}xi64>`))).toEqual(inputs.map(() => gathered));
      }),
      { seed: 7, numRuns: 10 },
    );
  });

  it("collective_permute moves each source's input to its target; others get zeros", () => {
    const body = `func.func @f(%x : tensor<2xi64>) -> tensor<2xi64> {
    %y = "stablehlo.collective_permute"(%x) { source_target_pairs = dense<[[0, 2], [2, 1]]> : tensor<2x2xi64> } : (tensor<2xi64>) -> tensor<2xi64>
    return %y : tensor<2xi64>
  }`;
    expect(grid(replicas(2, body, [[1, 2], [3, 4], [5, 6]], "tensor<2xi64>"))).toEqual([[0, 0], [5, 6], [1, 2]]);
  });

  it("replica_id and partition_id give each process its grid position (2 replicas x 3 partitions)", () => {
    const text = `module @m {
  func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
    %r = stablehlo.replica_id : tensor<ui32>
    %p = stablehlo.partition_id : tensor<ui32>
    return %r, %p : tensor<ui32>, tensor<ui32>
  }
  func.func @main() {
    %x:12 = "interpreter.run_parallel"() { programs = [[@ids, @ids, @ids], [@ids, @ids, @ids]] } : () -> (${Array(12).fill("tensor<ui32>").join(", ")})
    func.return
  }
}`;
    const got = grid(text).map((v) => v[0]);
    const want = [0, 1].flatMap((r) => [0, 1, 2].flatMap((p) => [r, p]));
    expect(got).toEqual(want);
  });

  it("a recv listed before its send still receives it (processes of different functions)", () => {
    const text = `module @m {
  func.func @recv(%t : !stablehlo.token) -> (tensor<2xi64>, !stablehlo.token) {
    %v, %t2 = "stablehlo.recv"(%t) { channel_handle = #stablehlo.channel_handle<handle = 3, type = 3>, is_host_transfer = true } : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    %w = stablehlo.multiply %v, %v : tensor<2xi64>
    return %w, %t2 : tensor<2xi64>, !stablehlo.token
  }
  func.func @send(%x : tensor<2xi64>, %t : !stablehlo.token) -> !stablehlo.token {
    %t2 = "stablehlo.send"(%x, %t) { channel_handle = #stablehlo.channel_handle<handle = 3, type = 2>, is_host_transfer = true } : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
    return %t2 : !stablehlo.token
  }
  func.func @main() {
    %t = stablehlo.after_all : !stablehlo.token
    %x = stablehlo.constant dense<[3, -4]> : tensor<2xi64>
    %r:3 = "interpreter.run_parallel"(%t, %x, %t) { programs = [[@recv], [@send]] } : (!stablehlo.token, tensor<2xi64>, !stablehlo.token) -> (tensor<2xi64>, !stablehlo.token, !stablehlo.token)
    check.expect_eq_const %r#0, dense<[9, 16]> : tensor<2xi64>
    func.return
  }
}`;
    const tests = readStableHloTests(text);
    const run = tests[0].parallel;
    if (run === undefined) throw new Error("no grid");
    expect(values(uncrossChecked(() => runParallel(run)).results[0])).toEqual([9, 16]);
    expect(uncrossChecked(() => runText(text))).toEqual({ status: 0, lines: ["PASS t.mlir:15:5 @main check.expect_eq_const", "1 passed, 0 failed"] });
  });

  it("a recv that no process will send to is a deadlock, named with its process and channel", () => {
    const text = `module @m {
  func.func @recv(%t : !stablehlo.token) -> (tensor<2xi64>, !stablehlo.token) {
    %v, %t2 = "stablehlo.recv"(%t) { channel_handle = #stablehlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true } : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    return %v, %t2 : tensor<2xi64>, !stablehlo.token
  }
  func.func @idle(%t : !stablehlo.token) -> !stablehlo.token {
    return %t : !stablehlo.token
  }
  func.func @main() {
    %t = stablehlo.after_all : !stablehlo.token
    %r:3 = "interpreter.run_parallel"(%t, %t) { programs = [[@idle, @recv]] } : (!stablehlo.token, !stablehlo.token) -> (!stablehlo.token, tensor<2xi64>, !stablehlo.token)
    func.return
  }
}`;
    expect(() => uncrossChecked(() => grid(text))).toThrow(/deadlock.*process \(0, 1\) @recv on channel 5/);
  });

  it("infeed takes the infeed functions' values in queue order", () => {
    const text = `module @m {
  func.func @f(%t : !stablehlo.token) -> (tensor<2xi64>, tensor<2xi64>) {
    %a, %t1 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    %b, %t2 = "stablehlo.infeed"(%t1) : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    %d = stablehlo.subtract %b, %a : tensor<2xi64>
    return %a, %d : tensor<2xi64>, tensor<2xi64>
  }
  func.func @q0() -> tensor<2xi64> {
    %c = stablehlo.constant dense<[1, 10]> : tensor<2xi64>
    return %c : tensor<2xi64>
  }
  func.func @q1() -> tensor<2xi64> {
    %c = stablehlo.constant dense<[7, 3]> : tensor<2xi64>
    return %c : tensor<2xi64>
  }
  func.func @main() {
    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "interpreter.run_parallel"(%t) { infeed = [@q0, @q1], programs = [[@f]] } : (!stablehlo.token) -> (tensor<2xi64>, tensor<2xi64>)
    func.return
  }
}`;
    expect(grid(text)).toEqual([[1, 10], [6, -7]]);
  });

  it("processes of different functions may not use collectives: refused by name", () => {
    const text = `module @m {
  func.func @a() -> tensor<ui32> {
    %r = stablehlo.replica_id : tensor<ui32>
    return %r : tensor<ui32>
  }
  func.func @b() -> tensor<ui32> {
    %r = stablehlo.constant dense<7> : tensor<ui32>
    return %r : tensor<ui32>
  }
  func.func @main() {
    %r:2 = "interpreter.run_parallel"() { programs = [[@a], [@b]] } : () -> (tensor<ui32>, tensor<ui32>)
    func.return
  }
}`;
    expect(() => grid(text)).toThrow(/different functions and @a uses replica-id/);
  });

  it("is checked as StableHLO's verifier checks it, at its line and column", () => {
    const text = `module @m {
  func.func @f(%x : tensor<i64>) -> tensor<i64> {
    return %x : tensor<i64>
  }
  func.func @main() {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %r:2 = "interpreter.run_parallel"(%c) { programs = [[@f], [@f]] } : (tensor<i64>) -> (tensor<i64>, tensor<i64>)
    func.return
  }
}`;
    const [t] = readStableHloTests(text);
    expect(t.error).toBeInstanceOf(ParseError);
    expect(t.error?.message).toMatch(/^7:12: interpreter.run_parallel: 1 inputs, but the programs take 2 arguments together/);
    const ragged = text.replace("[[@f], [@f]]", "[[@f, @f], [@f]]");
    expect(readStableHloTests(ragged)[0].error?.message).toMatch(/every row of `programs` must have 2 functions, row 1 has 1/);
    const missing = text.replace("[[@f], [@f]]", "[[@f], [@g]]");
    expect(readStableHloTests(missing)[0].error?.message).toMatch(/function @g not found/);
  });
});

describe("collective_reduce", () => {
  it("leaves the group's reduction on its root (dynamic root) and zeros elsewhere", () => {
    fc.assert(
      fc.property(fc.array(fc.array(small, { minLength: 3, maxLength: 3 }), { minLength: 3, maxLength: 3 }), fc.integer({ min: 0, max: 2 }), (inputs, root) => {
        const groupOrder = [2, 0, 1];
        const text = `module @m {
  func.func @f(%x : tensor<3xi64>, %root : tensor<1xi32>) -> tensor<3xi64> {
    %y = "stablehlo.collective_reduce"(%x, %root) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %m = stablehlo.maximum %a, %b : tensor<i64>
        stablehlo.return %m : tensor<i64>
    }) { replica_groups = dense<[[${groupOrder.join(", ")}]]> : tensor<1x3xi64>, has_dynamic_root } : (tensor<3xi64>, tensor<1xi32>) -> tensor<3xi64>
    return %y : tensor<3xi64>
  }
  func.func @main() {
${inputs.map((x, i) => `    %in${i} = stablehlo.constant ${dense(x)} : tensor<3xi64>`).join("\n")}
    %root = stablehlo.constant dense<[${root}]> : tensor<1xi32>
    %r:3 = "interpreter.run_parallel"(%in0, %root, %in1, %root, %in2, %root) { programs = [[@f], [@f], [@f]] } : (tensor<3xi64>, tensor<1xi32>, tensor<3xi64>, tensor<1xi32>, tensor<3xi64>, tensor<1xi32>) -> (tensor<3xi64>, tensor<3xi64>, tensor<3xi64>)
    func.return
  }
}`;
        const max = [0, 1, 2].map((i) => Math.max(...inputs.map((x) => x[i])));
        const want = inputs.map((_, p) => (p === groupOrder[root] ? max : [0, 0, 0]));
        expect(grid(text)).toEqual(want);
      }),
      { seed: 3, numRuns: 8 },
    );
  });
});

describe("probes and dynamic ops in test files", () => {
  it("a probe in a loop body is recorded once per iteration; expect_serialized_eq picks one by iter", () => {
    const text = `func.func @loop() {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %three = stablehlo.constant dense<3> : tensor<i64>
  %five = stablehlo.constant dense<5> : tensor<i64>
  %ten = stablehlo.constant dense<10> : tensor<i64>
  %r:2 = stablehlo.while(%i = %zero, %s = %zero) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %three : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %s2 = stablehlo.add %s, %five : tensor<i64>
    %p = interpreter.probe %s2, probe_id = "sum" : tensor<i64>
    %i2 = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %i2, %p : tensor<i64>, tensor<i64>
  }
  check.expect_serialized_eq %five, probe_id = "sum", iter = 0 : tensor<i64>
  check.expect_serialized_eq %ten, probe_id = "sum", iter = 1 : tensor<i64>
  check.expect_serialized_eq %ten, probe_id = "sum", iter = 2 : tensor<i64>
  check.expect_serialized_eq %ten, probe_id = "sum", iter = 3 : tensor<i64>
  func.return
}`;
    const r = runText(text);
    expect(r.lines[0]).toMatch(/^PASS .* check.expect_serialized_eq$/);
    expect(r.lines[1]).toMatch(/^PASS /);
    expect(r.lines[2]).toMatch(/^FAIL .*element 0: got 10, expected 15$/);
    expect(r.lines[3]).toMatch(/^FAIL .*probe "sum" recorded 3 value\(s\); iteration 3 was never recorded$/);
    expect(r.status).toBe(1);
  });

  it("outside a test a probe is its operand: the module runs without a host", () => {
    const m = parseStableHlo(`func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = stablehlo.add %x, %x : tensor<2xf32>
  %p = interpreter.probe %y, probe_id = "y" : tensor<2xf32>
  return %p : tensor<2xf32>
}`);
    expect(m.computations.flatMap((c) => c.instructions.map((i) => i.opcode))).not.toContain("outfeed");
    expect(values(evaluate(m, [literal("f32", [2], [1.5, -2])]))).toEqual([3, -4]);
  });

  it("dynamic_pad with constant paddings is pad; with a computed one it is refused at that operand", () => {
    const text = (low: string) => `func.func @p() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %v = stablehlo.constant dense<9> : tensor<i64>
  %low0 = stablehlo.constant dense<[2]> : tensor<1xi64>
  %low = ${low}
  %high = stablehlo.constant dense<[-1]> : tensor<1xi64>
  %interior = stablehlo.constant dense<1> : tensor<1xi64>
  %r = stablehlo.dynamic_pad %x, %v, %low, %high, %interior : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<6xi64>
  check.expect_eq_const %r, dense<[9, 9, 1, 9, 2, 9]> : tensor<6xi64>
  func.return
}`;
    expect(runText(text("stablehlo.constant dense<[2]> : tensor<1xi64>")).status).toBe(0);
    const computed = readStableHloTests(text("stablehlo.add %low0, %low0 : tensor<1xi64>"))[0];
    expect(computed.error?.message).toMatch(/^8:38: stablehlo.dynamic_pad: its edge_padding_low operand is not a stablehlo.constant/);
  });
});
