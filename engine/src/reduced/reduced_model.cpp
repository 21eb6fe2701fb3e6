// The description-driven nonholonomic model: see lieride/model/reduced_model.hpp for the
// derivation (Ostrowski sections 3-5) and docs/formats.md section 5 for the file.
#include "lieride/model/reduced_model.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "expression_tape.hpp"
#include "lieride/integrate/nonholonomic_integrators.hpp"

namespace lieride {
namespace {

// Scratch space for one tape evaluation, on the stack for the usual sizes.
template <class F>
void withScratch(const reduced::ExpressionTape& tape, F&& f) {
  constexpr int kStack = 2048;
  const int need = tape.numRegisters() + tape.numOutputs();
  if (need <= kStack) {
    double buf[kStack];
    f(buf, buf + tape.numRegisters());
  } else {
    std::vector<double> buf(static_cast<std::size_t>(need));
    f(buf.data(), buf.data() + tape.numRegisters());
  }
}

Vec3 cross(const Vec3& a, const Vec3& b) { return a.cross(b); }

using SysMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 14, 14>;
using SysVec = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 14, 1>;

}  // namespace

ReducedModel::ReducedModel(std::shared_ptr<const ReducedDescription> d, const NVec& initialShape)
    : d_(std::move(d)), s_(static_cast<int>(d_->shape.size())) {
  const int n = 3 + s_, k = d_->numConstraints;
  NMat W, K;
  double V;
  std::vector<NMat> dM, dW, dK;
  NVec dV;
  evalFull(initialShape, M0_, W, K, V, dM, dW, dK, dV);
  (void)k;
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
  prescribed_.assign(static_cast<std::size_t>(s_), false);
  positionChannel_.assign(static_cast<std::size_t>(s_), -1);
  rateChannel_.assign(static_cast<std::size_t>(s_), -1);
  for (std::size_t c = 0; c < d_->channels.size(); ++c) {
    const auto& ch = d_->channels[c];
    if (ch.kind == ReducedChannel::Kind::Position) positionChannel_[static_cast<std::size_t>(ch.shape)] = static_cast<int>(c);
    if (ch.kind == ReducedChannel::Kind::Rate) {
      rateChannel_[static_cast<std::size_t>(ch.shape)] = static_cast<int>(c);
      prescribed_[static_cast<std::size_t>(ch.shape)] = true;  // kinematic: always follows its rate
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

void ReducedModel::evalConstraints(const NVec& r, NMat& W, NMat& K) const {
  const int k = d_->numConstraints, n = 3 + s_;
  W.resize(k, 3);
  K.resize(k, s_);
  withScratch(*d_->constraintTape, [&](double* work, double* out) {
    d_->constraintTape->eval(r.data(), out, work);
    for (int i = 0; i < k; ++i) {
      for (int j = 0; j < 3; ++j) W(i, j) = out[i * n + j];
      for (int j = 0; j < s_; ++j) K(i, j) = out[i * n + 3 + j];
    }
  });
}

void ReducedModel::evalFull(const NVec& r, NMat& M, NMat& W, NMat& K, double& V, std::vector<NMat>& dM,
                            std::vector<NMat>& dW, std::vector<NMat>& dK, NVec& dV) const {
  const int k = d_->numConstraints, n = 3 + s_;
  M.resize(n, n);
  W.resize(k, 3);
  K.resize(k, s_);
  dM.assign(static_cast<std::size_t>(s_), NMat(n, n));
  dW.assign(static_cast<std::size_t>(s_), NMat(k, 3));
  dK.assign(static_cast<std::size_t>(s_), NMat(k, s_));
  dV.resize(s_);
  withScratch(*d_->fullTape, [&](double* work, double* out) {
    d_->fullTape->eval(r.data(), out, work);
    const double* o = out;
    auto readWK = [&](NMat& w, NMat& kk) {
      for (int i = 0; i < k; ++i) {
        for (int j = 0; j < 3; ++j) w(i, j) = o[i * n + j];
        for (int j = 0; j < s_; ++j) kk(i, j) = o[i * n + 3 + j];
      }
      o += k * n;
    };
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) M(i, j) = o[i * n + j];
    o += n * n;
    readWK(W, K);
    V = *o++;
    for (int x = 0; x < s_; ++x) {
      NMat& m = dM[static_cast<std::size_t>(x)];
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) m(i, j) = o[i * n + j];
      o += n * n;
      readWK(dW[static_cast<std::size_t>(x)], dK[static_cast<std::size_t>(x)]);
      dV(x) = *o++;
    }
  });
}

// A basis of ker W: the identity (k = 0), [e_a x w, e_b x w] (k = 1), w1 x w2 (k = 2), none (k = 3).
void ReducedModel::basis(const NMat& W, NMat& E) const {
  const int k = d_->numConstraints;
  E.resize(3, 3 - k);
  if (k == 0) {
    E = NMat::Identity(3, 3);
  } else if (k == 1) {
    const Vec3 w = W.row(0).transpose();
    E.col(0) = cross(Vec3::Unit(d_->kernelAxes[0]), w);
    E.col(1) = cross(Vec3::Unit(d_->kernelAxes[1]), w);
  } else if (k == 2) {
    E.col(0) = cross(W.row(0).transpose(), W.row(1).transpose());
  }
}

// A from W A = K and E^T I A = E^T B (a 3 x 3 system, inverted in closed form).
void ReducedModel::finishFrame(ReducedFrame& f) const {
  const int k = d_->numConstraints;
  basis(f.W, f.E);
  Mat3 S;
  Eigen::Matrix<double, 3, Eigen::Dynamic, 0, 3, 8> rhs(3, s_);
  if (k) {
    S.topRows(k) = f.W;
    rhs.topRows(k) = f.K;
  }
  if (k < 3) {
    S.bottomRows(3 - k) = f.E.transpose() * f.I;
    rhs.bottomRows(3 - k) = f.E.transpose() * f.B;
  }
  f.A = S.inverse() * rhs;
}

ReducedFrame ReducedModel::frame(const NVec& r) const {
  ReducedFrame f;
  if (d_->constantInertia) {
    evalConstraints(r, f.W, f.K);
    f.I = M0_.topLeftCorner(3, 3);
    f.B = M0_.topRightCorner(3, s_);
    f.C = M0_.bottomRightCorner(s_, s_);
    if (d_->hasPotential) {
      NMat M, W, K;
      std::vector<NMat> dM, dW, dK;
      NVec dV;
      evalFull(r, M, W, K, f.V, dM, dW, dK, dV);
    }
  } else {
    NMat M;
    std::vector<NMat> dM, dW, dK;
    NVec dV;
    evalFull(r, M, f.W, f.K, f.V, dM, dW, dK, dV);
    f.I = M.topLeftCorner(3, 3);
    f.B = M.topRightCorner(3, s_);
    f.C = M.bottomRightCorner(s_, s_);
  }
  finishFrame(f);
  return f;
}

NMat ReducedModel::symmetryBasis(const NVec& r) const {
  NMat W, K, E;
  evalConstraints(r, W, K);
  basis(W, E);
  return E;
}

// E, A and their shape derivatives: dE from the cross-product formulas of basis(), and
// S dA_j = d(rhs)_j - dS_j A from S A = rhs (finishFrame()). Fixed-size 3 x 3 and 3 x 2
// algebra (unused rows and columns zero), copied out at the end.
void ReducedModel::jet(const NVec& r, ReducedJet& j) const {
  using M32 = Eigen::Matrix<double, 3, 2>;
  const int k = d_->numConstraints, n = 3 + s_, b = 3 - k;
  const reduced::ExpressionTape& tape = *d_->constraintJetTape;
  double work[512], out[64];
  std::vector<double> big;
  double* w = work;
  if (tape.numRegisters() > 512) {
    big.resize(static_cast<std::size_t>(tape.numRegisters()));
    w = big.data();
  }
  tape.eval(r.data(), out, w);
  // Group part W (3 x 3, rows >= k zero) and shape part K (3 x 2) of block x (-1: the values).
  auto blocks = [&](int x, Mat3& W, M32& K) {
    W.setZero();
    K.setZero();
    const double* o = out + (x + 1) * k * n;
    for (int i = 0; i < k; ++i) {
      for (int col = 0; col < 3; ++col) W(i, col) = o[i * n + col];
      for (int col = 0; col < s_; ++col) K(i, col) = o[i * n + 3 + col];
    }
  };
  const Mat3 I = M0_.topLeftCorner(3, 3);
  M32 B = M32::Zero();
  B.leftCols(s_) = M0_.topRightCorner(3, s_);
  Mat3 W, dW;
  M32 K, dK;
  blocks(-1, W, K);
  auto basisOf = [&](const Mat3& dWx, bool derivative) {  // E (derivative = false) or dE/dr_x
    Mat3 E = Mat3::Zero();
    if (k == 0) {
      if (!derivative) E.setIdentity();
    } else if (k == 1) {
      const Vec3 v = dWx.row(0).transpose();
      E.col(0) = Vec3::Unit(d_->kernelAxes[0]).cross(v);
      E.col(1) = Vec3::Unit(d_->kernelAxes[1]).cross(v);
    } else if (k == 2) {
      const Vec3 w1 = W.row(0).transpose(), w2 = W.row(1).transpose();
      E.col(0) = derivative ? Vec3(dWx.row(0).transpose().cross(w2) + w1.cross(dWx.row(1).transpose())) : w1.cross(w2);
    }
    return E;
  };
  // Rows k.. of S and rhs: E^T I and E^T B.
  auto stack = [&](const Mat3& Wx, const M32& Kx, const Mat3& Ex, Mat3& S, M32& rhs) {
    S = Wx;
    rhs = Kx;
    const Mat3 EtI = Ex.transpose() * I;
    const M32 EtB = Ex.transpose() * B;
    for (int i = 0; i < b; ++i) {
      S.row(k + i) = EtI.row(i);
      rhs.row(k + i) = EtB.row(i);
    }
  };
  const Mat3 E = basisOf(W, false);
  Mat3 S;
  M32 rhs;
  stack(W, K, E, S, rhs);
  const Mat3 Sinv = S.inverse();
  const M32 A = Sinv * rhs;
  j.E = E.leftCols(b);
  j.A = A.leftCols(s_);
  for (int x = 0; x < s_; ++x) {
    blocks(x, dW, dK);
    const Mat3 dE = basisOf(dW, true);
    Mat3 dS;
    M32 drhs;
    stack(dW, dK, dE, dS, drhs);
    j.dE[x] = dE.leftCols(b);
    j.dA[x] = (Sinv * (drhs - dS * A)).leftCols(s_);
  }
}

Vec3 ReducedModel::bodyVelocityFrom(const ReducedFrame& f, const NVec& u, const NVec& p) const {
  Vec3 xi = s_ ? Vec3(-(f.A * u)) : Vec3::Zero();
  if (f.E.cols()) {
    const NMat G = f.E.transpose() * f.I * f.E;
    xi += f.E * NVec(G.ldlt().solve(p));
  }
  return xi;
}

NhState ReducedModel::stateFrom(const SE2& g, const NVec& r, const NVec& u, const NVec& p) const {
  const Vec3 xi = bodyVelocityFrom(frame(r), u, p);
  NhState s;
  s.q.resize(3 + s_);
  s.qdot.resize(3 + s_);
  const double c = std::cos(g.theta), sn = std::sin(g.theta);
  s.q.head(3) << g.theta, g.x, g.y;
  s.qdot.head(3) << xi(0), c * xi(1) - sn * xi(2), sn * xi(1) + c * xi(2);
  s.q.tail(s_) = r;
  s.qdot.tail(s_) = u;
  return s;
}

NVec ReducedModel::momenta(const NhState& s) const {
  const ReducedFrame f = frame(s.q.tail(s_));
  const Vec3 mu = f.I * bodyVelocity(s) + f.B * s.qdot.tail(s_);
  return f.E.transpose() * mu;
}

Vec3 ReducedModel::spatialMomentum(const NhState& s) const {
  const ReducedFrame f = frame(s.q.tail(s_));
  const Vec3 mu = f.I * bodyVelocity(s) + f.B * s.qdot.tail(s_);
  const double c = std::cos(s.q(0)), sn = std::sin(s.q(0));
  const double px = c * mu(1) - sn * mu(2), py = sn * mu(1) + c * mu(2);
  return {mu(0) + s.q(1) * py - s.q(2) * px, px, py};
}

double ReducedModel::energy(const NhState& s) const {
  const NVec r = s.q.tail(s_);
  NMat M = M0_;
  double V = 0.0;
  if (!d_->constantInertia || d_->hasPotential) {
    NMat W, K;
    std::vector<NMat> dM, dW, dK;
    NVec dV;
    evalFull(r, M, W, K, V, dM, dW, dK, dV);
  }
  NVec v(3 + s_);
  v.head(3) = bodyVelocity(s);
  v.tail(s_) = s.qdot.tail(s_);
  return 0.5 * v.dot(M * v) + V;
}

double ReducedModel::momentum(const NhState& s) const { return numSymmetry() ? momenta(s)(0) : 0.0; }

void ReducedModel::constraints(const NVec& q, NMat& mu) const {
  NMat W, K;
  evalConstraints(q.tail(s_), W, K);
  const int k = d_->numConstraints;
  const double c = std::cos(q(0)), sn = std::sin(q(0));
  mu.resize(k, 3 + s_);
  for (int i = 0; i < k; ++i) {
    mu(i, 0) = W(i, 0);
    mu(i, 1) = W(i, 1) * c - W(i, 2) * sn;
    mu(i, 2) = W(i, 1) * sn + W(i, 2) * c;
    for (int j = 0; j < s_; ++j) mu(i, 3 + j) = K(i, j);
  }
}

void ReducedModel::force(const NVec& q, const InputVec& inputs, NVec& F) const {
  F.setZero(3 + s_);
  for (std::size_t c = 0; c < d_->channels.size(); ++c) {
    const auto& ch = d_->channels[c];
    if (ch.kind == ReducedChannel::Kind::Force && !prescribed_[static_cast<std::size_t>(ch.shape)])
      F(3 + ch.shape) += inputs(static_cast<int>(c));
  }
  if (!d_->hasPotential) return;
  withScratch(*d_->potentialGradientTape, [&](double* work, double* out) {
    const NVec r = q.tail(s_);
    d_->potentialGradientTape->eval(r.data(), out, work);
    for (int j = 0; j < s_; ++j)
      if (!prescribed_[static_cast<std::size_t>(j)]) F(3 + j) -= out[j];
  });
}

void ReducedModel::configure(const ControlSet& c) {
  for (int j = 0; j < s_; ++j) {
    const int pc = positionChannel_[static_cast<std::size_t>(j)];
    prescribed_[static_cast<std::size_t>(j)] =
        rateChannel_[static_cast<std::size_t>(j)] >= 0 ||
        (pc >= 0 && !c.signal(static_cast<std::size_t>(pc)).identicallyZero());
  }
}

double ReducedModel::saturatedRate(int j, double r, double rate) const {
  const auto& v = d_->shape[static_cast<std::size_t>(j)];
  if ((r >= v.max && rate > 0.0) || (r <= v.min && rate < 0.0)) return 0.0;
  return rate;
}

void ReducedModel::applyPrescribed(double t, const ControlSet& c, NVec& r, NVec& u) const {
  for (int j = 0; j < s_; ++j) {
    if (!prescribed_[static_cast<std::size_t>(j)]) continue;
    const int pc = positionChannel_[static_cast<std::size_t>(j)];
    if (pc >= 0) {
      r(j) = c.value(static_cast<std::size_t>(pc), t);
      u(j) = c.signal(static_cast<std::size_t>(pc)).rate(t);
    } else {
      u(j) = saturatedRate(j, r(j), c.value(static_cast<std::size_t>(rateChannel_[static_cast<std::size_t>(j)]), t));
    }
  }
}

// Position channels: the signal at t0 + h. Rate channels (as the car's steering): advanced with
// the midpoint rate and clamped to the shape range.
void ReducedModel::advancePrescribed(double t0, double h, const ControlSet& c, NhState& s) const {
  const double t1 = t0 + h;
  for (int j = 0; j < s_; ++j) {
    if (!prescribed_[static_cast<std::size_t>(j)]) continue;
    const int pc = positionChannel_[static_cast<std::size_t>(j)];
    if (pc >= 0) {
      s.q(3 + j) = c.value(static_cast<std::size_t>(pc), t1);
      s.qdot(3 + j) = c.signal(static_cast<std::size_t>(pc)).rate(t1);
    } else {
      const auto rc = static_cast<std::size_t>(rateChannel_[static_cast<std::size_t>(j)]);
      const auto& v = d_->shape[static_cast<std::size_t>(j)];
      s.q(3 + j) = std::clamp(s.q(3 + j) + h * c.value(rc, t0 + 0.5 * h), v.min, v.max);
      s.qdot(3 + j) = saturatedRate(j, s.q(3 + j), c.value(rc, t1));
    }
  }
}

void ReducedModel::prescribedRates(double t, const NVec& q, const ControlSet& c, NVec& qdot) const {
  NVec r = q.tail(s_), u = qdot.tail(s_);
  applyPrescribed(t, c, r, u);
  for (int j = 0; j < s_; ++j)
    if (prescribed_[static_cast<std::size_t>(j)]) qdot(3 + j) = u(j);
}

NVec ReducedModel::toReduced(double t, const NhState& s, const ControlSet& c) const {
  NVec r = s.q.tail(s_), u = s.qdot.tail(s_);
  applyPrescribed(t, c, r, u);
  const ReducedFrame f = frame(r);
  const Vec3 mu = f.I * bodyVelocity(s) + f.B * u;
  const int b = numSymmetry();
  NVec y(reducedDim());
  y.head(3) = s.q.head(3);
  y.segment(3, s_) = r;
  y.segment(3 + s_, s_) = u;
  if (b) y.tail(b) = f.E.transpose() * mu;
  return y;
}

NhState ReducedModel::fromReduced(double, const NVec& y, const ControlSet&) const {
  return stateFrom({y(0), y(1), y(2)}, y.segment(3, s_), y.segment(3 + s_, s_), y.tail(numSymmetry()));
}

void ReducedModel::fixReduced(double t, NVec& y, const ControlSet& c) const {
  NVec r = y.segment(3, s_), u = y.segment(3 + s_, s_);
  for (int j = 0; j < s_; ++j)
    if (rateChannel_[static_cast<std::size_t>(j)] >= 0) {
      const auto& v = d_->shape[static_cast<std::size_t>(j)];
      r(j) = std::clamp(r(j), v.min, v.max);
    }
  applyPrescribed(t, c, r, u);
  y.segment(3, s_) = r;
  y.segment(3 + s_, s_) = u;
}

// y' = f(t, y) for y = (theta, x, y, r, u, p):
//   reconstruction g^-1 dg/dt = xi = E (E^T I E)^-1 p - A u;
//   momentum equation dp/dt = (dE/dt)^T mu + E^T ad_xi^T mu (Ostrowski Eq. 45; W^T lambda
//   drops out because W E = 0);
//   free shape accelerations from Lagrange-d'Alembert with multipliers (Ostrowski Eq. 14):
//     d/dt dl/dxi - ad_xi^T dl/dxi = W^T lambda,  d/dt dl/du - dl/dr = tau + K^T lambda,
//     together with the differentiated constraints W dxi/dt + K du/dt + (dW/dt) xi + (dK/dt) u = 0.
void ReducedModel::reducedRate(double t, const NVec& y0, const ControlSet& c, NVec& ydot) const {
  const int n = 3 + s_, k = d_->numConstraints, b = numSymmetry();
  NVec r = y0.segment(3, s_), u = y0.segment(3 + s_, s_);
  applyPrescribed(t, c, r, u);
  const NVec p = y0.tail(b);

  ReducedFrame f;
  NMat M;
  std::vector<NMat> dM, dW, dK;
  NVec dV;
  evalFull(r, M, f.W, f.K, f.V, dM, dW, dK, dV);
  f.I = M.topLeftCorner(3, 3);
  f.B = M.topRightCorner(3, s_);
  f.C = M.bottomRightCorner(s_, s_);
  finishFrame(f);
  const Vec3 xi = bodyVelocityFrom(f, u, p);
  NVec v(n);
  v.head(3) = xi;
  v.tail(s_) = u;
  const Vec3 mu = M.topRows(3) * v;

  ydot.resize(reducedDim());
  const double th = y0(0), ct = std::cos(th), st = std::sin(th);
  ydot(0) = xi(0);
  ydot(1) = ct * xi(1) - st * xi(2);
  ydot(2) = st * xi(1) + ct * xi(2);
  ydot.segment(3, s_) = u;

  // dE/dt from dW/dt (the cross-product formulas of basis()).
  NMat Wdot = NMat::Zero(k, 3), Kdot = NMat::Zero(k, s_), Mdot = NMat::Zero(n, n);
  for (int j = 0; j < s_; ++j) {
    Wdot += u(j) * dW[static_cast<std::size_t>(j)];
    Kdot += u(j) * dK[static_cast<std::size_t>(j)];
    Mdot += u(j) * dM[static_cast<std::size_t>(j)];
  }
  if (b) {
    NMat Edot = NMat::Zero(3, b);
    if (k == 1) {
      const Vec3 wd = Wdot.row(0).transpose();
      Edot.col(0) = cross(Vec3::Unit(d_->kernelAxes[0]), wd);
      Edot.col(1) = cross(Vec3::Unit(d_->kernelAxes[1]), wd);
    } else if (k == 2) {
      Edot.col(0) = cross(Wdot.row(0).transpose(), f.W.row(1).transpose()) +
                    cross(f.W.row(0).transpose(), Wdot.row(1).transpose());
    }
    ydot.tail(b) = Edot.transpose() * mu + f.E.transpose() * (se2::ad(xi).transpose() * mu);
  }

  // Shape accelerations: prescribed ones from their signals, free ones from the multiplier system.
  NVec acc = NVec::Zero(s_);
  std::vector<int> dyn;
  for (int j = 0; j < s_; ++j) {
    if (!prescribed_[static_cast<std::size_t>(j)]) {
      dyn.push_back(j);
      continue;
    }
    const int pc = positionChannel_[static_cast<std::size_t>(j)];
    if (pc >= 0) {
      acc(j) = c.signal(static_cast<std::size_t>(pc)).acceleration(t);
    } else {
      const auto rc = static_cast<std::size_t>(rateChannel_[static_cast<std::size_t>(j)]);
      acc(j) = saturatedRate(j, r(j), c.value(rc, t)) == 0.0 ? 0.0 : c.signal(rc).rate(t);
    }
  }
  const int nd = static_cast<int>(dyn.size());
  if (nd) {
    const InputVec in = c.values(t);
    NVec F;
    NVec q(n);
    q.head(3) = y0.head(3);
    q.tail(s_) = r;
    force(q, in, F);  // includes -dV/dr
    const NVec Mdv = Mdot * v;
    const int N = 3 + nd + k;
    SysMat S = SysMat::Zero(N, N);
    SysVec rhs(N);
    // Known prescribed accelerations move to the right-hand side.
    const NVec Macc = M.rightCols(s_) * acc;
    const NVec Kacc = k ? NVec(f.K * acc) : NVec(0);
    S.topLeftCorner(3, 3) = f.I;
    for (int a = 0; a < nd; ++a) {
      const int j = dyn[static_cast<std::size_t>(a)];
      S.block(0, 3 + a, 3, 1) = f.B.col(j);
      S.block(3 + a, 0, 1, 3) = f.B.col(j).transpose();
      for (int e = 0; e < nd; ++e) S(3 + a, 3 + e) = f.C(j, dyn[static_cast<std::size_t>(e)]);
      for (int i = 0; i < k; ++i) {
        S(3 + a, 3 + nd + i) = -f.K(i, j);
        S(3 + nd + i, 3 + a) = f.K(i, j);
      }
    }
    for (int i = 0; i < k; ++i) {
      S.block(0, 3 + nd + i, 3, 1) = -f.W.row(i).transpose();
      S.block(3 + nd + i, 0, 1, 3) = f.W.row(i);
    }
    rhs.head(3) = se2::ad(xi).transpose() * mu - Mdv.head(3) - Macc.head(3);
    for (int a = 0; a < nd; ++a) {
      const int j = dyn[static_cast<std::size_t>(a)];
      const double dldr = 0.5 * v.dot(dM[static_cast<std::size_t>(j)] * v);  // - dV/dr is in F
      rhs(3 + a) = dldr + F(3 + j) - Mdv(3 + j) - Macc(3 + j);
    }
    if (k) rhs.tail(k) = -(Wdot * xi + Kdot * u) - Kacc;
    const SysVec x = S.fullPivLu().solve(rhs);
    for (int a = 0; a < nd; ++a) acc(dyn[static_cast<std::size_t>(a)]) = x(3 + a);
  }
  ydot.segment(3 + s_, s_) = acc;
}

double ReducedModel::stepResidual(const NhState& a, const NhState& b, double h, double alpha) const {
  const Vec3 xi = se2::log(pose(a).inverse() * pose(b)) / h;
  const NVec r = a.q.tail(s_) + alpha * (b.q.tail(s_) - a.q.tail(s_));
  const NVec u = (b.q.tail(s_) - a.q.tail(s_)) / h;
  if (!d_->numConstraints) return 0.0;
  NMat W, K;
  evalConstraints(r, W, K);
  return (W * xi + K * u).cwiseAbs().maxCoeff();
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

namespace {

// The general lie-nh's view (Kobilarov et al. 3.2): constant reduced inertia in the order
// (u, xi), the connection and symmetry directions from the description's constraints.
class ReducedLieNh final : public LieNhVehicle {
 public:
  explicit ReducedLieNh(const ReducedModel& m, const NMat& M) : m_(m) {
    const int s = m.numShape(), n = 3 + s;
    idx_.resize(static_cast<std::size_t>(s));
    for (int j = 0; j < s; ++j) idx_[static_cast<std::size_t>(j)] = 3 + j;
    I_.resize(n, n);
    I_.topLeftCorner(s, s) = M.bottomRightCorner(s, s);
    I_.topRightCorner(s, 3) = M.bottomLeftCorner(s, 3);
    I_.bottomLeftCorner(3, s) = M.topRightCorner(3, s);
    I_.bottomRightCorner(3, 3) = M.topLeftCorner(3, 3);
  }
  std::vector<int> shapeCoordinates() const override { return idx_; }
  const NMat& reducedInertia() const override { return I_; }
  void connection(const NVec& r, NMat& A) const override { A = m_.frame(r).A; }
  void symmetryBasis(const NVec& r, NMat& E) const override { E = m_.symmetryBasis(r); }
  NhState stateFromBody(const NhModel&, const SE2& g, const NVec& r, const Vec3& xi, const NVec& u) const override {
    NhState s;
    const int n = 3 + static_cast<int>(r.size());
    s.q.resize(n);
    s.qdot.resize(n);
    const double c = std::cos(g.theta), sn = std::sin(g.theta);
    s.q.head(3) << g.theta, g.x, g.y;
    s.qdot.head(3) << xi(0), c * xi(1) - sn * xi(2), sn * xi(1) + c * xi(2);
    s.q.tail(r.size()) = r;
    s.qdot.tail(r.size()) = u;
    return s;
  }

 private:
  ReducedModel m_;
  std::vector<int> idx_;
  NMat I_;
};

}  // namespace

std::unique_ptr<LieNhVehicle> ReducedModel::lieNhView() const {
  if (!d_->constantInertia) return nullptr;
  return std::make_unique<ReducedLieNh>(*this, M0_);
}

}  // namespace lieride
