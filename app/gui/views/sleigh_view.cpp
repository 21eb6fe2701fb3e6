// The Chaplygin sleigh (docs/models.md sections 6 and 8): the pose is the blade's contact
// point, the blade the knife edge along body x that forbids sideways motion there; a sled deck
// above it. The controlled sleigh's force u1 along the blade and torque u2 (ranges from the
// engine descriptor) are on the triggers and sticks; the free sleigh has no inputs.
#include "views/vehicle_view.hpp"

namespace lieride::gui {
namespace {
using namespace prim;
using glm::vec3;

MeshData sleigh() {
  MeshData m;
  const vec3 wood(0.55f, 0.34f, 0.18f), steel(0.72f, 0.74f, 0.78f), dark(0.12f, 0.12f, 0.14f);
  const vec3 red(0.82f, 0.20f, 0.12f), yellow(0.95f, 0.72f, 0.15f);
  constexpr float kPi = 3.14159265f;
  m.append(box({1.3f, 0.7f, 0.06f}, wood), T(0.25f, 0, 0.32f));  // deck
  for (float y : {-0.3f, 0.3f}) {
    m.append(box({1.2f, 0.05f, 0.04f}, dark), T(0.25f, y, 0.1f));  // runner
    for (float x : {-0.2f, 0.7f}) m.append(box({0.05f, 0.05f, 0.22f}, dark), T(x, y, 0.2f));  // struts
    m.append(cylinder(0.1f, 0.1f, 0.05f, 16, dark), T(0.85f, y, 0.2f) * Rx(-kPi / 2) * T(0, 0, -0.025f));  // curl
  }
  m.append(box({0.5f, 0.015f, 0.3f}, steel), T(0, 0, 0.15f));      // the blade
  m.append(box({0.22f, 0.5f, 0.12f}, red), T(-0.25f, 0, 0.41f));   // seat back
  m.append(box({0.12f, 0.12f, 0.02f}, yellow), T(0.85f, 0, 0.36f));  // heading mark
  return m;
}

class SleighView final : public VehicleView {
 public:
  explicit SleighView(const Simulation& sim) : VehicleView(sim), force_(channel("u1")), torque_(channel("u2")) {
    traits_.nonholonomic = true;
    traits_.hasMomentum = false;  // the blade leaves no symmetry direction: no momentum to plot (a flat 0)
    addMesh(sleigh());
  }

  void pilot(const PilotAxes& a, bool, Simulation& sim, const Snapshot*) const override {
    set(sim, force_, scaled(force_, a.rt - a.lt + a.ly + a.ry));  // force along the blade
    set(sim, torque_, scaled(torque_, -(a.lx + a.rx)));          // torque, stick left turns left
  }

  HelpLines help(bool assist) const override {
    if (force_ < 0 || torque_ < 0) return VehicleView::help(assist);
    const ChannelInfo &f = channels_[static_cast<std::size_t>(force_)], &t = channels_[static_cast<std::size_t>(torque_)];
    return {{"Right trigger / stick up  (W)", format("force u1 along the blade, up to %.4g N", f.max)},
            {"Left trigger / stick down  (S)", "force backwards"},
            {"Left stick left/right  (A/D)", format("torque u2, +/-%.4g N m", t.max)}};
  }

 private:
  int force_, torque_;
};

std::unique_ptr<VehicleView> makeSleighView(const Simulation& sim) { return std::make_unique<SleighView>(sim); }
const ViewRegistration kSleighView{{"sleigh", "sleigh-controlled"}, makeSleighView};

}  // namespace

}  // namespace lieride::gui
