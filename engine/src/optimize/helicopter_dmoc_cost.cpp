// The helicopter DMOC's cost (docs/formats.md section 4, [cost]): control effort measured
// from hover and smoothness, plus the shaping terms (shaping_costs.hpp): path length, hazard
// near the obstacles, soft waypoints. Split from helicopter_dmoc.cpp, which holds the
// constraints.
#include <algorithm>

#include "lieride/optimize/helicopter_dmoc.hpp"
#include "shaping_costs.hpp"

namespace lieride::opt {

double HelicopterDmoc::cost(const double* x) const {
  const double h = timeStep(x);
  double J = problem_.timeWeight * n_ * h;
  for (int k = 0; k <= n_; ++k)
    for (int c = 0; c < 4; ++c) {
      const double d = x[var(k, kUc + c)] - hover_[static_cast<std::size_t>(c)];
      J += h * effort_[static_cast<std::size_t>(c)] * d * d;
      if (k < n_) {
        const double du = x[var(k + 1, kUc + c)] - x[var(k, kUc + c)];
        J += smooth_[static_cast<std::size_t>(c)] * du * du / h;
      }
    }
  return J + shapingCost(x, h, nullptr, nullptr);
}

void HelicopterDmoc::costGradient(const double* x, double* grad) const {
  std::fill(grad, grad + numVariables(), 0.0);
  const double h = timeStep(x);
  double dh = problem_.timeWeight * n_;
  for (int k = 0; k <= n_; ++k)
    for (int c = 0; c < 4; ++c) {
      const auto C = static_cast<std::size_t>(c);
      const double d = x[var(k, kUc + c)] - hover_[C];
      grad[var(k, kUc + c)] += 2.0 * h * effort_[C] * d;
      dh += effort_[C] * d * d;
      if (k < n_) {
        const double du = x[var(k + 1, kUc + c)] - x[var(k, kUc + c)];
        grad[var(k + 1, kUc + c)] += 2.0 * smooth_[C] * du / h;
        grad[var(k, kUc + c)] -= 2.0 * smooth_[C] * du / h;
        dh -= smooth_[C] * du * du / (h * h);
      }
    }
  shapingCost(x, h, grad, &dh);
  if (free_) grad[stepVariable()] = dh;
}

void HelicopterDmoc::costHessianPattern(std::vector<std::pair<int, int>>& pairs) const {
  for (int k = 0; k < n_; ++k)
    for (int c = 0; c < 4; ++c) pairs.emplace_back(var(k + 1, kUc + c), var(k, kUc + c));
  // The path length couples both knots' positions of a step; the hazard and a soft waypoint
  // a knot's position.
  const bool path = problem_.pathLengthWeight > 0.0;
  const bool near = (problem_.hazardWeight > 0.0 && !problem_.obstacles.empty()) || !problem_.waypoints.empty();
  for (int k = 0; k <= n_; ++k)
    for (int a = 0; a < 3; ++a) {
      for (int b = 0; b < a && (path || near); ++b) pairs.emplace_back(var(k, kX + a), var(k, kX + b));
      if (path && k < n_)
        for (int b = 0; b < 3; ++b) pairs.emplace_back(var(k + 1, kX + a), var(k, kX + b));
    }
  if (free_)  // h multiplies the effort and the hazard, divides the smoothness
    for (int k = 0; k <= n_; ++k)
      for (int i = 0; i < 3 + 4; ++i) pairs.emplace_back(stepVariable(), var(k, i < 3 ? kX + i : kUc + i - 3));
}

double HelicopterDmoc::shapingCost(const double* x, double h, double* grad, double* dh) const {
  auto position = [&](int k) { return Vec3(x[var(k, kX)], x[var(k, kY)], x[var(k, kZ)]); };
  double J = 0.0;
  const double wPath = problem_.pathLengthWeight;
  if (wPath > 0.0)
    for (int k = 0; k < n_; ++k) {
      Vec3 gd;
      J += wPath * shaping::stepLength<3>(position(k + 1) - position(k), grad ? &gd : nullptr);
      if (grad)
        for (int i = 0; i < 3; ++i) {
          grad[var(k + 1, kX + i)] += wPath * gd(i);
          grad[var(k, kX + i)] -= wPath * gd(i);
        }
    }
  const double wHazard = problem_.hazardWeight;
  if (wHazard > 0.0)
    for (int k = 1; k <= n_; ++k)
      for (const Obstacle& o : problem_.obstacles) {  // the clearance the obstacle rows measure
        Vec3 gc;
        double dc = 0.0;
        const double c = obstacleValue(o, problem_.bodyRadius, position(k), grad ? &gc : nullptr);
        const double v = shaping::hazard(c, problem_.hazardDistance, grad ? &dc : nullptr);
        J += wHazard * h * v;
        if (grad) {
          for (int i = 0; i < 3; ++i) grad[var(k, kX + i)] += wHazard * h * dc * gc(i);
          *dh += wHazard * v;
        }
      }
  for (const Waypoint& w : problem_.waypoints) {
    if (!w.soft()) continue;
    const int k = problem_.waypointKnot(w);
    const Vec3 e = position(k) - *w.position3;
    J += w.weight * e.squaredNorm();
    if (grad)
      for (int i = 0; i < 3; ++i) grad[var(k, kX + i)] += 2.0 * w.weight * e(i);
  }
  return J;
}

}  // namespace lieride::opt
