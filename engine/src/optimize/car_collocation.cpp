// Trapezoidal collocation of the car (see collocation.hpp): the baseline beside CarDmoc.
// The obstacle and goal rows are CarDmoc's; the six dynamics rows per step are replaced.
#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include <array>
#include <cmath>
#include <cstdio>

#include "lieride/optimize/collocation.hpp"
#include "rows_from.hpp"

namespace lieride::opt {
namespace {

// Local variables of step k: knot k, the step's (u, F, s), knot k+1, h.
enum { kTh0 = 0, kX0, kY0, kSig0, kP0, kU, kF, kS, kTh1, kX1, kY1, kSig1, kP1, kH, kLocal };
using Derivs = Eigen::Matrix<double, kLocal, 1>;
using AD = Eigen::AutoDiffScalar<Derivs>;

// The structural non-zeros of each row, in local indices (kH only with a free final time).
const std::array<std::vector<int>, CarDmoc::kDynamicsRows> kRowPattern = {{
    {kSig0, kS, kSig1, kH},
    {kU, kSig0, kP0, kSig1, kP1},
    {kSig0, kP0, kF, kS, kSig1, kP1, kH},
    {kTh0, kSig0, kP0, kTh1, kSig1, kP1, kH},
    {kTh0, kX0, kSig0, kP0, kTh1, kX1, kSig1, kP1, kH},
    {kTh0, kY0, kSig0, kP0, kTh1, kY1, kSig1, kP1, kH},
}};

struct CarConstants {
  double beta, kappa, rho;
};

// The trapezoidal rule on z' = f(z, F, s) over one step, and u = mean psi'.
template <class T>
void stepResidual(const std::array<T, kLocal>& z, const CarConstants& c, std::array<T, CarDmoc::kDynamicsRows>& r) {
  using std::cos;
  using std::sin;
  const T& h = z[kH];
  const T w0 = z[kP0] / (1.0 + c.beta * z[kSig0] * z[kSig0]);  // psi' at the knots
  const T w1 = z[kP1] / (1.0 + c.beta * z[kSig1] * z[kSig1]);
  r[0] = z[kSig1] - z[kSig0] - h * z[kS];
  r[1] = z[kU] - 0.5 * (w0 + w1);
  r[2] = z[kP1] - z[kP0] - 0.5 * h * (2.0 * z[kF] + c.beta * z[kS] * (z[kSig0] * w0 + z[kSig1] * w1));
  r[3] = z[kTh1] - z[kTh0] - 0.5 * h * c.kappa * (z[kSig0] * w0 + z[kSig1] * w1);
  r[4] = z[kX1] - z[kX0] - 0.5 * h * c.rho * (w0 * cos(z[kTh0]) + w1 * cos(z[kTh1]));
  r[5] = z[kY1] - z[kY0] - 0.5 * h * c.rho * (w0 * sin(z[kTh0]) + w1 * sin(z[kTh1]));
}

}  // namespace

CarCollocation::CarCollocation(const Problem& problem, const CarParams& params, const CarStart& start)
    : dmoc_(problem, params, start) {
  const double a = params.wheelInertia + params.mass * params.wheelRadius * params.wheelRadius;
  beta_ = params.yawInertia * params.wheelRadius * params.wheelRadius / (params.wheelbase * params.wheelbase) / a;
  kappa_ = params.wheelRadius / params.wheelbase;
  rho_ = params.wheelRadius;
}

// CarDmoc's guess (the same straight-line poses, no steering): u = P there, which is the
// mean of psi' with sigma = 0.
void CarCollocation::initialGuess(std::vector<double>& x) const { dmoc_.initialGuess(x); }

void CarCollocation::constraints(const double* x, double* g, JacobianSink* jac) const {
  const int n = dmoc_.knots();
  const int dynamicsRows = CarDmoc::kDynamicsRows * n;
  if (jac) {
    RowsFrom rest(jac, dynamicsRows);
    dmoc_.constraints(x, g, &rest);
  } else {
    dmoc_.constraints(x, g, nullptr);
  }
  const bool free = dmoc_.freeTime();
  const CarConstants c{beta_, kappa_, rho_};
  std::array<int, kLocal> column{};
  for (int k = 0; k < n; ++k) {
    for (int i = 0; i < 5; ++i) {
      column[static_cast<std::size_t>(kTh0 + i)] = CarDmoc::var(k, i);
      column[static_cast<std::size_t>(kTh1 + i)] = CarDmoc::var(k + 1, i);
    }
    for (int i = 0; i < 3; ++i) column[static_cast<std::size_t>(kU + i)] = CarDmoc::var(k, CarDmoc::kU + i);
    column[kH] = dmoc_.stepVariable();
    const int row0 = CarDmoc::kDynamicsRows * k;
    if (!jac) {
      std::array<double, kLocal> z{};
      for (int i = 0; i < kH; ++i) z[static_cast<std::size_t>(i)] = x[column[static_cast<std::size_t>(i)]];
      z[kH] = dmoc_.timeStep(x);
      std::array<double, CarDmoc::kDynamicsRows> r{};
      stepResidual(z, c, r);
      for (int i = 0; i < CarDmoc::kDynamicsRows; ++i) g[row0 + i] = r[static_cast<std::size_t>(i)];
      continue;
    }
    std::array<AD, kLocal> z;
    for (int i = 0; i < kLocal; ++i) {
      const double v = i == kH ? dmoc_.timeStep(x) : x[column[static_cast<std::size_t>(i)]];
      z[static_cast<std::size_t>(i)] = AD(v, kLocal, i);
    }
    std::array<AD, CarDmoc::kDynamicsRows> r;
    stepResidual(z, c, r);
    for (int i = 0; i < CarDmoc::kDynamicsRows; ++i) {
      const AD& ri = r[static_cast<std::size_t>(i)];
      g[row0 + i] = ri.value();
      for (int j : kRowPattern[static_cast<std::size_t>(i)]) {
        if (j == kH && !free) continue;
        jac->add(row0 + i, column[static_cast<std::size_t>(j)], ri.derivatives()(j));
      }
    }
  }
}

std::string CarCollocation::describe(int row, const double* x, double violation) const {
  if (row >= CarDmoc::kDynamicsRows * dmoc_.knots()) return dmoc_.describe(row, x, violation);
  static const char* what[] = {"steering (sigma) update", "mean wheel rate", "wheel momentum (trapezoidal)",
                               "heading (trapezoidal)", "x (trapezoidal)", "y (trapezoidal)"};
  char buf[160];
  std::snprintf(buf, sizeof buf, "step %d: collocation of the %s off by %.3g", row / CarDmoc::kDynamicsRows,
                what[row % CarDmoc::kDynamicsRows], violation);
  return buf;
}

}  // namespace lieride::opt
