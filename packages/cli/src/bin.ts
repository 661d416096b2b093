#!/usr/bin/env node
/**
 * The installed `minixla` command (publishConfig.bin → dist/bin.js): plain
 * built JavaScript, no TypeScript loader. In the workspace, bin/minixla.js
 * runs the sources through tsx instead, so no build is needed there.
 */
import { runFromProcess } from "./main.ts";

await runFromProcess();
