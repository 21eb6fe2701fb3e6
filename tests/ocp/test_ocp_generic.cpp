// The schemes on a second distribution through the generic adapted-basis PMP system: the
// nonholonomic particle's D (z' = y x'), docs/retraction.md section 1.
#include <catch2/catch.hpp>
#include <cmath>

#include "lieride/ocp/discretization.hpp"
#include "lieride/ocp/np_particle_basis.hpp"
#include "lieride/ocp/schemes.hpp"

using namespace lieride::ocp;

namespace {

// xi = (x, y, z, y1, y2, p_x, p_y, p_z, p_1, p_2).
PVec particleState() {
  PVec xi(10);
  xi << 0.1, 0.5, -0.2, 0.8, -0.3, 0.6, -0.4, 0.7, 0.2, 0.9;
  return xi;
}

}  // namespace

TEST_CASE("particle OCP: the midpoint scheme keeps the discrete constraint and is symplectic", "[ocp]") {
  const NpParticleBasis basis;
  const AdaptedBasisPmp sys(basis);
  const auto xs = integrate(sys, OcpMethod::RetractionMidpoint, 0.02, 100, particleState());
  double worst = 0.0;
  // rho at the midpoint: z1 - z0 = (y0 + y1)/2 (x1 - x0) for every step.
  for (std::size_t k = 1; k < xs.size(); ++k)
    worst = std::max(worst, std::abs((xs[k](2) - xs[k - 1](2)) - 0.5 * (xs[k](1) + xs[k - 1](1)) * (xs[k](0) - xs[k - 1](0))));
  const double scale = 1.0 + xs.back().cwiseAbs().maxCoeff();
  INFO("worst " << worst << ", |xi_end| " << scale - 1.0);
  CHECK(worst < 1e-13 * scale);  // Newton's tolerance is 1e-14 (1 + |xi|)
  PMat omega = PMat::Zero(10, 10);
  omega.topRightCorner(5, 5) = PMat::Identity(5, 5);
  omega.bottomLeftCorner(5, 5) = -PMat::Identity(5, 5);
  for (OcpMethod m : {OcpMethod::RetractionMidpoint, OcpMethod::StormerVerlet, OcpMethod::GaussLegendre2}) {
    PVec xi1;
    PMat J;
    REQUIRE(ocpStep(sys, m, 0.2, particleState(), xi1, &J).converged);
    CHECK((J.transpose() * omega * J - omega).cwiseAbs().maxCoeff() < 1e-10);
  }
}

TEST_CASE("particle OCP: orders by halving h", "[ocp]") {
  const NpParticleBasis basis;
  const AdaptedBasisPmp sys(basis);
  const double T = 2.0;
  auto end = [&](OcpMethod m, double h) { return integrate(sys, m, h, std::lround(T / h), particleState()).back(); };
  const PVec ref = end(OcpMethod::Rk4, 0.1 / 64);
  for (OcpMethod m : {OcpMethod::RetractionMidpoint, OcpMethod::TripleJump, OcpMethod::GaussLegendre2}) {
    const double e2 = (end(m, 0.1) - ref).cwiseAbs().maxCoeff(), e3 = (end(m, 0.05) - ref).cwiseAbs().maxCoeff();
    INFO(methodName(m) << ": " << e2 << ", " << e3);
    CHECK(std::log2(e2 / e3) == Approx(methodOrder(m)).margin(0.3));
  }
}

TEST_CASE("particle: R_{D,d} is a discretization map with the Euclidean projection", "[ocp]") {
  const NpParticleBasis basis;
  PVec q(3), y(2), qd(3), yd(2);
  q << 0.2, 0.7, -0.1;
  y << 0.5, -0.4;
  qd << 0.3, 0.2, 0.1;
  yd << 0.1, -0.2;
  const double s = 1e-5;
  const auto [ap, bp] = nonholonomicDiscretization(basis, 0.5, q, y, s * qd, s * yd);
  const auto [am, bm] = nonholonomicDiscretization(basis, 0.5, q, y, -s * qd, -s * yd);
  PVec v(5);
  v << qd, yd;
  CHECK((((bp - ap) - (bm - am)) / (2 * s) - v).cwiseAbs().maxCoeff() < 1e-8);
}
