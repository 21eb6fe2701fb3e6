#include "ui/app_state.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace lieride::gui {

void PlotHistory::add(const PlotSample& s) {
  if (s.kind == SampleKind::Reset) {
    clear();
    return;
  }
  if (s.kind == SampleKind::Marker) {
    markers.push_back({s.t, std::string(s.label.data())});
    return;
  }
  if (!haveE0 && std::isfinite(s.energy)) {
    e0 = s.energy;
    haveE0 = true;
  }
  energy.push(s.t, s.energy);
  const double rel = std::abs(s.energy - e0) / std::max(std::abs(e0), 1e-12);
  relEnergyError.push(s.t, std::isfinite(s.energy) ? rel : NAN);
  momentum.push(s.t, s.momentum);
  constraint.push(s.t, s.constraint);
  iterations.push(s.t, s.iterations);
  residual.push(s.t, s.residual);
}

void PlotHistory::clear() {
  for (auto* ts : {&energy, &relEnergyError, &momentum, &constraint, &iterations, &residual}) ts->clear();
  markers.clear();
  haveE0 = false;
}

void PlotHistory::trim(double before) {
  for (auto* ts : {&energy, &relEnergyError, &momentum, &constraint, &iterations, &residual}) ts->trimBefore(before);
  markers.erase(std::remove_if(markers.begin(), markers.end(), [&](const PlotMarker& m) { return m.t < before; }), markers.end());
}

void FrameTimes::add(double v) {
  if (ms.size() < 600) {
    ms.push_back(v);
  } else {
    ms[next] = v;
    next = (next + 1) % ms.size();
  }
}

double FrameTimes::percentile(double p) const {
  if (ms.empty()) return 0;
  std::vector<double> s = ms;
  const auto k = static_cast<std::size_t>(std::clamp(p, 0.0, 1.0) * static_cast<double>(s.size() - 1));
  std::nth_element(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(k), s.end());
  return s[k];
}

// A small "key = value" file; unknown keys are ignored (older or newer versions).
bool Settings::load(const std::string& path) {
  std::ifstream in(path);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find('=');
    if (eq == std::string::npos || line[0] == '#') continue;
    auto trim = [](std::string s) {
      s.erase(0, s.find_first_not_of(" \t"));
      s.erase(s.find_last_not_of(" \t\r") + 1);
      return s;
    };
    const std::string k = trim(line.substr(0, eq)), v = trim(line.substr(eq + 1));
    try {
      if (k == "dead_zone") input.deadZone = std::clamp(std::stof(v), 0.0f, 0.6f);
      else if (k == "expo") input.expo = std::clamp(std::stof(v), 0.0f, 1.0f);
      else if (k == "invert_left_y") input.invertLeftY = v == "1";
      else if (k == "invert_right_y") input.invertRightY = v == "1";
      else if (k == "flight_assist") input.assist = v == "1";
      else if (k == "history_seconds") historySeconds = std::clamp(std::stof(v), 1.0f, 60.0f);
      else if (k == "speed") speed = std::clamp(std::stod(v), 0.1, 4.0);
      else if (k == "trails") showTrails = v == "1";
      else if (k == "last_scene") lastScene = v;
      else if (k.rfind("camera.", 0) == 0) cameraPerScene[k.substr(7)] = std::clamp(std::stoi(v), 0, 2);
    } catch (const std::exception&) {
    }
  }
  return true;
}

bool Settings::save(const std::string& path) const {
  std::ofstream out(path);
  if (!out) return false;
  out << "# lieride app settings\n"
      << "dead_zone = " << input.deadZone << "\nexpo = " << input.expo << "\n"
      << "invert_left_y = " << input.invertLeftY << "\ninvert_right_y = " << input.invertRightY << "\n"
      << "flight_assist = " << input.assist << "\nhistory_seconds = " << historySeconds << "\n"
      << "speed = " << speed << "\ntrails = " << showTrails << "\nlast_scene = " << lastScene << "\n";
  for (const auto& [scene, mode] : cameraPerScene) out << "camera." << scene << " = " << mode << "\n";
  return static_cast<bool>(out);
}

}  // namespace lieride::gui
