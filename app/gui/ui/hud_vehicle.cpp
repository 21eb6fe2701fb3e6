// The compact per-vehicle read-out, one function per vehicle kind (kept apart so that each can
// move into its kind's view): what a pilot or driver needs at a glance.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ui/panels.hpp"

namespace lieride::gui {
namespace {

constexpr double kDeg = 180.0 / M_PI;

double input(const SimView& v, const char* channel) {
  for (std::size_t i = 0; i < v.channels.size() && i < v.curr.inputs.size(); ++i)
    if (v.channels[i] == channel) return v.curr.inputs[i];
  return NAN;
}
double shape(const Snapshot& s, const char* name) {
  for (std::size_t i = 0; i < s.shapeNames.size() && i < s.shape.size(); ++i)
    if (s.shapeNames[i] == name) return s.shape[i];
  return NAN;
}
double heading(const Snapshot& s) {
  const Mat3 R = s.orientation.normalized().toRotationMatrix();
  return std::atan2(R(1, 0), R(0, 0)) * kDeg;
}
Vec3 worldVelocity(const Snapshot& s) { return s.orientation.normalized() * s.bodyVelocity.tail<3>(); }

using Lines = std::vector<std::string>;
void add(Lines& out, const char* fmt, double a, double b = 0) {
  char buf[96];
  std::snprintf(buf, sizeof buf, fmt, a, b);
  out.emplace_back(buf);
}

Lines helicopterLines(const SimView& v) {
  Lines l;
  const Snapshot& s = v.curr;
  const Vec3 vw = worldVelocity(s);
  add(l, "height %.2f m  (skids %.2f m)", s.position.z(), s.position.z() - 0.28);
  add(l, "speed %.2f m/s   climb %+.2f m/s", std::hypot(vw.x(), vw.y()), vw.z());
  add(l, "heading %.0f deg", heading(s));
  add(l, "collective %.1f N   tail %.2f N", input(v, "collective"), input(v, "tail"));
  return l;
}
Lines carLines(const SimView& v) {
  Lines l;
  const Snapshot& s = v.curr;
  add(l, "speed %.2f m/s   heading %.0f deg", s.bodyVelocity(3), heading(s));
  add(l, "steering %+.1f deg", std::atan(shape(s, "sigma")) * kDeg);  // sigma = tan(steering angle)
  add(l, "drive torque %.0f N m", input(v, "drive_torque"));
  return l;
}
Lines boatLines(const SimView& v) {
  Lines l;
  const Snapshot& s = v.curr;
  const Vec3 vw = worldVelocity(s);
  add(l, "speed %.2f m/s   heading %.0f deg", std::hypot(vw.x(), vw.y()), heading(s));
  add(l, "thrust right %.0f N   left %.0f N", input(v, "thrust_right"), input(v, "thrust_left"));
  return l;
}
Lines snakeboardLines(const SimView& v) {
  Lines l;
  const Snapshot& s = v.curr;
  add(l, "speed %.2f m/s   heading %.0f deg", std::hypot(s.bodyVelocity(3), s.bodyVelocity(4)), heading(s));
  add(l, "rotor psi %+.0f deg   wheels phi %+.0f deg", shape(s, "psi") * kDeg, shape(s, "phi") * kDeg);
  return l;
}
Lines genericLines(const SimView& v) {
  Lines l;
  const Snapshot& s = v.curr;
  add(l, "speed %.2f m/s   heading %.0f deg", worldVelocity(s).norm(), heading(s));
  add(l, "|omega| %.2f rad/s", s.bodyVelocity.head<3>().norm());
  return l;
}

}  // namespace

void drawVehicleHud(AppState& app, const PhysicsFrame& f) {
  if (f.sims.empty()) return;
  const SimView& v = f.sims.front();
  const std::string& kind = v.curr.vehicle;
  const Lines lines = kind == "helicopter" ? helicopterLines(v) : kind == "car" ? carLines(v)
                    : kind == "boat" ? boatLines(v) : kind == "snakeboard" ? snakeboardLines(v) : genericLines(v);
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImDrawList* fg = ImGui::GetForegroundDrawList();
  const float lh = ImGui::GetTextLineHeightWithSpacing();
  float w = 0;
  for (const auto& t : lines) w = std::max(w, ImGui::CalcTextSize(t.c_str()).x);
  const float bottom = app.viewBottom > 0 ? app.viewBottom - 10 : vp->WorkPos.y + vp->WorkSize.y - 30;
  const ImVec2 p(vp->WorkPos.x + app.viewLeft + 14, bottom - lh * static_cast<float>(lines.size()));
  fg->AddRectFilled(ImVec2(p.x - 8, p.y - 6), ImVec2(p.x + w + 8, bottom + 2), IM_COL32(16, 18, 22, 190), 6);
  for (std::size_t i = 0; i < lines.size(); ++i)
    fg->AddText(ImVec2(p.x, p.y + lh * static_cast<float>(i)), IM_COL32(230, 232, 238, 255), lines[i].c_str());
}

}  // namespace lieride::gui
