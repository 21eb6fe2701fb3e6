// The trapezoidal collocation baseline (collocation.hpp): exact Jacobians (automatic
// differentiation) against central differences, and the property that separates it from DMOC:
// its optimal controls, run through the simulator, do not reproduce its poses.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "lieride/optimize/dmoc.hpp"
#include "lieride/sim/scenario.hpp"
#include "lieride/sim/se3_simulation.hpp"
#include "nlp_check.hpp"
#include "problem_fixtures.hpp"
#include "se3_flow_samples.hpp"

using namespace lieride;
using namespace lieride::opt;
using namespace lieride::opt::test;

namespace {

constexpr const char* kCar = kCarBoxCylinder;
const std::string kHelicopter = joined({kHelicopterVehicle, kHelicopterProblem, kHelicopterGoal});

}  // namespace

TEST_CASE("collocation: the car's Jacobian matches central differences to 1e-7", "[optimize]") {
  const DmocSession s(loadProblemFromString(kCar, "car.toml", "."));
  const auto c = s.collocation();
  REQUIRE(c);
  CHECK(c->numVariables() == s.nlp().numVariables());
  const JacobianCheck j = jacobianCheck(*c, jitteredGuess(*c, 11, 0.3));
  INFO(j);
  CHECK(j.error < 1e-7);
  std::string free = kCar;
  free.replace(free.find("horizon = 3.0"), 13, "horizon = 3.0\nfree_time = [2.0, 5.0]");
  const DmocSession sf(loadProblemFromString(free, "car-free.toml", "."));
  const auto cf = sf.collocation();
  const JacobianCheck jf = jacobianCheck(*cf, jitteredGuess(*cf, 12, 0.3));
  INFO(jf);
  CHECK(jf.error < 1e-7);
}

TEST_CASE("collocation: the helicopter's Jacobian matches central differences to 1e-7", "[optimize]") {
  const DmocSession s(loadProblemFromString(kHelicopter, "heli.toml", "."));
  const auto c = s.collocation();
  REQUIRE(c);
  CHECK(c->numVariables() == s.nlp().numVariables() + 6);
  const JacobianCheck j = jacobianCheck(*c, jitteredGuess(*c, 13, 0.3));
  INFO(j);
  CHECK(j.error < 1e-7);
}

TEST_CASE("collocation: car-tunnel solves, but the simulator does not replay it (DMOC does, to 1e-8 m)", "[optimize]") {
  const DmocSession s(loadProblem(problemPath("car-tunnel")));
  const auto c = s.collocation();
  const SolveResult r = solveNlp(*c, s.defaultOptions());
  INFO(r.message);
  REQUIRE(r.status == SolveStatus::Solved);
  CHECK(r.maxViolation <= 1e-8);
  const double collocationReplay = s.replayError(r.solution.x);
  const SolveResult d = s.solve(s.defaultOptions());
  REQUIRE(d.status == SolveStatus::Solved);
  const double dmocReplay = s.replayError(d.solution.x);
  INFO("replay error: collocation " << collocationReplay << " m, DMOC " << dmocReplay << " m");
  CHECK(dmocReplay <= 1e-8);
  CHECK(collocationReplay > 1e-4);  // the trapezoidal rule's O(h^2) error over the 40 m tunnel
  CHECK(collocationReplay < 1.0);   // yet the same motion
}


// An independent reference: the simulator itself at a 64 times finer step (converging to the
// continuous flow), with constant controls, sampled at the knots. The trapezoidal rule's
// residual per step is O(h^3): halving h divides the largest one by about 8.
TEST_CASE("collocation: the helicopter's residuals at the continuous flow shrink as h^3", "[optimize]") {
  const std::string vehicle =
      replaced(kHelicopterVehicle, "angular_velocity = [0.2, -0.1, 0.3]", "angular_velocity = [0.4, -0.3, 0.5]");
  const double T = 1.0;
  std::vector<double> worst;
  for (int n : {16, 32}) {
    const double h = T / n;
    const std::string problem = vehicle + "[problem]\nmethod = \"dmoc\"\nintegrator = \"lie-cay-tln\"\nknots = " +
                                std::to_string(n) + "\nhorizon = 1.0\n";
    const DmocSession s(loadProblemFromString(problem, "flow.toml", "."));
    const auto c = s.collocation();
    std::vector<double> x(static_cast<std::size_t>(c->numVariables()), 0.0);
    const std::string scenario = vehicle + "[integrator]\nname = \"lie-cay-tln\"\ndt = " + std::to_string(h / 64) +
                                 "\nduration = 1.0\n[controls]\ncollective = 52.0\ntail = 0.5\ncyclic_pitch = 0.05\n"
                                 "cyclic_roll = -0.03\n";
    Scenario sc = loadScenarioFromString(scenario, "flow-sim.toml", ".");
    visitSe3Knots(sc, n, 64, [&](int k, const Se3State& st, const Vec6& I) {
      auto set = [&](int i, double v) { x[static_cast<std::size_t>(i)] = v; };
      set(HelicopterDmoc::var(k, HelicopterDmoc::kQw), st.g.q.w());
      set(HelicopterDmoc::var(k, HelicopterDmoc::kQx), st.g.q.x());
      set(HelicopterDmoc::var(k, HelicopterDmoc::kQy), st.g.q.y());
      set(HelicopterDmoc::var(k, HelicopterDmoc::kQz), st.g.q.z());
      for (int i = 0; i < 3; ++i) set(HelicopterDmoc::var(k, HelicopterDmoc::kX + i), st.g.x(i));
      const double u[4] = {52.0, 0.5, 0.05, -0.03};
      for (int i = 0; i < 4; ++i) set(HelicopterDmoc::var(k, HelicopterDmoc::kUc + i), u[i]);
      for (int i = 0; i < 6; ++i) set(HelicopterDmoc::xiVar(k, i), st.mu(i) / I(i));
    });
    std::vector<double> g(static_cast<std::size_t>(c->numConstraints()));
    c->constraints(x.data(), g.data(), nullptr);
    double w = 0.0;
    for (double v : g) w = std::max(w, std::abs(v));
    worst.push_back(w);
  }
  INFO("largest residual: " << worst[0] << " (h = 1/16), " << worst[1] << " (h = 1/32)");
  CHECK(worst[0] / worst[1] > 6.0);
  CHECK(worst[0] / worst[1] < 10.0);
}
