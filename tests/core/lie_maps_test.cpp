// Lie group maps: hat/vee, group structure, exp/log and cay/cay^-1 against independent matrix
// references (Kobilarov et al. Eqs. 6, 11, 12; Appendix B Eq. 20).
//
// Tolerances: the maps are closed forms of O(1) entries evaluated in double; each entry carries
// a few ulps of round-off per operation, so agreement with the long-double references is
// expected at ~1e-15 x (size of the arguments). We allow 1e-14 x (1 + |xi|)^2, which is still
// nine orders of magnitude below any coefficient or sign error.
#include <catch2/catch.hpp>

#include "lie_support.hpp"

using namespace lietest;

namespace {
constexpr double kTol = 1e-14;
template <class Alg>
double scale(const Alg& xi) {
  const double n = 1.0 + xi.norm();
  return n * n;
}
}  // namespace

TEST_CASE("hat matches the papers' layouts (Eq. 6, Appendix B)", "[lie]") {
  Mat3 W;
  W << 0, -3, 2, 3, 0, -1, -2, 1, 0;
  CHECK(so3::hat(Vec3(1, 2, 3)) == W);

  // se(2): hat(v) = [[0, -v1, v2], [v1, 0, v3], [0, 0, 0]]
  Mat3 V;
  V << 0, -1, 2, 1, 0, 3, 0, 0, 0;
  CHECK(se2::hat(Vec3(1, 2, 3)) == V);

  // se(3): xi = (omega, v), hat = [[hat(omega), v], [0, 0]]
  Mat4 X = Mat4::Zero();
  X.topLeftCorner<3, 3>() = W;
  X.topRightCorner<3, 1>() = Vec3(4, 5, 6);
  Vec6 xi;
  xi << 1, 2, 3, 4, 5, 6;
  CHECK(se3::hat(xi) == X);

  // SE(2) element matrix, Eq. 20.
  const SE2 g{0.3, 1.5, -2.0};
  Mat3 G;
  G << std::cos(0.3), -std::sin(0.3), 1.5, std::sin(0.3), std::cos(0.3), -2.0, 0, 0, 1;
  CHECK(maxAbs(g.matrix() - G) == 0.0);
}

TEMPLATE_TEST_CASE("hat/vee round trip and linearity", "[lie]", SO3T, SE2T, SE3T) {
  using T = TestType;
  Rng rng(11);
  for (int i = 0; i < 100; ++i) {
    const auto xi = randomAlg<T>(rng, 3.0, 2.0), eta = randomAlg<T>(rng, 3.0, 2.0);
    CHECK(T::vee(T::hat(xi)) == xi);  // placement only: exact
    const typename T::Rep X = T::hat(xi);
    CHECK(T::hat(T::vee(X)) == X);
    const double a = rng.uniform(-2, 2), b = rng.uniform(-2, 2);
    CHECK(maxAbs(T::hat(a * xi + b * eta) - (a * T::hat(xi) + b * T::hat(eta))) <= 1e-15 * 8);
  }
}

TEMPLATE_TEST_CASE("matrix representation is a group homomorphism", "[lie]", SO3T, SE2T, SE3T) {
  using T = TestType;
  Rng rng(12);
  using Rep = typename T::Rep;
  CHECK(maxAbs(T::matrix(T::identity()) - Rep::Identity()) == 0.0);
  for (int i = 0; i < 200; ++i) {
    const auto g = randomElem<T>(rng), h = randomElem<T>(rng), k = randomElem<T>(rng);
    // entries of g, h are O(1..5): a product has ~4 terms of that size -> 1e-14 is ~10 ulps.
    CHECK(maxAbs(T::matrix(T::compose(g, h)) - T::matrix(g) * T::matrix(h)) <= 1e-13);
    CHECK(maxAbs(T::matrix(T::inverse(g)) - T::matrix(g).inverse()) <= 1e-13);
    CHECK(distance<T>(T::compose(g, T::inverse(g)), T::identity()) <= 1e-14);
    CHECK(distance<T>(T::compose(T::compose(g, h), k), T::compose(g, T::compose(h, k))) <= 1e-13);
  }
}

TEMPLATE_TEST_CASE("exp equals the matrix exponential of hat", "[lie]", SO3T, SE2T, SE3T) {
  using T = TestType;
  Rng rng(13);
  for (int i = 0; i < 300; ++i) {
    // angles up to 6 rad (beyond pi: exp itself has no branch), translations up to 3
    const auto xi = randomAlg<T>(rng, 6.0, 3.0);
    INFO(T::kName << " xi = " << xi.transpose());
    CHECK(maxAbs(T::matrix(T::exp(xi)) - refExp<T>(xi)) <= kTol * scale(xi));
  }
}

TEMPLATE_TEST_CASE("cay equals (I - hat/2)^-1 (I + hat/2)", "[lie]", SO3T, SE2T, SE3T) {
  using T = TestType;
  Rng rng(14);
  for (int i = 0; i < 300; ++i) {
    // cay is defined on all of the algebra: omega up to 20
    const auto xi = randomAlg<T>(rng, i % 2 ? 20.0 : 2.0, 3.0);
    INFO(T::kName << " xi = " << xi.transpose());
    CHECK(maxAbs(T::matrix(T::cay(xi)) - refCay<T>(xi)) <= kTol * (1.0 + xi.norm()));
  }
}

TEMPLATE_TEST_CASE("exp(log g) = g and log(exp xi) = xi on the principal branch", "[lie]", SO3T,
                   SE2T, SE3T) {
  using T = TestType;
  Rng rng(15);
  for (int i = 0; i < 300; ++i) {
    const auto g = randomElem<T>(rng);
    CHECK(distance<T>(T::exp(T::log(g)), g) <= kTol * 10);
    // |omega| < pi - 0.05: away from the cut locus, where log is well conditioned
    const auto xi = randomAlg<T>(rng, M_PI - 0.05, 2.0);
    INFO(T::kName << " xi = " << xi.transpose());
    CHECK(maxAbs(T::log(T::exp(xi)) - xi) <= kTol * scale(xi) * 10);
  }
}

TEMPLATE_TEST_CASE("cay(cayInv g) = g and cayInv(cay xi) = xi", "[lie]", SO3T, SE2T, SE3T) {
  using T = TestType;
  Rng rng(16);
  for (int i = 0; i < 300; ++i) {
    const auto g = randomElem<T>(rng);  // rotation angle < 3.1: cay^-1 defined
    // cay^-1 near angle pi is large (|w| = 2 tan(angle/2)); the round trip loses cond(I - W/2)
    const double wn = angleOf<T>(T::cayInv(g));
    CHECK(distance<T>(T::cay(T::cayInv(g)), g) <= kTol * (1.0 + wn));
    const auto xi = randomAlg<T>(rng, i % 2 ? 20.0 : 2.0, 3.0);
    INFO(T::kName << " xi = " << xi.transpose());
    CHECK(maxAbs(T::cayInv(T::cay(xi)) - xi) <= kTol * scale(xi));
  }
}

TEST_CASE("SO(3): quaternion and matrix forms of exp, log, cay, cayInv agree", "[lie]") {
  Rng rng(17);
  for (int i = 0; i < 300; ++i) {
    const Vec3 w = rng.uniform(0.0, i % 2 ? 3.1 : 0.2) * rng.unitVector();
    CHECK(maxAbs(so3::exp(w) - so3::expQuat(w).toRotationMatrix()) <= kTol);
    CHECK(maxAbs(so3::cay(w) - so3::cayQuat(w).toRotationMatrix()) <= kTol);
    const Quat q = so3::expQuat(w);
    CHECK(maxAbs(so3::log(q.toRotationMatrix()) - so3::log(q)) <= kTol * 4);
    CHECK(maxAbs(so3::cayInv(q.toRotationMatrix()) - so3::cayInv(q)) <=
          kTol * (1.0 + so3::cayInv(q).squaredNorm()));
    // Eq. 11 and Eq. 12 written out
    const Mat3 W = so3::hat(w);
    const double t = w.norm();
    const Mat3 exp11 = Mat3::Identity() + std::sin(t) / t * W + (1 - std::cos(t)) / (t * t) * W * W;
    const Mat3 cay12 = Mat3::Identity() + 4.0 / (4.0 + t * t) * (W + W * W / 2.0);
    // Eq. 11 as printed cancels (1 - cos t)/t^2 for small t: allow 1e-16/t^2 there
    CHECK(maxAbs(so3::exp(w) - exp11) <= kTol + 1e-16 / (t * t));
    CHECK(maxAbs(so3::cay(w) - cay12) <= kTol);
  }
}

TEST_CASE("SE(3): the Eq. 9 updates", "[lie]") {
  Rng rng(18);
  for (int i = 0; i < 100; ++i) {
    const Vec6 hxi = randomAlg<SE3T>(rng, 3.0, 2.0);
    CHECK(distance<SE3T>(se3::updateExpB(hxi), se3::exp(hxi)) == 0.0);
    // [cay(h w), h B_cay(h w) v] with Eq. 13's B_cay = 2/(4+|w|^2) (2 I + hat(w))
    const Vec3 w = se3::angular(hxi), v = se3::linear(hxi);
    Mat4 M = Mat4::Identity();
    M.topLeftCorner<3, 3>() = refCayMatrix<3>(so3::hat(w).cast<ld>()).cast<double>();
    M.topRightCorner<3, 1>() =
        2.0 / (4.0 + w.squaredNorm()) * (2.0 * Mat3::Identity() + so3::hat(w)) * v;
    CHECK(maxAbs(se3::updateCayPaperB(hxi).matrix() - M) <= kTol * 4);
    // and the rotation block of SE(3) exp is SO(3) exp, translation B_exp(w) v (Eq. 13)
    CHECK(maxAbs(se3::exp(hxi).rotation() - so3::exp(w)) <= kTol);
  }
}
