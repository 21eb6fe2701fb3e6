#include "ui/draw_list_snapshot.hpp"

#include <algorithm>
#include <cstring>

namespace lieride::gui {
namespace {
bool sameCommand(const ImDrawCmd& a, const ImDrawCmd& b) {
  return a.ClipRect.x == b.ClipRect.x && a.ClipRect.y == b.ClipRect.y && a.ClipRect.z == b.ClipRect.z &&
         a.ClipRect.w == b.ClipRect.w && a.TextureId == b.TextureId && a.VtxOffset == b.VtxOffset &&
         a.IdxOffset == b.IdxOffset && a.ElemCount == b.ElemCount && a.UserCallback == b.UserCallback &&
         a.UserCallbackData == b.UserCallbackData;
}
}  // namespace

bool DrawListSnapshot::matches(const ImDrawList& list) const {
  if (!valid_ || static_cast<std::size_t>(list.VtxBuffer.Size) != vtx_.size() ||
      static_cast<std::size_t>(list.IdxBuffer.Size) != idx_.size() || static_cast<std::size_t>(list.CmdBuffer.Size) != cmd_.size())
    return false;
  for (std::size_t i = 0; i < cmd_.size(); ++i)
    if (!sameCommand(cmd_[i], list.CmdBuffer[static_cast<int>(i)])) return false;
  // ImDrawVert is three plain fields (pos, uv, col) without padding, ImDrawIdx an integer.
  return (vtx_.empty() || std::memcmp(vtx_.data(), list.VtxBuffer.Data, vtx_.size() * sizeof(ImDrawVert)) == 0) &&
         (idx_.empty() || std::memcmp(idx_.data(), list.IdxBuffer.Data, idx_.size() * sizeof(ImDrawIdx)) == 0);
}

void DrawListSnapshot::take(const ImDrawList& list) {
  vtx_.assign(list.VtxBuffer.Data, list.VtxBuffer.Data + list.VtxBuffer.Size);
  idx_.assign(list.IdxBuffer.Data, list.IdxBuffer.Data + list.IdxBuffer.Size);
  cmd_.assign(list.CmdBuffer.Data, list.CmdBuffer.Data + list.CmdBuffer.Size);
  valid_ = true;
}

void DrawListSnapshot::clear() {
  vtx_.clear();
  idx_.clear();
  cmd_.clear();
  valid_ = false;
}

bool drawnBelow(const ImDrawData& data, int index, const ImVec4& rect) {
  for (int n = 0; n < std::min(index, data.CmdListsCount); ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    for (const ImDrawCmd& c : list.CmdBuffer) {
      if (c.UserCallback || c.ElemCount == 0) continue;
      // What the command covers: its triangles' bounds, cut by its clip rectangle (a
      // window's first command clips to the whole display).
      ImVec4 b(c.ClipRect.z, c.ClipRect.w, c.ClipRect.x, c.ClipRect.y);
      for (unsigned k = 0; k < c.ElemCount; ++k) {
        const ImVec2 p = list.VtxBuffer[static_cast<int>(c.VtxOffset + list.IdxBuffer[static_cast<int>(c.IdxOffset + k)])].pos;
        b = ImVec4(std::min(b.x, p.x), std::min(b.y, p.y), std::max(b.z, p.x), std::max(b.w, p.y));
      }
      b = ImVec4(std::max(b.x, c.ClipRect.x), std::max(b.y, c.ClipRect.y), std::min(b.z, c.ClipRect.z), std::min(b.w, c.ClipRect.w));
      if (b.x < rect.z && b.z > rect.x && b.y < rect.w && b.w > rect.y) return true;
    }
  }
  return false;
}

}  // namespace lieride::gui
