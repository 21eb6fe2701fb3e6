// Right-trivialized tangents d tau_xi (B_tau, Eq. 13) and their inverses (C_tau, Eqs. 14, 21,
// 22) for tau = exp and cay, on SO(3), SE(2), SE(3).
//
// Definition (Kobilarov et al. Sec. 3.1): d tau_xi(delta) = (D tau(xi).delta) tau(xi)^{-1}.
// Tolerances:
//  - against 5-point central differences of the long-double matrix exp / Cayley map
//    (h = 1e-3): truncation h^4 |tau^(5)| / 30 <~ 1e-11 for |xi| <~ 4; we allow 1e-10;
//  - against exact references (long-double series / closed-form operator) and inverse pairs:
//    round-off of O(1..10)-entry 6x6 products, ~1e-15 x (1 + |xi|)^2; we allow 1e-14 x that.
#include <catch2/catch.hpp>

#include "lie_support.hpp"

using namespace lietest;

namespace {
template <class Alg>
double scale(const Alg& xi) {
  const double n = 1.0 + xi.norm();
  return n * n;
}
}  // namespace

TEMPLATE_TEST_CASE("dexp and dcay match central differences of the matrix exp / Cayley map",
                   "[lie][tangent]", SO3T, SE2T, SE3T) {
  using T = TestType;
  Rng rng(31);
  for (int i = 0; i < 60; ++i) {
    const auto xi = randomAlg<T>(rng, 3.1, 2.0);
    INFO(T::kName << " xi = " << xi.transpose());
    double resExp = 0.0, resCay = 0.0;
    const typename T::Op fdE = fdDexp<T>(xi, &resExp), fdC = fdDcay<T>(xi, &resCay);
    CHECK(resExp <= 1e-10);  // (D tau . delta) tau^-1 lies in the algebra
    CHECK(resCay <= 1e-10);
    CHECK(maxAbs(T::dexp(xi) - fdE) <= 1e-10);
    CHECK(maxAbs(T::dcay(xi) - fdC) <= 1e-10);
    // the inverses are C_tau: C_tau(xi) d tau_xi = I with d tau_xi from differences alone
    using Op = typename T::Op;
    CHECK(maxAbs(T::dexpInv(xi) * fdE - Op::Identity()) <= 1e-9);
    CHECK(maxAbs(T::dcayInv(xi) * fdC - Op::Identity()) <= 1e-9);
  }
}

TEMPLATE_TEST_CASE("dexp = sum ad^n/(n+1)!, dcay = (I - X/2)^-1 . (I + X/2)^-1 (exact refs)",
                   "[lie][tangent]", SO3T, SE2T, SE3T) {
  using T = TestType;
  Rng rng(32);
  for (int i = 0; i < 300; ++i) {
    const auto xi = randomAlg<T>(rng, i % 3 == 0 ? 0.3 : 3.1, 2.0);
    INFO(T::kName << " xi = " << xi.transpose());
    const double tol = 1e-14 * scale(xi);
    CHECK(maxAbs(T::dexp(xi) - refDexp<T>(xi)) <= tol);
    CHECK(maxAbs(T::dexpInv(xi) - refDexpInv<T>(xi)) <= tol);
    CHECK(maxAbs(T::dcay(xi) - refDcay<T>(xi)) <= tol);
    CHECK(maxAbs(T::dcayInv(xi) - refDcay<T>(xi).inverse()) <= tol);
  }
}

TEMPLATE_TEST_CASE("C_tau are the inverses of d tau", "[lie][tangent]", SO3T, SE2T, SE3T) {
  using T = TestType;
  using Op = typename T::Op;
  Rng rng(33);
  for (int i = 0; i < 300; ++i) {
    const auto xi = randomAlg<T>(rng, 3.1, 2.0);
    const double tol = 1e-14 * scale(xi);
    CHECK(maxAbs(T::dexpInv(xi) * T::dexp(xi) - Op::Identity()) <= tol);
    CHECK(maxAbs(T::dexp(xi) * T::dexpInv(xi) - Op::Identity()) <= tol);
    CHECK(maxAbs(T::dcayInv(xi) * T::dcay(xi) - Op::Identity()) <= tol);
    CHECK(maxAbs(T::dcay(xi) * T::dcayInv(xi) - Op::Identity()) <= tol);
  }
}

TEMPLATE_TEST_CASE("C_TLN = I - ad/2 agrees with C_exp and C_cay to first order", "[lie][tangent]",
                   SO3T, SE2T, SE3T) {
  using T = TestType;
  using Op = typename T::Op;
  Rng rng(34);
  for (int i = 0; i < 20; ++i) {
    auto xi = randomAlg<T>(rng, 1.0, 1.0);
    xi = withAngle<T>(xi, 0.8).normalized();  // rotational part non-negligible
    CHECK(maxAbs(T::cTLN(xi) - (Op::Identity() - 0.5 * refAd<T>(xi))) <= 1e-16);
    // || C_tau(s xi) - C_TLN(s xi) || = O(s^2): observed order from s = 0.1 -> 0.05
    for (int which = 0; which < 2; ++which) {
      const auto diff = [&](double s) {
        const auto x = (s * xi).eval();
        return maxAbs((which == 0 ? T::dexpInv(x) : T::dcayInv(x)) - T::cTLN(x));
      };
      const double order = std::log2(diff(0.1) / diff(0.05));
      INFO(T::kName << (which == 0 ? " exp" : " cay") << " order " << order);
      CHECK(order == Approx(2.0).margin(0.05));
    }
  }
}

TEMPLATE_TEST_CASE("dexpInvTruncated (Eq. 14/21) matches dexpInv to O(|xi|^4)", "[lie][tangent]",
                   SO3T, SE2T, SE3T) {
  using T = TestType;
  using Op = typename T::Op;
  Rng rng(35);
  for (int i = 0; i < 20; ++i) {
    auto xi = randomAlg<T>(rng, 1.0, 1.0);
    xi = withAngle<T>(xi, 0.8).normalized();
    // the truncation as printed: I - ad/2 + ad^2/12 (ad from commutators)
    const Op A = refAd<T>(xi);
    CHECK(maxAbs(T::dexpInvTruncated(xi) - (Op::Identity() - 0.5 * A + A * A / 12.0)) <= 1e-16);
    const auto diff = [&](double s) {
      const auto x = (s * xi).eval();
      return maxAbs(T::dexpInv(x) - T::dexpInvTruncated(x));
    };
    const double order = std::log2(diff(0.1) / diff(0.05));
    INFO(T::kName << " order " << order);
    CHECK(order == Approx(4.0).margin(0.05));
    // leading term of the difference: the Bernoulli term B_4/4! ad^4 = -ad^4/720; the rest is
    // bounded by 2 |ad|^6/30240 (|ad|_inf <= 1.6, successive terms shrink by (|ad|/2pi)^2)
    for (double s : {0.4, 0.2, 0.1}) {
      const Op As = s * A, A2 = As * As;
      const double adNorm = As.cwiseAbs().rowwise().sum().maxCoeff();
      const Op rest = T::dexpInv(s * xi) - T::dexpInvTruncated(s * xi) + A2 * A2 / 720.0;
      CHECK(maxAbs(rest) <= 2.0 * std::pow(adNorm, 6) / 30240.0 + 1e-15);
    }
  }
}

TEST_CASE("C_cay and C_exp as printed: Eq. 14 (SE(3)), Eqs. 21-22 (SE(2))", "[lie][tangent]") {
  Rng rng(36);
  for (int i = 0; i < 50; ++i) {
    const Vec6 xi = randomAlg<SE3T>(rng, 3.0, 2.0);
    const Vec3 w = se3::angular(xi), v = se3::linear(xi);
    const Mat3 W = so3::hat(w), V = so3::hat(v), I = Mat3::Identity();
    Mat6 C = Mat6::Zero();
    C.topLeftCorner<3, 3>() = I - 0.5 * W + 0.25 * w * w.transpose();
    C.bottomLeftCorner<3, 3>() = -0.5 * (I - 0.5 * W) * V;
    C.bottomRightCorner<3, 3>() = I - 0.5 * W;
    CHECK(maxAbs(se3::dcayInv(xi) - C) <= 1e-15 * 8);

    const Vec3 p = randomAlg<SE2T>(rng, 3.0, 2.0);
    Mat3 C22 = Mat3::Identity() - 0.5 * refAd<SE2T>(p);
    C22.col(0) += 0.25 * p(0) * p;
    CHECK(maxAbs(se2::dcayInv(p) - C22) <= 1e-15 * 4);
  }
}

// ---------------------------------------------------------------------------------------------
// Momentum conservation. With g_{k+1} = g_k U(xi) and the momentum equation
// C(xi_k)^T mu_k - C(-xi_{k-1})^T mu_{k-1} = h f_k (Eq. 4/10), the spatial momentum
// Ad_{g^-1}^T (body momentum) is carried over a step unchanged iff
//   C(-xi) = C(xi) Ad_{U(xi)},   equivalently  d tau_{-xi} = Ad_{tau(-xi)} d tau_xi.

TEMPLATE_TEST_CASE("d tau_{-xi} = Ad_{tau(-xi)} d tau_xi for exp and cay", "[lie][tangent]", SO3T,
                   SE2T, SE3T) {
  using T = TestType;
  Rng rng(37);
  for (int i = 0; i < 200; ++i) {
    const auto xi = randomAlg<T>(rng, 3.1, 2.0);
    const auto mxi = (-xi).eval();
    const double tol = 1e-14 * scale(xi) * 4;
    CHECK(maxAbs(T::dexp(mxi) - T::Ad(T::exp(mxi)) * T::dexp(xi)) <= tol);
    CHECK(maxAbs(T::dcay(mxi) - T::Ad(T::cay(mxi)) * T::dcay(xi)) <= tol);
    CHECK(maxAbs(T::dexpInv(mxi) - T::dexpInv(xi) * T::Ad(T::exp(xi))) <= tol);
    CHECK(maxAbs(T::dcayInv(mxi) - T::dcayInv(xi) * T::Ad(T::cay(xi))) <= tol);
    // and tau(-xi) = tau(xi)^-1, which the identity above relies on
    CHECK(distance<T>(T::exp(mxi), T::inverse(T::exp(xi))) <= 1e-14 * scale(xi));
    CHECK(distance<T>(T::cay(mxi), T::inverse(T::cay(xi))) <= 1e-14 * scale(xi));
  }
}

namespace {
struct Pairing {
  const char* name;
  SE3 (*update)(const Vec6&);
  Mat6 (*C)(const Vec6&);
  bool exact;  // whether spatial momentum is conserved (see the errata in docs/models.md)
};

double pairingResidual(const Pairing& p, const Vec6& xi) {
  return maxAbs(p.C(-xi) - p.C(xi) * p.update(xi).Ad());
}
}  // namespace

TEST_CASE("SE(3) update/C pairs: which conserve spatial momentum", "[lie][tangent][momentum]") {
  const Pairing pairs[] = {
      {"exp + exact C_exp", &se3::exp, &se3::dexpInv, true},
      {"cay + C_cay (Eq. 14)", &se3::cay, &se3::dcayInv, true},
      {"Eq. 13 B_cay update + C_TLN (lie-cay-tln)", &se3::updateCayPaperB, &se3::cTLN, true},
      {"Eq. 13 B_cay update + C_cay (errata: drifts)", &se3::updateCayPaperB, &se3::dcayInv, false},
      {"cay + C_TLN", &se3::cay, &se3::cTLN, false},
      {"exp + C_TLN (errata: not exact)", &se3::exp, &se3::cTLN, false},
      {"exp + truncated C_exp (errata: approximate)", &se3::exp, &se3::dexpInvTruncated, false},
  };
  Rng rng(38);
  for (const Pairing& p : pairs) {
    INFO(p.name);
    double worst = 0.0, least = 1e300;
    for (int i = 0; i < 200; ++i) {
      // h xi as used in a step: rotation up to 3 rad, translation up to 2
      const Vec6 xi = withAngle<SE3T>(randomAlg<SE3T>(rng, 3.0, 2.0), rng.uniform(0.3, 3.0));
      const double r = pairingResidual(p, xi) / scale(xi);
      worst = std::max(worst, r);
      least = std::min(least, r);

      // The same statement on momenta: spatial momentum of one segment seen from g_k (right
      // momentum C(xi)^T mu) and from g_{k+1} = g_k U(xi) (left momentum C(-xi)^T mu).
      const SE3 gk = randomElem<SE3T>(rng);
      const SE3 gk1 = gk * p.update(xi);
      Vec6 mu;
      for (int j = 0; j < 6; ++j) mu(j) = rng.uniform(-1, 1);
      const Vec6 before = gk.inverse().Ad().transpose() * (p.C(xi).transpose() * mu);
      const Vec6 after = gk1.inverse().Ad().transpose() * (p.C(-xi).transpose() * mu);
      if (p.exact) CHECK(maxAbs(after - before) <= 1e-13 * scale(xi) * (1 + gk.x.norm()));
    }
    INFO("residual / (1+|xi|)^2 in [" << least << ", " << worst << "]");
    if (p.exact) {
      CHECK(worst <= 1e-14 * 4);
    } else {
      // violated by O(1) for typical steps (not for every one: e.g. the B_cay pairing errs
      // only through (w . v) w), i.e. 10^11 times the round-off of the exact pairs
      CHECK(worst >= 1e-3);
    }
  }
}
