// The parts every view shares: the generic channel mapping, its help, the generic HUD lines,
// and small helpers.
#include "views/vehicle_view.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace lieride::gui {

double clampd(double v, double lo, double hi) { return std::min(hi, std::max(lo, v)); }

double shapeOf(const Snapshot& s, const char* name, double fallback) {
  for (std::size_t i = 0; i < s.shapeNames.size() && i < s.shape.size(); ++i)
    if (s.shapeNames[i] == name && std::isfinite(s.shape[i])) return s.shape[i];
  return fallback;
}

double shapeOf(const VehiclePose& p, const char* name, double fallback) {
  for (std::size_t i = 0; i < p.shapeNames.size() && i < p.shape.size(); ++i)
    if (p.shapeNames[i] == name && std::isfinite(p.shape[i])) return p.shape[i];
  return fallback;
}

double inputOf(const VehiclePose& p, const char* name, double fallback) {
  for (std::size_t i = 0; i < p.channels.size() && i < p.inputs.size(); ++i)
    if (p.channels[i] == name && std::isfinite(p.inputs[i])) return p.inputs[i];
  return fallback;
}

double headingDeg(const Snapshot& s) {
  const Mat3 R = s.orientation.normalized().toRotationMatrix();
  return std::atan2(R(1, 0), R(0, 0)) * 180.0 / M_PI;
}

Vec3 worldVelocity(const Snapshot& s) { return s.orientation.normalized() * s.bodyVelocity.tail<3>(); }

std::string format(const char* fmt, double a, double b) {
  char buf[128];
  std::snprintf(buf, sizeof buf, fmt, a, b);
  // A value that rounds to zero prints without its sign ("heading 0 deg", not "-0 deg").
  std::string out = buf;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] != '-' || i + 1 >= out.size() || !std::isdigit(static_cast<unsigned char>(out[i + 1]))) continue;
    if (i > 0 && std::isalnum(static_cast<unsigned char>(out[i - 1]))) continue;  // an exponent's sign
    std::size_t j = i + 1;
    bool zero = true;
    while (j < out.size() && (std::isdigit(static_cast<unsigned char>(out[j])) || out[j] == '.')) {
      if (out[j] != '0' && out[j] != '.') zero = false;
      ++j;
    }
    if (zero) out.erase(i, 1);
  }
  return out;
}

const char* genericAxisName(std::size_t k) {
  static const char* const names[] = {"Left stick left/right  (A/D)", "Left stick up/down  (W/S)",
                                      "Right stick left/right  (J/L)", "Right stick up/down  (I/K)"};
  return k < 4 ? names[k] : "";
}

MeshData wheelMesh(float radius, float width) {
  using namespace prim;
  const glm::vec3 tire(0.07f, 0.07f, 0.08f), hub(0.55f, 0.56f, 0.58f), spoke(0.92f, 0.92f, 0.90f);
  constexpr float kPi = 3.14159265f;
  MeshData m;
  m.append(cylinder(radius, radius, width, 28, tire), Rx(-kPi / 2) * T(0, 0, -0.5f * width));
  m.append(cylinder(0.6f * radius, 0.6f * radius, width + 0.01f, 20, hub), Rx(-kPi / 2) * T(0, 0, -0.5f * width - 0.005f));
  for (int i = 0; i < 5; ++i)  // spokes make the rolling visible
    m.append(box({1.1f * radius, width + 0.03f, 0.08f * radius}, spoke), Ry(static_cast<float>(i) * kPi / 5.0f));
  return m;
}

VehicleView::VehicleView(const Simulation& sim) : title_(sim.vehicleType()), channels_(channelInfo(sim)) {}

int VehicleView::addMesh(MeshData m) {
  meshes_.push_back(std::move(m));
  return static_cast<int>(meshes_.size()) - 1;
}

int VehicleView::channel(const char* name) const {
  for (std::size_t i = 0; i < channels_.size(); ++i)
    if (channels_[i].name == name) return static_cast<int>(i);
  return -1;
}

void VehicleView::set(Simulation& sim, int index, double value) const {
  if (index < 0 || !std::isfinite(value)) return;
  const auto i = static_cast<std::size_t>(index);
  if (i < sim.controls().size()) sim.controls().setConstant(i, value);
}

double VehicleView::scaled(int index, double a) const {
  if (index < 0) return NAN;
  const ChannelInfo& c = channels_[static_cast<std::size_t>(index)];
  a = clampd(a, -1.0, 1.0);
  return c.trim + a * (a >= 0 ? c.max - c.trim : c.trim - c.min);
}

namespace {
// The channels the generic mapping drives: those with a range, at most four.
std::vector<int> ranged(const std::vector<ChannelInfo>& channels) {
  std::vector<int> out;
  for (std::size_t i = 0; i < channels.size() && out.size() < 4; ++i)
    if (channels[i].min < channels[i].max) out.push_back(static_cast<int>(i));
  return out;
}
}  // namespace

void VehicleView::pilot(const PilotAxes& a, bool, Simulation& sim, const Snapshot*) const {
  const float axes[4] = {a.lx, a.ly, a.rx, a.ry};
  const std::vector<int> driven = ranged(channels_);
  for (std::size_t k = 0; k < driven.size(); ++k) set(sim, driven[k], scaled(driven[k], axes[k]));
}

HelpLines VehicleView::help(bool) const {
  HelpLines out;
  const std::vector<int> driven = ranged(channels_);
  for (std::size_t k = 0; k < driven.size(); ++k) {
    const ChannelInfo& c = channels_[static_cast<std::size_t>(driven[k])];
    char range[96];
    std::snprintf(range, sizeof range, " from %.4g to %.4g %s", c.min, c.max, c.unit.c_str());
    out.emplace_back(genericAxisName(k), c.name + range);
  }
  if (out.empty()) out.emplace_back("(no inputs)", "this vehicle has no input channels a pilot can drive");
  return out;
}

void VehicleView::place(const VehiclePose& p, std::vector<PartPlacement>& out) const {
  for (std::size_t i = 0; i < meshes_.size(); ++i) out.push_back({static_cast<int>(i), p.world});
}

std::vector<std::string> VehicleView::hud(const Snapshot& s) const {
  std::vector<std::string> l;
  l.push_back(format("speed %.2f m/s   heading %.0f deg ccw from +x", worldVelocity(s).norm(), headingDeg(s)));
  l.push_back(format("|omega| %.2f rad/s", s.bodyVelocity.head<3>().norm()));
  return l;
}

}  // namespace lieride::gui
