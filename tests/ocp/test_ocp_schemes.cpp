// The integrators of the sleigh OCP's PMP system (docs/retraction.md): derivatives, orders by
// halving h, symplecticity of the discrete flow, the discrete constraint (paper Fig. 3), and
// the discretization maps of Proposition 3.
#include <catch2/catch.hpp>
#include <cmath>

#include "lieride/ocp/discretization.hpp"
#include "lieride/ocp/schemes.hpp"
#include "lieride/ocp/sleigh_ocp.hpp"

using namespace lieride::ocp;

namespace {

// A state away from the paper's nearly static start, so that every component moves.
PVec busyState() {
  PVec xi(10);
  xi << 0.2, -0.4, 0.3, 0.5, 1.0, 0.4, -0.7, 0.2, 0.3, -0.5;
  return xi;
}

PVec endState(OcpMethod m, double h, double T, const PVec& xi0) {
  const long n = std::lround(T / h);
  return integrate(SleighPmp{}, m, h, n, xi0).back();
}

}  // namespace

TEST_CASE("closed-form sleigh PMP equals the adapted-basis PMP, and its Hessian the gradient's derivative", "[ocp]") {
  const SleighBasis basis;
  const AdaptedBasisPmp generic(basis);
  const SleighPmp sleigh;
  const PVec xi = busyState();
  PVec g1, g2;
  PMat h1, h2;
  generic.gradient(xi, g1);
  sleigh.gradient(xi, g2);
  generic.hessian(xi, h1);
  sleigh.hessian(xi, h2);
  CHECK(std::abs(generic.hamiltonian(xi) - sleigh.hamiltonian(xi)) < 1e-15);
  CHECK((g1 - g2).cwiseAbs().maxCoeff() < 1e-15);
  CHECK((h1 - h2).cwiseAbs().maxCoeff() < 1e-15);
  // Hamilton's equations of the paper's VI.B: z1' = p_1, z2' = p_2, p_1' = -p_theta / J, ...
  PVec f;
  sleigh.vectorField(xi, f);
  CHECK(f(kZ1) == xi(kP1));
  CHECK(f(kZ2) == xi(kP2));
  CHECK(f(kP1) == Approx(-xi(kPtheta)));
  CHECK(f(kPtheta) == Approx(xi(kPx) * std::sin(xi(kTheta)) * xi(kZ2) - xi(kPy) * std::cos(xi(kTheta)) * xi(kZ2)));
  CHECK(f(kP2) == Approx(-xi(kPx) * std::cos(xi(kTheta)) - xi(kPy) * std::sin(xi(kTheta))));
  const double e = 1e-6;
  for (int j = 0; j < 10; ++j) {
    PVec a = xi, b = xi, ga, gb;
    a(j) += e;
    b(j) -= e;
    sleigh.gradient(a, ga);
    sleigh.gradient(b, gb);
    CHECK(((ga - gb) / (2 * e) - h2.col(j)).cwiseAbs().maxCoeff() < 1e-8);
  }
}

TEST_CASE("each scheme converges at its order when h is halved", "[ocp]") {
  const PVec xi0 = busyState();
  const double T = 2.0;
  const PVec ref = endState(OcpMethod::Rk4, 0.1 / 64, T, xi0);
  for (OcpMethod m : allOcpMethods()) {
    const double e1 = (endState(m, 0.1, T, xi0) - ref).cwiseAbs().maxCoeff();
    const double e2 = (endState(m, 0.05, T, xi0) - ref).cwiseAbs().maxCoeff();
    const double e3 = (endState(m, 0.025, T, xi0) - ref).cwiseAbs().maxCoeff();
    const double order = std::log2(e2 / e3), orderCoarse = std::log2(e1 / e2);
    INFO(methodName(m) << ": errors " << e1 << ", " << e2 << ", " << e3 << ", observed orders " << orderCoarse << ", "
                       << order);
    CHECK(order > methodOrder(m) - 0.2);
    CHECK(order < methodOrder(m) + 0.5);
  }
}

TEST_CASE("the discrete flows of the symplectic schemes preserve the canonical form", "[ocp]") {
  const SleighPmp sys;
  PMat omega = PMat::Zero(10, 10);
  omega.topRightCorner(5, 5) = PMat::Identity(5, 5);
  omega.bottomLeftCorner(5, 5) = -PMat::Identity(5, 5);
  const PVec xi0 = busyState();
  for (OcpMethod m : allOcpMethods()) {
    if (!methodIsSymplectic(m)) continue;
    INFO(methodName(m));
    PVec xi1;
    PMat J;
    const OcpStepReport r = ocpStep(sys, m, 0.1, xi0, xi1, &J);
    REQUIRE(r.converged);
    CHECK((J.transpose() * omega * J - omega).cwiseAbs().maxCoeff() < 1e-10);
    // The Jacobian is the derivative of the step (central differences).
    const double e = 1e-6;
    for (int j = 0; j < 10; ++j) {
      PVec a = xi0, b = xi0, ya, yb;
      a(j) += e;
      b(j) -= e;
      ocpStep(sys, m, 0.1, a, ya);
      ocpStep(sys, m, 0.1, b, yb);
      CHECK(((ya - yb) / (2 * e) - J.col(j)).cwiseAbs().maxCoeff() < 1e-7);
    }
  }
  SECTION("any delta of Proposition 2 is symplectic, and RK4 is not") {
    PVec xi1;
    PMat J;
    for (double delta : {0.0, 0.3, 1.0}) {
      REQUIRE(deltaStep(sys, delta, 0.1, xi0, xi1, &J).converged);
      CHECK((J.transpose() * omega * J - omega).cwiseAbs().maxCoeff() < 1e-10);
    }
    // RK4's Jacobian by central differences (h = 0.4): J^T Omega J - Omega is O(h^5), well above 1e-6.
    const double e = 1e-5;
    PMat Jrk(10, 10);
    for (int j = 0; j < 10; ++j) {
      PVec a = xi0, b = xi0, ya, yb;
      a(j) += e;
      b(j) -= e;
      ocpStep(sys, OcpMethod::Rk4, 0.4, a, ya);
      ocpStep(sys, OcpMethod::Rk4, 0.4, b, yb);
      Jrk.col(j) = (ya - yb) / (2 * e);
    }
    CHECK((Jrk.transpose() * omega * Jrk - omega).cwiseAbs().maxCoeff() > 1e-6);
  }
}

TEST_CASE("paper run: phi_d of the retraction midpoint scheme is below RK4's (Fig. 3)", "[ocp]") {
  const SleighPmp sys;
  const PVec xi0 = paperInitialState();
  auto maxPhi = [&](OcpMethod m) {
    const auto xs = integrate(sys, m, 0.005, 4000, xi0);
    double worst = 0.0;
    for (std::size_t k = 1; k < xs.size(); ++k) worst = std::max(worst, std::abs(discreteConstraint(xs[k - 1], xs[k])));
    return worst;
  };
  const double mid = maxPhi(OcpMethod::RetractionMidpoint), rk4 = maxPhi(OcpMethod::Rk4);
  INFO("max |phi_d|: retraction midpoint " << mid << ", rk4 " << rk4);
  CHECK(mid < rk4);
  // Eq. (9) takes the angle at (theta_k + theta_k+1) / 2, where the midpoint scheme evaluates
  // rho: x, y advance along (cos, sin) of exactly that angle, so phi_d vanishes to round-off.
  CHECK(mid < 1e-12);
  // Fig. 4 (Stormer-Verlet keeps phi_d even better) depends on the order of the composition.
  // delta = 1 then delta = 0 advances x, y twice along rho(theta_1/2) with theta_1/2 exactly the
  // mean of theta_k and theta_k+1: round-off again. delta = 0 then delta = 1 uses rho(theta_k)
  // and rho(theta_k+1): an O(h^3) phi_d per step, far above round-off.
  const double svPosition = maxPhi(OcpMethod::StormerVerletPosition), sv = maxPhi(OcpMethod::StormerVerlet);
  INFO("stormer-verlet-position " << svPosition << ", stormer-verlet " << sv);
  CHECK(svPosition < 1e-12);
  CHECK(sv > 1e-8);
}

TEST_CASE("R_{D,d} is a discretization map (Proposition 3) and agrees with the chart map to second order", "[ocp]") {
  const SleighBasis basis;
  PVec q(3), y(2), qd(3), yd(2);
  q << 0.3, -0.2, 0.7;
  y << 0.4, 1.1;
  qd << 0.2, -0.1, 0.5;
  yd << -0.3, 0.6;
  for (double delta : {0.0, 0.5, 1.0}) {
    INFO("delta " << delta);
    const auto [a0, b0] = nonholonomicDiscretization(basis, delta, q, y, PVec::Zero(3), PVec::Zero(2));
    PVec x(5);
    x << q, y;
    CHECK((a0 - x).cwiseAbs().maxCoeff() < 1e-15);
    CHECK((b0 - x).cwiseAbs().maxCoeff() < 1e-15);
    // T R^2 - T R^1 = id at the zero vector (central differences along s (qd, yd)).
    const double s = 1e-5;
    const auto [ap, bp] = nonholonomicDiscretization(basis, delta, q, y, s * qd, s * yd);
    const auto [am, bm] = nonholonomicDiscretization(basis, delta, q, y, -s * qd, -s * yd);
    PVec v(5);
    v << qd, yd;
    CHECK((((bp - ap) - (bm - am)) / (2 * s) - v).cwiseAbs().maxCoeff() < 1e-8);
    // The chart map R_U of the paper's VI.C differs by O(|v|^2): the difference drops 4x per halving.
    auto gap = [&](double t) {
      const auto [a, b] = nonholonomicDiscretization(basis, delta, q, y, t * qd, t * yd);
      PVec tv = t * v;
      const auto [ca, cb] = discretizationMap(delta, x, tv);
      return std::max((a - ca).cwiseAbs().maxCoeff(), (b - cb).cwiseAbs().maxCoeff());
    };
    CHECK(std::log2(gap(0.02) / gap(0.01)) == Approx(2.0).margin(0.1));
  }
}

TEST_CASE("cotangent lift of R_d and its inverse", "[ocp]") {
  PVec xi(4), dxi(4);
  xi << 1.0, 2.0, 3.0, 4.0;
  dxi << 0.5, -0.25, 0.125, 1.0;
  for (double delta : {0.0, 0.25, 0.5, 1.0}) {
    const auto [a, b] = cotangentLift(delta, xi, dxi);
    CHECK((b - a - dxi).cwiseAbs().maxCoeff() < 1e-15);
    const auto [base, tangent] = cotangentLiftInverse(delta, a, b);
    CHECK((base - xi).cwiseAbs().maxCoeff() < 1e-15);
    CHECK((tangent - dxi).cwiseAbs().maxCoeff() < 1e-15);
  }
}

TEST_CASE("an unconverged Newton solve is reported, never returned silently", "[ocp]") {
  const SleighPmp sys;
  PVec xi1;
  const OcpStepReport r = ocpStep(sys, OcpMethod::RetractionMidpoint, 0.5, busyState(), xi1, nullptr, {1e-14, 1});
  CHECK_FALSE(r.converged);
  CHECK(r.residual > 1e-14);
  CHECK_THROWS_AS(integrate(sys, OcpMethod::RetractionMidpoint, 50.0, 3, busyState()), NewtonFailure);
}
