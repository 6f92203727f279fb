#!/usr/bin/env bash
# demo.sh -- sets up, builds, and serves the demo on http://127.0.0.1:8000/
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
exec node scripts/serve.mjs dist "${PORT:-8000}"
