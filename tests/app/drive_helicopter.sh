#!/usr/bin/env bash
# Xvfb test: drive the app with synthetic SDL key events (tests/app/fly_and_land.script): take
# off, hover and land with the flight assist; with the assist off, climb and land hard on the
# skids, never below the ground; switch the integrator while paused and see it at once.
# The app checks each expectation and exits 1 if one fails. Exits 77 (CTest skip) without xvfb-run.
set -uo pipefail
lieride=$1
script=$2
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "xvfb-run not found: skipping"
  exit 77
fi
export LIERIDE_CONFIG_DIR=$(mktemp -d)
out=$(xvfb-run -a -s "-screen 0 1280x720x24" "$lieride" app --scene "helicopter free flight" \
      --input-script "$script" --frames 100000 2>&1)
rc=$?
echo "$out"
rm -rf "$LIERIDE_CONFIG_DIR"
[ $rc -eq 0 ] || { echo "FAIL: exit code $rc"; exit 1; }
echo "$out" | grep -q "all expectations met" || { echo "FAIL: the script did not finish"; exit 1; }
n=$(echo "$out" | grep -c ": ok")
[ "$n" -ge 8 ] || { echo "FAIL: only $n expectations checked"; exit 1; }
