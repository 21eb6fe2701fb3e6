#include "render/view_area.hpp"

#include <algorithm>

namespace lieride::gui {

ViewArea viewArea(int width, int height, int left, const PixelRect& covered, int gap) {
  ViewArea a;
  left = std::clamp(left, 0, width);
  a.scissor = {left, 0, std::max(width - left, 1), std::max(height, 1)};
  if (covered.empty()) return a;
  const int top = covered.y + covered.height;
  const bool docked = covered.x <= left + gap && covered.x + covered.width >= width - gap && covered.y <= gap &&
                      top < height && top > 0;
  if (docked) {
    a.scissor.y = top;
    a.scissor.height = height - top;
  } else {
    a.maskCovered = true;
  }
  return a;
}

}  // namespace lieride::gui
