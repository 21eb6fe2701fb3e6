// DMOC of the car (docs/formats.md section 4): the analytic constraint Jacobian against
// central differences, the shipped problems solve, and the optimal controls replayed by the
// simulator reproduce the optimised poses (the DMOC guarantee).
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <map>
#include <fstream>
#include <sstream>

#include "lieride/optimize/dmoc.hpp"
#include "nlp_check.hpp"
#include "problem_fixtures.hpp"

using namespace lieride;
using namespace lieride::opt;
using namespace lieride::opt::test;

namespace {

// A problem with every obstacle kind and the speed goal, small enough for a dense check.
const std::string kEveryConstraint = joined({kCarBoxCylinder, kCarWall});

}  // namespace

TEST_CASE("car DMOC: analytic constraint Jacobian matches central differences to 1e-7", "[optimize]") {
  const DmocSession s(loadProblemFromString(kEveryConstraint, "every.toml", "."));
  // Steering, momentum, torque all non-zero.
  const JacobianCheck j = jacobianCheck(s.nlp(), jitteredGuess(s.nlp(), 7, 0.3));
  INFO(j);
  CHECK(j.error < 1e-7);
}

TEST_CASE("car DMOC: the Jacobian check holds at a solution with steering at its limits", "[optimize]") {
  const DmocSession s(loadProblem(problemPath("car-tunnel")));
  SolveOptions o;
  const SolveResult r = s.solve(o);
  REQUIRE(r.status == SolveStatus::Solved);
  CHECK(jacobianError(s.nlp(), r.solution.x) < 1e-7);
}

TEST_CASE("car DMOC: every shipped car problem solves and the simulator replays it to 1e-8 m", "[optimize]") {
  for (const char* name : {"car-parallel-park", "car-tunnel"}) {
    const DmocSession s(loadProblem(problemPath(name)));
    const SolveResult r = s.solve(s.defaultOptions());
    INFO(name << ": " << s.failureLine(r));
    REQUIRE(r.status == SolveStatus::Solved);
    CHECK(r.maxViolation <= 1e-8);
    CHECK(s.replayError(r.solution.x) <= 1e-8);
    // The goal is met by the simulated motion, not only by the optimiser's knots.
    const CarTrajectory tr = s.car().trajectory(r.solution.x);
    const Goal& g = s.problem().goal;
    // (an inequality row holds to IPOPT's constraint tolerance: within 1e-8 of the goal's)
  CHECK(std::abs(tr.x.back() - g.position->x()) <= g.positionTolerance + 1e-8);
    CHECK(std::abs(tr.y.back() - g.position->y()) <= g.positionTolerance + 1e-8);
    CHECK(std::abs(tr.theta.back() - *g.heading) <= g.headingTolerance + 1e-8);
  }
}

TEST_CASE("car DMOC: parked, the four corners are outside both parked cars and above the kerb", "[optimize]") {
  const DmocSession s(loadProblem(problemPath("car-parallel-park")));
  const SolveResult r = s.solve(s.defaultOptions());
  REQUIRE(r.status == SolveStatus::Solved);
  const CarTrajectory tr = s.car().trajectory(r.solution.x);
  double closest = 1e9;
  for (std::size_t k = 1; k < tr.x.size(); ++k) {
    const double c = std::cos(tr.theta[k]), sn = std::sin(tr.theta[k]);
    for (int i = 0; i < 4; ++i) {
      const Vec2 b = s.car().corner(i);
      const Vec2 p(tr.x[k] + c * b.x() - sn * b.y(), tr.y[k] + sn * b.x() + c * b.y());
      CHECK(p.y() >= -1e-8);  // kerb
      for (const Vec2& centre : {Vec2(-2.25, 1.1), Vec2(9.75, 1.1)}) {
        const double inside = std::min(2.25 - std::abs(p.x() - centre.x()), 0.9 - std::abs(p.y() - centre.y()));
        closest = std::min(closest, -inside);
        CHECK(inside <= 1e-8);
      }
    }
  }
  INFO("closest corner clearance " << closest);
  CHECK(closest >= -1e-8);
}

TEST_CASE("car DMOC: cancel through the iteration callback never reports solved", "[optimize]") {
  const DmocSession s(loadProblem(problemPath("car-parallel-park")));
  std::atomic<bool> cancel{false};
  SolveOptions o;
  o.cancel = &cancel;
  int seen = 0;
  o.progress = [&](const IterationInfo& it) {
    seen = it.iteration;
    if (it.iteration >= 3) cancel = true;
  };
  const SolveResult r = s.solve(o);
  CHECK(r.status == SolveStatus::Cancelled);
  CHECK(seen == 3);
  CHECK(!r.solution.x.empty());
}

TEST_CASE("car DMOC: a warm re-solve after a small goal edit converges in fewer iterations", "[optimize]") {
  Problem p = loadProblem(problemPath("car-parallel-park"));
  const DmocSession cold(p);
  const SolveResult r0 = cold.solve(SolveOptions{});
  REQUIRE(r0.status == SolveStatus::Solved);
  REQUIRE(p.goal.position.has_value());
  const Vec2 moved(p.goal.position->x() + 0.1, p.goal.position->y());
  p.goal.position = moved;
  const DmocSession edited(p);
  SolveOptions o;
  o.warm = &r0.solution;
  const SolveResult r1 = edited.solve(o);
  REQUIRE(r1.status == SolveStatus::Solved);
  CHECK(r1.iterations < r0.iterations);
  CHECK(edited.replayError(r1.solution.x) <= 1e-8);
}

TEST_CASE("car DMOC: a waypoint pins the knot nearest its time, and the replay passes it", "[optimize]") {
  std::string text;
  {
    std::ifstream in(problemPath("car-tunnel"));
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  text += "\n[[waypoints]]\ntime = 2.5\nposition = [10.0, -1.2]\nheading = 0.0\ntolerance = 0.02\n";
  const DmocSession s(loadProblemFromString(text, "waypoint.toml", "."));
  const SolveResult r = s.solve(s.defaultOptions());
  INFO(s.failureLine(r));
  REQUIRE(r.status == SolveStatus::Solved);
  const CarTrajectory tr = s.car().trajectory(r.solution.x);
  const auto k = static_cast<std::size_t>(s.problem().waypointKnot(s.problem().waypoints[0]));
  CHECK(std::abs(tr.t[k] - 2.5) <= 0.5 * s.car().timeStep(r.solution.x));
  CHECK(std::abs(tr.x[k] - 10.0) <= 0.02 + 1e-9);
  CHECK(std::abs(tr.y[k] + 1.2) <= 0.02 + 1e-9);
  CHECK(s.replayError(r.solution.x) <= 1e-8);
}

TEST_CASE("car DMOC with free final time: Jacobian with the step column, solve, exact replay", "[optimize]") {
  std::string every = kEveryConstraint;
  every.replace(every.find("horizon = 3.0"), 13, "horizon = 3.0\nfree_time = [2.0, 5.0]");
  every.replace(every.find("[cost]\n"), 7, "[cost]\ntime = 0.5\nsteer_rate = 0.1\n");
  const DmocSession small(loadProblemFromString(every, "every-free.toml", "."));
  CHECK(jacobianError(small.nlp(), jitteredGuess(small.nlp(), 9, 0.3)) < 1e-7);

  std::string text;
  {
    std::ifstream in(problemPath("car-tunnel"));
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  text.replace(text.find("horizon = 10.0"), 14, "horizon = 10.0\nfree_time = [6.0, 14.0]");
  text.replace(text.find("[cost]\n"), 7, "[cost]\ntime = 0.05\n");
  const DmocSession s(loadProblemFromString(text, "tunnel-free.toml", "."));
  const SolveResult r = s.solve(s.defaultOptions());
  INFO(s.failureLine(r));
  REQUIRE(r.status == SolveStatus::Solved);
  const double T = s.car().timeStep(r.solution.x) * s.car().knots();
  INFO("optimal horizon " << T);
  CHECK(T >= 6.0 - 1e-6);
  CHECK(T <= 14.0 + 1e-6);
  CHECK(std::abs(T - 10.0) > 1e-3);  // the time is really free
  CHECK(s.replayError(r.solution.x) <= 1e-8);
}

TEST_CASE("car DMOC: the default parking guess backs into the gap along its heading, from rest to rest", "[optimize]") {
  const DmocSession s(loadProblem(problemPath("car-parallel-park")));
  const CarDmoc& car = s.car();
  std::vector<double> x;
  car.initialGuess(x);
  const int n = car.knots();
  const Problem& p = s.problem();
  CHECK(x[CarDmoc::var(0, CarDmoc::kX)] == s.carStart().x);
  CHECK(x[CarDmoc::var(0, CarDmoc::kY)] == s.carStart().y);
  CHECK(std::abs(x[CarDmoc::var(n, CarDmoc::kX)] - p.goal.position->x()) < 1e-12);
  CHECK(std::abs(x[CarDmoc::var(n, CarDmoc::kY)] - p.goal.position->y()) < 1e-12);
  CHECK(std::abs(x[CarDmoc::var(n, CarDmoc::kTheta)] - *p.goal.heading) < 1e-9);
  double worstSideways = 0.0;
  for (int k = 0; k < n; ++k) {
    const double th = 0.5 * (x[CarDmoc::var(k, CarDmoc::kTheta)] + x[CarDmoc::var(k + 1, CarDmoc::kTheta)]);
    const double dx = x[CarDmoc::var(k + 1, CarDmoc::kX)] - x[CarDmoc::var(k, CarDmoc::kX)];
    const double dy = x[CarDmoc::var(k + 1, CarDmoc::kY)] - x[CarDmoc::var(k, CarDmoc::kY)];
    const double along = std::cos(th) * dx + std::sin(th) * dy, chord = std::hypot(dx, dy);
    CHECK(along <= 1e-12);                                          // in reverse: the goal is behind
    CHECK(x[CarDmoc::var(k, CarDmoc::kU)] <= 0.0);                  // wheels turning backwards
    worstSideways = std::max(worstSideways, std::abs(-std::sin(th) * dx + std::cos(th) * dy) / std::max(chord, 1e-12));
  }
  INFO("largest sideways share of a step " << worstSideways);
  CHECK(worstSideways < 0.05);  // the heading follows the path (no sliding sideways)
  CHECK(x[CarDmoc::var(0, CarDmoc::kU)] > -0.1);     // starts from rest ...
  CHECK(x[CarDmoc::var(n - 1, CarDmoc::kU)] > -0.1);  // ... and stops
}

TEST_CASE("car DMOC: a goal inside an obstacle names the obstacle on a warm re-solve as on a cold one", "[optimize]") {
  // The app's Optimize panel re-solves warm from the last solution after each edit; a goal
  // typed into the rear parked car must be reported as the cold solve reports it, by the
  // violated inequality (docs/formats.md section 4), not by a dynamics row IPOPT left broken.
  Problem p = loadProblem(problemPath("car-parallel-park"));
  const DmocSession first(p);
  const SolveResult r0 = first.solve(first.defaultOptions());
  REQUIRE(r0.status == SolveStatus::Solved);
  // The rear corners 0.3 m inside the rear parked car: warm, IPOPT stops with the last step's
  // x update off by 0.13 m, the largest violation, and the parked car 0.008 m inside.
  p.goal.position = Vec2(0.6, 1.1);
  const DmocSession edited(p);
  SolveOptions o = edited.defaultOptions();
  o.warm = &r0.solution;
  const SolveResult warm = edited.solve(o);
  REQUIRE(warm.status != SolveStatus::Solved);
  INFO(edited.failureLine(warm));
  const std::string line = edited.failureLine(warm);
  CHECK_THAT(line, Catch::Matches(".*: knot [0-9]+: rear-(left|right) corner [0-9.e-]+ m inside rear parked car"
                                  "( \\(the goal pose overlaps it: move the goal\\))?"));
  // At the last knot the goal pins the car there: the line says the goal is the cause.
  const bool lastKnot = line.find("knot " + std::to_string(p.knots) + ":") != std::string::npos;
  CHECK(lastKnot == (line.find("the goal pose overlaps it") != std::string::npos));
}

TEST_CASE("DMOC: an obstacle on the start pose is refused at load, naming it", "[optimize]") {
  // A 1 m crate under the parked-out car: the rows keep the body's corners out of boxes from
  // knot 1 on, so it was never seen and the plan drove out through it, "solved".
  auto refused = [](Problem p, const Obstacle& o, const std::string& body) {
    p.obstacles.push_back(o);
    const std::string index = std::to_string(p.obstacles.size() - 1);
    try {
      const DmocSession s(p);
      FAIL("accepted " << o.name);
    } catch (const ScenarioError& e) {
      CHECK_THAT(e.what(), Catch::Contains("key 'obstacles[" + index + "]': expected an obstacle clear of the start, got \"" +
                                           o.name + "\" overlapping " + body));
    }
  };
  const Problem park = loadProblem(problemPath("car-parallel-park"));
  // The start: rear axle at (x, y), heading theta (the problem's [initial]).
  const DmocSession clear(park);  // the shipped problem loads
  std::vector<double> x0;
  clear.nlp().initialGuess(x0);
  const Vec2 rear(x0[CarDmoc::var(0, CarDmoc::kX)], x0[CarDmoc::var(0, CarDmoc::kY)]);
  const double theta = x0[CarDmoc::var(0, CarDmoc::kTheta)];
  const Vec2 ahead(std::cos(theta), std::sin(theta));
  Obstacle crate;
  crate.kind = Obstacle::Kind::Box;
  crate.name = "crate";
  crate.center = rear + 1.3 * ahead;  // mid-body, wholly inside it
  crate.halfSize = Vec2(0.5, 0.5);
  refused(park, crate, "the car's body");
  Obstacle cone;
  cone.kind = Obstacle::Kind::Circle;
  cone.name = "cone";
  cone.center = rear + 3.5 * ahead;  // under the front bumper
  cone.radius = 0.3;
  refused(park, cone, "the car's body");
  // Beside the car, clear of it: accepted.
  Obstacle aside = crate;
  aside.center = rear + 1.3 * ahead + Vec2(-ahead.y(), ahead.x()) * 1.5;
  Problem ok = park;
  ok.obstacles.push_back(aside);
  CHECK_NOTHROW(DmocSession(ok));
  // The helicopter: a box around its start.
  const Problem canyon = loadProblem(problemPath("helicopter-canyon"));
  Obstacle hangar;
  hangar.kind = Obstacle::Kind::Box;
  hangar.threeD = true;
  hangar.name = "hangar";
  hangar.center3 = Vec3(0.0, 0.0, 10.5);  // the start is (0, 0, 10)
  hangar.halfSize3 = Vec3(2.0, 2.0, 2.0);
  refused(canyon, hangar, "the helicopter's sphere");
}
