/**
 * Structural rules of the verifier: names, ordering, roots, parameters, the
 * call graph and operand counts. Each rule checks one concern; typing_rules.ts
 * holds the rules about shapes and attributes.
 */
import { checkOperandCount } from "../infer/rule.ts";
import type { HloInstruction } from "../instruction.ts";
import { computationMap } from "../module.ts";
import { type CallsKind, OPCODES } from "../opcode.ts";
import { calleeNames, findCallCycle } from "./call_graph.ts";
import { type VerifyRule, at } from "./rule.ts";

/** The operand-count problem of an instruction, if any (shared with the typing rules, which skip such instructions). */
export function arityProblem(inst: HloInstruction): string | undefined {
  try {
    checkOperandCount(inst.opcode, inst.operands.length);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** The `called` count problem of an instruction, if any, read by its opcode's CallsKind. */
export function calledCountProblem(inst: HloInstruction): string | undefined {
  const kind: CallsKind = OPCODES[inst.opcode].calls;
  const n = inst.called.length;
  const expect = (ok: boolean, want: string) =>
    ok ? undefined : `${inst.opcode} must call ${want} computation${want === "1" ? "" : "s"} (${kind}), but calls ${n}`;
  switch (kind) {
    case "none":
      return expect(n === 0, "0");
    case "to_apply":
    case "fused":
      return expect(n === 1, "1");
    case "while":
      return expect(n === 2, "2");
    case "select_scatter":
      return expect(n === 2, "2");
    case "branches":
      return expect(n >= 1, "at least 1");
    case "async":
      return expect(n <= 1, "at most 1");
    default:
      return kind satisfies never;
  }
}

export const entryExists: VerifyRule = {
  name: "entry-exists",
  description: "the module's entry names one of its computations",
  check: (m) => (computationMap(m).has(m.entry) ? [] : [`module ${m.name}: entry computation ${m.entry} does not exist`]),
};

export const uniqueNames: VerifyRule = {
  name: "unique-names",
  description: "computation names are unique, and instruction names are unique in the whole module",
  check(m) {
    const problems: string[] = [];
    const computations = new Set<string>();
    const instructions = new Map<string, string>();
    for (const c of m.computations) {
      if (computations.has(c.name)) problems.push(`computation ${c.name}: computation name is not unique in the module`);
      computations.add(c.name);
      for (const inst of c.instructions) {
        const other = instructions.get(inst.name);
        if (other !== undefined) problems.push(at(c, inst, `instruction name is not unique in the module (also used in computation ${other})`));
        else instructions.set(inst.name, c.name);
      }
    }
    return problems;
  },
};

export const definedBeforeUse: VerifyRule = {
  name: "defined-before-use",
  description: "every operand names an instruction defined earlier in the same computation",
  check(m) {
    const problems: string[] = [];
    for (const c of m.computations) {
      const all = new Set(c.instructions.map((i) => i.name));
      const defined = new Set<string>();
      for (const inst of c.instructions) {
        for (const o of inst.operands) {
          if (defined.has(o)) continue;
          problems.push(
            at(c, inst, all.has(o) ? `operand ${o} is used before it is defined` : `operand ${o} does not exist in this computation`),
          );
        }
        defined.add(inst.name);
      }
    }
    return problems;
  },
};

export const rootExists: VerifyRule = {
  name: "root-exists",
  description: "each computation has exactly one ROOT, naming one of its instructions",
  check: (m) =>
    m.computations.flatMap((c) =>
      c.instructions.some((i) => i.name === c.root) ? [] : [at(c, undefined, `root ${c.root} is not an instruction of the computation`)],
    ),
};

export const parameterNumbering: VerifyRule = {
  name: "parameter-numbering",
  description: "a computation's parameters are numbered 0..n-1, each number used once",
  check(m) {
    const problems: string[] = [];
    for (const c of m.computations) {
      const byNumber = new Map<number, HloInstruction>();
      for (const inst of c.instructions) {
        if (inst.opcode !== "parameter") continue;
        const k = inst.attributes.parameterNumber;
        const first = byNumber.get(k);
        if (first) problems.push(at(c, inst, `parameter number ${k} is already used by ${first.name}`));
        else byNumber.set(k, inst);
      }
      const n = byNumber.size;
      for (const [k, inst] of byNumber) {
        if (!Number.isInteger(k) || k < 0 || k >= n) {
          problems.push(at(c, inst, `parameter number ${k} is out of range: the computation has ${n} parameter${n === 1 ? "" : "s"}, numbered 0..${n - 1}`));
        }
      }
    }
    return problems;
  },
};

export const operandCount: VerifyRule = {
  name: "operand-count",
  description: "each instruction has as many operands as its opcode's arity allows",
  check: (m) =>
    m.computations.flatMap((c) =>
      c.instructions.flatMap((inst) => {
        const p = arityProblem(inst);
        return p === undefined ? [] : [at(c, inst, p)];
      }),
    ),
};

export const calledComputations: VerifyRule = {
  name: "called-computations",
  description: "each instruction calls as many computations as its opcode's CallsKind says, and they exist",
  check(m) {
    const byName = computationMap(m);
    const problems: string[] = [];
    for (const c of m.computations) {
      for (const inst of c.instructions) {
        const count = calledCountProblem(inst);
        if (count !== undefined) problems.push(at(c, inst, count));
        for (const n of inst.called) if (!byName.has(n)) problems.push(at(c, inst, `called computation ${n} does not exist`));
      }
    }
    return problems;
  },
};

export const noRecursion: VerifyRule = {
  name: "no-recursion",
  description: "the call graph is acyclic",
  check(m) {
    const cycle = findCallCycle(m);
    return cycle === undefined ? [] : [`computation ${cycle[0]}: calls itself through ${cycle.join(" -> ")}`];
  },
};

export const calleesFirst: VerifyRule = {
  name: "callees-first",
  description: "computations are listed callees first, so every callee precedes its callers",
  check(m) {
    const position = new Map(m.computations.map((c, i) => [c.name, i]));
    const problems: string[] = [];
    m.computations.forEach((c, i) => {
      for (const n of calleeNames(c)) {
        const p = position.get(n);
        if (p !== undefined && p > i) problems.push(at(c, undefined, `calls computation ${n}, which is listed after it (computations are listed callees first)`));
      }
    });
    return problems;
  },
};

export const STRUCTURAL_RULES: readonly VerifyRule[] = [
  entryExists,
  uniqueNames,
  definedBeforeUse,
  rootExists,
  parameterNumbering,
  operandCount,
  calledComputations,
  noRecursion,
  calleesFirst,
];
