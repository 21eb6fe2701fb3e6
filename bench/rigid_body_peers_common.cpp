// Ground-truth reference and the peer dispatch of `lieride bench rigid-body`.
#include <ctime>
#include <sstream>
#include <stdexcept>

#include "rigid_body_peers.hpp"

namespace lieride::bench::rigid_body {

std::string BlowUpCheck::why(double energy, double speedOmega, double speedV, double t) const {
  std::ostringstream s;
  s.precision(4);
  s << "t = " << t << ": ";
  if (!std::isfinite(energy) || !std::isfinite(speedOmega) || !std::isfinite(speedV)) {
    s << "non-finite state";
  } else if (speedOmega > divergeSpeed || speedV > divergeSpeed) {
    s << "speed |omega| = " << speedOmega << ", |v| = " << speedV << " above " << divergeSpeed;
  } else {
    s << "energy " << energy << " left 10 max(|E0|, 1e-9) around E0 = " << e0;
  }
  return s.str();
}

double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

namespace {

struct RefState {
  Vec4 q;  // w, x, y, z
  Vec3 x, w, v;
};

struct RefRate {
  Vec4 dq;
  Vec3 dx, dw, dv;
};

RefRate rate(const Case& c, const RefState& s) {
  RefRate r;
  const Quat q(s.q(0), s.q(1), s.q(2), s.q(3));
  // dq/dt = q (0, w) / 2 (body angular velocity)
  const Quat dq = q * Quat(0.0, s.w.x(), s.w.y(), s.w.z());
  r.dq = 0.5 * Vec4(dq.w(), dq.x(), dq.y(), dq.z());
  r.dx = q.toRotationMatrix() * s.v;
  const Vec3 Jw = c.inertia.cwiseProduct(s.w);
  r.dw = Jw.cross(s.w).cwiseQuotient(c.inertia);
  r.dv = s.v.cross(s.w);  // (m v) x w / m
  return r;
}

RefState axpy(const RefState& s, double a, const RefRate& r) {
  return {s.q + a * r.dq, s.x + a * r.dx, s.w + a * r.dw, s.v + a * r.dv};
}

}  // namespace

Pose referenceRk4(const Case& c, double duration, long steps) {
  const double h = duration / static_cast<double>(steps);
  RefState s{Vec4(c.q0.w(), c.q0.x(), c.q0.y(), c.q0.z()), c.x0, c.omega0, c.v0};
  for (long k = 0; k < steps; ++k) {
    const RefRate k1 = rate(c, s);
    const RefRate k2 = rate(c, axpy(s, 0.5 * h, k1));
    const RefRate k3 = rate(c, axpy(s, 0.5 * h, k2));
    const RefRate k4 = rate(c, axpy(s, h, k3));
    s.q += h / 6.0 * (k1.dq + 2.0 * k2.dq + 2.0 * k3.dq + k4.dq);
    s.x += h / 6.0 * (k1.dx + 2.0 * k2.dx + 2.0 * k3.dx + k4.dx);
    s.w += h / 6.0 * (k1.dw + 2.0 * k2.dw + 2.0 * k3.dw + k4.dw);
    s.v += h / 6.0 * (k1.dv + 2.0 * k2.dv + 2.0 * k3.dv + k4.dv);
    s.q.normalize();
  }
  return {Quat(s.q(0), s.q(1), s.q(2), s.q(3)), s.x};
}

std::vector<PeerInfo> availablePeers() {
  std::vector<PeerInfo> peers;
  if (bulletAvailable()) {
    peers.push_back({"bullet", "Bullet " + bulletVersion() +
                                   " (double), btDiscreteDynamicsWorld, implicit gyroscopic body term "
                                   "(BT_ENABLE_GYROSCOPIC_FORCE_IMPLICIT_BODY, Bullet's default)"});
    peers.push_back({"bullet-nogyro", "Bullet " + bulletVersion() + " (double), no gyroscopic term (flags 0)"});
  }
  if (odeAvailable())
    peers.push_back({"ode", "ODE 0.16 (double), dWorldStep, dBodySetGyroscopicMode on"});
  return peers;
}

RunResult runPeer(const std::string& name, const Case& c, double h, long steps, const BlowUpCheck& check) {
  if (name == "bullet") return runBullet(c, h, steps, true, check);
  if (name == "bullet-nogyro") return runBullet(c, h, steps, false, check);
  if (name == "ode") return runOde(c, h, steps, check);
  throw std::invalid_argument("unknown rigid-body peer '" + name + "'");
}

}  // namespace lieride::bench::rigid_body
