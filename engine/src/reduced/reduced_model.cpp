// The description-driven nonholonomic model: see lieride/model/reduced_model.hpp for the
// derivation (Ostrowski sections 3-5) and docs/formats.md section 5 for the file. This file:
// construction, the derived quantities at a shape, and the conversions between the continuous
// state, the reduced state and the output columns. The reduced equations are in
// reduced_rate.cpp, the input channels in reduced_inputs.cpp, lie-nh in reduced_lie_nh.cpp.
#include "lieride/model/reduced_model.hpp"

#include <cmath>

#include "reduced_kernel.hpp"

namespace lieride {

using reduced::SVec;

namespace {

SVec shapeOf(const NVec& v, int offset, int s) {
  SVec r = SVec::Zero();
  r.head(s) = v.segment(offset, s);
  return r;
}

}  // namespace

ReducedModel::ReducedModel(std::shared_ptr<const ReducedDescription> d, const NVec& initialShape)
    : d_(std::move(d)), s_(static_cast<int>(d_->shape.size())) {
  const int n = 3 + s_;
  reduced::FullJet f;
  const SVec r0 = shapeOf(initialShape, 0, s_);
  d_->kernel->full(r0.data(), f);
  M0_ = f.M.topLeftCorner(n, n);
  // Coordinate metric of (theta, x, y, r): with M_vv = m I and no omega-v or v-u coupling,
  // 1/2 (xi, u)^T M (xi, u) = 1/2 qdot^T Mq qdot with the same entries.
  Mq_ = NMat::Zero(n, n);
  Mq_(0, 0) = M0_(0, 0);
  Mq_(1, 1) = M0_(1, 1);
  Mq_(2, 2) = M0_(2, 2);
  Mq_(1, 2) = Mq_(2, 1) = M0_(1, 2);
  for (int j = 3; j < n; ++j) {
    Mq_(0, j) = Mq_(j, 0) = M0_(0, j);
    for (int i = 3; i < n; ++i) Mq_(i, j) = M0_(i, j);
  }
  for (std::size_t c = 0; c < d_->channels.size(); ++c) {
    const auto& ch = d_->channels[c];
    if (ch.kind == ReducedChannel::Kind::Position) positionChannel_[at(ch.shape)] = static_cast<int>(c);
    if (ch.kind == ReducedChannel::Kind::Force) forceChannels_.emplace_back(static_cast<int>(c), ch.shape);
    if (ch.kind == ReducedChannel::Kind::Rate) {
      rateChannel_[at(ch.shape)] = static_cast<int>(c);
      prescribed_[at(ch.shape)] = true;  // kinematic: always follows its rate
    }
  }
}

std::vector<std::string> ReducedModel::channels() const {
  std::vector<std::string> r;
  for (const auto& c : d_->channels) r.push_back(c.name);
  return r;
}

std::vector<std::string> ReducedModel::shapeNames() const {
  std::vector<std::string> r;
  for (const auto& v : d_->shape) r.push_back(v.name);
  return r;
}

std::vector<double> ReducedModel::shape(const NhState& s) const {
  std::vector<double> r;
  for (int j = 0; j < s_; ++j) r.push_back(s.q(3 + j));
  return r;
}

ReducedFrame ReducedModel::frame(const NVec& r) const {
  const reduced::Kernel& kern = *d_->kernel;
  const int k = d_->numConstraints, b = numSymmetry();
  reduced::Frame f;
  const SVec rr = shapeOf(r, 0, s_);
  kern.frame(rr.data(), f);
  ReducedFrame out;
  out.I = f.I;
  out.B = f.B.leftCols(s_);
  out.C = f.C.topLeftCorner(s_, s_);
  out.W = f.W.topRows(k);
  out.K = f.K.topLeftCorner(k, s_);
  out.E = f.E.leftCols(b);
  out.A = f.A.leftCols(s_);
  out.V = f.V;
  return out;
}

NMat ReducedModel::symmetryBasis(const NVec& r) const {
  reduced::Constraints c;
  const SVec rr = shapeOf(r, 0, s_);
  d_->kernel->constraints(rr.data(), c);
  Mat3 E;
  d_->kernel->basis(c.W, E);
  return E.leftCols(numSymmetry());
}

NhState ReducedModel::stateFrom(const SE2& g, const NVec& r, const NVec& u, const NVec& p) const {
  const reduced::Kernel& kern = *d_->kernel;
  reduced::Frame f;
  const SVec rr = shapeOf(r, 0, s_), uu = shapeOf(u, 0, s_);
  kern.frame(rr.data(), f);
  Vec3 pp = Vec3::Zero();
  pp.head(numSymmetry()) = p.head(numSymmetry());
  const Vec3 xi = kern.bodyVelocity(f, uu, pp);
  NhState s;
  s.q.resize(3 + s_);
  s.qdot.resize(3 + s_);
  const double c = std::cos(g.theta), sn = std::sin(g.theta);
  s.q.head(3) << g.theta, g.x, g.y;
  s.qdot.head(3) << xi(0), c * xi(1) - sn * xi(2), sn * xi(1) + c * xi(2);
  s.q.tail(s_) = r.head(s_);
  s.qdot.tail(s_) = u.head(s_);
  return s;
}

namespace {

// mu = dl/dxi = I xi + B u.
Vec3 lockedMomentum(const reduced::Frame& f, const Vec3& xi, const SVec& u) { return f.I * xi + f.B * u; }

}  // namespace

NVec ReducedModel::momenta(const NhState& s) const {
  reduced::Frame f;
  const SVec r = shapeOf(s.q, 3, s_), u = shapeOf(s.qdot, 3, s_);
  d_->kernel->frame(r.data(), f);
  const Vec3 mu = lockedMomentum(f, bodyVelocity(s), u);
  return (f.E.transpose() * mu).head(numSymmetry());
}

Vec3 ReducedModel::spatialMomentum(const NhState& s) const {
  reduced::Frame f;
  const SVec r = shapeOf(s.q, 3, s_), u = shapeOf(s.qdot, 3, s_);
  d_->kernel->frame(r.data(), f);
  const Vec3 mu = lockedMomentum(f, bodyVelocity(s), u);
  const double c = std::cos(s.q(0)), sn = std::sin(s.q(0));
  const double px = c * mu(1) - sn * mu(2), py = sn * mu(1) + c * mu(2);
  return {mu(0) + s.q(1) * py - s.q(2) * px, px, py};
}

double ReducedModel::energy(const NhState& s) const {
  const reduced::Kernel& kern = *d_->kernel;
  reduced::CVec v = reduced::CVec::Zero();
  v.head(3) = bodyVelocity(s);
  v.segment(3, s_) = s.qdot.tail(s_);
  if (kern.constantInertia() && !d_->hasPotential) return 0.5 * v.dot(kern.constantMass() * v);
  reduced::FullJet f;
  const SVec r = shapeOf(s.q, 3, s_);
  kern.full(r.data(), f);
  return 0.5 * v.dot(f.M * v) + f.V;
}

double ReducedModel::momentum(const NhState& s) const { return numSymmetry() ? momenta(s)(0) : 0.0; }

void ReducedModel::constraints(const NVec& q, NMat& mu) const {
  reduced::Constraints wk;
  const SVec r = shapeOf(q, 3, s_);
  d_->kernel->constraints(r.data(), wk);
  const int k = d_->numConstraints;
  const double c = std::cos(q(0)), sn = std::sin(q(0));
  mu.resize(k, 3 + s_);
  for (int i = 0; i < k; ++i) {
    mu(i, 0) = wk.W(i, 0);
    mu(i, 1) = wk.W(i, 1) * c - wk.W(i, 2) * sn;
    mu(i, 2) = wk.W(i, 1) * sn + wk.W(i, 2) * c;
    for (int j = 0; j < s_; ++j) mu(i, 3 + j) = wk.K(i, j);
  }
}

NVec ReducedModel::toReduced(double t, const NhState& s, const ControlSet& c) const {
  SVec r = shapeOf(s.q, 3, s_), u = shapeOf(s.qdot, 3, s_);
  applyPrescribed(t, c, r.data(), u.data());
  reduced::Frame f;
  d_->kernel->frame(r.data(), f);
  const Vec3 mu = lockedMomentum(f, bodyVelocity(s), u);
  const int b = numSymmetry();
  NVec y(reducedDim());
  y.head(3) = s.q.head(3);
  y.segment(3, s_) = r.head(s_);
  y.segment(3 + s_, s_) = u.head(s_);
  if (b) y.tail(b) = (f.E.transpose() * mu).head(b);
  return y;
}

NhState ReducedModel::fromReduced(double, const NVec& y, const ControlSet&) const {
  return stateFrom({y(0), y(1), y(2)}, y.segment(3, s_), y.segment(3 + s_, s_), y.tail(numSymmetry()));
}

double ReducedModel::stepResidual(const NhState& a, const NhState& b, double h, double alpha) const {
  if (!d_->numConstraints) return 0.0;
  const Vec3 xi = se2::log(pose(a).inverse() * pose(b)) / h;
  const SVec ra = shapeOf(a.q, 3, s_), rb = shapeOf(b.q, 3, s_);
  const SVec r = ra + alpha * (rb - ra);
  const SVec u = (rb - ra) / h;
  reduced::Constraints wk;
  d_->kernel->constraints(r.data(), wk);
  return (wk.W * xi + wk.K * u).cwiseAbs().maxCoeff();
}

std::vector<std::string> ReducedModel::stateColumns() const {
  std::vector<std::string> c = {"t", "x", "y", "theta", "omega", "vx", "vy"};
  for (const auto& v : d_->shape) c.push_back(v.name);
  for (const auto& v : d_->shape) c.push_back(v.name + "_dot");
  return c;
}

void ReducedModel::stateRow(const NhState& s, std::vector<double>& out) const {
  const Vec3 xi = bodyVelocity(s);
  for (double v : {s.q(1), s.q(2), s.q(0), xi(0), xi(1), xi(2)}) out.push_back(v);
  for (int j = 0; j < s_; ++j) out.push_back(s.q(3 + j));
  for (int j = 0; j < s_; ++j) out.push_back(s.qdot(3 + j));
}

}  // namespace lieride
