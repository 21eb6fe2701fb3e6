// The sleigh OCP solved as a boundary-value problem (docs/retraction.md) and the replay of its
// controls by the sleigh-controlled vehicle. `lieride optimize` on the same problem file:
// tests/cli/ocp_optimize_cli_test.cpp (this area's tests never run the built executable, so the
// sanitizer builds of the engine need no CLI).
#include <catch2/catch.hpp>
#include <algorithm>

#include "lieride/ocp/problem_file.hpp"
#include "lieride/ocp/schemes.hpp"
#include "lieride/sim/run_csv.hpp"
#include "lieride/sim/scenario.hpp"

using namespace lieride::ocp;

namespace {

const std::string kProblem = std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/sleigh-parallel-shift.toml";

}  // namespace

TEST_CASE("the sleigh BVP reaches the goal at rest, on a continuous PMP trajectory", "[ocp]") {
  for (const char* file : {"sleigh-parallel-shift.toml", "sleigh-u-turn.toml"}) {
    INFO(file);
    const OcpProblemFile pf = loadOcpProblem(std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/" + file);
    const SleighBvpResult r = solveSleighBvp(pf.problem);
    REQUIRE(r.solved);
    const PVec& end = r.states.back();
    for (int i = 0; i < 3; ++i) CHECK(std::abs(end(i) - pf.problem.goal[static_cast<std::size_t>(i)]) < 1e-9);
    CHECK(std::abs(end(kZ1)) < 1e-9);
    CHECK(std::abs(end(kZ2)) < 1e-9);
    // One midpoint step from each state gives the next one (continuity across the segments).
    const SleighPmp sys(pf.problem.params);
    double jump = 0.0;
    for (std::size_t k = 0; k + 1 < r.states.size(); ++k) {
      PVec next;
      REQUIRE(ocpStep(sys, OcpMethod::RetractionMidpoint, r.h, r.states[k], next).converged);
      jump = std::max(jump, (next - r.states[k + 1]).cwiseAbs().maxCoeff());
    }
    CHECK(jump < 1e-9);
    // H is a first integral of the PMP flow and the midpoint scheme keeps it to O(h^2).
    double hMin = 1e300, hMax = -1e300;
    for (const PVec& xi : r.states) {
      hMin = std::min(hMin, sys.hamiltonian(xi));
      hMax = std::max(hMax, sys.hamiltonian(xi));
    }
    CHECK(hMax - hMin < 1e-2 * std::abs(hMax) + 1e-6);
  }
}

TEST_CASE("the discrete optimal cost converges at second order in h", "[ocp]") {
  OcpProblemFile pf = loadOcpProblem(kProblem);
  std::vector<double> cost;
  for (int n : {5, 10, 20}) {
    pf.problem.stepsPerSegment = n;
    const SleighBvpResult r = solveSleighBvp(pf.problem);
    REQUIRE(r.solved);
    cost.push_back(r.cost);
  }
  CHECK(std::log2((cost[0] - cost[1]) / (cost[1] - cost[2])) == Approx(2.0).margin(0.3));
}

TEST_CASE("the sleigh-controlled vehicle keeps its velocity in D and follows u1, u2", "[ocp]") {
  const std::string text =
      "[vehicle]\ntype = \"sleigh-controlled\"\n[initial]\nlinear_velocity = [0.5, 0.0]\n[integrator]\n"
      "dt = 0.01\nduration = 1.0\n[controls]\nu1 = 0.2\nu2 = { amplitude = 0.5, frequency = 0.5 }\n";
  for (const char* integ : {"retraction-midpoint", "rk4"}) {
    lieride::ScenarioOverrides o;
    o.integrator = integ;
    lieride::Scenario sc = lieride::loadScenarioFromString(text, "inline.toml", ".", o);
    for (int k = 0; k < 100; ++k) sc.simulation->step();
    std::vector<double> row;
    runCsvRow(*sc.simulation, row);
    // vx = z2 / m = 0.5 + 0.2 t exactly for both integrators (z2' = u1 is constant).
    CHECK(row[5] == Approx(0.7).epsilon(1e-12));
    CHECK(row[6] == 0.0);  // vy
  }
}

TEST_CASE("the sleigh-optimal-u-turn scene plays the solver's U-turn to the goal", "[ocp]") {
  lieride::Scenario sc = lieride::loadScenario(std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/sleigh-optimal-u-turn.toml");
  const OcpProblemFile pf = loadOcpProblem(std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/sleigh-u-turn.toml");
  const SleighBvpResult r = solveSleighBvp(pf.problem);
  REQUIRE(r.solved);
  REQUIRE(sc.settings.dt == r.h);
  double worst = 0.0;
  std::vector<double> row;
  for (std::size_t k = 1; k < r.states.size(); ++k) {
    sc.simulation->step();
    row.clear();
    runCsvRow(*sc.simulation, row);
    for (int i = 0; i < 3; ++i) worst = std::max(worst, std::abs(row[static_cast<std::size_t>(i + 1)] - r.states[k](i)));
  }
  CHECK(worst < 1e-9);
  CHECK(std::abs(row[1] - 0.0) < 1e-9);
  CHECK(std::abs(row[2] - 2.0) < 1e-9);
  CHECK(std::abs(row[3] - M_PI) < 1e-9);
}

TEST_CASE("the Pontryagin-flow scene flies the solver's U-turn with its costates", "[ocp]") {
  // Costate mode: the state and the costates found by the shooting solver, integrated together
  // by the retraction midpoint scheme, retrace the solver's trajectory and keep H (the scheme is
  // symplectic and H is invariant along the discrete flow of this H only approximately: bounded).
  lieride::Scenario sc =
      lieride::loadScenario(std::string(LIERIDE_SOURCE_DIR) + "/assets/scenes/sleigh-optimal-u-turn-pmp.toml");
  const OcpProblemFile pf = loadOcpProblem(std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/sleigh-u-turn.toml");
  const SleighBvpResult r = solveSleighBvp(pf.problem);
  REQUIRE(r.solved);
  REQUIRE(sc.settings.dt == r.h);
  const auto cols = runCsvColumns(*sc.simulation);
  const auto col = [&](const char* n) { return static_cast<std::size_t>(std::find(cols.begin(), cols.end(), n) - cols.begin()); };
  REQUIRE(col("p_2") < cols.size());
  double worstState = 0.0, worstCostate = 0.0;
  std::vector<double> row;
  for (std::size_t k = 1; k < r.states.size(); ++k) {
    sc.simulation->step();
    row.clear();
    runCsvRow(*sc.simulation, row);
    for (int i = 0; i < 3; ++i) worstState = std::max(worstState, std::abs(row[static_cast<std::size_t>(i + 1)] - r.states[k](i)));
    const char* names[] = {"p_x", "p_y", "p_theta", "p_1", "p_2"};
    for (int i = 0; i < 5; ++i) worstCostate = std::max(worstCostate, std::abs(row[col(names[i])] - r.states[k](kPx + i)));
  }
  INFO("state " << worstState << ", costates " << worstCostate);
  CHECK(worstState < 1e-9);
  CHECK(worstCostate < 1e-9);
  CHECK(std::abs(row[2] - 2.0) < 1e-9);
  CHECK(std::abs(row[3] - M_PI) < 1e-9);
  // The row at costate_until shows the controls the flow ended with (u1 = p_2, u2 = p_1), not
  // the zero that follows.
  CHECK(row[col("u1")] == row[col("p_2")]);
  CHECK(row[col("u2")] == row[col("p_1")]);
  CHECK(row[col("u1")] != 0.0);
  // The snapshot carries the costates, H and phi_d for the app's plots.
  const lieride::Snapshot s = sc.simulation->snapshot();
  REQUIRE(s.extraNames.size() == 7);
  CHECK(s.extraNames[5] == "H");
  CHECK(std::abs(s.extras[6]) < 1e-12);  // phi_d of the retraction midpoint: round-off
  CHECK(s.solver.iterations >= 1);
  // After costate_until the inputs stop and the sleigh rests at the goal.
  for (int k = 0; k < 30; ++k) sc.simulation->step();
  row.clear();
  runCsvRow(*sc.simulation, row);
  CHECK(std::abs(row[2] - 2.0) < 1e-9);
  CHECK(row[col("u1")] == 0.0);
}

TEST_CASE("a costate that is not five finite numbers is refused", "[ocp]") {
  const std::string base = "[vehicle]\ntype = \"sleigh-controlled\"\n[initial]\n";
  CHECK_THROWS_WITH(lieride::loadScenarioFromString(base + "costate = [1.0, 2.0]\n", "c.toml", "."),
                    Catch::Contains("initial.costate"));
  CHECK_THROWS_WITH(lieride::loadScenarioFromString(base + "costate_until = 3.0\n", "c.toml", "."),
                    Catch::Contains("initial.costate_until"));
}

TEST_CASE("straight moves and turns on the spot cost what the double integrator's closed form says", "[ocp]") {
  // Along the blade (or turning in place) the sleigh is a double integrator z' = u, and from
  // rest to rest over a distance D in time T the least 1/2 int u^2 dt is 6 D^2 / T^3.
  SleighBvpProblem p;
  p.horizon = 20.0;
  const double T3 = p.horizon * p.horizon * p.horizon;
  struct Move {
    std::array<double, 3> goal;
    double distance;
  };
  for (const Move& m : {Move{{10.0, 0.0, 0.0}, 10.0}, Move{{-3.0, 0.0, 0.0}, 3.0}, Move{{0.0, 0.0, 2.0 * M_PI}, 2.0 * M_PI}}) {
    p.goal = m.goal;
    const SleighBvpResult r = solveSleighBvp(p);
    REQUIRE(r.solved);
    const double exact = 6.0 * m.distance * m.distance / T3;
    INFO("goal (" << m.goal[0] << ", " << m.goal[1] << ", " << m.goal[2] << "): cost " << r.cost << ", exact " << exact);
    CHECK(std::abs(r.cost - exact) < 1e-4 * exact);  // O(h^2) at h = 0.1
  }
}

TEST_CASE("a problem file that is a directory or a device is refused, never read", "[ocp]") {
  CHECK_THROWS_WITH(loadOcpProblem("/dev/zero"), Catch::Contains("not a regular file"));
  CHECK_THROWS_WITH(loadOcpProblem(std::string(LIERIDE_SOURCE_DIR) + "/assets"), Catch::Contains("is a directory"));
  CHECK_THROWS_WITH(loadOcpProblem("/no/such/problem.toml"), Catch::Contains("no such file"));
}
