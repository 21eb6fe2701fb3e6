// The plot helpers on their own: tick steps and labels, and the rows of marker labels.
#include <catch2/catch.hpp>
#include <cmath>
#include <utility>
#include <vector>

#include "ui/plot.hpp"

using namespace lieride::gui;

TEST_CASE("panels: tick steps are 1, 2 or 5 times a power of ten", "[panels]") {
  for (double range : {0.0037, 1.0, 7.3, 480.0, 2.5e7}) {
    const double s = niceStep(range, 5);
    const double m = s / std::pow(10.0, std::floor(std::log10(s) + 1e-12));
    CHECK((std::abs(m - 1) < 1e-9 || std::abs(m - 2) < 1e-9 || std::abs(m - 5) < 1e-9));
    CHECK(range / s >= 2.0);
    CHECK(range / s <= 10.0);
  }
  CHECK(formatTick(147.20012, "J", 1e-5) == "147.20012 J");
  CHECK(formatTick(2.0, "s", 2.0) == "2 s");
}

TEST_CASE("panels: plot marker labels take the lowest row they fit in, never overlapping", "[panels]") {
  // An integrator switch ("rk2", 20 px) and an h change starting 4 px after it ("h 0.005 ->
  // 0.00514 s", 130 px): within the gap, so it goes up a row. A label at 300 px is clear of the
  // bottom row's last (ends at 120) and returns there; one at 310 px overlaps it and fits in
  // row 1 after the h change (ends at 254); one at 250 px (left of the line near the right
  // edge) fits in neither and takes row 2. With the old fixed rule (a new row when the marker
  // is within 90 px of the last, else row 0) a wide label 100 px before a marker overlapped it.
  const std::vector<std::pair<float, float>> spans = {{100, 120}, {124, 254}, {300, 330}, {310, 340}, {250, 280}};
  LabelRows stacker(6.0f);
  std::vector<int> rows;
  for (const auto& [left, right] : spans) rows.push_back(stacker.place(left, right));
  CHECK(rows == std::vector<int>{0, 1, 0, 1, 2});
  // No two labels in one row overlap (with the gap).
  for (std::size_t i = 0; i < spans.size(); ++i)
    for (std::size_t j = i + 1; j < spans.size(); ++j)
      if (rows[i] == rows[j]) CHECK((spans[j].first >= spans[i].second + 6.0f || spans[i].first >= spans[j].second + 6.0f));
}
