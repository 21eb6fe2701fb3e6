#include "pilot.hpp"

#include <algorithm>
#include <cmath>


namespace lieride::gui {
namespace {
double clampd(double v, double lo, double hi) { return std::min(hi, std::max(lo, v)); }
}  // namespace

Pilot::Pilot(const Simulation& sim, const PilotLimits& limits) : vehicle_(sim.vehicleType()), limits_(limits) {}

void Pilot::set(Simulation& sim, const char* channel, double v) const {
  const int i = sim.controls().find(channel);
  if (i >= 0 && std::isfinite(v)) sim.controls().setConstant(static_cast<std::size_t>(i), v);
}

bool Pilot::needsState(bool assist) const {
  return (vehicle_ == "helicopter" && assist) || vehicle_ == "car";
}

void Pilot::neutral(Simulation& sim) const { apply(PilotAxes{}, false, sim, nullptr); }

void Pilot::apply(const PilotAxes& a, bool assist, Simulation& sim, const Snapshot* s) const {
  if (vehicle_ == "helicopter") {
    helicopter(a, assist, sim, s);
  } else if (vehicle_ == "car") {
    car(a, sim, s);
  } else if (vehicle_ == "boat") {
    // Thrusters: up to 500 N ahead, 250 N astern each (the boat's defaults); turning left
    // (stick left) pushes harder on the right thruster.
    const double throttle = clampd(a.rt - a.lt + a.ly + a.ry, -1.0, 1.0);
    const double turn = clampd(a.rx + a.lx, -1.0, 1.0);
    auto thrust = [](double u) { return u >= 0 ? 500.0 * std::min(u, 1.0) : 250.0 * std::max(u, -1.0); };
    set(sim, "thrust_right", thrust(throttle - 0.7 * turn));
    set(sim, "thrust_left", thrust(throttle + 0.7 * turn));
  } else if (vehicle_ == "snakeboard") {
    set(sim, "rotor_torque", 40.0 * clampd(a.lx + a.ly, -1.0, 1.0));
    set(sim, "steer_torque", 4.0 * clampd(a.rx + a.ry, -1.0, 1.0));
  } else if (vehicle_ == "sleigh-controlled") {
    set(sim, "u1", clampd(a.rt - a.lt + a.ly + a.ry, -1.0, 1.0));  // force along the blade
    set(sim, "u2", -0.5 * clampd(a.lx + a.rx, -1.0, 1.0));        // torque, stick left turns left
  }
}

void Pilot::car(const PilotAxes& a, Simulation& sim, const Snapshot* s) const {
  // Drive torque up to 600 N m at the rear wheels; the left trigger brakes against the
  // rolling direction and reverses once the car is (nearly) stopped.
  const double vx = s ? s->bodyVelocity(3) : 0.0;
  const double drive = clampd(a.rt + std::max(0.0f, a.ly) + std::max(0.0f, a.ry), 0.0, 1.0);
  const double brake = clampd(a.lt + std::max(0.0f, -a.ly) + std::max(0.0f, -a.ry), 0.0, 1.0);
  double torque = 600.0 * drive;
  if (brake > 0) torque += (vx > 0.3 ? -1500.0 : -400.0) * brake;
  set(sim, "drive_torque", torque);
  // The stick commands a steering angle (stick left = turn left); the rate input servoes
  // sigma = tan(angle) to it, so released keys bring the wheels back to centre.
  double sigma = 0.0;
  if (s)
    for (std::size_t i = 0; i < s->shapeNames.size() && i < s->shape.size(); ++i)
      if (s->shapeNames[i] == "sigma") sigma = s->shape[i];
  const double want = std::tan(0.9 * limits_.maxSteer * clampd(-(a.lx + a.rx), -1.0, 1.0));
  set(sim, "steer_rate", clampd(4.0 * (want - sigma), -1.5, 1.5));
}

void Pilot::helicopter(const PilotAxes& a, bool assist, Simulation& sim, const Snapshot* s) const {
  const double m = limits_.mass, g = limits_.gravity;
  const double hover = m * g;
  if (!assist || s == nullptr) {
    set(sim, "collective", hover * (1.0 + 0.5 * a.ly));
    set(sim, "tail", -0.25 * hover * 0.1 * a.lx);
    set(sim, "cyclic_pitch", 0.12 * a.ry);
    set(sim, "cyclic_roll", 0.12 * a.rx);
    return;
  }
  // Flight assist: sticks command roll/pitch angle (up to 25 deg), yaw rate (up to 90 deg/s)
  // and climb rate (up to 3 m/s); PD on attitude with rate damping sets the rotor tilt.
  const Mat3 R = s->orientation.normalized().toRotationMatrix();
  const Vec3 w = s->bodyVelocity.head<3>();
  const Vec3 vWorld = R * s->bodyVelocity.tail<3>();
  const double roll = std::atan2(R(2, 1), R(2, 2));
  const double pitch = std::asin(clampd(-R(2, 0), -1.0, 1.0));
  const double maxTilt = 25.0 * M_PI / 180.0;
  const double rollCmd = maxTilt * a.rx, pitchCmd = maxTilt * a.ry;
  // The model has no ground contact: the assist slows any descent to a touchdown with the
  // skids (0.28 m below the body origin) at z = 0, so a newcomer can land. Gain 0.6 1/s
  // with the 2.5 1/s climb-rate loop below makes the approach critically damped.
  const double skids = 0.28;
  const double climbCmd = std::max(3.0 * a.ly, -0.6 * (s->position.z() - skids)), yawRateCmd = -M_PI / 2.0 * a.lx;
  const double tilt = std::max(0.3, std::cos(roll) * std::cos(pitch));
  const double uc = clampd(m * (g + 2.5 * (climbCmd - vWorld.z())) / tilt, 0.0, 2.5 * hover);
  const double kp = 36.0, kd = 12.0;  // critically damped, natural frequency 6 rad/s
  const Vec3 J = limits_.inertia;
  const double tauX = J.x() * (kp * (rollCmd - roll) - kd * w.x());
  const double tauY = J.y() * (kp * (pitchCmd - pitch) - kd * w.y());
  const double tauZ = J.z() * 4.0 * (yawRateCmd - w.z());
  const double arm = limits_.hubHeight * std::max(uc, 0.2 * hover);
  const double gr = std::asin(clampd(tauX / arm, -0.35, 0.35));
  const double gp = std::asin(clampd(tauY / (arm * std::cos(gr)), -0.35, 0.35));
  set(sim, "collective", uc);
  set(sim, "tail", clampd(tauZ / limits_.tailArm, -0.2 * hover, 0.2 * hover));
  set(sim, "cyclic_pitch", gp);
  set(sim, "cyclic_roll", gr);
}

std::vector<std::pair<std::string, std::string>> Pilot::describe(const std::string& v, bool assist) {
  if (v == "helicopter") {
    if (assist)
      return {{"Left stick up/down  (W/S)", "climb rate, +/-3 m/s; descent eases to a touchdown on the skids"},
              {"Left stick left/right  (A/D)", "yaw rate, +/-90 deg/s"},
              {"Right stick up/down  (I/K, arrows)", "pitch angle, +/-25 deg"},
              {"Right stick left/right  (J/L, arrows)", "roll angle, +/-25 deg"}};
    return {{"Left stick up/down  (W/S)", "collective u_c = m g (1 +/- 0.5)"},
            {"Left stick left/right  (A/D)", "tail rotor u_psi"},
            {"Right stick up/down  (I/K, arrows)", "cyclic pitch gamma_p, +/-0.12 rad"},
            {"Right stick left/right  (J/L, arrows)", "cyclic roll gamma_r, +/-0.12 rad"}};
  }
  if (v == "car")
    return {{"Right trigger  (W / Up)", "drive torque f_psi, up to 600 N m"},
            {"Left trigger  (S / Down)", "brake, then reverse"},
            {"Left stick left/right  (A/D)", "steering angle (wheels centre on release)"}};
  if (v == "boat")
    return {{"Right trigger / left stick up  (W)", "throttle, both thrusters"},
            {"Left trigger / left stick down  (S)", "reverse"},
            {"Right stick left/right  (A/D)", "differential thrust (turn)"}};
  if (v == "sleigh-controlled")
    return {{"Right trigger / stick up  (W)", "force u1 along the blade, up to 1 N"},
            {"Left trigger / stick down  (S)", "force backwards"},
            {"Left stick left/right  (A/D)", "torque u2, +/-0.5 N m"}};
  if (v == "snakeboard")
    return {{"Left stick left/right  (A/D)", "rotor torque tau_psi (twist)"},
            {"Right stick left/right  (J/L)", "steering torque tau_phi"}};
  return {{"(no inputs)", "this vehicle has no input channels"}};
}

}  // namespace lieride::gui
