// Where the 3-D view draws (render/view_area.hpp): right of the sidebar, and above the Plots
// window where that window is docked at the bottom; masked by depth 0 anywhere else.
#include <catch2/catch.hpp>

#include "render/view_area.hpp"

using namespace lieride::gui;

namespace {
// Whether pixel (x, y) lies in r.
bool inside(const PixelRect& r, int x, int y) { return x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height; }
}  // namespace

TEST_CASE("view area: the Plots window in its default place ends the view at its top", "[view]") {
  // 1280 x 720, sidebar 360 px, Plots window 8 px in from the view's edges, 296 px tall.
  const PixelRect plots{368, 8, 904, 296};
  const ViewArea a = viewArea(1280, 720, 360, plots, 12);
  CHECK_FALSE(a.maskCovered);
  CHECK(a.scissor.x == 360);
  CHECK(a.scissor.x + a.scissor.width == 1280);
  CHECK(a.scissor.y == plots.y + plots.height);
  CHECK(a.scissor.y + a.scissor.height == 720);
  // No pixel of the window nor of the strips around it is drawn; every pixel above it is.
  for (int y = 0; y < 720; y += 7)
    for (int x = 360; x < 1280; x += 7) CHECK(inside(a.scissor, x, y) == (y >= plots.y + plots.height));
}

TEST_CASE("view area: a Plots window moved away from an edge is masked, the view keeps its height", "[view]") {
  const PixelRect raised{368, 100, 904, 296};   // lifted off the bottom edge
  const PixelRect narrow{600, 8, 500, 296};     // not spanning the view
  const PixelRect top{368, 416, 904, 296};      // at the top of the window
  for (const PixelRect& p : {raised, narrow, top}) {
    const ViewArea a = viewArea(1280, 720, 360, p, 12);
    CHECK(a.maskCovered);
    CHECK(a.scissor.y == 0);
    CHECK(a.scissor.height == 720);
    CHECK(a.scissor.x == 360);
  }
}

TEST_CASE("view area: no Plots window, or no sidebar: the whole width and height", "[view]") {
  const ViewArea none = viewArea(800, 500, 0, PixelRect{}, 12);
  CHECK_FALSE(none.maskCovered);
  CHECK(none.scissor.x == 0);
  CHECK(none.scissor.y == 0);
  CHECK(none.scissor.width == 800);
  CHECK(none.scissor.height == 500);
  // A sidebar wider than the window leaves a one-pixel view rather than a negative one.
  const ViewArea squeezed = viewArea(800, 500, 900, PixelRect{}, 12);
  CHECK(squeezed.scissor.x == 800);
  CHECK(squeezed.scissor.width >= 1);
}
