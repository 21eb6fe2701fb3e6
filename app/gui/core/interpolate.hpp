#pragma once
// Interpolation between two consecutive snapshots on the group: the position linearly, the
// orientation by slerp (the geodesic exp/log interpolation on SO(3)), shape coordinates
// linearly. Keeps motion smooth when h is longer than a frame.
#include <algorithm>
#include <cmath>

#include "lieride/sim/simulation.hpp"

namespace lieride::gui {

struct InterpolatedPose {
  Vec3 position = Vec3::Zero();
  Quat orientation = Quat::Identity();
  std::vector<double> shape;
  double t = 0;
  bool finite = true;
};

inline InterpolatedPose interpolate(const Snapshot& a, const Snapshot& b, double t) {
  InterpolatedPose p;
  const double span = b.t - a.t;
  const double s = span > 0 ? std::clamp((t - a.t) / span, 0.0, 1.0) : 1.0;
  p.t = a.t + s * std::max(span, 0.0);
  p.position = (1.0 - s) * a.position + s * b.position;
  p.orientation = a.orientation.normalized().slerp(s, b.orientation.normalized());
  p.shape = b.shape;
  for (std::size_t i = 0; i < p.shape.size() && i < a.shape.size(); ++i) p.shape[i] = (1.0 - s) * a.shape[i] + s * b.shape[i];
  p.finite = p.position.allFinite() && p.orientation.coeffs().allFinite();
  for (double x : p.shape) p.finite = p.finite && std::isfinite(x);
  return p;
}

}  // namespace lieride::gui
