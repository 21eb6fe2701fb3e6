// lie-cay-tln4: Yoshida/Suzuki triple-jump composition of lie-cay-tln (see se3_integrators.hpp).
#include <algorithm>
#include <cmath>

#include "se3_integrators.hpp"

namespace lieride::detail {

namespace {
// g1 = 1 / (2 - 2^{1/3}), g2 = 1 - 2 g1: g1 + g2 + g1 = 1 and 2 g1^3 + g2^3 = 0 (Yoshida 1990, Eq. 5.7).
const double kOuter = 1.0 / (2.0 - std::cbrt(2.0));
const double kInner = 1.0 - 2.0 * kOuter;
}  // namespace

StepReport LieComposition4Se3::step(const Se3Dynamics& d, double t, double h, Se3State& s) {
  const bool continuing = next_.valid && sameState(next_.g, s.g) && next_.mu == s.mu &&
                          std::abs(next_.t - t) <= 1e-12 * std::max(1.0, std::abs(t));
  Vec6 force = continuing ? next_.force : d.wrench(t, s.g, d.inertia.velocity(s.mu));
  // Newton's guess for each substep: the previous substep's velocity (the velocity does not
  // change sign with the step; at large steps it fits far better than a fixed-point pass).
  Vec6 xi = continuing ? next_.xi : Vec6::Constant(NAN);
  // Substep end times; the last is exactly t + h.
  const double ends[3] = {t + kOuter * h, t + (kOuter + kInner) * h, t + h};
  const double steps[3] = {kOuter * h, kInner * h, kOuter * h};
  StepReport total;
  for (int i = 0; i < 3; ++i) {
    const StepReport r = base_.kickFlowKick(d, ends[i], steps[i], s.g, s.mu, force, xi);
    total.iterations += r.iterations;
    total.residual = std::max(total.residual, r.residual);
    if (!r.converged) {
      total.converged = false;
      next_.valid = false;
      return total;
    }
  }
  next_ = {true, t + h, s.g, s.mu, force, xi};
  return total;
}

}  // namespace lieride::detail
