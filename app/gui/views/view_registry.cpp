// The app's one table of vehicle kinds: each kind the engine registers (lieride/sim/registry.hpp)
// and the view that draws and pilots it. The only place in app/ that names a kind
// (tests/reduced/test_vehicle_kinds.cpp checks). A new kind: its view file and one row here.
#include "views/vehicle_view.hpp"

namespace lieride::gui {

std::unique_ptr<VehicleView> makeHelicopterView(const Simulation& sim);
std::unique_ptr<VehicleView> makeRigidBodyView(const Simulation& sim);
std::unique_ptr<VehicleView> makeBoatView(const Simulation& sim);
std::unique_ptr<VehicleView> makeCarView(const Simulation& sim);
std::unique_ptr<VehicleView> makeSnakeboardView(const Simulation& sim);
std::unique_ptr<VehicleView> makeSleighView(const Simulation& sim);
std::unique_ptr<VehicleView> makeDescriptionView(const Simulation& sim);

namespace {

// A grey ball for a kind without a drawing of its own, with the generic channel mapping.
class MarkerView final : public VehicleView {
 public:
  MarkerView(const Simulation& sim, bool nonholonomic) : VehicleView(sim) {
    traits_.nonholonomic = nonholonomic;
    addMesh(prim::sphere(0.3f, 24, 12, glm::vec3(0.55f, 0.56f, 0.58f)));
  }
};

std::unique_ptr<VehicleView> makeMarkerView(const Simulation& sim, bool nonholonomic) {
  return std::make_unique<MarkerView>(sim, nonholonomic);
}

struct ViewKind {
  const char* kind;
  std::unique_ptr<VehicleView> (*make)(const Simulation&);
};

const ViewKind kViews[] = {
    {"helicopter", makeHelicopterView},
    {"rigid-body", makeRigidBodyView},
    {"boat", makeBoatView},
    {"car", makeCarView},
    {"snakeboard", makeSnakeboardView},
    {"sleigh", makeSleighView},
    {"sleigh-controlled", makeSleighView},
    {"reduced", makeDescriptionView},
    {"np-particle", [](const Simulation& sim) { return makeMarkerView(sim, true); }},
};

}  // namespace

std::shared_ptr<const VehicleView> makeView(const Simulation& sim) {
  const std::string kind = sim.vehicleType();
  for (const ViewKind& v : kViews)
    if (kind == v.kind) return v.make(sim);
  return makeMarkerView(sim, false);
}

}  // namespace lieride::gui
