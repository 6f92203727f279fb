#!/usr/bin/env bash
# wasm-flags.sh -- builds silk.wasm with other emcc / wasm-opt flags and times them against the
# build's own (bench/tools/compare-wasm.mjs: same scenes as bench/solver.mjs, interleaved, final
# states compared). How the flags in engine/wasm/CMakeLists.txt were chosen; see docs/performance.md
# "wasm size and build flags". Not part of scripts/bench.sh (a few minutes of emcc). Needs scripts/build.sh first.
#   bench/tools/wasm-flags.sh            all variants below
# Variants go to build/bench/wasm-flags/.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NODE_PATH=/usr/share/nodejs
out=build/bench/wasm-flags
rm -rf "$out"
mkdir -p "$out"
linked=build/wasm/engine/wasm/silk_linked.wasm
[ -f "$linked" ] || { echo "wasm-flags: run scripts/build.sh first" >&2; exit 1; }

# wasm-opt on the module emcc linked (emcc -O3 already ran binaryen once); --enable-simd because
# the build's robust_batch.c uses simd128 (the variants below compile it without: its scalar path)
strip=(--enable-simd --strip-debug --strip-producers)
wasm-opt "${strip[@]}" "$linked" -o "$out/emcc-only.wasm"
wasm-opt -O3 "${strip[@]}" "$linked" -o "$out/wasm-opt-O3.wasm"
wasm-opt -O4 "${strip[@]}" "$linked" -o "$out/wasm-opt-O4.wasm"
wasm-opt -O3 --converge "${strip[@]}" "$linked" -o "$out/wasm-opt-O3-converge.wasm"
wasm-opt -O4 --converge "${strip[@]}" "$linked" -o "$out/wasm-opt-O4-converge.wasm"
wasm-opt -Oz "${strip[@]}" "$linked" -o "$out/wasm-opt-Oz.wasm"

# other compile flags: every engine source, exports.c and exports_generated.c, linked as engine/wasm/CMakeLists.txt does
variant() { # NAME "COMPILE FLAGS" "LINK -O" [wasm-opt feature flag]
  local name=$1 cflags=$2 lopt=$3 feature=${4:-}
  local d="$out/obj-$name"
  mkdir -p "$d"
  local objs=()
  for s in engine/src/*.c engine/extras/*.c engine/wasm/exports.c engine/wasm/exports_generated.c; do
    local o="$d/$(basename "$s" .c).o"
    # shellcheck disable=SC2086
    emcc $cflags -DNDEBUG -Wall -Wextra -Werror -ffp-contract=off -fno-math-errno -std=c17 \
      -Iengine/include -c "$s" -o "$o"
    objs+=("$o")
  done
  # shellcheck disable=SC2086
  emcc $cflags $lopt --no-entry -sSTANDALONE_WASM=1 -sFILESYSTEM=0 -sMALLOC=emmalloc \
    -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=4MB -sMAXIMUM_MEMORY=512MB -sTOTAL_STACK=512KB \
    --js-library=engine/wasm/host_math.js "${objs[@]}" -o "$d/linked.wasm"
  # shellcheck disable=SC2086
  wasm-opt -O3 $feature "${strip[@]}" "$d/linked.wasm" -o "$out/$name.wasm"
}
variant emcc-O2 "-O2 -flto" "-O2"
variant emcc-O3-no-lto "-O3" "-O3"
variant emcc-O3-simd128 "-O3 -flto -msimd128" "-O3" --enable-simd

args=("build=build/wasm/silk.wasm")
for f in "$out"/*.wasm; do args+=("$(basename "$f" .wasm)=$f"); done
node bench/tools/compare-wasm.mjs "${args[@]}"
