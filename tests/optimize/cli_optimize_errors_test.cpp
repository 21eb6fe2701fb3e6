// `lieride optimize` from the outside: bad problem files exit 2 with one line naming the key
// (docs/formats.md section 4), and write nothing.
#include "cli_optimize_util.hpp"

using namespace cli_optimize_test;

TEST_CASE("lieride optimize: bad problem files exit 2 with one line naming the key", "[optimize][cli]") {
  const std::string good = problemText("car-tunnel");
  const std::vector<BadCase> cases = {
      {"method = \"dmoc\"", "method = \"shooting\"", "key 'problem.method': expected \"dmoc\""},
      {"method = \"dmoc\"", "method = \"pmp\"", "key 'vehicle.type': expected \"sleigh-controlled\""},
      {"knots = 64", "knots = 1", "problem.knots"},
      {"knots = 64", "knots = 1000000000", "problem.knots': expected an integer from 2 to 20000"},
      {"horizon = 10.0", "horizon = -1.0", "problem.horizon"},
      // A step below a microsecond: its 1/h^2 terms wrote NaN controls, exit 4, before.
      {"horizon = 10.0", "horizon = 1e-300", "problem.horizon': expected a step horizon / knots of at least 1e-6 s"},
      {"horizon = 10.0", "horizon = 1e300", "problem.horizon': expected a duration > 0 and at most 1e4 s"},
      {"horizon = 10.0", "horizon = 10.0\nfree_time = [5.0, 1e9]", "problem.free_time': expected a T_max of at most 1e4 s"},
      {"horizon = 10.0", "horizon = 10.0\nfree_time = [1e-9, 20.0]", "problem.free_time': expected a T_min / knots"},
      {"heading_tolerance = 0.01", "heading_tolerence = 0.01", "goal.heading_tolerence"},
      {"shape = \"cylinder\"", "shape = \"cone\"", "obstacles[2].shape"},
      {"radius = 1.0", "radius = 0.0", "obstacles[2].radius"},
      {"steer_rate = [-1.0, 1.0]", "steer_rate = [1.0, -1.0]", "bounds.steer_rate"},
      {"position = [40.0, 0.0]", "position = [40.0]", "goal.position"},
      {"type = \"car\"", "type = \"tank\"", "key 'vehicle.type'"},
      {"[problem]", "[controls]\nsteer_rate = 1.0\n[problem]", "[controls]"},
      {"integrator = \"lie-nh\"", "integrator = \"rk4\"", "problem.integrator"},
      {"[cost]", "[cost]\npath_length = -1.0", "cost.path_length"},
      {"[cost]", "[cost]\nhazard = 1.0\nhazard_distance = 0.0", "cost.hazard_distance"},
      {"[problem]", "[[waypoints]]\ntime = 2.0\nposition = [5.0, 0.0]\nweight = 1.0\ntolerance = 0.1\n[problem]",
       "waypoints[0].weight"},  // soft or hard, not both
      {"[problem]", "[[waypoints]]\ntime = 2.0\nposition = [5.0, 0.0]\nweight = 0.0\n[problem]", "waypoints[0].weight"},
      // Found by a hostile-input round: each of these reached IPOPT and came back as exit 4
      // with a reason on some other row ("final speed misses the goal", a non-finite value).
      {"radius = 1.0", "radius = 1e300", "obstacles[2].radius': expected a radius between 0.001 and 1e5 m"},
      // Weights and tolerances beyond their scale: the steering weight ran 6 s to the
      // iteration limit; a goal tolerance of 1e300 m made any end the goal, "solved".
      {"[cost]", "[cost]\ntime = 1e300", "cost.time': expected a weight from 0 to 1e9"},
      {"heading_tolerance = 0.01", "heading_tolerance = 1e300", "goal.heading_tolerance': expected a tolerance > 0 and at most pi rad"},
      {"radius = 1.0", "radius = 1e-300", "obstacles[2].radius"},
      {"center = [10.0, 1.4]", "center = [1e300, 1.4]", "obstacles[2].center': expected [x, y] (m), each within 1e6 m"},
      {"[problem]", "[body]\nwidth = 1e300\n[problem]", "body.width"},
      {"[problem]",
       "[[waypoints]]\ntime = 6.0\nposition = [5.0, 3.0]\n[[waypoints]]\ntime = 6.0\nposition = [50.0, 3.0]\n[problem]",
       "waypoints[1].time': expected a knot of its own (waypoints[0] holds knot"},
      // Found by a later round: contradictions that came back as exit 4 "solver failure" with
      // 0 iterations, and keys read and never used.
      {"heading_tolerance = 0.01", "heading_tolerance = 0.01\nsteer = 1.5",
       "goal.steer': expected a steering angle within the car's max_steer, |steer| <= 0.6 rad"},
      {"[problem]", "[[waypoints]]\ntime = 10.0\nposition = [20.0, 20.0]\n[problem]",
       "waypoints[0].time': expected a time before the last knot"},
      {"heading_tolerance = 0.01", "heading_tolerance = 0.01\nspeed_tolerance = 0.1",
       "goal.speed_tolerance': expected no speed_tolerance without a goal speed"},
      {"heading = 0.0\ntolerance", "tolerance", "goal.heading_tolerance': expected no heading_tolerance without a goal heading"},
      {"[cost]", "[cost]\nhazard_distance = 2.0", "cost.hazard_distance': expected no hazard_distance without a hazard weight"},
  };
  expectBadInput(good, cases, "bad");
  // A hard waypoint on the last knot inside the goal's box is fine.
  {
    std::string text = good;
    text.replace(text.find("[problem]"), 9, "[[waypoints]]\ntime = 10.0\nposition = [40.02, 0.0]\n[problem]");
    const fs::path f = scratch() / "goal-waypoint.toml";
    std::ofstream(f) << text;
    const Result r = lieride("optimize " + f.string() + " --max-iter 1 --quiet --out " + (scratch() / "goal-wp").string());
    CAPTURE(r.err);
    CHECK(r.code != 2);
    fs::remove_all(scratch() / "goal-wp");
  }
  // Two hard waypoints on one knot whose boxes meet are fine; a soft one never conflicts.
  for (const char* second : {"position = [5.05, 3.0]", "position = [50.0, 3.0]\nweight = 1.0"}) {
    std::string text = good;
    text.replace(text.find("[problem]"), 9,
                 std::string("[[waypoints]]\ntime = 6.0\nposition = [5.0, 3.0]\n[[waypoints]]\ntime = 6.0\n") + second +
                     "\n[problem]");
    const fs::path f = scratch() / "two-waypoints.toml";
    std::ofstream(f) << text;
    const Result r = lieride("optimize " + f.string() + " --max-iter 1 --quiet --out " + (scratch() / "two-wp").string());
    CAPTURE(second, r.err);
    CHECK(r.code != 2);  // loaded (solved or not within one iteration)
    fs::remove_all(scratch() / "two-wp");
  }
  // A boat's thrust bounds that miss its thrusters' range leave no admissible thrust.
  expectBadInput(problemText("boat-docking"),
                 {{"thrust_right = [-250.0, 500.0]", "thrust_right = [600.0, 700.0]",
                   "bounds.thrust_right': expected [lower, upper] meeting the thrusters' range [-250, 500] N"}},
                 "bad-thrust");
  // A goal steering angle beyond the car's max_steer: a contradiction said at load.
  expectBadInput(problemText("car-parallel-park"),
                 {{"speed = 0.0\ntolerance", "speed = 0.0\nsteer = 5.0\ntolerance", "goal.steer': expected a steering angle within"}},
                 "bad-steer");
  // Within the car's max_steer (0.6 rad) but beyond a tighter [bounds] steer: the bound is named.
  {
    std::string text = problemText("car-parallel-park");
    text.replace(text.find("speed = 0.0\ntolerance"), 21, "speed = 0.0\nsteer = 0.5\ntolerance");
    expectBadInput(text, {{"steer = 0.6", "steer = 0.3", "bounds.steer': expected a bound admitting"}}, "bad-steer-bound");
  }
  // A bound beyond the car's own max_steer (0.6 rad) read as allowing what the car cannot do.
  expectBadInput(problemText("car-parallel-park"),
                 {{"steer = 0.6", "steer = 0.7", "bounds.steer': expected a bound of at most the car's max_steer = 0.6 rad"}},
                 "bad-steer-max");
  const Result missing = lieride("optimize " + (scratch() / "none.toml").string());
  CHECK(missing.code == 2);
  const Result flag = lieride("optimize " + problemFile("car-tunnel") + " --knots 1");
  CHECK(flag.code == 2);
  CHECK(flag.err.find("--knots") != std::string::npos);
  // Decimal whole numbers only: 0x10 is not read as 16, and 40abc is not a number at all.
  for (const char* odd : {"--knots 0x10", "--knots 40abc", "--max-iter 0x7", "--knots 4e1"}) {
    const Result r = lieride("optimize " + problemFile("car-tunnel") + " --quiet --out " + (scratch() / "odd-n").string() + " " + odd);
    CAPTURE(odd, r.err);
    CHECK(r.code == 2);
    CHECK(r.err.find("expected a whole number from ") != std::string::npos);
    CHECK_FALSE(fs::exists(scratch() / "odd-n"));
  }
  // Far more knots than a machine holds: refused, not a std::bad_alloc with exit 1.
  const Result many = lieride("optimize " + problemFile("car-tunnel") + " --knots 1000000");
  CHECK(many.code == 2);
  CHECK(many.err.find("--knots") != std::string::npos);
  const Result folder = lieride("optimize " + problemFile("car-tunnel") + " --guess " + scratch().string());
  CAPTURE(folder.err);
  CHECK(folder.code == 2);
  CHECK(folder.err.find("--guess: expected a controls CSV, got a directory") != std::string::npos);
}

TEST_CASE("lieride optimize: bad sleigh DMOC problem files exit 2 with one line naming the key", "[optimize][cli]") {
  const std::string good = problemText("sleigh-u-turn-dmoc");
  const std::vector<BadCase> cases = {
      {"integrator = \"retraction-midpoint\"", "integrator = \"rk4\"", "problem.integrator"},
      {"heading = 3.141592653589793", "heading = 3.0\ntolerance = 0.1", "goal.tolerance"},  // the goal is exact
      {"heading = 3.141592653589793", "", "goal.heading"},
      {"[goal]", "[cost]\nu1 = 2.0\n[goal]", "cost.u1"},  // the cost is fixed: 1/2 int |u|^2
      {"[goal]", "[[obstacles]]\nshape = \"circle\"\ncenter = [1.0, 1.0]\nradius = 0.5\n[goal]", "[[obstacles]]"},
      {"knots = 200", "knots = 200\nfree_time = [10.0, 30.0]", "problem.free_time"},
  };
  expectBadInput(good, cases, "bad-sleigh");
  // The shooting (pmp) form has DMOC's limits on the horizon: 1e300 wrote a replay with
  // dt = 5e297 that reproduced nothing.
  expectBadInput(problemText("sleigh-u-turn"),
                 {{"horizon = 20.0", "horizon = 1e300", "problem.horizon': expected a final time T > 0 and at most 1e4 s"},
                  {"horizon = 20.0", "horizon = 1e-300", "problem.horizon': expected a step horizon"},
                  // A dense shooting matrix of (10 x 100000)^2: std::bad_alloc, exit 1, before.
                  {"segments = 20", "segments = 100000", "problem.segments': expected from 1 to 200"}},
                 "bad-pmp");
}


TEST_CASE("lieride optimize: bad canyon and snakeboard problem files exit 2 with one line naming the key",
          "[optimize][cli]") {
  expectBadInput(problemText("helicopter-canyon"),
                 {
                     {"shape = \"box\"", "shape = \"cylinder\"", "obstacles[0].shape"},
                     {"size = [18.2461, 2.0, 30.0]", "size = [18.2461, 2.0]", "obstacles[0].size"},
                     {"size = [18.2461, 2.0, 30.0]", "size = [18.2461, 0.0, 30.0]", "obstacles[0].size"},
                     {"guess_path = [[20.0, 0.0, 10.0],", "guess_path = [[20.0, 0.0],", "problem.guess_path"},
                     {"radius = 1.0", "radius = -1.0", "body.radius"},
                     {"radius = 1.0", "width = 1.0", "body.width"},
                     {"barrier = \"monotone\"", "barrier = \"fast\"", "problem.barrier"},
                     // The goal 10 m up (+- 0.05 m) outside the altitude bound, which holds at the
                     // last knot too: a contradiction, not an iteration limit on another row.
                     {"altitude = [2.0, 25.0]", "altitude = [10.1, 25.0]", "bounds.altitude"},
                     {"altitude = [2.0, 25.0]", "altitude = [2.0, 9.9]", "bounds.altitude"},
                     // A hard waypoint above the altitude bound (it came back as "solver failure").
                     {"[[obstacles]]", "[[waypoints]]\ntime = 10.0\nposition = [40.0, 0.0, 30.0]\n[[obstacles]]",
                      "waypoints[0].position': expected [x, y, z] (m) with z within [bounds] altitude = [2, 25] m"},
                     // Coordinates beyond the obstacles' reach (1e6 m) ended in exit 4 with a
                     // best iterate of NaN; refused as the obstacles' are.
                     {"position = [80.0, 0.0, 10.0]", "position = [1e15, 0.0, 10.0]", "goal.position': expected [x, y, z] (m), each within 1e6 m"},
                     {"guess_path = [[20.0, 0.0, 10.0],", "guess_path = [[1e308, 0.0, 10.0],", "problem.guess_path"},
                     {"[[obstacles]]", "[[waypoints]]\ntime = 10.0\nposition = [4e6, 0.0, 10.0]\n[[obstacles]]",
                      "waypoints[0].position': expected [x, y, z] (m), each within 1e6 m"},
                 },
                 "bad-canyon");
  expectBadInput(problemText("boat-docking"),
                 {{"position = [24.0, 6.0]", "position = [24.0, 1e9]", "goal.position': expected [x, y] (m), each within 1e6 m"}},
                 "bad-boat-goal");
  expectBadInput(problemText("helicopter-landing"),
                 {{"[cost]", "[cost]\nhazard = 1.0\n", "cost.hazard': expected no hazard weight without [[obstacles]]"}},
                 "bad-landing-hazard");
  expectBadInput(problemText("snakeboard-reorient"),
                 {
                     {"at_rest = true", "at_rest = 1", "goal.at_rest"},
                     {"rotor_torque = 1.0", "psi = 1.0", "cost.psi"},
                     {"steer = 1.0", "steer = -1.0", "bounds.steer"},
                     {"steer = 1.0   ", "steer = 2.0   ", "bounds.steer': expected a bound on |phi| below pi/2"},
                     {"integrator = \"lie-nh\"", "integrator = \"rk4\"", "problem.integrator"},
                     {"[cost]", "[[obstacles]]\nshape = \"circle\"\ncenter = [1.0, 1.0]\nradius = 0.5\n[cost]", "[[obstacles]]"},
                     {"horizon = 6.0", "horizon = 6.0\nguess_path = [[1.0, 0.0, 0.0]]", "problem.guess_path"},
                 },
                 "bad-snakeboard");
}

TEST_CASE("lieride optimize: bad coarse_knots and guess_via exit 2 with one line naming the key", "[optimize][cli]") {
  const std::string key = "coarse_knots = [16]";
  expectBadInput(problemText("helicopter-landing"),
                 {
                     {"guess_via = [20.0, -2.0, 5.0]", "guess_via = [20.0, -2.0]", "problem.guess_via"},
                     // The problem's keys, not the replay scenario's ([integrator] name) or a
                     // neighbour's (coarse_knots, checked against the missing knots).
                     {"integrator = \"lie-cay-tln\"", "integrator = \"lie-foo\"", "problem.integrator"},
                     {"knots = 48", "knotz = 48", "problem.knotz"},
                     {"knots = 48", "", "problem.knots"},
                     {"guess_via = [20.0, -2.0, 5.0]", "guess_via = [20.0, -2.0, nan]", "problem.guess_via"},
                     {"guess_via = [20.0, -2.0, 5.0]", "guess_via = [1e308, -2.0, 5.0]", "problem.guess_via': expected a point [x, y, z] (m), each within 1e6 m"},
                     {"guess_via = [20.0, -2.0, 5.0]", "guess_via = [20.0, -2.0, 5.0]\nguess_path = [[20.0, 0.0, 10.0]]",
                      "problem.guess_via"},
                     {key, "coarse_knots = [20]", "problem.coarse_knots"},      // does not divide knots = 48
                     {key, "coarse_knots = [16, 8]", "problem.coarse_knots"},   // coarsest first
                     {key, "coarse_knots = [12, 16]", "problem.coarse_knots"},  // 12 does not divide 16
                     {key, "coarse_knots = [1]", "problem.coarse_knots"},
                     {key, "coarse_knots = [48]", "problem.coarse_knots"},  // not coarser
                     {key, "coarse_knots = []", "problem.coarse_knots"},
                     {key, "coarse_knots = 16", "problem.coarse_knots"},
                     {key, "coarse_knots = [16.0]", "problem.coarse_knots"},
                 },
                 "bad-coarse");
  expectBadInput(problemText("car-tunnel"),
                 {{"knots = 64", "knots = 64\ncoarse_knots = [16]", "problem.coarse_knots"},
                  {"knots = 64", "knots = 64\nguess_via = [1.0, 0.0, 0.0]", "problem.guess_via"}},
                 "bad-coarse-car");
}

TEST_CASE("lieride optimize: a car's goal speed outside [bounds] speed exits 2 naming the bound", "[optimize][cli]") {
  // It ran 1000 iterations (7 s) to "iteration limit: final speed misses the goal".
  expectBadInput(problemText("car-parallel-park"),
                 {{"speed = [-2.0, 2.0]", "speed = [0.5, 2.0]",
                   "bounds.speed': expected [lower, upper] (m/s) that admits the goal's speed (goal.speed = 0 +- 0.001 m/s)"}},
                 "bad-speed-bound");
}
