#pragma once
// A copy of one ImGui draw list, to tell whether a window drew exactly the same as in the
// frame its pixels were cached from (render/panel_cache.hpp). No GL here: tests/app.
#include <imgui.h>

#include <vector>

namespace lieride::gui {

class DrawListSnapshot {
 public:
  // Whether `list` holds the same vertices, indices and commands as the last take().
  bool matches(const ImDrawList& list) const;
  void take(const ImDrawList& list);
  void clear();

 private:
  std::vector<ImDrawVert> vtx_;
  std::vector<ImDrawIdx> idx_;
  std::vector<ImDrawCmd> cmd_;
  bool valid_ = false;
};

// Whether any triangle of the lists drawn before `data.CmdLists[index]` reaches into `rect`
// (x0, y0, x1, y1 in display coordinates): then pixels under that list are not just the
// window's clear colour, and its cached copy may not be pasted over them.
bool drawnBelow(const ImDrawData& data, int index, const ImVec4& rect);

}  // namespace lieride::gui
