// Hull clipping against still water: exact volumes against closed forms, continuity across
// the surface, independence from the tessellation, and the buoyancy of a submerged body.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <random>

#include "lieride/model/boat.hpp"
#include "lieride/model/hull_clip.hpp"

using namespace lieride;

namespace {

constexpr double kPi = 3.14159265358979323846;

// Volume of the box [0,a]x[0,b]x[0,c] in {p : w.p <= s} by inclusion-exclusion over the
// corners (the classic formula for a box cut by a half-space; all w_i != 0):
//   V = sum_corners (-1)^{#upper} max(0, s - w.v)^3 / (6 w1 w2 w3), for w_i > 0.
double boxBelowPlane(Vec3 dims, Vec3 w, double s) {
  for (int i = 0; i < 3; ++i) {
    if (w(i) < 0.0) {  // reflect p_i -> dims_i - p_i
      s -= w(i) * dims(i);
      w(i) = -w(i);
    }
  }
  double v = 0.0;
  for (int c = 0; c < 8; ++c) {
    const Vec3 corner((c & 1) ? dims.x() : 0.0, (c & 2) ? dims.y() : 0.0, (c & 4) ? dims.z() : 0.0);
    const int upper = ((c & 1) != 0) + ((c & 2) != 0) + ((c & 4) != 0);
    const double r = std::max(0.0, s - w.dot(corner));
    v += ((upper % 2) ? -1.0 : 1.0) * r * r * r;
  }
  return v / (6.0 * w.x() * w.y() * w.z());
}

Quat heel(double phi) { return Quat(Eigen::AngleAxisd(phi, Vec3::UnitX())); }

}  // namespace

TEST_CASE("box clipping is exact at any heel angle (wall-sided closed form)", "[boat][clip]") {
  const double L = 4.0, B = 1.6, H = 1.0;
  const HullMesh box = makeBoxHull(L, B, H);
  for (double phi : {-0.12, -0.05, 0.0, 0.03, 0.1}) {
    for (double zc : {0.2, 0.3, 0.375, 0.4}) {
      // Waterline at body height z_wl = -zc / cos(phi) on the centre line; immersion s.
      const double s = H / 2 - zc / std::cos(phi);
      REQUIRE(std::abs(std::tan(phi)) * B / 2 <= std::min(s, H - s));  // wall-sided regime
      const SubmergedIntegrals sub = submergedInStillWater(box, heel(phi), Vec3(0, 0, zc), 0.0);
      CHECK(sub.volume == Approx(L * B * s).epsilon(1e-12));
      // Centroid: the heeled wedges move it sideways by B^2 tan(phi) / (12 s) (body y).
      const double yc = -B * B * std::tan(phi) / (12.0 * s);
      CHECK(sub.centroid().y() == Approx(yc).margin(1e-12));
      CHECK(sub.centroid().x() == Approx(0.0).margin(1e-12));
    }
  }
}

TEST_CASE("box clipping is exact at any orientation (inclusion-exclusion)", "[boat][clip]") {
  const Vec3 dims(4.0, 1.6, 1.0);
  const HullMesh box = makeBoxHull(dims.x(), dims.y(), dims.z());
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int compared = 0;
  for (int k = 0; k < 200; ++k) {
    const Quat q = Quat(u(rng), u(rng), u(rng), u(rng)).normalized();
    const Vec3 x(u(rng), u(rng), 1.2 * u(rng));
    const Vec3 zhat = q.toRotationMatrix().row(2).transpose();
    if (zhat.cwiseAbs().minCoeff() < 1e-3) continue;
    // Body point r is submerged when x_z + zhat.r < 0; with r = p - dims/2, p in the box
    // [0, dims]: zhat.p < zhat.dims/2 - x_z.
    const double expected = boxBelowPlane(dims, zhat, zhat.dot(dims / 2) - x.z());
    const SubmergedIntegrals sub = submergedInStillWater(box, q, x, 0.0);
    CHECK(sub.volume == Approx(expected).margin(1e-12 * dims.prod()));
    ++compared;
  }
  CHECK(compared > 150);
}

TEST_CASE("heeled through 360 degrees the box volume follows the closed form", "[boat][clip]") {
  const Vec3 dims(4.0, 1.6, 1.0);
  const HullMesh box = makeBoxHull(dims.x(), dims.y(), dims.z(), 2);
  for (int deg = 1; deg < 360; deg += 7) {
    const double phi = deg * kPi / 180.0;
    if (std::abs(std::sin(phi)) < 1e-3 || std::abs(std::cos(phi)) < 1e-3) continue;
    const Quat q(Eigen::AngleAxisd(phi, Vec3::UnitX()) * Eigen::AngleAxisd(0.2, Vec3::UnitY()));
    const Vec3 zhat = q.toRotationMatrix().row(2).transpose();
    const Vec3 x(0.0, 0.0, 0.1);
    const double expected = boxBelowPlane(dims, zhat, zhat.dot(dims / 2) - x.z());
    CHECK(submergedInStillWater(box, q, x, 0.0).volume == Approx(expected).margin(1e-12 * dims.prod()));
  }
}

TEST_CASE("clipping is continuous as the hull crosses the surface", "[boat][clip]") {
  const HullMesh box = makeBoxHull(4.0, 1.6, 1.0);
  const Quat q(Eigen::AngleAxisd(0.3, Vec3(1, 2, 0.5).normalized()));
  const double dz = 1e-4;
  double prev = submergedInStillWater(box, q, Vec3(0, 0, -2.0), 0.0).volume;
  CHECK(prev == Approx(4.0 * 1.6 * 1.0).epsilon(1e-12));
  const double maxArea = 4.0 * 1.6 + 4.0 * 1.0 + 1.6 * 1.0;  // bound on any waterplane area
  for (double z = -2.0 + dz; z <= 2.0; z += dz) {
    const double v = submergedInStillWater(box, q, Vec3(0, 0, z), 0.0).volume;
    REQUIRE(v <= prev + 1e-12);               // monotone
    REQUIRE(prev - v <= maxArea * dz * 1.0001); // Lipschitz: no jump
    prev = v;
  }
  CHECK(prev == Approx(0.0).margin(1e-15));
}

TEST_CASE("the clip does not depend on the tessellation", "[boat][clip]") {
  const HullMesh coarse = makeBoxHull(4.0, 1.6, 1.0, 1), fine = makeBoxHull(4.0, 1.6, 1.0, 5);
  CHECK(coarse.triangleCount() == 12);
  CHECK(fine.triangleCount() == 300);
  const Quat q(Eigen::AngleAxisd(0.7, Vec3(0.3, 1, 0.2).normalized()));
  for (double z : {-0.6, -0.2, 0.1, 0.45}) {
    const auto a = submergedInStillWater(coarse, q, Vec3(0, 0, z), 0.0);
    const auto b = submergedInStillWater(fine, q, Vec3(0, 0, z), 0.0);
    CHECK(a.volume == Approx(b.volume).epsilon(1e-12));
    CHECK((a.moment - b.moment).norm() < 1e-12);
    CHECK(a.wettedArea == Approx(b.wettedArea).epsilon(1e-12));
    CHECK(a.depthMoment == Approx(b.depthMoment).epsilon(1e-12));
  }
}

TEST_CASE("a fully submerged body gets exactly rho_w V g at its centroid", "[boat][hydrostatics]") {
  BoatParams p;
  p.hull = makeBoxHull(2.0, 1.0, 0.5, 3);
  p.mass = 5000.0;  // heavier than its displacement: it rests on nothing, we only weigh it
  const BoatForces boat(p);
  const double V = 2.0 * 1.0 * 0.5;
  for (const Quat& q : {Quat::Identity(), Quat(Eigen::AngleAxisd(1.1, Vec3(1, -2, 3).normalized()))}) {
    const SE3 g{q, Vec3(3.0, -1.0, -5.0)};
    const Vec6 w = boat.hydrostaticWrench(0.0, g);
    const Vec3 up = q.conjugate() * Vec3::UnitZ();
    const Vec3 buoyancy = w.tail<3>() + p.mass * 9.81 * up;  // remove gravity
    CHECK((buoyancy - 1000.0 * 9.81 * V * up).norm() <= 1e-12 * 1000.0 * 9.81 * V);
    CHECK(w.head<3>().norm() <= 1e-9);  // centroid at the centre of mass: no torque
    CHECK(boat.submerged(0.0, g).volume == Approx(V).epsilon(1e-14));
  }
}

TEST_CASE("the box floats at draft m / (rho_w L B)", "[boat][hydrostatics]") {
  for (double m : {200.0, 800.0, 3000.0}) {
    BoatParams p;
    p.hull = makeBoxHull(4.0, 1.6, 1.0);
    p.mass = m;
    const BoatForces boat(p);
    const double z = boat.equilibriumHeight(Quat::Identity());
    const double draft = 0.0 - (z - 0.5);
    CHECK(draft == Approx(m / (1000.0 * 4.0 * 1.6)).epsilon(1e-9));
    const Vec6 w = boat.hydrostaticWrench(0.0, SE3{Quat::Identity(), Vec3(0, 0, z)});
    CHECK(w.norm() < 1e-6 * m * 9.81);
  }
}

TEST_CASE("Eq. 15 patch forces match closed forms on the floating box", "[boat][hydrodynamics]") {
  const double L = 4.0, B = 1.6, H = 1.0, m = 800.0, T = m / (1000.0 * L * B);
  BoatParams p;
  p.hull = makeBoxHull(L, B, H, 3);
  p.damping = Vec3(300.0, 1500.0, 3000.0).asDiagonal();
  const double Exx = 300.0, Eyy = 1500.0;
  p.pressure = 200.0;
  p.wind.speed = 7.0;
  p.wind.direction = Vec2(-1.0, 0.0);  // head wind: blows towards -x
  const BoatForces boat(p);
  const SE3 g{Quat::Identity(), Vec3(0.0, 0.0, H / 2 - T)};
  const double Awet = L * B + 2.0 * (L + B) * T;
  CHECK(boat.submerged(0.0, g).wettedArea == Approx(Awet).epsilon(1e-12));

  // At rest: P pushes up with P (sum n dA) / A = P L B / A (the cap closes the wet surface).
  const Vec6 rest = boat.hydrodynamicWrench(0.0, g, Vec6::Zero());
  CHECK(rest(5) == Approx(p.pressure * L * B / Awet).epsilon(1e-12));
  CHECK(rest.head<5>().norm() < 1e-9);

  // Uniform translation: the 1/A of Eq. 15 makes the drag exactly -E v, whatever the hull.
  Vec6 xi = Vec6::Zero();
  xi.tail<3>() = Vec3(1.5, -0.4, 0.2);
  const Vec6 moving = boat.hydrodynamicWrench(0.0, g, xi) - rest;
  CHECK((moving.tail<3>() + p.damping * xi.tail<3>()).norm() < 1e-9);

  // Pure yaw rate w: tau_z = -(w / A) int (E_yy x^2 + E_xx y^2) dA over bottom, sides, ends.
  const double intX2 = B * L * L * L / 12.0 + 2.0 * T * L * L * L / 12.0 + 2.0 * (L / 2) * (L / 2) * B * T;
  const double intY2 = L * B * B * B / 12.0 + 2.0 * (B / 2) * (B / 2) * L * T + 2.0 * T * B * B * B / 12.0;
  Vec6 yaw = Vec6::Zero();
  yaw(2) = 0.3;
  const Vec6 turning = boat.hydrodynamicWrench(0.0, g, yaw) - rest;
  CHECK(turning(2) == Approx(-0.3 * (Eyy * intX2 + Exx * intY2) / Awet).epsilon(1e-12));

  // Head wind on the bow's dry face: 1/2 rho_a C_d (B (H - T)) U^2 towards -x, at rest.
  const Vec6 wind = boat.windWrench(0.0, g, Vec6::Zero());
  CHECK(wind(3) == Approx(-0.5 * 1.225 * 1.0 * B * (H - T) * 49.0).epsilon(1e-12));
  CHECK(std::abs(wind(4)) < 1e-9);
}
