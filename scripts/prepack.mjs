// The prepack script of every package (package.json "prepack"): builds the
// package being packed (tsc -b of its tsconfig.build.json, which builds the
// packages it references first), then refuses, with exit code 1, when the
// build left no dist/index.js, so `pnpm pack` never makes a tarball holding
// only LICENSE, package.json and README.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const pkg = process.cwd();
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const build = spawnSync(process.execPath, [tsc, "-b", join(pkg, "tsconfig.build.json")], { stdio: "inherit" });
if (build.status !== 0) {
  console.error(`prepack: the build of ${pkg} failed; nothing packed`);
  process.exit(1);
}
for (const want of ["dist/index.js", "dist/index.d.ts"]) {
  if (!existsSync(join(pkg, want))) {
    console.error(`prepack: ${want} is missing after the build of ${pkg}; nothing packed`);
    process.exit(1);
  }
}
