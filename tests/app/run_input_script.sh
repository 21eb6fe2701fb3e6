#!/usr/bin/env bash
# Xvfb test: open SCENE in the app and drive it with an input script (synthetic SDL key events,
# panel actions; tests/app/*.script). The app checks each expectation and exits 1 if one fails;
# this script also asks that the script finished and checked at least MIN_CHECKS expectations.
# Exits 77 (CTest skip) without xvfb-run.
# usage: run_input_script.sh LIERIDE SCENE SCRIPT MIN_CHECKS
set -uo pipefail
lieride=$1
scene=$2
script=$3
min_checks=$4
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "xvfb-run not found: skipping"
  exit 77
fi
export LIERIDE_CONFIG_DIR=$(mktemp -d)
out=$(xvfb-run -a -s "-screen 0 1280x720x24" "$lieride" app --scene "$scene" \
      --input-script "$script" --frames 100000 2>&1)
rc=$?
echo "$out"
rm -rf "$LIERIDE_CONFIG_DIR"
[ $rc -eq 0 ] || { echo "FAIL: exit code $rc"; exit 1; }
echo "$out" | grep -q "all expectations met" || { echo "FAIL: the script did not finish"; exit 1; }
n=$(echo "$out" | grep -c ": ok")
[ "$n" -ge "$min_checks" ] || { echo "FAIL: only $n expectations checked"; exit 1; }
