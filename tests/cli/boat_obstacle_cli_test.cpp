// `lieride sim` of a boat driven into a solid wall ([vehicle.obstacles], docs/boat.md): it stops
// at the wall and never passes through, with every SE(3) scheme family; without the wall it
// motors on. Bad obstacle tables are refused with one line.
#include <catch2/catch.hpp>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

#include "cli_test_util.hpp"

using namespace cli_test;

namespace {

// A wall 2 m thick whose face is at x = 11; the default 4 x 1.6 x 1 m box boat starts at the
// origin at 5 m/s, heading 0.3 rad off the wall's normal, both thrusters full ahead (1000 N).
std::string wallScenario(const std::string& integrator, double h, bool wall) {
  return std::string("[vehicle]\ntype = \"boat\"\n") +
         (wall ? "[vehicle.obstacles.wall]\ncenter = [12.0, 0.0, 0.3]\nsize = [2.0, 40.0, 2.2]\n" : "") +
         "[initial]\norientation = [0.988771078, 0.0, 0.0, 0.149438132]\nlinear_velocity = [5.0, 0.0, 0.0]\n"
         "[integrator]\nname = \"" + integrator + "\"\ndt = " + std::to_string(h) + "\nduration = 30.0\n"
         "[controls]\nthrust_right = 500.0\nthrust_left = 500.0\n";
}

struct Drive {
  double deepestX = -INFINITY;  // largest world x of a hull corner over the run
  double finalSpeed = 0.0;
  double finalBowX = 0.0;       // largest corner x in the last row
  std::string status;
};

Drive drive(const std::string& integrator, double h, bool wall) {
  const fs::path scenario = writeFile("wall-" + integrator + ".toml", wallScenario(integrator, h, wall));
  const fs::path out = scratch() / ("wall-" + integrator + ".csv");
  const Result r = lieride("sim " + scenario.string() + " --out " + out.string());
  REQUIRE(r.code == 0);
  const Csv csv = parseCsv(slurp(out));
  REQUIRE(csv.rows.size() > 100);
  Drive d;
  for (std::size_t k = 0; k < csv.rows.size(); ++k) {
    const Eigen::Quaterniond q(csv.value(k, "qw"), csv.value(k, "qx"), csv.value(k, "qy"), csv.value(k, "qz"));
    const Eigen::Vector3d x(csv.value(k, "x"), csv.value(k, "y"), csv.value(k, "z"));
    double bow = -INFINITY;
    for (double sx : {-2.0, 2.0})
      for (double sy : {-0.8, 0.8})
        for (double sz : {-0.5, 0.5}) bow = std::max(bow, (q * Eigen::Vector3d(sx, sy, sz) + x).x());
    d.deepestX = std::max(d.deepestX, bow);
    d.finalBowX = bow;
  }
  const std::size_t last = csv.rows.size() - 1;
  d.finalSpeed = std::hypot(csv.value(last, "vx"), csv.value(last, "vy"));
  d.status = csv.rows[last][csv.column("status")];
  return d;
}

}  // namespace

TEST_CASE("lieride sim: a boat driven into a wall stops there and never passes through", "[cli][boat][obstacles]") {
  for (const char* integrator : {"lie-cay-tln", "lie-cay-tln4", "rk4"}) {
    for (double h : {0.01, 0.05}) {
      const Drive d = drive(integrator, h, true);
      INFO(integrator << ", h = " << h << ": deepest corner x " << d.deepestX << ", final bow x " << d.finalBowX
                      << ", final speed " << d.finalSpeed);
      CHECK(d.status == "ok");
      // The spring lets a corner in by a fraction of the 2 m wall at 5 m/s, never through.
      CHECK(d.deepestX < 11.5);
      // At rest against the face, held by 1000 N of thrust against 4 vertices' springs:
      // 1000 / (4 x 5e4) = 5 mm deep on average (the thrusters' pitch moment tilts it).
      CHECK(d.finalSpeed < 1e-3);
      CHECK(d.finalBowX > 11.0);
      CHECK(d.finalBowX < 11.02);
    }
  }
  const Drive open = drive("lie-cay-tln", 0.01, false);
  CHECK(open.finalBowX > 40.0);  // the same run without the wall motors on
}

TEST_CASE("bad obstacle tables are refused with one line", "[cli][boat][obstacles]") {
  const fs::path csv = scratch() / "never-obstacle.csv";
  const std::string boat = "[vehicle]\ntype = \"boat\"\n";
  const std::pair<std::string, std::string> cases[] = {
      {boat + "[vehicle.obstacles.wall]\ncenter = [1.0, 0.0, 0.0]\nsize = [0.0, 1.0, 1.0]\n", "vehicle.obstacles.wall.size"},
      {boat + "[vehicle.obstacles.wall]\nsize = [1.0, 1.0, 1.0]\n", "vehicle.obstacles.wall.center"},
      {boat + "[vehicle.obstacles.wall]\ncenter = [1.0, 0.0, 0.0]\nsize = [1.0, 1.0, 1.0]\nheight = 2.0\n",
       "vehicle.obstacles.wall.height"},
      {boat + "[vehicle.obstacles]\nwall = 3.0\n", "vehicle.obstacles.wall"},
      {boat + "[vehicle.contact]\nstiffness = -1.0\n", "vehicle.contact.stiffness"},
      {boat + "[vehicle.contact]\ndamping = -1.0\n", "vehicle.contact.damping"},
  };
  for (const auto& [text, key] : cases) {
    const fs::path scenario = writeFile("bad-obstacle.toml", text);
    const Result r = lieride("sim " + scenario.string() + " --out " + csv.string());
    CAPTURE(text, r.err);
    CHECK(r.code == 2);
    CHECK(lineCount(r.err) == 1);
    CHECK(r.err.find(key) != std::string::npos);
    CHECK(!fs::exists(csv));
  }
}
