import { binarySemantics } from "/work/wt/r-small/packages/interpreter/src/kernels/elementwise/table.ts";
for (const n of ["xla-cpu", "reference"] as const) { const s = binarySemantics("add", "f32", n)!; console.log(n, s.fn.toString(), "|", s.norm?.toString()); }
