// Integrators for the PMP Hamiltonian system (Anahory Simoes et al. Proposition 2 and section
// VI.C-D; docs/retraction.md).
#include "lieride/ocp/schemes.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "lieride/ocp/discretization.hpp"

namespace lieride::ocp {
namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

void accumulate(OcpStepReport& total, const OcpStepReport& r) {
  total.iterations += r.iterations;
  total.residual = std::max(total.residual, r.residual);
  total.converged = total.converged && r.converged;
}

OcpStepReport compose(const HamiltonianSystem& sys, const std::vector<std::pair<double, double>>& stages, double h,
                      const PVec& xi0, PVec& xi1, PMat* jacobian, const NewtonSettings& newton) {
  OcpStepReport total;
  PVec cur = xi0, next;
  PMat jStage;
  if (jacobian) *jacobian = PMat::Identity(xi0.size(), xi0.size());
  for (const auto& [delta, fraction] : stages) {
    accumulate(total, deltaStep(sys, delta, fraction * h, cur, next, jacobian ? &jStage : nullptr, newton));
    if (jacobian) *jacobian = jStage * *jacobian;
    cur = next;
  }
  xi1 = cur;
  return total;
}

// d(stage residuals)/dK of the 2-stage RK: I - h a_ij Df(Z_i).
void stageMatrix(double h, const double (&A)[2][2], const PMat (&Df)[2], BMat& G) {
  const long N = Df[0].rows();
  G = BMat::Identity(2 * N, 2 * N);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) G.block(i * N, j * N, N, N) -= h * A[i][j] * Df[i];
}

// 2-stage Gauss-Legendre (Hairer-Lubich-Wanner II.1.3), stages solved by Newton on K.
OcpStepReport gaussLegendreStep(const HamiltonianSystem& sys, double h, const PVec& xi0, PVec& xi1, PMat* jacobian,
                                const NewtonSettings& newton) {
  const double s3 = std::sqrt(3.0) / 6.0;
  const double A[2][2] = {{0.25, 0.25 - s3}, {0.25 + s3, 0.25}};
  const long N = xi0.size();
  BVec K(2 * N);
  PVec f0;
  sys.vectorField(xi0, f0);
  K << f0, f0;
  PVec Z[2], f;
  PMat Df[2];
  BMat G(2 * N, 2 * N);
  BVec res(2 * N);
  OcpStepReport rep;
  rep.converged = false;
  const double scale = 1.0 + xi0.cwiseAbs().maxCoeff();
  for (int it = 0;; ++it) {
    for (int i = 0; i < 2; ++i) {
      Z[i] = xi0 + h * (A[i][0] * K.head(N) + A[i][1] * K.tail(N));
      sys.vectorField(Z[i], f);
      res.segment(i * N, N) = K.segment(i * N, N) - f;
      sys.vectorFieldJacobian(Z[i], Df[i]);
    }
    rep.residual = h * res.cwiseAbs().maxCoeff();
    rep.iterations = it;
    if (rep.residual <= newton.tolerance * scale) {
      rep.converged = true;
      break;
    }
    if (it >= newton.maxIterations) break;
    stageMatrix(h, A, Df, G);
    const BVec dK = G.partialPivLu().solve(res);
    K -= dK;
    if (dK.cwiseAbs().maxCoeff() * h <= 4.0 * kEps * scale) {  // stagnated at round-off
      rep.converged = true;
      rep.iterations = it + 1;
      break;
    }
  }
  xi1 = xi0 + 0.5 * h * (K.head(N) + K.tail(N));
  if (jacobian) {
    stageMatrix(h, A, Df, G);
    BMat rhs(2 * N, N);
    rhs << Df[0], Df[1];
    const BMat dK = G.partialPivLu().solve(rhs);
    *jacobian = PMat::Identity(N, N) + 0.5 * h * (dK.topRows(N) + dK.bottomRows(N));
  }
  return rep;
}

}  // namespace

const std::vector<OcpMethod>& allOcpMethods() {
  static const std::vector<OcpMethod> all = {OcpMethod::RetractionMidpoint, OcpMethod::StormerVerlet,
                                             OcpMethod::StormerVerletPosition, OcpMethod::TripleJump,
                                             OcpMethod::Rk2, OcpMethod::Rk4, OcpMethod::GaussLegendre2};
  return all;
}

std::string methodName(OcpMethod m) {
  switch (m) {
    case OcpMethod::RetractionMidpoint: return "retraction-midpoint";
    case OcpMethod::StormerVerlet: return "stormer-verlet";
    case OcpMethod::StormerVerletPosition: return "stormer-verlet-position";
    case OcpMethod::TripleJump: return "triple-jump";
    case OcpMethod::Rk2: return "rk2";
    case OcpMethod::Rk4: return "rk4";
    case OcpMethod::GaussLegendre2: return "gauss-legendre-2";
  }
  return "?";
}

bool methodIsSymplectic(OcpMethod m) { return m != OcpMethod::Rk2 && m != OcpMethod::Rk4; }

int methodOrder(OcpMethod m) {
  return m == OcpMethod::TripleJump || m == OcpMethod::Rk4 || m == OcpMethod::GaussLegendre2 ? 4 : 2;
}

OcpStepReport deltaStep(const HamiltonianSystem& sys, double delta, double h, const PVec& xi0, PVec& xi1,
                        PMat* jacobian, const NewtonSettings& newton) {
  const long N = xi0.size(), d = N / 2;
  // Weights of xi1 and xi0 in the base point of the inverse cotangent lift.
  PVec w1(N), w0(N);
  w1.head(d).setConstant(delta);
  w1.tail(d).setConstant(1.0 - delta);
  w0 = PVec::Ones(N) - w1;
  PVec f;
  sys.vectorField(xi0, f);
  xi1 = xi0 + h * f;  // explicit Euler predictor
  PMat Df, M;
  OcpStepReport rep;
  rep.converged = false;
  const double scale = 1.0 + xi0.cwiseAbs().maxCoeff();
  for (int it = 0;; ++it) {
    // (R_d^{T*})^{-1}(xi0, xi1) = (base, xi1 - xi0) must equal (base, h X_H(base)).
    const auto [base, tangent] = cotangentLiftInverse(delta, xi0, xi1);
    sys.vectorField(base, f);
    const PVec F = tangent - h * f;
    sys.vectorFieldJacobian(base, Df);
    rep.residual = F.cwiseAbs().maxCoeff();
    rep.iterations = it;
    if (rep.residual <= newton.tolerance * scale) {
      rep.converged = true;
      break;
    }
    if (it >= newton.maxIterations) break;
    M = PMat::Identity(N, N) - h * Df * w1.asDiagonal();
    const PVec step = M.partialPivLu().solve(F);
    xi1 -= step;
    if (step.cwiseAbs().maxCoeff() <= 4.0 * kEps * scale) {  // stagnated at round-off
      rep.converged = true;
      rep.iterations = it + 1;
      break;
    }
  }
  if (jacobian) {
    const auto base = cotangentLiftInverse(delta, xi0, xi1).first;
    sys.vectorFieldJacobian(base, Df);
    M = PMat::Identity(N, N) - h * Df * w1.asDiagonal();
    const PMat rhs = PMat::Identity(N, N) + h * Df * w0.asDiagonal();
    *jacobian = M.partialPivLu().solve(rhs);
  }
  return rep;
}

OcpStepReport ocpStep(const HamiltonianSystem& sys, OcpMethod m, double h, const PVec& xi0, PVec& xi1,
                      PMat* jacobian, const NewtonSettings& newton) {
  switch (m) {
    case OcpMethod::RetractionMidpoint: return deltaStep(sys, 0.5, h, xi0, xi1, jacobian, newton);
    case OcpMethod::StormerVerlet: return compose(sys, {{0.0, 0.5}, {1.0, 0.5}}, h, xi0, xi1, jacobian, newton);
    case OcpMethod::StormerVerletPosition:
      return compose(sys, {{1.0, 0.5}, {0.0, 0.5}}, h, xi0, xi1, jacobian, newton);
    case OcpMethod::TripleJump: {
      // Yoshida (1990) / Suzuki: gamma1 = 1 / (2 - 2^(1/3)), gamma2 = 1 - 2 gamma1.
      const double g1 = 1.0 / (2.0 - std::cbrt(2.0)), g2 = 1.0 - 2.0 * g1;
      return compose(sys, {{0.5, g1}, {0.5, g2}, {0.5, g1}}, h, xi0, xi1, jacobian, newton);
    }
    case OcpMethod::GaussLegendre2: return gaussLegendreStep(sys, h, xi0, xi1, jacobian, newton);
    case OcpMethod::Rk2:
    case OcpMethod::Rk4: break;
  }
  if (jacobian) throw std::invalid_argument(methodName(m) + ": no step Jacobian (explicit, not symplectic)");
  PVec k1, k2, k3, k4;
  sys.vectorField(xi0, k1);
  if (m == OcpMethod::Rk2) {
    sys.vectorField(xi0 + 0.5 * h * k1, k2);
    xi1 = xi0 + h * k2;
    return {};
  }
  sys.vectorField(xi0 + 0.5 * h * k1, k2);
  sys.vectorField(xi0 + 0.5 * h * k2, k3);
  sys.vectorField(xi0 + h * k3, k4);
  xi1 = xi0 + (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  return {};
}

std::vector<PVec> integrate(const HamiltonianSystem& sys, OcpMethod m, double h, long n, const PVec& xi0,
                            OcpStepReport* total) {
  std::vector<PVec> out;
  out.reserve(static_cast<std::size_t>(n + 1));
  out.push_back(xi0);
  OcpStepReport sum;
  PVec next;
  for (long k = 0; k < n; ++k) {
    const OcpStepReport r = ocpStep(sys, m, h, out.back(), next);
    if (!r.converged) {
      std::ostringstream msg;
      msg << methodName(m) << ": step " << k + 1 << ": Newton did not converge (" << r.iterations
          << " iterations, residual " << r.residual << ")";
      throw NewtonFailure(msg.str());
    }
    accumulate(sum, r);
    out.push_back(next);
  }
  if (total) *total = sum;
  return out;
}

}  // namespace lieride::ocp
