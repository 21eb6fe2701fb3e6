#include "ui/takes_panel.hpp"
#include "ui/text_wrap.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>

#include "ui/panels.hpp"

namespace lieride::gui {

void toggleRecord(AppState& app, const PhysicsFrame& f) {
  if (f.take.recording) app.takes.stop = true;
  else if (f.take.playing) app.takes.overdub = true;  // R during a replay: take over from here
  else app.takes.record = true;
}

std::string timelineLabel(double t, double duration) {
  char label[48];
  std::snprintf(label, sizeof label, "%.2f / %.2f s", std::min(t, duration), duration);
  return label;
}

namespace {
void recordSection(AppState& app, const PhysicsFrame& f) {
  TakeUi& tu = app.takes;
  const TakeStatus& ts = f.take;
  if (ts.recording) {
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.75f, 0.15f, 0.12f, 1));
    if (ImGui::Button("Stop (R)")) tu.stop = true;
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1, 0.35f, 0.3f, 1), "%s %ld steps", ts.overdub ? "overdub" : "REC", ts.recordedSteps);
    if (ts.inexact) textWrappedColored(ImVec4(1, 0.7f, 0.3f, 1), "a gait edit or a manual switch is not in the take: its replay will differ");
  } else {
    ImGui::BeginDisabled(ts.playing);
    if (ImGui::Button("Record (R)")) tu.record = true;
    ImGui::EndDisabled();
    tooltip("Restart the scene (keeping the h and integrator in use) and record vehicle 1's inputs at the physics rate, "
            "and every change of h, integrator and reset, into a take (docs/formats.md section 6).");
    if (ts.playing) {
      ImGui::SameLine();
      if (ImGui::Button("Overdub (R)")) tu.overdub = true;
      tooltip("Take the controls over here: the new take replays this one up to now, then records you.");
    }
  }
  if (!tu.lastTake.empty()) {
    // The file name on its own line and the folder under it: a path has no spaces to wrap at,
    // and wrapped by characters it broke inside the name.
    const std::filesystem::path saved(tu.lastTake);
    textWrappedColored(ImGui::GetStyleColorVec4(ImGuiCol_Text), "take saved: " + saved.filename().string());
    tooltip(tu.lastTake.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    textWrappedColored(ImGui::GetStyleColorVec4(ImGuiCol_Text), "in " + saved.parent_path().string());
    ImGui::PopStyleColor();
    ImGui::Text("state-hash %016llx", static_cast<unsigned long long>(tu.lastHash));
    tooltip("The final state's hash: `lieride sim TAKE.toml` prints the same when it replays the take bit for bit.");
  }
  if (!ts.message.empty()) textWrappedColored(ImVec4(1, 0.7f, 0.3f, 1), ts.message);
}

void openSection(AppState& app) {
  TakeUi& tu = app.takes;
  char buf[512];
  std::snprintf(buf, sizeof buf, "%s", tu.openPath.c_str());
  ImGui::SetNextItemWidth(-66);
  if (ImGui::InputTextWithHint("##opentake", "take.toml path", buf, sizeof buf, ImGuiInputTextFlags_EnterReturnsTrue)) tu.open = buf;
  tu.openPath = buf;
  tooltip("A take (or any scenario, e.g. the replay.toml `lieride optimize` writes): Enter or Open plays it.");
  ImGui::SameLine();
  if (ImGui::Button("Open##take", ImVec2(58, 0)) && !tu.openPath.empty()) tu.open = tu.openPath;
  if (!app.settings.recentTakes.empty()) {
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##recenttakes", "recent takes")) {
      // The file's name first (full paths were cut at the sidebar's edge, all alike), its folder
      // in the tooltip.
      for (std::size_t i = 0; i < app.settings.recentTakes.size(); ++i) {
        const std::string& r = app.settings.recentTakes[i];
        const std::string label = std::filesystem::path(r).filename().string() + "##recent" + std::to_string(i);
        if (ImGui::Selectable(label.c_str())) tu.open = r;
        tooltip(r.c_str());
      }
      ImGui::EndCombo();
    }
  }
}

void timelineSection(AppState& app, const PhysicsFrame& f) {
  TakeUi& tu = app.takes;
  const TakeStatus& ts = f.take;
  if (ImGui::Button(f.paused ? "Play" : "Pause##take")) app.runOrPause(f.paused, &ts);
  ImGui::SameLine();
  float t = tu.scrubbing ? tu.scrub : static_cast<float>(ts.clock);
  ImGui::SetNextItemWidth(-1);
  const std::string label = timelineLabel(tu.scrubbing ? static_cast<double>(tu.scrub) : ts.clock, ts.duration);
  if (ImGui::SliderFloat("##timeline", &t, static_cast<float>(ts.startClock), static_cast<float>(ts.duration), label.c_str())) {
    tu.scrub = t;
    tu.seek = t;
  }
  tu.scrubbing = ImGui::IsItemActive();
  tooltip("Scrub: the copies re-simulate from the nearest checkpoint (one every 2 s of the take).");
  ImGui::Text("step %ld / %ld, last seek re-simulated %ld step%s", ts.step, ts.endStep, ts.lastSeekSteps,
              ts.lastSeekSteps == 1 ? "" : "s");
  // Ghost copies: the take re-simulated with another integrator (and h).
  const auto& names = f.sims.front().integrators;
  if (app.copyIntegrator.empty() && !names.empty()) app.copyIntegrator = names.front();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::BeginCombo("##ghost", app.copyIntegrator.c_str())) {
    for (const auto& n : names)
      if (ImGui::Selectable(n.c_str(), n == app.copyIntegrator)) app.copyIntegrator = n;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(f.sims.size() >= 4);
  if (ImGui::Button("Add ghost")) {
    app.copyStep = 0;  // the take's own h (Add copy in the Integrator panel sets one)
    app.requestCopy = 1;
  }
  ImGui::EndDisabled();
  tooltip("Re-simulate the take with this integrator beside it (as `lieride sim TAKE --integrator`): labelled, "
          "its own trail colour, plots overlaid, its deviation from the take plotted.");
  if (ImGui::Button("Trim start")) tu.trimStart = ts.step;
  tooltip("Write a new take that begins here: its [take] start (the steps before are replayed, not shown, "
          "not exported).");
  ImGui::SameLine();
  if (ImGui::Button("Trim end")) tu.trimEnd = ts.step;
  tooltip("Write a new take that ends here.");
  ImGui::SameLine();
  if (ImGui::Button("Save as take")) tu.trimEnd = ts.endStep;
  tooltip("Write the whole run as a take file (e.g. an optimal trajectory's replay.toml: [take] steps added, "
          "its controls file found from anywhere).");
}

void exportSection(AppState& app, const PhysicsFrame& f) {
  TakeUi& tu = app.takes;
  if (tu.videoSeconds >= 0) ImGui::TextDisabled("rendering video ... %.0f s", tu.videoSeconds);
  const bool take = f.take.playing;
  const std::size_t n = take ? f.sims.size() : 1;
  for (std::size_t i = 0; i < n; ++i) {
    ImGui::PushID(static_cast<int>(i));
    const std::string what = take ? (i == 0 ? "take" : f.sims[i].label) : "live run (copy 1)";
    ImGui::TextUnformatted(what.c_str());
    ImGui::SameLine(ImGui::GetContentRegionAvail().x - (i == 0 ? 160.0f : 100.0f));
    if (ImGui::Button("CSV")) tu.exportCsv = static_cast<int>(i);
    tooltip("The run CSV (docs/formats.md section 3) of this copy, replayed from the start of the take "
            "(the live run: since the scene loaded or Record restarted it, saved as a -live take first).");
    ImGui::SameLine();
    if (ImGui::Button("glTF")) tu.exportGlb = static_cast<int>(i);
    tooltip("An animated glTF 2.0 binary, as `lieride export TAKE --out take.glb --fps 60`.");
    if (i == 0) {  // the take (or the live run) itself: lieride render has no ghosts
      ImGui::SameLine();
      ImGui::BeginDisabled(tu.videoSeconds >= 0);
      if (ImGui::Button("Video")) tu.exportVideo = true;
      ImGui::EndDisabled();
      tooltip("An H.264 video (1280 x 720, 30 fps, chase camera) rendered offscreen by `lieride render` in a "
              "process of its own: the app keeps running. Written beside the takes as NAME.mp4 (PNG frames "
              "where ffmpeg is missing).");
    }
    ImGui::PopID();
  }
}
}  // namespace

void drawRecordBadge(AppState& app, const PhysicsFrame& f) {
  static std::string shown;
  static double shownAt = -1;
  if (app.takes.lastTake != shown) {
    shown = app.takes.lastTake;
    shownAt = ImGui::GetTime();
  }
  const bool recent = !shown.empty() && ImGui::GetTime() - shownAt < 5.0;
  app.recordBadgeBottom = 0;
  if (!f.take.recording && !recent) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  // Centred over the 3-D view right of the sidebar (not the whole window: it would cover the
  // sidebar), below the scene's caption where there is one; the divergence badges go below it.
  const float x0 = vp->WorkPos.x + app.viewLeft, x1 = vp->WorkPos.x + vp->WorkSize.x;
  float y = vp->WorkPos.y + 44.0f;
  if (!app.caption.empty()) {
    const CaptionBox c = captionBox(app);
    y = c.pos.y + c.size.y + 15.0f;
  }
  ImGui::SetNextWindowPos(ImVec2(0.5f * (x0 + x1), y), ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.6f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoInputs |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  if (ImGui::Begin("##recbadge", nullptr, flags)) {
    if (f.take.recording) {
      const double h = f.sims.empty() ? f.h : f.sims.front().curr.h;
      // Paused, nothing is recorded until the run goes on (R while paused looked stuck at 0 steps).
      ImGui::TextColored(ImVec4(1, 0.25f, 0.2f, 1), "%s  %ld steps (%.1f s at h = %.3g s)   %s", f.take.overdub ? "OVERDUB" : "REC",
                         f.take.recordedSteps, static_cast<double>(f.take.recordedSteps) * h, h,
                         f.paused ? "paused: Space runs, R stops" : "R stops");
    } else {
      ImGui::Text("take saved: %s   state-hash %016llx", shown.c_str(), static_cast<unsigned long long>(app.takes.lastHash));
    }
    app.recordBadgeBottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
  }
  ImGui::End();
}

void takesPanel(AppState& app, const PhysicsFrame& f) {
  if (f.sims.empty()) return;
  recordSection(app, f);
  ImGui::Separator();
  openSection(app);
  if (f.take.playing) timelineSection(app, f);
  ImGui::Separator();
  exportSection(app, f);
  // Wrapped at spaces and path separators: ImGui's wrap cut export paths inside a name.
  if (!app.takes.notice.empty()) textWrappedColored(ImGui::GetStyleColorVec4(ImGuiCol_Text), app.takes.notice);
}

}  // namespace lieride::gui
