// Trapezoidal collocation of the helicopter in quaternion coordinates (see collocation.hpp):
// the baseline beside HelicopterDmoc, with its bounds, cost and guess.
#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include <algorithm>
#include <array>
#include <cmath>

#include "lieride/optimize/collocation.hpp"
#include "rows_from.hpp"

namespace lieride::opt {
namespace {

constexpr int kKnot = HelicopterDmoc::kStride;  // 17: q (4), x (3), u (4), xi (6)
constexpr int kXi = HelicopterDmoc::kKnotVars;  // 11
constexpr int kLocal = 2 * kKnot;               // knots k and k+1
constexpr int kRows = HelicopterDmoc::kStepRows;
using Derivs = Eigen::Matrix<double, kLocal, 1>;
using AD = Eigen::AutoDiffScalar<Derivs>;

template <class T>
using V3 = std::array<T, 3>;

template <class T>
V3<T> cross(const V3<T>& a, const V3<T>& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// (w^2 - |u|^2) y + 2 u (u.y) + 2 w u x y for q = (w, u), u -> s u (s = -1: R^T y).
template <class T>
V3<T> rotate(const T* q, const V3<T>& y, double s) {
  const V3<T> u{s * q[1], s * q[2], s * q[3]};
  const T uy = u[0] * y[0] + u[1] * y[1] + u[2] * y[2];
  const T scale = q[0] * q[0] - (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  const V3<T> uxy = cross(u, y);
  V3<T> r;
  for (std::size_t i = 0; i < 3; ++i) r[i] = scale * y[i] + 2.0 * u[i] * uy + 2.0 * q[0] * uxy[i];
  return r;
}

struct HeliConstants {
  HelicopterParams p;
  Vec6 Id;
};

// The right-hand sides at one knot (z: its 17 variables): the momentum rate
// ad_xi^T (I xi) + f(q, u) (docs/models.md section 2), q' and x'.
template <class T>
void knotRates(const T* z, const HeliConstants& c, std::array<T, 6>& muDot, std::array<T, 4>& qDot, V3<T>& xDot) {
  using std::cos;
  using std::sin;
  const T* q = z;
  const T *u = z + HelicopterDmoc::kUc, *xi = z + kXi;
  const V3<T> w{xi[0], xi[1], xi[2]}, v{xi[3], xi[4], xi[5]};
  const V3<T> pi{c.Id(0) * w[0], c.Id(1) * w[1], c.Id(2) * w[2]}, p{c.Id(3) * v[0], c.Id(4) * v[1], c.Id(5) * v[2]};
  // ad_xi^T mu = (pi x w + p x v, p x w) (se3::adTranspose).
  const V3<T> a = cross(pi, w), b = cross(p, v), d = cross(p, w);
  const T sp = sin(u[2]), cp = cos(u[2]), sr = sin(u[3]), cr = cos(u[3]);
  const double dt = c.p.hubHeight, dr = c.p.tailArm;
  const V3<T> gravity = rotate(q, V3<T>{T(0.0), T(0.0), T(-c.p.mass * c.p.gravity)}, -1.0);
  muDot = {a[0] + b[0] + dt * sr * u[0], a[1] + b[1] + dt * sp * cr * u[0], a[2] + b[2] + dr * u[1],
           d[0] + sp * cr * u[0] + gravity[0], d[1] - sr * u[0] - u[1] + gravity[1], d[2] + cp * cr * u[0] + gravity[2]};
  // q' = q (0, w) / 2.
  const V3<T> qv{q[1], q[2], q[3]};
  const V3<T> qw = cross(qv, w);
  qDot = {-0.5 * (qv[0] * w[0] + qv[1] * w[1] + qv[2] * w[2]), 0.5 * (q[0] * w[0] + qw[0]), 0.5 * (q[0] * w[1] + qw[1]),
          0.5 * (q[0] * w[2] + qw[2])};
  xDot = rotate(q, v, 1.0);
}

template <class T>
void stepResidual(const std::array<T, kLocal>& zs, const HeliConstants& c, double h, std::array<T, kRows>& rs) {
  const T* z = zs.data();
  T* r = rs.data();
  std::array<T, 6> m0, m1;
  std::array<T, 4> q0, q1;
  V3<T> x0, x1;
  knotRates(z, c, m0, q0, x0);
  knotRates(z + kKnot, c, m1, q1, x1);
  const T *dm0 = m0.data(), *dm1 = m1.data(), *dq0 = q0.data(), *dq1 = q1.data(), *dx0 = x0.data(), *dx1 = x1.data();
  for (int i = 0; i < 6; ++i)
    r[i] = c.Id(i) * (z[kKnot + kXi + i] - z[kXi + i]) - 0.5 * h * (dm0[i] + dm1[i]);
  for (int i = 0; i < 4; ++i) r[6 + i] = z[kKnot + i] - z[i] - 0.5 * h * (dq0[i] + dq1[i]);
  for (int i = 0; i < 3; ++i)
    r[10 + i] = z[kKnot + HelicopterDmoc::kX + i] - z[HelicopterDmoc::kX + i] - 0.5 * h * (dx0[i] + dx1[i]);
}

// The structural non-zeros of the 13 rows, in local indices.
std::array<std::vector<int>, kRows> rowPattern() {
  std::array<std::vector<int>, kRows> rows;
  auto p = [&rows](int i) -> std::vector<int>& { return rows[static_cast<std::size_t>(i)]; };
  for (int side = 0; side < 2; ++side) {
    const int o = side * kKnot;
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 4; ++j) p(i).push_back(o + j);                   // q (gravity)
      for (int j = 0; j < 4; ++j) p(i).push_back(o + HelicopterDmoc::kUc + j);  // u
      for (int j = 0; j < 6; ++j) p(i).push_back(o + kXi + j);             // xi
    }
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) p(6 + i).push_back(o + j);
      for (int j = 0; j < 3; ++j) p(6 + i).push_back(o + kXi + j);  // w
    }
    for (int i = 0; i < 3; ++i) {
      p(10 + i).push_back(o + HelicopterDmoc::kX + i);
      for (int j = 0; j < 4; ++j) p(10 + i).push_back(o + j);
      for (int j = 0; j < 3; ++j) p(10 + i).push_back(o + kXi + 3 + j);  // v
    }
  }
  return rows;
}

}  // namespace

HelicopterCollocation::HelicopterCollocation(const Problem& problem, const HelicopterParams& params,
                                             const Vec6& inertia, const SE3& g0, const Vec6& mu0)
    : Se3Collocation(problem, params, inertia, g0, mu0),
      params_(params),
      goalRows_(problem.goal.velocity ? 6 : 0) {}

void HelicopterCollocation::constraints(const double* x, double* g, JacobianSink* jac) const {
  static const std::array<std::vector<int>, kRows> pattern = rowPattern();
  const HeliConstants c{params_, Id_};
  for (int k = 0; k < n_; ++k) {
    const int row0 = kRows * k, col0 = kKnot * k;
    if (!jac) {
      std::array<double, kLocal> z{};
      std::copy_n(x + col0, kLocal, z.begin());
      std::array<double, kRows> r{};
      stepResidual(z, c, h_, r);
      std::copy(r.begin(), r.end(), g + row0);
      continue;
    }
    std::array<AD, kLocal> z;
    for (int i = 0; i < kLocal; ++i) z[static_cast<std::size_t>(i)] = AD(x[col0 + i], kLocal, i);
    std::array<AD, kRows> r;
    stepResidual(z, c, h_, r);
    for (int i = 0; i < kRows; ++i) {
      g[row0 + i] = r[static_cast<std::size_t>(i)].value();
      for (int j : pattern[static_cast<std::size_t>(i)])
        jac->add(row0 + i, col0 + j, r[static_cast<std::size_t>(i)].derivatives()(j));
    }
  }
  // The goal velocity: xi_N itself (its bounds are HelicopterDmoc's goal rows).
  const int goal0 = kRows * n_, obstacle0 = goal0 + goalRows_;
  for (int i = goal0; i < obstacle0; ++i) {
    const int col = HelicopterDmoc::xiVar(n_, i - goal0);
    g[i] = x[col];
    if (jac) jac->add(i, col, 1.0);
  }
  // The obstacle rows (positions only): HelicopterDmoc's.
  if (obstacle0 == numConstraints()) return;
  std::vector<double> all(static_cast<std::size_t>(numConstraints()));
  RowsFrom rest(jac, obstacle0);
  dmoc_.constraints(x, all.data(), jac ? &rest : nullptr);
  std::copy(all.begin() + obstacle0, all.end(), g + obstacle0);
}

}  // namespace lieride::opt
