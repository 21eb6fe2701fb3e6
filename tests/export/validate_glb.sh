#!/usr/bin/env bash
# The Khronos glTF validator (npm package gltf-validator) on `lieride export` of the example
# take and of scenes of every articulated vehicle, description vehicles too: 0 errors each.
# Skipped (77) without node or without the validator in NODE_MODULES (scripts/test.sh installs
# it into build/node).
set -euo pipefail
lieride=$1 out=$2 modules=$3 src=$4
command -v node >/dev/null 2>&1 || { echo "node not found: skipped"; exit 77; }
[ -d "$modules/gltf-validator" ] || { echo "$modules/gltf-validator not installed: skipped"; exit 77; }
mkdir -p "$out"
for take in "$src/assets/takes/helicopter-flight-take.toml" car-slalom snakeboard-drive boat-harbour rigid-body-tumbling sleigh \
    two-wheeled-robot elroys-beanie; do
  name=$(basename "$take" .toml)
  "$lieride" export "$take" --out "$out/$name.glb" --fps 60 >/dev/null
  node "$src/tests/export/validate_glb.js" "$modules" "$out/$name.glb"
done
