#!/usr/bin/env bash
# build.sh -- builds both trees (native, wasm) and assembles dist/.
#   build/native/silk-lab    the native CLI
#   build/flat/              the readable modules, flat: scripts/flatten.mjs copies web/<role>/
#                            into it; silk-embed.html is built from them (scripts/embed.mjs)
#   dist/silk.wasm silk-lite.wasm silk.mjs silk.d.ts index.html (from shell.html) silk-demo.mjs ... the hosted files: minified
#                            bundles by entry point (scripts/bundle.mjs) and the rest as it is
#   build/package/           the npm package silk-verlet, staged (scripts/package.mjs)
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # emcc's JS optimizer needs Debian's acorn

# The build's own JS tools (esbuild) come from npm: a fresh clone has no node_modules yet.
if [ ! -d node_modules/esbuild ]; then
  command -v npm >/dev/null || { echo "build: run scripts/setup.sh first (it installs node, npm and the toolchain)" >&2; exit 1; }
  echo "build: npm ci (first build of this clone)"
  npm ci --no-audit --no-fund --loglevel=error
fi

for tool in cmake gcc emcc node; do
  command -v "$tool" >/dev/null || { echo "build: $tool is missing: run scripts/setup.sh (installs everything, idempotent)" >&2; exit 1; }
done

[ -f build/native/CMakeCache.txt ] || cmake --preset native >/dev/null
cmake --build --preset native
[ -f build/wasm/CMakeCache.txt ] || cmake --preset wasm >/dev/null
cmake --build --preset wasm

rm -rf dist build/flat
mkdir -p build/flat
cp build/wasm/silk.wasm build/flat/
cp build/wasm/silk-lite.wasm build/flat/   # the compat-only module (silk.h silk_features; silk.upgrade)
node scripts/flatten.mjs web build/flat   # web/{lib,element,page,labs,reference}/ -> build/flat/
if [ -f scripts/embed.mjs ]; then node scripts/embed.mjs build/flat; fi
node scripts/package.mjs build/flat build/package   # the npm package silk-verlet, staged: readable
node scripts/bundle.mjs build/flat dist   # what is hosted: minified bundles by entry point
node scripts/sizes.mjs dist build/package     # download sizes: printed, and dist/sizes.json
echo "build: dist/ ready ($(stat -c %s dist/silk.wasm) bytes of wasm)"
