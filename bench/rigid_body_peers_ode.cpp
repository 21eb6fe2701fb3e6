// ODE peer of `lieride bench rigid-body`: one body in a dWorld with zero gravity, no damping,
// no auto-disable, gyroscopic mode on, stepped with dWorldStep(h). ODE updates the velocity
// (gyroscopic term implicit since 0.13) and then the quaternion with its default infinitesimal
// rotation update (q += h/2 w q, normalized).
#include "rigid_body_peers.hpp"

#ifdef LIERIDE_HAVE_ODE
#include <ode/ode.h>
#endif

namespace lieride::bench::rigid_body {

#ifdef LIERIDE_HAVE_ODE

static_assert(sizeof(dReal) == sizeof(double), "ODE must be the double-precision build");

bool odeAvailable() { return true; }

namespace {

// dInitODE2 once per process; dCloseODE at exit.
struct OdeLibrary {
  OdeLibrary() { dInitODE2(0); }
  ~OdeLibrary() { dCloseODE(); }
  OdeLibrary(const OdeLibrary&) = delete;
  OdeLibrary& operator=(const OdeLibrary&) = delete;
};

struct OdeWorld {
  dWorldID id = dWorldCreate();
  OdeWorld() = default;
  ~OdeWorld() { dWorldDestroy(id); }
  OdeWorld(const OdeWorld&) = delete;
  OdeWorld& operator=(const OdeWorld&) = delete;
};

}  // namespace

RunResult runOde(const Case& c, double h, long steps, const BlowUpCheck& check) {
  static OdeLibrary library;
  OdeWorld world;
  dWorldSetGravity(world.id, 0, 0, 0);
  dWorldSetLinearDamping(world.id, 0);
  dWorldSetAngularDamping(world.id, 0);
  dWorldSetAutoDisableFlag(world.id, 0);
  dBodyID body = dBodyCreate(world.id);
  dMass mass;
  dMassSetParameters(&mass, c.mass, 0, 0, 0, c.inertia.x(), c.inertia.y(), c.inertia.z(), 0, 0, 0);
  dBodySetMass(body, &mass);
  dBodySetGyroscopicMode(body, 1);
  dBodySetAutoDisableFlag(body, 0);
  dBodySetDamping(body, 0, 0);
  const Quat q0 = c.q0.normalized();
  const dQuaternion q{q0.w(), q0.x(), q0.y(), q0.z()};
  dBodySetQuaternion(body, q);
  dBodySetPosition(body, c.x0.x(), c.x0.y(), c.x0.z());
  const Mat3 R0 = q0.toRotationMatrix();
  const Vec3 vw = R0 * c.v0, ww = R0 * c.omega0;
  dBodySetLinearVel(body, vw.x(), vw.y(), vw.z());
  dBodySetAngularVel(body, ww.x(), ww.y(), ww.z());

  RunResult r;
  const double t0 = threadCpuSeconds();
  for (long k = 0; k < steps; ++k) {
    dWorldStep(world.id, h);
    const dReal* qb = dBodyGetQuaternion(body);
    const dReal* a = dBodyGetAngularVel(body);
    const dReal* l = dBodyGetLinearVel(body);
    const Quat qk(qb[0], qb[1], qb[2], qb[3]);
    const Vec3 w = qk.normalized().conjugate() * Vec3(a[0], a[1], a[2]);
    const Vec3 v(l[0], l[1], l[2]);  // world frame: same norm
    const double e = 0.5 * w.dot(c.inertia.cwiseProduct(w)) + 0.5 * c.mass * v.squaredNorm();
    if (!check.ok(e, w.norm(), v.norm())) {
      r.blewUp = true;
      r.reason = check.why(e, w.norm(), v.norm(), static_cast<double>(k + 1) * h);
      break;
    }
  }
  r.cpuSeconds = threadCpuSeconds() - t0;
  const dReal* p = dBodyGetPosition(body);
  const dReal* qf = dBodyGetQuaternion(body);
  r.final.q = Quat(qf[0], qf[1], qf[2], qf[3]);
  r.final.x = Vec3(p[0], p[1], p[2]);
  const dReal* a = dBodyGetAngularVel(body);
  const dReal* l = dBodyGetLinearVel(body);
  const Quat qn = r.final.q.normalized();
  r.w = qn.conjugate() * Vec3(a[0], a[1], a[2]);
  r.v = qn.conjugate() * Vec3(l[0], l[1], l[2]);
  return r;
}

#else

bool odeAvailable() { return false; }
RunResult runOde(const Case&, double, long, const BlowUpCheck&) {
  RunResult r;
  r.blewUp = true;
  r.reason = "ODE not built (pkg-config ode not found)";
  return r;
}

#endif

}  // namespace lieride::bench::rigid_body
