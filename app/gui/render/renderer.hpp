#pragma once
// Draws one frame of the 3-D scene: sky, ground (or the boat's water), vehicles with planar
// projected shadows and blob shadows, and fading trajectory ribbons.
#include <deque>
#include <memory>
#include <optional>
#include <vector>

#include "lieride/model/water.hpp"
#include "render/camera.hpp"
#include "render/gl_util.hpp"
#include "render/scenery.hpp"
#include "render/vehicles.hpp"

namespace lieride::gui {

struct Trail {
  std::deque<glm::vec3> points;
  glm::vec3 color{1, 0.5f, 0.1f};
  void add(const glm::vec3& p, std::size_t maxPoints = 1200);
};

class Renderer {
 public:
  Renderer(const VehicleGeometry& geometry, const std::string& sceneName);
  // `simTime` drives the water; `viewport` is the drawable size in pixels.
  void draw(int width, int height, const CameraRig& cam, const std::vector<VehiclePose>& vehicles,
            const std::vector<Trail>& trails, double simTime, bool showTrails, int scissorLeft = 0);
  glm::mat4 viewProj(int width, int height, const CameraRig& cam) const;

 private:
  void drawWater(const glm::mat4& vp, const CameraRig& cam, const glm::vec3& focus, double t);
  void drawTrails(const glm::mat4& vp, const CameraRig& cam, const std::vector<Trail>& trails);
  void setCommon(const Program& p, const CameraRig& cam) const;
  void drawSky(const glm::mat4& vp, const CameraRig& cam);

  VehicleGeometry geometry_;
  VehicleModels models_;
  void drawGround(const glm::mat4& vp, const CameraRig& cam, const std::vector<VehiclePose>& vehicles);
  void setFlat(const CameraRig& cam, const glm::mat4& vp, glm::vec3 offset, float scale) const;

  Program mesh_, flat_, sky_, trail_, water_;
  Mesh groundCells_, groundLines_, axes_, blob_, trailMesh_, waterMesh_, farWater_;
  Mesh scenerySolid_, sceneryMarkings_;
  std::vector<VehiclePose> parked_;
  GLuint emptyVao_ = 0;
  std::optional<WaterSurface> water_surface_;
  MeshData scratch_;
  std::vector<DrawItem> items_;
  glm::vec3 lightDir_;
  glm::vec3 fogColor_{0.74f, 0.82f, 0.90f};
  float fogDensity_ = 0.006f;
};

}  // namespace lieride::gui
