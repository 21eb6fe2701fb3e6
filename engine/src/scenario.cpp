#include "lieride/sim/scenario.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <toml++/toml.h>

#include "lieride/sim/registry.hpp"

namespace lieride {
namespace {

std::vector<std::string> splitCsvLine(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream s(line);
  std::string cell;
  while (std::getline(s, cell, ',')) {
    cell.erase(0, cell.find_first_not_of(" \t\r"));
    cell.erase(cell.find_last_not_of(" \t\r") + 1);
    cells.push_back(cell);
  }
  return cells;
}

double parseCell(const std::string& cell, const std::string& where) {
  try {
    std::size_t used = 0;
    const double v = std::stod(cell, &used);
    if (used != cell.size() || !std::isfinite(v)) throw std::invalid_argument(cell);
    return v;
  } catch (const std::exception&) {
    throw ScenarioError(where + ": expected a finite number, got '" + cell + "'");
  }
}

// A CSV of samples: column t plus one column per channel (linear interpolation).
void loadControlFile(const std::string& path, const std::string& shown, ControlSet& set) {
  std::ifstream in(path);
  if (!in) throw ScenarioError(shown + ": cannot open the control file '" + path + "'");
  std::string line;
  if (!std::getline(in, line)) throw ScenarioError(path + ": empty control file (expected a header 't,<channel>...')");
  const auto header = splitCsvLine(line);
  if (header.empty() || header[0] != "t") throw ScenarioError(path + ": first column must be 't'");
  std::vector<int> channel(header.size(), -1);
  for (std::size_t c = 1; c < header.size(); ++c) {
    channel[c] = set.find(header[c]);
    if (channel[c] < 0) throw ScenarioError(path + ": unknown channel '" + header[c] + "' in the header");
  }
  std::vector<std::vector<double>> columns(header.size());
  int row = 1;
  while (std::getline(in, line)) {
    ++row;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto cells = splitCsvLine(line);
    if (cells.size() != header.size())
      throw ScenarioError(path + ":" + std::to_string(row) + ": expected " + std::to_string(header.size()) + " columns");
    for (std::size_t c = 0; c < cells.size(); ++c)
      columns[c].push_back(parseCell(cells[c], path + ":" + std::to_string(row)));
  }
  if (columns[0].empty()) throw ScenarioError(path + ": no samples");
  for (std::size_t i = 1; i < columns[0].size(); ++i)
    if (!(columns[0][i] > columns[0][i - 1])) throw ScenarioError(path + ": column t must increase strictly");
  for (std::size_t c = 1; c < header.size(); ++c)
    set.set(static_cast<std::size_t>(channel[c]), std::make_unique<SampledSignal>(columns[0], columns[c]));
}

Scenario build(const toml::table& doc, const std::string& file, const std::string& baseDir,
               const ScenarioOverrides& overrides) {
  TableReader root(file, "", &doc);
  Scenario sc;
  sc.file = file;
  sc.name = root.string("name", std::filesystem::path(file).stem().string());

  TableReader vehicle = root.table("vehicle");
  if (!vehicle.present()) throw ScenarioError(file + ": missing table [vehicle] (expected type = \"rigid-body\" | \"helicopter\" | ...)");
  const std::string type = vehicle.string("type", "");
  const VehicleInfo* info = findVehicle(type);
  if (!info) {
    std::string known;
    for (const auto& v : vehicleRegistry()) known += (known.empty() ? "" : " | ") + v.type;
    vehicle.fail("type", "one of " + known);
  }

  TableReader integrator = root.table("integrator");
  IntegratorSettings s;
  s.name = integrator.string("name", info->integrators.front().name);
  s.dt = integrator.number("dt", s.dt);
  s.duration = integrator.number("duration", s.duration);
  s.divergeSpeed = integrator.positive("diverge_speed", s.divergeSpeed);
  s.tolerance = integrator.positive("tolerance", s.tolerance);
  s.maxIterations = integrator.integer("max_iterations", s.maxIterations, 1);
  if (!(s.dt > 0.0)) integrator.fail("dt", "a finite time step > 0 (seconds)");
  if (!(s.duration >= 0.0)) integrator.fail("duration", "a finite duration >= 0 (seconds)");
  if (overrides.integrator) s.name = *overrides.integrator;
  if (overrides.dt) {
    if (!std::isfinite(*overrides.dt) || !(*overrides.dt > 0.0))
      throw ScenarioError(file + ": --dt: expected a finite time step > 0 (seconds)");
    s.dt = *overrides.dt;
  }
  if (overrides.duration) {
    if (!std::isfinite(*overrides.duration) || !(*overrides.duration >= 0.0))
      throw ScenarioError(file + ": --duration: expected a finite duration >= 0 (seconds)");
    s.duration = *overrides.duration;
  }
  const bool applies = std::any_of(info->integrators.begin(), info->integrators.end(),
                                   [&](const IntegratorInfo& i) { return i.name == s.name; });
  if (!applies) {
    std::string known;
    for (const auto& i : info->integrators) known += (known.empty() ? "" : " | ") + i.name;
    throw ScenarioError(file + ": key 'integrator.name': integrator '" + s.name +
                        "' does not apply to vehicle '" + type + "'; expected one of " + known);
  }
  sc.settings = s;

  ScenarioContext ctx{file, baseDir, std::move(vehicle), root.table("initial"), std::move(integrator), s};
  sc.simulation = info->build(ctx);

  TableReader controls = root.table("controls");
  loadControls(controls, sc.simulation->controls(), baseDir);
  controls.finish();

  TableReader output = root.table("output");
  sc.outputEvery = output.integer("every", 1, 1);
  output.finish();

  ctx.vehicle.finish();
  ctx.initial.finish();
  ctx.integrator.finish();
  root.finish();
  return sc;
}

}  // namespace

void loadControls(TableReader& controls, ControlSet& set, const std::string& baseDir) {
  for (const auto& key : controls.keys()) {
    if (key == "file") {
      const std::string rel = controls.string("file", "");
      const std::filesystem::path p = std::filesystem::path(rel).is_absolute() ? std::filesystem::path(rel) : std::filesystem::path(baseDir) / rel;
      loadControlFile(p.string(), controls.file() + ": key 'controls.file'", set);
      continue;
    }
    const int c = set.find(key);
    if (c < 0) {
      std::string known;
      for (const auto& n : set.channels()) known += (known.empty() ? "" : " | ") + n;
      controls.fail(key, known.empty() ? "no input channels (this vehicle takes none)" : "an input channel: " + known);
    }
    set.set(static_cast<std::size_t>(c), controls.signal(key));
  }
}

Scenario loadScenario(const std::string& path, const ScenarioOverrides& overrides) {
  if (!std::filesystem::exists(path)) throw ScenarioError(path + ": no such scenario file");
  std::ifstream in(path);
  if (!in) throw ScenarioError(path + ": cannot read the scenario file");
  std::stringstream text;
  text << in.rdbuf();
  const std::string dir = std::filesystem::path(path).parent_path().string();
  return loadScenarioFromString(text.str(), path, dir.empty() ? "." : dir, overrides);
}

Scenario loadScenarioFromString(const std::string& text, const std::string& displayName,
                                const std::string& baseDir, const ScenarioOverrides& overrides) {
  toml::table doc;
  try {
    doc = toml::parse(text, displayName);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << displayName << ":" << e.source().begin.line << ":" << e.source().begin.column
        << ": malformed TOML: " << e.description();
    throw ScenarioError(msg.str());
  }
  return build(doc, displayName, baseDir, overrides);
}

}  // namespace lieride
