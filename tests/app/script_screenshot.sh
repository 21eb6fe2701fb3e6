#!/usr/bin/env bash
# Xvfb test: --input-script with --screenshot and no --frames runs until the script's last line
# (a script without quit; 120 frames alone stopped a 4 s flight at t = 2 s, "lines not reached")
# and writes the PNG. Exits 77 (CTest skip) without xvfb-run.
# usage: script_screenshot.sh LIERIDE
set -uo pipefail
lieride=$1
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "xvfb-run not found: skipping"
  exit 77
fi
dir=$(mktemp -d)
export LIERIDE_CONFIG_DIR=$dir
printf '0.5 down W\n2.5 up W\n4 expect max_z > 4\n' > "$dir/climb.script"
out=$(xvfb-run -a -s "-screen 0 1280x720x24" "$lieride" app --scene "helicopter free flight" \
      --input-script "$dir/climb.script" --screenshot "$dir/end.png" 2>&1)
rc=$?
echo "$out"
png=$([ -s "$dir/end.png" ] && echo yes || echo no)
rm -rf "$dir"
[ $rc -eq 0 ] || { echo "FAIL: exit code $rc"; exit 1; }
echo "$out" | grep -q "all expectations met" || { echo "FAIL: the script did not reach its last line"; exit 1; }
[ "$png" = yes ] || { echo "FAIL: no screenshot written"; exit 1; }
