#!/usr/bin/env node
// The minixla command in the workspace: registers tsx's loader so the
// TypeScript sources run as they are (no build step), then hands the
// arguments to src/main.ts. The published package's bin is dist/bin.js,
// built JavaScript (package.json publishConfig.bin).
import { register } from "tsx/esm/api";

register();
const { runFromProcess } = await import("../src/main.ts");
await runFromProcess();
