// The trapezoidal collocation baseline of the boat and the snakeboard (collocation.hpp): exact
// Jacobians (automatic differentiation) against central differences; the continuous equations
// checked against an independent reference, the simulator at a 64 times finer step (converging
// to the continuous flow), whose samples must leave trapezoidal residuals shrinking as h^3;
// and snakeboard-reorient solved by collocation, whose torques the simulator does not replay.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <sstream>
#include <string>

#include "lieride/optimize/dmoc.hpp"
#include "lieride/sim/planar_simulation.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/se3_simulation.hpp"
#include "nlp_check.hpp"
#include "problem_fixtures.hpp"
#include "se3_flow_samples.hpp"

using namespace lieride;
using namespace lieride::opt;
using namespace lieride::opt::test;

namespace {


// The shared boat with the wind's drag coefficient set. No air drag in the Jacobian check: its
// max(0, -a.u) has a kink where a dry face turns edge-on to the relative wind, and a central
// difference across a kink is no reference.
std::string boatVehicle(const char* drag) {
  return replaced(kBoatVehicle, "direction = [0.3, -1.0]\n",
                  "direction = [0.3, -1.0]\ndrag_coefficient = " + std::string(drag) + "\n");
}

// A step length in full precision (std::to_string keeps 6 decimals: 1/1024 would become
// 0.000977, and the simulator's samples would drift off the knots' times).
std::string exact(double v) {
  std::ostringstream o;
  o.precision(17);
  o << v;
  return o.str();
}

double largest(const std::vector<double>& g, std::size_t rows) {
  double w = 0.0;
  for (std::size_t i = 0; i < rows; ++i) w = std::max(w, std::abs(g[i]));
  return w;
}

}  // namespace

TEST_CASE("collocation: the boat's Jacobian matches central differences to 1e-7", "[optimize]") {
  const std::string text = boatVehicle("0.0") + kBoatProblem;
  const DmocSession s(loadProblemFromString(text, "boat.toml", "."));
  const auto c = s.collocation();
  REQUIRE(c);
  CHECK(c->numVariables() == s.nlp().numVariables() + 6);
  CHECK(c->numConstraints() == s.nlp().numConstraints());
  std::vector<double> x;
  c->initialGuess(x);
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> jitter(-0.1, 0.1);
  for (std::size_t i = 0; i < x.size(); ++i) {
    const auto j = i % BoatDmoc::kStride;
    x[i] += (j == BoatDmoc::kUr || j == BoatDmoc::kUl ? 1000.0 : 1.0) * jitter(rng);
  }
  const JacobianCheck j = jacobianCheck(*c, x);
  INFO(j);
  CHECK(j.error < 1e-7);
}

TEST_CASE("collocation: the snakeboard's Jacobian matches central differences to 1e-7", "[optimize]") {
  const std::string text = joined({kSnakeboardVehicle, kSnakeboardProblem});
  const DmocSession s(loadProblemFromString(text, "snake.toml", "."));
  const auto c = s.collocation();
  REQUIRE(c);
  CHECK(c->numVariables() == s.nlp().numVariables());
  const JacobianCheck j = jacobianCheck(*c, jitteredGuess(*c, 29, 0.4));
  INFO(j);
  CHECK(j.error < 1e-7);
}

TEST_CASE("collocation: the boat's residuals at the continuous flow shrink as h^3", "[optimize]") {
  // Wind drag on: the flow is the simulator's with all five parts of the wrench.
  const std::string vehicle = boatVehicle("1.0");
  std::vector<double> worst;
  for (int n : {16, 32}) {
    const double h = 1.0 / n;
    const std::string problem = vehicle + "[problem]\nmethod = \"dmoc\"\nintegrator = \"lie-cay-tln\"\nknots = " +
                                std::to_string(n) + "\nhorizon = 1.0\n";
    const DmocSession s(loadProblemFromString(problem, "flow.toml", "."));
    const auto c = s.collocation();
    std::vector<double> x(static_cast<std::size_t>(c->numVariables()), 0.0);
    const std::string scenario = vehicle + "[integrator]\nname = \"lie-cay-tln\"\ndt = " + exact(h / 64) +
                                 "\nduration = 1.0\n[controls]\nthrust_right = 300.0\nthrust_left = 120.0\n";
    Scenario sc = loadScenarioFromString(scenario, "flow-sim.toml", ".");
    visitSe3Knots(sc, n, 64, [&](int k, const Se3State& st, const Vec6& I) {
      auto set = [&](int i, double v) { x[static_cast<std::size_t>(i)] = v; };
      const double q[4] = {st.g.q.w(), st.g.q.x(), st.g.q.y(), st.g.q.z()};
      for (int i = 0; i < 4; ++i) set(BoatDmoc::var(k, BoatDmoc::kQw + i), q[i]);
      for (int i = 0; i < 3; ++i) set(BoatDmoc::var(k, BoatDmoc::kX + i), st.g.x(i));
      set(BoatDmoc::var(k, BoatDmoc::kUr), 300.0);
      set(BoatDmoc::var(k, BoatDmoc::kUl), 120.0);
      for (int i = 0; i < 6; ++i) set(BoatDmoc::xiVar(k, i), st.mu(i) / I(i));
    });
    std::vector<double> g(static_cast<std::size_t>(c->numConstraints()));
    c->constraints(x.data(), g.data(), nullptr);
    worst.push_back(largest(g, static_cast<std::size_t>(BoatDmoc::kStepRows * n)));
  }
  INFO("largest residual: " << worst[0] << " (h = 1/16), " << worst[1] << " (h = 1/32)");
  CHECK(worst[0] / worst[1] > 6.0);
  CHECK(worst[0] / worst[1] < 10.0);
}

TEST_CASE("collocation: the snakeboard's residuals at the continuous flow shrink as h^3", "[optimize]") {
  const std::string vehicle = kSnakeboardVehicle;
  std::vector<double> worst;
  for (int n : {16, 32}) {
    const double h = 1.0 / n;
    const std::string problem = vehicle + "[problem]\nmethod = \"dmoc\"\nknots = " + std::to_string(n) +
                                "\nhorizon = 1.0\n";
    const DmocSession s(loadProblemFromString(problem, "flow.toml", "."));
    const auto c = s.collocation();
    const auto& coll = dynamic_cast<const SnakeboardCollocation&>(*c);
    std::vector<double> x(static_cast<std::size_t>(c->numVariables()), 0.0);
    const std::string scenario = vehicle + "[integrator]\nname = \"lie-nh\"\ndt = " + exact(h / 64) +
                                 "\nduration = 1.0\n[controls]\nrotor_torque = 3.0\nsteer_torque = 0.05\n";
    Scenario sc = loadScenarioFromString(scenario, "flow-sim.toml", ".");
    const auto& sim = dynamic_cast<const PlanarSimulation&>(*sc.simulation);
    for (int k = 0; k <= n; ++k) {
      if (k > 0)
        for (int i = 0; i < 64; ++i) sc.simulation->step();
      const NhState& st = sim.state();
      const Vec3 xi = sim.model().bodyVelocity(st);  // (omega, vx, vy)
      const std::array<double, 9> z =
          coll.knotFromVelocities({st.q(0), st.q(1), st.q(2), st.q(3), st.q(4)}, xi(1), st.qdot(3), st.qdot(4));
      for (int i = 0; i < 9; ++i) x[static_cast<std::size_t>(SnakeboardDmoc::var(k, i))] = z[static_cast<std::size_t>(i)];
      if (k < n) {
        x[static_cast<std::size_t>(SnakeboardDmoc::var(k, SnakeboardDmoc::kTauPsi))] = 3.0;
        x[static_cast<std::size_t>(SnakeboardDmoc::var(k, SnakeboardDmoc::kTauPhi))] = 0.05;
      }
    }
    std::vector<double> g(static_cast<std::size_t>(c->numConstraints()));
    c->constraints(x.data(), g.data(), nullptr);
    worst.push_back(largest(g, g.size()));
  }
  INFO("largest residual: " << worst[0] << " (h = 1/16), " << worst[1] << " (h = 1/32)");
  CHECK(worst[0] / worst[1] > 6.0);
  CHECK(worst[0] / worst[1] < 10.0);
}

TEST_CASE("collocation: snakeboard-reorient solves, but the simulator does not replay its torques to its poses",
          "[optimize]") {
  const DmocSession s(loadProblem(problemPath("snakeboard-reorient")));
  const auto c = s.collocation();
  const SolveResult r = solveNlp(*c, s.defaultOptions());
  INFO(r.message);
  REQUIRE(r.status == SolveStatus::Solved);
  CHECK(r.maxViolation <= 1e-8);
  const SnakeboardTrajectory tr = s.snakeboard().trajectory(r.solution.x);  // same pose and torque slots
  CHECK(std::abs(tr.knot.back()[SnakeboardDmoc::kTheta] - M_PI / 2) <= 0.01 + 1e-9);
  double reach = 0.0;  // how far the board rolls out (and back)
  for (const auto& z : tr.knot) reach = std::max(reach, std::hypot(z[SnakeboardDmoc::kX], z[SnakeboardDmoc::kY]));
  const double replay = s.replayError(r.solution.x);
  INFO("collocation's replay error " << replay << " m; the board rolls out " << reach << " m");
  CHECK(replay > 1e-5);  // the trapezoidal rule's O(h^2) error, not round-off
  CHECK(replay < reach);
}

TEST_CASE("collocation: the helicopter's obstacle rows are HelicopterDmoc's, Jacobian to 1e-7", "[optimize]") {
  // helicopter-canyon's kind of problem: boxes, no goal velocity (the rows after the dynamics
  // are all obstacle rows).
  const std::string text = joined({kHelicopterVehicle, kHelicopterProblem,
                                   "[goal]\nposition = [5.0, 1.0, 4.0]\n[cost]\ncollective = 0.01\n", kHelicopterBox,
                                   R"([[obstacles]]
shape = "box"
center = [2.5, -3.0, 4.0]
size = [1.0, 0.8, 1.5]
)"});
  const DmocSession s(loadProblemFromString(text, "heli.toml", "."));
  const auto c = s.collocation();
  REQUIRE(c);
  REQUIRE(c->numConstraints() == HelicopterDmoc::kStepRows * 5 + 2 * 5);
  const std::vector<double> x = jitteredGuess(*c, 31, 0.3);
  std::vector<double> g(static_cast<std::size_t>(c->numConstraints())), gd(g);
  c->constraints(x.data(), g.data(), nullptr);
  s.nlp().constraints(x.data(), gd.data(), nullptr);
  for (std::size_t i = HelicopterDmoc::kStepRows * 5; i < g.size(); ++i) CHECK(g[i] == gd[i]);
  const JacobianCheck j = jacobianCheck(*c, x);
  INFO(j);
  CHECK(j.error < 1e-7);
}
