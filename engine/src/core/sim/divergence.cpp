#include "lieride/sim/divergence.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace lieride {

std::optional<std::string> DivergenceMonitor::check(bool stateFinite, double energy, double maxSpeed,
                                                    const StepReport& solver, double t, double energyScale) const {
  const bool solverFailed = !solver.converged;
  const bool tooFast = maxSpeed > divergeSpeed;
  const double change = std::abs(energy - initialEnergy);
  const bool energyRunaway =
      conservative && change > 10.0 * std::max(std::abs(initialEnergy), 1e-9) && change > 0.5 * energyScale;
  if (stateFinite && std::isfinite(energy) && !solverFailed && !tooFast && !energyRunaway) return std::nullopt;
  std::ostringstream msg;  // only built on divergence: this check runs every step
  msg.precision(6);
  if (!stateFinite || !std::isfinite(energy)) {
    msg << "diverged at t = " << t << ": non-finite state";
  } else if (solverFailed) {
    msg << "diverged at t = " << t << ": solver did not converge (" << solver.iterations
        << " iterations, residual " << solver.residual << ")";
  } else if (tooFast) {
    msg << "diverged at t = " << t << ": a speed of " << maxSpeed << " (m/s or rad/s) above the divergence limit of "
        << divergeSpeed << " ([integrator] diverge_speed)";
  } else {
    msg << "diverged at t = " << t << ": energy " << energy << " left the bound around E0 = " << initialEnergy;
  }
  return msg.str();
}

}  // namespace lieride
