/**
 * A process that starts the engine's worker threads, runs a split loop nest
 * and then has nothing left to do: threads.test.ts checks that it exits on
 * its own (the workers are unref'd) and prints the agreement it found.
 */
import { type ArrayLiteral, firstBitDifference, literal, parseHloModule } from "@minixla/hlo";
import { compile } from "../compile.ts";
import { evaluate } from "../../evaluate.ts";
import { startThreads, threadedJobCount } from "./worker_pool.ts";

const m = parseHloModule(`HloModule exit_check
ENTRY %main (x: f64[512,512], y: f64[512,512]) -> f64[512,512] {
  %x = f64[512,512] parameter(0)
  %y = f64[512,512] parameter(1)
  %p = f64[512,512] multiply(%x, %y)
  ROOT %t = f64[512,512] tanh(%p)
}
`);
const n = 512 * 512;
const args = [0, 1].map((s) => literal("f64", [512, 512], Float64Array.from({ length: n }, (_, i) => Math.sin(i * 0.37 + s))));
startThreads(1);
const got = compile(m, { threads: 2 }).execute(args) as ArrayLiteral;
const same = firstBitDifference(got, evaluate(m, args) as ArrayLiteral) === undefined;
console.log(`split jobs ${String(threadedJobCount())} same bits ${String(same)}`);
