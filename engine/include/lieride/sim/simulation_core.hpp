#pragma once
// What every vehicle's Simulation shares (docs/architecture.md, Engine): the clock, the checks
// of h and of the integrator name, the inputs, the status and its message, and the divergence
// monitor. step() is written once here: a step the monitor rejects is undone, so the state
// stays at the last good step and t does not advance; the failed step is kept for the run
// CSV's diverged row (docs/formats.md section 3). A vehicle's simulation derives from
// SimulationOf<its state type> and supplies one integrator step and what the monitor reads.
#include <string>
#include <utility>
#include <vector>

#include "lieride/control/controls.hpp"
#include "lieride/sim/divergence.hpp"
#include "lieride/sim/simulation.hpp"

namespace lieride {

struct IntegratorSettings;

// What the divergence monitor reads from the state a step produced.
struct StepHealth {
  bool finite = true;    // the state (and the velocity derived from it) is finite
  double energy = 0.0;   // read only in a conservative run, and tested for finiteness
  double maxSpeed = 0.0;
  double energyScale = 0.0;  // T + |V| (DivergenceMonitor::check); 0 where not split
};

// Throws std::invalid_argument("time step must be finite and > 0") unless h is.
void checkTimeStep(double h);

class SimulationCore : public Simulation {
 public:
  std::string integratorName() const final { return integrator_; }
  std::vector<std::string> applicableIntegrators() const final { return integrators_; }
  // Throws std::invalid_argument for a name not in applicableIntegrators(); nothing changes then.
  void setIntegrator(const std::string& name) final;
  double timeStep() const final { return h_; }
  void setTimeStep(double h) final;
  double time() const final { return t_; }
  RunStatus status() const final { return status_; }
  std::string statusMessage() const final { return message_; }
  StepReport step() final;
  void start() final;
  ControlSet& controls() final { return controls_; }
  const ControlSet& controls() const final { return controls_; }

  // The energy of the state at t (what the monitor bounds in a conservative run).
  virtual double energy() const = 0;
  // The largest speed of the state at t as the divergence monitor measures it (shape rates
  // included): the scenario loader refuses a start above diverge_speed with it.
  double currentMaxSpeed() const { return health(false).maxSpeed; }
  bool diverged() const { return status_ == RunStatus::Diverged; }
  bool started() const { return started_; }
  // The last step's solver report (an empty one before the first step and after a resume).
  const StepReport& lastReport() const { return last_; }
  // The time of the state a run CSV row shows: the failed step's after a divergence, else t.
  double rowTime() const { return diverged() ? failedT_ : t_; }
  // The clock: t = clockBase() + stepsSinceBase() h, restarted at t by every change of h, so
  // that t never drifts from the exact sample times.
  double clockBase() const { return tBase_; }
  long stepsSinceBase() const { return steps_; }

 protected:
  // Checks h and the divergence speed; the subclass then calls setIntegrator() with
  // firstIntegrator(settings), once it can build an integrator.
  SimulationCore(std::vector<std::string> integrators, std::vector<std::string> channels,
                 const IntegratorSettings& settings);
  std::string firstIntegrator(const IntegratorSettings& settings) const;
  // The clock at step stepsSinceBase() + fraction (0: t, 0.5: the step midpoint, 1: t + h).
  double stepTime(double fraction) const { return tBase_ + (static_cast<double>(steps_) + fraction) * h_; }

  // One step of the running integrator from the state at t, in place (step() keeps the state
  // it started from and restores it when the monitor rejects the result).
  virtual StepReport advance(double t, double h) = 0;
  // What the monitor reads from the state just produced; energy is needed when `needEnergy`.
  virtual StepHealth health(bool needEnergy) const = 0;
  // Whether the energy is an invariant of the run when no input is applied (no damping).
  virtual bool conservativeWithoutInputs() const { return true; }
  // Build the named integrator (from the current state once started()).
  virtual void useIntegrator(const std::string& name) = 0;
  // Fix what depends on the loaded inputs before the first step (called once by start()).
  virtual void onStart() {}
  // After a change of h (the clock has restarted at t).
  virtual void timeStepChanged() {}
  // After a step the monitor accepted (the clock shows its time).
  virtual void stepAccepted() {}
  // The state keeping, written once in SimulationOf.
  virtual void keepLastGood() = 0;
  virtual void undoStep() = 0;

 private:
  void armMonitor();

  std::vector<std::string> integrators_;
  std::string integrator_;
  ControlSet controls_;
  double t_ = 0.0, h_ = 0.01, tBase_ = 0.0;
  long steps_ = 0;
  double failedT_ = 0.0;  // the time of the step that failed
  DivergenceMonitor monitor_;
  bool started_ = false;
  RunStatus status_ = RunStatus::Ok;
  std::string message_;
  StepReport last_;
};

// The state keeping of every vehicle: the state at t, the state before the last step, and the
// step that failed the divergence check.
template <class State>
class SimulationOf : public SimulationCore {
 public:
  const State& state() const { return state_; }
  // The state before the last step; after a diverged step (undone) it equals state().
  const State& previousState() const { return previous_; }
  // The state a run CSV row shows: the failed step after a divergence (docs/formats.md
  // section 3), else state().
  const State& rowState() const { return diverged() ? failed_ : state_; }
  // Before start(): the initial state, replaced (a scenario's controls decide part of it).
  void replaceInitialState(const State& s) { state_ = previous_ = failed_ = s; }

 protected:
  SimulationOf(const State& initial, std::vector<std::string> integrators, std::vector<std::string> channels,
               const IntegratorSettings& settings)
      : SimulationCore(std::move(integrators), std::move(channels), settings),
        state_(initial), previous_(initial), failed_(initial) {}

  State state_;

 private:
  void keepLastGood() final { previous_ = state_; }
  void undoStep() final {
    failed_ = state_;
    state_ = previous_;
  }

  State previous_;
  State failed_;
};

}  // namespace lieride
