// Registration of the nonholonomic vehicles: scenario keys per docs/formats.md
// section 2, every parameter with its docs/models.md default.
#include <cmath>
#include <sstream>

#include "lieride/model/car.hpp"
#include "lieride/model/sleigh.hpp"
#include "lieride/model/snakeboard.hpp"
#include "lieride/sim/planar_simulation.hpp"
#include "lieride/sim/registry.hpp"

namespace lieride {
namespace {

const std::vector<std::string> kShapeIntegrators = {"lie-nh", "lie-nh-general", "nh-reflect", "nh-rattle",
                                                    "dla", "euler", "rk2", "rk4"};
const std::vector<std::string> kParticleIntegrators = {"nh-reflect", "nh-rattle", "dla", "euler", "rk2", "rk4"};

NhIntegratorSettings readNhSettings(TableReader& integ) {
  NhIntegratorSettings s;
  s.alpha = integ.number("alpha", 0.5);
  if (!(s.alpha >= 0.0 && s.alpha <= 1.0)) integ.fail("alpha", "a quadrature parameter in [0, 1]");
  s.dlaConstraint = integ.string("constraint", "midpoint");
  if (s.dlaConstraint != "midpoint" && s.dlaConstraint != "start")
    integ.fail("constraint", "\"midpoint\" or \"start\" (dla constraint discretisation)");
  s.reflectStart = integ.string("start", s.reflectStart);
  if (!reflectStartNamed(s.reflectStart))
    integ.fail("start", "\"half-impulse-energy\", \"half-impulse\" or \"tangent\" (nh-reflect start, docs/nonholonomic.md)");
  return s;
}

void checkNear(TableReader& r, const std::string& key, double given, double expected, const std::string& what) {
  if (disagrees(given, expected))
    r.fail(key, what + " = " + std::to_string(expected) + " (fixed by the rolling constraints)");
}

std::unique_ptr<Simulation> finish(std::unique_ptr<NhModel> m, ScenarioContext& ctx, const NhState& s,
                                   const std::vector<std::string>& integrators) {
  const NhIntegratorSettings nh = readNhSettings(ctx.integrator);
  return std::make_unique<PlanarSimulation>(std::move(m), ctx.settings, nh, s, integrators);
}

std::unique_ptr<Simulation> buildCar(ScenarioContext& ctx) {
  CarParams p;
  auto& v = ctx.vehicle;
  p.mass = v.positive("mass", p.mass);
  p.wheelInertia = v.positive("wheel_inertia", p.wheelInertia);
  p.yawInertia = v.positive("yaw_inertia", p.yawInertia);
  p.wheelbase = v.positive("wheelbase", p.wheelbase);
  p.wheelRadius = v.positive("wheel_radius", p.wheelRadius);
  p.maxSteer = v.positive("max_steer", p.maxSteer);
  if (!(p.maxSteer < 1.5)) v.fail("max_steer", "a steering limit in (0, 1.5) rad");
  auto model = std::make_unique<CarModel>(p);
  auto& in = ctx.initial;
  const auto pos = in.numbers("position", {0.0, 0.0});
  const double heading = in.number("heading", 0.0);
  const auto shape = in.numbers("shape", {0.0, 0.0});
  if (std::abs(shape[1]) > model->sigmaMax() + 1e-12)
    in.fail("shape", "sigma = tan(phi) within +-tan(max_steer) = " + std::to_string(model->sigmaMax()));
  double psiDot = 0.0, sigmaDot = 0.0;
  if (in.has("shape_velocity")) {
    const auto sv = in.numbers("shape_velocity", {0.0, 0.0});
    psiDot = sv[0];
    sigmaDot = sv[1];
  } else if (in.has("linear_velocity")) {
    psiDot = in.numbers("linear_velocity", {0.0, 0.0})[0] / p.wheelRadius;
  }
  const NhState s = model->stateFrom({heading, pos[0], pos[1]}, shape[0], shape[1], psiDot, sigmaDot);
  if (in.has("linear_velocity")) {
    const auto lv = in.numbers("linear_velocity", {0.0, 0.0});
    checkNear(in, "linear_velocity", lv[0], p.wheelRadius * psiDot, "[vx, vy] with vx = wheel_radius psi_dot");
    checkNear(in, "linear_velocity", lv[1], 0.0, "[vx, vy] with vy");
  }
  if (in.has("angular_velocity"))
    checkNear(in, "angular_velocity", in.number("angular_velocity", 0.0), s.qdot(0), "omega = (rho/l) sigma psi_dot");
  return finish(std::move(model), ctx, s, kShapeIntegrators);
}

std::unique_ptr<Simulation> buildSnakeboard(ScenarioContext& ctx) {
  SnakeboardParams p;
  auto& v = ctx.vehicle;
  p.mass = v.positive("mass", p.mass);
  p.halfWheelbase = v.positive("half_wheelbase", p.halfWheelbase);
  p.rotorInertia = v.positive("rotor_inertia", p.rotorInertia);
  p.axleInertia = v.positive("axle_inertia", p.axleInertia);
  if (!(p.rotorInertia < p.mass * p.halfWheelbase * p.halfWheelbase))
    v.fail("rotor_inertia", "J_r < m l^2 (the total yaw inertia m l^2 includes the rotor)");
  auto model = std::make_unique<SnakeboardModel>(p);
  auto& in = ctx.initial;
  const auto pos = in.numbers("position", {0.0, 0.0});
  const double heading = in.number("heading", 0.0);
  const auto shape = in.numbers("shape", {0.0, 0.0});
  if (!(std::abs(shape[1]) < 1.2)) in.fail("shape", "a steering angle |phi| < 1.2 rad (the constraints are singular at pi/2)");
  const auto sv = in.numbers("shape_velocity", {0.0, 0.0});
  const auto lv = in.numbers("linear_velocity", {0.0, 0.0});
  checkNear(in, "linear_velocity", lv[1], 0.0, "[vx, vy] with vy");
  const NhState s = model->stateFrom({heading, pos[0], pos[1]}, shape[0], shape[1], sv[0], sv[1],
                                     model->momentumFrom(shape[1], sv[0], lv[0]));
  // angular_velocity is checked with the controls (checkSnakeboardControls): a prescribed
  // shape decides phi(0) where [initial] leaves the shape out.
  return finish(std::move(model), ctx, s, kShapeIntegrators);
}

// docs/formats.md section 2: a prescribed shape (psi or phi given) drives the shape itself, so
// the shape torques must be absent and the initial shape must equal the prescribed psi(0), phi(0).
void checkSnakeboardControls(ScenarioContext& ctx, Simulation& sim) {
  using S = SnakeboardModel;
  const ControlSet& c = sim.controls();
  auto& planar = dynamic_cast<PlanarSimulation&>(sim);
  const auto& model = dynamic_cast<const SnakeboardModel&>(planar.model());
  const bool prescribed = !(c.signal(S::kPsiSignal).identicallyZero() && c.signal(S::kPhiSignal).identicallyZero());
  auto& in = ctx.initial;
  if (prescribed && !in.has("shape")) {
    // The board starts in the prescribed shape, rolling at [initial] linear_velocity's vx: the
    // state was built at phi = 0, and projected onto phi(0)'s rolling direction at the start it
    // rolled at cos^2(phi(0)) vx.
    const NhState& s = planar.state();
    const double psi0 = c.value(S::kPsiSignal, 0.0), phi0 = c.value(S::kPhiSignal, 0.0);
    const double psiDot0 = c.signal(S::kPsiSignal).rate(0.0), phiDot0 = c.signal(S::kPhiSignal).rate(0.0);
    if (!(std::abs(phi0) < 1.2))
      throw ScenarioError(ctx.file + ": key 'controls.phi': expected a steering angle |phi(0)| < 1.2 rad (the constraints are singular at pi/2)");
    const double vx = in.numbers("linear_velocity", {0.0, 0.0})[0];
    planar.replaceInitialState(model.stateFrom({s.q(S::kTheta), s.q(S::kX), s.q(S::kY)}, psi0, phi0, psiDot0, phiDot0,
                                               model.momentumFrom(phi0, psiDot0, vx)));
  }
  if (in.has("angular_velocity"))
    checkNear(in, "angular_velocity", in.number("angular_velocity", 0.0), planar.state().qdot(S::kTheta),
              "omega = -tan(phi) vx / l");
  if (!prescribed) return;
  for (const auto channel : {S::kRotorTorque, S::kSteerTorque}) {
    if (c.signal(channel).identicallyZero()) continue;
    throw ScenarioError(ctx.file + ": key 'controls." + c.channels()[channel] +
                        "': expected no shape torque when the shape is prescribed by controls.psi / controls.phi "
                        "(give torques or a prescribed shape, not both)");
  }
  if (ctx.initial.has("shape_velocity")) {
    // The prescribed rates replace it too (a non-zero value was ignored without a word; 0, the
    // default, reads as "not given").
    const auto sv = ctx.initial.numbers("shape_velocity", {0.0, 0.0});
    const double psiDot0 = c.signal(S::kPsiSignal).rate(0.0), phiDot0 = c.signal(S::kPhiSignal).rate(0.0);
    if (givenRateDisagrees(sv[0], psiDot0) || givenRateDisagrees(sv[1], phiDot0)) {
      std::ostringstream want;
      want.precision(12);
      want << "[psi_dot, phi_dot] = the prescribed rates at t = 0, [" << psiDot0 << ", " << phiDot0
           << "] (controls.psi / controls.phi prescribe the shape; leave the key out)";
      ctx.initial.fail("shape_velocity", want.str());
    }
  }
  if (!ctx.initial.has("shape")) return;
  const auto shape = ctx.initial.numbers("shape", {0.0, 0.0});
  const double psi0 = c.value(S::kPsiSignal, 0.0), phi0 = c.value(S::kPhiSignal, 0.0);
  if (disagrees(shape[0], psi0) || disagrees(shape[1], phi0))
  {
    std::ostringstream want;
    want.precision(12);
    want << "[psi, phi] = the prescribed [psi(0), phi(0)] = [" << psi0 << ", " << phi0
         << "] (controls.psi / controls.phi prescribe the shape)";
    ctx.initial.fail("shape", want.str());
  }
}

std::unique_ptr<Simulation> buildSleigh(ScenarioContext& ctx) {
  SleighParams p;
  auto& v = ctx.vehicle;
  p.mass = v.positive("mass", p.mass);
  p.inertia = v.positive("inertia", p.inertia);
  p.comOffset = v.number("com_offset", p.comOffset);
  auto model = std::make_unique<SleighModel>(p);
  auto& in = ctx.initial;
  const auto pos = in.numbers("position", {0.0, 0.0});
  const double heading = in.number("heading", 0.0);
  const double omega = in.number("angular_velocity", 0.0);
  const auto lv = in.numbers("linear_velocity", {0.0, 0.0});
  checkNear(in, "linear_velocity", lv[1], 0.0, "[vx, vy] with vy (the blade does not slide sideways)");
  const NhState s = model->stateFrom({heading, pos[0], pos[1]}, omega, lv[0]);
  return finish(std::move(model), ctx, s, kShapeIntegrators);  // lie-nh is the general Newton form here
}

std::unique_ptr<Simulation> buildParticle(ScenarioContext& ctx) {
  auto model = std::make_unique<NpParticleModel>();
  auto& in = ctx.initial;
  const auto pos = in.numbers("position", {0.0, 0.0, 0.0});
  const auto vel = in.numbers("velocity", {1.0, 0.5, pos[1] * 1.0});
  checkNear(in, "velocity", vel[2], pos[1] * vel[0], "[xdot, ydot, zdot] with zdot = y xdot");
  NhState s;
  s.q.resize(3);
  s.q << pos[0], pos[1], pos[2];
  s.qdot.resize(3);
  s.qdot << vel[0], vel[1], vel[2];
  return finish(std::move(model), ctx, s, kParticleIntegrators);
}

std::vector<IntegratorInfo> infos(const std::vector<std::string>& names) {
  std::vector<IntegratorInfo> r;
  for (const auto& n : names) r.push_back({n, nhIntegratorDescription(n)});
  return r;
}

// The car's steering is kinematic (docs/models.md section 4): sigma_dot is controls.steer_rate,
// so a non-zero [initial] sigma_dot other than steer_rate(0) was replaced by it without a word
// (0, the default, reads as "not given").
void checkCarControls(ScenarioContext& ctx, Simulation& sim) {
  if (!ctx.initial.has("shape_velocity")) return;
  const auto& model = dynamic_cast<const CarModel&>(dynamic_cast<const PlanarSimulation&>(sim).model());
  const auto shape = ctx.initial.numbers("shape", {0.0, 0.0});
  const double sigmaDot = ctx.initial.numbers("shape_velocity", {0.0, 0.0})[1];
  const double want = model.steerRate(shape[1], sim.controls().value(CarModel::kSteerRate, 0.0));
  if (givenRateDisagrees(sigmaDot, want)) {
    std::ostringstream text;
    text.precision(12);
    text << "[psi_dot, sigma_dot] with sigma_dot = controls.steer_rate at t = 0 = " << want
         << " (the steering is kinematic: steer_rate sets sigma_dot)";
    ctx.initial.fail("shape_velocity", text.str());
  }
}

VehicleInfo carVehicle() {
  VehicleInfo v{"car", "car with simple dynamics (Kobilarov et al. 5.2.1)", infos(kShapeIntegrators),
                {"drive_torque", "steer_rate"}, buildCar, checkCarControls};
  // Pilot ranges: 600 N m of drive at the rear wheels, 1500 N m of braking; sigma = tan(phi)
  // changes at up to 1.5 per second (and saturates at tan(max_steer) in the model).
  v.describeChannels = [](const Simulation&) {
    return std::vector<ChannelInfo>{{"drive_torque", "N m", -1500.0, 600.0, 0.0}, {"steer_rate", "1/s", -1.5, 1.5, 0.0}};
  };
  return v;
}

VehicleInfo snakeboardVehicle() {
  VehicleInfo v{"snakeboard", "snakeboard (Kobilarov et al. 5.2.2, Ostrowski Ex. 5.4)", infos(kShapeIntegrators),
                {"rotor_torque", "steer_torque", "psi", "phi"}, buildSnakeboard, checkSnakeboardControls};
  // Pilot ranges: rider twist torque +-40 N m, wheel steering torque +-4 N m; psi and phi
  // prescribe the shape (scripted gaits), no pilot range.
  v.describeChannels = [](const Simulation&) {
    return std::vector<ChannelInfo>{{"rotor_torque", "N m", -40.0, 40.0, 0.0}, {"steer_torque", "N m", -4.0, 4.0, 0.0},
                                    {"psi", "rad", 0.0, 0.0, 0.0}, {"phi", "rad", 0.0, 0.0, 0.0}};
  };
  return v;
}

VehicleInfo sleighVehicle() {
  return {"sleigh", "Chaplygin sleigh (Ferraro et al. Ex. 3)",
          infos(kShapeIntegrators), {}, buildSleigh};
}

VehicleInfo particleVehicle() {
  return {"np-particle", "nonholonomic particle (Ferraro et al. Ex. 1)", infos(kParticleIntegrators), {}, buildParticle};
}

const VehicleRegistration kCar{30, carVehicle};
const VehicleRegistration kSnakeboard{40, snakeboardVehicle};
const VehicleRegistration kSleigh{50, sleighVehicle};
const VehicleRegistration kParticle{60, particleVehicle};

}  // namespace
}  // namespace lieride
