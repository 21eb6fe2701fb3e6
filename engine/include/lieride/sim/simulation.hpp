#pragma once
// A running vehicle: model + integrator + inputs + diagnostics, behind one interface that the
// CLI, the benchmarks and the app's physics thread all drive. Deterministic: the same inputs
// and the same sequence of calls give bit-identical states. clone() gives an independent copy
// (side-by-side comparisons, replay).
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
  // Switch integrator mid-run; the motion continues from the current pose and momentum.
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
  // Run CSV columns (docs/formats.md section 3) excluding the final `status` column.
  virtual std::vector<std::string> csvColumns() const = 0;
  virtual void csvRow(std::vector<double>& values) const = 0;
  virtual Snapshot snapshot() const = 0;
  virtual std::unique_ptr<Simulation> clone() const = 0;
};

}  // namespace lieride
