#pragma once
// Procedural models of every vehicle and how their parts move with the state:
// helicopter (fuselage, tail boom, main rotor spinning and tilting with the cyclic, tail
// rotor), car (body, wheels rolling with psi, front wheels steering with phi = atan(sigma)),
// snakeboard (board, two axles steering with +/-phi, a rider whose torso twists with psi),
// boat (hull box and thrusters), rigid body (a box with coloured faces), and a fallback.
#include <string>
#include <vector>

#include "render/gl_util.hpp"
#include "scenes.hpp"

namespace lieride::gui {

struct DrawItem {
  const Mesh* mesh = nullptr;
  glm::mat4 model{1.0f};
  float alpha = 1.0f;
  bool shadow = true;
  glm::vec3 tint{1.0f};  // multiplies the colours (parked cars are not the user's car)
};

// What the renderer knows about one vehicle this frame (already interpolated).
struct VehiclePose {
  std::string vehicle;
  glm::mat4 world{1.0f};  // body -> world, including the scene's side-by-side offset
  std::vector<std::string> shapeNames;
  std::vector<double> shape;
  std::vector<std::string> channels;
  std::vector<double> inputs;
  double rotorAngle = 0, tailRotorAngle = 0;  // visual spin, integrated by the renderer
  double rotorSpeed = 0;                      // rad/s, for the blur disc
};

class VehicleModels {
 public:
  explicit VehicleModels(const VehicleGeometry& g);
  void items(const VehiclePose& p, std::vector<DrawItem>& out) const;
  // Height of the model's lowest point below the body origin (for camera framing).
  static float size(const std::string& vehicle);
  // Height above the body origin the cameras look at.
  static float focusHeight(const std::string& vehicle);

 private:
  VehicleGeometry g_;
  Mesh heliBody_, heliRotor_, heliTailRotor_, rotorDisc_;
  Mesh carBody_, wheel_;
  Mesh board_, truck_, riderLegs_, riderTorso_;
  Mesh hull_, box_, sleigh_, fallback_;
};

double channelValue(const VehiclePose& p, const char* name, double fallback = 0.0);
double shapeValue(const VehiclePose& p, const char* name, double fallback = 0.0);

}  // namespace lieride::gui
