// The app's table of vehicle views, filled by the views' own ViewRegistration objects
// (views/vehicle_view.hpp): a new kind's view is its file alone. The nonholonomic particle has
// no drawing of its own and is drawn as the marker.
#include <map>
#include <stdexcept>

#include "views/vehicle_view.hpp"

namespace lieride::gui {
namespace {

// A function-local static: a registration may run before any other static of this file.
std::map<std::string, ViewRegistration::Make>& views() {
  static std::map<std::string, ViewRegistration::Make> v;
  return v;
}

// A grey ball for a kind without a drawing of its own, with the generic channel mapping.
class MarkerView final : public VehicleView {
 public:
  MarkerView(const Simulation& sim, bool nonholonomic) : VehicleView(sim) {
    traits_.nonholonomic = nonholonomic;
    traits_.hasMomentum = !nonholonomic;  // the particle's model has no nonholonomic momentum
    addMesh(prim::sphere(0.3f, 24, 12, glm::vec3(0.55f, 0.56f, 0.58f)));
  }
};

std::unique_ptr<VehicleView> makeNonholonomicMarkerView(const Simulation& sim) {
  return std::make_unique<MarkerView>(sim, true);
}
const ViewRegistration kParticleView{{"np-particle"}, makeNonholonomicMarkerView};

}  // namespace

ViewRegistration::ViewRegistration(std::initializer_list<const char*> kinds, Make make) {
  for (const char* kind : kinds)
    if (!views().emplace(kind, make).second)
      throw std::logic_error(std::string("a view for vehicle kind '") + kind + "' registered twice");
}

std::vector<std::string> viewKinds() {
  std::vector<std::string> out;
  for (const auto& entry : views()) out.push_back(entry.first);
  return out;
}

std::shared_ptr<const VehicleView> makeView(const Simulation& sim) {
  const auto it = views().find(sim.vehicleType());
  if (it != views().end()) return it->second(sim);
  return std::make_unique<MarkerView>(sim, false);
}

}  // namespace lieride::gui
