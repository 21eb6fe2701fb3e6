// The car DMOC's cost (docs/formats.md section 4, [cost]): control effort, steering, final
// time and smoothness, plus the shaping terms (shaping_costs.hpp): path length, hazard near
// obstacles, soft waypoints. Split from car_dmoc.cpp, which holds the constraints.
#include <algorithm>

#include "lieride/optimize/car_dmoc.hpp"
#include "shaping_costs.hpp"

namespace lieride::opt {

double CarDmoc::cost(const double* x) const {
  const double h = timeStep(x);
  double J = problem_.timeWeight * n_ * h;
  for (int k = 0; k < n_; ++k) {
    const double f = a_ * x[var(k, kF)], s = x[var(k, kS)], sig = x[var(k + 1, kSigma)];
    J += h * (wTorque_ * f * f + wSteerRate_ * s * s + problem_.steerWeight * sig * sig);
    if (k + 1 < n_) {
      const double df = a_ * (x[var(k + 1, kF)] - x[var(k, kF)]), ds = x[var(k + 1, kS)] - s;
      J += (wSmoothTorque_ * df * df + wSmoothSteer_ * ds * ds) / h;
    }
  }
  return J + shapingCost(x, h, nullptr, nullptr);
}

void CarDmoc::costGradient(const double* x, double* grad) const {
  std::fill(grad, grad + numVariables(), 0.0);
  const double h = timeStep(x);
  double dh = problem_.timeWeight * n_;
  for (int k = 0; k < n_; ++k) {
    const double f = a_ * x[var(k, kF)], s = x[var(k, kS)], sig = x[var(k + 1, kSigma)];
    dh += wTorque_ * f * f + wSteerRate_ * s * s + problem_.steerWeight * sig * sig;
    if (k + 1 < n_) {
      const double df = a_ * (x[var(k + 1, kF)] - x[var(k, kF)]), ds = x[var(k + 1, kS)] - s;
      dh -= (wSmoothTorque_ * df * df + wSmoothSteer_ * ds * ds) / (h * h);
    }
    grad[var(k, kF)] += 2.0 * h * wTorque_ * a_ * a_ * x[var(k, kF)];
    grad[var(k, kS)] += 2.0 * h * wSteerRate_ * x[var(k, kS)];
    grad[var(k + 1, kSigma)] += 2.0 * h * problem_.steerWeight * x[var(k + 1, kSigma)];
    if (k + 1 < n_) {
      const double df = a_ * a_ * (x[var(k + 1, kF)] - x[var(k, kF)]) * 2.0 * wSmoothTorque_ / h;
      const double ds = (x[var(k + 1, kS)] - x[var(k, kS)]) * 2.0 * wSmoothSteer_ / h;
      grad[var(k + 1, kF)] += df;
      grad[var(k, kF)] -= df;
      grad[var(k + 1, kS)] += ds;
      grad[var(k, kS)] -= ds;
    }
  }
  shapingCost(x, h, grad, &dh);
  if (free_) grad[stepVariable()] = dh;
}

// The smoothness terms couple consecutive controls (the other cost terms are diagonal, and
// every variable already has its diagonal through the constraints).
void CarDmoc::costHessianPattern(std::vector<std::pair<int, int>>& pairs) const {
  for (int k = 0; k + 1 < n_; ++k) {
    pairs.emplace_back(var(k + 1, kF), var(k, kF));
    pairs.emplace_back(var(k + 1, kS), var(k, kS));
  }
  if (free_)  // h multiplies every cost term
    for (int k = 0; k < n_; ++k)
      for (int w : {var(k, kF), var(k, kS), var(k + 1, kSigma)}) pairs.emplace_back(stepVariable(), w);
  if (problem_.pathLengthWeight > 0.0)  // a step's length couples both knots' positions
    for (int k = 0; k < n_; ++k) {
      const int p[4] = {var(k, kX), var(k, kY), var(k + 1, kX), var(k + 1, kY)};
      for (int a = 0; a < 4; ++a)
        for (int b = 0; b < a; ++b) pairs.emplace_back(p[a], p[b]);
    }
  if (problem_.hazardWeight > 0.0 && !problem_.obstacles.empty())  // a knot's pose, and h
    for (int k = 1; k <= n_; ++k) {
      pairs.emplace_back(var(k, kX), var(k, kTheta));
      pairs.emplace_back(var(k, kY), var(k, kTheta));
      pairs.emplace_back(var(k, kY), var(k, kX));
      if (free_)
        for (int w : {var(k, kTheta), var(k, kX), var(k, kY)}) pairs.emplace_back(stepVariable(), w);
    }
}

double CarDmoc::shapingCost(const double* x, double h, double* grad, double* dh) const {
  double J = 0.0;
  const double wPath = problem_.pathLengthWeight;
  if (wPath > 0.0)
    for (int k = 0; k < n_; ++k) {
      const Vec2 d(x[var(k + 1, kX)] - x[var(k, kX)], x[var(k + 1, kY)] - x[var(k, kY)]);
      Vec2 gd;
      J += wPath * shaping::stepLength<2>(d, grad ? &gd : nullptr);
      if (grad) {
        grad[var(k + 1, kX)] += wPath * gd.x();
        grad[var(k + 1, kY)] += wPath * gd.y();
        grad[var(k, kX)] -= wPath * gd.x();
        grad[var(k, kY)] -= wPath * gd.y();
      }
    }
  const double wHazard = problem_.hazardWeight, r = problem_.hazardDistance;
  if (wHazard > 0.0)
    for (int k = 1; k <= n_; ++k)
      forEachClearance(x, k, [&](int, double c, double dTheta, double dx, double dy) {
        double dc = 0.0;
        const double v = shaping::hazard(c, r, grad ? &dc : nullptr);
        J += wHazard * h * v;
        if (grad) {
          grad[var(k, kTheta)] += wHazard * h * dc * dTheta;
          grad[var(k, kX)] += wHazard * h * dc * dx;
          grad[var(k, kY)] += wHazard * h * dc * dy;
          *dh += wHazard * v;
        }
      });
  for (const Waypoint& w : problem_.waypoints) {
    if (!w.soft()) continue;
    const int k = problem_.waypointKnot(w);
    const double ex = x[var(k, kX)] - w.position->x(), ey = x[var(k, kY)] - w.position->y();
    const double eh = w.heading ? x[var(k, kTheta)] - *w.heading : 0.0;
    J += w.weight * (ex * ex + ey * ey + eh * eh);
    if (grad) {
      grad[var(k, kX)] += 2.0 * w.weight * ex;
      grad[var(k, kY)] += 2.0 * w.weight * ey;
      if (w.heading) grad[var(k, kTheta)] += 2.0 * w.weight * eh;
    }
  }
  return J;
}

}  // namespace lieride::opt
