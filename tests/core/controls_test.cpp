// Input signals (docs/formats.md [controls]): constant, sinusoid, CSV samples.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "lieride/control/controls.hpp"
#include "lieride/sim/table_reader.hpp"

using namespace lieride;

TEST_CASE("a sinusoid is offset + amplitude sin(2 pi f t + phase), with its derivative", "[controls]") {
  const SinusoidSignal s({0.5, 2.0, 0.3, 1.0});
  for (double t : {0.0, 0.1, 0.37, 2.5}) {
    CHECK(s.value(t) == Approx(1.0 + 0.5 * std::sin(4.0 * M_PI * t + 0.3)));
    const double e = 1e-6;
    CHECK(s.rate(t) == Approx((s.value(t + e) - s.value(t - e)) / (2 * e)).epsilon(1e-7));
  }
}

TEST_CASE("sampled signals interpolate linearly and hold their ends", "[controls]") {
  const SampledSignal s({0.0, 1.0, 3.0}, {0.0, 2.0, -2.0});
  CHECK(s.value(-1.0) == 0.0);
  CHECK(s.value(0.5) == Approx(1.0));
  CHECK(s.value(2.0) == Approx(0.0));
  CHECK(s.value(5.0) == -2.0);
  CHECK(s.rate(0.5) == Approx(2.0));
  CHECK(s.rate(2.0) == Approx(-2.0));
  CHECK_THROWS(SampledSignal({0.0, 0.0}, {1.0, 2.0}));
}

TEST_CASE("a ControlSet copies its signals deeply", "[controls]") {
  ControlSet a({"u", "w"});
  a.setConstant(0, 3.0);
  ControlSet b = a;
  b.setConstant(0, 4.0);
  CHECK(a.value(0, 0.0) == 3.0);
  CHECK(b.value(0, 0.0) == 4.0);
  CHECK(b.find("w") == 1);
  CHECK(b.find("x") == -1);
  CHECK_FALSE(a.identicallyZero());
  CHECK(ControlSet({"u"}).identicallyZero());
}
