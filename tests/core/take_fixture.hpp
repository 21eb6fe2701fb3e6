#pragma once
// Takes for the replay tests (engine: tests/core/take_test.cpp; app physics thread:
// tests/app/test_take_replay.cpp): one built-in scene per vehicle, its scripted inputs sampled
// at the physics rate into a controls CSV (what a recording stores), plus live changes of h,
// integrator and a reset as [[events]] (docs/formats.md, "Takes").
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "lieride/sim/scenario.hpp"
#include "lieride/sim/take.hpp"

namespace lieride::testing {

// One scene per vehicle type of the registry.
inline const std::vector<std::string> kTakeScenes = {
    "rigid-body-tumbling", "helicopter-flight", "boat-harbour", "car-slalom",
    "snakeboard-drive",    "sleigh",            "np-particle",  "sleigh-optimal-u-turn"};

inline std::filesystem::path scenesDir() { return std::filesystem::path(LIERIDE_SOURCE_DIR) / "assets" / "scenes"; }

inline std::string readText(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string exact(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

// The scene text without its [controls] table.
inline std::string withoutControls(const std::string& text) {
  std::istringstream in(text);
  std::string line, out;
  bool skipping = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '[') skipping = line.rfind("[controls]", 0) == 0;
    if (!skipping) out += line + "\n";
  }
  return out;
}

// The scenario text with [integrator] name = `integrator` (the scene as loaded with an override).
inline std::string withIntegratorName(const std::string& text, const std::string& integrator) {
  const std::string key = "[integrator]\n";
  std::string t = text;
  const auto at = t.find(key);
  if (at == std::string::npos) return t;
  std::istringstream in(t.substr(at + key.size()));
  std::string line, rest;
  bool first = true;
  while (std::getline(in, line)) {
    if (first && line.rfind("name", 0) == 0) {
      first = false;
      continue;
    }
    rest += line + "\n";
  }
  return t.substr(0, at + key.size()) + "name = \"" + integrator + "\"\n" + rest;
}

struct TakeFile {
  std::string text;     // the take's TOML
  std::string baseDir;  // where its controls CSV lies
  Take take;            // the events, as loaded
  std::string other;    // the integrator the take switches to
};

// A take of `steps` steps of `scene` starting with `integrator`: inputs sampled every h into
// dir/<scene>-<pid>-inputs.csv; events: h halved at steps/5, the next integrator of the vehicle's
// list at 2 steps/5, a reset (the file's h and integrator again) at 3 steps/5, the next
// integrator again at 4 steps/5.
inline TakeFile makeTake(const std::string& scene, const std::string& integrator, const std::filesystem::path& dir,
                         long steps) {
  const std::string sceneText = readText(scenesDir() / (scene + ".toml"));
  Scenario sc = loadScenarioFromString(sceneText, scene, scenesDir().string(), {integrator, std::nullopt, std::nullopt});
  const Simulation& sim = *sc.simulation;
  const double h = sim.timeStep();
  const ControlSet& controls = sim.controls();
  std::string take = withoutControls(sceneText);
  if (controls.size() > 0) {
    std::filesystem::create_directories(dir);
    // One file per process: ctest runs test cases of one binary side by side in one folder.
    const std::filesystem::path csv = dir / (scene + "-" + std::to_string(::getpid()) + "-inputs.csv");
    std::ofstream out(csv, std::ios::binary);
    out << "t";
    for (const auto& name : controls.channels()) out << "," << name;
    out << "\n";
    for (long k = 0; k <= steps + 1; ++k) {
      const double t = static_cast<double>(k) * h;
      out << exact(t);
      for (std::size_t c = 0; c < controls.size(); ++c) out << "," << exact(controls.value(c, t));
      out << "\n";
    }
    take += "\n[controls]\nfile = \"" + csv.filename().string() + "\"\n";
  }
  const auto names = sim.applicableIntegrators();
  std::size_t index = 0;
  while (index < names.size() && names[index] != sim.integratorName()) ++index;
  const std::string other = names[(index + 1) % names.size()];
  const long s = steps / 5;
  take += "\n[take]\nsteps = " + std::to_string(steps) + "\n";
  auto event = [&](long step, const std::string& change) {
    take += "\n[[events]]\nstep = " + std::to_string(step) + "\nt = " + exact(static_cast<double>(step) * h) + "\n" +
            change + "\n";
  };
  event(s, "dt = " + exact(h / 2));
  event(2 * s, "integrator = \"" + other + "\"");
  event(3 * s, "reset = true");  // back to the file's h and integrator
  event(4 * s, "integrator = \"" + other + "\"");
  const std::string withIntegrator = withIntegratorName(take, integrator);
  TakeFile f{withIntegrator, dir.string(), {}, other};
  Scenario check = loadScenarioFromString(f.text, scene + " take", f.baseDir);
  f.take = *check.take;
  return f;
}

}  // namespace lieride::testing
