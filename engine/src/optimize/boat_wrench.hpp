#pragma once
// The boat's body wrench in still water (docs/models.md section 3: gravity, buoyancy, the
// hydrodynamic patch forces of Kobilarov et al. Eq. 15 on the hull clipped by the water plane,
// wind drag on the dry part, the two thrusters), written once for any scalar type: doubles for
// values, Eigen's forward-mode AutoDiffScalar for exact Jacobians. It repeats
// engine/src/boat/boat_forces.cpp term by term (tests/optimize checks it equals
// BoatForces::wrench). Shared by the DMOC transcription (boat_dmoc.cpp) and the trapezoidal
// collocation baseline (boat_collocation.cpp). Internal to the optimize module.
#include <Eigen/Core>
#include <unsupported/Eigen/AutoDiff>

#include <cmath>
#include <utility>
#include <vector>

#include "lieride/lie/so3.hpp"
#include "lieride/model/boat.hpp"

namespace lieride::opt::boat_wrench {

inline double valueOf(double v) { return v; }
template <class D>
double valueOf(const Eigen::AutoDiffScalar<D>& v) {
  return v.value();
}

template <class T>
using V3 = Eigen::Matrix<T, 3, 1>;
template <class T>
using V6 = Eigen::Matrix<T, 6, 1>;

template <class T>
V3<T> cross(const V3<T>& a, const V3<T>& b) {
  return V3<T>(a(1) * b(2) - a(2) * b(1), a(2) * b(0) - a(0) * b(2), a(0) * b(1) - a(1) * b(0));
}
template <class T>
V3<T> lift(const Vec3& v) {
  return V3<T>(T(v(0)), T(v(1)), T(v(2)));
}

// Eigen's Quaternion::toRotationMatrix (unit quaternion), as the simulator computes R.
template <class T>
Eigen::Matrix<T, 3, 3> rotation(const T* q) {
  const T w = q[0], x = q[1], y = q[2], z = q[3];
  const T tx = 2.0 * x, ty = 2.0 * y, tz = 2.0 * z;
  const T twx = tx * w, twy = ty * w, twz = tz * w, txx = tx * x, txy = ty * x, txz = tz * x, tyy = ty * y, tyz = tz * y,
          tzz = tz * z;
  Eigen::Matrix<T, 3, 3> R;
  R << 1.0 - (tyy + tzz), txy - twz, txz + twy, txy + twz, 1.0 - (txx + tzz), tyz - twx, txz - twy, tyz + twx,
      1.0 - (txx + tyy);
  return R;
}

// BoatForces::Geometry for still water: the sums over the clipped hull that the wrench needs.
template <class T>
struct Geometry {
  V3<T> zhat, windBody;
  T volume = T(0.0), wettedArea = T(0.0);
  V3<T> moment = V3<T>::Zero(), first = V3<T>::Zero(), etaArea = V3<T>::Zero(), etaTorque = V3<T>::Zero();
  V3<T> normalArea = V3<T>::Zero(), normalTorque = V3<T>::Zero();
  Eigen::Matrix<T, 3, 3> second = Eigen::Matrix<T, 3, 3>::Zero();
  std::vector<std::pair<V3<T>, V3<T>>> dry;  // (area vector, centre)
};

template <class T>
struct ClipPoint {
  V3<T> r;
  T d;
};

template <class T>
T norm(const V3<T>& a) {
  using std::sqrt;
  const T n2 = a.squaredNorm();
  return valueOf(n2) > 0.0 ? T(sqrt(n2)) : T(0.0);
}

template <class T>
Geometry<T> geometry(const BoatParams& p, const T* q, const T& z) {
  Geometry<T> G;
  const Eigen::Matrix<T, 3, 3> R = rotation(q);
  G.zhat = R.row(2).transpose();
  G.windBody = R.transpose() * lift<T>(p.wind.velocity());
  const V3<T> currentBody = R.transpose() * lift<T>(Vec3(p.water.current.x(), p.water.current.y(), 0.0));
  const bool flow = p.water.current.squaredNorm() > 0.0;
  const bool wind = p.wind.airDensity > 0.0 && p.wind.dragCoefficient > 0.0;
  const Eigen::Matrix<T, 3, 3> E = p.damping.cast<T>();
  auto wet = [&](const ClipPoint<T>& p0, const ClipPoint<T>& p1, const ClipPoint<T>& p2) {
    const V3<T> a = 0.5 * cross<T>(p1.r - p0.r, p2.r - p0.r);
    // SubmergedIntegrals::addWet
    const T az = G.zhat.dot(a), sd = p0.d + p1.d + p2.d, sdd = p0.d * p0.d + p1.d * p1.d + p2.d * p2.d;
    G.volume -= az * sd / 3.0;
    G.moment -= az * ((sd * (p0.r + p1.r + p2.r) + p0.d * p0.r + p1.d * p1.r + p2.d * p2.r) / 12.0 +
                      G.zhat * ((sd * sd + sdd) / 24.0));
    const T A = norm(a);
    G.wettedArea += A;
    const V3<T> c = (p0.r + p1.r + p2.r) / 3.0;
    const V3<T> m0 = 0.5 * (p0.r + p1.r), m1 = 0.5 * (p1.r + p2.r), m2 = 0.5 * (p2.r + p0.r);
    G.first += A * c;
    G.second += (A / 3.0) * (m0 * m0.transpose() + m1 * m1.transpose() + m2 * m2.transpose());
    G.normalArea += a;
    G.normalTorque += cross<T>(c, a);
  };
  // A wholly wet face of the mesh: its area terms are constants of the mesh, summed in doubles
  // (for automatic differentiation, only the depths carry derivatives); the volume terms as
  // in `wet`.
  double area0 = 0.0;
  Vec3 first0 = Vec3::Zero(), normalArea0 = Vec3::Zero(), normalTorque0 = Vec3::Zero();
  Mat3 second0 = Mat3::Zero();
  auto wetFace = [&](const Vec3* r, const ClipPoint<T>* v) {
    const Vec3 a = 0.5 * (r[1] - r[0]).cross(r[2] - r[0]);
    const T az = G.zhat.dot(lift<T>(a)), sd = v[0].d + v[1].d + v[2].d,
            sdd = v[0].d * v[0].d + v[1].d * v[1].d + v[2].d * v[2].d;
    G.volume -= az * sd / 3.0;
    G.moment -= az * ((sd * lift<T>(r[0] + r[1] + r[2]) + v[0].d * v[0].r + v[1].d * v[1].r + v[2].d * v[2].r) / 12.0 +
                      G.zhat * ((sd * sd + sdd) / 24.0));
    const double A = a.norm();
    area0 += A;
    const Vec3 c = (r[0] + r[1] + r[2]) / 3.0;
    const Vec3 m0 = 0.5 * (r[0] + r[1]), m1 = 0.5 * (r[1] + r[2]), m2 = 0.5 * (r[2] + r[0]);
    first0 += A * c;
    second0 += (A / 3.0) * (m0 * m0.transpose() + m1 * m1.transpose() + m2 * m2.transpose());
    normalArea0 += a;
    normalTorque0 += c.cross(a);
  };
  auto dry = [&](const ClipPoint<T>& p0, const ClipPoint<T>& p1, const ClipPoint<T>& p2) {
    if (wind) G.dry.emplace_back(0.5 * cross<T>(p1.r - p0.r, p2.r - p0.r), (p0.r + p1.r + p2.r) / 3.0);
  };
  // clipHull (engine/include/lieride/model/hull_clip.hpp) on the depths level - (z + zhat . r).
  const HullMesh& mesh = p.hull;
  for (const auto& tri : mesh.triangles) {
    ClipPoint<T> v[3];
    Vec3 r[3];
    int nWet = 0;
    for (int k = 0; k < 3; ++k) {
      r[k] = mesh.vertices[static_cast<std::size_t>(tri[static_cast<std::size_t>(k)])];
      v[k] = {lift<T>(r[k]), p.water.level - (z + G.zhat.dot(lift<T>(r[k])))};
      nWet += valueOf(v[k].d) > 0.0;
    }
    if (nWet == 3) {
      wetFace(r, v);
      continue;
    }
    if (nWet == 0) {
      dry(v[0], v[1], v[2]);
      continue;
    }
    ClipPoint<T> wp[4], dp[4];
    int nw = 0, nd = 0;
    for (int k = 0; k < 3; ++k) {
      const ClipPoint<T>& a = v[k];
      const ClipPoint<T>& b = v[(k + 1) % 3];
      const bool aw = valueOf(a.d) > 0.0, bw = valueOf(b.d) > 0.0;
      if (aw)
        wp[nw++] = a;
      else
        dp[nd++] = a;
      if (aw != bw) {
        const T s = a.d / (a.d - b.d);
        const ClipPoint<T> c{a.r + s * (b.r - a.r), T(0.0)};
        wp[nw++] = c;
        dp[nd++] = c;
      }
    }
    for (int k = 1; k + 1 < nw; ++k) wet(wp[0], wp[k], wp[k + 1]);
    for (int k = 1; k + 1 < nd; ++k) dry(dp[0], dp[k], dp[k + 1]);
  }
  G.wettedArea += area0;
  G.first += lift<T>(first0);
  G.normalArea += lift<T>(normalArea0);
  G.normalTorque += lift<T>(normalTorque0);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) G.second(i, j) += second0(i, j);
  // The current's terms sum A u_c and (A c) x E u_c over the wet faces: linear in the sums.
  if (flow) {
    G.etaArea = G.wettedArea * currentBody;
    G.etaTorque = cross<T>(G.first, E * currentBody);
  }
  return G;
}

// BoatForces::wrench: hydrostatic + hydrodynamic (Eq. 15) + wind + thrust, body frame (tau; f).
template <class T>
V6<T> wrench(const BoatParams& p, const Geometry<T>& G, const V6<T>& xi, const T& ur, const T& ul) {
  const double rg = p.water.density * p.water.gravity;
  const V3<T> w = xi.template head<3>(), v = xi.template tail<3>();
  V3<T> f = (rg * G.volume - p.mass * p.water.gravity) * G.zhat;
  V3<T> tau = cross<T>(G.moment, rg * G.zhat);
  const T A = G.wettedArea;
  if (valueOf(A) > 0.0) {
    const Eigen::Matrix<T, 3, 3> E = p.damping.cast<T>();
    f += -(E * (A * v + cross<T>(w, G.first) - G.etaArea) + p.pressure * G.normalArea) / A;
    Eigen::Matrix<T, 3, 3> K = Eigen::Matrix<T, 3, 3>::Zero();
    for (int k = 0; k < 3; ++k)
      for (int l = 0; l < 3; ++l) {
        const Mat3 H = so3::hat(Vec3::Unit(k)) * p.damping * so3::hat(Vec3::Unit(l));
        K += G.second(k, l) * H.cast<T>();
      }
    tau += (-cross<T>(G.first, E * v) + K * w + G.etaTorque - p.pressure * G.normalTorque) / A;
  }
  const double kw = 0.5 * p.wind.airDensity * p.wind.dragCoefficient;
  if (kw != 0.0)
    for (const auto& [a, c] : G.dry) {
      const V3<T> u = G.windBody - (v + cross<T>(w, c));
      const T facing = -a.dot(u);
      if (!(valueOf(facing) > 0.0)) continue;
      const V3<T> fp = kw * facing * u;
      f += fp;
      tau += cross<T>(c, fp);
    }
  const V3<T> fr(ur, T(0.0), T(0.0)), fl(ul, T(0.0), T(0.0));
  f += fr + fl;
  tau += cross<T>(lift<T>(p.thrusters.right), fr) + cross<T>(lift<T>(p.thrusters.left), fl);
  V6<T> out;
  out << tau, f;
  return out;
}

}  // namespace lieride::opt::boat_wrench
