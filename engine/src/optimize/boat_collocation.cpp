// Trapezoidal collocation of the boat in quaternion coordinates (see collocation.hpp): the
// baseline beside BoatDmoc, with its bounds, cost and guess. The rates at a knot depend on that
// knot's 15 variables only, so each knot's rates and their 13 x 15 Jacobian (forward-mode
// automatic differentiation through the hull clipping) are computed once and shared by the two
// steps the knot ends and starts.
#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include <algorithm>
#include <array>
#include <cmath>

#include "boat_wrench.hpp"
#include "lieride/optimize/collocation.hpp"

namespace lieride::opt {
namespace {

using namespace boat_wrench;

// A knot's variables: q (4), x (3), thrusts (2), xi (6), consecutive from var(k, 0) (knot N's
// xi are the 6 variables after BoatDmoc's).
constexpr int kKnot = BoatDmoc::kStride;  // 15
constexpr int kXi = BoatDmoc::kKnotVars;  // 9
constexpr int kRows = BoatDmoc::kStepRows;  // 13: momentum 6, attitude 4, position 3
using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, kKnot, 1>>;

// The rates at one knot (z: its 15 variables), in the order of the rows: xi' (the momentum
// balance divided by the inertia), q', x'.
template <class T>
void knotRates(const BoatParams& p, const Vec6& Id, const T* z, T* rate) {
  using std::sqrt;
  const T* q = z;
  const T norm = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  const T qn[4] = {q[0] / norm, q[1] / norm, q[2] / norm, q[3] / norm};
  V6<T> xi;
  for (int i = 0; i < 6; ++i) xi(i) = z[kXi + i];
  const V6<T> F = wrench(p, geometry(p, qn, z[BoatDmoc::kZ]), xi, z[BoatDmoc::kUr], z[BoatDmoc::kUl]);
  // ad_xi^T (I xi) = (pi x w + p x v, p x w) (se3::adTranspose).
  const V3<T> w = xi.template head<3>(), v = xi.template tail<3>();
  const V3<T> pi(Id(0) * w(0), Id(1) * w(1), Id(2) * w(2)), pl(Id(3) * v(0), Id(4) * v(1), Id(5) * v(2));
  const V3<T> a = cross<T>(pi, w) + cross<T>(pl, v), b = cross<T>(pl, w);
  for (int i = 0; i < 3; ++i) {
    rate[i] = (a(i) + F(i)) / Id(i);
    rate[3 + i] = (b(i) + F(3 + i)) / Id(3 + i);
  }
  // q' = q (0, w) / 2.
  const V3<T> qv(q[1], q[2], q[3]);
  const V3<T> qw = cross<T>(qv, w);
  rate[6] = -0.5 * qv.dot(w);
  for (int i = 0; i < 3; ++i) rate[7 + i] = 0.5 * (q[0] * w(i) + qw(i));
  const V3<T> xDot = rotation(qn) * v;
  for (int i = 0; i < 3; ++i) rate[10 + i] = xDot(i);
}

// Row i's own variable (the state component it integrates), in a knot's local indices.
constexpr int stateOf(int row) { return row < 6 ? kXi + row : row < 10 ? row - 6 : BoatDmoc::kX + row - 10; }

// The local columns each row's rate depends on (the same for both knots of a step).
std::array<std::vector<int>, kRows> rowPattern() {
  std::array<std::vector<int>, kRows> p;
  for (int i = 0; i < kRows; ++i) {
    std::vector<int>& c = p[static_cast<std::size_t>(i)];
    for (int j = 0; j < 4; ++j) c.push_back(j);  // q
    if (i < 6) {
      c.push_back(BoatDmoc::kZ);
      c.push_back(BoatDmoc::kUr);
      c.push_back(BoatDmoc::kUl);
      for (int j = 0; j < 6; ++j) c.push_back(kXi + j);
    } else if (i < 10) {
      for (int j = 0; j < 3; ++j) c.push_back(kXi + j);  // w
    } else {
      c.push_back(stateOf(i));  // the row's own coordinate (the rate does not depend on it)
      for (int j = 0; j < 3; ++j) c.push_back(kXi + 3 + j);  // v
    }
    std::sort(c.begin(), c.end());
  }
  return p;
}

}  // namespace

BoatCollocation::BoatCollocation(const Problem& problem, const BoatParams& params, const Vec6& inertia,
                                 const SE3& g0, const Vec6& mu0)
    : Se3Collocation(problem, params, inertia, g0, mu0),
      params_(params),
      heading_(problem.goal.heading),
      atRest_(problem.goal.atRest) {}

void BoatCollocation::constraints(const double* x, double* g, JacobianSink* jac) const {
  static const std::array<std::vector<int>, kRows> pattern = rowPattern();
  // Rates and (with jac) their Jacobians at every knot.
  std::vector<std::array<double, kRows>> rate(static_cast<std::size_t>(n_ + 1));
  std::vector<Eigen::Matrix<double, kRows, kKnot>> D(jac ? static_cast<std::size_t>(n_ + 1) : 0);
  for (int k = 0; k <= n_; ++k) {
    const double* z = x + BoatDmoc::var(k, 0);
    const auto sk = static_cast<std::size_t>(k);
    if (!jac) {
      knotRates(params_, Id_, z, rate[sk].data());
      continue;
    }
    AD za[kKnot], r[kRows];
    for (int j = 0; j < kKnot; ++j) za[j] = AD(z[j], kKnot, j);
    knotRates(params_, Id_, za, r);
    for (int i = 0; i < kRows; ++i) {
      rate[sk][static_cast<std::size_t>(i)] = r[i].value();
      D[sk].row(i) = r[i].derivatives().transpose();
    }
  }
  // z_k+1 - z_k - h/2 (rate_k + rate_k+1) per step.
  for (int k = 0; k < n_; ++k) {
    const int row0 = kRows * k, c0 = BoatDmoc::var(k, 0), c1 = BoatDmoc::var(k + 1, 0);
    const auto sk = static_cast<std::size_t>(k);
    for (int i = 0; i < kRows; ++i) {
      const auto si = static_cast<std::size_t>(i);
      const int s = stateOf(i);
      g[row0 + i] = x[c1 + s] - x[c0 + s] - 0.5 * h_ * (rate[sk][si] + rate[sk + 1][si]);
      if (!jac) continue;
      for (int side = 0; side < 2; ++side) {
        const int col0 = side ? c1 : c0;
        const auto& Dk = D[sk + static_cast<std::size_t>(side)];
        for (int j : pattern[si]) jac->add(row0 + i, col0 + j, (j == s ? (side ? 1.0 : -1.0) : 0.0) - 0.5 * h_ * Dk(i, j));
      }
    }
  }
  int row = kRows * n_;
  if (atRest_)  // xi_N itself (bounded by BoatDmoc's at-rest rows' bounds)
    for (int i = 0; i < 6; ++i, ++row) {
      const int col = BoatDmoc::xiVar(n_, i);
      g[row] = x[col];
      if (jac) jac->add(row, col, 1.0);
    }
  if (heading_) {
    // As BoatDmoc: the bow R e_x against the goal heading psi, -sin(psi) X + cos(psi) Y.
    const int c = BoatDmoc::var(n_, 0);
    const double qw = x[c], qx = x[c + 1], qy = x[c + 2], qz = x[c + 3];
    const double s = std::sin(*heading_), co = std::cos(*heading_);
    const double X = 1.0 - 2.0 * (qy * qy + qz * qz), Y = 2.0 * (qx * qy + qw * qz);
    g[row] = -s * X + co * Y;
    if (jac) {
      jac->add(row, c, co * 2.0 * qz);
      jac->add(row, c + 1, co * 2.0 * qy);
      jac->add(row, c + 2, s * 4.0 * qy + co * 2.0 * qx);
      jac->add(row, c + 3, s * 4.0 * qz + co * 2.0 * qw);
    }
  }
}

}  // namespace lieride::opt
