#!/usr/bin/env node
// The minixla command in the workspace. `--version` is answered from
// package.json alone. When every package's built JavaScript (dist/, from
// `pnpm build`) is newer than its sources, it runs that, with @minixla/*
// linked to the dist/ folders (the workspace's package.json files point at
// src/*.ts); otherwise it registers tsx's loader so the TypeScript sources
// run as they are (no build step). The published package's bin is
// dist/bin.js, built JavaScript (package.json publishConfig.bin).
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const CLI = join(dirname(fileURLToPath(import.meta.url)), "..");
const first = process.argv[2];
if (first === "--version" || first === "-V") {
  process.stdout.write(`minixla ${JSON.parse(readFileSync(join(CLI, "package.json"), "utf8")).version}\n`);
  process.exit(0);
}

const PACKAGES = ["hlo", "builder", "interpreter", "viz", "xla", "cli"];
const packagesDir = join(CLI, "..");

/** The newest modification time under a folder (iteratively). */
function newest(dir) {
  let t = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop();
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else t = Math.max(t, statSync(p).mtimeMs);
    }
  }
  return t;
}

function builtIsFresh() {
  if (process.env.MINIXLA_FROM_SOURCE === "1") return false;
  return PACKAGES.every((p) => {
    const info = join(packagesDir, p, "dist", ".tsbuildinfo");
    return existsSync(info) && statSync(info).mtimeMs >= newest(join(packagesDir, p, "src"));
  });
}

/**
 * Links dist/node_modules/@minixla/NAME to NAME/dist in every package: Node
 * resolves a bare specifier from the importing file's folder up, so built
 * code finds the built packages before the workspace's links to src/ (a
 * resolve hook would do the same at a cost on every import).
 */
function linkBuiltPackages() {
  for (const p of PACKAGES) {
    const scope = join(packagesDir, p, "dist", "node_modules", "@minixla");
    for (const q of PACKAGES) {
      const link = join(scope, q);
      if (q === p || existsSync(link)) continue;
      mkdirSync(scope, { recursive: true });
      try {
        symlinkSync(join("..", "..", "..", "..", q, "dist"), link, "dir");
      } catch (e) {
        if (e.code !== "EEXIST") throw e;
      }
    }
  }
}

if (builtIsFresh()) {
  linkBuiltPackages();
  const { runFromProcess } = await import(pathToFileURL(join(CLI, "dist", "main.js")).href);
  await runFromProcess();
} else {
  const { register: registerTsx } = await import("tsx/esm/api");
  registerTsx();
  const { runFromProcess } = await import("../src/main.ts");
  await runFromProcess();
}
