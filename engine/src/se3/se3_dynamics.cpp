#include "lieride/model/se3_body.hpp"

#include <algorithm>
#include <cmath>

namespace lieride {

Vec6 Se3Dynamics::acceleration(double t, const SE3& g, const Vec6& xi) const {
  const Vec6 mu = inertia.momentum(xi);
  return inertia.velocity(se3::adTranspose(xi, mu) + wrench(t, g, xi));
}

Mat6 Se3Dynamics::accelerationJacobian(double t, const SE3& g, const Vec6& xi) const {
  // d/dxi [ad_xi^T I xi] = ad_xi^T I + M(I xi)  (se3::adTransposeMatrix)
  const Vec6 d = inertia.diagonal();
  Mat6 J = se3::ad(xi).transpose() * d.asDiagonal();
  J += se3::adTransposeMatrix(inertia.momentum(xi));
  if (forces->dependsOnVelocity()) {
    const InputVec u = controls->values(t);
    for (int c = 0; c < 6; ++c) {
      const double e = 1e-6 * std::max(1.0, std::abs(xi(c)));
      Vec6 p = xi, m = xi;
      p(c) += e;
      m(c) -= e;
      J.col(c) += (forces->wrench(t, g, p, u) - forces->wrench(t, g, m, u)) / (2.0 * e);
    }
  }
  for (int r = 0; r < 6; ++r) J.row(r) /= d(r);
  return J;
}

}  // namespace lieride
