#pragma once
// Text wrapped at spaces only: ImGui 1.86's TextWrapped also breaks after '.' and ',', which
// split "violation 1.74e+02" across two lines. A word wider than the line on its own (a path)
// is cut where it fills the line.
#include <imgui.h>

#include <functional>
#include <string>
#include <vector>

namespace lieride::gui {

// The lines of `text` no wider than `width` as `measure` measures them.
std::vector<std::string> wrapAtSpaces(const std::string& text, float width,
                                      const std::function<float(const std::string&)>& measure);
// The same measured in the current ImGui font.
std::vector<std::string> wrapAtSpaces(const std::string& text, float width);
// Drawn in `colour`, wrapped to the space left in the window.
void textWrappedColored(const ImVec4& colour, const std::string& text);

}  // namespace lieride::gui
