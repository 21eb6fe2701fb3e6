#pragma once
// Where the 3-D view draws (no GL here: tests/app/test_view_area.cpp).

namespace lieride::gui {

// A rectangle in drawable pixels, GL convention (y up from the bottom row).
struct PixelRect {
  int x = 0, y = 0, width = 0, height = 0;
  bool empty() const { return width <= 0 || height <= 0; }
};

// The 3-D view's scissor: right of the sidebar (`left`), the whole window height, and the
// Plots window `covered` masked by depth 0 (maskCovered). Where that window spans the view's
// width and reaches its bottom, each within `gap` pixels (its default place, 8 px in from
// the edges), the view ends at the window's top instead: the strips around the window show
// the panels' clear colour like the window itself, and a software rasteriser never visits
// the rows under it (a depth-0 mask still costs a depth test per pixel).
struct ViewArea {
  PixelRect scissor;
  bool maskCovered = false;
};
ViewArea viewArea(int width, int height, int left, const PixelRect& covered, int gap);

}  // namespace lieride::gui
