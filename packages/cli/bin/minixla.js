#!/usr/bin/env node
// The minixla command: registers tsx's loader so the TypeScript sources run
// as they are, then hands the arguments to src/main.ts.
import { register } from "tsx/esm/api";

register();
const { runFromProcess } = await import("../src/main.ts");
await runFromProcess();
