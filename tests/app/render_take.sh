#!/usr/bin/env bash
# `lieride render` (docs/formats.md section 6): the example take rendered offscreen twice at
# 4 fps gives every k / 4 <= 17.5 s: 17.5 x 4 + 1 = 71 PNG frames, byte-identical between the renders;
# with ffmpeg/ffprobe, the .mp4 has 71 frames too, a .gif name is refused, and a failing ffmpeg exits 1 with a
# message. --out into a missing folder is a usage error; SIGTERM removes what was written. Skipped (77) when no OpenGL 3.3
# context can be created offscreen.
set -uo pipefail
lieride=$1 out=$2 src=$3
take="$src/assets/takes/helicopter-flight-take.toml"
rm -rf "$out" && mkdir -p "$out"
for run in a b; do
  "$lieride" render "$take" --png-dir "$out/$run" --fps 4 --size 160x90 2>"$out/$run.err"
  code=$?
  if [ $code -ne 0 ]; then
    if grep -q "cannot create an OpenGL" "$out/$run.err"; then cat "$out/$run.err"; echo "skipped"; exit 77; fi
    cat "$out/$run.err"; echo "FAIL: render exited $code"; exit 1
  fi
done
n=$(ls "$out/a" | wc -l)
[ "$n" -eq 71 ] || { echo "FAIL: $n frames, expected 71"; exit 1; }
diff -r "$out/a" "$out/b" >/dev/null || { echo "FAIL: the two renders differ"; exit 1; }
if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; then
  "$lieride" render "$take" --out "$out/take.mp4" --fps 4 --size 160x90 || { echo "FAIL: mp4 render"; exit 1; }
  m=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$out/take.mp4")
  [ "$m" -eq 71 ] || { echo "FAIL: the mp4 has $m frames, expected 71"; exit 1; }
  # A name ffmpeg has no H.264 container for: refused before rendering, one line, exit 2.
  "$lieride" render "$take" --out "$out/take.gif" --fps 1 --size 64x64 2>"$out/gif.err"
  code=$?
  [ $code -eq 2 ] && [ "$(wc -l <"$out/gif.err")" -eq 1 ] && grep -q "expected a .mp4, .mkv or .mov name" "$out/gif.err" ||
    { cat "$out/gif.err"; echo "FAIL: render into .gif exited $code, expected 2 with one line"; exit 1; }
  [ ! -e "$out/take.gif" ] || { echo "FAIL: a file appeared for a refused name"; exit 1; }
  # ffmpeg failing (here one that exits at once): a message and exit 1, not death by SIGPIPE.
  mkdir -p "$out/fakebin"
  printf '#!/bin/sh\necho "fake ffmpeg: refusing" >&2\nexit 1\n' >"$out/fakebin/ffmpeg"
  chmod +x "$out/fakebin/ffmpeg"
  PATH="$out/fakebin:$PATH" "$lieride" render "$take" --out "$out/failed.mp4" --fps 1 --size 64x64 2>"$out/fail.err"
  code=$?
  [ $code -eq 1 ] || { cat "$out/fail.err"; echo "FAIL: render with a failing ffmpeg exited $code, expected 1"; exit 1; }
  grep -q "ffmpeg stopped reading frames" "$out/fail.err" || { cat "$out/fail.err"; echo "FAIL: no message"; exit 1; }
  [ ! -e "$out/failed.mp4" ] || { echo "FAIL: a file appeared although ffmpeg failed"; exit 1; }
fi
# --out into a folder that does not exist: one line naming it, exit 2, before any rendering.
"$lieride" render "$take" --out "$out/no-such-folder/take.mp4" 2>"$out/nodir.err"
code=$?
[ $code -eq 2 ] && [ "$(wc -l <"$out/nodir.err")" -eq 1 ] && grep -q "no such folder '$out/no-such-folder'" "$out/nodir.err" ||
  { cat "$out/nodir.err"; echo "FAIL: --out into a missing folder exited $code"; exit 1; }
# SIGTERM during a render: it stops at the next frame, removes what it wrote (the frame folder
# and the parent it made) and dies by the signal (exit 143), never leaving a partial output.
"$lieride" render "$take" --png-dir "$out/stopped/frames" --fps 500 --size 320x180 2>"$out/stopped.err" &
pid=$!
for _ in $(seq 100); do [ -n "$(ls "$out/stopped/frames" 2>/dev/null | head -n 1)" ] && break; sleep 0.1; done
kill -TERM $pid
wait $pid
code=$?
[ $code -eq 143 ] || { cat "$out/stopped.err"; echo "FAIL: render stopped by SIGTERM exited $code, expected 143"; exit 1; }
[ ! -e "$out/stopped" ] || { echo "FAIL: the stopped render left $out/stopped ($(ls "$out/stopped" | wc -l) files)"; exit 1; }
grep -q "stopped by signal 15 (nothing written)" "$out/stopped.err" || { cat "$out/stopped.err"; echo "FAIL: no message"; exit 1; }
# SIGTERM while the take is still being simulated (before the first frame): a long take stops
# within a second, not after simulating all of it.
{ cat "$src/assets/scenes/sleigh.toml"; printf '\n[take]\nsteps = 100000000\n'; } >"$out/long.toml"
"$lieride" render "$out/long.toml" --png-dir "$out/long" --fps 0.001 --size 16x16 2>"$out/long.err" &
pid=$!
sleep 1
kill -TERM $pid
start=$(date +%s)
wait $pid
code=$?
[ $code -eq 143 ] && [ $(($(date +%s) - start)) -le 5 ] ||
  { cat "$out/long.err"; echo "FAIL: render stopped while sampling exited $code after $(($(date +%s) - start)) s"; exit 1; }
[ ! -e "$out/long" ] || { echo "FAIL: the stopped render left $out/long"; exit 1; }
# The render's own inputs are never replaced: the take as --out (under a video name), the
# take's controls file as one of --png-dir's frame names. Exit 2, the inputs unchanged.
cp "$take" "$out/own.mp4" && cp "$src/assets/takes/helicopter-flight-inputs.csv" "$out/"
"$lieride" render "$out/own.mp4" --out "$out/own.mp4" --fps 1 --size 64x64 2>"$out/own.err"
code=$?
[ $code -eq 2 ] && [ "$(wc -l <"$out/own.err")" -eq 1 ] && grep -q "is an input of this command" "$out/own.err" &&
  cmp -s "$take" "$out/own.mp4" || { cat "$out/own.err"; echo "FAIL: render --out its own take exited $code"; exit 1; }
mkdir -p "$out/pin" && printf 't,steer_rate\n0,0.1\n1,0.2\n' >"$out/pin/frame_000000.png"
printf '[vehicle]\ntype = "car"\n[controls]\nfile = "pin/frame_000000.png"\n[integrator]\ndt = 0.1\n[take]\nsteps = 10\n' >"$out/pin.toml"
"$lieride" render "$out/pin.toml" --png-dir "$out/pin" --fps 1 --size 64x64 2>"$out/pin.err"
code=$?
[ $code -eq 2 ] && [ "$(wc -l <"$out/pin.err")" -eq 1 ] && grep -q "is an input of this command" "$out/pin.err" &&
  head -n 1 "$out/pin/frame_000000.png" | grep -q "^t,steer_rate" ||
  { cat "$out/pin.err"; echo "FAIL: render --png-dir over its controls file exited $code"; exit 1; }
# A take's [take] scenery (an optimal parking's parked cars and kerb) is drawn: the same one-step
# car take with and without it gives different frames; a scenery file that does not load is
# left out with one line, and the frame is the bare one.
for variant in bare world missing; do
  {
    printf '[vehicle]\ntype = "car"\n[initial]\nposition = [8.0, 3.6]\n[integrator]\nname = "lie-nh"\ndt = 0.1\n'
    printf '[take]\nsteps = 1\n'
    [ $variant = world ] && printf 'scenery = "%s"\n' "$src/assets/problems/car-parallel-park.toml"
    [ $variant = missing ] && printf 'scenery = "no-such-problem.toml"\n'
  } >"$out/car-$variant.toml"
  "$lieride" render "$out/car-$variant.toml" --png-dir "$out/car-$variant" --fps 1 --size 160x90 --camera fixed 2>"$out/car-$variant.err" ||
    { cat "$out/car-$variant.err"; echo "FAIL: render of the $variant car take"; exit 1; }
done
! cmp -s "$out/car-bare/frame_000000.png" "$out/car-world/frame_000000.png" || { echo "FAIL: the scenery was not drawn"; exit 1; }
cmp -s "$out/car-bare/frame_000000.png" "$out/car-missing/frame_000000.png" || { echo "FAIL: a missing scenery changed the frame"; exit 1; }
[ "$(wc -l <"$out/car-missing.err")" -eq 1 ] && grep -q "the take's scenery is not drawn" "$out/car-missing.err" ||
  { cat "$out/car-missing.err"; echo "FAIL: no line for a missing scenery"; exit 1; }
echo "ok: 71 identical frames; a render stopped by SIGTERM leaves nothing; a take's scenery is drawn"
