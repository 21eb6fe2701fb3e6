#pragma once
// Optimal control problem files (docs/formats.md section 4): a scenario ([vehicle],
// [initial]) plus [problem], [goal], [cost], [bounds] and [[obstacles]].
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "lieride/lie/types.hpp"

namespace lieride::opt {

struct Obstacle {
  enum class Kind { Circle, Box, Wall };
  Kind kind = Kind::Circle;
  Vec2 center = Vec2::Zero();    // circle, box; a point on the wall
  double radius = 0.0;           // circle
  Vec2 halfSize = Vec2::Zero();  // box, in its own frame
  double heading = 0.0;          // box: rotation of its frame (rad)
  Vec2 normal = Vec2::UnitY();   // wall: unit normal pointing to the free side
  std::string name;              // "obstacle 2" or the file's name = "..."
  // Helicopter (3-D) boxes: centre [x, y, z] and half sizes; `heading` turns them about z.
  // threeD says which fields hold the obstacle (center and halfSize stay 0 then).
  bool threeD = false;
  Vec3 center3 = Vec3::Zero();
  Vec3 halfSize3 = Vec3::Zero();
};

// The car body outline relative to the rear-axle midpoint (docs/models.md section 4):
// x from -rear_overhang to wheelbase + front_overhang, y within +-width/2.
struct CarBody {
  double rearOverhang = 0.9;
  double frontOverhang = 0.9;
  double width = 1.8;
};

struct Goal {
  std::optional<Vec2> position;   // planar vehicles
  std::optional<Vec3> position3;  // 3-D vehicles
  std::optional<std::vector<double>> velocity;  // 3-D: body velocity (wx, wy, wz, vx, vy, vz) at t_N
  std::optional<double> heading;
  std::optional<double> speed;  // forward speed vx (car)
  std::optional<double> steer;  // steering angle phi (car)
  bool atRest = false;           // snakeboard: the integrator's memory at t_N is 0 (all at rest)
  double positionTolerance = 0.01;
  double headingTolerance = 0.01;
  double speedTolerance = 0.01;
  double steerTolerance = 0.01;
};

// A pose the vehicle must pass: the knot nearest `time` lies within the tolerances (hard).
struct Waypoint {
  double time = 0.0;
  std::optional<Vec2> position;   // planar
  std::optional<Vec3> position3;  // 3-D
  std::optional<double> heading;  // car only
  double tolerance = 0.05;
  double headingTolerance = 0.05;
  // > 0: a soft waypoint, weight * (|p_k - position|^2 + (theta_k - heading)^2) in the cost
  // instead of the tolerance box (docs/formats.md section 4).
  double weight = 0.0;
  bool soft() const { return weight > 0.0; }
};

struct Problem {
  std::string file;
  std::string name;
  std::string method;      // "dmoc"
  std::string integrator;  // the simulation integrator whose updates are the constraints
  std::string vehicle;     // [vehicle] type
  std::string scenarioToml;  // name, [vehicle], [initial]: the scenario part of the file
  std::string baseDir;
  bool lbfgs = false;  // [problem] hessian = "lbfgs" (default "finite-difference")
  std::string barrier;  // [problem] barrier: "probing", "quality-function", "monotone"; empty: the Hessian's default
  int knots = 0;       // N: knots 0..N, N steps
  double horizon = 0;  // T = N h (with free time: the initial guess)
  std::optional<std::pair<double, double>> freeTime;  // [problem] free_time = [T_min, T_max] (car)
  double timeWeight = 0.0;                            // [cost] time: weight on T
  Goal goal;
  std::map<std::string, double> effort;      // [cost] per channel: weight on h u^2
  std::map<std::string, double> smoothness;  // [cost.smoothness] per channel: weight on (du)^2 / h
  double steerWeight = 0.0;                  // [cost] steer: weight on h sigma^2 (car)
  // [cost] path_length: weight on the length of the knots' path, sum of |p_k+1 - p_k| (m),
  // smoothed as sqrt(|d|^2 + eps^2) - eps, eps = kPathEpsilon (car, helicopter).
  double pathLengthWeight = 0.0;
  static constexpr double kPathEpsilon = 1e-3;
  // [cost] hazard: weight on h (1 - c / hazard_distance)^2 summed over the knots after the
  // first and every clearance c < hazard_distance that the obstacle rows measure (car,
  // helicopter); [cost] hazard_distance (m).
  double hazardWeight = 0.0;
  double hazardDistance = 1.0;
  std::map<std::string, std::pair<double, double>> channelBounds;  // [bounds] per channel
  std::optional<double> maxSteer;                                  // [bounds] steer (rad)
  std::optional<std::pair<double, double>> speedBounds;            // [bounds] speed (m/s)
  std::optional<std::pair<double, double>> altitude;               // [bounds] altitude: z (m), 3-D
  std::vector<Obstacle> obstacles;
  std::vector<Waypoint> waypoints;
  CarBody body;
  double bodyRadius = 1.0;     // helicopter: [body] radius (m), the sphere kept off obstacles
  std::vector<int> coarseKnots;  // [problem] coarse_knots: coarse-to-fine cold start, coarsest first
  std::vector<Vec3> guessPath;  // helicopter: [problem] guess_path, the default guess's route
  std::optional<Vec3> guessVia;  // helicopter: [problem] guess_via, where the smooth guess is at T/2
  // The knot of a waypoint (nearest to its time).
  int waypointKnot(const Waypoint& w) const { return static_cast<int>(std::lround(w.time / timeStep())); }
  double timeStep() const { return horizon / knots; }
};

// The most knots a problem may ask for ([problem] knots, --knots): the shipped problems use 48 to
// 200; at 20000 IPOPT's KKT system already has about 0.4 million rows, and far more knots failed
// to allocate (std::bad_alloc, exit 1) instead of being refused.
constexpr int kMaxKnots = 20000;

struct ProblemOverrides {
  std::optional<int> knots;
};

// The [problem] method of a problem file ("dmoc", ...), for dispatch; each method's loader
// checks the rest. Throws ScenarioError.
std::string problemMethod(const std::string& path);

// Throws ScenarioError (one line naming the file, key and what was expected).
Problem loadProblem(const std::string& path, const ProblemOverrides& overrides = {});
// A take's [take] scenery (docs/formats.md section 6): the problem file, which must be one for the
// take's vehicle kind (`vehicle`, Simulation::vehicleType). Throws ScenarioError naming why not.
Problem loadScenery(const std::string& path, const std::string& vehicle);
Problem loadProblemFromString(const std::string& text, const std::string& displayName, const std::string& baseDir,
                              const ProblemOverrides& overrides = {});

// The scenario TOML that simulates the problem's vehicle with its integrator, step h, duration
// N h, and the given [controls] body (e.g. file = "controls.csv").
// h: the step (default horizon / knots; a free-time solution's own step).
std::string replayScenarioToml(const Problem& p, const std::string& controlsTable, std::optional<double> h = {});

}  // namespace lieride::opt
