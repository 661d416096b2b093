import { describe, expect, it } from "vitest";
import type { HloInstruction } from "../instruction.ts";
import { type HloComputation, type HloModule, entryComputation, getComputation } from "../module.ts";
import { parseHloModule } from "../text/parser.ts";
import { printHloModule } from "../text/printer.ts";
import { verificationProblems } from "../verify/verifier.ts";
import { fuse } from "./fuse.ts";

/** Parses, fuses, and checks what every fused module must satisfy: it verifies, prints and parses back, and fusing again changes nothing. */
function fused(text: string): HloModule {
  const out = fuse.run(parseHloModule(text));
  expect(verificationProblems(out)).toEqual([]);
  const printed = printHloModule(out);
  expect(printHloModule(parseHloModule(printed))).toBe(printed);
  expect(fuse.run(out)).toBe(out);
  return out;
}

const fusions = (c: HloComputation): HloInstruction[] => c.instructions.filter((i) => i.opcode === "fusion");
const kindOf = (i: HloInstruction): string => (i.opcode === "fusion" ? i.attributes.kind : "");
/** The opcodes of a fusion's computation, parameters left out, in order. */
const body = (m: HloModule, f: HloInstruction): string[] =>
  getComputation(m, f.called[0]).instructions.filter((i) => i.opcode !== "parameter").map((i) => i.opcode);

describe("fuse", () => {
  it("fuses [1000,1000] + broadcast([1000]) into one kLoop fusion named like the add", () => {
    const m = fused(`HloModule w1

ENTRY main {
  x = f64[1000,1000] parameter(0)
  b = f64[1000] parameter(1)
  bb = f64[1000,1000] broadcast(b), dimensions={1}
  ROOT s = f64[1000,1000] add(x, bb)
}
`);
    const entry = entryComputation(m);
    expect(entry.instructions.map((i) => i.opcode)).toEqual(["parameter", "parameter", "fusion"]);
    const [f] = fusions(entry);
    expect(f.name).toBe("s");
    expect(entry.root).toBe("s");
    expect(kindOf(f)).toBe("kLoop");
    expect(f.operands).toEqual(["x", "b"]);
    expect(printHloModule(m)).toContain(`HloModule w1, entry_computation_layout={(f64[1000,1000]{1,0}, f64[1000]{0})->f64[1000,1000]{1,0}}

fused_computation {
  param_0 = f64[1000,1000]{1,0} parameter(0)
  param_1 = f64[1000]{0} parameter(1)
  bb = f64[1000,1000]{1,0} broadcast(param_1), dimensions={1}
  ROOT s.1 = f64[1000,1000]{1,0} add(param_0, bb)
}

ENTRY main {
  x = f64[1000,1000]{1,0} parameter(0)
  b = f64[1000]{0} parameter(1)
  ROOT s = f64[1000,1000]{1,0} fusion(x, b), kind=kLoop, calls=fused_computation
}`);
  });

  it("fuses tanh(x*y+z) into one kLoop of the 3 ops", () => {
    const m = fused(`HloModule w3

ENTRY main {
  x = f32[8,8] parameter(0)
  y = f32[8,8] parameter(1)
  z = f32[8,8] parameter(2)
  p = f32[8,8] multiply(x, y)
  s = f32[8,8] add(p, z)
  ROOT t = f32[8,8] tanh(s)
}
`);
    const [f, ...rest] = fusions(entryComputation(m));
    expect(rest).toEqual([]);
    expect(kindOf(f)).toBe("kLoop");
    expect(f.operands).toEqual(["x", "y", "z"]);
    expect(body(m, f)).toEqual(["multiply", "add", "tanh"]);
  });

  it("fuses an outer add through reshapes and broadcasts into one kLoop", () => {
    const m = fused(`HloModule w2

ENTRY main {
  a = f64[2000,1] parameter(0)
  b = f64[1,2000] parameter(1)
  ra = f64[2000] reshape(a)
  rb = f64[2000] reshape(b)
  ba = f64[2000,2000] broadcast(ra), dimensions={0}
  bb = f64[2000,2000] broadcast(rb), dimensions={1}
  ROOT s = f64[2000,2000] add(ba, bb)
}
`);
    const [f, ...rest] = fusions(entryComputation(m));
    expect(rest).toEqual([]);
    expect(f.operands).toEqual(["a", "b"]);
    expect(body(m, f)).toEqual(["reshape", "reshape", "broadcast", "broadcast", "add"]);
  });

  it("fuses the implicit broadcasts of an unlowered module after lowering them", () => {
    const m = fused(`HloModule implicit

ENTRY main {
  x = f64[4,3] parameter(0)
  b = f64[3] parameter(1)
  ROOT s = f64[4,3] add(x, b), broadcast_dimensions={1}
}
`);
    const [f] = fusions(entryComputation(m));
    expect(body(m, f)).toEqual(["broadcast", "add"]);
  });

  it("fuses reduce(exp(x)) into a kInput fusion rooted at the reduce, keeping its reducer", () => {
    const m = fused(`HloModule w4

sum {
  a = f64[] parameter(0)
  b = f64[] parameter(1)
  ROOT s = f64[] add(a, b)
}

ENTRY main {
  x = f64[100,100] parameter(0)
  e = f64[100,100] exponential(x)
  zero = f64[] constant(0)
  ROOT r = f64[100] reduce(e, zero), dimensions={1}, to_apply=sum
}
`);
    const entry = entryComputation(m);
    expect(entry.instructions.map((i) => i.opcode)).toEqual(["parameter", "fusion"]);
    const [f] = fusions(entry);
    expect(kindOf(f)).toBe("kInput");
    expect(f.operands).toEqual(["x"]);
    expect(body(m, f)).toEqual(["exponential", "constant", "reduce"]);
    expect(getComputation(m, "sum").instructions.map((i) => i.opcode)).toEqual(["parameter", "parameter", "add"]);
  });

  it("wraps a lone reduce of a parameter in a kInput fusion of its own", () => {
    const text = `HloModule lone

sum {
  a = f64[] parameter(0)
  b = f64[] parameter(1)
  ROOT s = f64[] add(a, b)
}

ENTRY main {
  x = f64[10,10] parameter(0)
  zero = f64[] constant(0)
  ROOT r = f64[10] reduce(x, zero), dimensions={1}, to_apply=sum
}
`;
    const m = fused(text);
    const [f] = fusions(entryComputation(m));
    expect(kindOf(f)).toBe("kInput");
    expect(f.operands).toEqual(["x"]);
    expect(body(m, f)).toEqual(["constant", "reduce"]);
  });

  it("leaves a lone variadic reduce unfused", () => {
    const m = parseHloModule(`HloModule argmax

argmax {
  a = f64[] parameter(0)
  i = s32[] parameter(1)
  b = f64[] parameter(2)
  j = s32[] parameter(3)
  gt = pred[] compare(a, b), direction=GE
  v = f64[] select(gt, a, b)
  k = s32[] select(gt, i, j)
  ROOT t = (f64[], s32[]) tuple(v, k)
}

ENTRY main {
  x = f64[10,10] parameter(0)
  ix = s32[10,10] parameter(1)
  lo = f64[] constant(-inf)
  z = s32[] constant(0)
  ROOT r = (f64[10], s32[10]) reduce(x, ix, lo, z), dimensions={1}, to_apply=argmax
}
`);
    expect(fuse.run(m)).toBe(m);
  });

  it("fuses relu(dot(x, w) + broadcast(b)) into a kOutput fusion holding the dot", () => {
    const m = fused(`HloModule w6

ENTRY main {
  x = f64[64,512] parameter(0)
  w = f64[512,512] parameter(1)
  b = f64[512] parameter(2)
  d = f64[64,512] dot(x, w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  bb = f64[64,512] broadcast(b), dimensions={1}
  s = f64[64,512] add(d, bb)
  zero = f64[] constant(0)
  bz = f64[64,512] broadcast(zero), dimensions={}
  ROOT relu = f64[64,512] maximum(s, bz)
}
`);
    const entry = entryComputation(m);
    expect(entry.instructions.map((i) => i.opcode)).toEqual(["parameter", "parameter", "parameter", "fusion"]);
    const [f] = fusions(entry);
    expect(f.name).toBe("relu");
    expect(kindOf(f)).toBe("kOutput");
    expect(f.operands).toEqual(["x", "w", "b"]);
    expect(body(m, f)).toEqual(["dot", "broadcast", "add", "constant", "broadcast", "maximum"]);
  });

  it("keeps a dot out when its epilogue changes the index (transpose) or the dot has another user", () => {
    const m = fused(`HloModule noepilogue

ENTRY main {
  x = f64[4,4] parameter(0)
  d = f64[4,4] dot(x, x), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  t = f64[4,4] transpose(d), dimensions={1,0}
  n = f64[4,4] negate(t)
  e = f64[4,4] dot(x, x), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  a = f64[4,4] abs(e)
  ROOT out = (f64[4,4], f64[4,4], f64[4,4]) tuple(n, a, e)
}
`);
    const entry = entryComputation(m);
    expect(entry.instructions.map((i) => i.opcode)).toEqual(["parameter", "dot", "fusion", "dot", "fusion", "tuple"]);
    expect(fusions(entry).map(kindOf)).toEqual(["kLoop", "kLoop"]);
  });

  it("wraps a lone transpose in a kLoop fusion", () => {
    const m = fused(`HloModule w7

ENTRY main {
  x = f64[30,20] parameter(0)
  ROOT t = f64[20,30] transpose(x), dimensions={1,0}
}
`);
    const [f] = fusions(entryComputation(m));
    expect(kindOf(f)).toBe("kLoop");
    expect(body(m, f)).toEqual(["transpose"]);
  });

  it("does not duplicate a value used by two clusters, but duplicates a cheap broadcast", () => {
    const m = fused(`HloModule shared

ENTRY main {
  x = f64[8] parameter(0)
  c = f64[] parameter(1)
  e = f64[8] exponential(x)
  bc = f64[8] broadcast(c), dimensions={}
  a = f64[8] add(e, bc)
  d = f64[8,8] dot(a, a), lhs_contracting_dims={}, rhs_contracting_dims={}
  m = f64[8] multiply(e, bc)
  ROOT t = (f64[8], f64[8,8], f64[8]) tuple(a, d, m)
}
`);
    const entry = entryComputation(m);
    const byName = new Map(fusions(entry).map((f) => [f.name, f]));
    // e has users in two clusters (a's and m's): it is its own fusion, read by both.
    expect(body(m, byName.get("e")!)).toEqual(["exponential"]);
    expect(byName.get("a")!.operands).toEqual(["e", "c"]);
    expect(byName.get("m")!.operands).toEqual(["e", "c"]);
    expect(body(m, byName.get("a")!)).toEqual(["broadcast", "add"]);
    expect(body(m, byName.get("m")!)).toEqual(["broadcast", "multiply"]);
    expect(entry.instructions.filter((i) => i.opcode === "exponential" || i.opcode === "broadcast")).toEqual([]);
  });

  it("breaks the cluster at a general reshape of a fused value, but fuses one of a parameter", () => {
    const m = fused(`HloModule reshape

ENTRY main {
  x = f64[4,6] parameter(0)
  e = f64[4,6] exponential(x)
  r = f64[6,4] reshape(e)
  n = f64[6,4] negate(r)
  rx = f64[3,8] reshape(x)
  ROOT t = (f64[6,4], f64[3,8]) tuple(n, rx)
}
`);
    const byName = new Map(fusions(entryComputation(m)).map((f) => [f.name, f]));
    expect(body(m, byName.get("e")!)).toEqual(["exponential"]);
    expect(byName.get("n")!.operands).toEqual(["e"]);
    expect(body(m, byName.get("n")!)).toEqual(["reshape", "negate"]);
    expect(body(m, byName.get("rx")!)).toEqual(["reshape"]);
  });

  it("fuses through a degenerate reshape of a fused value", () => {
    const m = fused(`HloModule degenerate

ENTRY main {
  x = f64[4,6] parameter(0)
  e = f64[4,6] exponential(x)
  r = f64[4,1,6] reshape(e)
  ROOT n = f64[4,1,6] negate(r)
}
`);
    const [f, ...rest] = fusions(entryComputation(m));
    expect(rest).toEqual([]);
    expect(body(m, f)).toEqual(["exponential", "reshape", "negate"]);
  });

  it("fuses inside a while body but leaves the reducer and the condition's callers' reducers alone", () => {
    const m = fused(`HloModule loop

sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

cond {
  p = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  n = s32[] constant(3)
  ROOT lt = pred[] compare(i, n), direction=LT
}

body {
  p = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  one = s32[] constant(1)
  j = s32[] add(i, one)
  v = f32[4] get-tuple-element(p), index=1
  w = f32[4] multiply(v, v)
  h = f32[] constant(0.5)
  bh = f32[4] broadcast(h), dimensions={}
  u = f32[4] add(w, bh)
  ROOT t = (s32[], f32[4]) tuple(j, u)
}

ENTRY main {
  x = f32[4] parameter(0)
  zero = s32[] constant(0)
  init = (s32[], f32[4]) tuple(zero, x)
  l = (s32[], f32[4]) while(init), condition=cond, body=body
  v = f32[4] get-tuple-element(l), index=1
  z = f32[] constant(0)
  ROOT r = f32[] reduce(v, z), dimensions={0}, to_apply=sum
}
`);
    const b = getComputation(m, "body");
    expect(b.instructions.map((i) => i.opcode)).toEqual(["parameter", "get-tuple-element", "fusion", "get-tuple-element", "fusion", "tuple"]);
    expect(body(m, fusions(b)[1])).toEqual(["multiply", "constant", "broadcast", "add"]);
    expect(getComputation(m, "sum").instructions.map((i) => i.opcode)).toEqual(["parameter", "parameter", "add"]);
    expect(fusions(getComputation(m, "cond")).map((f) => body(m, f))).toEqual([["constant", "compare"]]);
  });

  it("keeps 64-bit integer ops (a loop counter converted into a u32 loop) out of the loops they feed", () => {
    const m = fused(`HloModule counter

ENTRY main {
  i = s64[] parameter(0)
  x = u32[8] parameter(1)
  one = s64[] constant(1)
  j = s64[] add(i, one)
  c = u32[] convert(j)
  bc = u32[8] broadcast(c), dimensions={}
  y = u32[8] xor(x, bc)
  s = u32[] constant(3)
  bs = u32[8] broadcast(s), dimensions={}
  ROOT z = u32[8] shift-left(y, bs)
}
`);
    const e = entryComputation(m);
    expect(e.instructions.map((i) => i.opcode)).toEqual(["parameter", "parameter", "constant", "add", "convert", "fusion"]);
    expect(body(m, fusions(e)[0]!)).toEqual(["broadcast", "xor", "constant", "broadcast", "shift-left"]);
  });

  it("fuses XLA CPU's fused multiply-add custom call as an element-wise op, and no other custom call", () => {
    const m = fused(`HloModule fma

ENTRY main {
  x = f32[4,3] parameter(0)
  y = f32[4,3] parameter(1)
  b = f32[3] parameter(2)
  z = f32[4,3] broadcast(b), dimensions={1}
  f = f32[4,3] custom-call(x, y, z), custom_call_target="minixla$xla_cpu_fma"
  g = f32[4,3] custom-call(f), custom_call_target="opaque"
  ROOT t = f32[4,3] tanh(g)
}
`);
    const e = entryComputation(m);
    expect(e.instructions.map((i) => i.opcode)).toEqual(["parameter", "parameter", "parameter", "fusion", "custom-call", "fusion"]);
    expect(body(m, fusions(e)[0]!)).toEqual(["broadcast", "custom-call"]);
  });

  it("leaves computations called as scalar functions alone: map, sort comparators", () => {
    const text = `HloModule scalars

neg {
  a = f64[] parameter(0)
  ROOT n = f64[] negate(a)
}

less {
  a = f64[] parameter(0)
  b = f64[] parameter(1)
  ROOT lt = pred[] compare(a, b), direction=LT
}

ENTRY main {
  x = f64[5] parameter(0)
  m = f64[5] map(x), dimensions={0}, to_apply=neg
  ROOT s = f64[5] sort(m), dimensions={0}, to_apply=less
}
`;
    const m = parseHloModule(text);
    expect(fuse.run(m)).toBe(m);
  });

  it("leaves a computation alone when a reducer uses it too, even if the entry calls it", () => {
    const text = `HloModule shared_callee

add {
  a = f64[] parameter(0)
  b = f64[] parameter(1)
  ROOT s = f64[] add(a, b)
}

sum {
  a = f64[] parameter(0)
  b = f64[] parameter(1)
  ROOT c = f64[] call(a, b), to_apply=add
}

ENTRY main {
  x = f64[4] parameter(0)
  zero = f64[] constant(0)
  r = f64[] reduce(x, zero), dimensions={0}, to_apply=sum
  ROOT out = f64[] call(r, r), to_apply=add
}
`;
    const m = parseHloModule(text);
    const f = fuse.run(m);
    // The entry's lone reduce gets a fusion of its own; the computations the reducer reaches stay as they are.
    expect(getComputation(f, "add")).toBe(getComputation(m, "add"));
    expect(getComputation(f, "sum")).toBe(getComputation(m, "sum"));
  });

  it("names fused computations and parameters uniquely in the module", () => {
    const m = fused(`HloModule names

ENTRY main {
  param_0 = f64[3] parameter(0)
  fused_computation = f64[3] parameter(1)
  a = f64[3] add(param_0, fused_computation)
  d = f64[3,3] dot(a, a), lhs_contracting_dims={}, rhs_contracting_dims={}
  s = f64[3,3] sine(d)
  ROOT t = (f64[3], f64[3,3]) tuple(a, s)
}
`);
    expect(m.computations.map((c) => c.name)).toEqual(["fused_computation.1", "fused_computation.2", "main"]);
    expect(getComputation(m, "fused_computation.1").instructions.map((i) => i.name)).toEqual(["param_0.1", "param_1", "a.1"]);
  });

  it("is idempotent and returns the same module when there is nothing to fuse", () => {
    const m = parseHloModule(`HloModule nothing

ENTRY main {
  x = f64[3] parameter(0)
  c = f64[] constant(1)
  ROOT t = (f64[3], f64[]) tuple(x, c)
}
`);
    expect(fuse.run(m)).toBe(m);
  });
});
