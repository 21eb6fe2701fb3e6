// Chaplygin sleigh (docs/models.md 6) and nonholonomic particle (docs/models.md 7).
#include <cmath>

#include "lieride/model/sleigh.hpp"

namespace lieride {

SleighModel::SleighModel(const SleighParams& p) : p_(p) {
  M_ = NMat::Zero(3, 3);
  M_(0, 0) = p.inertia;
  M_(1, 1) = p.mass;
  M_(2, 2) = p.mass;
}

void SleighModel::constraints(const NVec& q, NMat& mu) const {
  mu.resize(1, 3);
  mu << p_.comOffset, std::sin(q(0)), -std::cos(q(0));
}

NhState SleighModel::stateFrom(const SE2& g, double omega, double vx) const {
  const double c = std::cos(g.theta), s = std::sin(g.theta), a = p_.comOffset;
  NhState st;
  st.q.resize(3);
  st.q << g.theta, g.x + a * c, g.y + a * s;
  st.qdot.resize(3);
  st.qdot << omega, vx * c - a * s * omega, vx * s + a * c * omega;
  return st;
}

NVec SleighModel::toReduced(double, const NhState& st, const ControlSet&) const {
  const double th = st.q(0), c = std::cos(th), s = std::sin(th), a = p_.comOffset, m = p_.mass;
  const double vx = c * st.qdot(1) + s * st.qdot(2);
  const double omega = (p_.inertia * st.qdot(0) + m * a * (-s * st.qdot(1) + c * st.qdot(2))) / (p_.inertia + m * a * a);
  NVec y(5);
  y << th, st.q(1) - a * c, st.q(2) - a * s, omega, vx;
  return y;
}

NhState SleighModel::fromReduced(double, const NVec& y, const ControlSet&) const {
  return stateFrom({y(0), y(1), y(2)}, y(3), y(4));
}

void SleighModel::reducedRate(double, const NVec& y, const ControlSet&, NVec& ydot) const {
  const double a = p_.comOffset, m = p_.mass, omega = y(3), vx = y(4);
  ydot.resize(5);
  ydot << omega, vx * std::cos(y(0)), vx * std::sin(y(0)), -m * a * vx * omega / (p_.inertia + m * a * a),
      a * omega * omega;
}

SE2 SleighModel::pose(const NhState& s) const {
  return {s.q(0), s.q(1) - p_.comOffset * std::cos(s.q(0)), s.q(2) - p_.comOffset * std::sin(s.q(0))};
}

Vec3 SleighModel::bodyVelocity(const NhState& st) const {
  const double th = st.q(0), c = std::cos(th), s = std::sin(th), a = p_.comOffset;
  const double xd = st.qdot(1) + a * s * st.qdot(0), yd = st.qdot(2) - a * c * st.qdot(0);
  return {st.qdot(0), c * xd + s * yd, -s * xd + c * yd};
}

double SleighModel::stepResidual(const NhState& a, const NhState& b, double h, double) const {
  return std::abs(se2::log(pose(a).inverse() * pose(b))(2) / h);
}

std::vector<std::string> SleighModel::stateColumns() const { return {"t", "x", "y", "theta", "omega", "vx", "vy"}; }

void SleighModel::stateRow(const NhState& s, std::vector<double>& out) const {
  const SE2 g = pose(s);
  const Vec3 xi = bodyVelocity(s);
  for (double v : {g.x, g.y, g.theta, xi(0), xi(1), xi(2)}) out.push_back(v);
}

NpParticleModel::NpParticleModel() { M_ = NMat::Identity(3, 3); }

void NpParticleModel::constraints(const NVec& q, NMat& mu) const {
  mu.resize(1, 3);
  mu << -q(1), 0.0, 1.0;
}

NVec NpParticleModel::toReduced(double, const NhState& s, const ControlSet&) const {
  const double y = s.q(1);
  NVec r(5);
  // M-orthogonal projection onto span{(1, 0, y), (0, 1, 0)}.
  r << s.q(0), s.q(1), s.q(2), (s.qdot(0) + y * s.qdot(2)) / (1.0 + y * y), s.qdot(1);
  return r;
}

NhState NpParticleModel::fromReduced(double, const NVec& y, const ControlSet&) const {
  NhState s;
  s.q.resize(3);
  s.q << y(0), y(1), y(2);
  s.qdot.resize(3);
  s.qdot << y(3), y(4), y(1) * y(3);
  return s;
}

void NpParticleModel::reducedRate(double, const NVec& y, const ControlSet&, NVec& ydot) const {
  ydot.resize(5);
  ydot << y(3), y(4), y(1) * y(3), -y(1) * y(4) * y(3) / (1.0 + y(1) * y(1)), 0.0;
}

void NpParticleModel::stateRow(const NhState& s, std::vector<double>& out) const {
  for (int i = 0; i < 3; ++i) out.push_back(s.q(i));
  for (int i = 0; i < 3; ++i) out.push_back(s.qdot(i));
}

}  // namespace lieride
