// The run CSV from the outside (docs/formats.md section 3): the column order and the t = 0
// values of every vehicle, [output] every, nothing after a diverged row, both divergence
// triggers, byte-identical reruns, no step past the duration.
#include <catch2/catch.hpp>
#include <cmath>

#include "cli_test_util.hpp"

using namespace cli_test;

namespace {

Csv runCsv(const std::string& name, const std::string& scenario, const std::string& flags = "", int expectCode = 0) {
  const fs::path file = writeFile(name + ".toml", scenario);
  const fs::path csv = scratch() / (name + ".csv");
  const Result r = lieride("sim " + file.string() + " --out " + csv.string() + " " + flags);
  CAPTURE(name, r.err);
  REQUIRE(r.code == expectCode);
  return parseCsv(slurp(csv));
}

// The header must start with `required` (comma-separated), the documented order.
void checkRequiredColumns(const Csv& csv, const std::string& required) {
  const auto want = split(required);
  REQUIRE(csv.header.size() >= want.size());
  for (std::size_t i = 0; i < want.size(); ++i) CHECK(csv.header[i] == want[i]);
}

void checkTimesAndStatus(const Csv& csv, double dt, std::size_t rows) {
  REQUIRE(csv.rows.size() == rows);
  for (std::size_t k = 0; k < rows; ++k) {
    CHECK(csv.value(k, "t") == Approx(static_cast<double>(k) * dt).margin(1e-12));
    CHECK(csv.rows[k].at(csv.column("status")) == "ok");
  }
}

const std::string kShort = "[integrator]\nname = \"rk4\"\ndt = 0.1\nduration = 0.5\n";
const std::string k3d = "t,x,y,z,qw,qx,qy,qz,wx,wy,wz,vx,vy,vz";
const std::string k3dTail = "energy,px,py,pz,Lx,Ly,Lz,iters,status";

}  // namespace

TEST_CASE("rigid body: documented columns, t = 0 row equal to the initial state and its closed forms", "[cli]") {
  const Csv csv = runCsv("cols-rigid",
                         "[vehicle]\ntype = \"rigid-body\"\nmass = 2.0\ninertia = [1.0, 2.0, 3.0]\n"
                         "[initial]\nposition = [1.0, 2.0, 3.0]\norientation = [0.6, 0.8, 0.0, 0.0]\n"
                         "angular_velocity = [0.1, 0.2, 0.3]\nlinear_velocity = [1.0, 0.5, 0.25]\n" + kShort);
  checkRequiredColumns(csv, k3d + "," + k3dTail);
  checkTimesAndStatus(csv, 0.1, 6);
  const double given[] = {1.0, 2.0, 3.0, 0.6, 0.8, 0.0, 0.0, 0.1, 0.2, 0.3, 1.0, 0.5, 0.25};
  const auto names = split(k3d);
  for (std::size_t i = 1; i < names.size(); ++i) CHECK(csv.value(0, names[i]) == Approx(given[i - 1]).margin(1e-15));
  // E = 1/2 (w.I w + m v.v); p = R m v; L = R I w + x cross p, R = rotation by 2 atan(0.8/0.6) about x.
  CHECK(csv.value(0, "energy") == Approx(0.5 * (0.01 + 2 * 0.04 + 3 * 0.09 + 2.0 * (1.0 + 0.25 + 0.0625))));
  const double c = 0.6 * 0.6 - 0.8 * 0.8, s = 2 * 0.6 * 0.8;  // cos, sin of the rotation angle
  const double p[3] = {2.0, 2.0 * (c * 0.5 - s * 0.25), 2.0 * (s * 0.5 + c * 0.25)};
  const double Iw[3] = {0.1, c * 0.4 - s * 0.9, s * 0.4 + c * 0.9};
  const double x[3] = {1.0, 2.0, 3.0};
  CHECK(csv.value(0, "px") == Approx(p[0]));
  CHECK(csv.value(0, "py") == Approx(p[1]));
  CHECK(csv.value(0, "pz") == Approx(p[2]));
  CHECK(csv.value(0, "Lx") == Approx(Iw[0] + x[1] * p[2] - x[2] * p[1]));
  CHECK(csv.value(0, "Ly") == Approx(Iw[1] + x[2] * p[0] - x[0] * p[2]));
  CHECK(csv.value(0, "Lz") == Approx(Iw[2] + x[0] * p[1] - x[1] * p[0]));
}

TEST_CASE("helicopter and boat: inputs between the velocities and the energy, with their values", "[cli]") {
  const Csv heli = runCsv("cols-heli",
                          "[vehicle]\ntype = \"helicopter\"\n[initial]\nposition = [0.0, 0.0, 5.0]\n"
                          "[controls]\ncollective = 3.5\ntail = { amplitude = 0.5, frequency = 1.0, offset = 0.25 }\n" +
                              kShort);
  checkRequiredColumns(heli, k3d + ",collective,tail,cyclic_pitch,cyclic_roll," + k3dTail);
  checkTimesAndStatus(heli, 0.1, 6);
  CHECK(heli.value(0, "z") == 5.0);
  for (std::size_t k = 0; k < heli.rows.size(); ++k) {
    const double t = heli.value(k, "t");
    CHECK(heli.value(k, "collective") == 3.5);
    CHECK(heli.value(k, "tail") == Approx(0.25 + 0.5 * std::sin(2.0 * M_PI * t)).margin(1e-12));
    CHECK(heli.value(k, "cyclic_pitch") == 0.0);
  }
  const Csv boat = runCsv("cols-boat", "[vehicle]\ntype = \"boat\"\n[controls]\nthrust_right = 20.0\nthrust_left = 10.0\n" + kShort);
  checkRequiredColumns(boat, k3d + ",thrust_right,thrust_left," + k3dTail);
  checkTimesAndStatus(boat, 0.1, 6);
  CHECK(boat.value(3, "thrust_right") == 20.0);
  CHECK(boat.value(3, "thrust_left") == 10.0);
}

TEST_CASE("planar vehicles and the particle: documented columns and the initial state at t = 0", "[cli]") {
  const std::string planar = "t,x,y,theta,omega,vx,vy";
  const std::string planarTail = "energy,momentum,constraint,iters,status";
  // Car: vx = rho psi_dot, omega = (rho / l) sigma psi_dot (docs/models.md).
  const Csv car = runCsv("cols-car",
                         "[vehicle]\ntype = \"car\"\nwheel_radius = 0.5\nwheelbase = 2.0\n[initial]\nposition = [1.0, 2.0]\n"
                         "heading = 0.5\nshape = [0.1, 0.2]\nshape_velocity = [3.0, 0.0]\n" + kShort);
  checkRequiredColumns(car, planar + ",psi,sigma,psi_dot,sigma_dot," + planarTail);
  checkTimesAndStatus(car, 0.1, 6);
  CHECK(car.value(0, "x") == 1.0);
  CHECK(car.value(0, "y") == 2.0);
  CHECK(car.value(0, "theta") == 0.5);
  CHECK(car.value(0, "psi") == 0.1);
  CHECK(car.value(0, "sigma") == 0.2);
  CHECK(car.value(0, "psi_dot") == 3.0);
  CHECK(car.value(0, "vx") == Approx(1.5));
  CHECK(car.value(0, "vy") == Approx(0.0).margin(1e-15));
  CHECK(car.value(0, "omega") == Approx(0.25 * 0.2 * 3.0));

  const Csv board = runCsv("cols-snakeboard",
                           "[vehicle]\ntype = \"snakeboard\"\n[initial]\nposition = [-1.0, 0.5]\nheading = 0.25\n"
                           "shape = [0.3, 0.2]\n" + kShort);
  checkRequiredColumns(board, planar + ",psi,phi,psi_dot,phi_dot," + planarTail);
  checkTimesAndStatus(board, 0.1, 6);
  CHECK(board.value(0, "x") == -1.0);
  CHECK(board.value(0, "y") == 0.5);
  CHECK(board.value(0, "theta") == 0.25);
  CHECK(board.value(0, "psi") == 0.3);
  CHECK(board.value(0, "phi") == 0.2);

  const Csv sleigh = runCsv("cols-sleigh",
                            "[vehicle]\ntype = \"sleigh\"\n[initial]\nposition = [3.0, 4.0]\nheading = 1.0\n"
                            "angular_velocity = 0.5\nlinear_velocity = [2.0, 0.0]\n" + kShort);
  checkRequiredColumns(sleigh, planar + "," + planarTail);
  checkTimesAndStatus(sleigh, 0.1, 6);
  CHECK(sleigh.value(0, "x") == 3.0);
  CHECK(sleigh.value(0, "theta") == 1.0);
  CHECK(sleigh.value(0, "omega") == 0.5);
  CHECK(sleigh.value(0, "vx") == 2.0);
  CHECK(sleigh.value(0, "constraint") == Approx(0.0).margin(1e-12));

  const Csv particle = runCsv("cols-particle", "[vehicle]\ntype = \"np-particle\"\n" + kShort);
  checkRequiredColumns(particle, "t,x,y,z,xdot,ydot,zdot,energy,constraint,iters,status");
  checkTimesAndStatus(particle, 0.1, 6);
  const double v2 = std::pow(particle.value(0, "xdot"), 2) + std::pow(particle.value(0, "ydot"), 2) +
                    std::pow(particle.value(0, "zdot"), 2);
  CHECK(particle.value(0, "energy") == Approx(0.5 * v2));
}

TEST_CASE("output every = N writes every N-th step, the same rows as every = 1", "[cli]") {
  const std::string base = kRigidBody + "[integrator]\nname = \"lie-cay-tln\"\ndt = 0.1\nduration = 1.0\n";
  const fs::path all = writeFile("every1.toml", base), third = writeFile("every3.toml", base + "[output]\nevery = 3\n");
  REQUIRE(lieride("sim " + all.string() + " --out " + (scratch() / "every1.csv").string()).code == 0);
  REQUIRE(lieride("sim " + third.string() + " --out " + (scratch() / "every3.csv").string()).code == 0);
  const auto full = split(slurp(scratch() / "every1.csv"), '\n');
  const auto thin = split(slurp(scratch() / "every3.csv"), '\n');
  REQUIRE(full.size() == 12);  // header + t = 0 + 10 steps
  REQUIRE(thin.size() == 5);   // header + t = 0, 0.3, 0.6, 0.9
  for (std::size_t i = 0; i < thin.size(); ++i) CHECK(thin[i] == full[i == 0 ? 0 : 1 + 3 * (i - 1)]);
}

TEST_CASE("energy runaway: exit 3, the diverged row last, nothing after it", "[cli]") {
  const Csv csv = runCsv("runaway", kRigidBody + "[integrator]\nname = \"rk4\"\ndt = 1.0\nduration = 3000.0\n", "", 3);
  REQUIRE(csv.rows.size() >= 2);
  REQUIRE(csv.rows.size() < 3001);
  const std::size_t status = csv.column("status");
  for (std::size_t k = 0; k + 1 < csv.rows.size(); ++k) CHECK(csv.rows[k][status] == "ok");
  CHECK(csv.rows.back()[status] == "diverged");
  // The bound of the monitor: |E - E0| > 10 |E0| in a run with no inputs and no damping.
  const double e0 = csv.value(0, "energy"), e = csv.value(csv.rows.size() - 1, "energy");
  CHECK(std::abs(e - e0) > 10.0 * std::abs(e0));
  const Result r = lieride("sim " + (scratch() / "runaway.toml").string() + " --out -");
  CHECK(r.err.find("left the bound") != std::string::npos);
}

TEST_CASE("energy runaway is not round-off: a helicopter falling from rest at z = 0 (E0 = 0) runs to its end", "[cli]") {
  // E = 1/2 m v^2 + m g z stays 0 while both parts grow to hundreds of joules: its round-off
  // (1e-8 J by t = 2.2 s at h = 1e-5) passed 10 max(|E0|, 1e-9) and stopped the run.
  for (const char* integrator : {"lie-cay-tln", "rk4"}) {
    const Csv csv = runCsv(std::string("fall-") + integrator,
                           "[vehicle]\ntype = \"helicopter\"\n[integrator]\nname = \"" + std::string(integrator) +
                               "\"\ndt = 1e-5\nduration = 5.0\n[output]\nevery = 1000\n",
                           "", 0);
    CAPTURE(integrator);
    REQUIRE(csv.rows.size() == 501);
    const std::size_t last = csv.rows.size() - 1;
    CHECK(csv.rows[last][csv.column("status")] == "ok");
    CHECK(csv.value(last, "z") == Approx(-0.5 * 9.81 * 25.0).epsilon(1e-6));  // free fall from rest
    CHECK(std::abs(csv.value(last, "energy")) < 1e-6);
  }
}

TEST_CASE("diverge_speed: the run stops at the first row faster than the bound", "[cli]") {
  // Twice the hover collective: the helicopter accelerates upward at about g.
  const std::string text = "[vehicle]\ntype = \"helicopter\"\nmass = 5.0\n[controls]\ncollective = 98.1\n"
                           "[integrator]\nname = \"rk4\"\ndt = 0.01\nduration = 10.0\ndiverge_speed = 2.0\n";
  const Csv csv = runCsv("speed", text, "", 3);
  const std::size_t status = csv.column("status");
  REQUIRE(csv.rows.back()[status] == "diverged");
  auto speed = [&](std::size_t k) {
    return std::sqrt(std::pow(csv.value(k, "vx"), 2) + std::pow(csv.value(k, "vy"), 2) + std::pow(csv.value(k, "vz"), 2));
  };
  for (std::size_t k = 0; k + 1 < csv.rows.size(); ++k) {
    CHECK(csv.rows[k][status] == "ok");
    CHECK(speed(k) <= 2.0);
  }
  CHECK(speed(csv.rows.size() - 1) > 2.0);
  CHECK(csv.value(csv.rows.size() - 1, "t") < 1.0);  // ~ 2 m/s / g
  const Result r = lieride("sim " + (scratch() / "speed.toml").string() + " --out -");
  CHECK(r.code == 3);
  CHECK(r.err.find("above the divergence limit of 2 ([integrator] diverge_speed)") != std::string::npos);
}

TEST_CASE("the same run twice gives byte-identical CSVs", "[cli]") {
  for (const char* scene : {"helicopter-hover", "boat-harbour", "car-slalom", "snakeboard-drive", "sleigh"}) {
    const std::string a = (scratch() / "twice-a.csv").string(), b = (scratch() / "twice-b.csv").string();
    REQUIRE(lieride(std::string("sim ") + scene + " --duration 1 --out " + a).code == 0);
    REQUIRE(lieride(std::string("sim ") + scene + " --duration 1 --out " + b).code == 0);
    const std::string first = slurp(a);
    CAPTURE(scene);
    CHECK(lineCount(first) > 10);
    CHECK(first == slurp(b));
  }
}

TEST_CASE("no step past the duration: a last partial step is not taken", "[cli]") {
  const fs::path file = writeFile("partial.toml", kRigidBody + "[integrator]\nname = \"rk4\"\n");
  const Result r = lieride("sim " + file.string() + " --dt 0.3 --duration 1 --out -");
  REQUIRE(r.code == 0);
  const Csv csv = parseCsv(r.out);
  REQUIRE(csv.rows.size() == 4);  // t = 0, 0.3, 0.6, 0.9
  CHECK(csv.value(3, "t") == Approx(0.9));
  const Result longStep = lieride("sim " + file.string() + " --dt 2 --duration 1 --out -");
  REQUIRE(longStep.code == 0);
  CHECK(parseCsv(longStep.out).rows.size() == 1);  // the t = 0 row only
}
