// Loading optimal control problem files (docs/formats.md section 4).
#include "lieride/sim/toml_text.hpp"
#include "lieride/ocp/problem_file.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <toml++/toml.h>

#include "lieride/sim/user_input.hpp"
#include "lieride/sim/table_reader.hpp"

namespace lieride::ocp {
namespace {

OcpProblemFile build(const toml::table& doc, const std::string& file) {
  TableReader root(file, "", &doc);
  OcpProblemFile out;
  out.file = file;
  out.name = root.string("name", std::filesystem::path(file).stem().string());

  TableReader vehicle = root.table("vehicle");
  if (!vehicle.present()) root.fail("vehicle", "a table [vehicle] with type = \"sleigh-controlled\"");
  if (vehicle.string("type", "") != "sleigh-controlled")
    vehicle.fail("type", "\"sleigh-controlled\" (method = \"pmp\" shoots on the sleigh's costates; method = \"dmoc\" "
                         "transcribes the car, the helicopter, the boat and the snakeboard too)");
  SleighBvpProblem& p = out.problem;
  p.params.mass = vehicle.positive("mass", p.params.mass);
  p.params.inertia = vehicle.positive("inertia", p.params.inertia);

  TableReader initial = root.table("initial");
  const auto pos = initial.numbers("position", {0.0, 0.0});
  if (pos.size() != 2) initial.fail("position", "[x, y] (metres)");
  const double heading = initial.number("heading", 0.0);
  const double omega = initial.number("angular_velocity", 0.0);
  const auto lv = initial.numbers("linear_velocity", {0.0, 0.0});
  if (lv.size() != 2 || std::abs(lv[1]) > 1e-12)
    initial.fail("linear_velocity", "[vx, vy] with vy = 0 (the blade does not slide sideways)");
  p.start = {pos[0], pos[1], heading, p.params.inertia * omega, p.params.mass * lv[0]};

  TableReader problem = root.table("problem");
  if (!problem.present()) root.fail("problem", "a table [problem] with method = \"pmp\"");
  out.method = problem.string("method", "");
  if (out.method != "pmp")
    problem.fail("method", "\"pmp\" (shooting on the PMP costates; no other method is available yet)");
  p.horizon = problem.positive("horizon", p.horizon);
  if (!std::isfinite(p.horizon)) problem.fail("horizon", "a finite final time T > 0 (seconds)");
  p.segments = problem.integer("segments", p.segments, 1);
  // The shooting Newton matrix is dense, (10 segments)^2: 100000 segments asked for 8e11 bytes
  // (std::bad_alloc, exit 1), 3000 ran for minutes at 7 GB.
  if (p.segments > 200) problem.fail("segments", "from 1 to 200 shooting segments (the Newton matrix is dense: 10 x segments rows)");
  p.stepsPerSegment = problem.integer("steps_per_segment", p.stepsPerSegment, 1);
  if (static_cast<long>(p.segments) * p.stepsPerSegment > 100000)
    problem.fail("steps_per_segment",
                 "segments * steps_per_segment <= 100000 (segments = " + std::to_string(p.segments) + ")");
  // As DMOC's (docs/formats.md section 4): a horizon of 1e300 wrote a replay with dt = 5e297 that
  // reproduced nothing, one of 1e-300 a first step that diverged.
  if (p.horizon > kMaxProblemHorizon) problem.fail("horizon", "a final time T > 0 and at most 1e4 s");
  if (const double h = p.horizon / (static_cast<double>(p.segments) * p.stepsPerSegment); !(h >= kMinProblemStep)) {
    char what[160];
    std::snprintf(what, sizeof what, "a step horizon / (segments * steps_per_segment) of at least 1e-6 s (h = %g s)", h);
    problem.fail("horizon", what);
  }
  p.tolerance = problem.positive("tolerance", p.tolerance);
  p.maxIterations = problem.integer("max_iterations", p.maxIterations, 1);

  TableReader goal = root.table("goal");
  if (!goal.present()) root.fail("goal", "a table [goal] with position = [x, y] and heading = theta");
  if (!goal.has("position")) goal.fail("position", "the final [x, y] (metres)");
  const auto gp = goal.numbers("position", {0.0, 0.0});
  if (gp.size() != 2) goal.fail("position", "[x, y] (metres)");
  if (!goal.has("heading")) goal.fail("heading", "the final heading theta (radians; not wrapped)");
  p.goal = {gp[0], gp[1], goal.number("heading", 0.0)};

  vehicle.finish();
  initial.finish();
  problem.finish();
  goal.finish();
  root.finish();
  return out;
}

}  // namespace

OcpProblemFile loadOcpProblem(const std::string& path) {
  std::string text;
  try {
    text = readRegularFile(path, kMaxScenarioBytes);
  } catch (const InputFileError& e) {
    throw ScenarioError(std::string(e.what()) + " (the problem file)");
  }
  return loadOcpProblemFromString(text, path);
}

OcpProblemFile loadOcpProblemFromString(const std::string& text, const std::string& displayName) {
  const toml::table doc = parseTomlText(text, displayName);
  return build(doc, displayName);
}

}  // namespace lieride::ocp
