// Classical baselines on SE(3) (Kobilarov et al. Sec. 3.3): explicit RK with quaternion
// reconstruction, renormalized after every stage and step.
#include <cmath>

#include "se3_integrators.hpp"

namespace lieride::detail {
namespace {

struct RkState {
  Quat q;
  Vec3 x;
  Vec6 xi;
};

struct RkRate {
  Vec4 q;  // quaternion coefficients (x, y, z, w) as Eigen stores them
  Vec3 x;
  Vec6 xi;
};

// dq/dt = q (0, w)/2, dx/dt = R v, dxi/dt = a(t, g, xi)  (Eqs. 7-8)
RkRate rate(const Se3Dynamics& d, double t, const RkState& s) {
  const Vec3 w = s.xi.head<3>();
  const Quat dq = s.q * Quat(0.0, w.x(), w.y(), w.z());
  return {0.5 * dq.coeffs(), s.q * s.xi.tail<3>(), d.acceleration(t, SE3{s.q, s.x}, s.xi)};
}

RkState advance(const RkState& s, const RkRate& k, double dt) {
  Quat q;
  q.coeffs() = s.q.coeffs() + dt * k.q;
  q.normalize();
  return {q, s.x + dt * k.x, s.xi + dt * k.xi};
}

}  // namespace

std::string RungeKuttaSe3::name() const {
  return order_ == 1 ? "euler" : order_ == 2 ? "rk2" : "rk4";
}

StepReport RungeKuttaSe3::step(const Se3Dynamics& d, double t, double h, Se3State& s) {
  const RkState y{s.g.q, s.g.x, d.inertia.velocity(s.mu)};
  RkState out;
  if (order_ == 1) {
    out = advance(y, rate(d, t, y), h);
  } else if (order_ == 2) {
    const RkRate k1 = rate(d, t, y);
    out = advance(y, rate(d, t + 0.5 * h, advance(y, k1, 0.5 * h)), h);
  } else {
    const RkRate k1 = rate(d, t, y);
    const RkRate k2 = rate(d, t + 0.5 * h, advance(y, k1, 0.5 * h));
    const RkRate k3 = rate(d, t + 0.5 * h, advance(y, k2, 0.5 * h));
    const RkRate k4 = rate(d, t + h, advance(y, k3, h));
    const RkRate k{(k1.q + 2.0 * k2.q + 2.0 * k3.q + k4.q) / 6.0, (k1.x + 2.0 * k2.x + 2.0 * k3.x + k4.x) / 6.0,
                   (k1.xi + 2.0 * k2.xi + 2.0 * k3.xi + k4.xi) / 6.0};
    out = advance(y, k, h);
  }
  s.g = SE3{out.q, out.x};
  s.mu = d.inertia.momentum(out.xi);
  return {};
}

}  // namespace lieride::detail
