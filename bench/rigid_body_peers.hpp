#pragma once
// Free rigid body runs for `lieride bench rigid-body` (Kobilarov et al. Fig. 4) that do not go
// through lieride's integrators: the independent ground-truth reference and the game-engine
// peers (Bullet, ODE). Everything here uses the model of docs/models.md section 1: principal axes
// = body axes, body velocities (omega, v), no wrench.
#include <cmath>
#include <string>
#include <vector>

#include "lieride/lie/types.hpp"

namespace lieride::bench::rigid_body {

// One initial condition and body.
struct Case {
  double mass = 1.0;
  Vec3 inertia = Vec3(1.0, 2.0, 3.0);  // principal J1, J2, J3
  Quat q0 = Quat::Identity();
  Vec3 x0 = Vec3::Zero();
  Vec3 omega0 = Vec3::Zero();  // body frame
  Vec3 v0 = Vec3::Zero();      // body frame

  double energy() const {
    return 0.5 * omega0.dot(inertia.cwiseProduct(omega0)) + 0.5 * mass * v0.squaredNorm();
  }
};

struct Pose {
  Quat q = Quat::Identity();
  Vec3 x = Vec3::Zero();
};

// Blow-up criteria, the same for lieride's integrators and the peers (docs/integrators.md):
// a non-finite state; |E - E0| > 10 max(|E0|, 1e-9); |omega| or |v| above
// divergeSpeed; a solver that did not converge. The message is built only on failure.
struct BlowUpCheck {
  double e0 = 0.0;
  double divergeSpeed = 1e4;
  // Returns true when the state is acceptable.
  bool ok(double energy, double speedOmega, double speedV) const {
    const double bound = 10.0 * (std::abs(e0) > 1e-9 ? std::abs(e0) : 1e-9);
    return std::isfinite(energy) && std::isfinite(speedOmega) && std::isfinite(speedV) &&
           std::abs(energy - e0) <= bound && speedOmega <= divergeSpeed && speedV <= divergeSpeed;
  }
  std::string why(double energy, double speedOmega, double speedV, double t) const;
};

struct RunResult {
  Pose final;
  bool blewUp = false;
  std::string reason;      // empty unless blewUp
  double cpuSeconds = 0.0;  // thread CPU time of the stepping loop
  double meanIterations = 0.0;
  Vec3 w = Vec3::Zero(), v = Vec3::Zero();  // final body velocities (omega, v)
};

// Thread CPU time in seconds (CLOCK_THREAD_CPUTIME_ID).
double threadCpuSeconds();

// Ground truth: classical RK4 on (q, x, omega, v) written here, independent of lieride's
// integrators, quaternion normalized after every step. `steps` steps of size T / steps.
Pose referenceRk4(const Case& c, double duration, long steps);

// Game-engine peers. Names: "bullet" (implicit gyroscopic body term, Bullet's default),
// "bullet-nogyro" (no gyroscopic term), "ode" (dBodySetGyroscopicMode on). Only the peers
// compiled in are listed.
struct PeerInfo {
  std::string name;
  std::string description;
};
std::vector<PeerInfo> availablePeers();
RunResult runPeer(const std::string& name, const Case& c, double h, long steps, const BlowUpCheck& check);

// Implemented per engine; a build without that library reports the peer as "not built".
RunResult runBullet(const Case& c, double h, long steps, bool gyroscopic, const BlowUpCheck& check);
RunResult runOde(const Case& c, double h, long steps, const BlowUpCheck& check);
bool bulletAvailable();
bool odeAvailable();
std::string bulletVersion();

}  // namespace lieride::bench::rigid_body
