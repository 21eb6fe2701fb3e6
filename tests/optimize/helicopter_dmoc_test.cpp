// DMOC of the helicopter on the lie-cay-tln updates (docs/formats.md section 4): analytic
// Jacobian against central differences; the optimal controls replayed by the simulator.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <map>
#include <random>

#include "lieride/optimize/dmoc.hpp"
#include "nlp_check.hpp"
#include "problem_fixtures.hpp"

using namespace lieride;
using namespace lieride::opt;
using namespace lieride::opt::test;

namespace {

// The shared goal with more cost and smoothness terms, a body radius and a box to avoid.
const std::string kSmall = joined({kHelicopterVehicle, kHelicopterProblem, kHelicopterGoal,
                                   "cyclic_pitch = 1.0\n[cost.smoothness]\ncyclic_roll = 1.0\n[body]\nradius = 0.5\n",
                                   kHelicopterBox});

}  // namespace

TEST_CASE("helicopter DMOC: analytic constraint Jacobian matches central differences to 1e-7", "[optimize]") {
  const DmocSession s(loadProblemFromString(kSmall, "small.toml", "."));
  const JacobianCheck j = jacobianCheck(s.nlp(), jitteredGuess(s.nlp(), 3, 0.3));
  INFO(j);
  CHECK(j.error < 1e-7);
}

TEST_CASE("helicopter DMOC: the cost gradient matches central differences", "[optimize]") {
  const DmocSession s(loadProblemFromString(kSmall, "small.toml", "."));
  const std::vector<double> x = jitteredGuess(s.nlp(), 5, 0.3);
  CHECK(costGradientError(s.nlp(), x) < 1e-7);
}

TEST_CASE("helicopter DMOC: helicopter-landing solves and the simulator replays it to 1e-8 m", "[optimize]") {
  const DmocSession s(loadProblem(std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/helicopter-landing.toml"));
  const SolveResult r = s.solve(s.defaultOptions());
  INFO(s.failureLine(r));
  REQUIRE(r.status == SolveStatus::Solved);
  CHECK(r.maxViolation <= 1e-8);
  CHECK(s.replayError(r.solution.x) <= 1e-8);
  // Coarse-to-fine ([problem] coarse_knots = [16]): the 16-knot level solved first, and the
  // optimum is the one the direct cold solve from the default guess finds.
  REQUIRE(r.levels.size() == 1);
  CHECK(r.levels[0].knots == 16);
  CHECK(r.levels[0].status == SolveStatus::Solved);
  // The level's own CPU time is part of the whole solve's, and so are its callbacks'.
  CHECK(r.levels[0].profile.total > 0.0);
  CHECK(r.levels[0].profile.total < r.profile.total);
  CHECK(r.levels[0].profile.hessian > 0.0);
  CHECK(r.levels[0].profile.hessian < r.profile.hessian);
  Problem direct = s.problem();
  direct.coarseKnots.clear();
  const DmocSession d(direct);
  const SolveResult rd = d.solve(d.defaultOptions());
  REQUIRE(rd.status == SolveStatus::Solved);
  CHECK(rd.levels.empty());
  CHECK(std::abs(r.cost - rd.cost) <= 1e-6 * rd.cost);
  const HelicopterTrajectory tr = s.helicopter().trajectory(r.solution.x);
  // At rest on its skids on the pad: the goal puts the body origin skid_depth above it.
  const HelicopterParams heli;  // the problem's helicopter has the default skids
  CHECK((tr.g.back().x - Vec3(30.0, 0.0, heli.skidDepth)).norm() <= 0.02);
  double lowestSkid = 1e9;
  for (const SE3& g : tr.g) {
    CHECK(g.x.z() >= heli.skidDepth - 1e-8);  // the altitude bound on the body origin
    for (double sx : {-0.5, 0.5})
      for (double sy : {-0.5, 0.5})
        lowestSkid = std::min(lowestSkid, (g.x + g.q * Vec3(sx * heli.skidLength, sy * heli.skidTrack, -heli.skidDepth)).z());
  }
  INFO("lowest skid end " << lowestSkid << " m");
  CHECK(lowestSkid >= -0.01);  // the skids never (more than 1 cm) under the ground
  // Level at the end: the body z axis is vertical to within the heading tolerance.
  CHECK((tr.g.back().q * Vec3::UnitZ()).z() >= std::cos(0.02));
}

TEST_CASE("helicopter DMOC: the fine level starts from the refined primal point with the problem's barrier",
          "[optimize]") {
  // The landing with its goal 1 m nearer (29 m) from the straight guess (no guess_via): started
  // as a warm start (the refined multipliers, the monotone barrier from 1e-9, restarted with
  // the adaptive one after 40 iterations) the 48-knot level took 61 iterations; from the
  // refined primal point with the problem's quality-function barrier it takes 29. The optimum
  // is the direct cold solve's.
  Problem p = loadProblem(std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/helicopter-landing.toml");
  p.goal.position3 = Vec3(29.0, 0.0, p.goal.position3->z());
  p.guessVia.reset();
  const DmocSession s(p);
  const SolveResult r = s.solve(s.defaultOptions());
  INFO(s.failureLine(r));
  REQUIRE(r.status == SolveStatus::Solved);
  REQUIRE(r.levels.size() == 1);
  const int fine = r.iterations - r.levels[0].iterations;
  INFO("fine level " << fine << " iterations");
  CHECK(fine <= 40);
  CHECK(s.replayError(r.solution.x) <= 1e-8);
  p.coarseKnots.clear();
  const DmocSession d(p);
  const SolveResult rd = d.solve(d.defaultOptions());
  REQUIRE(rd.status == SolveStatus::Solved);
  CHECK(std::abs(r.cost - rd.cost) <= 1e-6 * rd.cost);
}

TEST_CASE("helicopter DMOC: refine keeps the coarse knots, satisfies the fine reconstruction rows inside each coarse "
          "step and rescales the per-knot multipliers",
          "[optimize]") {
  auto load = [](int knots) {
    std::string text = kSmall;
    text.replace(text.find("knots = 5"), 9, "knots = " + std::to_string(knots));
    return loadProblemFromString(text, "small.toml", ".");
  };
  const DmocSession cs(load(3)), fs(load(9));  // r = 3
  const HelicopterDmoc &coarse = cs.helicopter(), &fine = fs.helicopter();
  WarmStart c;
  coarse.initialGuess(c.x);
  const auto nc = c.x.size(), mc = static_cast<std::size_t>(coarse.numConstraints());
  c.lambda.assign(mc, 0.7);
  c.zL.assign(nc, 0.2);
  c.zU.assign(nc, 0.3);
  const WarmStart f = fine.refine(coarse, c);
  REQUIRE(f.x.size() == static_cast<std::size_t>(fine.numVariables()));
  REQUIRE(f.lambda.size() == static_cast<std::size_t>(fine.numConstraints()));
  using H = HelicopterDmoc;
  auto at = [](const std::vector<double>& v, int i) { return v[static_cast<std::size_t>(i)]; };
  for (int j = 0; j <= 3; ++j)
    for (int a = 0; a < H::kKnotVars; ++a) CHECK(at(f.x, H::var(3 * j, a)) == at(c.x, H::var(j, a)));
  for (int j = 0; j < 3; ++j)
    for (int ch = 0; ch < 4; ++ch)
      CHECK(at(f.x, H::var(3 * j + 1, H::kUc + ch)) ==
            Approx((2.0 * at(c.x, H::var(j, H::kUc + ch)) + at(c.x, H::var(j + 1, H::kUc + ch))) / 3.0).epsilon(1e-12));
  std::vector<double> g(static_cast<std::size_t>(fine.numConstraints()));
  fine.constraints(f.x.data(), g.data(), nullptr);
  for (int k = 0; k < 9; ++k) {
    if (k % 3 == 2) continue;  // the step into the next coarse knot closes only to the Cayley map's O(h^3)
    for (int row = 6; row < H::kStepRows; ++row) CHECK(std::abs(at(g, H::kStepRows * k + row)) <= 1e-12);
  }
  // Step and goal rows: interpolated (constant stays constant); obstacle rows (knots 1..N,
  // after the 6 goal-velocity and 3 goal-attitude rows): divided by r = 3; bounds likewise, the
  // last knot's kept.
  const int goalRows = 6 + 3;
  REQUIRE(fine.numConstraints() == H::kStepRows * 9 + goalRows + 9);  // one box
  for (int i = 0; i < H::kStepRows * 9 + goalRows; ++i) CHECK(at(f.lambda, i) == Approx(0.7).epsilon(1e-12));
  for (int i = H::kStepRows * 9 + goalRows; i < fine.numConstraints(); ++i)
    CHECK(at(f.lambda, i) == Approx(0.7 / 3.0).epsilon(1e-12));
  CHECK(at(f.zL, H::var(4, H::kUc)) == Approx(0.2 / 3.0).epsilon(1e-12));
  CHECK(at(f.zU, H::var(4, H::kZ)) == Approx(0.3 / 3.0).epsilon(1e-12));
  CHECK(at(f.zL, H::var(9, H::kUc)) == Approx(0.2).epsilon(1e-12));
}

TEST_CASE("helicopter DMOC: the smooth box constraint admits only spheres clear of the box", "[optimize]") {
  Obstacle o;
  o.kind = Obstacle::Kind::Box;
  o.center3 = Vec3(1.0, -2.0, 3.0);
  o.halfSize3 = Vec3(4.0, 0.5, 2.0);
  o.heading = 0.7;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-8.0, 8.0);
  int admitted = 0;
  for (int i = 0; i < 20000; ++i) {
    const Vec3 p = o.center3 + Vec3(u(rng), u(rng), u(rng));
    if (HelicopterDmoc::obstacleValue(o, 0.8, p, nullptr) < 0.0) continue;
    ++admitted;
    CHECK(HelicopterDmoc::obstacleDepth(o, 0.8, p) <= 0.0);  // the sphere does not touch the box
  }
  CHECK(admitted > 10000);
}

TEST_CASE("helicopter DMOC: helicopter-canyon solves from its default guess, clear of the walls, replayed to 1e-8 m",
          "[optimize]") {
  const DmocSession s(loadProblem(problemPath("helicopter-canyon")));
  REQUIRE(s.problem().obstacles.size() >= 8);
  const SolveResult r = s.solve(s.defaultOptions());
  INFO(s.failureLine(r));
  REQUIRE(r.status == SolveStatus::Solved);
  CHECK(r.maxViolation <= 1e-8);
  CHECK(s.replayError(r.solution.x) <= 1e-8);
  const HelicopterTrajectory tr = s.helicopter().trajectory(r.solution.x);
  CHECK((tr.g.back().x - Vec3(80.0, 0.0, 10.0)).lpNorm<Eigen::Infinity>() <= 0.05 + 1e-8);
  for (std::size_t k = 1; k < tr.g.size(); ++k)
    for (const Obstacle& o : s.problem().obstacles)
      CHECK(HelicopterDmoc::obstacleDepth(o, s.problem().bodyRadius, tr.g[k].x) < 0.0);
  // It went round the bends: the centre line reaches y = 16 between x = 40 and 60.
  double ymax = 0.0;
  for (const SE3& g : tr.g) ymax = std::max(ymax, g.x.y());
  CHECK(ymax > 10.0);
}

// The landing's default guess is trimmed to its path (HelicopterDmoc::trimGuess): the attitude
// and position rows (Eq. 9) hold to round-off, the torque rows too (the cyclic and tail inputs
// are solved for), and the force rows miss only by the thrust the cyclic tilts away,
// h u_c (1 - cos gp cos gr) along the rotor axis and h u_c |sin| sideways. Step 0 is left out
// of the force check: the start attitude is given, so its thrust cannot be tilted to the path.
TEST_CASE("helicopter DMOC: the landing's trimmed guess satisfies the reconstruction and torque rows", "[optimize]") {
  Problem straight = loadProblem(problemPath("helicopter-landing"));
  straight.guessVia.reset();  // the quintic alone (the bend asks for up to three times the cyclic)
  const DmocSession s(straight);
  const HelicopterDmoc& heli = s.helicopter();
  std::vector<double> x;
  heli.initialGuess(x);
  std::vector<double> g(static_cast<std::size_t>(heli.numConstraints()));
  heli.constraints(x.data(), g.data(), nullptr);
  const double h = heli.timeStep();
  double worstPose = 0.0, worstTorque = 0.0, worstForce = 0.0, forceBound = 0.0;
  for (int k = 0; k < heli.knots(); ++k) {
    const auto row = [&](int i) { return std::abs(g[static_cast<std::size_t>(HelicopterDmoc::kStepRows * k + i)]); };
    for (int i = 6; i < 13; ++i) worstPose = std::max(worstPose, row(i));
    for (int i = 0; i < 3; ++i) worstTorque = std::max(worstTorque, row(i));
    const auto u = [&](int c) { return x[static_cast<std::size_t>(HelicopterDmoc::var(k, c))]; };
    const double tilt = std::abs(std::sin(u(HelicopterDmoc::kGp))) + std::abs(std::sin(u(HelicopterDmoc::kGr)));
    const double bound = h * u(HelicopterDmoc::kUc) * 2.0 * tilt;
    if (k == 0) continue;
    for (int i = 3; i < 6; ++i) {
      worstForce = std::max(worstForce, row(i));
      CHECK(row(i) <= bound + 1e-9);
    }
    forceBound = std::max(forceBound, bound);
  }
  INFO("pose rows " << worstPose << ", torque rows " << worstTorque << ", force rows " << worstForce << " (bound "
                    << forceBound << ")");
  CHECK(worstPose <= 1e-10);
  CHECK(worstTorque <= 1e-10);
  CHECK(forceBound <= 0.5);  // the cyclic stays small: the guess is nearly dynamically consistent
}

TEST_CASE("helicopter DMOC: guess_via bends the trimmed guess through its point at half the horizon", "[optimize]") {
  // The landing ships guess_via = [20, -2, 5]; knots = 48, so knot 24 is t = T/2.
  const Problem bent = loadProblem(problemPath("helicopter-landing"));
  REQUIRE(bent.guessVia);
  Problem straight = bent;
  straight.guessVia.reset();
  const DmocSession sb(bent), ss(straight);
  std::vector<double> xb, xs;
  sb.helicopter().initialGuess(xb);
  ss.helicopter().initialGuess(xs);
  const int n = sb.helicopter().knots();
  REQUIRE(n % 2 == 0);
  auto at = [&](const std::vector<double>& x, int k) {
    const auto i = [&](int c) { return x[static_cast<std::size_t>(HelicopterDmoc::var(k, c))]; };
    return Vec3(i(HelicopterDmoc::kX), i(HelicopterDmoc::kY), i(HelicopterDmoc::kZ));
  };
  CHECK((at(xb, n / 2) - *bent.guessVia).norm() <= 1e-12);
  // The straight guess is elsewhere at T/2 (the bend moves it 2 m sideways), and both start
  // at the start and end at the goal.
  CHECK(std::abs(at(xs, n / 2).y()) <= 1e-12);
  for (int k : {0, n}) CHECK((at(xb, k) - at(xs, k)).norm() <= 1e-12);
  CHECK((at(xb, n) - *bent.goal.position3).norm() <= 1e-12);
  // Away from T/2 the bend is 16 s^2 (1 - s)^2 times the offset at T/2.
  const Vec3 offset = at(xb, n / 2) - at(xs, n / 2);
  for (int k : {1, n / 4, n - 1}) {
    const double s = static_cast<double>(k) / n, b = 16.0 * s * s * (1.0 - s) * (1.0 - s);
    CHECK((at(xb, k) - at(xs, k) - b * offset).norm() <= 1e-12);
  }
}

TEST_CASE("helicopter DMOC: a goal heading holds roll, pitch and yaw within heading_tolerance at any heading",
          "[optimize]") {
  // Bounds on q_N's own x and y let a pitch of 1.41 tol through at a 90 degree heading; the
  // attitude error's components hold each Euler angle (ZYX, from the goal's level attitude).
  const std::string file = std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/helicopter-landing.toml";
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  const std::string landing = text.str();
  const auto at = landing.find("heading = 0.0");
  REQUIRE(at != std::string::npos);
  for (const double heading : {1.5707963, -2.0, 0.0, 2.0 * M_PI, M_PI}) {
    std::string edited = landing;
    char line[64];
    std::snprintf(line, sizeof line, "heading = %.17g", heading);
    edited.replace(at, 13, line);
    const DmocSession s(loadProblemFromString(edited, "landing.toml", std::string(LIERIDE_SOURCE_DIR) + "/assets/problems"));
    const SolveResult r = s.solve(s.defaultOptions());
    CAPTURE(heading, s.failureLine(r));
    REQUIRE(r.status == SolveStatus::Solved);
    using H = HelicopterDmoc;
    const int n = s.problem().knots;
    auto q = [&](int i) { return r.solution.x[static_cast<std::size_t>(H::var(n, H::kQw + i))]; };
    const double w = q(0), x = q(1), y = q(2), z = q(3);
    const double roll = std::atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y));
    const double pitch = std::asin(2 * (w * y - z * x));
    const double yaw = std::remainder(std::atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z)) - heading, 2 * M_PI);
    const double tol = s.problem().goal.headingTolerance;
    CAPTURE(roll, pitch, yaw, tol);
    CHECK(std::abs(roll) <= tol * (1 + 1e-6));
    CHECK(std::abs(pitch) <= tol * (1 + 1e-6));
    CHECK(std::abs(yaw) <= tol * (1 + 1e-6));
    CHECK(s.replayError(r.solution.x) <= 1e-8);
  }
}

TEST_CASE("helicopter DMOC: an iteration limit inside a coarse level writes that level's iterate, refined", "[optimize]") {
  // --max-iter 1, 3, 30 and 39 on the landing all wrote the default guess (cost 0.9246): the
  // 16-knot level's progress was thrown away.
  const DmocSession s(loadProblem(problemPath("helicopter-landing")));
  REQUIRE(!s.problem().coarseKnots.empty());
  std::vector<double> guess;
  s.nlp().initialGuess(guess);
  const double guessCost = s.nlp().cost(guess.data());
  double previous = -1.0;
  for (const int limit : {3, 30}) {
    SolveOptions o = s.defaultOptions();
    o.maxIterations = limit;
    const SolveResult r = s.solve(o);
    INFO("limit " << limit);
    CHECK(r.status == SolveStatus::IterationLimit);
    CHECK(r.iterations == limit);
    REQUIRE(r.levels.size() == 1);
    CHECK(r.levels[0].iterations == limit);  // all in the coarse level
    REQUIRE(r.solution.x.size() == guess.size());
    CHECK(r.solution.x != guess);
    CHECK(r.cost < guessCost);  // the coarse level lowered the cost (0.92 -> 0.62 after 3, 0.32 after 30)
    CHECK(r.cost != previous);
    previous = r.cost;
  }
}
