#!/usr/bin/env bash
# test.sh -- sets up, builds, and runs every suite:
#   1. ctest, native tree          C tests + every seed table (silk-lab verify --only ID)
#   2. ctest, wasm tree            the same C tests and tables compiled to wasm (node), plus the
#                                  JS binding's node --test suites against build/wasm/silk.wasm
#   3. ctest, ASan + UBSan         the native C tests under sanitizers
#   4. browser                     node --test tests/browser (headless Debian chromium)
#   4b. engines                    node --test tests/engines: the page, embeds, element, fallbacks,
#                                  drag, touch, contrast, start time and state hashes in Chromium
#                                  (playwright-core), Firefox ESR (puppeteer-core, WebDriver BiDi) and
#                                  WebKitGTK (WebKitWebDriver + MiniBrowser under Xvfb), plus Node
#   5. package                     node --test tests/package: npm pack the silk-verlet package,
#                                  install it into fresh Vite 6/7/8 (dev + build), esbuild
#                                  (iife + esm) and import-map apps (their tools come from the npm
#                                  registry into a temp dir), run them; tsc --strict on its types
#   and one check first: web/lib/silk-boundary.mjs is what scripts/gen-boundary.mjs makes of silk.h
# Ends with one line "N passed, N failed" (tests across all suites); exits 1 if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs

scripts/setup.sh || exit 1
scripts/build.sh || { echo "0 passed, 1 failed"; exit 1; }

passed=0
failed=0
log=$(mktemp)

count_ctest() { # parses "NN% tests passed, F tests failed out of T"
  local line total bad
  line=$(grep -E "tests passed, [0-9]+ tests? failed out of [0-9]+" "$log" | tail -1)
  if [ -z "$line" ]; then failed=$((failed + 1)); return; fi
  bad=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$line")
  total=$(sed -E 's/.* failed out of ([0-9]+).*/\1/' <<<"$line")
  passed=$((passed + total - bad)); failed=$((failed + bad))
}

count_node() { # parses node --test's "# pass N" / "# fail N"
  local p f
  p=$(grep -E "^# pass [0-9]+" "$log" | tail -1 | awk '{print $3}')
  f=$(grep -E "^# fail [0-9]+" "$log" | tail -1 | awk '{print $3}')
  if [ -z "$p" ]; then failed=$((failed + 1)); return; fi
  passed=$((passed + p)); failed=$((failed + ${f:-0}))
}

# What a run prints: each failure with its reason (node's YAML block under "not ok", at most
# 60 lines; a to-do's block is left out), each check the engines suite ran again because the
# browser crashed under it (tests/engines/suite.mjs), and the suite's totals, so that a CI log
# says why.
summarize() {
  awk '
    /^not ok/ { print; block = ($0 !~ /# TODO/); lines = 0; next }
    /crashed during this check/ { print; next }
    block && /^  / { if (lines++ < 60) print; next }
    { block = 0 }
    /^#? ?[0-9]+\/[0-9]+ Test .*(Failed|\*\*\*)|tests passed|^# (pass|fail)/ { print }
  '
}

run() { # run NAME COUNTER COMMAND...
  local name=$1 counter=$2; shift 2
  echo "== $name"
  "$@" 2>&1 | tee "$log" | summarize || true
  $counter
}

echo "== generated boundary (scripts/gen-boundary.mjs --check)"
if node scripts/gen-boundary.mjs --check; then passed=$((passed + 1)); else failed=$((failed + 1)); fi

run "ctest native" count_ctest ctest --preset native
run "ctest wasm (C in node + JS binding)" count_ctest ctest --preset wasm
if [ -z "${SILK_SKIP_SANITIZE:-}" ]; then
  [ -f build/sanitize/CMakeCache.txt ] || cmake --preset native-sanitize >/dev/null
  cmake --build --preset native-sanitize >/dev/null
  run "ctest native ASan+UBSan" count_ctest ctest --preset native-sanitize
fi
if compgen -G "tests/browser/*.test.mjs" >/dev/null; then
  run "browser (headless chromium)" count_node node --test --test-concurrency=1 tests/browser/
fi
if compgen -G "tests/engines/*.test.mjs" >/dev/null; then
  run "engines (chromium, firefox-esr, webkitgtk; node)" count_node node --test --test-concurrency=1 tests/engines/
fi
if compgen -G "tests/package/*.test.mjs" >/dev/null; then
  run "package (npm pack; Vite 6/7/8 dev+build, esbuild, import-map apps in chromium; tsc)" count_node node --test --test-concurrency=1 tests/package/
fi
rm -f "$log"

echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
