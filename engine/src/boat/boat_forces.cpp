#include "lieride/model/boat.hpp"

#include <atomic>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <Eigen/Eigenvalues>

namespace lieride {
namespace {

std::atomic<std::uint64_t> nextModelId{1};

struct DryPatch {
  Vec3 area;    // area vector A n
  Vec3 center;
};

}  // namespace

// Everything of the clip at one (t, g) that the wrench needs, for any body velocity: the
// hydrodynamic wrench of Eq. 15 is affine in (w, v) once these sums are known, so the
// integrators' Newton solves and central-difference Jacobians (same t and g, many xi) reuse
// one clip. One cache per thread (models are shared between simulation clones); its buffers
// grow to the largest hull once, after which a step allocates nothing.
struct BoatForces::Geometry {
  std::uint64_t model = 0;
  double t = 0.0;
  Vec4 q = Vec4::Zero();
  Vec3 x = Vec3::Zero();

  Vec3 zhat = Vec3::UnitZ();   // world up in body coordinates
  Vec3 windBody = Vec3::Zero();
  SubmergedIntegrals sub;
  Vec3 first = Vec3::Zero();   // int_wet r dA
  Mat3 second = Mat3::Zero();  // int_wet r r^T dA
  Vec3 etaArea = Vec3::Zero(); // sum A_p R^T eta_p
  Vec3 etaTorque = Vec3::Zero();  // sum (A_p c_p) x E R^T eta_p
  Vec3 normalArea = Vec3::Zero(); // sum a_p
  Vec3 normalTorque = Vec3::Zero();  // sum c_p x a_p
  std::vector<DryPatch> dry;
  std::size_t dryCount = 0;
  std::vector<double> depth;
  std::vector<Vec3> eta;  // water velocity at the vertices, body frame (waves only)
};

BoatForces::BoatForces(BoatParams p) : p_(std::move(p)), water_(p_.water), id_(nextModelId.fetch_add(1)) {
  if (!std::isfinite(p_.mass) || !(p_.mass > 0.0)) throw std::invalid_argument("mass must be a positive number (kg)");
  if (!p_.damping.allFinite() || (p_.damping - p_.damping.transpose()).norm() > 1e-9 * (1.0 + p_.damping.norm()))
    throw std::invalid_argument("damping matrix E must be finite and symmetric");
  const Eigen::SelfAdjointEigenSolver<Mat3> eig(p_.damping);
  if (eig.eigenvalues().minCoeff() < -1e-12 * (1.0 + p_.damping.norm()))
    throw std::invalid_argument("damping matrix E must be positive semidefinite");
  if (!std::isfinite(p_.pressure)) throw std::invalid_argument("pressure must be finite");
  if (!std::isfinite(p_.wind.speed) || p_.wind.speed < 0.0) throw std::invalid_argument("wind speed must be >= 0");
  if (!p_.wind.direction.allFinite() || !(p_.wind.direction.cwiseAbs().maxCoeff() > 0.0))
    throw std::invalid_argument("wind direction must be a non-zero 2-vector");
  if (!(p_.wind.airDensity >= 0.0) || !(p_.wind.dragCoefficient >= 0.0))
    throw std::invalid_argument("air density and drag coefficient must be >= 0");
  const auto& th = p_.thrusters;
  if (!th.right.allFinite() || !th.left.allFinite()) throw std::invalid_argument("thruster positions must be finite");
  if (!std::isfinite(th.maxThrust) || !std::isfinite(th.minThrust) || !(th.minThrust <= th.maxThrust))
    throw std::invalid_argument("thrust limits must satisfy min_thrust <= max_thrust");
  if (!(p_.contact.stiffness > 0.0) || !std::isfinite(p_.contact.stiffness) || !(p_.contact.damping >= 0.0) ||
      !std::isfinite(p_.contact.damping))
    throw std::invalid_argument("contact stiffness must be > 0 and contact damping >= 0 (finite)");
  for (const BoxObstacle& b : p_.obstacles)
    if (!b.center.allFinite() || !(b.size.minCoeff() > 0.0) || !b.size.allFinite() || !std::isfinite(b.yaw))
      throw std::invalid_argument("obstacle '" + b.name + "' needs a finite center, positive size and finite yaw");
  validateHull(p_.hull, "hull");
  for (int k = 0; k < 3; ++k)
    for (int l = 0; l < 3; ++l)
      dampingHat_[k][l] = so3::hat(Vec3::Unit(k)) * p_.damping * so3::hat(Vec3::Unit(l));
}

const BoatForces::Geometry& BoatForces::geometry(double t, const SE3& g) const {
  thread_local Geometry G;
  if (G.model == id_ && G.t == t && G.q == g.q.coeffs() && G.x == g.x) return G;
  G.model = 0;  // invalid until complete
  const auto& mesh = p_.hull;
  if (G.depth.size() < mesh.vertices.size()) G.depth.resize(mesh.vertices.size());
  if (G.dry.size() < 2 * mesh.triangles.size()) G.dry.resize(2 * mesh.triangles.size());

  const Mat3 R = g.q.toRotationMatrix();
  G.zhat = R.row(2).transpose();
  G.windBody = R.transpose() * p_.wind.velocity();
  const bool still = water_.still();
  const double level = p_.water.level;
  // Depth of every vertex and, in waves, the water velocity there (body frame): one Newton
  // inversion of the surface per vertex; the wet pieces interpolate it linearly like the depth.
  if (still) {
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
      G.depth[i] = level - (g.x.z() + G.zhat.dot(mesh.vertices[i]));
  } else {
    if (G.eta.size() < mesh.vertices.size()) G.eta.resize(mesh.vertices.size());
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
      const Vec3 p = R * mesh.vertices[i] + g.x;
      double h = 0.0;
      Vec3 u;
      water_.sample(p.x(), p.y(), p.z(), t, h, u);
      G.depth[i] = h - p.z();
      G.eta[i] = R.transpose() * u;
    }
  }
  const bool flow = !still || water_.hasCurrent();
  const Vec3 currentBody = R.transpose() * Vec3(p_.water.current.x(), p_.water.current.y(), 0.0);
  const bool wind = p_.wind.airDensity > 0.0 && p_.wind.dragCoefficient > 0.0;
  G.sub = SubmergedIntegrals{};
  G.first.setZero();
  G.second.setZero();
  G.etaArea.setZero();
  G.etaTorque.setZero();
  G.normalArea.setZero();
  G.normalTorque.setZero();
  G.dryCount = 0;
  clipHull(
      mesh, G.depth.data(), still ? nullptr : G.eta.data(),
      [&](const ClipVertex& p0, const ClipVertex& p1, const ClipVertex& p2) {
        const Vec3 a = areaVector(p0, p1, p2);
        G.sub.addWet(G.zhat, a, p0, p1, p2);
        const double A = a.norm();
        const Vec3 c = (p0.r + p1.r + p2.r) / 3.0;
        const Vec3 m0 = 0.5 * (p0.r + p1.r), m1 = 0.5 * (p1.r + p2.r), m2 = 0.5 * (p2.r + p0.r);
        G.first += A * c;
        G.second += (A / 3.0) * (m0 * m0.transpose() + m1 * m1.transpose() + m2 * m2.transpose());
        G.normalArea += a;
        G.normalTorque += c.cross(a);
        if (flow) {
          const Vec3 etaBody = still ? currentBody : Vec3((p0.e + p1.e + p2.e) / 3.0);
          G.etaArea += A * etaBody;
          G.etaTorque += (A * c).cross(p_.damping * etaBody);
        }
      },
      [&](const ClipVertex& p0, const ClipVertex& p1, const ClipVertex& p2) {
        if (!wind) return;
        G.dry[G.dryCount++] = {areaVector(p0, p1, p2), (p0.r + p1.r + p2.r) / 3.0};
      });
  G.model = id_;
  G.t = t;
  G.q = g.q.coeffs();
  G.x = g.x;
  return G;
}

Vec6 BoatForces::hydrostaticWrench(double t, const SE3& g) const {
  const Geometry& G = geometry(t, g);
  const double rg = p_.water.density * p_.water.gravity;
  // Eq. 15, first term: gravity at the centre of mass, buoyancy rho_w g V at the centroid.
  const Vec3 f = (rg * G.sub.volume - p_.mass * p_.water.gravity) * G.zhat;
  const Vec3 tau = G.sub.moment.cross(rg * G.zhat);  // (x_s - x) x F with x_s - x = moment / V
  return se3::join(tau, f);
}

Vec6 BoatForces::hydrodynamicWrench(double t, const SE3& g, const Vec6& xi) const {
  const Geometry& G = geometry(t, g);
  const double A = G.sub.wettedArea;
  if (!(A > 0.0)) return Vec6::Zero();
  const Vec3 w = xi.head<3>(), v = xi.tail<3>();
  const Mat3& E = p_.damping;
  // int f_h dA = -E (A v + w x first - etaArea) - P normalArea
  const Vec3 f = -(E * (A * v + w.cross(G.first) - G.etaArea) + p_.pressure * G.normalArea) / A;
  // int r x f_h dA = -first x E v + K w + etaTorque - P normalTorque, K = int hat(r) E hat(r)
  Mat3 K = Mat3::Zero();
  for (int k = 0; k < 3; ++k)
    for (int l = 0; l < 3; ++l) K += G.second(k, l) * dampingHat_[k][l];
  const Vec3 tau = (-G.first.cross(E * v) + K * w + G.etaTorque - p_.pressure * G.normalTorque) / A;
  return se3::join(tau, f);
}

Vec6 BoatForces::windWrench(double t, const SE3& g, const Vec6& xi) const {
  const Geometry& G = geometry(t, g);
  const double k = 0.5 * p_.wind.airDensity * p_.wind.dragCoefficient;
  Vec3 f = Vec3::Zero(), tau = Vec3::Zero();
  if (k == 0.0) return Vec6::Zero();
  const Vec3 w = xi.head<3>(), v = xi.tail<3>();
  for (std::size_t i = 0; i < G.dryCount; ++i) {
    const DryPatch& d = G.dry[i];
    const Vec3 u = G.windBody - (v + w.cross(d.center));
    const double facing = -d.area.dot(u);  // projected area times |u|
    if (facing <= 0.0) continue;
    const Vec3 fp = k * facing * u;
    f += fp;
    tau += d.center.cross(fp);
  }
  return se3::join(tau, f);
}

Vec6 BoatForces::thrustWrench(const InputVec& u) const {
  const auto& th = p_.thrusters;
  auto clamp = [&](Eigen::Index i) {
    const double x = i < u.size() ? u(i) : 0.0;
    return std::min(th.maxThrust, std::max(th.minThrust, x));
  };
  const Vec3 fr(clamp(kThrustRight), 0.0, 0.0), fl(clamp(kThrustLeft), 0.0, 0.0);
  return se3::join(th.right.cross(fr) + th.left.cross(fl), fr + fl);
}

Vec6 BoatForces::wrench(double t, const SE3& g, const Vec6& xi, const InputVec& u) const {
  return hydrostaticWrench(t, g) + hydrodynamicWrench(t, g, xi) + windWrench(t, g, xi) + thrustWrench(u) +
         contactWrench(g, xi);
}

Vec6 BoatForces::contactWrench(const SE3& g, const Vec6& xi) const {
  return obstacleWrench(p_.hull.vertices, p_.obstacles, p_.contact, g, xi);
}

double BoatForces::potentialEnergy(const SE3& g) const {
  const SubmergedIntegrals s = submergedInStillWater(p_.hull, g.q, g.x, p_.water.level);
  const double rg = p_.water.density * p_.water.gravity;
  return p_.mass * p_.water.gravity * g.x.z() - rg * s.depthMoment +
         obstaclePotential(p_.hull.vertices, p_.obstacles, p_.contact, g);
}

bool BoatForces::conservativeWithoutInputs() const {
  const bool airDrag = p_.wind.airDensity > 0.0 && p_.wind.dragCoefficient > 0.0;
  const bool contactDamping = !p_.obstacles.empty() && p_.contact.damping > 0.0;
  return p_.damping.isZero(0.0) && p_.pressure == 0.0 && !airDrag && water_.still() && !water_.hasCurrent() &&
         !contactDamping;
}

SubmergedIntegrals BoatForces::submerged(double t, const SE3& g) const { return geometry(t, g).sub; }

std::vector<WetPatch> BoatForces::wettedPatches(double t, const SE3& g) const {
  const Mat3 R = g.q.toRotationMatrix();
  std::vector<double> depth(p_.hull.vertices.size());
  for (std::size_t i = 0; i < depth.size(); ++i) {
    const Vec3 p = R * p_.hull.vertices[i] + g.x;
    depth[i] = water_.height(p.x(), p.y(), t) - p.z();
  }
  std::vector<WetPatch> out;
  clipHull(
      p_.hull, depth.data(), nullptr,
      [&](const ClipVertex& p0, const ClipVertex& p1, const ClipVertex& p2) {
        const Vec3 a = areaVector(p0, p1, p2);
        const double A = a.norm();
        if (A > 0.0) out.push_back({(p0.r + p1.r + p2.r) / 3.0, a / A, A});
      },
      [](const ClipVertex&, const ClipVertex&, const ClipVertex&) {});
  return out;
}

double BoatForces::equilibriumHeight(const Quat& q) const {
  const Mat3 R = q.toRotationMatrix();
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const auto& v : p_.hull.vertices) {
    const double z = (R * v).z();
    lo = std::min(lo, z);
    hi = std::max(hi, z);
  }
  const double level = p_.water.level;
  const double target = p_.mass / p_.water.density;
  double zLow = level - hi, zHigh = level - lo;  // fully submerged .. fully dry
  if (submergedInStillWater(p_.hull, q, Vec3(0, 0, zLow), level).volume < target)
    return std::numeric_limits<double>::quiet_NaN();
  for (int it = 0; it < 200 && zHigh - zLow > 1e-15 * (1.0 + std::abs(zLow)); ++it) {
    const double mid = 0.5 * (zLow + zHigh);
    if (submergedInStillWater(p_.hull, q, Vec3(0, 0, mid), level).volume > target)
      zLow = mid;
    else
      zHigh = mid;
  }
  return 0.5 * (zLow + zHigh);
}

}  // namespace lieride
