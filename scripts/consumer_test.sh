#!/usr/bin/env bash
# The packages as a user gets them (issue 12): a clean build, `pnpm pack` of
# each package (publishConfig swaps the workspace's src/*.ts entry points for
# dist/), the tarballs installed with npm into a fresh project outside the
# workspace, and there:
#   - a plain .mjs file holding the README's builder example prints its result;
#   - tsc --noEmit passes on a .ts user file under strict +
#     noUncheckedIndexedAccess with skipLibCheck off, reading only .d.ts files;
#   - `npx minixla run` prints the demo from built JavaScript (no tsx installed).
# Then prints each package's install size and the cold start of `minixla run`
# (built JS vs the workspace's `npx -y pnpm@10 exec minixla run`).
# Needs the npm registry (immer, zod, @types/node). Usage: bash scripts/consumer_test.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PNPM="npx -y pnpm@10"
PACKAGES=(hlo builder interpreter viz xla cli)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "consumer test: $*" >&2; exit 1; }

cd "$ROOT"
rm -rf packages/*/dist   # nothing stale may reach a tarball
$PNPM -s build
mkdir "$WORK/packs"
for p in "${PACKAGES[@]}"; do
  (cd "packages/$p" && $PNPM pack --pack-destination "$WORK/packs" >/dev/null)
  tgz="$WORK/packs/minixla-$p-$(node -p "require('./packages/$p/package.json').version").tgz"
  listing=$(tar tzf "$tgz")
  for want in package/LICENSE package/README.md package/package.json package/dist/index.js package/dist/index.d.ts; do
    grep -qx "$want" <<<"$listing" || fail "$p: $want missing from the tarball"
  done
  if grep -E '\.test\.|test_helpers|test_support|/testing\.|^package/src/|tsbuildinfo' <<<"$listing"; then
    fail "$p: the tarball holds sources, tests or test helpers (above)"
  fi
  manifest=$(tar xzf "$tgz" -O package/package.json)
  if grep -E '"workspace:|src/|\.ts"' <<<"$manifest" | grep -v '\.d\.ts"'; then fail "$p: package.json still points into the workspace (above)"; fi
done

node packages/cli/bin/minixla.js run >"$WORK/demo.expected"   # the same command from the sources, through tsx

APP="$WORK/app"   # outside the workspace: no pnpm-workspace.yaml or node_modules above it
mkdir "$APP"
cd "$APP"
echo '{ "name": "minixla-consumer", "private": true, "type": "module" }' >package.json
npm install --no-audit --no-fund --loglevel=error "$WORK"/packs/*.tgz @types/node@20 >/dev/null
[ -e node_modules/tsx ] && fail "tsx was installed: the packages must run without it"

# The README's builder example, verbatim, as plain JavaScript.
awk '/^## The builder in a dozen lines/{s=1} s&&/^```ts/{c=1;next} c&&/^```/{exit} c' "$ROOT/README.md" >readme_example.mjs
[ -s readme_example.mjs ] || fail "no builder example found in README.md"
node readme_example.mjs >readme_example.out
echo "--- README builder example (node readme_example.mjs), last line:"
tail -n 1 readme_example.out
[ "$(tail -n 1 readme_example.out | tr -d ' \n')" = "[[8,10,12],[11,13,15]]" ] || fail "the README example printed something else"
grep -q "^HloModule matrix_plus_vector" readme_example.out || fail "the README example printed no module"

# Test helpers are not part of the API.
node -e 'import("@minixla/hlo/test_support").then(() => process.exit(1), (e) => process.exit(e.code === "ERR_PACKAGE_PATH_NOT_EXPORTED" ? 0 : 1))' ||
  fail "@minixla/hlo/test_support is importable from the installed package"

# A TypeScript user under stricter flags than the library's own.
cat >tsconfig.json <<'EOF'
{
  "compilerOptions": {
    "target": "ES2022", "lib": ["ES2022"], "module": "NodeNext", "moduleResolution": "NodeNext",
    "strict": true, "noUncheckedIndexedAccess": true, "exactOptionalPropertyTypes": true,
    "skipLibCheck": false, "noEmit": true, "types": ["node"]
  },
  "files": ["app.ts"]
}
EOF
cat >app.ts <<'EOF'
import { XlaBuilder, type XlaOp } from "@minixla/builder";
import { main } from "@minixla/cli";
import { type ArrayLiteral, type HloModule, asArray, literal, lowerBroadcasts, printHloModule, shape, toNested } from "@minixla/hlo";
import { compile, evaluate } from "@minixla/interpreter";

const b = new XlaBuilder("matrix_plus_vector");
const x: XlaOp = b.parameter(0, shape("f64", [2, 3]), "x");
const v: XlaOp = b.parameter(1, shape("f64", [3]), "v");
b.add(x, v, [1]);
const m: HloModule = lowerBroadcasts(b.build());
const args = [literal("f64", [2, 3], [1, 2, 3, 4, 5, 6]), literal("f64", [3], [7, 8, 9])];
const out: ArrayLiteral = asArray(evaluate(m, args));
const again: ArrayLiteral = asArray(compile(m).execute(args));
const first: number | undefined = out.data[0] as number | undefined;
console.log(printHloModule(m), toNested(out), toNested(again), first);
const code: Promise<number> = main(["--version"]);
void code;
EOF
"$ROOT/node_modules/.bin/tsc" -p . --listFilesOnly >files.txt
if grep -E 'node_modules/@minixla/.*\.ts$' files.txt | grep -v '\.d\.ts$'; then fail "the user's tsc read library sources (above)"; fi
"$ROOT/node_modules/.bin/tsc" -p .
echo "--- tsc --noEmit (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, skipLibCheck false): ok, $(grep -c 'node_modules/@minixla/.*\.d\.ts$' files.txt) minixla .d.ts files read"

npx --no-install minixla run >demo.out
cmp -s demo.out "$WORK/demo.expected" || fail "npx minixla run printed other text than the workspace's minixla run"
echo "--- npx minixla run: $(wc -l <demo.out) lines, $(grep -c '^== ' demo.out) examples, the same bytes as from the sources; first lines:"
head -n 5 demo.out
echo "--- npx minixla --version: $(npx --no-install minixla --version)"
# A picture needs @minixla/viz and Graphviz's WebAssembly, installed from the registry like any dependency.
printf 'HloModule m\nENTRY e {\n  x = f32[2] parameter(0)\n  ROOT y = f32[2] add(x, x)\n}\n' >m.hlo
npx --no-install minixla graph m.hlo --format svg >m.svg
grep -q '<svg' m.svg || fail "npx minixla graph wrote no SVG"
echo "--- npx minixla graph m.hlo --format svg: $(grep -c 'class="node' m.svg) nodes laid out by Graphviz (WebAssembly)"

echo "--- install size (du -sk node_modules/...)"
for d in node_modules/@minixla/* node_modules/immer node_modules/zod node_modules/@hpcc-js/wasm-graphviz; do
  printf '  %-28s %6s KiB\n' "${d#node_modules/}" "$(du -sk "$d" | cut -f1)"
done

# Start-up: wall time of one `minixla run` (best of 3), built JS vs pnpm in the workspace.
best_ms() {
  local best=""
  for _ in 1 2 3; do
    local t0 t1
    t0=$(date +%s%N); "$@" >/dev/null 2>&1; t1=$(date +%s%N)
    local ms=$(((t1 - t0) / 1000000))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  echo "$best"
}
echo "--- start-up + run time of minixla run (wall clock, best of 3)"
echo "  installed, built JS (node_modules/.bin/minixla run): $(best_ms node_modules/.bin/minixla run) ms"
cd "$ROOT"
echo "  workspace, tsx (node packages/cli/bin/minixla.js run): $(best_ms node packages/cli/bin/minixla.js run) ms"
echo "  workspace, through pnpm (npx -y pnpm@10 exec minixla run): $(best_ms $PNPM exec minixla run) ms"
echo "consumer test: passed"
