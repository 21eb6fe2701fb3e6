#include "take_scene.hpp"

#include <ctime>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "lieride/sim/run.hpp"
#include "lieride/sim/scenario.hpp"

namespace lieride::gui {
namespace {
namespace fs = std::filesystem;

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot read");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// One copy on a timeline: the take file with `o`, its integrator/dt events dropped where
// overridden. A scenario without [take] is a take of its duration without events.
SimSlot takeSlot(const std::string& file, const ScenarioOverrides& o, const std::string& label,
                 std::shared_ptr<const VehicleView> view) {
  Scenario sc = loadScenario(file, o);
  Take take;
  if (sc.take) take = *sc.take;
  else take.steps = stepsFor(sc.settings.duration, sc.settings.dt);
  dropEvents(take, o.integrator.has_value(), o.dt.has_value());
  SimSlot slot;
  slot.label = label;
  slot.manual = false;
  slot.view = std::move(view);
  slot.take = std::make_unique<TakeTimeline>(std::move(sc.simulation), take);
  return slot;
}
}  // namespace

LoadedScene loadTakeScene(const SceneEntry& entry) {
  if (entry.file.empty()) throw std::runtime_error(entry.name + ": a take is opened from its file");
  SceneEntry plain = entry;
  plain.take = false;
  plain.ghosts.clear();
  plain.compare.clear();
  LoadedScene out = loadScene(plain);  // name, vehicle, drawing geometry, the kind's view
  const std::shared_ptr<const VehicleView> view = out.slots.front().view;
  out.slots.clear();
  out.offsets.clear();
  out.scripted = true;
  out.slots.push_back(takeSlot(entry.file, {}, "take", view));
  out.scenery = out.slots.front().take->take().scenery;
  for (const auto& [integrator, h] : entry.ghosts) {
    ScenarioOverrides o;
    if (!integrator.empty()) o.integrator = integrator;
    if (h > 0) o.dt = h;
    std::ostringstream label;
    label << "ghost " << (integrator.empty() ? out.slots.front().take->simulation().integratorName() : integrator);
    if (h > 0) label << ", h = " << h << " s";
    out.slots.push_back(takeSlot(entry.file, o, label.str(), view));
  }
  const double spacing = 2.6, n = static_cast<double>(out.slots.size());
  for (std::size_t i = 0; i < out.slots.size(); ++i)
    out.offsets.push_back(Vec3(0.0, -(static_cast<double>(i) - 0.5 * (n - 1)) * spacing, 0.0));
  return out;
}

// A relative path as the scenario resolves it: `baseDir`, then each folder above it (a
// description, docs/formats.md section 5), or `baseDir` only (a controls file). Empty: not found.
std::string absoluteFrom(const std::string& baseDir, const std::string& rel, bool searchUp) {
  std::error_code ec;
  for (fs::path dir = fs::absolute(baseDir, ec); !ec && !dir.empty(); dir = dir.parent_path()) {
    const fs::path candidate = (dir / rel).lexically_normal();
    if (!searchUp || fs::exists(candidate, ec)) return candidate.string();
    if (dir == dir.parent_path()) break;
  }
  return {};
}

std::string takeScenarioText(const std::string& text, const std::string& baseDir, const std::string& keepStem,
                             std::vector<KeptFile>* kept) {
  static const std::regex header(R"(^\s*\[\[?\s*([A-Za-z0-9_.]+)\s*\]\]?\s*(#.*)?$)");
  static const std::regex controlsFile(R"(^(\s*file\s*=\s*)(?:\"([^\"\\]*)\"|'([^']*)')(.*)$)");
  static const std::regex description(R"(^(\s*description\s*=\s*)(?:\"([^\"\\]*)\"|'([^']*)')(.*)$)");
  std::istringstream in(text);
  std::ostringstream out;
  std::string line, table;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_match(line, m, header)) table = m[1];
    if (table == "take" || table == "events") continue;
    // A relative [controls] file or [vehicle] description ("basic" or 'literal' string) made
    // absolute, as a literal string.
    const bool controls = table == "controls" && std::regex_match(line, m, controlsFile);
    if (controls && kept && !keepStem.empty()) {
      const std::string rel = m[2].matched ? m[2].str() : m[3].str();
      const std::string abs = fs::path(rel).is_absolute() ? rel : absoluteFrom(baseDir, rel, false);
      std::error_code ec;
      if (!abs.empty() && fs::is_regular_file(abs, ec)) {
        std::string name = keepStem;
        name += "-controls";
        if (!kept->empty()) name += "-" + std::to_string(kept->size() + 1);
        name += ".csv";
        kept->push_back({abs, name});
        out << m[1] << '\'' << name << '\'' << m[4] << '\n';
        continue;
      }
    }
    if (controls || (table == "vehicle" && std::regex_match(line, m, description))) {
      const std::string rel = m[2].matched ? m[2].str() : m[3].str();
      const std::string abs = absoluteFrom(baseDir, rel, !controls);
      if (!fs::path(rel).is_absolute() && !abs.empty() && abs.find('\'') == std::string::npos) {
        out << m[1] << '\'' << abs << '\'' << m[4] << '\n';
        continue;
      }
    }
    out << line << '\n';
  }
  return out.str();
}

SceneSource sceneSource(const SceneEntry& entry) {
  std::string scenery = entry.problem.empty() ? std::string() : fs::absolute(entry.problem).string();
  if (!entry.file.empty()) {
    if (entry.take && scenery.empty()) {  // a take keeps the scenery it was recorded with
      try {
        if (const Scenario sc = loadScenario(entry.file); sc.take) scenery = sc.take->scenery;
      } catch (const std::exception&) {
      }
    }
    return {readText(entry.file), fs::absolute(entry.file).parent_path().string(), scenery};
  }
  return {entry.text, entry.baseDir.empty() ? assetsDir() : entry.baseDir, scenery};
}

std::string freshStem(const std::string& dir, const std::string& prefix, const std::string& extension) {
  char stamp[32];
  const std::time_t t = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&t));
  std::string stem = prefix + "-" + stamp;
  for (int k = 2; fs::exists(fs::path(dir) / (stem + extension)); ++k) stem = prefix + "-" + stamp + "-" + std::to_string(k);
  return stem;
}

std::string trimPrefix(const std::string& stem) {
  static const std::regex stamped(R"(^(.+?)(-trim)?-[0-9]{8}-[0-9]{6}(-[0-9]+)?$)");
  std::smatch m;
  return (std::regex_match(stem, m, stamped) ? m[1].str() : stem) + "-trim";
}

std::string writeTake(const TakeRecorder& recorder, const SceneSource& source, const std::string& dir, const std::string& stem) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  const fs::path toml = fs::absolute(fs::path(dir) / (stem + ".toml"));
  const fs::path csv = fs::absolute(fs::path(dir) / (stem + "-inputs.csv"));
  std::ostringstream takeText, inputs;
  std::vector<KeptFile> kept;
  recorder.write(takeScenarioText(source.text, source.baseDir, stem, &kept), csv.filename().string(), takeText, inputs,
                 source.scenery);
  std::vector<std::pair<fs::path, std::string>> files;
  for (const KeptFile& k : kept) files.emplace_back(fs::absolute(fs::path(dir) / k.name), readText(k.from));
  files.emplace_back(csv, inputs.str());
  files.emplace_back(toml, takeText.str());  // last: the take appears once what it reads is there
  // Written whole or not at all: a partial file never appears under the final name.
  for (const auto& [path, body] : files) {
    const fs::path part = path.string() + ".partial";
    std::ofstream out(part, std::ios::binary);
    out << body;
    out.close();
    if (!out) throw std::runtime_error(part.string() + ": cannot write");
    fs::rename(part, path, ec);
    if (ec) throw std::runtime_error(path.string() + ": cannot write (" + ec.message() + ")");
  }
  return toml.string();
}

void trimTake(const std::string& takeFile, long startStep, long endStep, const std::string& out) {
  const Scenario sc = loadScenario(takeFile);
  Take take;
  if (sc.take) take = *sc.take;
  else take.steps = stepsFor(sc.settings.duration, sc.settings.dt);
  if (endStep <= 0 || endStep > take.steps)
    throw std::runtime_error(takeFile + ": trim end " + std::to_string(endStep) + " outside the take's 1.." + std::to_string(take.steps) + " steps");
  if (startStep < 0 || startStep >= endStep)
    throw std::runtime_error(takeFile + ": trim start " + std::to_string(startStep) + " not before the end (" + std::to_string(endStep) + " steps)");
  std::vector<std::size_t> indices(take.inputChannels.size());
  std::iota(indices.begin(), indices.end(), std::size_t{0});
  TakeRecorder rec(take.inputChannels, indices, endStep, take.events.size());
  rec.continueFrom(take, endStep, 0.0, sc.settings.dt);
  rec.setStart(startStep);
  const fs::path p = fs::absolute(out);
  writeTake(rec, {readText(takeFile), fs::absolute(takeFile).parent_path().string(), take.scenery}, p.parent_path().string(),
            p.stem().string());
}

}  // namespace lieride::gui
