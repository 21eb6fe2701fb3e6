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
#include "render/view_area.hpp"
#include "scenes.hpp"
#include "views/vehicle_view.hpp"

namespace lieride::gui {

struct DrawItem {
  const Mesh* mesh = nullptr;
  glm::mat4 model{1.0f};
  float alpha = 1.0f;
  bool shadow = true;
  glm::vec3 tint{1.0f};  // multiplies the colours (parked cars are not the user's car)
  bool prelit = false;    // static scenery with its light in the vertex colours (render/scenery.hpp, prelit)
};

struct Trail {
  std::deque<glm::vec3> points;
  glm::vec3 color{1, 0.5f, 0.1f};
  void add(const glm::vec3& p, std::size_t maxPoints = 1200);
};

class Renderer {
 public:
  // Draws the vehicles with `view`'s meshes (views/vehicle_view.hpp).
  Renderer(const VehicleGeometry& geometry, std::shared_ptr<const VehicleView> view, const std::string& sceneName);
  // `simTime` drives the water; `viewport` is the drawable size in pixels. Nothing is drawn
  // left of `scissorLeft` (the sidebar) nor inside `covered` (the Plots window: the clear
  // colour stays there); viewArea (render/view_area.hpp) says where the view ends.
  void draw(int width, int height, const CameraRig& cam, const std::vector<VehiclePose>& vehicles,
            const std::vector<Trail>& trails, double simTime, bool showTrails, int scissorLeft = 0,
            PixelRect covered = {});
  glm::mat4 viewProj(int width, int height, const CameraRig& cam) const;
  // The part of the window the last draw() drew into (its scissor).
  const PixelRect& area() const { return area_; }
  // The colour the whole window is cleared to: the panels' own where they draw no background
  // (the 3-D view covers every pixel right of them with ground, water or sky), else the fog.
  void setBackdrop(std::optional<glm::vec3> color) { backdrop_ = color; }

 private:
  void drawWater(const glm::mat4& vp, const CameraRig& cam, const glm::vec3& focus, double t);
  void drawTrails(const glm::mat4& vp, const CameraRig& cam, const std::vector<Trail>& trails);
  void setCommon(const Program& p, const CameraRig& cam) const;
  void drawSky(const glm::mat4& vp, const CameraRig& cam, int height);
  void scissorToView() const;

  void addItems(const VehiclePose& p, glm::vec3 tint);

  VehicleGeometry geometry_;
  std::shared_ptr<const VehicleView> view_;
  std::vector<Mesh> viewMeshes_;
  std::vector<PartPlacement> placements_;
  void drawGround(const glm::mat4& vp, const CameraRig& cam, const std::vector<VehiclePose>& vehicles);
  void drawOpaque(const glm::mat4& vp, const CameraRig& cam);
  // u_model and its normal matrix for the lit mesh shader (the inverse once a draw, not per vertex).
  void setModel(const glm::mat4& model);
  void setFlat(const CameraRig& cam, const glm::mat4& vp, glm::vec3 offset, float scale) const;

  Program mesh_, flat_, ground_, sky_, trail_, water_;
  Mesh groundTiles_, axes_, blob_, trailMesh_, waterMesh_, farWater_;
  Mesh scenerySolid_, sceneryMarkings_;
  bool sceneryShadow_ = false;  // the scenery casts planar shadows (something on it stands taller than a kerb)
  Mesh parkedCars_;  // the scene's parked vehicles, placed and tinted once (render/scenery.hpp)
  GLuint emptyVao_ = 0;
  std::optional<WaterSurface> water_surface_;
  MeshData scratch_;
  std::vector<DrawItem> items_;
  glm::vec3 lightDir_;
  glm::vec3 fogColor_{0.74f, 0.82f, 0.90f};
  std::optional<glm::vec3> backdrop_;
  PixelRect area_;  // this frame's 3-D view (viewArea's scissor)
  float fogDensity_ = 0.006f;
};

}  // namespace lieride::gui
