#pragma once
// What the 3-D view draws for the Optimize panel, in the world frame (a problem's coordinates
// are the scene's: its scenario part is what the scene simulates): the obstacles as
// translucent solids, the goal pose (the car's body outline, the helicopter's pad), the
// waypoints, and the ghost of an iterate (a ribbon through the knots and the body outline at
// every few knots), each knot coloured by the violation of its constraints. Plain mesh data.
#include <optional>

#include "lieride/optimize/dmoc.hpp"
#include "optimize_worker.hpp"
#include "render/camera.hpp"
#include "render/gl_util.hpp"

namespace lieride::gui {

// Alpha in normal.x (the flat shader's convention).
struct OptimizeOverlayMesh {
  MeshData solid;  // obstacles, pad: drawn translucent, depth-tested
  MeshData marks;  // goal, waypoints, ghost
  bool empty() const { return solid.vertices.empty() && marks.vertices.empty(); }
};

// The drawn height of box and circle obstacles (m): their drag handles sit on top.
constexpr float kObstacleHeight = 1.4f;

// Green where a knot's constraints hold to 1e-8, through yellow, to red from 1e-2 on.
glm::vec3 violationColor(double violation);

// How to draw a problem's vehicle, from its transcription (opt::DmocSession): poses in 3-D or
// on the ground, and the body outline a planar vehicle keeps clear of obstacles, if any.
struct OverlayHints {
  bool spatial = false;
  double restingHeight = 0.0;  // DmocSession::restingHeight: a goal this high is on the ground
  std::optional<opt::DmocSession::Footprint> footprint;
};
// The hints of a problem (a problem that cannot be transcribed: planar, no outline).
OverlayHints overlayHints(const opt::Problem& p);

// `snapshot` may be null (nothing solved yet: no ghost). `handles`: the points the view can
// drag (white rings), `highlight` the one under the mouse or dragged (-1: none). `playing`: the
// optimal controls run (Play), the vehicle itself drawn on the ghost: its path only, without the
// body axes every few knots, which the chase camera put across the screen.
void buildOptimizeOverlay(const opt::Problem& p, const OverlayHints& hints, const OptimizeSnapshot* snapshot,
                          OptimizeOverlayMesh& out, const std::vector<Vec3>& handles = {}, int highlight = -1,
                          bool playing = false);

// The problem's obstacles as the chase camera's occluders, each the box drawn for it (a
// circle's cylinder by the box around it; walls are low kerbs and do not count).
std::vector<Occluder> cameraOccluders(const opt::Problem& p);

}  // namespace lieride::gui
