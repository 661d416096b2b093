import { lowerBroadcasts, parseHloModule } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { moduleGraph, moduleToDot } from "./graphviz.ts";
import { changeMap, diffModules } from "./module_diff.ts";
import { GROUP_STYLES } from "./op_style.ts";

const matrixPlusVector = parseHloModule(`HloModule matrix_plus_vector
ENTRY matrix_plus_vector {
  x = f64[2,3] parameter(0)
  y = f64[3] parameter(1)
  ROOT add = f64[2,3] add(x, y), broadcast_dimensions={1}
}`);

/** The DOT line of the node named `key`. */
const nodeLine = (dot: string, key: string): string => dot.split("\n").find((l) => l.trimStart().startsWith(`"${key}" [`)) ?? "";
const edgeLines = (dot: string, to: string): string[] => dot.split("\n").filter((l) => l.includes(` -> "${to}"`));

describe("moduleToDot", () => {
  it("draws one node per instruction, labelled with name, opcode and shape, coloured by family", () => {
    const g = moduleGraph(matrixPlusVector);
    expect(g.nodes.map((n) => n.key)).toEqual(["matrix_plus_vector/x", "matrix_plus_vector/y", "matrix_plus_vector/add"]);
    const add = nodeLine(g.dot, "matrix_plus_vector/add");
    expect(add).toContain("<b>ROOT add</b>");
    expect(add).toContain("f64[2,3]");
    expect(add).toContain(`fillcolor="${GROUP_STYLES.elementwise.fill}"`);
    expect(nodeLine(g.dot, "matrix_plus_vector/x")).toContain(`fillcolor="${GROUP_STYLES.input.fill}"`);
  });

  it("marks an implicit broadcast: broadcast_dimensions in the label, a double border, a dashed edge from the broadcast operand", () => {
    const dot = moduleToDot(matrixPlusVector);
    const add = nodeLine(dot, "matrix_plus_vector/add");
    expect(add).toContain("broadcast_dimensions={1}");
    expect(add).toContain("peripheries=2");
    expect(add).toContain("hlo-implicit-broadcast");
    const [fromX, fromY] = edgeLines(dot, "matrix_plus_vector/add");
    expect(fromX).not.toContain("broadcast");
    expect(fromY).toContain('label="broadcast"');
    expect(fromY).toContain('style="dashed"');
  });

  it("after lowering: no implicit broadcast, the explicit broadcast shows its dimensions as data movement", () => {
    const lowered = lowerBroadcasts(matrixPlusVector);
    const g = moduleGraph(lowered);
    expect(g.nodes.filter((n) => n.implicitBroadcast)).toEqual([]);
    const b = nodeLine(g.dot, "matrix_plus_vector/broadcast");
    expect(b).toContain("dimensions={1}");
    expect(b).toContain(`fillcolor="${GROUP_STYLES.data_movement.fill}"`);
  });

  it("numbers operand edges where order matters, not for commutative ops", () => {
    const m = parseHloModule(`HloModule m
ENTRY e {
  a = f32[2] parameter(0)
  b = f32[2] parameter(1)
  s = f32[2] subtract(a, b)
  ROOT t = f32[2] add(s, b)
}`);
    const dot = moduleToDot(m);
    expect(edgeLines(dot, "e/s").map((l) => /label="(\d)"/.exec(l)?.[1])).toEqual(["0", "1"]);
    expect(edgeLines(dot, "e/t").every((l) => !l.includes("label="))).toBe(true);
  });

  it("shows the attributes that matter: reduce dimensions, dot dimension numbers, slice bounds", () => {
    const m = parseHloModule(`HloModule m
sum {
  p = f32[] parameter(0)
  q = f32[] parameter(1)
  ROOT r = f32[] add(p, q)
}
ENTRY e {
  a = f32[4,6] parameter(0)
  w = f32[6,3] parameter(1)
  d = f32[4,3] dot(a, w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  s = f32[2,2] slice(d), slice={[0:4:2], [1:3]}
  z = f32[] constant(0)
  ROOT red = f32[2] reduce(s, z), dimensions={1}, to_apply=sum
}`);
    const dot = moduleToDot(m);
    expect(nodeLine(dot, "e/d")).toContain("lhs_contracting_dims={1}");
    expect(nodeLine(dot, "e/d")).toContain("rhs_contracting_dims={0}");
    expect(nodeLine(dot, "e/s")).toContain("slice={[0:4:2], [1:3]}");
    expect(nodeLine(dot, "e/red")).toContain("dimensions={1}");
    expect(nodeLine(dot, "e/z")).toContain("constant 0");
    // The reducer is a cluster, linked to the reduce by a dashed to_apply edge out of it.
    expect(dot).toMatch(/subgraph cluster_1 \{\n {4}graph \[id="c:sum", class="hlo-computation", label="sum"/);
    expect(edgeLines(dot, "e/red").find((l) => l.includes("to_apply"))).toMatch(/^ {2}"sum\/r" -> "e\/red" \[.*ltail=cluster_1, style="dashed"/);
  });

  it("labels a while loop's condition and body", () => {
    const m = parseHloModule(`HloModule m
cond {
  p = s32[] parameter(0)
  ten = s32[] constant(10)
  ROOT lt = pred[] compare(p, ten), direction=LT
}
body {
  p = s32[] parameter(0)
  one = s32[] constant(1)
  ROOT next = s32[] add(p, one)
}
ENTRY e {
  i = s32[] parameter(0)
  ROOT w = s32[] while(i), condition=cond, body=body
}`);
    const dot = moduleToDot(m);
    const calls = edgeLines(dot, "e/w").filter((l) => l.includes("ltail"));
    expect(calls.map((l) => /label="(\w+)"/.exec(l)?.[1]).sort()).toEqual(["body", "condition"]);
  });

  it("highlights a diff's changes with a class and a border colour", () => {
    const lowered = lowerBroadcasts(matrixPlusVector);
    const d = diffModules(matrixPlusVector, lowered);
    const g = moduleGraph(lowered, { changes: changeMap(d, "after"), idPrefix: "p:" });
    expect(g.nodes.filter((n) => n.change !== undefined).map((n) => [n.name, n.change])).toEqual([["broadcast", "added"], ["add", "changed"]]);
    expect(nodeLine(g.dot, "matrix_plus_vector/broadcast")).toMatch(/id="p:n:matrix_plus_vector\/broadcast", class="hlo-node hlo-data_movement hlo-added"/);
  });

  it("--around draws only the neighbourhood and says what is not shown", () => {
    const lines = ["HloModule chain", "ENTRY e {", "  x0 = f32[] parameter(0)"];
    for (let i = 1; i <= 10; i++) lines.push(`  ${i === 10 ? "ROOT " : ""}x${i} = f32[] negate(x${i - 1})`);
    lines.push("}");
    const g = moduleGraph(parseHloModule(lines.join("\n")), { around: { name: "x5", depth: 2 } });
    expect(g.nodes.map((n) => n.name)).toEqual(["x3", "x4", "x5", "x6", "x7"]);
    expect(g.nodes.map((n) => [n.hiddenOperands, n.hiddenUsers])).toEqual([[1, 0], [0, 0], [0, 0], [0, 0], [0, 1]]);
    expect(nodeLine(g.dot, "e/x3")).toContain("+1 operand not shown");
    expect(() => moduleGraph(parseHloModule(lines.join("\n")), { around: { name: "nope", depth: 1 } })).toThrow(/no instruction named "nope"/);
  });
});
