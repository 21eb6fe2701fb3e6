#pragma once
// A running vehicle: model + integrator + inputs + diagnostics, behind one interface that the
// CLI, the benchmarks and the app's physics thread all drive. Deterministic: the same inputs
// and the same sequence of calls give bit-identical states. clone() gives an independent copy
// (side-by-side comparisons, replay).
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "lieride/control/controls.hpp"
#include "lieride/lie/types.hpp"

namespace lieride {

enum class RunStatus { Ok, Diverged };
const char* toString(RunStatus s);

// What one step's solver did. Explicit integrators report iterations = 0.
struct StepReport {
  int iterations = 0;
  double residual = 0.0;
  bool converged = true;
};

// A Newton solve's verdict on its final relative residual: within the tolerance, or at the
// round-off floor (8 epsilon), where a solve that stopped decreasing ends. The documented
// tolerance reaches down to 1e-16 (docs/formats.md, "Limits"), below what a residual evaluated
// in doubles can show: such a solve stalled at 2.2e-16 and ended the run as diverged.
constexpr double kRoundOffResidual = 8.0 * 2.220446049250313e-16;
inline bool newtonConverged(double residual, double tolerance) {
  return residual <= tolerance || residual <= kRoundOffResidual;  // false for nan
}

// An immutable picture of a vehicle for drawing and plotting.
struct Snapshot {
  std::string vehicle;
  std::string integrator;
  double t = 0.0;
  double h = 0.0;
  Quat orientation = Quat::Identity();  // planar vehicles: rotation about +z by theta
  Vec3 position = Vec3::Zero();         // planar vehicles: (x, y, 0)
  Vec6 bodyVelocity = Vec6::Zero();     // (omega, v), body frame, at time t (from the momentum)
  std::vector<std::string> shapeNames;  // e.g. psi, sigma (car); psi, phi (snakeboard)
  std::vector<double> shape;
  std::vector<double> inputs;           // in the order of controls().channels()
  double energy = 0.0;      // of the state at t: continuous across integrator and h switches
  double momentum = 0.0;    // |spatial momentum| (3-D) or the nonholonomic momentum
  double constraint = 0.0;  // largest constraint residual (0 for holonomic vehicles)
  // dE/dt along the exact flow at this state: the power of the inputs and of every
  // non-conservative force (drag, contact damping and friction, waves). Integrated over time it
  // is the work W(t) with E(t) - E(0) = W(t) for the exact solution, so E - E(0) - W measures
  // the integrator's energy error even for a driven vehicle. NaN where a model cannot say.
  double power = std::numeric_limits<double>::quiet_NaN();
  // Nonholonomic vehicles: the alternating (period-2) part of the constraint residual relative
  // to the speed, and whether it has grown since the integrator started (Period2Monitor).
  double period2 = 0.0;
  bool period2Growing = false;
  // Vehicle-specific diagnostics the app plots beside the common ones (the controlled sleigh
  // flying its Pontryagin flow: costates p_x, p_y, p_theta, p_1, p_2, the Hamiltonian H and the
  // discrete constraint phi_d). Parallel vectors; at most 8 entries.
  std::vector<std::string> extraNames;
  std::vector<double> extras;
  StepReport solver;
  RunStatus status = RunStatus::Ok;
  std::string statusMessage;
};

class Simulation {
 public:
  virtual ~Simulation() = default;

  virtual std::string vehicleType() const = 0;
  virtual std::string integratorName() const = 0;
  virtual std::vector<std::string> applicableIntegrators() const = 0;
  // Switch integrator mid-run; the motion continues from the current pose and momentum. After
  // a divergence the run resumes, with the new integrator, from the last good state.
  // Throws std::invalid_argument for an integrator that does not apply.
  virtual void setIntegrator(const std::string& name) = 0;
  virtual double timeStep() const = 0;
  // Change h mid-run; the motion continues. Throws std::invalid_argument unless finite and > 0.
  virtual void setTimeStep(double h) = 0;
  virtual double time() const = 0;
  virtual RunStatus status() const = 0;
  virtual std::string statusMessage() const = 0;
  // Advance by one step h. After divergence the state stays at the last good step.
  virtual StepReport step() = 0;
  // Fix what depends on the loaded inputs (a model's prescribed coordinates, the energy check)
  // before the first step or snapshot. loadScenario calls it once the [controls] are in; step()
  // starts a simulation nobody started. Idempotent.
  virtual void start() {}
  virtual ControlSet& controls() = 0;
  virtual const ControlSet& controls() const = 0;
  virtual Snapshot snapshot() const = 0;
  // snapshot().power alone (dE/dt of the state at time() with the inputs now set), without the
  // rest of a snapshot: the app integrates the work W from it at every step.
  virtual double power() const { return snapshot().power; }
  // The exact state the next step() starts from, as raw doubles: the integrator's variables
  // (pose, momentum or velocities), t, h and the step counter since the last h change. What
  // stateHash() fingerprints (lieride/sim/state_hash.hpp). The run CSV is written outside this
  // interface, from each kind's state accessors (lieride/sim/run_csv.hpp).
  virtual void stateWords(std::vector<double>& words) const = 0;
  virtual std::unique_ptr<Simulation> clone() const = 0;
};

}  // namespace lieride
