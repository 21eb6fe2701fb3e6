#include "ui/app_state.hpp"

#include <iterator>

#include <algorithm>
#include <stdexcept>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "lieride/sim/registry.hpp"
#include "ui/optimize_panel.hpp"

namespace lieride::gui {

void AppState::runOrPause(bool paused, const TakeStatus* take, const PhysicsFrame* frame) {
  if (paused && optimize && optimize->waitingForPlay()) {
    optimize->play();  // false while unsolved: the vehicle stays where it is
    return;
  }
  if (paused && optimize && frame && optimize->atPlanEnd(*frame)) {
    replayFromStart();  // the plan again, as Backspace plays it
    return;
  }
  if (paused && take && take->playing && take->endStep > 0 && take->step >= take->endStep) {
    Command seek = Command::make(CommandKind::Seek);  // first: the run starts from there
    seek.value[0] = take->startClock;
    send(seek);
  }
  command(CommandKind::TogglePause);
}

double AppState::nextSpeed(double current, int direction) {
  static const double kLadder[] = {0.1, 0.25, 0.5, 1.0, 2.0, 4.0};
  if (direction > 0) {
    for (const double s : kLadder)
      if (s > current * (1 + 1e-9)) return s;
    return kLadder[std::size(kLadder) - 1];
  }
  for (auto it = std::rbegin(kLadder); it != std::rend(kLadder); ++it)
    if (*it < current * (1 - 1e-9)) return *it;
  return kLadder[0];
}

bool AppState::reachedScriptEnd(const PhysicsFrame& f) {
  if (scriptEnd <= 0 || pausedAtScriptEnd || f.paused || f.sims.empty() || f.sims.front().manual || f.take.playing) return false;
  if (f.sims.front().curr.t < scriptEnd - 1e-9) return false;
  pausedAtScriptEnd = true;
  return true;
}

void PlotHistory::add(const PlotSample& s) {
  if (s.kind == SampleKind::Reset) {
    clear();
    return;
  }
  if (s.kind == SampleKind::Seek) {
    seekTo(s.t);
    return;
  }
  if (s.kind == SampleKind::Marker) {
    const std::string label(s.label.data());
    // Several h changes at one instant ([ or ] pressed while paused): one "h first -> last s"
    // marker instead of a stack of labels; none when h is back where it started.
    auto arrow = [](const std::string& l) { return l.rfind("h ", 0) == 0 ? l.find(" -> ") : std::string::npos; };
    if (!markers.empty() && markers.back().t == s.t && arrow(markers.back().label) != std::string::npos &&
        arrow(label) != std::string::npos) {
      const std::string from = markers.back().label.substr(2, arrow(markers.back().label) - 2);
      const std::string to = label.substr(arrow(label) + 4);
      if (to == from + " s") markers.pop_back();
      else markers.back().label = "h " + from + " -> " + to;
      return;
    }
    markers.push_back({s.t, label});
    return;
  }
  if (!haveE0 && std::isfinite(s.energy)) {
    e0 = s.energy;
    haveE0 = true;
  }
  if (std::isfinite(s.energy)) energyScale = std::max(energyScale, std::abs(s.energy));
  const std::string name(s.integrator.data());
  // A stretch that never got past its first instant (the scene's integrator at t = 0, replaced
  // there by the remembered one or --integrator) is renamed, not kept as a legend entry of its
  // own: also when the new one's first sample comes a step later (euler at h = 1 s first
  // published t = 1, and the legend showed "lie-cay-tln" beside it for the t = 0 point alone).
  if (!segments.empty() && segments.back().integrator != name && !segments.back().energy.t.empty() &&
      (segments.back().energy.t.front() >= s.t || (segments.size() == 1 && segments.back().energy.t.size() == 1)))
    segments.back().integrator = name;
  if (segments.empty() || segments.back().integrator != name) {
    PlotSegment next;
    next.integrator = name;
    if (!segments.empty()) {  // join the lines: repeat the previous stretch's last point
      const PlotSegment& prev = segments.back();
      auto carry = [](const TimeSeries& from, TimeSeries& to) {
        if (!from.t.empty()) to.push(from.t.back(), from.y.back());
      };
      carry(prev.energy, next.energy);
      carry(prev.balance, next.balance);
      carry(prev.momentum, next.momentum);
      carry(prev.constraint, next.constraint);
      carry(prev.iterations, next.iterations);
      carry(prev.residual, next.residual);
    }
    segments.push_back(std::move(next));
  }
  PlotSegment& g = segments.back();
  g.energy.push(s.t, s.energy);
  g.balance.push(s.t, std::isfinite(s.energy) ? balance(s) : NAN);
  g.momentum.push(s.t, s.momentum);
  g.constraint.push(s.t, s.constraint);
  g.iterations.push(s.t, s.iterations);
  g.residual.push(s.t, s.residual);
  if (extras.size() < s.extraCount) extras.resize(s.extraCount);
  for (std::size_t i = 0; i < s.extraCount; ++i) extras[i].push(s.t, s.extras[i]);
}

void PlotHistory::clear() {
  segments.clear();
  extras.clear();
  markers.clear();
  haveE0 = false;
  energyScale = 0;
}

void PlotHistory::seekTo(double t) {
  // What lies at or beyond t goes (a seek back); a break at t so that a seek forward draws no
  // line across the steps it skipped. W restarts at 0 there: so does E(0) of the balance.
  const auto cut = [t](TimeSeries& ts) {
    const auto n = std::lower_bound(ts.t.begin(), ts.t.end(), t) - ts.t.begin();
    ts.t.resize(static_cast<std::size_t>(n));
    ts.y.resize(static_cast<std::size_t>(n));
    if (n > 0) ts.push(t, NAN);
  };
  for (auto& g : segments)
    for (auto* ts : {&g.energy, &g.balance, &g.momentum, &g.constraint, &g.iterations, &g.residual}) cut(*ts);
  for (auto& ts : extras) cut(ts);
  while (!segments.empty() && segments.back().energy.t.empty()) segments.pop_back();
  markers.erase(std::remove_if(markers.begin(), markers.end(), [&](const PlotMarker& m) { return m.t >= t; }), markers.end());
  haveE0 = false;
}

void PlotHistory::trim(double before) {
  for (auto& g : segments)
    for (auto* ts : {&g.energy, &g.balance, &g.momentum, &g.constraint, &g.iterations, &g.residual}) ts->trimBefore(before);
  for (auto& ts : extras) ts.trimBefore(before);
  // Drop stretches that ended before the window (keep the newest).
  while (segments.size() > 1 && (segments.front().energy.t.empty() || segments.front().energy.t.back() < before))
    segments.erase(segments.begin());
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
    // A value that is not a finite number is ignored like a malformed one: a NaN passes
    // std::clamp (dead_zone = nan crashed the Controls panel, speed = nan froze the run).
    const auto number = [](const std::string& text) {
      const double x = std::stod(text);
      if (!std::isfinite(x)) throw std::invalid_argument(text);
      return x;
    };
    const auto single = [&](const std::string& text) { return static_cast<float>(number(text)); };
    try {
      if (k == "dead_zone") input.deadZone = std::clamp(single(v), 0.0f, 0.6f);
      else if (k == "expo") input.expo = std::clamp(single(v), 0.0f, 1.0f);
      else if (k == "invert_left_y") input.invertLeftY = v == "1";
      else if (k == "invert_right_y") input.invertRightY = v == "1";
      else if (k == "flight_assist") input.assist = v == "1";
      else if (k == "history_seconds") historySeconds = std::clamp(single(v), 1.0f, 60.0f);
      else if (k == "speed") speed = std::clamp(number(v), 0.1, 4.0);
      else if (k == "trails") showTrails = v == "1";
      else if (k == "plots_docked") plotsDocked = v == "1";
      else if (k == "sidebar_width") sidebarWidth = std::clamp(single(v), 0.0f, 2000.0f);
      else if (k == "last_scene") lastScene = v;
      else if (k.rfind("camera.", 0) == 0) cameraPerScene[k.substr(7)] = std::clamp(std::stoi(v), 0, 2);
      else if (k.rfind("h.", 0) == 0) stepPerScene[k.substr(2)] = std::clamp(number(v), 1e-4, 1.0);
      else if (k.rfind("integrator.", 0) == 0) {
        // A name no vehicle has is dropped, not kept and written back ("rk4 nan" survived).
        if (isIntegratorName(v)) integratorPerScene[k.substr(11)] = v;
      }
      else if (k.rfind("orbit.", 0) == 0) {
        Orbit o;
        if (std::sscanf(v.c_str(), "%f %f %f", &o.yaw, &o.pitch, &o.distance) == 3 && std::isfinite(o.yaw) &&
            std::isfinite(o.pitch) && std::isfinite(o.distance)) {
          o.yaw = std::remainder(o.yaw, 6.2831853f);  // the camera's own ranges (camera.cpp)
          o.pitch = std::clamp(o.pitch, -0.2f, 1.5f);
          o.distance = std::clamp(o.distance, 0.5f, 400.0f);
          orbitPerScene[k.substr(6)] = o;
        }
      } else if (k.rfind("plot_log.", 0) == 0) {
        const int i = std::stoi(k.substr(9));
        if (i >= 0 && i < static_cast<int>(plotLog.size())) plotLog[static_cast<std::size_t>(i)] = v == "1";
      } else if (k == "recent") {
        if (recentFiles.size() < 8) recentFiles.push_back(v);
      } else if (k == "recent_take") {
        if (recentTakes.size() < 8) recentTakes.push_back(v);
      }
    } catch (const std::exception&) {
    }
  }
  return true;
}

// Written to a temporary file and renamed over the old one: a crash never leaves half a file.
bool Settings::save(const std::string& path) const {
  const std::string tmp = path + ".tmp";
  std::ofstream out(tmp);
  if (!out) return false;
  out << "# lieride app settings\n"
      << "dead_zone = " << input.deadZone << "\nexpo = " << input.expo << "\n"
      << "invert_left_y = " << input.invertLeftY << "\ninvert_right_y = " << input.invertRightY << "\n"
      << "flight_assist = " << input.assist << "\nhistory_seconds = " << historySeconds << "\n"
      << "speed = " << speed << "\ntrails = " << showTrails << "\nplots_docked = " << plotsDocked
      << "\nsidebar_width = " << sidebarWidth << "\nlast_scene = " << lastScene << "\n";
  for (const auto& [scene, mode] : cameraPerScene) out << "camera." << scene << " = " << mode << "\n";
  for (const auto& [scene, h] : stepPerScene) out << "h." << scene << " = " << h << "\n";
  for (const auto& [scene, name] : integratorPerScene) out << "integrator." << scene << " = " << name << "\n";
  for (const auto& [scene, o] : orbitPerScene) out << "orbit." << scene << " = " << o.yaw << " " << o.pitch << " " << o.distance << "\n";
  for (std::size_t i = 0; i < plotLog.size(); ++i) out << "plot_log." << i << " = " << plotLog[i] << "\n";
  for (const auto& f : recentFiles) out << "recent = " << f << "\n";
  for (const auto& f : recentTakes) out << "recent_take = " << f << "\n";
  out.close();
  if (!out) return false;
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

}  // namespace lieride::gui
