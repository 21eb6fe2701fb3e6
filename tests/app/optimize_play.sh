#!/usr/bin/env bash
# Xvfb test of the Optimize panel end to end (tests/app/optimal_parking.script): the scene menu's
# "optimal parking" solves on the worker thread while the app draws; Play loads the replay
# scene and the physics thread drives the car into the gap. The app checks each expectation
# and exits 1 if one fails. Exits 77 (CTest skip) without xvfb-run.
set -uo pipefail
lieride=$1
script=$2
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "xvfb-run not found: skipping"
  exit 77
fi
export LIERIDE_CONFIG_DIR=$(mktemp -d)
out=$(xvfb-run -a -s "-screen 0 1280x720x24" "$lieride" app --scene "optimal parking" \
      --input-script "$script" --frames 100000 2>&1)
rc=$?
echo "$out"
rm -rf "$LIERIDE_CONFIG_DIR"
[ $rc -eq 0 ] || { echo "FAIL: exit code $rc"; exit 1; }
echo "$out" | grep -q "all expectations met" || { echo "FAIL: the script did not finish"; exit 1; }
n=$(echo "$out" | grep -c ": ok")
[ "$n" -ge 5 ] || { echo "FAIL: only $n expectations checked"; exit 1; }
