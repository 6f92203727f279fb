#!/usr/bin/env bash
# setup.sh -- installs what Silk needs on a fresh Debian machine, and nothing when it is there.
#   apt: cmake gcc emscripten binaryen wabt chromium (+ fonts for screenshots), and for the
#        cross-engine suite (tests/engines): firefox-esr, webkit2gtk-driver (WebKitWebDriver; its
#        libwebkit2gtk-4.1-0 holds MiniBrowser) and xvfb (MiniBrowser has no headless mode)
#   npm: the dev tools in package.json (playwright-core, puppeteer-core, selenium-webdriver, peers
#        for the benchmarks); no browser is ever downloaded (PUPPETEER_SKIP_DOWNLOAD)
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
for pkg in cmake gcc make emscripten binaryen wabt chromium fonts-dejavu-core firefox-esr webkit2gtk-driver xvfb xauth; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if ((${#need[@]})); then
  echo "setup: installing ${need[*]} (apt)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
command -v node >/dev/null || { echo "setup: node >= 20 is required" >&2; exit 1; }
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' ||
  { echo "setup: node >= 20 is required, found $(node --version)" >&2; exit 1; }

# npm ci only when node_modules is missing or older than the lock file.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
