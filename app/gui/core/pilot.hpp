#pragma once
// Turns the pilot's normalised axes into a vehicle's input channels, once per physics step.
// Helicopter (Mode 2): left stick = collective around hover (up/down) and yaw (left/right),
// right stick = cyclic pitch (up/down) and roll (left/right). With the flight assist on, the
// sticks command attitude, yaw rate and climb rate and a PD law with rate damping computes
// the inputs from the current state, so a newcomer can hover; with it off the sticks map
// directly onto u_c, u_psi, gamma_p, gamma_r (docs/models.md section 2).
// Car: right trigger drive torque, left trigger brake (reverse when stopped), left stick
// steering angle (the steering-rate input servoes the wheels to it: they centre on release). Boat: right trigger / left stick throttle, right stick differential thrust.
// Snakeboard: left stick rotor torque, right stick steering torque.
#include <string>
#include <vector>

#include "commands.hpp"
#include "lieride/sim/simulation.hpp"

namespace lieride::gui {

struct PilotLimits {
  double mass = 5.0;  // read from the scenario's [vehicle] table (docs/models.md defaults)
  double gravity = 9.81;
  double hubHeight = 0.25;
  double tailArm = 0.9;
  Vec3 inertia = Vec3(0.15, 0.25, 0.20);
  double maxSteer = 0.6;  // car: steering limit (rad)
};

class Pilot {
 public:
  Pilot(const Simulation& sim, const PilotLimits& limits);
  // Writes constant signals into the channels this vehicle's mapping drives.
  void apply(const PilotAxes& axes, bool assist, Simulation& sim, const Snapshot* state) const;
  // Neutral inputs (hover collective for the helicopter, zero for everything else).
  void neutral(Simulation& sim) const;
  // Whether apply() needs the current state each step (the helicopter assist, car brake).
  bool needsState(bool assist) const;
  const std::string& vehicle() const { return vehicle_; }
  // Human-readable description of the mapping for the Controls panel.
  static std::vector<std::pair<std::string, std::string>> describe(const std::string& vehicle,
                                                                   bool assist);

 private:
  void set(Simulation& sim, const char* channel, double v) const;
  void helicopter(const PilotAxes& a, bool assist, Simulation& sim, const Snapshot* s) const;
  void car(const PilotAxes& a, Simulation& sim, const Snapshot* s) const;

  std::string vehicle_;
  PilotLimits limits_;
};

}  // namespace lieride::gui
