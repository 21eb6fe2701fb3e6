// HelicopterDmoc::refine: a coarse level's solution carried onto the finer knots of a
// coarse-to-fine cold start ([problem] coarse_knots; docs/optimize.md, "Coarse-to-fine cold
// start").
#include "lieride/optimize/helicopter_dmoc.hpp"

#include <algorithm>
#include <cstddef>

namespace lieride::opt {

WarmStart HelicopterDmoc::refine(const HelicopterDmoc& coarse, const WarmStart& s) const {
  const int nc = coarse.n_, r = n_ / nc;
  const auto I = [](int i) { return static_cast<std::size_t>(i); };
  WarmStart w;
  w.x.assign(I(numVariables()), 0.0);
  w.zL.assign(I(numVariables()), 0.0);
  w.zU.assign(I(numVariables()), 0.0);
  w.lambda.assign(I(numConstraints_), 0.0);
  const std::vector<double>& xc = s.x;
  const double inv = 1.0 / r;
  // Step quantities (xi, the step rows' multipliers) belong to the step's midpoint: fine step
  // k's midpoint lies at (k + 1/2) / r - 1/2 coarse steps past coarse step 0's midpoint;
  // linear between the two nearest coarse steps (extrapolated in the outer half steps).
  auto stepBlend = [&](int k, int& j0, double& f) {
    const double at = (k + 0.5) * inv - 0.5;
    j0 = std::clamp(static_cast<int>(std::floor(at)), 0, std::max(nc - 2, 0));
    f = nc > 1 ? at - j0 : 0.0;
  };
  for (int k = 0; k < n_; ++k) {
    int j0;
    double f;
    stepBlend(k, j0, f);
    const int j1 = std::min(j0 + 1, nc - 1);
    for (int a = 0; a < 6; ++a) w.x[I(xiVar(k, a))] = (1.0 - f) * xc[I(coarse.xiVar(j0, a))] + f * xc[I(coarse.xiVar(j1, a))];
    for (int a = 0; a < kStepRows; ++a)
      w.lambda[I(kStepRows * k + a)] =
          (1.0 - f) * s.lambda[I(kStepRows * j0 + a)] + f * s.lambda[I(kStepRows * j1 + a)];
  }
  // Knots: coarse knot j is fine knot r j; the knots between follow by the fine steps' own
  // update (Eq. 9) from it; controls piecewise linear. Bound multipliers of per-knot
  // variables divided by r (the last knot's are the goal's: kept).
  for (int j = 0; j <= nc; ++j) {
    SE3 g;
    g.q = Quat(xc[I(var(j, kQw))], xc[I(var(j, kQx))], xc[I(var(j, kQy))], xc[I(var(j, kQz))]);
    g.x = Vec3(xc[I(var(j, kX))], xc[I(var(j, kY))], xc[I(var(j, kZ))]);
    for (int i = 0; i < (j < nc ? r : 1); ++i) {
      const int k = r * j + i;
      const double f = i * inv;
      if (i > 0) g = g * se3::updateCayPaperB(h_ * Eigen::Map<const Vec6>(w.x.data() + xiVar(k - 1, 0)));
      const double pose[7] = {g.q.w(), g.q.x(), g.q.y(), g.q.z(), g.x.x(), g.x.y(), g.x.z()};
      for (int a = 0; a < 7; ++a) w.x[I(var(k, kQw + a))] = i == 0 ? xc[I(var(j, kQw + a))] : pose[a];
      for (int c = 0; c < 4; ++c) {
        const double u0 = xc[I(var(j, kUc + c))];
        w.x[I(var(k, kUc + c))] = j < nc ? (1.0 - f) * u0 + f * xc[I(var(j + 1, kUc + c))] : u0;
      }
      for (int a = 0; a < kKnotVars; ++a) {
        const int c0 = var(j, a), cf = var(k, a), c1 = var(std::min(j + 1, nc), a);
        const double scale = j < nc ? inv : 1.0;
        w.zL[I(cf)] = scale * ((1.0 - f) * s.zL[I(c0)] + f * s.zL[I(c1)]);
        w.zU[I(cf)] = scale * ((1.0 - f) * s.zU[I(c0)] + f * s.zU[I(c1)]);
      }
    }
  }
  for (int a = goalRow0_; a < obstacleRow0_; ++a) w.lambda[I(a)] = s.lambda[I(coarse.goalRow0_ + a - goalRow0_)];
  // Obstacle rows, knots 1..N: per knot, divided by r, interpolated between coarse knots.
  const int nObs = static_cast<int>(problem_.obstacles.size());
  auto coarseObstacle = [&](int j, int o) {
    return s.lambda[I(coarse.obstacleRow0_ + (std::max(j, 1) - 1) * nObs + o)];  // knot 0 has none: knot 1's
  };
  for (int k = 1; k <= n_; ++k) {
    const int j = k / r, j1 = std::min(j + 1, nc);
    const double f = (k % r) * inv;
    for (int o = 0; o < nObs; ++o)
      w.lambda[I(obstacleRow0_ + (k - 1) * nObs + o)] = inv * ((1.0 - f) * coarseObstacle(j, o) + f * coarseObstacle(j1, o));
  }
  return w;
}

}  // namespace lieride::opt
