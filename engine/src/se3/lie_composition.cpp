// lie-cay-tln4: Suzuki's five-stage fractal composition of lie-cay-tln (see se3_integrators.hpp).
#include <algorithm>
#include <cmath>

#include "se3_integrators.hpp"

namespace lieride::detail {

namespace {
// p = 1 / (4 - 4^{1/3}): 4 p + (1 - 4 p) = 1 and 4 p^3 + (1 - 4 p)^3 = 0 (Suzuki 1990).
const double kP = 1.0 / (4.0 - std::cbrt(4.0));
const std::array<double, LieComposition4Se3::kStages> kGamma = {kP, kP, 1.0 - 4.0 * kP, kP, kP};
}  // namespace

StepReport LieComposition4Se3::step(const Se3Dynamics& d, double t, double h, Se3State& s) {
  const bool continuing = next_.valid && sameState(next_.g, s.g) && next_.mu == s.mu &&
                          std::abs(next_.t - t) <= 1e-12 * std::max(1.0, std::abs(t));
  if (!continuing || next_.h != h) next_.history = 0;
  // The closing force of the last step opens this one unless the inputs changed since (then
  // f(t_k) with the new inputs: see LieVariationalSe3::solveAhead).
  const std::uint64_t inputs = d.controls->generation();
  Vec6 force = continuing && next_.inputs == inputs ? next_.force : d.wrench(t, s.g, d.inertia.velocity(s.mu));
  Vec6 xi = continuing ? next_.xi : Vec6::Constant(NAN);
  const int history = next_.history;
  // Ring buffer: the last step's velocities in substepXi[newest], earlier ones before it (mod
  // kHistory). This step's overwrite the oldest slot, substep by substep (substep i reads only
  // index i).
  const auto slot = [&](int stepsBack) -> std::array<Vec6, kStages>& {
    return next_.substepXi[static_cast<std::size_t>((next_.newest + kHistory - stepsBack) % kHistory)];
  };
  const auto& p0 = slot(0);
  const auto& p1 = slot(1);
  const auto& p2 = slot(2);
  auto& p3 = slot(3);  // the oldest: overwritten with this step's velocities
  StepReport total;
  double elapsed = 0.0;
  for (std::size_t i = 0; i < kStages; ++i) {
    // Newton's first guess: the polynomial extrapolation of substep i's velocity over the
    // previous steps (constant, linear, quadratic, cubic), error O(h) ... O(h^4).
    Vec6 predicted = Vec6::Constant(NAN);
    if (history >= 4)
      predicted = 4.0 * (p0[i] + p2[i]) - 6.0 * p1[i] - p3[i];
    else if (history == 3)
      predicted = 3.0 * (p0[i] - p1[i]) + p2[i];
    else if (history == 2)
      predicted = 2.0 * p0[i] - p1[i];
    else if (history == 1)
      predicted = p0[i];
    elapsed += kGamma[i];
    const double end = i + 1 == kStages ? t + h : t + elapsed * h;
    const StepReport r = base_.kickFlowKick(d, end, kGamma[i] * h, s.g, s.mu, force, xi, predicted);
    total.iterations += r.iterations;
    total.residual = std::max(total.residual, r.residual);
    if (!r.converged) {
      total.converged = false;
      next_.valid = false;
      next_.history = 0;
      return total;
    }
    p3[i] = xi;
  }
  next_.newest = (next_.newest + 1) % kHistory;
  next_.valid = true;
  next_.t = t + h;
  next_.h = h;
  next_.g = s.g;
  next_.mu = s.mu;
  next_.force = force;
  next_.inputs = inputs;
  next_.xi = xi;
  next_.history = std::min(history + 1, kHistory);
  return total;
}

}  // namespace lieride::detail
