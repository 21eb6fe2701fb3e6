#pragma once
// Cost terms that shape a DMOC trajectory beyond control effort, shared by the car's and the
// helicopter's transcriptions (docs/formats.md section 4: [cost] path_length and hazard,
// soft [[waypoints]]). Each returns its value and its derivative; the transcriptions chain
// them to their variables.
#include <Eigen/Core>
#include <cmath>

#include "lieride/optimize/problem.hpp"

namespace lieride::opt::shaping {

// Length of one step d of the path, smoothed at d = 0 where |d| has no derivative:
// sqrt(|d|^2 + eps^2) - eps (eps = Problem::kPathEpsilon, 1 mm); its gradient in d.
template <int D>
double stepLength(const Eigen::Matrix<double, D, 1>& d, Eigen::Matrix<double, D, 1>* grad) {
  constexpr double eps = Problem::kPathEpsilon;
  const double r = std::sqrt(d.squaredNorm() + eps * eps);
  if (grad) *grad = d / r;
  return r - eps;
}

// Hazard of a clearance c (m) to an obstacle: (1 - c / r)^2 closer than r = hazard_distance,
// 0 beyond (continuous with its derivative at c = r); its derivative in c.
inline double hazard(double c, double r, double* dc) {
  if (c >= r) {
    if (dc) *dc = 0.0;
    return 0.0;
  }
  const double q = 1.0 - c / r;
  if (dc) *dc = -2.0 * q / r;
  return q * q;
}

}  // namespace lieride::opt::shaping
