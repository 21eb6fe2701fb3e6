#!/usr/bin/env bash
# Xvfb smoke test of every scene in the app's menu: `lieride app --scene X
# --frames N --screenshot out.png` exits 0, the PNG is not blank, and in a scene that runs
# the simulated time advances and screenshots taken at two different frame counts differ; a
# usage error after loading is one line. Exits 77 (CTest
# skip) when xvfb-run is missing.
set -uo pipefail
lieride=$1
out=${2:-smoke-out}
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "xvfb-run not found: skipping"
  exit 77
fi
mkdir -p "$out"
# A private settings folder: the app saves settings as they change, and other app runs (a
# user's, or the other Xvfb tests under ctest -j) must not change what a scene opens with.
export LIERIDE_CONFIG_DIR=$(mktemp -d)
trap 'rm -rf "$LIERIDE_CONFIG_DIR"' EXIT
run() { xvfb-run -a -s "-screen 0 1280x720x24" "$lieride" app "$@"; }
mapfile -t scenes < <("$lieride" app --list-scenes)
if [ ${#scenes[@]} -eq 0 ]; then echo "no scenes listed"; exit 1; fi
fail=0
for scene in "${scenes[@]}"; do
  slug=$(echo "$scene" | tr ' /' '__')
  declare -A simulated=()
  for n in 10 40; do
    if ! report=$(run --scene "$scene" --frames "$n" --screenshot "$out/$slug-$n.png"); then
      echo "$report"; echo "FAIL: $scene ($n frames) exited non-zero"; fail=1; continue
    fi
    echo "$report"
    # The closing report's simulated time, "t = 0.45 s".
    simulated[$n]=$(echo "$report" | sed -n 's/^scene .*, t = \([0-9.]*\) s,.*/\1/p')
  done
  # A scene that opens paused (the optimal-control problems wait for Solve and Play) may draw
  # the same picture at both frame counts; every other scene must have moved on.
  moving=1
  if [ "${simulated[10]:-}" = "0.00" ] && [ "${simulated[40]:-}" = "0.00" ]; then moving=0; fi
  if [ $moving = 1 ] && ! awk -v a="${simulated[10]:-x}" -v b="${simulated[40]:-x}" \
       'BEGIN { exit !(a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > a) }'; then
    echo "FAIL: $scene simulated time did not advance (${simulated[10]:-?} s, ${simulated[40]:-?} s)"; fail=1
  fi
  # Not blank: many distinct colours; a moving scene: different pixels.
  /usr/bin/python3 - "$out/$slug-10.png" "$out/$slug-40.png" "$moving" <<'PY' || { echo "FAIL: $scene screenshots"; fail=1; }
import struct, sys, zlib
def pixels(path):
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat, w, h = 8, b'', 0, 0
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR': w, h = struct.unpack('>II', body[:8])
        if kind == b'IDAT': idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    return w, h, raw
w, h, a = pixels(sys.argv[1])
_, _, b = pixels(sys.argv[2])
assert (w, h) == (1280, 720), f'size {w}x{h}'
colours = len(set(a[i:i + 3] for i in range(1, len(a), 4 * 97)))
assert colours > 50, f'blank-looking screenshot ({colours} colours)'
if sys.argv[3] == '1':
    assert a != b, 'screenshots at different frames are identical'
    print(f'{sys.argv[1]}: {colours} sampled colours, differs from the later frame')
else:
    print(f'{sys.argv[1]}: {colours} sampled colours, paused scene')
PY
done
# A usage error found once the scene is loaded (an integrator that does not apply): one line,
# exit 2, no state-hash lines from closing the app.
err=$(run --scene "two-wheeled robot" --integrator lie-cay --frames 5 2>&1 >/dev/null)
code=$?
if [ $code -ne 2 ] || [ "$(echo "$err" | wc -l)" -ne 1 ] || [[ "$err" != "lieride: app: --integrator: 'lie-cay'"* ]]; then
  echo "$err"; echo "FAIL: --integrator that does not apply exited $code"; fail=1
fi
# --screenshot onto the scene file it opened: refused, exit 2, the scene unchanged.
cp "$(dirname "$0")/../../assets/scenes/sleigh.toml" "$out/own-scene.toml"
err=$(run --scene "$out/own-scene.toml" --frames 3 --screenshot "$out/own-scene.toml" 2>&1 >/dev/null)
code=$?
if [ $code -ne 2 ] || ! echo "$err" | grep -q "is an input of this run" || ! cmp -s "$out/own-scene.toml" "$(dirname "$0")/../../assets/scenes/sleigh.toml"; then
  echo "$err"; echo "FAIL: --screenshot onto its own scene exited $code"; fail=1
fi
exit $fail
