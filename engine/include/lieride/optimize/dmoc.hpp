#pragma once
// A loaded DMOC problem: its vehicle (built by the scenario loader), its transcription, the
// solve, and the outputs `lieride optimize` writes (docs/formats.md section 4).
#include <array>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "lieride/optimize/boat_dmoc.hpp"
#include "lieride/optimize/car_dmoc.hpp"
#include "lieride/optimize/collocation.hpp"
#include "lieride/optimize/helicopter_dmoc.hpp"
#include "lieride/optimize/nlp.hpp"
#include "lieride/optimize/problem.hpp"
#include "lieride/optimize/sleigh_dmoc.hpp"
#include "lieride/optimize/snakeboard_dmoc.hpp"
#include "lieride/sim/planar_simulation.hpp"

namespace lieride::opt {

class DmocSession {
 public:
  explicit DmocSession(Problem problem);

  const Problem& problem() const { return problem_; }
  const Nlp& nlp() const {
    if (car_) return *car_;
    if (sleigh_) return *sleigh_;
    if (snake_) return *snake_;
    if (boat_) return *boat_;
    return *heli_;
  }
  const CarDmoc& car() const { return *car_; }  // the car problem (car_ non-null)
  const HelicopterDmoc& helicopter() const { return *heli_; }
  const SleighDmoc& sleigh() const { return *sleigh_; }  // the sleigh problem (sleigh_ non-null)
  const SnakeboardDmoc& snakeboard() const { return *snake_; }  // the snakeboard problem (snake_ non-null)
  const BoatDmoc& boat() const { return *boat_; }  // the boat problem (boat_ non-null)
  bool isCar() const { return car_ != nullptr; }
  std::vector<std::string> channels() const;

  // Drawing an iterate (the app's ghost trajectory) without knowing the vehicle: where each
  // knot's variables lie in x, the pose they hold, and the body outline the problem keeps
  // clear of obstacles (the car's, relative to its rear-axle midpoint).
  struct KnotLayout {
    int stride = 0, knotVars = 0, knots = 0;  // knot k's variables start at stride * k
  };
  struct Footprint {
    double rearOverhang = 0.0, frontOverhang = 0.0, width = 0.0, wheelbase = 0.0;
  };
  KnotLayout knotLayout() const;
  // Knot k's position and orientation in x (planar vehicles: a turn about z by the heading).
  void knotPose(const double* x, int k, Vec3& position, Quat& orientation) const;
  bool spatial() const { return heli_ != nullptr || boat_ != nullptr; }  // poses in SE(3), not on the ground plane
  // The body origin's height above the ground when the vehicle rests on it (the helicopter's
  // skid depth; 0 for the others).
  double restingHeight() const { return heli_ ? heliParams_.skidDepth : 0.0; }
  std::optional<Footprint> footprint() const;

  // The problem's solver settings ([problem] hessian).
  SolveOptions defaultOptions() const {
    SolveOptions o;
    o.hessian = problem_.lbfgs ? SolveOptions::Hessian::Lbfgs : SolveOptions::Hessian::FiniteDifference;
    if (problem_.barrier == "probing") o.barrier = SolveOptions::Barrier::Probing;
    else if (problem_.barrier == "quality-function") o.barrier = SolveOptions::Barrier::QualityFunction;
    else if (problem_.barrier == "monotone") o.barrier = SolveOptions::Barrier::Monotone;
    return o;
  }
  // Solves the problem. A cold solve of a problem with [problem] coarse_knots (the
  // helicopter's) first solves the same problem on those coarser meshes, coarsest first, each
  // level started from the one before refined (HelicopterDmoc::refine), then the problem itself
  // from the finest level refined, as its initial point (primal values only, the problem's own
  // barrier; docs/optimize.md, "Coarse-to-fine cold start"). The result counts every level's
  // iterations and time and lists the levels.
  SolveResult solve(const SolveOptions& options) const;
  // The same with the last (finest) level solved through `same`: nlp() wrapped, with its
  // structure (the app's Optimize worker records the iterates through such a wrapper).
  SolveResult solve(const SolveOptions& options, const Nlp& same) const;
  // That start: null without coarse_knots or when options bring their own start (warm or
  // initial); not usable when a coarse level does not solve (the problem then starts from its
  // default guess; after a cancelled level the solve stops at its first iteration). Its
  // iterations, time and profile are the coarse levels', counted in the result either way.
  struct CoarseStart {
    WarmStart start;
    bool usable = false;  // false: a level did not solve; the fine solve starts from the default guess
    SolveStatus failed = SolveStatus::Solved;  // the status of the level that did not solve
    int iterations = 0;
    double seconds = 0.0;
    SolveProfile profile;
    std::vector<MeshLevel> levels;
  };
  std::optional<CoarseStart> coarseStart(const SolveOptions& options) const;
  // One line naming what failed (docs/formats.md section 4): the worst violated inequality
  // (an obstacle, a bound, the goal's tolerances) where one is violated, else the worst
  // violated constraint, else the solver's status.
  std::string failureLine(const SolveResult& r) const;

  // Decision variables from a controls CSV (t plus channel columns, as written by
  // writeControlsCsv), every vehicle: the controls sampled where the integrator reads them and
  // simulated by it (the car, the snakeboard and the sleigh through the transcription's own
  // update, the helicopter and the boat through the simulator). Throws ScenarioError on a bad
  // file or a run that diverges.
  std::vector<double> guessFromControls(const std::string& csvPath) const;

  // Outputs. The controls CSV samples the controls where the integrator reads them: the car's
  // step k at t_k + h/2 (the sleigh's too), the helicopter's knot k at t_k.
  void writeTrajectoryCsv(const std::vector<double>& x, std::ostream& out) const;
  void writeControlsCsv(const std::vector<double>& x, std::ostream& out) const;
  std::string replayScenario(const std::string& controlsFile, const std::vector<double>& x) const;
  // The step and the horizon of a solution (free time: its own).
  double timeStep(const std::vector<double>& x) const {
    if (car_) return car_->timeStep(x);
    if (snake_) return snake_->timeStep(x);
    if (boat_) return boat_->timeStep(x);
    return sleigh_ ? sleigh_->timeStep() : heli_->timeStep(x);
  }
  // The conventional baseline of the same problem (collocation.hpp): trapezoidal collocation
  // with the same variables' meaning, bounds, cost and guess; car, helicopter, boat and
  // snakeboard, null for the sleigh. replayError accepts its solutions too.
  std::unique_ptr<Nlp> collocation() const;
  // The car's parameters and start (from the scenario), for problems from other starts.
  const CarParams& carParams() const { return params_; }
  const CarStart& carStart() const { return start_; }

  // Runs the controls through the simulator in-process; the largest distance (m) between the
  // simulated and the optimised positions over the knots.
  double replayError(const std::vector<double>& x) const;
  // A converged plan the simulator does not retrace (its replay leaves it by more than
  // kReplayTolerance: the discrete motion is unstable at the plan's h) is not a solution: the
  // line saying so (docs/formats.md section 1), or nothing. `replay`: replayError(x).
  static constexpr double kReplayTolerance = 1e-6;
  std::optional<std::string> replayFailure(const std::vector<double>& x, double replay) const;

 private:
  [[noreturn]] void refuseObstacleAtStart(int obstacle, const std::string& body) const;
  std::unique_ptr<PlanarSimulation> simulation(std::optional<double> h = {}) const;
  void simulate(const CarTrajectory& controls, double h, CarTrajectory& out) const;
  // The helicopter's controls run through the simulator: the positions at the knots.
  std::vector<Vec3> simulateHelicopter(const HelicopterTrajectory& tr) const;
  // The sleigh's controls run through the simulator: the states at the knots.
  std::vector<std::array<double, 5>> simulateSleigh(const SleighTrajectory& tr) const;
  void writeSleighCsv(const std::vector<double>& x, std::ostream& out) const;
  // The snakeboard's torques run through the simulator: the poses (theta, x, y) at the knots.
  std::vector<std::array<double, 3>> simulateSnakeboard(const SnakeboardTrajectory& tr) const;
  void writeSnakeboardCsv(const std::vector<double>& x, std::ostream& out) const;

  Problem problem_;
  std::unique_ptr<CarDmoc> car_;
  std::unique_ptr<HelicopterDmoc> heli_;
  std::unique_ptr<SleighDmoc> sleigh_;
  std::unique_ptr<SnakeboardDmoc> snake_;
  std::unique_ptr<BoatDmoc> boat_;
  CarParams params_;
  CarStart start_;
  HelicopterParams heliParams_;
  Vec6 heliInertia_ = Vec6::Zero(), heliMu0_ = Vec6::Zero();
  SE3 heliStart_;
};

}  // namespace lieride::opt
