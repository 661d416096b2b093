/**
 * No text of a module reaches the WebAssembly the compiled engine
 * generates: modules whose names, metadata and frontend attributes carry
 * marker strings compile to modules whose bytes hold none of them, with only
 * the type, function, memory, export and code sections (no custom or name
 * section), and exports named by the emitter alone.
 */
import { XLA_CPU_FMA_TARGET, getComputation } from "@minixla/hlo";
import { describe, expect, it } from "vitest";
import { planFusedComputation } from "../kernel_plan.ts";
import { fusionModule } from "../test_support.ts";
import { emitMatmul } from "./emit_matmul.ts";
import { emitPlan } from "./emit_plan.ts";

const MARK = "zqmark";

/** A fused computation whose every name and annotation holds the marker. */
const TEXT = `%fused_computation (${MARK}_p0: f64[3,7], ${MARK}_p1: f32[7]) -> f64[3,7] {
  %${MARK}_p0 = f64[3,7] parameter(0), metadata={op_type="${MARK}_type" op_name="${MARK}_name" source_file="${MARK}.py" source_line=3}
  %${MARK}_p1 = f32[7] parameter(1), frontend_attributes={${MARK}_key="${MARK}_value"}
  %${MARK}_c = f64[7] convert(%${MARK}_p1)
  %${MARK}_b = f64[3,7] broadcast(%${MARK}_c), dimensions={1}, metadata={op_name="${MARK}_bcast"}
  %${MARK}_m = f64[3,7] maximum(%${MARK}_p0, %${MARK}_b)
  ROOT %${MARK}_root = f64[3,7] sqrt(%${MARK}_m), metadata={op_name="${MARK}_root"}
}`;

/** Section ids of a module, in order (after the 8-byte header). */
function sectionIds(bytes: Uint8Array): number[] {
  const ids: number[] = [];
  let at = 8;
  while (at < bytes.length) {
    ids.push(bytes[at++]);
    let size = 0;
    let scale = 1;
    for (;;) {
      const b = bytes[at++];
      size += (b & 0x7f) * scale;
      scale *= 128;
      if (b < 0x80) break;
    }
    at += size;
  }
  return ids;
}

/** The import (module.field) and export names of a module, read from its sections 2 and 7. */
function importAndExportNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  let at = 8;
  const leb = (): number => {
    let v = 0;
    let scale = 1;
    for (;;) {
      const b = bytes[at++];
      v += (b & 0x7f) * scale;
      scale *= 128;
      if (b < 0x80) return v;
    }
  };
  const name = (): string => {
    const n = leb();
    const text = String.fromCharCode(...bytes.subarray(at, at + n));
    at += n;
    return text;
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = leb();
    const end = at + size;
    if (id === 2 || id === 7) {
      const count = leb();
      for (let k = 0; k < count; k++) {
        if (id === 2) {
          names.push(`${name()}.${name()}`);
          at++; // kind (function)
          leb(); // type index
        } else {
          names.push(name());
          at++; // kind
          leb(); // index
        }
      }
    }
    at = end;
  }
  return names.sort();
}

/** XLA CPU's element functions and compares (emit_xla_cpu_math.ts), every name and annotation holding the marker. */
const MATH_TEXT = `%fused_computation (${MARK}_p0: f32[5], ${MARK}_p1: f64[5]) -> f64[5] {
  %${MARK}_p0 = f32[5] parameter(0), metadata={op_name="${MARK}_name"}
  %${MARK}_p1 = f64[5] parameter(1), frontend_attributes={${MARK}_key="${MARK}_value"}
  %${MARK}_t = f32[5] tanh(%${MARK}_p0), metadata={op_type="${MARK}_type"}
  %${MARK}_c = f64[5] convert(%${MARK}_t)
  %${MARK}_e = f64[5] exponential(%${MARK}_p1)
  %${MARK}_l = f64[5] log-plus-one(%${MARK}_e)
  %${MARK}_f = f64[5] custom-call(%${MARK}_c, %${MARK}_l, %${MARK}_p1), custom_call_target="${XLA_CPU_FMA_TARGET}"
  %${MARK}_k = pred[5] compare(%${MARK}_f, %${MARK}_p1), direction=GT
  ROOT %${MARK}_root = f64[5] select(%${MARK}_k, %${MARK}_f, %${MARK}_l), metadata={source_file="${MARK}.py"}
}`;

describe("generated WebAssembly", () => {
  it("XLA CPU's element-function lanes hold no text of the module, and import only the host's fma64 and log1p", () => {
    const m = fusionModule(MATH_TEXT);
    const plan = planFusedComputation(getComputation(m, "fused_computation"), m, [], "xla-cpu");
    const emitted = plan && emitPlan(plan, "xla-cpu");
    expect(emitted, "the emitter takes this plan").toBeDefined();
    const text = String.fromCharCode(...emitted!.bytes);
    expect(text.toLowerCase()).not.toContain(MARK);
    expect(text).not.toContain("fused");
    expect(sectionIds(emitted!.bytes)).toEqual([1, 2, 3, 5, 7, 10]);
    expect(importAndExportNames(emitted!.bytes)).toEqual(["host.fma64", "host.log1p", "memory", "run"]);
    expect(Object.keys(emitted!.host ?? {}).sort()).toEqual(["fma64", "log1p"]);
  });

  it("holds no text of the module", () => {
    const m = fusionModule(TEXT);
    for (const numerics of ["reference", "xla-cpu"] as const) {
      const plan = planFusedComputation(getComputation(m, "fused_computation"), m, [], numerics);
      expect(plan).toBeDefined();
      const emitted = plan && emitPlan(plan, numerics);
      if (numerics === "reference") expect(emitted, "the emitter takes this plan").toBeDefined();
      if (emitted === undefined) continue;
      const text = String.fromCharCode(...emitted.bytes);
      expect(text.toLowerCase()).not.toContain(MARK);
      expect(text).not.toContain("fused");
      expect(sectionIds(emitted.bytes)).toEqual([1, 3, 5, 7, 10]);
      // The only words after the header ("\0asm", version): the two export names.
      const printable = text.slice(8).match(/[a-z_]{3,}/gi) ?? [];
      expect([...new Set(printable)].sort()).toEqual(["memory", "run"]);
    }
  });

  it("loop modules with XLA CPU's f64 fused multiply-add carry only numbers, their export names and one host import", () => {
    const m = fusionModule(`%fused_computation (${MARK}_x: f64[9], ${MARK}_y: f64[9], ${MARK}_z: f64[9]) -> f64[9] {
  %${MARK}_x = f64[9] parameter(0), metadata={op_name="${MARK}_name"}
  %${MARK}_y = f64[9] parameter(1)
  %${MARK}_z = f64[9] parameter(2)
  ROOT %${MARK}_f = f64[9] custom-call(%${MARK}_x, %${MARK}_y, %${MARK}_z), custom_call_target="${XLA_CPU_FMA_TARGET}", metadata={op_name="${MARK}_fma"}
}`);
    const plan = planFusedComputation(getComputation(m, "fused_computation"), m, [], "xla-cpu");
    const emitted = plan && emitPlan(plan, "xla-cpu");
    expect(emitted?.hostFma64).toBe(true);
    const text = String.fromCharCode(...emitted!.bytes);
    expect(text.toLowerCase()).not.toContain(MARK);
    expect(sectionIds(emitted!.bytes)).toEqual([1, 2, 3, 5, 7, 10]);
    const printable = text.slice(8).match(/[a-z]{3,}[0-9]*/g) ?? [];
    expect([...new Set(printable)].sort()).toEqual(["fma64", "host", "memory", "run"]);
  });

  it("matmul modules carry only numbers, their export names and, for the f64 fused dot, one host import", () => {
    for (const arithmetic of ["f64", "f32", "fma32", "fma64"] as const) {
      const emitted = emitMatmul({ batches: 2, m: 5, k: 7, n: 3 }, arithmetic);
      expect(emitted).toBeDefined();
      const text = String.fromCharCode(...emitted!.bytes);
      const withHost = arithmetic === "fma64";
      expect(sectionIds(emitted!.bytes)).toEqual(withHost ? [1, 2, 3, 5, 7, 10] : [1, 3, 5, 7, 10]);
      const printable = text.slice(8).match(/[a-z]{3,}[0-9]*/g) ?? [];
      const fused = arithmetic === "fma32" || arithmetic === "fma64";
      const names = [...(withHost ? ["fma64", "host"] : []), "memory", ...(fused ? ["prepare"] : []), "run"];
      expect([...new Set(printable)].sort()).toEqual(names);
    }
  });
});
