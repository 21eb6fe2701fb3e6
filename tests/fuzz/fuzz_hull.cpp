// libFuzzer target: an OBJ hull (docs/models.md section 3) through loadObjHull, then its mass
// properties. Bad input must end in HullError; an accepted hull must be closed with a positive,
// finite volume.
#include <cmath>
#include <cstdint>

#include "fuzz_input_file.hpp"
#include "lieride/model/hull.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = lieride_fuzz::writeInput("hull.obj", data, size);
  try {
    const lieride::HullMesh mesh = lieride::loadObjHull(path, 1.0);
    const lieride::HullVolume v = lieride::hullVolume(mesh);
    if (!(v.volume > 0.0) || !std::isfinite(v.volume) || !v.centroid.allFinite()) __builtin_trap();
  } catch (const lieride::HullError&) {
  }
  return 0;
}
