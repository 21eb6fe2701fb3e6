#include "scenes.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include <toml++/toml.h>

#include "lieride/model/boat.hpp"
#include "problem_scenes.hpp"
#include "lieride/optimize/problem.hpp"
#include "lieride/sim/assets_env.hpp"
#include "lieride/sim/scenario.hpp"
#include "take_scene.hpp"
#include "lieride/sim/se3_simulation.hpp"
#include "lieride/sim/toml_text.hpp"
#include "lieride/sim/user_input.hpp"

#ifndef LIERIDE_SOURCE_DIR
#define LIERIDE_SOURCE_DIR "."
#endif

namespace lieride::gui {
namespace fs = std::filesystem;

namespace {
std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// The default scene: a helicopter hovering 1.5 m up, flight assist on (the pilot holds the
// engine's trim, u_c = m g, until the sticks move).
const char* kHelicopter = R"(name = "helicopter free flight"
[vehicle]
type = "helicopter"
linear_damping = 0.5      # a small aerodynamic drag (docs/formats.md, helicopter)
angular_damping = 0.02
contact_stiffness = 1.0e4  # skids on the ground z = 0
[initial]
position = [0.0, 0.0, 1.5]
[integrator]
name = "lie-cay-tln"
dt = 0.005
duration = 1e9
)";

// A free body spun near its intermediate axis (the Dzhanibekov flip) at a large step.
const char* kLargeSteps = R"(name = "large steps"
[vehicle]
type = "rigid-body"
mass = 1.0
inertia = [1.0, 2.0, 3.0]
[initial]
position = [0.0, 0.0, 1.6]
angular_velocity = [0.05, 4.0, 0.05]
[integrator]
name = "lie-cay"
dt = 0.1
duration = 1e9
)";

// What is drawn is what is simulated: the water surface is the boat force model's own.
void takeWaterFrom(const Simulation& sim, VehicleGeometry& g) {
  const auto* se3 = dynamic_cast<const Se3Simulation*>(&sim);
  const auto* boat = se3 ? dynamic_cast<const BoatForces*>(&se3->forceModel()) : nullptr;
  if (!boat) return;
  g.hasWater = true;
  g.water = boat->water().params();
  g.obstacles = boat->params().obstacles;
}

// A free rigid body feels no gravity; one that starts at the ground is drawn 1.6 m up so it
// tumbles in the air instead of through the floor (a drawing offset, the state is untouched).
void liftFreeBodies(LoadedScene& s) {
  if (!s.view->traits().freeBody || s.slots.empty()) return;
  if (s.slots.front().sim->snapshot().position.z() < 1.0)
    for (auto& o : s.offsets) o.z() += 1.6;
}
}  // namespace

std::string assetsDir() {
  if (auto env = assetsDirFromEnvironment()) return *env;
  for (const auto& p : {fs::path(LIERIDE_SOURCE_DIR) / "assets", fs::path("assets"),
                           fs::path("/usr/share/lieride/assets"), fs::path("/usr/local/share/lieride/assets")})
    if (fs::is_directory(p / "scenes") || fs::is_directory(p / "fonts")) return p.string();
  return "assets";
}

std::vector<SceneEntry> listScenes() {
  std::vector<SceneEntry> out;
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(fs::path(assetsDir()) / "scenes", ec))
    if (e.path().extension() == ".toml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) out.push_back({sceneMenuName(f.string()), f.string(), {}, {}, {}});
  // The menu in the order of the names it shows ("chaplygin sleigh" was after the files named
  // sleigh-*, "Elroy's beanie" after "car slalom").
  std::stable_sort(out.begin(), out.end(), [](const SceneEntry& a, const SceneEntry& b) { return lower(a.name) < lower(b.name); });
  auto has = [&](const std::string& n) {
    return std::any_of(out.begin(), out.end(), [&](const SceneEntry& s) { return lower(s.name) == n; });
  };
  if (!has("helicopter free flight")) out.insert(out.begin(), {"helicopter free flight", {}, kHelicopter, {}, {}});
  // "large steps" compares two integrators side by side on the same scenario.
  bool haveLarge = false;
  for (auto& s : out)
    if (lower(s.name) == "large steps") {
      s.compare = {"lie-cay", "rk4"};
      haveLarge = true;
    }
  if (!haveLarge) out.push_back({"large steps", {}, kLargeSteps, {"lie-cay", "rk4"}, {}});
  // One click to an optimal control problem (the Optimize panel solves it; docs/app.md).
  for (const ProblemScene& ps : kProblemScenes) {
    const std::string name(ps.menuName);
    const fs::path file = fs::path(assetsDir()) / "problems" / (std::string(ps.problemStem) + ".toml");
    if (fs::is_regular_file(file) && !has(name)) out.push_back(problemScene(name, file.string()));
  }
  // The helicopter first: it is what `lieride` alone opens.
  std::stable_partition(out.begin(), out.end(), [](const SceneEntry& s) { return lower(s.name) == "helicopter free flight"; });
  return out;
}

SceneEntry problemScene(const std::string& name, const std::string& problemFile) {
  SceneEntry e;
  e.name = name;
  e.problem = problemFile;
  try {
    const opt::Problem p = opt::loadProblem(problemFile);
    e.text = opt::replayScenarioToml(p, "");
    e.baseDir = p.baseDir;
  } catch (const std::exception& ex) {
    e.text = std::string("# ") + ex.what() + "\n";  // loading the scene reports what is wrong
  }
  return e;
}

SceneEntry replayScene(const std::string& name, const std::string& problemFile, const std::string& replayToml,
                       const std::string& dir) {
  SceneEntry e;
  e.name = name;
  e.text = replayToml;
  e.problem = problemFile;
  e.replay = true;
  e.baseDir = dir;
  return e;
}

std::string sceneProblem(const SceneEntry& e) { return e.problem; }

bool sceneIsReplay(const SceneEntry& e) { return e.replay; }

const SceneEntry* findScene(const std::vector<SceneEntry>& scenes, const std::string& key, SceneEntry* fileEntry) {
  const std::string k = lower(key);
  for (const auto& s : scenes)
    if (lower(s.name) == k) return &s;
  for (const auto& s : scenes)
    if (!s.file.empty() && lower(fs::path(s.file).stem().string()) == k) return &s;
  for (const auto& s : scenes)  // "large-steps", "large_steps"
    if (lower(s.name) == std::string([&] { std::string t = k; std::replace(t.begin(), t.end(), '-', ' '); std::replace(t.begin(), t.end(), '_', ' '); return t; }()))
      return &s;
  std::error_code ec;
  const fs::path asFile = fs::absolute(key, ec).lexically_normal();
  for (const auto& s : scenes)  // a problem file the menu opens ("optimal parking")
    if (!s.problem.empty() && fs::absolute(s.problem, ec).lexically_normal() == asFile) return &s;
  if (fileEntry && fs::is_regular_file(key)) {
    // A DMOC problem file opens as its problem's scene, as the menu's "optimal parking" does
    // (the Optimize panel opens it and solves): it was refused as a scenario with a [problem] table.
    if (isDmocProblemFile(key)) *fileEntry = problemScene(sceneMenuName(key), fs::absolute(key).string());
    else *fileEntry = isVehicleDescription(key) ? descriptionScene(key) : SceneEntry{sceneMenuName(key), key, {}, {}, {}};
    return fileEntry;
  }
  return nullptr;
}

bool isDmocProblemFile(const std::string& path) {
  try {
    const toml::table t = parseTomlText(readRegularFile(path, kMaxScenarioBytes), path);
    return t["problem"]["method"].value<std::string>() == std::optional<std::string>("dmoc");
  } catch (const std::exception&) {
    return false;
  }
}

bool isVehicleDescription(const std::string& path) {
  try {
    const toml::table t = parseTomlText(readRegularFile(path, kMaxScenarioBytes), path);
    return t.contains("kinetic") && !t.contains("vehicle");
  } catch (const std::exception&) {
    return false;
  }
}

SceneEntry descriptionScene(const std::string& path) {
  const fs::path file = fs::absolute(path);
  std::string title = file.stem().string();
  try {
    const toml::table t = parseTomlText(readRegularFile(path, kMaxScenarioBytes), path);
    title = t["name"].value_or(title);
  } catch (const std::exception&) {
  }
  SceneEntry e;
  e.name = title + " (vehicle description)";
  // At rest at the origin, every shape variable at 0 (docs/formats.md section 5): the
  // description's own [[inputs]] drive it from the Controls panel.
  std::ostringstream quoted;
  quoted << toml::value<std::string>(file.string());
  e.text = R"([vehicle]
type = "reduced"
)" + ("description = " + quoted.str() + "\n");
  e.baseDir = file.parent_path().string();
  return e;
}

SceneEntry withIntegratorNumber(const SceneEntry& entry, const std::string& key, double value) {
  toml::table t = entry.file.empty() ? toml::parse(entry.text) : toml::parse_file(entry.file);
  if (!t.contains("integrator")) t.insert("integrator", toml::table{});
  t["integrator"].as_table()->insert_or_assign(key, value);
  std::ostringstream text;
  text << t;
  SceneEntry e = entry;
  e.text = text.str();
  if (!entry.file.empty()) e.baseDir = fs::path(entry.file).parent_path().string();
  e.file.clear();
  return e;
}

double integratorNumber(const SceneEntry& entry, const std::string& key, double fallback) {
  try {
    const toml::table t = entry.file.empty() ? toml::parse(entry.text) : toml::parse_file(entry.file);
    return t["integrator"][key].value_or(fallback);
  } catch (const std::exception&) {
    return fallback;
  }
}

bool isTakeFile(const std::string& path) {
  try {
    return parseTomlText(readRegularFile(path, kMaxScenarioBytes), path).contains("take");
  } catch (const std::exception&) {
    return false;
  }
}

LoadedScene loadScene(const SceneEntry& entry) {
  if (entry.take) return loadTakeScene(entry);
  LoadedScene out;
  out.name = entry.name;
  auto load = [&](const ScenarioOverrides& o) {
    return entry.file.empty() ? loadScenarioFromString(entry.text, entry.name, entry.baseDir.empty() ? assetsDir() : entry.baseDir, o)
                              : loadScenario(entry.file, o);
  };
  // A scene whose scenario drives the vehicle (its [controls]) is scripted: the pilot does not
  // drive it. So are its side-by-side copies (Add copy on the parking scene ticked Manual
  // control and the scripted manoeuvre stopped). A vehicle whose inputs come from its own state
  // (the sleigh's Pontryagin flow: extras) is scripted too.
  const auto scripted = [&](const Scenario& sc, const VehicleView& view) {
    const bool own = (!sc.simulation->controls().identicallyZero() || !sc.simulation->snapshot().extras.empty()) &&
                     !view.traits().pilotOverScript;
    return own || !sceneProblem(entry).empty();  // optimal controls, not the pilot
  };
  if (entry.compare.empty()) {
    Scenario sc = load({});
    out.vehicle = sc.simulation->vehicleType();
    out.view = makeView(*sc.simulation);
    out.scripted = scripted(sc, *out.view);
    out.duration = sc.settings.duration;
    takeWaterFrom(*sc.simulation, out.geometry);
    out.slots.push_back({std::move(sc.simulation), entry.name, !out.scripted, out.view});
    out.offsets.push_back(Vec3::Zero());
    liftFreeBodies(out);
    return out;
  }
  const double spacing = 2.6;
  for (std::size_t i = 0; i < entry.compare.size(); ++i) {
    ScenarioOverrides o;
    o.integrator = entry.compare[i];
    Scenario sc = load(o);
    out.vehicle = sc.simulation->vehicleType();
    if (!out.view) {
      out.view = makeView(*sc.simulation);
      out.scripted = scripted(sc, *out.view);
      out.duration = sc.settings.duration;
    }
    takeWaterFrom(*sc.simulation, out.geometry);
    out.slots.push_back({std::move(sc.simulation), entry.compare[i], !out.scripted, out.view});
    const double y = (static_cast<double>(i) - 0.5 * static_cast<double>(entry.compare.size() - 1)) * spacing;
    out.offsets.push_back(Vec3(0.0, -y, 0.0));
  }
  liftFreeBodies(out);
  return out;
}

}  // namespace lieride::gui
