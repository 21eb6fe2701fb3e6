#!/bin/bash
# Packs build/lieride with every shared library it loads (and glvnd's EGL/GL dispatch
# libraries) into build-gpu/, plus build-gpu/measure.sh, so that the app's frame time can be
# measured on a GPU machine that has the NVIDIA driver but not this machine's packages
# (docs/app.md, "On a GPU"). Run on the GPU machine from the repository root:
#   OUT=/some/dir bash build-gpu/measure.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x build/lieride ] || { echo "gpu-frame-bundle: build/lieride not found: build first (scripts/test.sh or cmake --build build)" >&2; exit 2; }
rm -rf build-gpu
mkdir -p build-gpu/lib
cp build/lieride build-gpu/
strip build-gpu/lieride
ldd build/lieride | awk '/=>/ {print $3} /ld-linux/ {print $1}' | sort -u | while read -r lib; do
  [ -f "$lib" ] && cp -L "$lib" build-gpu/lib/
done
for lib in libEGL.so.1 libGLdispatch.so.0 libOpenGL.so.0 libGL.so.1 libGLX.so.0; do
  cp -L "/usr/lib/x86_64-linux-gnu/$lib" build-gpu/lib/
done
cp -L /lib64/ld-linux-x86-64.so.2 build-gpu/lib/
cat > build-gpu/measure.sh <<'MEASURE'
#!/bin/bash
# Frame time of the bundled binary on the GPU through EGL offscreen (glvnd picks NVIDIA's
# vendor library); prints the renderer so that a fallback to a software rasteriser shows.
cd "$(dirname "$0")/.."
B=build-gpu
export SDL_VIDEODRIVER=offscreen LIERIDE_ASSETS=$PWD/assets LIERIDE_CONFIG_DIR=$(mktemp -d)/
export __EGL_VENDOR_LIBRARY_FILENAMES=${__EGL_VENDOR_LIBRARY_FILENAMES:-/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json}
run() { timeout 90 "$B/lib/ld-linux-x86-64.so.2" --library-path "$B/lib:/usr/local/nvidia/lib64:/usr/lib/x86_64-linux-gnu" "$B/lieride" app "$@"; }
for s in "car parallel parking" "helicopter free flight" "boat docking" "boat in a calm harbour" "large steps" "snakeboard rotate gait" "optimal helicopter landing" "optimal canyon flight"; do
  run --scene "$s" --frames 600 --warmup 5 2>&1 | grep -E 'scene "|renderer|error|cannot'
done
[ -n "${OUT:-}" ] && run --scene "car parallel parking" --frames 300 --warmup 3 --screenshot "$OUT/car-gpu.png" | grep renderer
MEASURE
chmod +x build-gpu/measure.sh
du -sh build-gpu
