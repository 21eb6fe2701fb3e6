// The coupled SE(3) schemes' speed-dependent inertia (docs/integrators.md, "Speed-dependent
// inertia"): in Eq. 10 the rotation row of C^T(h xi) I xi carries
// (h^2 m / c)(|v|^2 I - v v^T) w, c = 4 for C_cay and 12 for C_exp (to leading order), beside
// J w: a fast vehicle turns as if its rotational inertia were larger. C_TLN has no such term.
#include <catch2/catch.hpp>
#include <cmath>

#include "se3_test_support.hpp"

using namespace lieride;
using namespace lieride::test;

namespace {

// Rotation row of C^T(h xi) I xi minus the same with v = 0 (rotation-only terms removed).
Vec3 speedTerm(const Mat6& cT, const Mat6& cTNoV, const Vec6& mu) { return (cT * mu - cTNoV * mu).head<3>(); }

const double kMass = 5.0;                 // helicopter defaults (docs/models.md section 2)
const Vec3 kInertia(0.15, 0.25, 0.20);

}  // namespace

TEST_CASE("C_cay and C_exp add (h^2 m / c)(|v|^2 I - v v^T) to the rotational inertia, C_TLN does not",
          "[se3][speed-inertia]") {
  const Vec3 w(0.3, -0.5, 0.4), v(21.0, 1.5, -2.0);
  const Vec6 mu = se3::join(kInertia.cwiseProduct(w), kMass * v);
  const Vec3 added = kMass * (v.squaredNorm() * w - v.dot(w) * v);  // (m)(|v|^2 I - v v^T) w
  for (double h : {0.01, 0.001}) {
    const Vec6 y = h * se3::join(w, v), yNoV = h * se3::join(w, Vec3::Zero());
    const Vec3 cay = speedTerm(se3::dcayInv(y).transpose(), se3::dcayInv(yNoV).transpose(), mu);
    const Vec3 exp = speedTerm(se3::dexpInv(y).transpose(), se3::dexpInv(yNoV).transpose(), mu);
    const Vec3 tln = speedTerm(se3::cTLN(y).transpose(), se3::cTLN(yNoV).transpose(), mu);
    CAPTURE(h);
    CHECK((cay - h * h / 4.0 * added).norm() <= 1e-12 * added.norm() * h * h);  // exact for Cayley
    CHECK((exp - h * h / 12.0 * added).norm() <= 0.02 * h * h / 12.0 * added.norm());  // + O(h^4)
    CHECK(tln.norm() <= 1e-15 * mu.norm());
  }
  // At 21 m/s along body x and h = 0.01 the Cayley term adds 0.0551 kg m^2 to J2 and J3:
  // +22 % of J2 = 0.25, +28 % of J3 = 0.20.
  const double extra = 0.01 * 0.01 * kMass / 4.0 * 21.0 * 21.0;
  CHECK(extra / kInertia.y() == Approx(0.2205).epsilon(1e-3));
}

TEST_CASE("a helicopter at 21 m/s: lie-cay and lie-exp lose position accuracy the TLN schemes keep",
          "[se3][speed-inertia]") {
  const auto toml = [](double speed) {
    return "[vehicle]\ntype = \"helicopter\"\n[initial]\nposition = [0.0, 0.0, 50.0]\nlinear_velocity = [" +
           std::to_string(speed) +
           ", 0.0, 0.0]\n[controls]\ncollective = 49.05\ncyclic_pitch = { amplitude = 0.02, frequency = 0.5 }\n"
           "cyclic_roll = { amplitude = 0.02, frequency = 0.3, phase = 0.7 }\n"
           "tail = { amplitude = 0.3, frequency = 0.25 }\n";
  };
  const double T = 2.0, h = 0.01;
  double cayAt[2] = {0.0, 0.0}, tlnAt[2] = {0.0, 0.0};  // [fast, slow]
  for (double speed : {21.0, 2.0}) {
    const SE3 ref = finalPose(toml(speed), "rk4", 1e-4, T);
    const auto err = [&](const char* name) { return (finalPose(toml(speed), name, h, T).x - ref.x).norm(); };
    const double cay = err("lie-cay"), exp = err("lie-exp"), tln = err("lie-cay-tln"), etln = err("lie-exp-tln");
    WARN("helicopter at " << speed << " m/s, h = 0.01, final position error after 2 s: lie-cay " << cay
                          << " m, lie-exp " << exp << " m, lie-cay-tln " << tln << " m, lie-exp-tln " << etln << " m");
    cayAt[speed > 10.0 ? 0 : 1] = cay;
    tlnAt[speed > 10.0 ? 0 : 1] = tln;
    if (speed > 10.0) {
      CHECK(cay > 30.0 * tln);
      CHECK(exp > 10.0 * tln);
      CHECK(etln < 2.0 * tln);
    }
  }
  // From 2 to 21 m/s lie-cay's error grows far faster than lie-cay-tln's: the added inertia
  // grows as |v|^2. (At low speed lie-cay is still behind: its C_cay also carries the
  // rotation-only term h^2 w (w . J w) / 4, and its translation update couples through
  // (I - hat(h w)/2)^-1.)
  CHECK(cayAt[0] > 5.0 * cayAt[1]);
  CHECK(tlnAt[0] < 3.0 * tlnAt[1]);
}
