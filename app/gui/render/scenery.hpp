#pragma once
// What a scene promises around the vehicle: the pier and berth of "boat docking", the harbour
// walls of "boat in a calm harbour" (both the scenario's solid obstacles), the kerb, slot and
// parked cars of "car parallel parking", and goal markers. Placed from each scenario's own
// description (its obstacles; its header comment: the berth pose, the parking offset), in the
// world frame. Pure geometry, drawn by the Renderer.
#include <string>
#include <vector>

#include "lieride/model/boat_contact.hpp"
#include "render/gl_util.hpp"
#include "views/vehicle_view.hpp"

namespace lieride::gui {

struct Scenery {
  MeshData solid;     // lit, casts shadows (piers, walls, kerbs)
  MeshData markings;  // unlit, blended; alpha in normal.x (berth outline, parking slot)
  std::vector<VehiclePose> parked;  // other vehicles of the scene's kind standing in it (drawn tinted)
  bool empty() const { return solid.vertices.empty() && markings.vertices.empty() && parked.empty(); }
};

// obstacles: the scenario's solid boxes (the boat's [vehicle.obstacles], docs/boat.md), drawn
// as simulated; the rest is placed by scene name.
Scenery sceneryFor(const std::string& sceneName, const std::vector<BoxObstacle>& obstacles);

// Static scenery lit once (the sun is fixed): each vertex carries its sunlit colour (ambient
// and diffuse of shaders/mesh.frag, no highlight) for the per-vertex fog of shaders/flat.*,
// and no triangle edge is longer than maxEdge, so the fog interpolated between vertices
// follows the distance (a kerb is 80 m long). Cheaper per pixel than the lit mesh shader.
MeshData prelit(const MeshData& solid, glm::vec3 lightDir, float maxEdge);

// The flat ground around the camera out to 450 m as a few large tiles; its 5 m checker and
// 1 m / 10 m grid lines are drawn per fragment (shaders/ground.frag), its fog per vertex.
// Centred at the origin; the renderer translates it in 10 m steps.
MeshData groundTiles();

}  // namespace lieride::gui
