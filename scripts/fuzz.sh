#!/usr/bin/env bash
# fuzz.sh -- runs Silk's fuzz harnesses (tests/fuzz) for as long as asked.
#   scripts/fuzz.sh [SECONDS] [HARNESS...]     default 600 s, harnesses api and bytes
# Each harness gets SECONDS / (number of harnesses). With clang it builds libFuzzer binaries
# (clang -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all) into build/fuzz and runs
# them with a corpus in build/fuzz/corpus-NAME (kept between runs); without clang it runs the
# standalone seeded driver from the ASan + UBSan tree (build/sanitize, preset native-sanitize),
# with a seed that changes per run (FUZZ_SEED to fix it). FUZZ_JOBS=N (standalone) runs N
# drivers of each harness side by side, seeds SEED .. SEED+N-1, one per core, and prints their
# sum. ctest runs the same harnesses for 15 s each (tests/fuzz/CMakeLists.txt). Prints
# executions, seconds and findings per harness; exits 1 on a finding (the crashing input is
# saved: build/fuzz/crash-* or fuzz-finding-*.bin).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
harnesses=("$@")
((${#harnesses[@]})) || harnesses=(api bytes)
per=$((seconds / ${#harnesses[@]}))
((per > 0)) || per=1
mode=${FUZZ_MODE:-auto}
if [ "$mode" = auto ]; then
  if command -v clang >/dev/null; then mode=libfuzzer; else mode=standalone; fi
fi
found=0

if [ "$mode" = libfuzzer ]; then
  mkdir -p build/fuzz
  src=(engine/src/*.c engine/extras/*.c)
  flags=(-std=c17 -O1 -g -ffp-contract=off -fno-math-errno -Iengine/include -Itests/fuzz
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  for h in "${harnesses[@]}"; do
    exe=build/fuzz/silk-libfuzzer-$h
    if [ ! -x "$exe" ] || [ -n "$(find engine tests/fuzz -newer "$exe" -name '*.[ch]' | head -1)" ]; then
      echo "fuzz: building $exe (clang, libFuzzer + ASan + UBSan)"
      clang "${flags[@]}" -DSILK_FUZZ_HARNESS="fuzz_${h}_one" tests/fuzz/fuzz_libfuzzer.c \
        tests/fuzz/fuzz_api.c tests/fuzz/fuzz_bytes.c "${src[@]}" -lm -o "$exe" || exit 1
    fi
    mkdir -p "build/fuzz/corpus-$h"
    log=build/fuzz/$h.log
    echo "fuzz: $h for $per s (libFuzzer)"
    (cd build/fuzz && "./silk-libfuzzer-$h" -max_total_time="$per" -max_len=1024 -print_final_stats=1 \
      -artifact_prefix="crash-$h-" "corpus-$h") >"$log" 2>&1
    rc=$?
    runs=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}')
    cov=$(grep -E "^#[0-9]+.*(DONE|pulse|NEW)" "$log" | tail -1 | grep -oE "cov: [0-9]+ ft: [0-9]+ corp: [0-9]+")
    echo "fuzz: $h: ${runs:-?} executions in $per s ($cov), exit $rc (log: $log)"
    if [ $rc -ne 0 ]; then
      found=1
      grep -E "FUZZ FINDING|ERROR: |runtime error" "$log" | head -5
    fi
  done
else
  [ -f build/sanitize/CMakeCache.txt ] || cmake --preset native-sanitize >/dev/null || exit 1
  cmake --build --preset native-sanitize --target silk-fuzz >/dev/null || exit 1
  seed=${FUZZ_SEED:-$(date +%s)}
  jobs=${FUZZ_JOBS:-1}
  [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: FUZZ_JOBS must be a positive integer" >&2; exit 2; }
  mkdir -p build/fuzz
  for h in "${harnesses[@]}"; do
    echo "fuzz: $h for $per s (standalone, ASan + UBSan, seed $seed, $jobs job(s))"
    pids=() logs=()
    for ((j = 0; j < jobs; j++)); do
      logs+=("build/fuzz/standalone-$h-$j.log")
      build/sanitize/tests/fuzz/silk-fuzz "$h" --seconds "$per" --seed "$((seed + j))" >"${logs[$j]}" 2>&1 &
      pids+=($!)
    done
    for ((j = 0; j < jobs; j++)); do
      wait "${pids[$j]}" || found=1
      cat "${logs[$j]}"
    done
    if ((jobs > 1)); then
      # "silk-fuzz H: N executions in S s (R/s), C API calls checked, ..." per job
      awk -v h="$h" -v jobs="$jobs" '
        /executions in/ { n += $3; s += $6; for (i = 1; i <= NF; i++) if ($i == "API") c += $(i - 1) }
        END { printf "fuzz: %s: %d executions in %d jobs x %.1f s, %d API calls checked\n", h, n, jobs, s / jobs, c }' "${logs[@]}"
    fi
  done
fi
[ $found -eq 0 ] && echo "fuzz: 0 findings" || { echo "fuzz: FINDINGS (see above)"; exit 1; }
