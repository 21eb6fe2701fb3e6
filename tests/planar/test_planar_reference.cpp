// Every model's reduced equations against an independent reference: the full
// Lagrange-d'Alembert equations with multipliers in plain coordinates (written here from
// docs/models.md, not from the engine), integrated by RK4 at a small step. Agreement to 1e-8.
#include <catch2/catch.hpp>
#include <cmath>

#include "planar_test_util.hpp"

using namespace lieride;
using planar_test::MultiplierSystem;

namespace {

constexpr double kTwoPi = 2.0 * M_PI;

// Positions of the planar sim as (theta, x, y, shape...) at the contact/reference point.
VecX planarPositions(const PlanarSimulation& sim) {
  const NhState& s = sim.state();
  const SE2 g = sim.model().pose(s);
  VecX q(s.q.size());
  q(0) = g.theta;
  q(1) = g.x;
  q(2) = g.y;
  for (int i = 3; i < s.q.size(); ++i) q(i) = s.q(i);
  return q;
}

}  // namespace

TEST_CASE("car reduced equations match the multiplier reference", "[planar][reference]") {
  const double m = 1500, I = 3, K = 2500, l = 2.7, rho = 0.33;
  const double As = 0.2, fs = 0.3, Af = 300, ff = 0.2, f0 = 100;
  auto sim = planar_test::load(R"(
[vehicle]
type = "car"
[initial]
heading = 0.3
shape = [0.0, 0.05]
shape_velocity = [10.0, 0.0]
[integrator]
name = "rk4"
dt = 0.001
[controls]
steer_rate = { amplitude = 0.2, frequency = 0.3 }
drive_torque = { amplitude = 300.0, frequency = 0.2, offset = 100.0 }
)");
  MultiplierSystem ref;  // q = (theta, x, y, psi, sigma); sigma driven: sigma_dd = d/dt steer_rate
  ref.M = [&](double, const VecX&) {
    VecX d(5);
    d << K, m, m, I, 1.0;
    return MatX(d.asDiagonal());
  };
  ref.C = [](double, const VecX& q, const VecX&) { return VecX::Zero(q.size()); };
  ref.F = [&](double t, const VecX&) {
    VecX F = VecX::Zero(5);
    F(3) = f0 + Af * std::sin(kTwoPi * ff * t);
    F(4) = As * kTwoPi * fs * std::cos(kTwoPi * fs * t);
    return F;
  };
  ref.mu = [&](double, const VecX& q) {
    const double c = std::cos(q(0)), s = std::sin(q(0));
    MatX A = MatX::Zero(3, 5);
    A.row(0) << 0, -s, c, 0, 0;
    A.row(1) << 0, c, s, -rho, 0;
    A.row(2) << 1, 0, 0, -rho / l * q(4), 0;
    return A;
  };
  ref.mudotQd = [&](double, const VecX& q, const VecX& qd) {
    const double c = std::cos(q(0)), s = std::sin(q(0)), w = qd(0);
    VecX r(3);
    r << -c * w * qd(1) - s * w * qd(2), -s * w * qd(1) + c * w * qd(2), -rho / l * qd(4) * qd(3);
    return r;
  };
  VecX q = sim->state().q, qd = sim->state().qdot;
  const double T = 3.0;
  ref.integrate(0.0, T, 3000, q, qd);
  REQUIRE(planar_test::runFor(*sim, T));
  const VecX diff = planarPositions(*sim) - q;
  INFO("position difference " << diff.transpose());
  CHECK(diff.cwiseAbs().maxCoeff() < 1e-8);
  CHECK(std::abs(sim->state().qdot(3) - qd(3)) < 1e-8);
  CHECK(q.head<3>().norm() > 10.0);  // the car moved
}

TEST_CASE("snakeboard reduced equations match the multiplier reference (torques)", "[planar][reference]") {
  const double m = 70, l = 0.35, Jr = 3.0, Jw = 0.05;
  auto sim = planar_test::load(R"(
[vehicle]
type = "snakeboard"
[initial]
heading = -0.4
linear_velocity = [1.0, 0.0]
shape = [0.0, 0.2]
shape_velocity = [0.5, 0.1]
[integrator]
name = "rk4"
dt = 0.001
[controls]
rotor_torque = { amplitude = 2.0, frequency = 0.5 }
steer_torque = { amplitude = 0.05, frequency = 0.3, phase = 1.0 }
)");
  MultiplierSystem ref;  // q = (theta, x, y, psi, phi)
  ref.M = [&](double, const VecX&) {
    MatX M = MatX::Zero(5, 5);
    M(0, 0) = m * l * l;
    M(1, 1) = M(2, 2) = m;
    M(0, 3) = M(3, 0) = M(3, 3) = Jr;
    M(4, 4) = 2 * Jw;
    return M;
  };
  ref.C = [](double, const VecX& q, const VecX&) { return VecX::Zero(q.size()); };
  ref.F = [&](double t, const VecX&) {
    VecX F = VecX::Zero(5);
    F(3) = 2.0 * std::sin(kTwoPi * 0.5 * t);
    F(4) = 0.05 * std::sin(kTwoPi * 0.3 * t + 1.0);
    return F;
  };
  ref.mu = [&](double, const VecX& q) {
    const double th = q(0), ph = q(4);
    MatX A = MatX::Zero(2, 5);
    A.row(0) << -l * std::cos(ph), -std::sin(th + ph), std::cos(th + ph), 0, 0;
    A.row(1) << l * std::cos(ph), -std::sin(th - ph), std::cos(th - ph), 0, 0;
    return A;
  };
  ref.mudotQd = [&](double, const VecX& q, const VecX& qd) {
    const double th = q(0), ph = q(4), wd = qd(0), pd = qd(4);
    VecX r(2);
    r(0) = l * std::sin(ph) * pd * wd - std::cos(th + ph) * (wd + pd) * qd(1) - std::sin(th + ph) * (wd + pd) * qd(2);
    r(1) = -l * std::sin(ph) * pd * wd - std::cos(th - ph) * (wd - pd) * qd(1) - std::sin(th - ph) * (wd - pd) * qd(2);
    return r;
  };
  VecX q = sim->state().q, qd = sim->state().qdot;
  const double T = 3.0;
  ref.integrate(0.0, T, 3000, q, qd);
  REQUIRE(planar_test::runFor(*sim, T));
  const VecX diff = planarPositions(*sim) - q;
  INFO("position difference " << diff.transpose());
  CHECK(diff.cwiseAbs().maxCoeff() < 1e-8);
  CHECK((sim->state().qdot - qd).cwiseAbs().maxCoeff() < 1e-8);
  // The momentum of docs/models.md (Ostrowski Eq. 49) from the reference velocities.
  const double th = q(0), ph = q(4);
  const double vx = std::cos(th) * qd(1) + std::sin(th) * qd(2);
  const double p = -2 * m * l * std::cos(ph) * std::cos(ph) * vx + (m * l * l * qd(0) + Jr * qd(3)) * std::sin(2 * ph);
  CHECK(std::abs(sim->momentum() - p) < 1e-7);
}

TEST_CASE("snakeboard prescribed shape matches the multiplier reference", "[planar][reference]") {
  const double m = 70, l = 0.35, Jr = 3.0;
  const double ap = 1.0, wp = kTwoPi * 0.5, af = 0.4, wf = kTwoPi * 0.5, dl = 0.3;
  auto sim = planar_test::load(R"(
[vehicle]
type = "snakeboard"
[initial]
linear_velocity = [0.3, 0.0]
[integrator]
name = "rk4"
dt = 0.001
[controls]
psi = { amplitude = 1.0, frequency = 0.5 }
phi = { amplitude = 0.4, frequency = 0.5, phase = 0.3 }
)");
  // Free coordinates (theta, x, y); the rotor coupling J_r psi_dd acts as a torque on theta.
  MultiplierSystem ref;
  ref.M = [&](double, const VecX&) {
    VecX d(3);
    d << m * l * l, m, m;
    return MatX(d.asDiagonal());
  };
  ref.C = [](double, const VecX& q, const VecX&) { return VecX::Zero(q.size()); };
  ref.F = [&](double t, const VecX&) {
    VecX F = VecX::Zero(3);
    F(0) = Jr * ap * wp * wp * std::sin(wp * t);  // -J_r psi_dd
    return F;
  };
  auto phiAt = [&](double t) { return af * std::sin(wf * t + dl); };
  ref.mu = [&](double t, const VecX& q) {
    const double th = q(0), ph = phiAt(t);
    MatX A(2, 3);
    A.row(0) << -l * std::cos(ph), -std::sin(th + ph), std::cos(th + ph);
    A.row(1) << l * std::cos(ph), -std::sin(th - ph), std::cos(th - ph);
    return A;
  };
  ref.mudotQd = [&](double t, const VecX& q, const VecX& qd) {
    const double th = q(0), ph = phiAt(t), wd = qd(0), pd = af * wf * std::cos(wf * t + dl);
    VecX r(2);
    r(0) = l * std::sin(ph) * pd * wd - std::cos(th + ph) * (wd + pd) * qd(1) - std::sin(th + ph) * (wd + pd) * qd(2);
    r(1) = -l * std::sin(ph) * pd * wd - std::cos(th - ph) * (wd - pd) * qd(1) - std::sin(th - ph) * (wd - pd) * qd(2);
    return r;
  };
  const NhState s0 = sim->state();  // shape set from the gait at t = 0
  CHECK(s0.q(4) == Approx(phiAt(0.0)));
  VecX q = s0.q.head(3), qd = s0.qdot.head(3);
  const double T = 4.0;
  ref.integrate(0.0, T, 4000, q, qd);
  REQUIRE(planar_test::runFor(*sim, T));
  const VecX diff = planarPositions(*sim).head(3) - q;
  INFO("position difference " << diff.transpose());
  CHECK(diff.cwiseAbs().maxCoeff() < 1e-8);
}

TEST_CASE("sleigh reduced equations match the multiplier reference", "[planar][reference]") {
  const double m = 1, J = 1, a = 0.2;
  auto sim = planar_test::load(R"(
[vehicle]
type = "sleigh"
[initial]
heading = 0.1
angular_velocity = 1.5
linear_velocity = [0.4, 0.0]
[integrator]
name = "rk4"
dt = 0.001
)");
  MultiplierSystem ref;  // contact-point coordinates (theta, x, y), docs/models.md section 6
  ref.M = [&](double, const VecX& q) {
    const double c = std::cos(q(0)), s = std::sin(q(0));
    MatX M(3, 3);
    M << J + m * a * a, -m * a * s, m * a * c, -m * a * s, m, 0, m * a * c, 0, m;
    return M;
  };
  ref.C = [&](double, const VecX& q, const VecX& qd) {
    const double c = std::cos(q(0)), s = std::sin(q(0)), w = qd(0);
    VecX C(3);
    C << 0.0, -m * a * c * w * w, -m * a * s * w * w;
    return C;
  };
  ref.F = [](double, const VecX&) { return VecX::Zero(3); };
  ref.mu = [](double, const VecX& q) {
    MatX A(1, 3);
    A << 0.0, std::sin(q(0)), -std::cos(q(0));
    return A;
  };
  ref.mudotQd = [](double, const VecX& q, const VecX& qd) {
    VecX r(1);
    r << qd(0) * (std::cos(q(0)) * qd(1) + std::sin(q(0)) * qd(2));
    return r;
  };
  const SE2 g0 = sim->model().pose(sim->state());
  const Vec3 xi0 = sim->model().bodyVelocity(sim->state());
  VecX q(3), qd(3);
  q << g0.theta, g0.x, g0.y;
  qd << xi0(0), std::cos(g0.theta) * xi0(1), std::sin(g0.theta) * xi0(1);
  const double T = 5.0;
  ref.integrate(0.0, T, 5000, q, qd);
  REQUIRE(planar_test::runFor(*sim, T));
  const VecX diff = planarPositions(*sim) - q;
  INFO("position difference " << diff.transpose());
  CHECK(diff.cwiseAbs().maxCoeff() < 1e-8);
  CHECK(std::abs(sim->energy() - 0.5 * qd.dot(ref.M(0, q) * qd)) < 1e-9);
}

TEST_CASE("np-particle reduced equations match the multiplier reference and the exact solution", "[planar][reference]") {
  auto sim = planar_test::load(R"(
[vehicle]
type = "np-particle"
[initial]
position = [0.0, 0.5, 0.0]
velocity = [1.0, 0.3, 0.5]
[integrator]
name = "rk4"
dt = 0.001
)");
  MultiplierSystem ref;
  ref.M = [](double, const VecX&) { return MatX(MatX::Identity(3, 3)); };
  ref.C = [](double, const VecX&, const VecX&) { return VecX::Zero(3); };
  ref.F = [](double, const VecX&) { return VecX::Zero(3); };
  ref.mu = [](double, const VecX& q) {
    MatX A(1, 3);
    A << -q(1), 0, 1;
    return A;
  };
  ref.mudotQd = [](double, const VecX&, const VecX& qd) {
    VecX r(1);
    r << -qd(1) * qd(0);
    return r;
  };
  VecX q = sim->state().q, qd = sim->state().qdot;
  const double T = 4.0;
  ref.integrate(0.0, T, 4000, q, qd);
  REQUIRE(planar_test::runFor(*sim, T));
  CHECK((sim->state().q - q).cwiseAbs().maxCoeff() < 1e-8);
  // docs/models.md section 7: y = y0 + c_y t, xdot = c / sqrt(1 + y^2), c = xdot0 sqrt(1 + y0^2).
  const double y = 0.5 + 0.3 * T, c = 1.0 * std::sqrt(1.0 + 0.25);
  CHECK(sim->state().q(1) == Approx(y).epsilon(1e-12));
  CHECK(sim->state().qdot(0) == Approx(c / std::sqrt(1.0 + y * y)).epsilon(1e-10));
}
