#!/usr/bin/env bash
# bench.sh -- builds what is missing or stale (scripts/build.sh), then runs every benchmark in
# bench/ in turn; each prints its table and writes build/bench/<name>.json.
#   scripts/bench.sh                 all benchmarks: bench/solver.mjs first, then bench/*.mjs
#   scripts/bench.sh solver page     only these (names of files in bench/, without .mjs)
# A benchmark is any bench/*.mjs except lib.mjs (shared helpers); see bench/lib.mjs for the
# contract. Benchmarks print, they do not assert: the exit status is 1 only when one crashed.
# Shorter runs: BENCH_ROUNDS, BENCH_REPS, BENCH_WEB_FRAMES, BENCH_CLOTH_FRAMES, BENCH_SCENES
# (bench/solver.mjs).
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs

mkdir -p build/bench
if ! scripts/build.sh >build/bench/build.log 2>&1; then
  cat build/bench/build.log
  echo "bench: the build failed (log above)" >&2
  exit 1
fi
tail -1 build/bench/build.log

names=("$@")
if ((${#names[@]} == 0)); then
  names=(solver)
  for f in bench/*.mjs; do
    n=$(basename "$f" .mjs)
    [ "$n" = lib ] || [ "$n" = solver ] || names+=("$n")
  done
fi

crashed=()
for n in "${names[@]}"; do
  if [ ! -f "bench/$n.mjs" ]; then
    echo "bench: no bench/$n.mjs" >&2
    crashed+=("$n")
    continue
  fi
  echo
  node "bench/$n.mjs" || crashed+=("$n")
done

echo
if ((${#crashed[@]})); then
  echo "bench: ${#crashed[@]} benchmark(s) did not finish: ${crashed[*]}"
  exit 1
fi
echo "bench: ${#names[@]} benchmark(s) done; summaries in build/bench/*.json"
