// Trapezoidal collocation of the snakeboard's reduced equations (see collocation.hpp): the
// baseline beside SnakeboardDmoc, with its bounds, cost and guess. A step's rows depend on the
// 20 consecutive variables from var(k, 0) (knot k, step k's torques, knot k+1); their Jacobian
// is exact, by forward-mode automatic differentiation (Eigen's AutoDiffScalar).
#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include <array>
#include <cmath>
#include <cstdio>

#include "lieride/optimize/collocation.hpp"

namespace lieride::opt {
namespace {

using S = SnakeboardDmoc;
// The memory slots as this transcription reads them.
enum { kP = S::kMu0, kMvx = S::kMu1 };
constexpr int kB = S::kStride;         // knot k+1's first local index (11)
constexpr int kLocal = kB + S::kKnotVars;  // 20
using AD = Eigen::AutoDiffScalar<Eigen::Matrix<double, kLocal, 1>>;

template <class T>
T psiRate(const SnakeboardParams& c, const T* z) {
  using std::sin;
  using std::tan;
  const double ml2 = c.mass * c.halfWheelbase * c.halfWheelbase, Jr = c.rotorInertia;
  const T s = sin(z[S::kPhi]);
  return (z[S::kPiPsi] / Jr - tan(z[S::kPhi]) * z[kP] / (2.0 * ml2)) / (1.0 - Jr * s * s / ml2);
}

// The forward speed vx from the momenta (the algebraic row's right-hand side).
template <class T>
T forwardSpeed(const SnakeboardParams& c, const T* z) {
  using std::sin;
  return (c.rotorInertia * sin(2.0 * z[S::kPhi]) * psiRate(c, z) - z[kP]) / (2.0 * c.mass * c.halfWheelbase);
}

// The rates of the eight differential slots at a knot (z: its nine variables), torques tau.
template <class T>
void knotRates(const SnakeboardParams& c, const T* z, const T& tauPsi, const T& tauPhi, T* rate) {
  using std::cos;
  using std::sin;
  using std::tan;
  const double l = c.halfWheelbase, Jr = c.rotorInertia;
  const T vx = z[kMvx] / c.mass, tn = tan(z[S::kPhi]), cp = cos(z[S::kPhi]);
  const T psiDot = psiRate(c, z), phiDot = z[S::kPiPhi] / (2.0 * c.axleInertia);
  rate[S::kTheta] = -tn * vx / l;
  rate[S::kX] = vx * cos(z[S::kTheta]);
  rate[S::kY] = vx * sin(z[S::kTheta]);
  rate[S::kPsi] = psiDot;
  rate[S::kPhi] = phiDot;
  rate[kP] = -tn * phiDot * z[kP] + 2.0 * Jr * cp * cp * phiDot * psiDot;  // docs/models.md section 5
  rate[kMvx] = T(0.0);                                                   // algebraic slot
  rate[S::kPiPsi] = tauPsi;
  rate[S::kPiPhi] = tauPhi;
}

template <class T>
void stepResidual(const SnakeboardParams& c, double h, const T* z, T* r) {
  T r0[S::kKnotVars], r1[S::kKnotVars];
  knotRates(c, z, z[S::kTauPsi], z[S::kTauPhi], r0);
  knotRates(c, z + kB, z[S::kTauPsi], z[S::kTauPhi], r1);
  for (int i = 0; i < S::kKnotVars; ++i) r[i] = z[kB + i] - z[i] - 0.5 * h * (r0[i] + r1[i]);
  r[kMvx] = z[kB + kMvx] - c.mass * forwardSpeed(c, z + kB);
}

// The structural non-zeros of each row, in local indices.
std::array<std::vector<int>, S::kKnotVars> rowPattern() {
  std::array<std::vector<int>, S::kKnotVars> p;
  auto both = [&](int row, std::initializer_list<int> cols) {
    for (int side = 0; side < 2; ++side)
      for (int j : cols) p[static_cast<std::size_t>(row)].push_back(side * kB + j);
  };
  both(S::kTheta, {S::kTheta, S::kPhi, kMvx});
  both(S::kX, {S::kTheta, S::kX, kMvx});
  both(S::kY, {S::kTheta, S::kY, kMvx});
  both(S::kPsi, {S::kPsi, S::kPhi, kP, S::kPiPsi});
  both(S::kPhi, {S::kPhi, S::kPiPhi});
  both(kP, {S::kPhi, kP, S::kPiPsi, S::kPiPhi});
  for (int j : {int(S::kPhi), int(kP), int(kMvx), int(S::kPiPsi)}) p[kMvx].push_back(kB + j);
  both(S::kPiPsi, {S::kPiPsi});
  p[S::kPiPsi].push_back(S::kTauPsi);
  both(S::kPiPhi, {S::kPiPhi});
  p[S::kPiPhi].push_back(S::kTauPhi);
  return p;
}

}  // namespace

std::array<double, 9> SnakeboardCollocation::knotFromVelocities(const std::array<double, 5>& q, double w,
                                                                double psiDot, double phiDot) const {
  const double m = params_.mass, l = params_.halfWheelbase, Jr = params_.rotorInertia;
  const double omega = -std::tan(q[S::kPhi]) * w / l;
  return {q[0],
          q[1],
          q[2],
          q[3],
          q[4],
          -2.0 * m * l * w + Jr * std::sin(2.0 * q[S::kPhi]) * psiDot,  // p, Ostrowski Eq. 49 on the constraints
          m * w,
          Jr * (psiDot + omega),
          2.0 * params_.axleInertia * phiDot};
}

SnakeboardCollocation::SnakeboardCollocation(const Problem& problem, const SnakeboardParams& params,
                                             const std::array<double, 9>& start)
    : dmoc_(problem, params, start), params_(params), n_(problem.knots), h_(problem.timeStep()) {
  const std::array<double, 3> v = dmoc_.velocities(start);
  start_ = knotFromVelocities({start[0], start[1], start[2], start[3], start[4]}, v[0], v[1], v[2]);
}

void SnakeboardCollocation::bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
                                   std::vector<double>& gu) const {
  dmoc_.bounds(xl, xu, gl, gu);
  for (int i = 0; i < S::kKnotVars; ++i) {
    const auto j = static_cast<std::size_t>(S::var(0, i));
    xl[j] = xu[j] = start_[static_cast<std::size_t>(i)];
  }
}

// SnakeboardDmoc's guess (its rotate gait and torques), each knot's memory turned into this
// layout through the velocities it stands for (SnakeboardDmoc::velocities).
void SnakeboardCollocation::initialGuess(std::vector<double>& x) const {
  dmoc_.initialGuess(x);
  for (int k = 0; k <= n_; ++k) {
    double* z = x.data() + S::var(k, 0);
    std::array<double, 9> knot;
    std::copy_n(z, 9, knot.begin());
    const std::array<double, 3> v = dmoc_.velocities(knot);
    const std::array<double, 9> c =
        k == 0 ? start_ : knotFromVelocities({knot[0], knot[1], knot[2], knot[3], knot[4]}, v[0], v[1], v[2]);
    std::copy(c.begin(), c.end(), z);
  }
}

void SnakeboardCollocation::constraints(const double* x, double* g, JacobianSink* jac) const {
  static const std::array<std::vector<int>, S::kKnotVars> pattern = rowPattern();
  for (int k = 0; k < n_; ++k) {
    const double* z = x + S::var(k, 0);
    const int row0 = S::kStepRows * k, col0 = S::var(k, 0);
    if (!jac) {
      double r[S::kKnotVars];
      stepResidual(params_, h_, z, r);
      std::copy_n(r, S::kKnotVars, g + row0);
      continue;
    }
    AD za[kLocal], r[S::kKnotVars];
    for (int j = 0; j < kLocal; ++j) za[j] = AD(z[j], kLocal, j);
    stepResidual(params_, h_, za, r);
    for (int i = 0; i < S::kKnotVars; ++i) {
      g[row0 + i] = r[i].value();
      for (int j : pattern[static_cast<std::size_t>(i)]) jac->add(row0 + i, col0 + j, r[i].derivatives()(j));
    }
  }
}

std::string SnakeboardCollocation::describe(int row, const double*, double violation) const {
  static const char* what[] = {"heading (trapezoidal)", "x (trapezoidal)", "y (trapezoidal)",
                               "rotor angle (trapezoidal)", "steering (trapezoidal)",
                               "nonholonomic momentum p (trapezoidal)", "forward speed (algebraic)",
                               "rotor momentum (trapezoidal)", "axle momentum (trapezoidal)"};
  char buf[200];
  std::snprintf(buf, sizeof buf, "step %d: collocation of the %s off by %.3g", row / S::kStepRows,
                what[row % S::kStepRows], violation);
  return buf;
}

}  // namespace lieride::opt
