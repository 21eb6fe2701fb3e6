#pragma once
// Procedural vehicle models for export (the shapes of the app's, app/gui/render/vehicles.cpp,
// without GL): a mesh per part and how each part turns with the state: the helicopter's rotor
// (spinning at 70 sqrt(u_c / 49.05) rad/s, its plane tilted by the cyclic) and tail rotor, the
// car's wheels (rolling with psi, front ones steering by atan(sigma)), the snakeboard's axles
// (+-phi) and rider (torso twisting with psi), the boat's hull, the rigid body's box, a
// description vehicle's [[parts]] (docs/formats.md section 5: those turning or spinning with a
// shape variable as parts of their own).
#include <string>
#include <vector>

#include "lieride/export/take_tracks.hpp"
#include "lieride/model/reduced_model.hpp"
#include "lieride/sim/simulation.hpp"

namespace lieride::exporter {

struct MeshData {
  std::vector<float> positions, normals, colors;  // 3 per vertex
  std::vector<std::uint32_t> indices;             // triangles
  void append(const MeshData& m, const Mat4& transform);
  bool empty() const { return indices.empty(); }
};

// A static piece of a take's scenery ([take] scenery: the problem file's obstacles), a mesh
// placed at `translation` and turned by `heading` about z, in the world (z up) frame.
struct SceneryPiece {
  std::string name;
  MeshData mesh;
  Vec3 translation = Vec3::Zero();
  double heading = 0.0;
};
// The obstacles of a DMOC problem file as the app draws them: boxes (the helicopter's 3-D ones,
// the car's 1.4 m tall), cylinders, and a wall's 80 m kerb. Throws as opt::loadScenery does.
std::vector<SceneryPiece> sceneryPieces(const std::string& problemFile, const std::string& vehicle);

// Dimensions read from the scenario's [vehicle] table, with the models' defaults.
struct VehicleDims {
  double wheelbase = 2.7, wheelRadius = 0.33;  // car
  double halfWheelbase = 0.35;                 // snakeboard
  Vec3 hull = Vec3(4.0, 1.6, 1.0);             // boat: length, beam, height
  Vec3 thrusterRight = Vec3(-2.0, -0.6, -0.45), thrusterLeft = Vec3(-2.0, 0.6, -0.45);
  Vec3 bodyInertia = Vec3(1.0, 2.0, 3.0);      // rigid body: box proportions
  std::vector<ReducedPart> parts;              // a description vehicle's [[parts]]
  std::string descriptionName;                 // and its name (its glTF node); empty for the others
  std::vector<SceneryPiece> scenery;           // a take's [take] scenery, static beside the vehicle
};
// Throws ScenarioError if the file cannot be read or parsed.
VehicleDims readVehicleDims(const std::string& scenarioFile);
// A description vehicle's [[parts]] and name into d (from its simulation); nothing for the others.
void readDescriptionParts(VehicleDims& d, const Simulation& sim);

struct Part {
  std::string name;
  int parent = -1;        // index of the parent part; -1: the vehicle (its pose is the body's)
  MeshData mesh;          // empty for a pure joint
  Vec3 offset = Vec3::Zero();           // fixed translation in the parent's frame
  std::vector<Quat> rotation;           // per key, in the parent's frame; empty: identity
};

// The vehicle's body mesh (drawn at the vehicle's pose) and its moving parts.
MeshData bodyMesh(const std::string& vehicle, const VehicleDims& d);
std::vector<Part> articulate(const TakeTracks& tracks, const VehicleDims& d);

}  // namespace lieride::exporter
