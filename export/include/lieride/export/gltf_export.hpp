#pragma once
// A sampled take as a glTF 2.0 binary (.glb) through tinygltf (docs/formats.md section 6):
// a root node turning the simulation's z-up world into glTF's y-up, under it one node named
// after the vehicle carrying its pose (translation + rotation animated, LINEAR), its body
// mesh, and its moving parts as child nodes (rotation animated). One animation, "take", its
// times the take clock in seconds. Vertex colours, one plain PBR material.
#include <ostream>
#include <string>

#include "lieride/export/take_tracks.hpp"
#include "lieride/export/vehicle_parts.hpp"

namespace lieride::exporter {

// Writes the .glb to `out`. Throws std::runtime_error if tinygltf fails.
void writeGlb(const TakeTracks& tracks, const VehicleDims& dims, const std::string& name, std::ostream& out);

}  // namespace lieride::exporter
