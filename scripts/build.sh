#!/usr/bin/env bash
# build.sh -- builds both trees (native, wasm) and assembles dist/.
#   build/native/silk-lab    the native CLI
#   dist/silk.wasm silk.mjs silk.d.ts index.html (from shell.html) (+ the page's modules, silk-demo.mjs), flat:
#                            scripts/flatten.mjs copies web/<role>/ into it
#   build/package/           the npm package silk-verlet, staged (scripts/package.mjs)
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # emcc's JS optimizer needs Debian's acorn

[ -f build/native/CMakeCache.txt ] || cmake --preset native >/dev/null
cmake --build --preset native
[ -f build/wasm/CMakeCache.txt ] || cmake --preset wasm >/dev/null
cmake --build --preset wasm

rm -rf dist
mkdir -p dist
cp build/wasm/silk.wasm dist/
node scripts/flatten.mjs web dist   # web/{lib,element,page,labs,reference}/ -> dist/, flat
if [ -f scripts/embed.mjs ]; then node scripts/embed.mjs dist; fi
node scripts/package.mjs dist build/package   # the npm package silk-verlet, staged
node scripts/sizes.mjs dist build/package     # download sizes: printed, and dist/sizes.json
echo "build: dist/ ready ($(stat -c %s dist/silk.wasm) bytes of wasm)"
