// Adjoint identities on SO(3), SE(2), SE(3).
//
// Tolerances: Ad and ad are O(1..5)-entry closed forms; the identities below compare products
// of two or three such matrices, so round-off is ~10-100 ulps of O(10) numbers: 1e-13.
// Numerical differentiation (5-point, h = 1e-3) adds h^4 |xi|^5 / 30 ~ 1e-12 truncation and
// ~1e-16 / h = 1e-13 cancellation: 1e-10.
#include <catch2/catch.hpp>

#include "lie_support.hpp"

using namespace lietest;

TEMPLATE_TEST_CASE("Ad_g is compatible with hat: g hat(xi) g^-1 = hat(Ad_g xi)", "[lie]", SO3T,
                   SE2T, SE3T) {
  using T = TestType;
  Rng rng(21);
  for (int i = 0; i < 200; ++i) {
    const auto g = randomElem<T>(rng);
    const auto xi = randomAlg<T>(rng, 3.0, 2.0);
    const typename T::Rep G = T::matrix(g);
    CHECK(maxAbs(G * T::hat(xi) * G.inverse() - T::hat(T::Ad(g) * xi)) <= 1e-13);
  }
}

TEMPLATE_TEST_CASE("Ad is a homomorphism: Ad_gh = Ad_g Ad_h, Ad_g^-1 = (Ad_g)^-1", "[lie]", SO3T,
                   SE2T, SE3T) {
  using T = TestType;
  Rng rng(22);
  using Op = typename T::Op;
  CHECK(maxAbs(T::Ad(T::identity()) - Op::Identity()) == 0.0);
  for (int i = 0; i < 200; ++i) {
    const auto g = randomElem<T>(rng), h = randomElem<T>(rng);
    CHECK(maxAbs(T::Ad(T::compose(g, h)) - T::Ad(g) * T::Ad(h)) <= 1e-13);
    CHECK(maxAbs(T::Ad(T::inverse(g)) * T::Ad(g) - Op::Identity()) <= 1e-13);
  }
}

TEMPLATE_TEST_CASE("ad_xi eta equals the matrix commutator [hat xi, hat eta]", "[lie]", SO3T, SE2T,
                   SE3T) {
  using T = TestType;
  Rng rng(23);
  for (int i = 0; i < 200; ++i) {
    const auto xi = randomAlg<T>(rng, 3.0, 2.0), eta = randomAlg<T>(rng, 3.0, 2.0);
    const typename T::Rep X = T::hat(xi), Y = T::hat(eta);
    CHECK(maxAbs(T::hat(T::ad(xi) * eta) - (X * Y - Y * X)) <= 1e-14);
    // Jacobi identity in operator form: ad_[xi, eta] = [ad_xi, ad_eta]
    const typename T::Op A = T::ad(xi), B = T::ad(eta);
    CHECK(maxAbs(T::ad(A * eta) - (A * B - B * A)) <= 1e-13);
  }
}

TEMPLATE_TEST_CASE("ad_xi = d/dt Ad_exp(t xi) at t = 0", "[lie]", SO3T, SE2T, SE3T) {
  using T = TestType;
  Rng rng(24);
  const double h = 1e-3;
  for (int i = 0; i < 100; ++i) {
    const auto xi = randomAlg<T>(rng, 1.5, 1.0);
    const auto Ad = [&](double t) { return T::Ad(T::exp(t * xi)); };
    const typename T::Op d = (8.0 * (Ad(h) - Ad(-h)) - (Ad(2 * h) - Ad(-2 * h))) / (12.0 * h);
    CHECK(maxAbs(d - T::ad(xi)) <= 1e-10);
    // and at t != 0: d/dt Ad_exp(t xi) = Ad_exp(t xi) ad_xi
    const double t0 = 0.7;
    const typename T::Op d0 =
        (8.0 * (Ad(t0 + h) - Ad(t0 - h)) - (Ad(t0 + 2 * h) - Ad(t0 - 2 * h))) / (12.0 * h);
    CHECK(maxAbs(d0 - Ad(t0) * T::ad(xi)) <= 1e-10);
  }
}

TEMPLATE_TEST_CASE("exp(Ad_g xi) = g exp(xi) g^-1 and cay(Ad_g xi) = g cay(xi) g^-1", "[lie]",
                   SO3T, SE2T, SE3T) {
  using T = TestType;
  Rng rng(25);
  for (int i = 0; i < 200; ++i) {
    const auto g = randomElem<T>(rng);
    const auto xi = randomAlg<T>(rng, 3.0, 2.0);
    const auto conj = T::compose(T::compose(g, T::exp(xi)), T::inverse(g));
    CHECK(distance<T>(T::exp(T::Ad(g) * xi), conj) <= 1e-13);
    const auto conjCay = T::compose(T::compose(g, T::cay(xi)), T::inverse(g));
    CHECK(distance<T>(T::cay(T::Ad(g) * xi), conjCay) <= 1e-13);
  }
}

TEST_CASE("Ad matrices match the closed forms in the headers", "[lie]") {
  // SE(3): Ad_g = [[R, 0], [hat(x) R, R]] for xi = (omega, v)
  Rng rng(26);
  for (int i = 0; i < 50; ++i) {
    const SE3 g = randomElem<SE3T>(rng);
    const Mat3 R = g.rotation();
    Mat6 A = Mat6::Zero();
    A.topLeftCorner<3, 3>() = R;
    A.bottomRightCorner<3, 3>() = R;
    A.bottomLeftCorner<3, 3>() = so3::hat(g.x) * R;
    CHECK(maxAbs(g.Ad() - A) <= 1e-15 * 8);
    // SE(2): Ad_g = [[1, 0, 0], [y, c, -s], [-x, s, c]]
    const SE2 p = randomElem<SE2T>(rng);
    Mat3 B;
    B << 1, 0, 0, p.y, std::cos(p.theta), -std::sin(p.theta), -p.x, std::sin(p.theta),
        std::cos(p.theta);
    CHECK(maxAbs(p.Ad() - B) == 0.0);
  }
}
