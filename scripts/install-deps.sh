#!/usr/bin/env bash
# Installs the Debian 12 packages lieride needs to build, test and run. Idempotent: returns
# quickly when everything is already present.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config git
  libeigen3-dev libtomlplusplus-dev libcli11-dev catch2
  libsdl2-dev libimgui-dev libglm-dev libstb-dev python3-glad python3-jinja2
  libtinyobjloader-dev libbullet-dev libode-dev coinor-libipopt-dev libtinygltf-dev
  libginac-dev
  xvfb xauth libgl1-mesa-dri
  python3-numpy python3-matplotlib
  clang-14 libfuzzer-14-dev libclang-rt-14-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
