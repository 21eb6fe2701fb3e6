// The sidebar's cached pixels are pasted only while it draws exactly the same
// (ui/draw_list_snapshot.hpp, render/panel_cache.hpp): a headless ImGui frame drawn twice
// matches its snapshot, a changed label or a moved slider does not, and a window under the
// cached one is seen.
#include <imgui.h>
#include <imgui_internal.h>

#include <catch2/catch.hpp>
#include <string>

#include "imgui_headless.hpp"
#include "ui/draw_list_snapshot.hpp"

using namespace lieride::gui;
using lieride::gui::testing::ImGuiHeadless;

namespace {

// One frame with a "side" window (a label and a slider) and, optionally, a window "other"
// placed under or beside it; returns the draw data.
ImDrawData* frame(const std::string& label, float value, ImVec2 otherPos) {
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(360, 720));
  ImGui::Begin("side", nullptr, ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove);
  ImGui::TextUnformatted(label.c_str());
  ImGui::SliderFloat("h", &value, 0.0f, 1.0f);
  ImGui::End();
  ImGui::SetNextWindowPos(otherPos);
  ImGui::SetNextWindowSize(ImVec2(200, 100));
  ImGui::Begin("other", nullptr, ImGuiWindowFlags_NoMove);
  ImGui::TextUnformatted("below?");
  ImGui::End();
  ImGui::SetWindowFocus("side");  // drawn last: "other" comes first in the lists
  ImGui::Render();
  return ImGui::GetDrawData();
}

const ImDrawList& sideList() { return *ImGui::FindWindowByName("side")->DrawList; }
int sideIndex(const ImDrawData& d) {
  for (int n = 0; n < d.CmdListsCount; ++n)
    if (d.CmdLists[n] == &sideList()) return n;
  return -1;
}
}  // namespace

TEST_CASE("draw list snapshot: the same frame matches, a changed label or value does not", "[panel cache]") {
  ImGuiHeadless gui;
  DrawListSnapshot snap;
  frame("real-time factor 1.00", 0.5f, ImVec2(800, 600));
  frame("real-time factor 1.00", 0.5f, ImVec2(800, 600));  // settled layout
  CHECK_FALSE(snap.matches(sideList()));                     // nothing taken yet
  snap.take(sideList());
  frame("real-time factor 1.00", 0.5f, ImVec2(800, 600));
  CHECK(snap.matches(sideList()));
  frame("real-time factor 0.99", 0.5f, ImVec2(800, 600));
  CHECK_FALSE(snap.matches(sideList()));
  frame("real-time factor 1.00", 0.75f, ImVec2(800, 600));
  CHECK_FALSE(snap.matches(sideList()));
  frame("real-time factor 1.00", 0.5f, ImVec2(800, 600));
  CHECK(snap.matches(sideList()));  // back to what was cached
  snap.clear();
  CHECK_FALSE(snap.matches(sideList()));
}

TEST_CASE("draw list snapshot: a window drawn before the cached one and under it is seen", "[panel cache]") {
  ImGuiHeadless gui;
  const ImVec4 side(0, 0, 360, 720);
  ImDrawData* beside = frame("x", 0.5f, ImVec2(800, 600));
  REQUIRE(sideIndex(*beside) > 0);
  CHECK_FALSE(drawnBelow(*beside, sideIndex(*beside), side));
  ImDrawData* under = frame("x", 0.5f, ImVec2(100, 300));
  REQUIRE(sideIndex(*under) > 0);
  CHECK(drawnBelow(*under, sideIndex(*under), side));
  CHECK_FALSE(drawnBelow(*under, 0, side));  // nothing comes before the first list
}
