#include "lieride/sim/toml_text.hpp"
#include "lieride/sim/scenario.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <toml++/toml.h>

#include "lieride/sim/registry.hpp"
#include "lieride/sim/run.hpp"
#include "lieride/sim/simulation_core.hpp"
#include "lieride/sim/take.hpp"
#include "lieride/sim/user_input.hpp"

namespace lieride {
namespace {
std::string shortNumber(double v) {
  std::ostringstream s;
  s.precision(6);
  s << v;
  return s.str();
}
// A count in full below 10^12 (10000001 rows, not "1e+07" beside a limit of 1e+07); above,
// stepCount's 1e-12 relative rounding allowance shows in the last digits, so 6 digits.
std::string countNumber(double v) {
  if (!(v < 1e12) || v != std::floor(v)) return shortNumber(v);
  std::ostringstream s;
  s.precision(0);
  s << std::fixed << v;
  return s.str();
}


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

// A decimal number (hexadecimal, nan and inf refused; an underflow such as 1e-400 reads as the
// nearest double, 0).
double parseCell(const std::string& cell, const std::string& where) {
  const char* begin = cell.c_str();
  char* end = nullptr;
  const bool hex = cell.find_first_of("xX") != std::string::npos;
  const double v = hex ? 0.0 : std::strtod(begin, &end);
  if (hex || end != begin + cell.size() || cell.empty() || !std::isfinite(v))  // the whole cell (an embedded NUL too)
    throw ScenarioError(where + ": expected a finite decimal number, got '" + shown(cell) + "'");
  return v;
}

// "file:row: expected 3 columns (t,collective,tail), got 2".
std::string widthError(const std::string& where, const std::vector<std::string>& header, std::size_t got) {
  std::string names;
  for (const auto& h : header) names += (names.empty() ? "" : ",") + h;
  return where + ": expected " + std::to_string(header.size()) + " columns (" + shown(names) + "), got " +
         std::to_string(got);
}

// A CSV of samples: column t plus one column per channel (linear interpolation). Returns the
// channels it set.
// "drive_torque | steer_rate": the channels a CSV header may name.
std::string channelList(const ControlSet& set) {
  std::string known;
  for (const auto& n : set.channels()) known += (known.empty() ? "" : " | ") + n;
  return known.empty() ? "no channels: this vehicle takes no inputs" : known;
}

std::vector<std::string> loadControlFile(const std::string& path, const std::string& shownKey, ControlSet& set) {
  std::string text;
  try {
    text = readRegularFile(path, kMaxControlFileBytes);
  } catch (const InputFileError& e) {
    throw ScenarioError(shownKey + ": cannot open the control file " + e.what());
  }
  const std::string name = shown(path, 200);
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line)) throw ScenarioError(name + ": empty control file (expected a header 't,<channel>...')");
  if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // a UTF-8 byte order mark
  const auto header = splitCsvLine(line);
  if (header.empty() || header[0] != "t")
    throw ScenarioError(name + ": expected the first column to be 't', got '" + shown(header.empty() ? "" : header[0]) + "'");
  std::vector<int> channel(header.size(), -1);
  for (std::size_t c = 1; c < header.size(); ++c) {
    channel[c] = set.find(header[c]);
    if (channel[c] < 0)
      throw ScenarioError(name + ": unknown channel '" + shown(header[c]) + "' in the header (expected " +
                          channelList(set) + ")");
    for (std::size_t d = 1; d < c; ++d)
      if (header[d] == header[c])
        throw ScenarioError(name + ": column '" + shown(header[c]) + "' appears twice in the header");
  }
  std::vector<std::vector<double>> columns(header.size());
  int row = 1;
  while (std::getline(in, line)) {
    ++row;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto cells = splitCsvLine(line);
    const std::string where = name + ":" + std::to_string(row);
    if (cells.size() != header.size()) throw ScenarioError(widthError(where, header, cells.size()));
    for (std::size_t c = 0; c < cells.size(); ++c)
      columns[c].push_back(parseCell(cells[c], where + ": column '" + shown(header[c]) + "'"));
  }
  if (columns[0].empty()) throw ScenarioError(name + ": no samples");
  for (std::size_t i = 1; i < columns[0].size(); ++i)
    if (!(columns[0][i] > columns[0][i - 1])) throw ScenarioError(name + ": column t must increase strictly");
  std::vector<std::string> names;
  for (std::size_t c = 1; c < header.size(); ++c) {
    set.set(static_cast<std::size_t>(channel[c]), std::make_unique<SampledSignal>(columns[0], columns[c]));
    names.push_back(header[c]);
  }
  return names;
}

// The [initial] keys that set what failed, for the message: "key 'initial.linear_velocity'",
// "keys 'initial.angular_velocity', 'initial.shape_velocity'", or the table when none is given
// (a default state made non-finite by the vehicle's parameters).
std::string initialKeys(const TableReader& initial, std::initializer_list<const char*> candidates) {
  std::vector<std::string> given;
  for (const char* key : candidates)
    if (initial.has(key)) given.push_back(std::string("'initial.") + key + "'");
  if (given.empty()) return "table [initial]";
  std::string out = given.size() == 1 ? "key " : "keys ";
  for (std::size_t i = 0; i < given.size(); ++i) out += (i ? ", " : "") + given[i];
  return out;
}

// The initial state must be finite and not already diverged (docs/formats.md, Limits): a speed
// above diverge_speed or a non-finite energy at t = 0 is a bad scenario, not a run.
void checkInitialState(const Simulation& sim, const std::string& file, const IntegratorSettings& s,
                       const TableReader& initial) {
  const Snapshot snap = sim.snapshot();
  const bool posed = snap.position.allFinite() && snap.orientation.coeffs().allFinite();
  const bool moving = snap.bodyVelocity.allFinite() && std::isfinite(snap.momentum);
  if (!posed || !moving || !std::isfinite(snap.energy)) {
    const std::string where =
        !posed ? initialKeys(initial, {"position", "orientation", "heading", "shape"})
               : initialKeys(initial, {"angular_velocity", "linear_velocity", "velocity", "shape_velocity"});
    throw ScenarioError(file + ": " + where + ": expected a state with finite pose, velocity and energy "
                               "(the initial values overflow)");
  }
  // Where a double still resolves the motion: at 1e9 m its spacing is 1.2e-7 m; at 1e308 m the
  // run wrote a vehicle that never moved and "ok".
  if (!(snap.position.cwiseAbs().maxCoeff() <= kMaxInitialCoordinate))
    throw ScenarioError(file + ": " + initialKeys(initial, {"position"}) +
                        ": expected coordinates within 1e9 m of the origin (beyond it a double no longer resolves the motion)");
  const double angular = snap.bodyVelocity.head<3>().norm(), linear = snap.bodyVelocity.tail<3>().norm();
  double speed = std::max(angular, linear);
  std::string where = angular >= linear ? initialKeys(initial, {"angular_velocity", "shape_velocity"})
                                        : initialKeys(initial, {"linear_velocity", "velocity", "shape_velocity"});
  // The monitor's own measure also counts the shape rates (a snakeboard's psi_dot of 1e5 rad/s
  // at rest would pass the body speeds and diverge in the first step).
  if (const auto* core = dynamic_cast<const SimulationCore*>(&sim)) {
    const double all = core->currentMaxSpeed();
    if (std::isfinite(all) && all > speed) {
      speed = all;
      where = initialKeys(initial, {"shape_velocity", "angular_velocity", "linear_velocity", "velocity"});
    }
  }
  if (speed > s.divergeSpeed) {
    std::ostringstream msg;
    msg << file << ": " << where << ": expected speeds at most integrator.diverge_speed = " << s.divergeSpeed
        << ", got " << speed;
    throw ScenarioError(msg.str());
  }
}

// [take] steps = N and [[events]] { step, t, dt | integrator | reset = true } (docs/formats.md,
// "Takes"). Every event must be one change, keyed by a step count within the take.
// [take] inputs = "steps.csv": header `step,<channel>...`, row k: step = k and the inputs set
// before step k + 1; exactly take.steps rows.
void readStepInputs(TableReader& takeTable, const std::string& baseDir, const Simulation& sim, Take& take) {
  const std::string rel = takeTable.string("inputs", "");
  const std::filesystem::path p = std::filesystem::path(rel).is_absolute() ? std::filesystem::path(rel) : std::filesystem::path(baseDir) / rel;
  std::string text;
  try {
    text = readRegularFile(p.string(), kMaxControlFileBytes);
  } catch (const InputFileError& e) {
    throw ScenarioError(takeTable.file() + ": key 'take.inputs': " + e.what());
  }
  const std::string name = shown(p.string(), 200);
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line)) throw ScenarioError(name + ": empty step-input file (expected a header 'step,<channel>...')");
  if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // a UTF-8 byte order mark, as in control files
  const auto header = splitCsvLine(line);
  if (header.size() < 2 || header[0] != "step") throw ScenarioError(name + ": expected a header 'step,<channel>...'");
  for (std::size_t c = 1; c < header.size(); ++c) {
    if (sim.controls().find(header[c]) < 0)
      throw ScenarioError(name + ": unknown channel '" + shown(header[c]) + "' in the header (expected " +
                          channelList(sim.controls()) + ")");
    for (std::size_t d = 1; d < c; ++d)
      if (header[d] == header[c]) throw ScenarioError(name + ": column '" + shown(header[c]) + "' appears twice in the header");
    take.inputChannels.push_back(header[c]);
  }
  take.stepInputs.reserve(static_cast<std::size_t>(take.steps) * take.inputChannels.size());
  long row = 0;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = name + ":" + std::to_string(row + 2);
    const auto cells = splitCsvLine(line);
    if (cells.size() != header.size()) throw ScenarioError(widthError(where, header, cells.size()));
    if (parseCell(cells[0], where + ": column 'step'") != static_cast<double>(row))
      throw ScenarioError(where + ": expected step = " + std::to_string(row) + " (one row per step, in order)");
    for (std::size_t c = 1; c < cells.size(); ++c)
      take.stepInputs.push_back(parseCell(cells[c], where + ": column '" + shown(header[c]) + "'"));
    ++row;
  }
  if (row != take.steps)
    throw ScenarioError(name + ": expected take.steps = " + std::to_string(take.steps) + " rows, got " + std::to_string(row));
}

std::optional<Take> readTake(const toml::table& doc, TableReader& root, const std::string& file,
                             const std::string& baseDir, const Simulation& sim, double fileH) {
  TableReader takeTable = root.table("take");
  root.markUsed("events");
  const toml::node* eventsNode = doc.get("events");
  if (!takeTable.present() && !eventsNode) return std::nullopt;
  if (!takeTable.present()) throw ScenarioError(file + ": missing table [take] (expected steps = N beside [[events]])");
  Take take;
  // A misspelt key (stepz) is an unknown key, not a missing steps.
  for (const char* key : {"steps", "start", "inputs", "scenery"}) takeTable.markUsed(key);
  takeTable.finish();
  if (!takeTable.has("steps")) takeTable.fail("steps", "the number of physics steps of the take, an integer >= 0");
  take.steps = takeTable.integer("steps", 0, 0);
  if (takeTable.has("start")) {
    take.start = takeTable.integer("start", 0, 0);
    if (take.start > take.steps) takeTable.fail("start", "a step count from 0 to take.steps = " + std::to_string(take.steps));
  }
  if (takeTable.has("inputs")) readStepInputs(takeTable, baseDir, sim, take);
  if (takeTable.has("scenery")) {
    const std::string rel = takeTable.string("scenery", "");
    if (rel.empty() || rel.find('\0') != std::string::npos)  // a NUL cut the path short: another file loaded
      takeTable.fail("scenery", "the path of a problem file (assets/problems/*.toml) the app draws around the take, "
                                "without NUL characters");
    const std::filesystem::path p(rel);
    take.scenery = (p.is_absolute() ? p : std::filesystem::path(baseDir) / p).lexically_normal().string();
  }
  takeTable.finish();
  if (!eventsNode) return take;
  const toml::array* events = eventsNode->as_array();
  if (!events || !events->is_array_of_tables())
    throw ScenarioError(file + ": key 'events': expected an array of tables [[events]]");
  const auto applicable = sim.applicableIntegrators();
  for (std::size_t i = 0; i < events->size(); ++i) {
    TableReader ev(file, "events[" + std::to_string(i) + "]", events->get(i)->as_table());
    TakeEvent e;
    if (!ev.has("step")) ev.fail("step", "the number of steps taken before this event, an integer >= 0");
    e.step = ev.integer("step", 0, 0);
    if (e.step > take.steps) ev.fail("step", "at most take.steps = " + std::to_string(take.steps));
    if (!take.events.empty() && e.step < take.events.back().step)
      ev.fail("step", "a step count >= the previous event's (" + std::to_string(take.events.back().step) + ")");
    e.t = ev.nonNegative("t", 0.0);
    const int changes = (ev.has("dt") ? 1 : 0) + (ev.has("integrator") ? 1 : 0) + (ev.has("reset") ? 1 : 0) +
                        (ev.has("substeps") ? 1 : 0);
    if (changes != 1)
      throw ScenarioError(file + ": table 'events[" + std::to_string(i) +
                          "]': expected exactly one of dt, integrator, reset = true, substeps");
    if (ev.has("substeps")) {
      e.kind = TakeEventKind::Substeps;
      e.substeps = ev.integer("substeps", 1, 1, kMaxTakeSubsteps);
    } else if (ev.has("dt")) {
      e.kind = TakeEventKind::TimeStep;
      e.dt = ev.number("dt", 0.0);
      if (!(e.dt > 0.0)) ev.fail("dt", "a finite time step > 0 (seconds)");
    } else if (ev.has("integrator")) {
      e.kind = TakeEventKind::Integrator;
      e.integrator = ev.string("integrator", "");
      if (std::find(applicable.begin(), applicable.end(), e.integrator) == applicable.end()) {
        std::string known;
        for (const auto& n : applicable) known += (known.empty() ? "" : " | ") + n;
        ev.fail("integrator", "one of " + known);
      }
    } else {
      e.kind = TakeEventKind::Reset;
      if (!ev.boolean("reset", false)) ev.fail("reset", "true (reset = false is not a change)");
    }
    ev.finish();
    take.events.push_back(std::move(e));
  }
  // The take's clock at its end, step by step with the h in force: at most kMaxTakeClock
  // (docs/formats.md, Limits). An event's dt of 1e39 s passed and overflowed the app's
  // single-precision timeline (an assertion ended the app).
  constexpr double kMaxTakeClock = 1e9;
  double clock = 0.0, h = fileH;  // the take's own h: its events and steps were recorded with it
  int substeps = 1;
  long from = 0;
  std::string hFrom = "integrator.dt";
  const auto stretch = [&](long to) {
    clock += static_cast<double>(to - from) * h / substeps;
    from = to;
    if (!(clock <= kMaxTakeClock)) {
      char what[200];
      std::snprintf(what, sizeof what, ": key '%s': expected a step that keeps the take's clock within 1e9 s (it reaches %g s by step %ld)",
                    hFrom.c_str(), clock, to);
      throw ScenarioError(file + what);
    }
  };
  for (std::size_t i = 0; i < take.events.size(); ++i) {
    const TakeEvent& e = take.events[i];
    if (e.kind == TakeEventKind::Reset) {
      stretch(e.step);
      h = fileH;  // a reset restarts the scene with its own h
      hFrom = "integrator.dt";
    } else if (e.kind == TakeEventKind::TimeStep) {
      stretch(e.step);
      h = e.dt;
      hFrom = "events[" + std::to_string(i) + "].dt";
    } else if (e.kind == TakeEventKind::Substeps) {
      stretch(e.step);
      substeps = e.substeps;
    }
  }
  stretch(take.steps);
  return take;
}

Scenario build(const toml::table& doc, const std::string& file, const std::string& baseDir,
               const ScenarioOverrides& overrides) {
  TableReader root(file, "", &doc);
  Scenario sc;
  sc.file = file;
  sc.name = root.string("name", std::filesystem::path(file).stem().string());

  if (root.has("problem"))
    throw ScenarioError(file + ": table [problem]: an optimal control problem (docs/formats.md section 4), not a scenario; "
                        "expected `lieride optimize " + file + "` (the app's Optimize panel lists assets/problems)");
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
  s.maxIterations = integrator.integer("max_iterations", s.maxIterations, 1, kMaxSolverIterations);
  // A relative residual of 1e308 accepted any first guess and called every step converged.
  if (!(s.tolerance >= kMinSolverTolerance && s.tolerance <= kMaxSolverTolerance))
    integrator.fail("tolerance", "a relative residual from 1e-16 (smaller is below double-precision round-off) to 0.1");
  if (!(s.dt > 0.0)) integrator.fail("dt", "a finite time step > 0 (seconds)");
  if (!(s.duration >= 0.0)) integrator.fail("duration", "a finite duration >= 0 (seconds)");
  if (overrides.integrator) s.name = *overrides.integrator;
  const double fileDt = s.dt;
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
    const std::string source = overrides.integrator ? "--integrator" : "key 'integrator.name'";
    const bool exists = std::any_of(vehicleRegistry().begin(), vehicleRegistry().end(), [&](const VehicleInfo& v) {
      return std::any_of(v.integrators.begin(), v.integrators.end(), [&](const IntegratorInfo& i) { return i.name == s.name; });
    });
    if (exists)
      throw ScenarioError(file + ": " + source + ": integrator '" + shown(s.name) + "' does not apply to vehicle '" +
                          type + "'; expected one of " + known);
    throw ScenarioError(file + ": " + source + ": unknown integrator '" + shown(s.name) + "'; expected one of " + known +
                        " for vehicle '" + type + "' (lieride list shows every integrator)");
  }
  sc.settings = s;

  ScenarioContext ctx{file, baseDir, std::move(vehicle), root.table("initial"), std::move(integrator), s};
  sc.simulation = info->build(ctx);

  TableReader controls = root.table("controls");
  loadControls(controls, sc.simulation->controls(), baseDir);
  controls.finish();
  if (info->checkControls) info->checkControls(ctx, *sc.simulation);
  sc.simulation->start();
  checkInitialState(*sc.simulation, file, s, ctx.initial);

  TableReader output = root.table("output");
  sc.outputEvery = output.integer("every", 1, 1);
  output.finish();
  sc.take = readTake(doc, root, file, baseDir, *sc.simulation, fileDt);
  if (sc.take && overrides.dt) {  // h = --dt throughout, re-cut in time (docs/formats.md section 6)
    const long recorded = sc.take->steps;
    try {
      retimeTake(*sc.take, fileDt, s.dt);
    } catch (const std::invalid_argument& e) {
      throw ScenarioError(file + ": " + e.what());
    }
    sc.retimed = true;
    if (recorded > 0 && sc.take->steps == 0)
      throw ScenarioError(file + ": --dt " + shortNumber(s.dt) + " s: longer than the whole take, not one step of it fits");
  }

  ctx.vehicle.finish();
  ctx.initial.finish();
  ctx.integrator.finish();
  root.finish();
  return sc;
}

}  // namespace

void loadControls(TableReader& controls, ControlSet& set, const std::string& baseDir) {
  std::vector<std::string> fromFile;
  for (const auto& key : controls.keys()) {
    if (key == "file") {
      const std::string rel = controls.string("file", "");
      // "" named the scenario's folder: "cannot open the control file ./: is a directory".
      if (rel.empty()) controls.fail("file", "the name of a controls CSV (t,<channel>...), relative to the scenario's folder");
      const std::filesystem::path p = std::filesystem::path(rel).is_absolute() ? std::filesystem::path(rel) : std::filesystem::path(baseDir) / rel;
      fromFile = loadControlFile(p.string(), controls.file() + ": key 'controls.file'", set);
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
  for (const auto& name : fromFile)
    if (controls.has(name))
      throw ScenarioError(controls.file() + ": key 'controls." + name +
                          "': channel given both here and as a column of controls.file (give it once)");
}

std::string sceneMenuName(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '[') break;
    const auto eq = line.find('=');
    if (line.rfind("name", 0) != 0 || eq == std::string::npos || line.find_first_not_of(" \t", 4) != eq) continue;
    const auto a = line.find('"', eq), b = line.rfind('"');
    if (a != std::string::npos && b > a) return line.substr(a + 1, b - a - 1);
  }
  return std::filesystem::path(path).stem().string();
}

Scenario loadScenario(const std::string& path, const ScenarioOverrides& overrides) {
  std::string text;
  try {
    text = readRegularFile(path, kMaxScenarioBytes);
  } catch (const InputFileError& e) {
    throw ScenarioError(std::string(e.what()) + " (the scenario)");
  }
  const std::string dir = std::filesystem::path(path).parent_path().string();
  return loadScenarioFromString(text, shown(path, 200), dir.empty() ? "." : dir, overrides);
}

Scenario loadScenarioFromString(const std::string& text, const std::string& displayName,
                                const std::string& baseDir, const ScenarioOverrides& overrides) {
  const toml::table doc = parseTomlText(text, displayName);
  return build(doc, displayName, baseDir, overrides);
}


std::optional<std::string> runSizeProblem(const Scenario& sc, int every, double maxSteps, double maxRows,
                                          bool raisable) {
  const double dt = sc.settings.dt, duration = sc.settings.duration;
  const double steps = sc.take ? static_cast<double>(sc.take->steps) : stepCount(duration, dt);
  const std::string what = sc.retimed ? sc.file + ": --dt " + shortNumber(dt) + " s re-cuts the take into " + countNumber(steps) + " steps"
                           : sc.take ? sc.file + ": [take] steps = " + countNumber(steps)
                                     : sc.file + ": --duration " + shortNumber(duration) + " s / --dt " +
                                         shortNumber(dt) + " s = " + countNumber(steps) + " steps";
  if (!(steps <= maxSteps)) {
    if (sc.retimed) return what + ", above the limit of " + shortNumber(maxSteps) + " (use a larger --dt" + (raisable ? ", or raise the limit with --max-steps)" : ")");
    if (sc.take) return what + ", above the limit of " + shortNumber(maxSteps) + (raisable ? " (raise it with --max-steps)" : "");
    return what + ", above the limit of " + shortNumber(maxSteps) + " (use a larger --dt or a shorter --duration" +
           (raisable ? ", or raise the limit with --max-steps)" : ")");
  }
  const double rows = std::floor(steps / std::max(every, 1)) + 1.0;
  if (maxRows > 0 && !(rows <= maxRows))
    return what + " writing " + countNumber(rows) + " CSV rows, above the limit of " + shortNumber(maxRows) +
           " (thin them with [output] every, or raise the limit with --max-rows)";
  return std::nullopt;
}

}  // namespace lieride
