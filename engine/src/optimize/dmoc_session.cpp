#include "lieride/optimize/dmoc.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "lieride/control/signal.hpp"
#include "lieride/ocp/controlled_sleigh.hpp"
#include "lieride/sim/run.hpp"
#include "lieride/sim/run_csv.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/se3_simulation.hpp"
#include "lieride/sim/user_input.hpp"

namespace lieride::opt {

DmocSession::DmocSession(Problem problem) : problem_(std::move(problem)) {
  if (problem_.vehicle == "helicopter") {
    Scenario sc = loadScenarioFromString(replayScenarioToml(problem_, ""), problem_.file, problem_.baseDir);
    const auto& se3 = dynamic_cast<const Se3Simulation&>(*sc.simulation);
    const auto& heli = dynamic_cast<const HelicopterForces&>(se3.forceModel());
    if (heli.dependsOnVelocity())
      throw ScenarioError(problem_.file +
                          ": [vehicle]: expected linear_damping = angular_damping = 0 and no ground contact (DMOC of "
                          "the helicopter transcribes the model of docs/models.md section 2 without them)");
    heliParams_ = heli.params();
    heliInertia_ = se3.inertia().diagonal();
    heliStart_ = se3.state().g;
    heliMu0_ = se3.state().mu;
    heli_ = std::make_unique<HelicopterDmoc>(problem_, heliParams_, heliInertia_, heliStart_, heliMu0_);
    for (std::size_t j = 0; j < problem_.obstacles.size(); ++j)
      if (HelicopterDmoc::obstacleDepth(problem_.obstacles[j], problem_.bodyRadius, heliStart_.x) > 0.0)
        refuseObstacleAtStart(static_cast<int>(j), "the helicopter's sphere of [body] radius");
    return;
  }
  if (problem_.vehicle == "boat") {
    Scenario sc = loadScenarioFromString(replayScenarioToml(problem_, ""), problem_.file, problem_.baseDir);
    const auto& se3 = dynamic_cast<const Se3Simulation&>(*sc.simulation);
    const auto& boat = dynamic_cast<const BoatForces&>(se3.forceModel());
    if (!boat.water().still())
      throw ScenarioError(problem_.file + ": key 'vehicle.waves': expected none (DMOC of the boat transcribes still "
                                          "water; a steady current and wind are fine)");
    boat_ = std::make_unique<BoatDmoc>(problem_, boat.params(), se3.inertia().diagonal(), se3.state().g, se3.state().mu);
    return;
  }
  if (problem_.vehicle == "sleigh-controlled") {
    Scenario sc = loadScenarioFromString(replayScenarioToml(problem_, ""), problem_.file, problem_.baseDir);
    const auto& sim = dynamic_cast<const ocp::ControlledSleighSimulation&>(*sc.simulation);
    sleigh_ = std::make_unique<SleighDmoc>(problem_, sim.params(), sim.state().q);
    return;
  }
  auto sim = simulation();
  if (problem_.vehicle == "snakeboard") {
    // Knot 0's memory as lie-nh's reset takes it (LieNhSnakeboard::reset).
    const auto& sb = static_cast<const SnakeboardModel&>(sim->model());
    const SnakeboardParams& p = sb.params();
    const NhState& s = sim->state();
    const Vec3 xi = sb.bodyVelocity(s);
    const double psiDot = s.qdot(SnakeboardModel::kPsi);
    const std::array<double, 9> start{s.q(0), s.q(1), s.q(2), s.q(3), s.q(4),
                                      p.mass * p.halfWheelbase * p.halfWheelbase * xi(0) + p.rotorInertia * psiDot,
                                      p.mass * xi(1), p.rotorInertia * (psiDot + xi(0)),
                                      2.0 * p.axleInertia * s.qdot(SnakeboardModel::kPhi)};
    snake_ = std::make_unique<SnakeboardDmoc>(problem_, p, start);
    return;
  }
  const auto& model = static_cast<const CarModel&>(sim->model());
  const NhState& s = sim->state();
  params_ = model.params();
  start_.theta = s.q(CarModel::kTheta);
  start_.x = s.q(CarModel::kX);
  start_.y = s.q(CarModel::kY);
  start_.psi = s.q(CarModel::kPsi);
  start_.sigma = s.q(CarModel::kSigma);
  start_.momentum = model.momentum(s);
  start_.sigmaDot = s.qdot(CarModel::kSigma);
  car_ = std::make_unique<CarDmoc>(problem_, params_, start_);
  if (const int j = car_->obstacleAtStart(); j >= 0) refuseObstacleAtStart(j, "the car's body");
}

// An obstacle on the start pose: no motion can leave it, and the rows (knots after the first)
// could not even see a box smaller than the car under it ("solved", the car driving out
// through it). Said at load, naming the obstacle.
void DmocSession::refuseObstacleAtStart(int j, const std::string& body) const {
  const Obstacle& o = problem_.obstacles[static_cast<std::size_t>(j)];
  throw ScenarioError(problem_.file + ": key 'obstacles[" + std::to_string(j) + "]': expected an obstacle clear of the start, got \"" +
                      shown(o.name, 80) + "\" overlapping " + body + " at its [initial] pose (move it or the start)");
}

DmocSession::KnotLayout DmocSession::knotLayout() const {
  if (car_) return {CarDmoc::kStride, CarDmoc::kKnotVars, car_->knots()};
  if (sleigh_) return {SleighDmoc::kStride, SleighDmoc::kKnotVars, sleigh_->knots()};
  if (snake_) return {SnakeboardDmoc::kStride, SnakeboardDmoc::kKnotVars, snake_->knots()};
  if (boat_) return {BoatDmoc::kStride, BoatDmoc::kKnotVars, boat_->knots()};
  return {HelicopterDmoc::kStride, HelicopterDmoc::kKnotVars, heli_->knots()};
}

void DmocSession::knotPose(const double* x, int k, Vec3& position, Quat& orientation) const {
  const double* v = x + knotLayout().stride * k;
  auto planar = [&](double px, double py, double theta) {
    position = Vec3(px, py, 0.0);
    orientation = Quat(Eigen::AngleAxisd(theta, Vec3::UnitZ()));
  };
  if (car_) return planar(v[CarDmoc::kX], v[CarDmoc::kY], v[CarDmoc::kTheta]);
  if (sleigh_) return planar(v[SleighDmoc::kX], v[SleighDmoc::kY], v[SleighDmoc::kTheta]);
  if (snake_) return planar(v[SnakeboardDmoc::kX], v[SnakeboardDmoc::kY], v[SnakeboardDmoc::kTheta]);
  // The helicopter and the boat: the same pose layout (unit quaternion, then position).
  static_assert(int(BoatDmoc::kQw) == int(HelicopterDmoc::kQw) && int(BoatDmoc::kX) == int(HelicopterDmoc::kX));
  using H = HelicopterDmoc;
  position = Vec3(v[H::kX], v[H::kY], v[H::kZ]);
  const Quat q(v[H::kQw], v[H::kQx], v[H::kQy], v[H::kQz]);
  orientation = q.norm() > 0.0 ? q.normalized() : Quat::Identity();
}

std::optional<DmocSession::Footprint> DmocSession::footprint() const {
  if (!car_) return std::nullopt;
  return Footprint{problem_.body.rearOverhang, problem_.body.frontOverhang, problem_.body.width, params_.wheelbase};
}

std::unique_ptr<PlanarSimulation> DmocSession::simulation(std::optional<double> h) const {
  Scenario sc = loadScenarioFromString(replayScenarioToml(problem_, "", h), problem_.file, problem_.baseDir);
  auto* planar = dynamic_cast<PlanarSimulation*>(sc.simulation.get());
  if (!planar) throw ScenarioError(problem_.file + ": key 'vehicle.type': expected a planar vehicle");
  sc.simulation.release();
  return std::unique_ptr<PlanarSimulation>(planar);
}

std::unique_ptr<Nlp> DmocSession::collocation() const {
  if (car_) return std::make_unique<CarCollocation>(problem_, params_, start_);
  if (heli_) return std::make_unique<HelicopterCollocation>(problem_, heliParams_, heliInertia_, heliStart_, heliMu0_);
  if (boat_)
    return std::make_unique<BoatCollocation>(problem_, boat_->params(), boat_->inertia(), boat_->startPose(),
                                             boat_->startMomentum());
  if (snake_) return std::make_unique<SnakeboardCollocation>(problem_, snake_->params(), snake_->start());
  return nullptr;
}

std::optional<DmocSession::CoarseStart> DmocSession::coarseStart(const SolveOptions& options) const {
  const std::vector<int>& levels = problem_.coarseKnots;
  // Not with free time: the levels would each find their own h.
  if (levels.empty() || !heli_ || heli_->freeTime() || options.warm || !options.initial.empty()) return std::nullopt;
  auto level = [&](int knots) {
    Problem p = problem_;
    p.knots = knots;
    return std::make_unique<HelicopterDmoc>(p, heliParams_, heliInertia_, heliStart_, heliMu0_);
  };
  CoarseStart out;
  SolveOptions o = options;
  o.progress = nullptr;  // iteration numbers restart per level; the result lists the levels
  // The iteration limit is the whole solve's: each level gets what the levels before left.
  for (std::size_t i = 0; i < levels.size(); ++i) {
    auto coarse = level(levels[i]);
    if (i > 0) o.initial = out.start.x;  // a finer level starts from the refined one before (solve below)
    o.maxIterations = options.maxIterations - out.iterations;
    SolveResult r = solveNlp(*coarse, o);
    out.iterations += r.iterations;
    out.seconds += r.seconds;
    out.profile += r.profile;
    out.levels.push_back({levels[i], r.iterations, r.cost, r.status, r.profile});
    const bool outOfIterations = r.status == SolveStatus::IterationLimit && out.iterations >= options.maxIterations &&
                                 !r.solution.x.empty() &&
                                 std::all_of(r.solution.x.begin(), r.solution.x.end(), [](double v) { return std::isfinite(v); });
    if (r.status != SolveStatus::Solved && !outOfIterations) {
      out.failed = r.status;
      return out;
    }
    // The last iterate refined level by level to the fine mesh. Where the limit ran out in a
    // coarse level, that is the best iterate (the fine level evaluates it and stops): the
    // default guess was written instead, the coarse levels' progress thrown away.
    // A solved level is refined to the next one, which solves from there.
    out.start = r.solution;
    std::unique_ptr<HelicopterDmoc> from = std::move(coarse);
    for (std::size_t j = i + 1, last = outOfIterations ? levels.size() : i + 1; j <= last; ++j) {
      std::unique_ptr<HelicopterDmoc> finer = j < levels.size() ? level(levels[j]) : nullptr;
      out.start = (finer ? *finer : *heli_).refine(*from, out.start);
      from = std::move(finer);
    }
    if (outOfIterations) {
      out.failed = r.status;
      out.usable = true;
      return out;
    }
  }
  out.usable = true;
  return out;
}

SolveResult DmocSession::solve(const SolveOptions& options) const { return solve(options, nlp()); }

SolveResult DmocSession::solve(const SolveOptions& options, const Nlp& same) const {
  std::optional<CoarseStart> coarse = coarseStart(options);
  if (!coarse) return solveNlp(same, options);
  // The refined start is near-optimal but not feasible to tolerance (the landing's: violation
  // 5 in IPOPT's scaled measure). It starts the solve as a primal point only, with the
  // problem's own barrier: on eight landings (goal x 28-31 m, start speed 4-6 m/s) the fine
  // level took 20-40 iterations that way, against 18-62 as a warm start with the refined
  // multipliers and the monotone barrier from 1e-9 restarted after 40, and 22-41 warm with
  // the adaptive barrier; the same optima (docs/optimize.md, "Coarse-to-fine cold start").
  SolveOptions o = options;
  if (coarse->usable) o.initial = coarse->start.x;
  // What the coarse levels left of the limit (0: IPOPT evaluates the start and reports the
  // iteration limit, the start being the best iterate).
  o.maxIterations = std::max(0, options.maxIterations - coarse->iterations);
  SolveResult r = solveNlp(same, o);
  r.iterations += coarse->iterations;
  r.seconds += coarse->seconds;
  r.profile += coarse->profile;
  r.levels = std::move(coarse->levels);
  return r;
}

std::vector<std::string> DmocSession::channels() const {
  if (heli_) return {"collective", "tail", "cyclic_pitch", "cyclic_roll"};
  if (sleigh_) return {"u1", "u2"};
  if (snake_) return {"rotor_torque", "steer_torque"};
  if (boat_) return {"thrust_right", "thrust_left"};
  return {"drive_torque", "steer_rate"};
}

std::optional<std::string> DmocSession::replayFailure(const std::vector<double>& x, double replay) const {
  if (replay <= kReplayTolerance) return std::nullopt;
  char b[320];
  std::snprintf(b, sizeof b,
                "the simulator's replay leaves the plan by %.3g m at h = %.4g s (the plan holds the discrete equations, "
                "but the discrete motion is unstable at this h: lower it with more knots, a shorter horizon or free_time)",
                replay, timeStep(x));
  return std::string(b);
}

// An infeasible problem's cause is the inequality it cannot meet (a goal inside an obstacle);
// the dynamics rows (equalities) IPOPT leaves broken depend on where it started: a cold solve
// ends with them met and the obstacle row violated, a warm one from the previous solution with
// the last step's update off by metres. Naming the worst violated inequality (above the solve's
// tolerance) tells both the same cause.
std::string DmocSession::failureLine(const SolveResult& r) const {
  if (r.status == SolveStatus::Solved) return "solved";
  std::string line = r.message;
  if (r.refusedAtStart) return line;
  const Nlp& p = nlp();
  int which = r.worstConstraint;
  double violation = r.maxViolation;
  if (r.solution.x.size() == static_cast<std::size_t>(p.numVariables())) {
    std::vector<double> xl, xu, gl, gu;
    p.bounds(xl, xu, gl, gu);
    std::vector<double> g(static_cast<std::size_t>(p.numConstraints()));
    p.constraints(r.solution.x.data(), g.data(), nullptr);
    double worstInequality = defaultOptions().constraintTolerance;
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (gl[i] == gu[i] || !std::isfinite(g[i])) continue;
      const double v = std::max({0.0, gl[i] - g[i], g[i] - gu[i]});
      if (v > worstInequality) {
        worstInequality = v;
        which = static_cast<int>(i);
        violation = v;
      }
    }
  }
  if (which >= 0 && violation > 1e-9) line += ": " + p.describe(which, r.solution.x.data(), violation);
  // The inequality named first, but a far larger broken equation said too: an unreachable
  // waypoint was met by a 12 m jump in the dynamics, and the line named only the final speed.
  if (which != r.worstConstraint && r.worstConstraint >= 0 && r.maxViolation > 10.0 * std::max(violation, 1e-9))
    line += "; the largest violation: " + p.describe(r.worstConstraint, r.solution.x.data(), r.maxViolation) +
            (problem_.waypoints.empty() ? "" : " (is a waypoint out of reach?)");
  return line;
}

void DmocSession::simulate(const CarTrajectory& controls, double h, CarTrajectory& out) const {
  auto sim = simulation(h);
  const int n = car_->knots();
  std::vector<double> t;
  for (int k = 0; k < n; ++k) t.push_back((k + 0.5) * h);
  ControlSet& c = sim->controls();
  c.set(CarModel::kDriveTorque, std::make_unique<SampledSignal>(t, controls.driveTorque));
  c.set(CarModel::kSteerRate, std::make_unique<SampledSignal>(t, controls.steerRate));
  out = CarTrajectory{};
  for (int k = 0; k <= n; ++k) {
    if (k > 0) sim->step();
    const NhState& s = sim->state();
    out.t.push_back(sim->time());
    out.theta.push_back(s.q(CarModel::kTheta));
    out.x.push_back(s.q(CarModel::kX));
    out.y.push_back(s.q(CarModel::kY));
    out.psi.push_back(s.q(CarModel::kPsi));
    out.sigma.push_back(s.q(CarModel::kSigma));
    out.psiDot.push_back(s.qdot(CarModel::kPsi));
    out.sigmaDot.push_back(s.qdot(CarModel::kSigma));
  }
  out.driveTorque = controls.driveTorque;
  out.steerRate = controls.steerRate;
}

std::vector<Vec3> DmocSession::simulateHelicopter(const HelicopterTrajectory& tr) const {
  // The plan's own step (a free-time solution's), t_1 = h.
  const std::optional<double> h = tr.t.size() > 1 ? std::optional<double>(tr.t[1]) : std::nullopt;
  Scenario sc = loadScenarioFromString(replayScenarioToml(problem_, "", h), problem_.file, problem_.baseDir);
  ControlSet& c = sc.simulation->controls();
  for (std::size_t ch = 0; ch < tr.inputs.front().size(); ++ch) {
    std::vector<double> y;
    for (const auto& u : tr.inputs) y.push_back(u[ch]);
    c.set(ch, std::make_unique<SampledSignal>(tr.t, y));
  }
  const auto& se3 = dynamic_cast<const Se3Simulation&>(*sc.simulation);
  std::vector<Vec3> out{se3.state().g.x};
  for (std::size_t k = 1; k < tr.t.size(); ++k) {
    sc.simulation->step();
    out.push_back(se3.state().g.x);
  }
  return out;
}

std::vector<std::array<double, 5>> DmocSession::simulateSleigh(const SleighTrajectory& tr) const {
  Scenario sc = loadScenarioFromString(replayScenarioToml(problem_, ""), problem_.file, problem_.baseDir);
  const double h = sleigh_->timeStep();
  std::vector<double> t;
  for (std::size_t k = 0; k < tr.u1.size(); ++k) t.push_back((static_cast<double>(k) + 0.5) * h);
  ControlSet& c = sc.simulation->controls();
  c.set(0, std::make_unique<SampledSignal>(t, tr.u1));
  c.set(1, std::make_unique<SampledSignal>(t, tr.u2));
  const auto& sim = dynamic_cast<const ocp::ControlledSleighSimulation&>(*sc.simulation);
  std::vector<std::array<double, 5>> out{sim.state().q};
  for (std::size_t k = 0; k < tr.u1.size(); ++k) {
    sc.simulation->step();
    out.push_back(sim.state().q);
  }
  return out;
}

std::vector<std::array<double, 3>> DmocSession::simulateSnakeboard(const SnakeboardTrajectory& tr) const {
  const double h = tr.t.size() > 1 ? tr.t[1] : snake_->timeStep();  // the plan's own step (t_1 = h)
  auto sim = simulation(h);
  std::vector<double> t;
  for (std::size_t k = 0; k < tr.tauPsi.size(); ++k) t.push_back((static_cast<double>(k) + 0.5) * h);
  ControlSet& c = sim->controls();
  c.set(SnakeboardModel::kRotorTorque, std::make_unique<SampledSignal>(t, tr.tauPsi));
  c.set(SnakeboardModel::kSteerTorque, std::make_unique<SampledSignal>(t, tr.tauPhi));
  std::vector<std::array<double, 3>> out;
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    if (k > 0) sim->step();
    const NhState& s = sim->state();
    out.push_back({s.q(0), s.q(1), s.q(2)});
  }
  return out;
}

double DmocSession::replayError(const std::vector<double>& x) const {
  if (snake_) {
    const SnakeboardTrajectory tr = snake_->trajectory(x);
    const auto sim = simulateSnakeboard(tr);
    double worst = 0.0;
    for (std::size_t k = 0; k < sim.size(); ++k)
      worst = std::max(worst, std::hypot(sim[k][1] - tr.knot[k][1], sim[k][2] - tr.knot[k][2]));
    return worst;
  }
  if (sleigh_) {
    const SleighTrajectory tr = sleigh_->trajectory(x);
    const auto sim = simulateSleigh(tr);
    double worst = 0.0;
    for (std::size_t k = 0; k < sim.size(); ++k)
      worst = std::max(worst, std::hypot(sim[k][0] - tr.state[k][0], sim[k][1] - tr.state[k][1]));
    return worst;
  }
  if (heli_ || boat_) {
    const HelicopterTrajectory tr = heli_ ? heli_->trajectory(x) : boat_->trajectory(x);
    const std::vector<Vec3> sim = simulateHelicopter(tr);
    double worst = 0.0;
    for (std::size_t k = 0; k < sim.size(); ++k) worst = std::max(worst, (sim[k] - tr.g[k].x).norm());
    return worst;
  }
  const CarTrajectory opt = car_->trajectory(x);
  CarTrajectory sim;
  simulate(opt, car_->timeStep(x), sim);
  double worst = 0.0;
  for (std::size_t k = 0; k < opt.x.size(); ++k)
    worst = std::max(worst, std::hypot(sim.x[k] - opt.x[k], sim.y[k] - opt.y[k]));
  return worst;
}

namespace {

// The run CSV of an SE(3) vehicle's optimised trajectory (docs/formats.md sections 3 and 4),
// the columns `lieride sim` writes for the replay: per knot the state at t_k as the simulator
// forms it, mu_k = pi-_k + h/2 f_k with f_k at the simulator's two-pass velocity estimate
// (mu_0 is the start's; the helicopter's wrench does not depend on the velocity), the velocity
// I^-1 mu_k, the energy and the spatial momentum of that state, the largest residual of the
// step rows into knot k, and the discrete velocity xi_k of the step that starts there (the
// last knot, where no step of the plan starts, repeats wx..vz). Dmoc: HelicopterDmoc or BoatDmoc.
template <class Dmoc>
void writeSe3Csv(const Problem& problem, const Dmoc& dmoc, const std::vector<double>& x, std::ostream& out) {
  const HelicopterTrajectory tr = dmoc.trajectory(x);
  const double h = tr.t.size() > 1 ? tr.t[1] : dmoc.timeStep();  // a free-time plan's own step
  Scenario sc = loadScenarioFromString(replayScenarioToml(problem, "", h), problem.file, problem.baseDir);
  const auto& se3 = dynamic_cast<const Se3Simulation&>(*sc.simulation);
  const auto& forces = se3.forceModel();
  std::vector<double> g(static_cast<std::size_t>(dmoc.numConstraints()));
  dmoc.constraints(x.data(), g.data(), nullptr);
  const auto stepRows = static_cast<std::size_t>(Dmoc::kStepRows);
  const auto cols = runCsvColumns(se3);
  for (std::size_t i = 0; i < cols.size(); ++i) out << (i ? "," : "") << cols[i];
  out << '\n';
  const Vec6 Id = se3.inertia().diagonal();
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    InputVec u(static_cast<Eigen::Index>(tr.inputs[k].size()));
    for (Eigen::Index c = 0; c < u.size(); ++c) u(c) = tr.inputs[k][static_cast<std::size_t>(c)];
    Vec6 mu = se3.state().mu;
    if (k > 0) {
      const Vec6 xp = tr.xi[k - 1], ip = Id.cwiseProduct(xp);
      const Vec6 piMinus = ip + 0.5 * h * se3::adTranspose(xp, ip);
      const Vec6 f0 = forces.wrench(tr.t[k], tr.g[k], piMinus.cwiseQuotient(Id), u);
      mu = piMinus + 0.5 * h * forces.wrench(tr.t[k], tr.g[k], (piMinus + 0.5 * h * f0).cwiseQuotient(Id), u);
    }
    const Vec6 v6 = mu.cwiseQuotient(Id);
    const SE3& p = tr.g[k];
    std::vector<double> v{tr.t[k], p.x.x(), p.x.y(), p.x.z(), p.q.w(), p.q.x(), p.q.y(), p.q.z()};
    for (int i = 0; i < 6; ++i) v.push_back(v6(i));
    for (Eigen::Index c = 0; c < u.size(); ++c) v.push_back(u(c));
    v.push_back(0.5 * v6.dot(mu) + forces.potentialEnergy(p));
    const Vec3 lin = p.q * mu.tail<3>();
    const Vec3 L = p.q * mu.head<3>() + p.x.cross(lin);
    v.insert(v.end(), {lin.x(), lin.y(), lin.z(), L.x(), L.y(), L.z(), 0.0});
    double residual = 0.0;
    if (k > 0)
      for (std::size_t r = 0; r < stepRows; ++r) residual = std::max(residual, std::abs(g[(k - 1) * stepRows + r]));
    const Vec6 xiK = k < tr.xi.size() ? tr.xi[k] : v6;
    const std::string status = planRowStatus(v, {residual, xiK.sum()});
    writeCsvCells(out, v);  // t to 15 digits, as the replay's run CSV
    out << ',' << status << ',';
    writeCsvNumber(out, residual);
    for (int i = 0; i < 6; ++i) {
      out << ',';
      writeCsvNumber(out, xiK(i));
    }
    out << '\n';
    if (status != "ok") break;  // nothing after a diverged row (a best iterate far off)
  }
}

// The run CSV of a planar (lie-nh) vehicle's optimised trajectory: per knot the state at t_k as
// the simulator holds it (stateAt(k)), its energy, momentum and constraint residual, the largest
// residual of the `stepRows` dynamics rows into knot k and lie-nh's own step residual.
template <class StateAt>
void writeNhPlanCsv(const PlanarSimulation& sim, const std::vector<double>& t, StateAt stateAt,
                    const std::vector<double>& g, int stepRows, double h, std::ostream& out) {
  const auto& model = sim.model();
  const auto cols = runCsvColumns(sim);
  for (std::size_t i = 0; i < cols.size(); ++i) out << (i ? "," : "") << cols[i];
  out << '\n';
  NhState prev;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const NhState s = stateAt(k);
    std::vector<double> v{t[k]};
    model.stateRow(s, v);
    v.push_back(model.energy(s));
    v.push_back(model.momentum(s));
    v.push_back(model.constraintResidual(s));
    double residual = 0.0;
    if (k > 0)
      for (int r = 0; r < stepRows; ++r)
        residual = std::max(residual, std::abs(g[(k - 1) * static_cast<std::size_t>(stepRows) + static_cast<std::size_t>(r)]));
    const double stepC = k > 0 ? model.stepResidual(prev, s, h, 0.5) : 0.0;
    prev = s;
    const std::string status = planRowStatus(v, {residual, stepC});
    writeCsvCells(out, v);  // t to 15 digits, as the replay's run CSV
    out << ",0," << status << ',';  // iters, status
    writeCsvNumber(out, residual);
    out << ',';
    writeCsvNumber(out, stepC);
    out << '\n';
    if (status != "ok") break;  // nothing after a diverged row
  }
}

}  // namespace

void DmocSession::writeSleighCsv(const std::vector<double>& x, std::ostream& out) const {
  Scenario sc = loadScenarioFromString(replayScenarioToml(problem_, ""), problem_.file, problem_.baseDir);
  const auto cols = runCsvColumns(*sc.simulation);
  for (std::size_t i = 0; i < cols.size(); ++i) out << (i ? "," : "") << cols[i];
  out << ",residual\n";
  const SleighTrajectory tr = sleigh_->trajectory(x);
  const ocp::SleighOcpParams& p = dynamic_cast<const ocp::ControlledSleighSimulation&>(*sc.simulation).params();
  std::vector<double> g(static_cast<std::size_t>(sleigh_->numConstraints()));
  sleigh_->constraints(x.data(), g.data(), nullptr);
  const std::size_t n = tr.u1.size();
  for (std::size_t k = 0; k < tr.t.size(); ++k) {
    const auto& s = tr.state[k];
    double phi = 0.0, residual = 0.0;
    if (k > 0) {
      ocp::PVec a(3), b(3);
      a << tr.state[k - 1][0], tr.state[k - 1][1], tr.state[k - 1][2];
      b << s[0], s[1], s[2];
      phi = ocp::discreteConstraint(a, b);
      for (int r = 0; r < SleighDmoc::kStepRows; ++r)
        residual = std::max(residual, std::abs(g[(k - 1) * SleighDmoc::kStepRows + static_cast<std::size_t>(r)]));
    }
    // Columns of the simulator's run CSV (docs/formats.md section 3); u1, u2: the controls of
    // the step leaving knot k (the last step's at t_N).
    const std::size_t step = std::min(k, n - 1);
    const double energy = 0.5 * (s[4] * s[4] / p.mass + s[3] * s[3] / p.inertia);
    const std::vector<double> v{tr.t[k], s[0], s[1], s[2], s[3] / p.inertia, s[4] / p.mass, 0.0, energy, 0.0, 0.0, 0.0};
    const double tail[4] = {tr.u1[step], tr.u2[step], phi, residual};
    const std::string status = planRowStatus(v, {tail[0], tail[1], tail[2], tail[3]});
    writeCsvCells(out, v);  // t to 15 digits, as the replay's run CSV
    out << ',' << status << ',';
    for (int i = 0; i < 4; ++i) {
      if (i) out << ',';
      writeCsvNumber(out, tail[i]);
    }
    out << '\n';
    if (status != "ok") break;  // nothing after a diverged row
  }
}

void DmocSession::writeSnakeboardCsv(const std::vector<double>& x, std::ostream& out) const {
  auto sim = simulation();
  const auto& model = static_cast<const SnakeboardModel&>(sim->model());
  const SnakeboardTrajectory tr = snake_->trajectory(x);
  std::vector<double> g(static_cast<std::size_t>(snake_->numConstraints()));
  snake_->constraints(x.data(), g.data(), nullptr);
  // The continuous state the simulator holds at t_k (lie-nh's Legendre transform of the memory).
  const auto stateAt = [&](std::size_t k) {
    const auto& z = tr.knot[k];
    const auto [w, psiDot, phiDot] = snake_->velocities(z);
    return model.stateFrom({z[0], z[1], z[2]}, z[3], z[4], psiDot, phiDot, model.momentumFrom(z[4], psiDot, w));
  };
  writeNhPlanCsv(*sim, tr.t, stateAt, g, SnakeboardDmoc::kStepRows, snake_->timeStep(x), out);
}

void DmocSession::writeTrajectoryCsv(const std::vector<double>& x, std::ostream& out) const {
  if (heli_) return writeSe3Csv(problem_, *heli_, x, out);
  if (snake_) return writeSnakeboardCsv(x, out);
  if (boat_) return writeSe3Csv(problem_, *boat_, x, out);
  if (sleigh_) return writeSleighCsv(x, out);
  auto sim = simulation();
  const auto& model = static_cast<const CarModel&>(sim->model());
  const CarTrajectory tr = car_->trajectory(x);
  std::vector<double> g(static_cast<std::size_t>(car_->numConstraints()));
  car_->constraints(x.data(), g.data(), nullptr);
  const auto stateAt = [&](std::size_t k) {
    return model.stateFrom({tr.theta[k], tr.x[k], tr.y[k]}, tr.psi[k], tr.sigma[k], tr.psiDot[k], tr.sigmaDot[k]);
  };
  writeNhPlanCsv(*sim, tr.t, stateAt, g, CarDmoc::kDynamicsRows, car_->timeStep(x), out);
}

void DmocSession::writeControlsCsv(const std::vector<double>& x, std::ostream& out) const {
  // One sampled-signal row: t, then the channels (docs/formats.md, controls files).
  auto row = [&out](double t, std::initializer_list<double> values) {
    writeCsvNumber(out, t);
    for (double v : values) {
      out << ',';
      writeCsvNumber(out, v);
    }
    out << '\n';
  };
  out << 't';
  for (const auto& c : channels()) out << ',' << c;
  out << '\n';
  if (heli_ || boat_) {
    const HelicopterTrajectory tr = heli_ ? heli_->trajectory(x) : boat_->trajectory(x);
    for (std::size_t k = 0; k < tr.t.size(); ++k) {
      writeCsvNumber(out, tr.t[k]);
      for (double u : tr.inputs[k]) {
        out << ',';
        writeCsvNumber(out, u);
      }
      out << '\n';
    }
    return;
  }
  // The nonholonomic steps read their controls at the step's midpoint t_k + h/2.
  auto mid = [](std::size_t k, double h) { return (static_cast<double>(k) + 0.5) * h; };
  if (snake_) {
    const SnakeboardTrajectory tr = snake_->trajectory(x);
    for (std::size_t k = 0; k < tr.tauPsi.size(); ++k) row(mid(k, snake_->timeStep(x)), {tr.tauPsi[k], tr.tauPhi[k]});
    return;
  }
  if (sleigh_) {
    const SleighTrajectory tr = sleigh_->trajectory(x);
    for (std::size_t k = 0; k < tr.u1.size(); ++k) row(mid(k, sleigh_->timeStep()), {tr.u1[k], tr.u2[k]});
    return;
  }
  const CarTrajectory tr = car_->trajectory(x);
  const double h = car_->timeStep(x);
  for (std::size_t k = 0; k < tr.driveTorque.size(); ++k) row(mid(k, h), {tr.driveTorque[k], tr.steerRate[k]});
}

std::string DmocSession::replayScenario(const std::string& controlsFile, const std::vector<double>& x) const {
  std::ostringstream s;
  s << "# Replays the optimal controls of " << shown(problem_.file, 200) << " (lieride optimize, DMOC) with the\n"
    << "# same integrator and step: lieride sim reproduces the optimised poses (docs/formats.md section 4).\n";
  s << replayScenarioToml(problem_, "file = \"" + controlsFile + "\"", timeStep(x));
  return s.str();
}

}  // namespace lieride::opt
