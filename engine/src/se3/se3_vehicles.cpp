// Registration of the SE(3) vehicles of docs/models.md sections 1-2: rigid-body and helicopter.
#include "lieride/model/helicopter.hpp"
#include "lieride/sim/registry.hpp"
#include "lieride/sim/se3_simulation.hpp"

namespace lieride {
namespace {

std::vector<IntegratorInfo> se3Integrators() {
  std::vector<IntegratorInfo> out;
  for (const auto& n : se3IntegratorNames()) out.push_back({n, se3IntegratorDescription(n)});
  return out;
}

std::unique_ptr<Simulation> buildRigidBody(ScenarioContext& ctx) {
  Se3Inertia inertia;
  inertia.mass = ctx.vehicle.positive("mass", 1.0);
  const auto J = ctx.vehicle.positiveNumbers("inertia", {1.0, 2.0, 3.0});
  inertia.principal = Vec3(J[0], J[1], J[2]);
  Se3VehicleSpec spec{"rigid-body", inertia, std::make_shared<NoForces>(), {}, {}};
  return std::make_unique<Se3Simulation>(spec, ctx.settings, readSe3Initial(ctx.initial, inertia));
}

std::unique_ptr<Simulation> buildHelicopter(ScenarioContext& ctx) {
  HelicopterParams p;
  p.mass = ctx.vehicle.positive("mass", p.mass);
  const auto J = ctx.vehicle.positiveNumbers("inertia", {p.inertia.x(), p.inertia.y(), p.inertia.z()});
  p.inertia = Vec3(J[0], J[1], J[2]);
  p.hubHeight = ctx.vehicle.number("hub_height", p.hubHeight);
  p.tailArm = ctx.vehicle.number("tail_arm", p.tailArm);
  p.linearDamping = ctx.vehicle.nonNegative("linear_damping", p.linearDamping);
  p.angularDamping = ctx.vehicle.nonNegative("angular_damping", p.angularDamping);
  p.skidDepth = ctx.vehicle.nonNegative("skid_depth", p.skidDepth);
  p.skidLength = ctx.vehicle.nonNegative("skid_length", p.skidLength);
  p.skidTrack = ctx.vehicle.nonNegative("skid_track", p.skidTrack);
  p.contactStiffness = ctx.vehicle.nonNegative("contact_stiffness", p.contactStiffness);
  p.contactDamping = ctx.vehicle.nonNegative("contact_damping", p.contactDamping);
  p.friction = ctx.vehicle.nonNegative("friction", p.friction);
  p.frictionSlip = ctx.vehicle.positive("friction_slip", p.frictionSlip);
  p.contactSoftening = ctx.vehicle.positive("contact_softening", p.contactSoftening);
  const Se3Inertia inertia{p.mass, p.inertia};
  Se3VehicleSpec spec{"helicopter", inertia, std::make_shared<HelicopterForces>(p),
                      {"collective", "tail", "cyclic_pitch", "cyclic_roll"}, {}};
  return std::make_unique<Se3Simulation>(spec, ctx.settings, readSe3Initial(ctx.initial, inertia));
}

VehicleInfo rigidBodyVehicle() {
  return {"rigid-body", "free rigid body on SE(3) (docs/models.md 1)", se3Integrators(), {}, buildRigidBody};
}

VehicleInfo helicopterVehicle() {
  VehicleInfo v{"helicopter", "simple helicopter: gravity + F(gamma) u + drag, skids on the ground (docs/models.md 2)",
                se3Integrators(), {"collective", "tail", "cyclic_pitch", "cyclic_roll"}, buildHelicopter};
  // Pilot ranges: thrust up to 2.5 m g, tail rotor +-0.2 m g, rotor tilt +-0.35 rad (20 deg);
  // trim: hover, u_c = m g (docs/models.md section 2).
  v.describeChannels = [](const Simulation& sim) {
    const auto& forces = dynamic_cast<const Se3Simulation&>(sim).forceModel();
    const HelicopterParams& p = dynamic_cast<const HelicopterForces&>(forces).params();
    const double hover = p.mass * p.gravity;
    return std::vector<ChannelInfo>{{"collective", "N", 0.0, 2.5 * hover, hover},
                                    {"tail", "N", -0.2 * hover, 0.2 * hover, 0.0},
                                    {"cyclic_pitch", "rad", -0.35, 0.35, 0.0},
                                    {"cyclic_roll", "rad", -0.35, 0.35, 0.0}};
  };
  return v;
}

const VehicleRegistration kRigidBody{10, rigidBodyVehicle};
const VehicleRegistration kHelicopter{20, helicopterVehicle};

}  // namespace
}  // namespace lieride
