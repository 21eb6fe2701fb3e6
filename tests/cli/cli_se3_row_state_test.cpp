// SE(3) run CSV rows from the outside (docs/formats.md section 3): every row is the state at
// t_k = k h, and its energy and spatial momentum are that state's. Computed here from each
// row's own columns with the formulas of docs/models.md sections 1 and 2, for every integrator
// that applies to the helicopter (gravity and all four inputs on, no ground, no drag).
#include <catch2/catch.hpp>
#include <algorithm>
#include <array>
#include <cmath>

#include "cli_test_util.hpp"

using namespace cli_test;

namespace {

using V3 = std::array<double, 3>;

V3 cross(const V3& a, const V3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// R v for the unit quaternion (w, u): v + 2 w (u x v) + 2 u x (u x v).
V3 rotate(double w, const V3& u, const V3& v) {
  const V3 uv = cross(u, v), uuv = cross(u, uv);
  return {v[0] + 2.0 * (w * uv[0] + uuv[0]), v[1] + 2.0 * (w * uv[1] + uuv[1]), v[2] + 2.0 * (w * uv[2] + uuv[2])};
}

}  // namespace

TEST_CASE("helicopter rows: unit quaternion, energy and spatial momentum of the row, every integrator", "[cli]") {
  // docs/models.md section 2 defaults: m = 5, J = diag(0.15, 0.25, 0.2); g = 9.81.
  const double m = 5.0, g = 9.81, h = 0.01;
  const V3 J = {0.15, 0.25, 0.2};
  const fs::path file = writeFile(
      "row-state-helicopter.toml",
      "[vehicle]\ntype = \"helicopter\"\n[initial]\nposition = [1.0, -2.0, 3.0]\norientation = [0.7, 0.1, -0.5, 0.5]\n"
      "angular_velocity = [0.4, -0.7, 1.1]\nlinear_velocity = [2.0, 0.5, -0.3]\n[integrator]\ndt = 0.01\nduration = 0.3\n"
      "[controls]\ncollective = { offset = 50.0, amplitude = 5.0, frequency = 2.0 }\ncyclic_pitch = 0.05\n"
      "cyclic_roll = { amplitude = 0.04, frequency = 1.5 }\ntail = 0.3\n");
  for (const char* integ : {"lie-cay-tln", "lie-cay", "lie-exp", "lie-exp-tln", "lie-cay-tln4", "rk4", "rk2",
                            "rk2-implicit", "euler", "lie-newmark"}) {
    const fs::path out = scratch() / (std::string("row-state-helicopter-") + integ + ".csv");
    const Result r = lieride("sim " + file.string() + " --integrator " + integ + " --out " + out.string());
    CAPTURE(integ, r.err);
    REQUIRE(r.code == 0);
    const Csv c = parseCsv(slurp(out));
    REQUIRE(c.rows.size() == 31);
    double worstNorm = 0.0, worstTime = 0.0, worstEnergy = 0.0, worstP = 0.0, worstL = 0.0;
    for (std::size_t k = 0; k < c.rows.size(); ++k) {
      auto col = [&](const char* name) { return c.value(k, name); };
      const double qw = col("qw");
      const V3 qu = {col("qx"), col("qy"), col("qz")}, x = {col("x"), col("y"), col("z")};
      const V3 w = {col("wx"), col("wy"), col("wz")}, v = {col("vx"), col("vy"), col("vz")};
      const V3 Jw = {J[0] * w[0], J[1] * w[1], J[2] * w[2]};
      worstNorm = std::max(worstNorm, std::abs(std::sqrt(qw * qw + qu[0] * qu[0] + qu[1] * qu[1] + qu[2] * qu[2]) - 1.0));
      worstTime = std::max(worstTime, std::abs(col("t") - static_cast<double>(k) * h));
      const double energy = 0.5 * (w[0] * Jw[0] + w[1] * Jw[1] + w[2] * Jw[2]) +
                            0.5 * m * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + m * g * x[2];
      worstEnergy = std::max(worstEnergy, std::abs(col("energy") - energy) / std::max(1.0, std::abs(energy)));
      const V3 Rv = rotate(qw, qu, v), RJw = rotate(qw, qu, Jw);
      const V3 p = {m * Rv[0], m * Rv[1], m * Rv[2]}, xp = cross(x, p);
      const V3 L = {RJw[0] + xp[0], RJw[1] + xp[1], RJw[2] + xp[2]};
      for (int i = 0; i < 3; ++i) {
        worstP = std::max(worstP, std::abs(col(std::array{"px", "py", "pz"}[static_cast<std::size_t>(i)]) - p[static_cast<std::size_t>(i)]));
        worstL = std::max(worstL, std::abs(col(std::array{"Lx", "Ly", "Lz"}[static_cast<std::size_t>(i)]) - L[static_cast<std::size_t>(i)]));
      }
    }
    INFO(integ << ": |q| - 1 " << worstNorm << ", t - k h " << worstTime << ", energy " << worstEnergy << ", p "
               << worstP << ", L " << worstL);
    CHECK(worstNorm < 1e-12);
    CHECK(worstTime < 1e-12);
    CHECK(worstEnergy < 1e-12);
    CHECK(worstP < 1e-10);  // |p| about 10 kg m/s
    CHECK(worstL < 1e-10);  // |L| about 40 kg m^2/s
  }
}
