// The reduced equations of a description vehicle (Ostrowski sections 3-5), the right-hand side
// of the RK integrators, in fixed-size types: one tape pass gives M, W, K, V and their shape
// derivatives; nothing allocates.
#include "lieride/model/reduced_model.hpp"
#include "reduced_kernel.hpp"

namespace lieride {

using reduced::CMat;
using reduced::CVec;
using reduced::kMaxShape;
using reduced::Mat3S;
using reduced::SVec;

// y' = f(t, y) for y = (theta, x, y, r, u, p):
//   reconstruction g^-1 dg/dt = xi = E (E^T I E)^-1 p - A u;
//   momentum equation dp/dt = (dE/dt)^T mu + E^T ad_xi^T mu (Ostrowski Eq. 45; W^T lambda
//   drops out because W E = 0);
//   free shape accelerations from Lagrange-d'Alembert with multipliers (Ostrowski Eq. 14):
//     d/dt dl/dxi - ad_xi^T dl/dxi = W^T lambda,  d/dt dl/du - dl/dr = tau + K^T lambda,
//     together with the differentiated constraints W dxi/dt + K du/dt + (dW/dt) xi + (dK/dt) u = 0.
void ReducedModel::reducedRate(double t, const NVec& y0, const ControlSet& c, NVec& ydot) const {
  const reduced::Kernel& kern = *d_->kernel;
  const int k = d_->numConstraints, b = numSymmetry();
  SVec r = SVec::Zero(), u = SVec::Zero();
  r.head(s_) = y0.segment(3, s_);
  u.head(s_) = y0.segment(3 + s_, s_);
  applyPrescribed(t, c, r.data(), u.data());
  Vec3 p = Vec3::Zero();
  p.head(b) = y0.tail(b);

  reduced::FullJet J;
  kern.full(r.data(), J);
  reduced::Frame f;
  kern.frame(J, f);
  const Vec3 xi = kern.bodyVelocity(f, u, p);
  CVec v;
  v << xi, u;
  const Vec3 mu = J.M.topRows<3>() * v;

  ydot.resize(reducedDim());
  const double th = y0(0), ct = std::cos(th), st = std::sin(th);
  ydot(0) = xi(0);
  ydot(1) = ct * xi(1) - st * xi(2);
  ydot(2) = st * xi(1) + ct * xi(2);
  ydot.segment(3, s_) = u.head(s_);

  Mat3 Wdot = Mat3::Zero();
  Mat3S Kdot = Mat3S::Zero();
  CMat Mdot = CMat::Zero();
  for (int j = 0; j < s_; ++j) {
    Wdot += u(j) * J.dW[j];
    Kdot += u(j) * J.dK[j];
    Mdot += u(j) * J.dM[j];
  }
  const Mat3 adT = se2::ad(xi).transpose();
  if (b) {
    Mat3 Edot;
    kern.basisDerivative(f.W, Wdot, Edot);
    ydot.tail(b) = (Edot.transpose() * mu + f.E.transpose() * (adT * mu)).head(b);
  }

  // Shape accelerations: prescribed ones from their signals, free ones from the multiplier system.
  SVec acc = SVec::Zero();
  int dyn[kMaxShape];
  int nd = 0;
  for (int j = 0; j < s_; ++j) {
    if (!prescribed_[at(j)]) {
      dyn[nd++] = j;
      continue;
    }
    const int pc = positionChannel_[at(j)];
    if (pc >= 0) {
      acc(j) = c.signal(static_cast<std::size_t>(pc)).acceleration(t);
    } else {
      const auto rc = static_cast<std::size_t>(rateChannel_[at(j)]);
      acc(j) = saturatedRate(j, r(j), c.value(rc, t)) == 0.0 ? 0.0 : c.signal(rc).rate(t);
    }
  }
  if (nd) {
    NVec q(3 + s_), F;
    q.head(3) = y0.head(3);
    q.tail(s_) = r.head(s_);
    force(q, c.values(t), F);  // includes -dV/dr
    const CVec Mdv = Mdot * v;
    // Unknowns (dxi/dt, free shape accelerations, multipliers): 3 + nd + k <= 8, the identity
    // past them. Known prescribed accelerations move to the right-hand side.
    constexpr int kMax = 3 + kMaxShape + 3;
    Eigen::Matrix<double, kMax, kMax> S = Eigen::Matrix<double, kMax, kMax>::Zero();
    Eigen::Matrix<double, kMax, 1> rhs = Eigen::Matrix<double, kMax, 1>::Zero();
    const CVec Macc = J.M.rightCols<kMaxShape>() * acc;
    const Vec3 Kacc = f.K * acc;
    S.topLeftCorner<3, 3>() = f.I;
    for (int a = 0; a < nd; ++a) {
      const int j = dyn[a];
      S.block<3, 1>(0, 3 + a) = f.B.col(j);
      S.block<1, 3>(3 + a, 0) = f.B.col(j).transpose();
      for (int e = 0; e < nd; ++e) S(3 + a, 3 + e) = f.C(j, dyn[e]);
      for (int i = 0; i < k; ++i) {
        S(3 + a, 3 + nd + i) = -f.K(i, j);
        S(3 + nd + i, 3 + a) = f.K(i, j);
      }
    }
    for (int i = 0; i < k; ++i) {
      S.block<3, 1>(0, 3 + nd + i) = -f.W.row(i).transpose();
      S.block<1, 3>(3 + nd + i, 0) = f.W.row(i);
    }
    for (int i = 3 + nd + k; i < kMax; ++i) S(i, i) = 1.0;
    rhs.head<3>() = adT * mu - Mdv.head<3>() - Macc.head<3>();
    for (int a = 0; a < nd; ++a) {
      const int j = dyn[a];
      const double dldr = 0.5 * v.dot(J.dM[j] * v);  // - dV/dr is in F
      rhs(3 + a) = dldr + F(3 + j) - Mdv(3 + j) - Macc(3 + j);
    }
    const Vec3 cdot = -(Wdot * xi + Kdot * u) - Kacc;
    rhs.segment(3 + nd, k) = cdot.head(k);
    const Eigen::Matrix<double, kMax, 1> x = S.partialPivLu().solve(rhs);
    for (int a = 0; a < nd; ++a) acc(dyn[a]) = x(3 + a);
  }
  ydot.segment(3 + s_, s_) = acc.head(s_);
}

}  // namespace lieride
