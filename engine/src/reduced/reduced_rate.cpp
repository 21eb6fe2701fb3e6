// The reduced equations of a description vehicle (Ostrowski sections 3-5), the right-hand side
// of the RK integrators, in fixed-size types: one tape pass gives M, W, K, V and their shape
// derivatives; nothing allocates.
#include "lieride/model/reduced_model.hpp"
#include "reduced_kernel.hpp"

#include <cmath>

namespace lieride {

using reduced::CMat;
using reduced::CVec;
using reduced::kMaxShape;
using reduced::Mat3S;
using reduced::SVec;

namespace {

// Y y = g on the leading n x n block of a symmetric positive definite Y, by Cholesky (Y's lower
// triangle is overwritten; g becomes y).
void solvePositiveDefinite(CMat& Y, CVec& g, int n) {
  for (int j = 0; j < n; ++j) {
    double d = Y(j, j);
    for (int p = 0; p < j; ++p) d -= Y(j, p) * Y(j, p);
    d = std::sqrt(d);
    Y(j, j) = d;
    for (int i = j + 1; i < n; ++i) {
      double v = Y(i, j);
      for (int p = 0; p < j; ++p) v -= Y(i, p) * Y(j, p);
      Y(i, j) = v / d;
    }
  }
  for (int i = 0; i < n; ++i) {
    for (int p = 0; p < i; ++p) g(i) -= Y(i, p) * g(p);
    g(i) /= Y(i, i);
  }
  for (int i = n - 1; i >= 0; --i) {
    for (int p = i + 1; p < n; ++p) g(i) -= Y(p, i) * g(p);
    g(i) /= Y(i, i);
  }
}

}  // namespace

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
    // Generalised forces of Lagrange-d'Alembert with the known prescribed accelerations moved to
    // the right: (d/dt dl/dxi - ad^T mu, d/dt dl/du - dl/dr - tau) = W, K^T lambda.
    const CVec Macc = J.M.rightCols<kMaxShape>() * acc;
    CVec rhs = CVec::Zero();
    rhs.head<3>() = adT * mu - Mdv.head<3>() - Macc.head<3>();
    for (int a = 0; a < nd; ++a) {
      const int j = dyn[a];
      const double dldr = 0.5 * v.dot(J.dM[j] * v);  // - dV/dr is in F
      rhs(3 + j) = dldr + F(3 + j) - Mdv(3 + j) - Macc(3 + j);
    }
    // The differentiated constraints W dxi/dt + K_free a = c: a particular dxi/dt with
    // W x_p = c and E^T I x_p = 0 from the frame's stacked system, plus the admissible
    // directions (E_i, 0) and (-A_j, e_j) for free j, along which the multipliers do no work
    // (W E = 0, W A = K): the symmetric positive definite system V^T M V y = V^T (rhs - M x_p).
    Vec3 cdot = -(Wdot * xi + Kdot * u) - f.K * acc;
    for (int i = k; i < 3; ++i) cdot(i) = 0.0;
    CVec xp = CVec::Zero();
    xp.head<3>() = f.Sinv * cdot;
    CMat V = CMat::Zero();
    for (int i = 0; i < b; ++i) V.col(i).head<3>() = f.E.col(i);
    for (int a = 0; a < nd; ++a) {
      V.col(b + a).head<3>() = -f.A.col(dyn[a]);
      V(3 + dyn[a], b + a) = 1.0;
    }
    const int ny = b + nd;
    const CMat MV = J.M * V;
    const CVec g = rhs - J.M * xp;
    CMat Y;
    CVec y;
    for (int i = 0; i < ny; ++i) {
      y(i) = V.col(i).dot(g);
      for (int j = 0; j < ny; ++j) Y(i, j) = V.col(i).dot(MV.col(j));
    }
    solvePositiveDefinite(Y, y, ny);
    for (int a = 0; a < nd; ++a) acc(dyn[a]) = y(b + a);
  }
  ydot.segment(3 + s_, s_) = acc.head(s_);
}

}  // namespace lieride
