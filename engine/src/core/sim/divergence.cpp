#include "lieride/sim/divergence.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace lieride {

std::optional<std::string> DivergenceMonitor::check(bool stateFinite, double energy, double maxSpeed,
                                                    const StepReport& solver, double t) const {
  std::ostringstream msg;
  msg.precision(6);
  if (!stateFinite || !std::isfinite(energy)) {
    msg << "diverged at t = " << t << ": non-finite state";
  } else if (!solver.converged) {
    msg << "diverged at t = " << t << ": solver did not converge (" << solver.iterations
        << " iterations, residual " << solver.residual << ")";
  } else if (maxSpeed > divergeSpeed) {
    msg << "diverged at t = " << t << ": speed " << maxSpeed << " above diverge_speed " << divergeSpeed;
  } else if (conservative && std::abs(energy - initialEnergy) > 10.0 * std::max(std::abs(initialEnergy), 1e-9)) {
    msg << "diverged at t = " << t << ": energy " << energy << " left the bound around E0 = " << initialEnergy;
  } else {
    return std::nullopt;
  }
  return msg.str();
}

}  // namespace lieride
