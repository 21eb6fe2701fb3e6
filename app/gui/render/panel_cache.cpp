#include "render/panel_cache.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>

namespace lieride::gui {
namespace {
// ImGui's lists [first, last) of `data`, drawn by the OpenGL backend.
void renderLists(const ImDrawData& data, int first, int last) {
  if (last <= first) return;
  ImDrawData part = data;
  part.CmdLists = data.CmdLists + first;
  part.CmdListsCount = last - first;
  part.TotalVtxCount = part.TotalIdxCount = 0;
  for (int n = 0; n < part.CmdListsCount; ++n) {
    part.TotalVtxCount += part.CmdLists[n]->VtxBuffer.Size;
    part.TotalIdxCount += part.CmdLists[n]->IdxBuffer.Size;
  }
  ImGui_ImplOpenGL3_RenderDrawData(&part);
}
}  // namespace

PanelCache::~PanelCache() {
  if (fbo_) glDeleteFramebuffers(1, &fbo_);
  if (tex_) glDeleteTextures(1, &tex_);
}

void PanelCache::ensureTarget(int width, int height) {
  if (fbo_ && width == targetWidth_ && height == targetHeight_) return;
  if (!tex_) glGenTextures(1, &tex_);
  glBindTexture(GL_TEXTURE_2D, tex_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  if (!fbo_) glGenFramebuffers(1, &fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex_, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  targetWidth_ = width;
  targetHeight_ = height;
}

void PanelCache::render(ImDrawData* data, const char* window, const glm::vec3& backdrop) {
  const ImGuiWindow* win = ImGui::FindWindowByName(window);
  int index = -1;
  for (int n = 0; win && n < data->CmdListsCount; ++n)
    if (data->CmdLists[n] == win->DrawList) index = n;
  const int fbW = static_cast<int>(data->DisplaySize.x * data->FramebufferScale.x);
  const int fbH = static_cast<int>(data->DisplaySize.y * data->FramebufferScale.y);
  const ImVec4 rect(win ? win->Pos.x : 0, win ? win->Pos.y : 0, win ? win->Pos.x + win->Size.x : 0, win ? win->Pos.y + win->Size.y : 0);
  if (index < 0 || fbW <= 0 || fbH <= 0 || drawnBelow(*data, index, rect)) {
    ImGui_ImplOpenGL3_RenderDrawData(data);
    return;
  }
  renderLists(*data, 0, index);
  const ImDrawList& list = *data->CmdLists[index];
  const bool same = snapshot_.matches(list) && fbW == width_ && fbH == height_ && backdrop == backdrop_ &&
                    rect.x == rect_.x && rect.y == rect_.y && rect.z == rect_.z && rect.w == rect_.w;
  if (!same) {
    // Changed since the last frame: drawn directly, and copied only once it holds still for a
    // frame (a window that changes every frame would pay for the copy and the paste as well).
    snapshot_.take(list);
    backdrop_ = backdrop;
    rect_ = rect;
    width_ = fbW;
    height_ = fbH;
    copied_ = false;
    renderLists(*data, index, data->CmdListsCount);
    ++direct_;
    return;
  }
  if (!copied_) {
    ensureTarget(fbW, fbH);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(backdrop.r, backdrop.g, backdrop.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    renderLists(*data, index, index + 1);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    copied_ = true;
    ++made_;
  } else {
    ++pasted_;
  }
  // The window's rectangle in framebuffer pixels (GL rows from the bottom), rounded outwards.
  const ImVec2 o = data->DisplayPos, s = data->FramebufferScale;
  const int x0 = std::clamp(static_cast<int>(std::floor((rect.x - o.x) * s.x)), 0, fbW);
  const int x1 = std::clamp(static_cast<int>(std::ceil((rect.z - o.x) * s.x)), 0, fbW);
  const int y0 = std::clamp(fbH - static_cast<int>(std::ceil((rect.w - o.y) * s.y)), 0, fbH);
  const int y1 = std::clamp(fbH - static_cast<int>(std::floor((rect.y - o.y) * s.y)), 0, fbH);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glDisable(GL_SCISSOR_TEST);
  glBlitFramebuffer(x0, y0, x1, y1, x0, y0, x1, y1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  renderLists(*data, index + 1, data->CmdListsCount);
}

}  // namespace lieride::gui
