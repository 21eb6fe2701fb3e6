// Edge cases (angles 0, 1e-8, pi - 1e-6), continuity across the small-angle threshold
// kSmallAngle = 0.1 and across so3::log's series switch, and long composition chains.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <type_traits>
#include <vector>

#include "lie_support.hpp"

using namespace lietest;

namespace {
template <class Alg>
double scale(const Alg& xi) {
  const double n = 1.0 + xi.norm();
  return n * n;
}

// Every map of the battery evaluated at xi, stacked for comparison.
template <class T>
std::vector<std::pair<const char*, MatX>> allMaps(const typename T::Alg& xi) {
  return {{"exp", T::matrix(T::exp(xi))},
          {"cay", T::matrix(T::cay(xi))},
          {"log(exp)", T::log(T::exp(xi))},
          {"dexp", T::dexp(xi)},
          {"dexpInv", T::dexpInv(xi)},
          {"dcay", T::dcay(xi)},
          {"dcayInv", T::dcayInv(xi)},
          {"cTLN", T::cTLN(xi)},
          {"ad", T::ad(xi)}};
}
}  // namespace

TEMPLATE_TEST_CASE("edge angles 0, 1e-8, pi - 1e-6: every map against the references", "[lie]",
                   SO3T, SE2T, SE3T) {
  using T = TestType;
  using Op = typename T::Op;
  Rng rng(41);
  const std::array<double, 6> angles{0.0, 1e-8, M_PI - 1e-6, -1e-8, -(M_PI - 1e-6), 1e-300};
  for (double a : angles) {
    if (T::kRot == 3 && a < 0) continue;  // signed angles only mean something on SE(2)
    for (int i = 0; i < 20; ++i) {
      const auto xi = withAngle<T>(randomAlg<T>(rng, 1.0, i % 2 ? 2.0 : 0.0), a);
      INFO(T::kName << " angle " << a << " xi = " << xi.transpose());
      const double tol = 1e-14 * scale(xi);
      const auto g = T::exp(xi);
      CHECK(maxAbs(T::matrix(g) - refExp<T>(xi)) <= tol);
      CHECK(maxAbs(T::matrix(T::cay(xi)) - refCay<T>(xi)) <= tol);
      // log near pi: the rotation angle is recovered to ~1e-16 absolute (atan2 of the
      // quaternion), the translation through dexpInv (bounded near pi) to ~1e-15
      CHECK(maxAbs(T::log(g) - xi) <= tol * 10);
      CHECK(maxAbs(T::dexp(xi) - refDexp<T>(xi)) <= tol);
      CHECK(maxAbs(T::dexpInv(xi) - refDexpInv<T>(xi)) <= tol);
      CHECK(maxAbs(T::dcay(xi) - refDcay<T>(xi)) <= tol);
      CHECK(maxAbs(T::dcayInv(xi) * T::dcay(xi) - Op::Identity()) <= tol);
      // cay^-1 of an element of rotation angle a: |w| = 2 tan(a/2) (about 4e6 at pi - 1e-6);
      // the round trip is conditioned by |I - W/2| ~ |w|/2.
      const auto c = T::cayInv(g);
      CHECK(distance<T>(T::cay(c), g) <= 1e-14 * (1.0 + c.norm()) * scale(xi));
      CHECK(std::abs(angleOf<T>(c) - 2.0 * std::tan(std::abs(a) / 2.0)) <=
            1e-14 * (1.0 + angleOf<T>(c) * angleOf<T>(c)));
      for (const auto& [name, m] : allMaps<T>(xi)) {
        INFO(name);
        CHECK(m.allFinite());
      }
    }
  }
  // exactly zero: exact identities, no 0/0
  const typename T::Alg zero = T::Alg::Zero();
  CHECK(distance<T>(T::exp(zero), T::identity()) == 0.0);
  CHECK(distance<T>(T::cay(zero), T::identity()) == 0.0);
  CHECK(T::log(T::identity()) == zero);
  CHECK(T::cayInv(T::identity()) == zero);
  CHECK(T::dexp(zero) == Op::Identity());
  CHECK(T::dexpInv(zero) == Op::Identity());
  CHECK(T::dcay(zero) == Op::Identity());
  CHECK(T::dcayInv(zero) == Op::Identity());
}

TEMPLATE_TEST_CASE("every map is continuous across kSmallAngle = 0.1", "[lie]", SO3T, SE2T, SE3T) {
  using T = TestType;
  const double k = T::kRot == 1 ? se2::kSmallAngle : so3::kSmallAngle;
  Rng rng(42);
  for (int i = 0; i < 40; ++i) {
    // i < 4: axis-aligned omega, so that |omega| is exactly the nearest doubles either side of
    // 0.1; otherwise random directions 1e-16 either side (checked to straddle the switch)
    const bool axis = i < 4;
    auto xi = randomAlg<T>(rng, 1.0, i % 2 ? 2.0 : 0.0);
    if (axis) {
      xi.template head<T::kRot>().setZero();
      xi(i % T::kRot) = 1.0;
    }
    const double below = axis ? std::nextafter(k, 0.0) : k - 1e-16;
    const double above = axis ? k : k + 1e-16;
    const auto lo = withAngle<T>(xi, below), hi = withAngle<T>(xi, above);
    REQUIRE(angleOf<T>(lo) < k);
    REQUIRE(angleOf<T>(hi) >= k);
    INFO(T::kName << " xi = " << hi.transpose());
    const auto mlo = allMaps<T>(lo), mhi = allMaps<T>(hi);
    for (std::size_t m = 0; m < mlo.size(); ++m) {
      INFO(mlo[m].first);
      // inputs differ by <= 2e-16 relative: any jump above ~1e-14 relative is a branch mismatch
      const double jump = maxAbs(mlo[m].second - mhi[m].second);
      CHECK(jump <= 1e-14 * (1.0 + maxAbs(mhi[m].second)));
    }
    // and both sides are accurate, not merely equal
    for (const auto& x : {lo, hi}) {
      CHECK(maxAbs(T::dexp(x) - refDexp<T>(x)) <= 1e-14 * scale(x));
      CHECK(maxAbs(T::dexpInv(x) - refDexpInv<T>(x)) <= 1e-14 * scale(x));
      CHECK(maxAbs(T::matrix(T::exp(x)) - refExp<T>(x)) <= 1e-14 * scale(x));
      CHECK(maxAbs(T::log(T::exp(x)) - x) <= 1e-14 * scale(x));
    }
  }
}

TEST_CASE("so3::log is continuous across its series switch (|q.vec| = 1e-8)", "[lie]") {
  for (double s : {1e-8 * (1 - 1e-12), 1e-8 * (1 + 1e-12), 1e-9, 3e-8}) {
    const Quat q = Quat(std::sqrt(1.0 - s * s), s, 0.0, 0.0);
    // reference: angle 2 atan2(s, w) about x, in long double
    const ld angle = 2.0L * std::atan2(static_cast<ld>(q.x()), static_cast<ld>(q.w()));
    const Vec3 w = so3::log(q);
    INFO("s = " << s);
    CHECK(std::abs(static_cast<double>(static_cast<ld>(w.x()) - angle)) <=
          1e-15 * static_cast<double>(angle));
    CHECK(w.y() == 0.0);
    CHECK(w.z() == 0.0);
  }
}

// ---------------------------------------------------------------------------------------------
// Long chains.

TEMPLATE_TEST_CASE("rotation blocks stay orthonormal to 1e-14 after 10^6 compositions", "[lie]",
                   SO3T, SE2T, SE3T) {
  using T = TestType;
  Rng rng(43);
  std::vector<typename T::Elem> gens;
  for (int i = 0; i < 997; ++i) gens.push_back(randomElem<T>(rng));
  auto g = T::identity();
  for (int n = 0; n < 1000000; ++n) g = T::compose(g, gens[static_cast<std::size_t>(n % 997)]);
  const auto R = T::rotation(g);
  using RotM = std::decay_t<decltype(R)>;
  // one normalization + toRotationMatrix leave ~ a few ulps: 1e-14 is ~45 ulps
  CHECK(maxAbs(R.transpose() * R - RotM::Identity()) <= 1e-14);
  CHECK(std::abs(R.determinant() - 1.0) <= 1e-14);
}

TEMPLATE_TEST_CASE("10^6 compositions of exp(xi) agree with exp(10^6 xi)", "[lie]", SO3T, SE2T,
                   SE3T) {
  using T = TestType;
  Rng rng(44);
  // rotation 1e-3 rad per step (about 159 turns in all) and translation 1e-3 per step
  const auto xi = withAngle<T>(randomAlg<T>(rng, 1.0, 1e-3), 1.234567e-3);
  const auto step = T::exp(xi);
  auto g = T::identity();
  const int n = 1000000;
  for (int k = 0; k < n; ++k) g = T::compose(g, step);
  const auto ref = T::exp(static_cast<double>(n) * xi);
  // Each composition adds ~1 ulp of relative error in the rotation (random-walk or linear
  // growth: <= 1e6 x 2.2e-16 = 2.2e-10), and exp(1e6 xi) evaluates cos/sin of an argument
  // ~1e3 with ~1e-13 absolute error. Translations stay bounded (radius |v|/|omega| ~ 1).
  if constexpr (std::is_same_v<T, SE2T>) {
    // The SE(2) angle is kept unwrapped: it is the running sum of the step angles, so it
    // drifts from n * omega by at most n additions' rounding, n x ulp(theta)/2 ~ 1e-16 n theta
    // (rounding is systematic while theta stays in one binade, so the bound is nearly met).
    const double dTheta = std::abs(g.theta - static_cast<double>(n) * xi(0));
    CHECK(dTheta <= 1e6 * 1.12e-16 * std::abs(g.theta));
    // positions are consistent with that angle: the drift dTheta moves the pose by at most
    // dTheta x (1 + radius of the circle, |v| / |omega|)
    const double radius = xi.template tail<2>().norm() / std::abs(xi(0));
    CHECK(distance<T>(g, ref) <= 5e-9 + dTheta * (1.0 + radius));
  } else {
    CHECK(distance<T>(g, ref) <= 5e-9);
  }
}
