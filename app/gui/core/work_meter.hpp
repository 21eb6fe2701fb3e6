#pragma once
// The work W(t) of the inputs and of the non-conservative forces, for the energy balance
// E - E(0) - W the Plots window shows (docs/app.md): the trapezoid rule over every physics step,
// with that step's own inputs at both ends, (h/2) (P(t_k) + P(t_k+1)). A pilot or a take sets
// the next step's inputs only after a step, so a key pressed between steps adds no error of
// its own (paired with the next step's inputs it added (h/2) Delta P). The closing power of a
// step is the next one's opening power whenever the inputs at that time are unchanged (a held
// key, a scripted signal), so most steps evaluate the power once, not twice.
#include <cmath>
#include <limits>

#include "lieride/sim/simulation.hpp"

namespace lieride::gui {

class WorkMeter {
 public:
  double work() const { return work_; }
  // W = 0 from the state now (a reset, a restart): nothing cached is reused.
  void reset() {
    work_ = 0;
    forget();
  }

  // Runs `takeStep` (one step of sim with the inputs now set) and adds its work. A step that
  // diverges adds nothing; a step that throws adds nothing and leaves nothing cached.
  template <class Step>
  void step(Simulation& sim, Step&& takeStep) {
    const double t0 = sim.time();
    const InputVec u0 = sim.controls().values(t0);
    const double p0 = t0 == lastT_ && u0.size() == lastU_.size() && u0 == lastU_ ? lastP_ : finiteOrZero(sim.power());
    forget();
    takeStep();
    if (sim.status() != RunStatus::Ok) return;
    lastT_ = sim.time();
    lastU_ = sim.controls().values(lastT_);
    lastP_ = finiteOrZero(sim.power());
    work_ += 0.5 * (lastT_ - t0) * (p0 + lastP_);
  }

 private:
  void forget() { lastT_ = std::numeric_limits<double>::quiet_NaN(); }
  static double finiteOrZero(double p) { return std::isfinite(p) ? p : 0.0; }
  double work_ = 0;
  double lastT_ = std::numeric_limits<double>::quiet_NaN(), lastP_ = 0;
  InputVec lastU_;
};

}  // namespace lieride::gui
