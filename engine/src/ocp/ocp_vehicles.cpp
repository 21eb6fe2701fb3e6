// Registration of the controlled sleigh (docs/formats.md section 2; docs/models.md section 8).
#include <algorithm>
#include <cmath>
#include <limits>

#include "lieride/ocp/controlled_sleigh.hpp"
#include "lieride/sim/registry.hpp"

namespace lieride {
namespace {

std::unique_ptr<Simulation> buildControlledSleigh(ScenarioContext& ctx) {
  ocp::SleighOcpParams p;
  p.mass = ctx.vehicle.positive("mass", p.mass);
  p.inertia = ctx.vehicle.positive("inertia", p.inertia);
  auto& in = ctx.initial;
  const auto pos = in.numbers("position", {0.0, 0.0});
  if (pos.size() != 2) in.fail("position", "[x, y] (metres)");
  const double heading = in.number("heading", 0.0);
  const double omega = in.number("angular_velocity", 0.0);
  const auto lv = in.numbers("linear_velocity", {0.0, 0.0});
  if (lv.size() != 2 || std::abs(lv[1]) > 1e-12)
    in.fail("linear_velocity", "[vx, vy] with vy = 0 (the blade does not slide sideways)");
  // z1 = J theta', z2 = m vx (the adapted coordinates of docs/models.md section 8).
  const std::array<double, 5> state = {pos[0], pos[1], heading, p.inertia * omega, p.mass * lv[0]};
  auto sim = std::make_unique<ocp::ControlledSleighSimulation>(p, state, ctx.settings);
  // Costate mode: the Pontryagin controls of costates integrated alongside (docs/retraction.md).
  if (in.has("costate")) {
    const auto pc = in.numbers("costate", {0.0, 0.0, 0.0, 0.0, 0.0});
    // At most 1e15 in size: costates of 1e200 made H overflow at t = 0 (a "diverged" first row).
    if (pc.size() != 5 || !std::all_of(pc.begin(), pc.end(), [](double v) { return std::isfinite(v) && std::abs(v) <= 1e15; }))
      in.fail("costate", "[p_x, p_y, p_theta, p_1, p_2], five finite numbers of size at most 1e15");
    const double until = in.positive("costate_until", std::numeric_limits<double>::infinity());
    sim->setCostates({pc[0], pc[1], pc[2], pc[3], pc[4]}, until);
  } else if (in.has("costate_until")) {
    in.fail("costate_until", "no costate_until without [initial] costate");
  }
  return sim;
}

// Costate mode drives the inputs from the costates (and zero after costate_until): a non-zero
// [controls] input would never act, and was ignored without a word (a zero one changes nothing).
void checkControlledSleighControls(ScenarioContext& ctx, Simulation& sim) {
  if (!ctx.initial.has("costate")) return;
  const ControlSet& c = sim.controls();
  for (std::size_t i = 0; i < c.channels().size(); ++i)
    if (!c.signal(i).identicallyZero())
      throw ScenarioError(ctx.file + ": key 'controls." + c.channels()[i] +
                          "': expected no inputs with [initial] costate (costate mode applies the Pontryagin "
                          "controls u1 = p_2, u2 = p_1, and none after costate_until)");
}

VehicleInfo controlledSleighVehicle() {
  VehicleInfo v{"sleigh-controlled",
                "Chaplygin sleigh with force u1 and torque u2, a = 0 (Anahory Simoes et al. VI)",
                {{"retraction-midpoint", "midpoint in adapted coordinates, inputs at the step midpoint"},
                 {"rk4", "classical Runge-Kutta"}},
                {"u1", "u2"},
                buildControlledSleigh, checkControlledSleighControls};
  // Pilot ranges: force u1 along the blade +-1 N, torque u2 +-0.5 N m.
  v.describeChannels = [](const Simulation&) {
    return std::vector<ChannelInfo>{{"u1", "N", -1.0, 1.0, 0.0}, {"u2", "N m", -0.5, 0.5, 0.0}};
  };
  return v;
}

const VehicleRegistration kControlledSleigh{90, controlledSleighVehicle};

}  // namespace
}  // namespace lieride
