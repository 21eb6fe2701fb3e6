// Problem files (docs/formats.md section 4): the scenario part is checked by the scenario
// loader itself; the problem tables are read here with the same one-line errors.
#include <toml++/toml.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lieride/sim/toml_text.hpp"
#include "lieride/sim/user_input.hpp"
#include "lieride/model/car.hpp"
#include "lieride/optimize/problem.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/table_reader.hpp"

namespace lieride::opt {
namespace {

const char* const kProblemTables[] = {"problem", "goal", "cost", "bounds", "body", "obstacles", "waypoints"};

Vec2 pair(TableReader& r, const std::string& key, const std::string& what) {
  if (!r.has(key)) r.fail(key, what);
  const auto v = r.numbers(key, {0.0, 0.0});
  if (v.size() != 2 || !std::isfinite(v[0]) || !std::isfinite(v[1])) r.fail(key, what);
  return {v[0], v[1]};
}

double finiteNumber(TableReader& r, const std::string& key, const std::string& what) {
  const double v = r.number(key, NAN);
  if (!std::isfinite(v)) r.fail(key, what);
  return v;
}

// A 3-D vector key [x, y, z].
Vec3 triple(TableReader& r, const std::string& key, const std::string& what) {
  if (!r.has(key)) r.fail(key, what);
  const auto v = r.numbers(key, {0.0, 0.0, 0.0});
  if (v.size() != 3 || !std::isfinite(v[0] + v[1] + v[2])) r.fail(key, what);
  return {v[0], v[1], v[2]};
}

// The lengths a problem's shapes may have (m) and how far out they may lie (user_input.hpp).
constexpr double kMinLength = kMinObstacleSize, kMaxLength = kMaxObstacleSize, kMaxCoordinate = kMaxObstacleCoordinate;
const char* const kLengthRange = kObstacleSizeRange;

bool lengthInRange(double v) { return v >= kMinLength && v <= kMaxLength; }
bool withinReach(const Eigen::Ref<const Eigen::VectorXd>& c) { return c.cwiseAbs().maxCoeff() <= kMaxCoordinate; }

Obstacle readObstacle(TableReader& r, int index, bool threeD) {
  Obstacle o;
  o.name = "obstacle " + std::to_string(index + 1);
  const std::string shape = r.string("shape", "");
  if (threeD) {  // the helicopter: boxes (canyon walls, rocks), turned about z by heading
    if (shape != "box") r.fail("shape", "\"box\" (the helicopter's obstacles are boxes)");
    o.kind = Obstacle::Kind::Box;
    o.threeD = true;
    o.center3 = triple(r, "center", "[x, y, z] (m)");
    if (!withinReach(o.center3)) r.fail("center", "[x, y, z] (m), each " + std::string(kObstacleReach));
    const Vec3 size = triple(r, "size", "[length, width, height] (m), all > 0");
    if (!(size.minCoeff() > 0.0)) r.fail("size", "[length, width, height] (m), all > 0");
    if (!lengthInRange(size.minCoeff()) || !lengthInRange(size.maxCoeff()))
      r.fail("size", std::string("[length, width, height] (m), each ") + kLengthRange);
    o.halfSize3 = 0.5 * size;
    o.heading = r.number("heading", 0.0);
  } else if (shape == "circle" || shape == "cylinder") {
    o.kind = Obstacle::Kind::Circle;
    o.center = pair(r, "center", "[x, y] (m)");
    if (!withinReach(o.center)) r.fail("center", "[x, y] (m), each " + std::string(kObstacleReach));
    o.radius = r.positive("radius", NAN);
    if (!lengthInRange(o.radius)) r.fail("radius", std::string("a radius ") + kLengthRange);
  } else if (shape == "box") {
    o.kind = Obstacle::Kind::Box;
    o.center = pair(r, "center", "[x, y] (m)");
    if (!withinReach(o.center)) r.fail("center", "[x, y] (m), each " + std::string(kObstacleReach));
    const Vec2 size = pair(r, "size", "[length, width] (m), both > 0");
    if (!(size.x() > 0.0 && size.y() > 0.0)) r.fail("size", "[length, width] (m), both > 0");
    if (!lengthInRange(size.minCoeff()) || !lengthInRange(size.maxCoeff()))
      r.fail("size", std::string("[length, width] (m), each ") + kLengthRange);
    o.halfSize = 0.5 * size;
    o.heading = r.number("heading", 0.0);
  } else if (shape == "wall") {
    o.kind = Obstacle::Kind::Wall;
    o.center = pair(r, "point", "[x, y] (m), a point on the wall");
    if (!withinReach(o.center)) r.fail("point", "[x, y] (m), each " + std::string(kObstacleReach));
    const Vec2 n = pair(r, "normal", "[nx, ny], non-zero, pointing to the free side");
    if (!(n.norm() > 0.0)) r.fail("normal", "[nx, ny], non-zero, pointing to the free side");
    o.normal = n.normalized();
  } else {
    r.fail("shape", "\"circle\" | \"cylinder\" | \"box\" | \"wall\"");
  }
  if (r.has("name")) o.name = r.string("name", o.name);
  r.finish();
  return o;
}

// A cost weight: 1e300 on the steering ran 6 s to the iteration limit (the cost's scale swamped
// every other row in IPOPT's tests).
constexpr double kMaxWeight = 1e9;
double weight(TableReader& t, const std::string& key) {
  const double w = t.nonNegative(key, 0.0);
  if (!(w <= kMaxWeight)) t.fail(key, "a weight from 0 to 1e9");
  return w;
}

// A goal tolerance from (0, most]: 1e300 m made any end a goal, "solved".
double tolerance(TableReader& t, const std::string& key, double fallback, double most, const char* what) {
  const double v = t.positive(key, fallback);
  if (!(v <= most)) t.fail(key, what);
  return v;
}

void readChannelWeights(TableReader& t, const std::vector<std::string>& channels, std::map<std::string, double>& out) {
  for (const auto& key : t.keys()) {
    if (std::find(channels.begin(), channels.end(), key) == channels.end()) continue;
    out[key] = weight(t, key);
  }
}

// A number as %g writes it (a message's "h = 1e-301 s").
std::string formatNumber(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

std::string readText(const std::string& path) {
  try {
    return readRegularFile(path, kMaxScenarioBytes);
  } catch (const InputFileError& e) {
    throw ScenarioError(std::string(e.what()) + " (the problem file)");
  }
}

toml::table parse(const std::string& text, const std::string& file) { return parseTomlText(text, file); }

}  // namespace

std::string problemMethod(const std::string& path) {
  const toml::table doc = parse(readText(path), path);
  if (!doc.contains("problem") && doc.contains("vehicle"))
    throw ScenarioError(path + ": no table [problem]: this is a scenario, not an optimal control problem (run it with "
                        "lieride sim; problem files are described in docs/formats.md section 4)");
  const auto method = doc["problem"]["method"].value<std::string>();
  const std::string expected = "expected \"dmoc\" (discrete mechanics optimal control) or \"pmp\" (shooting on the "
                               "Pontryagin costates, the sleigh) in table [problem]";
  if (!method) throw ScenarioError(path + ": key 'problem.method': " + expected);
  if (*method != "dmoc" && *method != "pmp")
    throw ScenarioError(path + ": key 'problem.method': " + expected + ", got \"" + shown(*method) + "\"");
  return *method;
}

Problem loadProblem(const std::string& path, const ProblemOverrides& overrides) {
  const std::string text = readText(path);
  const std::string dir = std::filesystem::path(path).parent_path().string();
  return loadProblemFromString(text, path, dir.empty() ? "." : dir, overrides);
}

Problem loadProblemFromString(const std::string& text, const std::string& file, const std::string& baseDir,
                              const ProblemOverrides& overrides) {
  const toml::table doc = parse(text, file);
  Problem p;
  p.file = file;
  p.baseDir = baseDir;
  for (const char* k : {"integrator", "controls", "output"})
    if (doc.contains(k))
      throw ScenarioError(file + ": table [" + std::string(k) +
                          "] does not belong in a problem file (the optimizer sets the integrator, step and controls; "
                          "see docs/formats.md section 4)");

  // The scenario part, checked by the scenario loader.
  toml::table scenario = doc;
  for (const char* k : kProblemTables) scenario.erase(k);
  {
    std::ostringstream s;
    s << scenario;
    p.scenarioToml = s.str();
  }

  TableReader root(file, "", &doc);
  for (const auto& k : root.keys()) root.markUsed(k);
  TableReader problem = root.table("problem");
  if (!problem.present()) throw ScenarioError(file + ": missing table [problem] (expected method, knots, horizon)");
  p.method = problem.string("method", "");
  std::string vehicleType;
  if (p.method != "dmoc") problem.fail("method", "\"dmoc\" (discrete mechanics optimal control)");
  {
    const toml::table* v = doc["vehicle"].as_table();
    const std::string type = v ? (*v)["type"].value<std::string>().value_or("") : "";
    if (type != "car" && type != "helicopter" && type != "sleigh-controlled" && type != "snakeboard" && type != "boat")
      throw ScenarioError(file + ": key 'vehicle.type': expected a vehicle method = \"dmoc\" transcribes: \"car\", "
                                 "\"helicopter\", \"boat\", \"snakeboard\" or \"sleigh-controlled\", got \"" +
                          shown(type) + "\"");
    vehicleType = type;
  }
  p.knots = problem.integer("knots", 0, 2, kMaxKnots);
  const int fileKnots = p.knots;
  if (overrides.knots) {
    if (*overrides.knots < 2 || *overrides.knots > kMaxKnots)
      throw ScenarioError(file + ": --knots: expected an integer from 2 to " + std::to_string(kMaxKnots));
    p.knots = *overrides.knots;
  }
  if (!problem.has("horizon")) problem.fail("horizon", "a finite duration > 0 (s); the key is missing");
  p.horizon = problem.positive("horizon", NAN);
  // And at most kMaxProblemHorizon, a step of at least kMinProblemStep (user_input.hpp).
  if (!std::isfinite(p.horizon) || p.horizon > kMaxProblemHorizon) problem.fail("horizon", "a duration > 0 and at most 1e4 s");
  if (p.horizon / p.knots < kMinProblemStep)
    problem.fail("horizon", "a step horizon / knots of at least 1e-6 s (h = " + formatNumber(p.horizon / p.knots) + " s with " +
                                std::to_string(p.knots) + " knots)");
  p.integrator = problem.string("integrator", vehicleType == "sleigh-controlled" ? "retraction-midpoint" : "lie-nh");
  if (problem.has("free_time")) {
    const std::string want = "[T_min, T_max] (s) with 0 < T_min <= horizon (" + formatNumber(p.horizon) + " s) <= T_max";
    const Vec2 b = pair(problem, "free_time", want);
    if (!(b.x() > 0.0 && b.x() <= p.horizon && p.horizon <= b.y())) problem.fail("free_time", want);
    if (!(b.y() <= kMaxProblemHorizon)) problem.fail("free_time", "a T_max of at most 1e4 s");
    if (b.x() / p.knots < kMinProblemStep)
      problem.fail("free_time", "a T_min / knots of at least 1e-6 s (h = " + formatNumber(b.x() / p.knots) + " s)");
    p.freeTime = std::make_pair(b.x(), b.y());
  }
  if (vehicleType == "helicopter" && problem.has("guess_path")) {
    const auto* arr = doc["problem"]["guess_path"].as_array();
    const std::string what = "an array of points [[x, y, z], ...] (m) the default guess flies through";
    if (!arr || arr->empty()) problem.fail("guess_path", what);
    for (const auto& node : *arr) {
      const auto* pt = node.as_array();
      if (!pt || pt->size() != 3) problem.fail("guess_path", what);
      Vec3 v;
      for (std::size_t i = 0; i < 3; ++i) {
        const auto c = (*pt)[i].value<double>();
        if (!c || !std::isfinite(*c) || std::abs(*c) > kMaxCoordinate) problem.fail("guess_path", what + std::string(", each ") + kObstacleReach);
        v(static_cast<Eigen::Index>(i)) = *c;
      }
      p.guessPath.push_back(v);
    }
    problem.markUsed("guess_path");
  }
  if (vehicleType == "helicopter" && problem.has("guess_via")) {
    if (problem.has("guess_path"))
      problem.fail("guess_via", "either guess_via (the smooth guess bent through a point) or guess_path (a polyline), not both");
    p.guessVia = triple(problem, "guess_via", "a point [x, y, z] (m) the smooth default guess passes at half the horizon");
    if (!withinReach(*p.guessVia)) problem.fail("guess_via", "a point [x, y, z] (m), each " + std::string(kObstacleReach));
  }
  if (problem.has("coarse_knots")) {
    // Coarse-to-fine cold start (docs/optimize.md): the same problem on these meshes first.
    const auto* arr = doc["problem"]["coarse_knots"].as_array();
    const std::string what = "an array of knot counts [N1, N2, ...], each >= 2, each dividing the next and knots";
    if (vehicleType != "helicopter") problem.fail("coarse_knots", "no such key for vehicle \"" + vehicleType +
                                                                      "\" (the coarse-to-fine start is the helicopter's)");
    if (!arr || arr->empty()) problem.fail("coarse_knots", what);
    for (const auto& node : *arr) {
      const auto v = node.value_exact<int64_t>();
      if (fileKnots < 2) break;  // no knots (a misspelt key: finish() names it; else the check below)
      if (!v || *v < 2 || *v >= fileKnots) problem.fail("coarse_knots", what);
      const int n = static_cast<int>(*v);
      if (!p.coarseKnots.empty() && n % p.coarseKnots.back() != 0) problem.fail("coarse_knots", what);
      p.coarseKnots.push_back(n);
    }
    if (fileKnots >= 2 && fileKnots % p.coarseKnots.back() != 0) problem.fail("coarse_knots", what);
    problem.markUsed("coarse_knots");
    if (overrides.knots) p.coarseKnots.clear();  // chosen for the file's knots: --knots solves directly
  }
  const std::string hessian = problem.string("hessian", "finite-difference");
  if (hessian != "finite-difference" && hessian != "lbfgs") problem.fail("hessian", "\"finite-difference\" or \"lbfgs\"");
  p.lbfgs = hessian == "lbfgs";
  p.barrier = problem.string("barrier", "");
  if (!p.barrier.empty() && p.barrier != "probing" && p.barrier != "quality-function" && p.barrier != "monotone")
    problem.fail("barrier", "\"probing\", \"quality-function\" or \"monotone\"");
  problem.finish();
  if (!problem.has("knots")) problem.fail("knots", "an integer >= 2 (the number of steps; required)");

  const toml::table* veh = doc["vehicle"].as_table();
  p.vehicle = veh && (*veh)["type"].value<std::string>() ? *(*veh)["type"].value<std::string>() : "";
  p.name = doc["name"].value<std::string>().value_or(std::filesystem::path(file).stem().string());
  const bool car = p.vehicle == "car", heli = p.vehicle == "helicopter", sleigh = p.vehicle == "sleigh-controlled";
  const bool snake = p.vehicle == "snakeboard", boat = p.vehicle == "boat";
  if (!car && !heli && !sleigh && !snake && !boat)
    throw ScenarioError(file + ": key 'vehicle.type': expected \"car\", \"helicopter\", \"boat\", \"snakeboard\" or \"sleigh-controlled\" (the vehicles DMOC transcribes so far), got \"" +
                        p.vehicle + "\"");
  // Before the scenario is built, whose loader would name its own [integrator] name key.
  if ((car || snake) && p.integrator != "lie-nh")
    throw ScenarioError(file + ": key 'problem.integrator': expected \"lie-nh\" for the " + p.vehicle + " (Kobilarov et al. Eqs. 16-17)");
  if ((heli || boat) && p.integrator != "lie-cay-tln")
    throw ScenarioError(file + ": key 'problem.integrator': expected \"lie-cay-tln\" for the " + p.vehicle + " (Kobilarov et al. Eqs. 9-14)");
  if (sleigh && p.integrator != "retraction-midpoint")
    throw ScenarioError(file + ": key 'problem.integrator': expected \"retraction-midpoint\" for the sleigh-controlled (Anahory Simoes et al. VI.C)");

  // Build the scenario once: [vehicle] and [initial] errors name this file and key.
  Scenario sc = loadScenarioFromString(replayScenarioToml(p, ""), file, baseDir);
  if (sleigh && p.freeTime) throw ScenarioError(file + ": key 'problem.free_time': free time applies to the car, the helicopter, the snakeboard and the boat, not to the sleigh-controlled (its horizon is fixed)");
  const std::vector<std::string> channels = sc.simulation->controls().channels();

  TableReader goal = root.table("goal");
  if ((car || sleigh || snake || boat) && goal.has("position")) {
    p.goal.position = pair(goal, "position", "[x, y] (m)");
    if (!withinReach(*p.goal.position)) goal.fail("position", "[x, y] (m), each " + std::string(kObstacleReach));
  }
  // The sleigh's goal is exact: the pose (x, y, theta) with z1 = z2 = 0 at T (no tolerances).
  if (sleigh && (!goal.has("position") || !goal.has("heading")))
    goal.fail(goal.has("position") ? "heading" : "position",
              "the goal pose of the sleigh-controlled: position = [x, y] (m) and heading (rad), reached at rest");
  if (heli && goal.has("position")) {
    const auto v = goal.numbers("position", {0.0, 0.0, 0.0});
    if (v.size() != 3 || !std::isfinite(v[0] + v[1] + v[2])) goal.fail("position", "[x, y, z] (m)");
    p.goal.position3 = Vec3(v[0], v[1], v[2]);
    if (!withinReach(*p.goal.position3)) goal.fail("position", "[x, y, z] (m), each " + std::string(kObstacleReach));
  }
  if (goal.has("heading")) p.goal.heading = finiteNumber(goal, "heading", "a heading (rad)");
  if (car && goal.has("speed")) p.goal.speed = finiteNumber(goal, "speed", "a forward speed (m/s)");
  if (car && goal.has("steer")) p.goal.steer = finiteNumber(goal, "steer", "a steering angle (rad)");
  if (heli && goal.has("velocity")) {
    const auto v = goal.numbers("velocity", std::vector<double>(6, 0.0));
    for (double c : v)
      if (!std::isfinite(c)) goal.fail("velocity", "[wx, wy, wz, vx, vy, vz] (body frame, rad/s and m/s)");
    p.goal.velocity = v;
  }
  if (!sleigh) {
    p.goal.positionTolerance = tolerance(goal, "tolerance", p.goal.positionTolerance, 1e6, "a tolerance > 0 and at most 1e6 m");
    p.goal.headingTolerance =
        tolerance(goal, "heading_tolerance", p.goal.headingTolerance, M_PI, "a tolerance > 0 and at most pi rad");
    p.goal.speedTolerance = tolerance(goal, "speed_tolerance", p.goal.speedTolerance, 1e4, "a tolerance > 0 and at most 1e4 m/s");
  }
  if (car) p.goal.steerTolerance = tolerance(goal, "steer_tolerance", p.goal.steerTolerance, M_PI, "a tolerance > 0 and at most pi rad");
  if (snake || boat) p.goal.atRest = goal.boolean("at_rest", false);
  // A tolerance with nothing to apply to was read and never used.
  const auto toleranceWithout = [&](const char* key, bool applies, const char* needs) {
    if (goal.has(key) && !applies) goal.fail(key, std::string("no ") + key + " without " + needs + " to apply it to");
  };
  toleranceWithout("tolerance", p.goal.position || p.goal.position3, "a goal position");
  toleranceWithout("heading_tolerance", p.goal.heading.has_value(), "a goal heading");
  if (car) toleranceWithout("steer_tolerance", p.goal.steer.has_value(), "a goal steer");
  if (!sleigh)
    toleranceWithout("speed_tolerance", (car && p.goal.speed) || (heli && p.goal.velocity) || (boat && p.goal.atRest),
                     car ? "a goal speed" : heli ? "a goal velocity" : boat ? "at_rest = true" : "a goal speed (the snakeboard's at_rest is exact)");
  goal.finish();

  TableReader cost = root.table("cost");
  // The sleigh's cost is fixed: 1/2 int |u|^2 dt, the cost of its PMP problems.
  if (!sleigh) readChannelWeights(cost, channels, p.effort);
  if (car) p.steerWeight = weight(cost, "steer");
  if (car || heli || snake || boat) p.timeWeight = weight(cost, "time");
  if (car || heli) {
    p.pathLengthWeight = weight(cost, "path_length");
    p.hazardWeight = weight(cost, "hazard");
    p.hazardDistance = tolerance(cost, "hazard_distance", p.hazardDistance, 1e6, "a distance > 0 and at most 1e6 m");
    if (cost.has("hazard_distance") && !(p.hazardWeight > 0.0))
      cost.fail("hazard_distance", "no hazard_distance without a hazard weight > 0 to apply it to");
  }
  TableReader smooth = cost.table("smoothness");
  if (!sleigh) readChannelWeights(smooth, channels, p.smoothness);
  smooth.finish();
  cost.finish();

  TableReader bounds = root.table("bounds");
  for (const auto& key : bounds.keys()) {
    if (std::find(channels.begin(), channels.end(), key) == channels.end()) continue;
    const Vec2 b = pair(bounds, key, "[lower, upper] with lower < upper");
    if (!(b.x() < b.y())) bounds.fail(key, "[lower, upper] with lower < upper");
    p.channelBounds[key] = {b.x(), b.y()};
  }
  const double vehicleMax = veh ? (*veh)["max_steer"].value<double>().value_or(CarParams{}.maxSteer) : CarParams{}.maxSteer;
  if ((car || snake) && bounds.has("steer")) {
    p.maxSteer = bounds.positive("steer", NAN);
    // Beyond the car's own steering limit the bound would read as allowing what the car cannot do.
    if (car && *p.maxSteer > vehicleMax) {
      char what[160];
      std::snprintf(what, sizeof what, "a bound of at most the car's max_steer = %g rad ([vehicle] max_steer raises it)", vehicleMax);
      bounds.fail("steer", what);
    }
    // The snakeboard's constraints are singular at |phi| = pi/2 (docs/formats.md).
    if (snake && !(*p.maxSteer < 0.5 * M_PI)) bounds.fail("steer", "a bound on |phi| below pi/2 rad (the wheel constraints are singular there)");
  }
  // A goal steering angle the bound excludes cannot be met: said here, not as a solver failure.
  // Without [bounds] steer the car's own max_steer bounds it.
  if (car && p.goal.steer) {
    const double bound = std::min(vehicleMax, p.maxSteer.value_or(vehicleMax));
    if (std::abs(*p.goal.steer) > bound + p.goal.steerTolerance) {
      char what[200];
      if (std::abs(*p.goal.steer) <= vehicleMax + p.goal.steerTolerance) {  // the [bounds] steer excludes it
        std::snprintf(what, sizeof what, "a bound admitting the goal's steering angle (goal.steer = %g rad)", *p.goal.steer);
        bounds.fail("steer", what);
      }
      std::snprintf(what, sizeof what, "a steering angle within the car's max_steer, |steer| <= %g rad (+- steer_tolerance)", vehicleMax);
      goal.fail("steer", what);
    }
  }
  if (heli && bounds.has("altitude")) {
    const Vec2 b = pair(bounds, "altitude", "[lower, upper] (m) with lower < upper");
    if (!(b.x() < b.y())) bounds.fail("altitude", "[lower, upper] (m) with lower < upper");
    p.altitude = std::make_pair(b.x(), b.y());
    // The last knot holds the goal's height interval instead (HelicopterDmoc::bounds): one the
    // bound excludes is a contradiction, said here rather than found by the solver as an
    // iteration limit on some other row.
    if (p.goal.position3) {
      const double z = p.goal.position3->z(), tol = p.goal.positionTolerance;
      if (z + tol < b.x() || z - tol > b.y()) {
        char what[200];
        std::snprintf(what, sizeof what, "[lower, upper] (m) that admits the goal's height (goal.position z = %g +- %g m)", z, tol);
        bounds.fail("altitude", what);
      }
    }
  }
  if (car && bounds.has("speed")) {
    const Vec2 b = pair(bounds, "speed", "[lower, upper] (m/s) with lower < upper");
    if (!(b.x() < b.y())) bounds.fail("speed", "[lower, upper] (m/s) with lower < upper");
    p.speedBounds = std::make_pair(b.x(), b.y());
    // As the steering angle and the altitude: a goal speed the bound excludes ran 1000
    // iterations to "final speed misses the goal".
    if (p.goal.speed && (*p.goal.speed + p.goal.speedTolerance < b.x() || *p.goal.speed - p.goal.speedTolerance > b.y())) {
      char what[200];
      std::snprintf(what, sizeof what, "[lower, upper] (m/s) that admits the goal's speed (goal.speed = %g +- %g m/s)",
                    *p.goal.speed, p.goal.speedTolerance);
      bounds.fail("speed", what);
    }
  }
  bounds.finish();

  if (snake) {  // the torques are the controls here, not the prescribed shape channels
    for (const char* c : {"psi", "phi"}) {
      if (p.effort.count(c) || p.smoothness.count(c))
        throw ScenarioError(file + ": key 'cost." + c + "': expected rotor_torque or steer_torque (DMOC of the snakeboard optimises the torques)");
      if (p.channelBounds.count(c))
        throw ScenarioError(file + ": key 'bounds." + c + "': expected rotor_torque, steer_torque or steer (DMOC of the snakeboard optimises the torques)");
    }
    if (doc.contains("body") || doc.contains("obstacles") || doc.contains("waypoints"))
      throw ScenarioError(file + ": [body], [[obstacles]] and [[waypoints]] apply to the car and the helicopter, not the snakeboard");
  }
  if (boat && (doc.contains("body") || doc.contains("obstacles") || doc.contains("waypoints")))
    throw ScenarioError(file + ": [body], [[obstacles]] and [[waypoints]] apply to the car and the helicopter, not the boat");
  if (sleigh && (doc.contains("body") || doc.contains("obstacles") || doc.contains("waypoints")))
    throw ScenarioError(file + ": [body], [[obstacles]] and [[waypoints]] apply to the car (and waypoints to the helicopter), not the sleigh-controlled");
  TableReader body = root.table("body");
  if (heli) {
    p.bodyRadius = body.positive("radius", p.bodyRadius);
    if (!lengthInRange(p.bodyRadius)) body.fail("radius", std::string("a radius ") + kLengthRange);
  } else {
    p.body.rearOverhang = body.nonNegative("rear_overhang", p.body.rearOverhang);
    p.body.frontOverhang = body.nonNegative("front_overhang", p.body.frontOverhang);
    p.body.width = body.positive("width", p.body.width);
    for (const char* k : {"rear_overhang", "front_overhang"})
      if (body.has(k) && body.number(k, 0.0) > kMaxLength) body.fail(k, "a length of at most 1e5 m");
    if (!lengthInRange(p.body.width)) body.fail("width", std::string("a width ") + kLengthRange);
  }
  body.finish();

  if (const auto* arr = doc["obstacles"].as_array()) {
    for (std::size_t i = 0; i < arr->size(); ++i) {
      const auto* t = (*arr)[i].as_table();
      if (!t) throw ScenarioError(file + ": key 'obstacles': expected an array of tables [[obstacles]]");
      TableReader r(file, "obstacles[" + std::to_string(i) + "]", t);
      p.obstacles.push_back(readObstacle(r, static_cast<int>(i), heli));
    }
  } else if (doc.contains("obstacles")) {
    throw ScenarioError(file + ": key 'obstacles': expected an array of tables [[obstacles]]");
  }
  if (const auto* arr = doc["waypoints"].as_array()) {
    for (std::size_t i = 0; i < arr->size(); ++i) {
      const auto* t = (*arr)[i].as_table();
      if (!t) throw ScenarioError(file + ": key 'waypoints': expected an array of tables [[waypoints]]");
      TableReader r(file, "waypoints[" + std::to_string(i) + "]", t);
      Waypoint w;
      w.time = r.number("time", NAN);
      if (!(w.time >= 0.5 * p.timeStep() && w.time <= p.horizon))
        r.fail("time", "a time in [h/2, horizon] (s); the knot nearest it is constrained");
      if (car) {
        w.position = pair(r, "position", "[x, y] (m)");
        if (!withinReach(*w.position)) r.fail("position", "[x, y] (m), each " + std::string(kObstacleReach));
      }
      if (heli) {
        const auto v = r.numbers("position", {0.0, 0.0, 0.0});
        if (!r.has("position") || !std::isfinite(v[0] + v[1] + v[2])) r.fail("position", "[x, y, z] (m)");
        w.position3 = Vec3(v[0], v[1], v[2]);
        if (!withinReach(*w.position3)) r.fail("position", "[x, y, z] (m), each " + std::string(kObstacleReach));
      }
      if (car && r.has("heading")) w.heading = finiteNumber(r, "heading", "a heading (rad)");
      if (r.has("weight")) {  // soft: a cost term, no tolerance box
        w.weight = r.positive("weight", NAN);
        if (r.has("tolerance") || r.has("heading_tolerance"))
          r.fail("weight", "either weight (a soft waypoint) or tolerances (a hard one), not both");
      }
      w.tolerance = r.positive("tolerance", w.tolerance);
      if (car) w.headingTolerance = r.positive("heading_tolerance", w.headingTolerance);
      // Two hard waypoints on the same knot whose boxes do not meet cannot both hold: said
      // here (exit 2), not found by the solver as a failure on some other row.
      const auto knotOf = [&](double time) { return std::lround(time / p.timeStep()); };
      for (std::size_t j = 0; j < p.waypoints.size() && !w.soft(); ++j) {
        const Waypoint& o = p.waypoints[j];
        if (o.soft() || knotOf(o.time) != knotOf(w.time)) continue;
        const double reach = o.tolerance + w.tolerance;
        const bool apart = (w.position && o.position && ((*w.position - *o.position).cwiseAbs().maxCoeff() > reach)) ||
                           (w.position3 && o.position3 && ((*w.position3 - *o.position3).cwiseAbs().maxCoeff() > reach)) ||
                           (w.heading && o.heading && std::abs(*w.heading - *o.heading) > o.headingTolerance + w.headingTolerance);
        if (apart)
          r.fail("time", "a knot of its own (waypoints[" + std::to_string(j) + "] holds knot " +
                             std::to_string(knotOf(w.time)) + " elsewhere, and both are hard)");
      }
      // A hard waypoint on the last knot must meet the goal's box, and one elsewhere the
      // helicopter's altitude bounds: said here, not as a solver failure.
      if (!w.soft() && knotOf(w.time) == p.knots) {
        const double reach = w.tolerance + p.goal.positionTolerance;
        const bool apart = (w.position && p.goal.position && (*w.position - *p.goal.position).cwiseAbs().maxCoeff() > reach) ||
                           (w.position3 && p.goal.position3 && (*w.position3 - *p.goal.position3).cwiseAbs().maxCoeff() > reach) ||
                           (w.heading && p.goal.heading &&
                            std::abs(*w.heading - *p.goal.heading) > w.headingTolerance + p.goal.headingTolerance);
        if (apart) r.fail("time", "a time before the last knot (this hard waypoint holds the last knot " + std::to_string(p.knots) +
                                      " away from the goal)");
      } else if (!w.soft() && w.position3 && p.altitude) {
        const double z = w.position3->z();
        if (z + w.tolerance < p.altitude->first || z - w.tolerance > p.altitude->second) {
          char what[200];
          std::snprintf(what, sizeof what, "[x, y, z] (m) with z within [bounds] altitude = [%g, %g] m (+- tolerance)",
                        p.altitude->first, p.altitude->second);
          r.fail("position", what);
        }
      }
      r.finish();
      p.waypoints.push_back(w);
    }
  } else if (doc.contains("waypoints")) {
    throw ScenarioError(file + ": key 'waypoints': expected an array of tables [[waypoints]]");
  }
  if (p.hazardWeight > 0.0 && p.obstacles.empty())
    throw ScenarioError(file + ": key 'cost.hazard': expected no hazard weight without [[obstacles]] (the hazard potential grows near obstacles)");
  return p;
}

std::string replayScenarioToml(const Problem& p, const std::string& controlsTable, std::optional<double> h) {
  std::ostringstream s;
  s.precision(17);
  const double step = h.value_or(p.timeStep());
  s << p.scenarioToml << "\n\n[integrator]\nname = \"" << p.integrator << "\"\ndt = " << step
    << "\nduration = " << step * p.knots << "\n";
  if (!controlsTable.empty()) s << "\n[controls]\n" << controlsTable << "\n";
  return s.str();
}

Problem loadScenery(const std::string& path, const std::string& vehicle) {
  Problem p = loadProblem(path);
  if (p.vehicle != vehicle)
    throw ScenarioError(path + ": a problem for the " + p.vehicle + ", the take's vehicle is the " + vehicle);
  return p;
}

}  // namespace lieride::opt
