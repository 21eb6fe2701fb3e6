// The helicopter's control wrench against forces applied at points (docs/models.md section 2;
// Kobilarov et al. 4.3.1), the signs of cyclic and tail, and the velocity-dependent force pass
// (the flight-assist damping) against the closed-form exponential decay.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "lieride/model/helicopter.hpp"
#include "se3_test_support.hpp"

using namespace lieride;
using namespace lieride::test;

namespace {

// Body wrench (torque, force) of a force f applied at body point r.
Vec6 forceAt(const Vec3& r, const Vec3& f) { return se3::join(r.cross(f), f); }

}  // namespace

TEST_CASE("helicopter control wrench: rotor thrust at the hub plus tail force at the tail", "[se3][helicopter]") {
  HelicopterParams p;
  p.hubHeight = 0.3;
  p.tailArm = 1.1;
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int i = 0; i < 50; ++i) {
    const double uc = 60.0 * (u(rng) + 1.0), upsi = 5.0 * u(rng), gp = 0.6 * u(rng), gr = 0.6 * u(rng);
    // Thrust of magnitude uc along the body z axis tilted by roll gr about x, then pitch gp about y.
    const Vec3 axis = Eigen::AngleAxisd(gp, Vec3::UnitY()) * (Eigen::AngleAxisd(gr, Vec3::UnitX()) * Vec3::UnitZ());
    const Vec6 expected = forceAt(Vec3(0, 0, p.hubHeight), uc * axis) + forceAt(Vec3(-p.tailArm, 0, 0), Vec3(0, -upsi, 0));
    const Vec6 w = HelicopterForces::controlWrench(p, uc, upsi, gp, gr);
    CAPTURE(uc, upsi, gp, gr);
    CHECK((w - expected).norm() < 1e-12 * (1.0 + expected.norm()));
    CHECK(w.tail<3>().norm() == Approx(std::sqrt(uc * uc + upsi * upsi - 2.0 * uc * upsi * axis.y())).epsilon(1e-12));
  }
  // Signs (x forward, z up): positive cyclic pitch tilts the thrust forward and pitches the nose
  // down (+y torque); positive cyclic roll pushes to -y and rolls about +x; positive tail force
  // pushes the tail to -y: the nose yaws left (+z torque).
  const Vec6 pitch = HelicopterForces::controlWrench(p, 50.0, 0.0, 0.1, 0.0);
  CHECK(pitch(3) > 0.0);
  CHECK(pitch(1) == Approx(p.hubHeight * 50.0 * std::sin(0.1)));
  CHECK(pitch(0) == 0.0);
  const Vec6 roll = HelicopterForces::controlWrench(p, 50.0, 0.0, 0.0, 0.1);
  CHECK(roll(4) == Approx(-50.0 * std::sin(0.1)));
  CHECK(roll(0) == Approx(p.hubHeight * 50.0 * std::sin(0.1)));
  const Vec6 tail = HelicopterForces::controlWrench(p, 0.0, 2.0, 0.0, 0.0);
  CHECK(tail(2) == Approx(2.0 * p.tailArm));
  CHECK(tail(4) == -2.0);
  // The full wrench adds gravity in the body frame and the damping -c xi.
  p.linearDamping = 0.4;
  p.angularDamping = 0.2;
  const HelicopterForces forces(p);
  CHECK(forces.dependsOnVelocity());
  const SE3 g{Quat(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized())), Vec3(1, 2, 3)};
  Vec6 xi;
  xi << 0.1, -0.2, 0.3, 1.0, -2.0, 0.5;
  InputVec in(4);
  in << 40.0, 1.0, 0.05, -0.02;
  Vec6 expected = HelicopterForces::controlWrench(p, 40.0, 1.0, 0.05, -0.02);
  expected.tail<3>() += g.q.conjugate() * Vec3(0, 0, -p.mass * p.gravity);
  expected.head<3>() -= 0.2 * xi.head<3>();
  expected.tail<3>() -= 0.4 * xi.tail<3>();
  CHECK((forces.wrench(0.0, g, xi, in) - expected).norm() < 1e-12);
  CHECK_FALSE(HelicopterForces(HelicopterParams{}).dependsOnVelocity());
}

TEST_CASE("helicopter damping: closed-form exponential decay at hover trim", "[se3][helicopter]") {
  // Collective = m g cancels gravity; a yaw rate about the principal z axis and a velocity decay
  // as exp(-c t / J_z) and exp(-c_v t / m); the heading and the position follow in closed form.
  const double m = 5.0, Jz = 0.2, cv = 0.8, cw = 0.1, w0 = 0.6, T = 4.0;
  const Vec3 v0(1.0, -0.5, 0.3);
  const std::string toml =
      "[vehicle]\ntype = \"helicopter\"\nlinear_damping = 0.8\nangular_damping = 0.1\n"
      "[initial]\nposition = [0.0, 0.0, 3.0]\nangular_velocity = [0.0, 0.0, 0.6]\nlinear_velocity = [1.0, -0.5, 0.3]\n"
      "[controls]\ncollective = 49.05\n";
  // Body velocity (1, -0.5, 0.3) at yaw 0; in the world frame the velocity keeps its direction
  // (the force is -c_v v) while the body turns under it.
  const double yaw = w0 * Jz / cw * (1.0 - std::exp(-cw * T / Jz));
  const Vec3 x = Vec3(0, 0, 3.0) + v0 * m / cv * (1.0 - std::exp(-cv * T / m));
  for (const char* integ : {"lie-cay-tln", "lie-cay", "rk4"}) {
    double err[2];
    for (int i = 0; i < 2; ++i) {
      const double h = i == 0 ? 0.02 : 0.01;
      const SE3 g = finalPose(toml, integ, h, T);
      const Quat expected(Eigen::AngleAxisd(yaw, Vec3::UnitZ()));
      err[i] = poseError(g, SE3{expected, x});
    }
    const double order = std::log2(err[0] / err[1]);
    CAPTURE(integ, err[0], err[1], order);
    // lie-cay couples rotation and translation through a speed-dependent inertia of O(h^2)
    // (docs/integrators.md): a larger constant, the same order.
    CHECK(err[1] < (std::string(integ) == "lie-cay" ? 1e-2 : 1e-4));
    CHECK(order > (std::string(integ) == "rk4" ? 3.5 : 1.8));
  }
}
