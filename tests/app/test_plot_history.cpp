// The live plots' history (ui/app_state.hpp): what a seek on the take timeline keeps.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>

#include "ui/app_state.hpp"

using namespace lieride::gui;

TEST_CASE("panels: a seek on the take timeline keeps the plots before it and restarts the balance there", "[panels]") {
  PlotHistory p;
  PlotSample s;
  for (int k = 0; k <= 10; ++k) {  // E = 4 + k / 10, no work: balance k / 10
    s.t = k;
    s.energy = 4.0 + 0.1 * k;
    p.add(s);
  }
  PlotSample m;
  m.kind = SampleKind::Marker;
  m.t = 7.0;
  std::snprintf(m.label.data(), m.label.size(), "h 0.01 -> 0.02 s");
  p.add(m);
  PlotSample seek;
  seek.kind = SampleKind::Seek;
  seek.t = 5.0;  // back to t = 5: the samples at 5..10 and the marker at 7 go
  p.add(seek);
  REQUIRE(p.segments.size() == 1);
  const TimeSeries& e = p.segments[0].energy;
  REQUIRE(e.t.size() == 6);  // t = 0..4, then the break at 5
  CHECK(e.t[4] == 4.0);
  CHECK(std::isnan(e.y[5]));
  CHECK(p.markers.empty());
  s.t = 5.0;  // the state at the seek, W = 0 again: the balance starts from 0
  s.energy = 4.5;
  s.work = 0.0;
  p.add(s);
  CHECK(p.segments[0].balance.y.back() == 0.0);
  CHECK(p.segments[0].balance.y[4] == Approx(0.4));  // the history before the seek unchanged
}
