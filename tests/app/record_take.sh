#!/usr/bin/env bash
# Record in the app under Xvfb (docs/app.md, "Takes"): the script presses R, flies the
# helicopter with the keyboard, changes h, presses R again; the app prints the take it wrote and
# its final state hash, and `lieride sim TAKE` must print the same hash (a bit-for-bit replay).
# Export CSV of the live run writes its take and the CSV `lieride sim` writes for it. Then the
# take opens in the app with a ghost copy and exports the ghost's run CSV.
# Exits 77 (CTest skip) when xvfb-run is missing.
set -uo pipefail
lieride=$1 src=$2
if ! command -v xvfb-run >/dev/null 2>&1; then echo "xvfb-run not found: skipping"; exit 77; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LIERIDE_CONFIG_DIR=$work/config
cd "$work"
cat > record.script <<'S'
0.0 speed 2
0.1 down R
0.15 up R
0.3 down W
1.2 up W
1.3 down D
1.8 down ]
1.85 up ]
2.4 up D
2.6 down R
2.65 up R
3.0 export csv 0
3.5 quit
S
out=$(xvfb-run -a -s "-screen 0 1280x720x24" "$lieride" app --scene "helicopter free flight" \
      --input-script record.script --frames 100000 2>&1)
rc=$?
[ $rc -eq 0 ] || { echo "$out"; echo "FAIL: the app exited $rc"; exit 1; }
line=$(echo "$out" | grep '^take .* state-hash ' | head -1)
[ -n "$line" ] || { echo "$out"; echo "FAIL: no take written"; exit 1; }
take=$(echo "$line" | awk '{print $2}')
live=$(echo "$line" | awk '{print $4}')
replay=$("$lieride" sim "$take" --out "$work/replay.csv" 2>&1 | sed -n 's/^state-hash //p')
echo "take $take: live $live, replay $replay"
[ "$live" = "$replay" ] || { echo "FAIL: the replay's state hash differs"; exit 1; }
grep -q '^dt = ' "$take" || { echo "FAIL: the change of h is not in the take"; exit 1; }
# Export CSV of the live run: its background take (since Record restarted the run) and the CSV.
lline=$(echo "$out" | grep '^live-take .* state-hash ' | head -1)
[ -n "$lline" ] || { echo "$out"; echo "FAIL: no live take for the CSV export"; exit 1; }
ltake=$(echo "$lline" | awk '{print $2}')
lreplay=$("$lieride" sim "$ltake" --out "$work/live-replay.csv" 2>&1 | sed -n 's/^state-hash //p')
[ "$(echo "$lline" | awk '{print $4}')" = "$lreplay" ] || { echo "FAIL: the live take's replay hash differs"; exit 1; }
cmp -s "${ltake%.toml}.csv" "$work/live-replay.csv" || { echo "FAIL: the live-run CSV differs from lieride sim of its take"; exit 1; }
cat > ghost.script <<'S'
0.0 copy rk4
0.5 export csv 1
1.0 quit
S
xvfb-run -a -s "-screen 0 1280x720x24" "$lieride" app --take "$take" --input-script ghost.script --frames 100000 \
  >ghost.log 2>&1 || { cat ghost.log; echo "FAIL: the take did not open"; exit 1; }
csv=$(ls takes/*-ghost-rk4.csv 2>/dev/null | head -1)
[ -n "$csv" ] || { cat ghost.log; echo "FAIL: no ghost CSV"; exit 1; }
rows=$(($(wc -l <"$csv") - 1))
direct=$(($("$lieride" sim "$take" --integrator rk4 --out - 2>/dev/null | wc -l) - 1))
[ "$rows" -eq "$direct" ] || { echo "FAIL: ghost CSV has $rows rows, lieride sim --integrator rk4 $direct"; exit 1; }
cmp -s "$csv" <("$lieride" sim "$take" --integrator rk4 --out - 2>/dev/null) || { echo "FAIL: the ghost CSV differs from lieride sim --integrator rk4"; exit 1; }
echo "ok: the recorded take replays to the live hash; the live-run CSV and the rk4 ghost CSV equal lieride sim's"
