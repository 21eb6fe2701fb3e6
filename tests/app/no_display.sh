#!/usr/bin/env bash
# lieride (and lieride app) without a display: one stderr line, exit 2, nothing on stdout, and no
# hang (SDL must not fall back to an invisible window). --help still works without a display.
# usage: no_display.sh LIERIDE
set -u
lieride=$1
fail=0
errfile=$(mktemp)
trap 'rm -f "$errfile"' EXIT
for args in "" "app" "app --frames 3"; do
  # timeout: a hang (the bug) fails instead of blocking CTest; 124 is not 2.
  out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER timeout 20 "$lieride" $args 2>"$errfile")
  rc=$?
  err=$(cat "$errfile")
  if [ $rc -ne 2 ] || [ -n "$out" ] || [ "$(wc -l < "$errfile")" -ne 1 ] || [[ "$err" != "lieride: app: no display (DISPLAY is not set);"* ]]; then
    echo "FAIL: lieride $args: exit $rc, stdout '$out', stderr '$err'"
    fail=1
  fi
done
env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER timeout 20 "$lieride" app --help >/dev/null || { echo "FAIL: app --help without a display"; fail=1; }
exit $fail
