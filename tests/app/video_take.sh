#!/usr/bin/env bash
# The Takes panel's Video (docs/app.md, "Takes") under Xvfb: a one-second car take with a
# scenery opens in the app, the script presses Video and quits once the render (a child
# process, lieride render) has finished: takes/short.mp4 is an H.264 video of 1 s x 30 + 1 = 31
# frames at 1280 x 720. Exits 77 (CTest skip) when xvfb-run, ffmpeg or ffprobe is missing.
set -uo pipefail
lieride=$1 src=$2
for tool in xvfb-run ffmpeg ffprobe; do
  command -v $tool >/dev/null 2>&1 || { echo "$tool not found: skipping"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LIERIDE_CONFIG_DIR=$work/config
cd "$work"
printf '[vehicle]\ntype = "car"\n[initial]\nposition = [8.0, 3.6]\n[integrator]\nname = "lie-nh"\ndt = 0.1\n[controls]\ndrive_torque = 50.0\n[take]\nsteps = 10\nscenery = "%s"\n' \
  "$src/assets/problems/car-parallel-park.toml" > short.toml
printf '0 export video 0\n0.2 quit\n' > video.script
xvfb-run -a -s "-screen 0 1280x720x24" "$lieride" app --take short.toml --input-script video.script --frames 100000 >out.txt 2>&1
code=$?
if [ $code -ne 0 ]; then
  if grep -q "cannot create an OpenGL" out.txt; then cat out.txt; echo "skipped"; exit 77; fi
  cat out.txt; echo "FAIL: the app exited $code"; exit 1
fi
[ -f takes/short.mp4 ] || { cat out.txt; ls -la takes; cat takes/*-render.log 2>/dev/null; echo "FAIL: no takes/short.mp4"; exit 1; }
info=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=codec_name,width,height,nb_read_frames -of csv=p=0 takes/short.mp4)
[ "$info" = "h264,1280,720,31" ] || { echo "FAIL: takes/short.mp4 is '$info', expected h264,1280,720,31"; exit 1; }
[ ! -e takes/short-render.log ] || { echo "FAIL: the render log was left after a render that succeeded"; exit 1; }
echo "ok: the Video button wrote a 31-frame H.264 video of the take"
