// An ImGui context for headless frame tests: a 1280x720 display, the font atlas built (no
// texture upload), no imgui.ini. frame(body) runs body between NewFrame and Render and
// returns the frame's vertex count.
#pragma once
#include <imgui.h>

namespace lieride::gui::testing {

struct ImGuiHeadless {
  ImGuiHeadless() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280, 720);
    io.IniFilename = nullptr;
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* px = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
  }
  ~ImGuiHeadless() { ImGui::DestroyContext(); }
  ImGuiHeadless(const ImGuiHeadless&) = delete;
  ImGuiHeadless& operator=(const ImGuiHeadless&) = delete;
  template <class F>
  int frame(F&& body) {
    ImGui::NewFrame();
    body();
    ImGui::Render();
    return ImGui::GetDrawData()->TotalVtxCount;
  }
};

}  // namespace lieride::gui::testing
