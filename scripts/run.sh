#!/usr/bin/env bash
# Install dependencies, build, and open the lieride desktop app (extra arguments go to it).
# Without a display (or when built without the app) it runs the default helicopter scenario
# headless and prints where its CSV went.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && build/lieride app --help >/dev/null 2>&1; then
  exec build/lieride app "$@"
fi
mkdir -p out
build/lieride sim assets/scenes/helicopter-hover.toml --out out/helicopter-hover.csv
echo "no display: ran assets/scenes/helicopter-hover.toml headless; CSV written to out/helicopter-hover.csv"
