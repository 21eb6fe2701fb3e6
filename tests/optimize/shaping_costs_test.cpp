// The shaping cost terms of docs/formats.md section 4 ([cost] path_length and hazard, soft
// [[waypoints]]): their gradients against central differences, their Hessian pattern through
// the coloured finite-difference Hessian, and what each does to an optimum.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "lieride/optimize/dmoc.hpp"
#include "lieride/optimize/fd_hessian.hpp"
#include "nlp_check.hpp"
#include "problem_fixtures.hpp"

using namespace lieride;
using namespace lieride::opt;
using namespace lieride::opt::test;

namespace {

class Triplets final : public JacobianSink {
 public:
  void add(int row, int col, double) override {
    rows.push_back(row);
    cols.push_back(col);
  }
  std::vector<int> rows, cols;
};

// Largest entry of the cost's Hessian (central differences of the analytic gradient) that the
// coloured finite-difference Hessian's pattern (constraints + costHessianPattern) leaves out.
double hessianOutsidePattern(const Nlp& nlp, const std::vector<double>& x) {
  Triplets structure;
  std::vector<double> g(static_cast<std::size_t>(nlp.numConstraints()));
  nlp.constraints(x.data(), g.data(), &structure);
  const FdHessian H(nlp, structure.rows, structure.cols);
  std::set<std::pair<int, int>> pattern;
  for (std::size_t e = 0; e < H.rows().size(); ++e) pattern.insert({H.rows()[e], H.cols()[e]});
  const std::size_t n = x.size();
  std::vector<double> gp(n), gm(n);
  double worst = 0.0;
  for (std::size_t j = 0; j < n; ++j) {
    std::vector<double> p = x, m = x;
    const double eps = 1e-5 * std::max(1.0, std::abs(x[j]));
    p[j] += eps;
    m[j] -= eps;
    nlp.costGradient(p.data(), gp.data());
    nlp.costGradient(m.data(), gm.data());
    for (std::size_t i = j; i < n; ++i)
      if (!pattern.count({static_cast<int>(i), static_cast<int>(j)}))
        worst = std::max(worst, std::abs(gp[i] - gm[i]) / (2.0 * eps));
  }
  return worst;
}

// kCarBoxCylinder with every shaping term: the hazard reaches both obstacles from the guess;
// a soft waypoint with a heading; free time when asked (h multiplies the hazard).
std::string shapedCar(bool freeTime) {
  std::string text = withAfter(kCarBoxCylinder, "steer = 1.0\n",
                               "time = 0.1\npath_length = 0.7\nhazard = 3.0\nhazard_distance = 2.5\n");
  if (freeTime) text = withAfter(text, "horizon = 3.0\n", "free_time = [2.0, 4.0]\n");
  return text + R"([[waypoints]]
time = 1.5
position = [3.0, 0.8]
heading = 0.2
weight = 4.0
)";
}

}  // namespace

TEST_CASE("shaping costs: the car's path length, hazard and soft waypoint gradients match central differences",
          "[optimize]") {
  for (bool freeTime : {false, true}) {
    const DmocSession s(loadProblemFromString(shapedCar(freeTime), "shaped.toml", "."));
    const std::vector<double> x = jitteredGuess(s.nlp(), 7, 0.3);
    INFO("free time " << freeTime);
    CHECK(costGradientError(s.nlp(), x) < 1e-7);
    // Every second derivative of the cost lies inside the finite-difference Hessian's pattern.
    CHECK(hessianOutsidePattern(s.nlp(), x) < 1e-6);
  }
}

TEST_CASE("shaping costs: each term is what docs/formats.md says, computed from the car's knots", "[optimize]") {
  const Problem base = loadProblemFromString(shapedCar(false), "shaped.toml", ".");
  const DmocSession all(base);
  const std::vector<double> x = jitteredGuess(all.nlp(), 11, 0.2);
  auto costWith = [&](auto edit) {
    Problem p = base;
    edit(p);
    return DmocSession(p).nlp().cost(x.data());
  };
  const double without = costWith([](Problem& p) {
    p.pathLengthWeight = 0.0;
    p.hazardWeight = 0.0;
    p.waypoints.clear();
  });
  const CarDmoc& car = all.car();
  const int n = car.knots();
  auto at = [&](int k, int which) { return x[static_cast<std::size_t>(CarDmoc::var(k, which))]; };
  // Path length: the polyline through the knots' rear-axle points (smoothed by 1 mm per step).
  double length = 0.0;
  for (int k = 0; k < n; ++k)
    length += std::hypot(at(k + 1, CarDmoc::kX) - at(k, CarDmoc::kX), at(k + 1, CarDmoc::kY) - at(k, CarDmoc::kY));
  const double pathOnly = costWith([](Problem& p) {
    p.hazardWeight = 0.0;
    p.waypoints.clear();
  });
  CHECK(pathOnly - without == Approx(0.7 * length).epsilon(n * 1e-3 / length));
  // Soft waypoint: weight (|p_k - p|^2 + (theta_k - heading)^2) at the knot nearest 1.5 s.
  const int k = static_cast<int>(std::lround(1.5 / 0.5));
  const double ex = at(k, CarDmoc::kX) - 3.0, ey = at(k, CarDmoc::kY) - 0.8, eh = at(k, CarDmoc::kTheta) - 0.2;
  const double waypointOnly = costWith([](Problem& p) {
    p.pathLengthWeight = 0.0;
    p.hazardWeight = 0.0;
  });
  CHECK(waypointOnly - without == Approx(4.0 * (ex * ex + ey * ey + eh * eh)).epsilon(1e-12));
  // Hazard: zero when every clearance exceeds hazard_distance, positive when one does not.
  const double farAway = costWith([](Problem& p) {
    p.pathLengthWeight = 0.0;
    p.waypoints.clear();
    p.hazardDistance = 1e-6;
  });
  CHECK(farAway == Approx(without).epsilon(1e-14));
  const double hazardOnly = costWith([](Problem& p) {
    p.pathLengthWeight = 0.0;
    p.waypoints.clear();
  });
  CHECK(hazardOnly > without);
}

TEST_CASE("shaping costs: on car-tunnel each term moves the optimum the way it should", "[optimize]") {
  const Problem base = loadProblem(problemPath("car-tunnel"));
  auto solved = [](const Problem& p) {
    const DmocSession s(p);
    const SolveResult r = s.solve(s.defaultOptions());
    INFO(s.failureLine(r));
    REQUIRE(r.status == SolveStatus::Solved);
    CHECK(s.replayError(r.solution.x) <= 1e-8);
    return std::make_pair(s.car().trajectory(r.solution.x), r);
  };
  // The smallest clearance of the obstacle rows (the inequality rows without an upper bound).
  auto clearance = [](const Problem& p, const SolveResult& r) {
    const DmocSession s(p);
    std::vector<double> xl, xu, gl, gu, g(static_cast<std::size_t>(s.nlp().numConstraints()));
    s.nlp().bounds(xl, xu, gl, gu);
    s.nlp().constraints(r.solution.x.data(), g.data(), nullptr);
    double c = INFINITY;
    for (std::size_t i = 0; i < g.size(); ++i)
      if (gu[i] > 1e18) c = std::min(c, g[i]);
    return c;
  };
  const auto [plain, plainResult] = solved(base);
  const int n = base.knots;
  auto pathLength = [&](const CarTrajectory& tr) {
    double L = 0.0;
    for (int k = 0; k < n; ++k) L += std::hypot(tr.x[k + 1] - tr.x[k], tr.y[k + 1] - tr.y[k]);
    return L;
  };
  SECTION("path_length: a weight on the length never lengthens the path") {
    Problem p = base;
    p.pathLengthWeight = 1.0;
    const auto [shorter, r] = solved(p);
    CHECK(pathLength(shorter) <= pathLength(plain) + 1e-9);
  }
  SECTION("hazard: a weight on nearness keeps the car further from the obstacles") {
    Problem p = base;
    p.hazardWeight = 10.0;
    p.hazardDistance = 1.0;
    const auto [wider, r] = solved(p);
    const double before = clearance(base, plainResult), after = clearance(p, r);
    INFO("smallest clearance " << before << " m -> " << after << " m");
    CHECK(after > before);
  }
  SECTION("soft waypoint: the heavier its weight, the closer the knot comes") {
    const int k = n / 2;
    const Vec2 target(plain.x[k] + 0.0, plain.y[k] + 0.4);  // 0.4 m off the plain optimum
    double last = 0.4;
    for (double w : {0.1, 1.0, 100.0}) {
      Problem p = base;
      Waypoint wp;
      wp.time = k * p.timeStep();
      wp.position = target;
      wp.weight = w;
      p.waypoints.push_back(wp);
      const auto [tr, r] = solved(p);
      const double miss = std::hypot(tr.x[k] - target.x(), tr.y[k] - target.y());
      INFO("weight " << w << ": misses by " << miss << " m");
      CHECK(miss < last);
      last = miss;
    }
    CHECK(last < 0.05);
  }
}

namespace {

// The small helicopter problem (problem_fixtures.hpp) with every shaping term; the hazard
// reaches the box from the guess.
std::string shapedHelicopter() {
  return joined({kHelicopterVehicle, kHelicopterProblem, kHelicopterGoal, R"(path_length = 0.3
hazard = 2.0
hazard_distance = 3.0
)",
                 kHelicopterBox, R"([[waypoints]]
time = 1.2
position = [3.0, 1.5, 5.0]
weight = 5.0
)"});
}

}  // namespace

TEST_CASE("shaping costs: the helicopter's path length, hazard and soft waypoint gradients match central differences",
          "[optimize]") {
  const DmocSession s(loadProblemFromString(shapedHelicopter(), "shaped.toml", "."));
  const std::vector<double> x = jitteredGuess(s.nlp(), 9, 0.3);
  CHECK(costGradientError(s.nlp(), x) < 1e-7);
  CHECK(hessianOutsidePattern(s.nlp(), x) < 1e-6);
  // The soft waypoint is a cost term, not a bound: its knot's position is free.
  std::vector<double> xl, xu, gl, gu;
  s.nlp().bounds(xl, xu, gl, gu);
  const int k = s.problem().waypointKnot(s.problem().waypoints[0]);
  CHECK(xl[static_cast<std::size_t>(HelicopterDmoc::var(k, HelicopterDmoc::kX))] < -1e18);
}

TEST_CASE("shaping costs: on the helicopter each term moves the optimum the way it should", "[optimize]") {
  const Problem base = loadProblemFromString(kHelicopterPastABox, "past-a-box.toml", ".");
  struct Solved {
    HelicopterTrajectory tr;
    double clearance;
  };
  auto solved = [](const Problem& p) {
    const DmocSession s(p);
    const SolveResult r = s.solve(s.defaultOptions());
    INFO(s.failureLine(r));
    REQUIRE(r.status == SolveStatus::Solved);
    CHECK(s.replayError(r.solution.x) <= 1e-8);
    const HelicopterTrajectory tr = s.helicopter().trajectory(r.solution.x);
    double c = INFINITY;
    for (std::size_t k = 1; k < tr.g.size(); ++k)
      c = std::min(c, HelicopterDmoc::obstacleValue(p.obstacles[0], p.bodyRadius, tr.g[k].x, nullptr));
    return Solved{tr, c};
  };
  auto length = [](const HelicopterTrajectory& tr) {
    double L = 0.0;
    for (std::size_t k = 0; k + 1 < tr.g.size(); ++k) L += (tr.g[k + 1].x - tr.g[k].x).norm();
    return L;
  };
  const Solved plain = solved(base);
  Problem path = base;
  path.pathLengthWeight = 1.0;
  CHECK(length(solved(path).tr) <= length(plain.tr) + 1e-9);
  Problem hazard = base;
  hazard.hazardWeight = 20.0;
  hazard.hazardDistance = 3.0;
  const double wider = solved(hazard).clearance;
  INFO("smallest clearance " << plain.clearance << " m -> " << wider << " m");
  CHECK(wider > plain.clearance);
  Problem soft = base;
  Waypoint w;
  w.time = 4.0;
  const int k = soft.waypointKnot(w);
  w.position3 = plain.tr.g[static_cast<std::size_t>(k)].x + Vec3(0.0, 0.0, 0.5);  // 0.5 m above
  w.weight = 10.0;
  soft.waypoints.push_back(w);
  const double miss = (solved(soft).tr.g[static_cast<std::size_t>(k)].x - *w.position3).norm();
  INFO("the soft waypoint misses by " << miss << " m (0.5 m without it)");
  CHECK(miss < 0.25);
}
