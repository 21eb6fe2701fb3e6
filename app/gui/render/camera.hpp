#pragma once
// Chase, orbit (mouse) and free cameras. Pure math (GLM), no GL.
#include <glm/glm.hpp>
#include <utility>
#include <vector>

namespace lieride::gui {

enum class CameraMode { Chase = 0, Orbit = 1, Free = 2 };
const char* cameraModeName(CameraMode m);

struct CameraInput {
  glm::vec2 dragLeft{0}, dragRight{0}, dragMiddle{0};  // pixels this frame
  float wheel = 0;
};

// What the camera frames of side-by-side copies: the mean of their positions and their largest
// distance apart, over the copies still running. A diverged copy freezes where it blew up,
// often far off (rk2 at h = 0.5 s), and framing it too pushed the running ones to the
// window's edge. With none running, all of them.
struct CopyFraming {
  glm::vec3 focus{0};
  float spread = 0;
};
CopyFraming frameCopies(const std::vector<glm::vec3>& at, const std::vector<bool>& frozen);

// An upright box the chase camera keeps out of its line of sight (an Optimize problem's
// obstacles: the canyon's walls, the parked cars): centre, half sizes, turned by `heading`
// (rad) about z.
struct Occluder {
  glm::vec3 center{0}, halfSize{0};
  float heading = 0;
};
// How far along the unit ray from `from` in direction `dir` it first enters one of the boxes,
// or `maxDistance` if it enters none before that. A box that contains `from` does not count
// (a vehicle parked in a drawn obstacle must not pull the camera into itself).
float firstOcclusion(const std::vector<Occluder>& boxes, const glm::vec3& from, const glm::vec3& dir, float maxDistance);

// The least orbit distance at which every point projects inside the image rectangle of
// half-extents tanHalfWidth, tanHalfHeight (tangents of the half angles, about the image centre)
// for an orbit camera looking at `center` from yaw, pitch (CameraRig's orbit parameters).
float orbitDistanceToFit(const std::vector<glm::vec3>& points, const glm::vec3& center, float yaw, float pitch,
                         float tanHalfWidth, float tanHalfHeight);

class CameraRig {
 public:
  CameraMode mode = CameraMode::Chase;
  float fovy = 0.8f;  // radians
  glm::vec2 shift{0};  // NDC offset of the image centre (keeps the vehicle clear of the panels)

  // Follow `target` (world) whose heading is `yaw`; `size` scales the distances.
  void update(double dt, const glm::vec3& target, float yaw, float size, const CameraInput& in);
  void snap() { first_ = true; }
  // The chase camera comes in along its line to the target when one of these boxes stands
  // between (it flew behind the canyon's wall and showed the wall instead of the helicopter).
  void setOccluders(std::vector<Occluder> boxes) { occluders_ = std::move(boxes); }
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;
  glm::vec3 eye() const { return eye_; }
  glm::vec3 center() const { return center_; }

  // Orbit parameters persist per scene (settings file).
  float orbitYaw = -2.3f, orbitPitch = 0.35f, orbitDistance = 0;

 private:
  glm::vec3 eye_{-6, -6, 3}, center_{0, 0, 1};
  glm::vec3 freePos_{-8, -8, 4};
  float freeYaw_ = 0.8f, freePitch_ = -0.2f;
  float chaseYaw_ = 0;
  bool first_ = true;
  std::vector<Occluder> occluders_;
  // `eye` moved towards `target` until no occluder stands between them.
  bool clearLine(const glm::vec3& from, const glm::vec3& to) const;  // no occluder between
  glm::vec3 unoccluded(const glm::vec3& target, const glm::vec3& eye) const;
};

}  // namespace lieride::gui
