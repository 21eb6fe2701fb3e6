// Bullet peer of `lieride bench rigid-body`: one btRigidBody in a btDiscreteDynamicsWorld with
// zero gravity, no damping, no deactivation, one fixed substep of h per stepSimulation call.
// Bullet integrates semi-implicitly: velocity update in the constraint solver (with the
// optional gyroscopic term), then the pose with btTransformUtil::integrateTransform, which
// caps the rotation per step at pi/4 (ANGULAR_MOTION_THRESHOLD).
#include "rigid_body_peers.hpp"

#ifdef LIERIDE_HAVE_BULLET
#include <btBulletDynamicsCommon.h>

#include <memory>
#endif

namespace lieride::bench::rigid_body {

#ifdef LIERIDE_HAVE_BULLET

static_assert(sizeof(btScalar) == sizeof(double), "bench links bullet-float64: build with BT_USE_DOUBLE_PRECISION");

bool bulletAvailable() { return true; }
std::string bulletVersion() {
  const int v = btGetVersion();
  return std::to_string(v / 100) + "." + std::to_string(v % 100);
}

namespace {

btVector3 toBt(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
Vec3 fromBt(const btVector3& v) { return {v.x(), v.y(), v.z()}; }

}  // namespace

RunResult runBullet(const Case& c, double h, long steps, bool gyroscopic, const BlowUpCheck& check) {
  btDefaultCollisionConfiguration config;
  btCollisionDispatcher dispatcher(&config);
  btDbvtBroadphase broadphase;
  btSequentialImpulseConstraintSolver solver;
  btDiscreteDynamicsWorld world(&dispatcher, &broadphase, &solver, &config);
  world.setGravity(btVector3(0, 0, 0));

  btSphereShape shape(0.1);  // no collisions: the shape only gives the body a broadphase proxy
  const Quat q0 = c.q0.normalized();
  btTransform start(btQuaternion(q0.x(), q0.y(), q0.z(), q0.w()), toBt(c.x0));
  btRigidBody::btRigidBodyConstructionInfo info(c.mass, nullptr, &shape, toBt(c.inertia));
  info.m_startWorldTransform = start;
  info.m_linearDamping = 0.0;
  info.m_angularDamping = 0.0;
  info.m_friction = 0.0;
  btRigidBody body(info);
  body.setActivationState(DISABLE_DEACTIVATION);
  body.setFlags(gyroscopic ? BT_ENABLE_GYROSCOPIC_FORCE_IMPLICIT_BODY : 0);
  world.addRigidBody(&body);
  body.setGravity(btVector3(0, 0, 0));
  const Mat3 R0 = q0.toRotationMatrix();
  body.setLinearVelocity(toBt(R0 * c.v0));   // world frame
  body.setAngularVelocity(toBt(R0 * c.omega0));

  RunResult r;
  const double t0 = threadCpuSeconds();
  for (long k = 0; k < steps; ++k) {
    world.stepSimulation(h, 1, h);
    const btMatrix3x3& basis = body.getWorldTransform().getBasis();
    const Vec3 w = fromBt(body.getAngularVelocity() * basis);  // R^T w_world: body frame
    const Vec3 v = fromBt(body.getLinearVelocity());  // world frame: same norm
    const double e = 0.5 * w.dot(c.inertia.cwiseProduct(w)) + 0.5 * c.mass * v.squaredNorm();
    if (!check.ok(e, w.norm(), v.norm())) {
      r.blewUp = true;
      r.reason = check.why(e, w.norm(), v.norm(), static_cast<double>(k + 1) * h);
      break;
    }
  }
  r.cpuSeconds = threadCpuSeconds() - t0;
  const btTransform& T = body.getWorldTransform();
  const btQuaternion q = T.getRotation();
  r.final.q = Quat(q.w(), q.x(), q.y(), q.z());
  r.final.x = fromBt(T.getOrigin());
  r.w = fromBt(body.getAngularVelocity() * T.getBasis());
  r.v = fromBt(T.getBasis().transpose() * body.getLinearVelocity());
  world.removeRigidBody(&body);
  return r;
}

#else

bool bulletAvailable() { return false; }
std::string bulletVersion() { return "not built"; }
RunResult runBullet(const Case&, double, long, bool, const BlowUpCheck&) {
  RunResult r;
  r.blewUp = true;
  r.reason = "Bullet not built (pkg-config bullet-float64 not found)";
  return r;
}

#endif

}  // namespace lieride::bench::rigid_body
