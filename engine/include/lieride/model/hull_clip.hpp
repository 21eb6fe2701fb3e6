#pragma once
// Clipping a hull mesh against the water surface (MODELS.md section 3; Kobilarov et al.
// Eq. 15 needs the submerged volume, its centroid and the wetted patches).
//
// Each vertex carries its depth d = surface height - vertex height (d > 0 under water). A
// triangle is cut where d changes sign, d being interpolated linearly along its edges, so
// the water surface is taken as piecewise linear over each triangle: exact for still water
// (a plane), and for waves as fine as the hull mesh. The cut is continuous in the pose.
//
// The submerged volume and its first moment come from the divergence theorem with fields
// that vanish on the water surface, so the waterplane cap never has to be built:
//   V = -int_wet d n_z dA,   int_sub r dV = -int_wet d (r + d/2 zhat) n_z dA,
//   int_sub (z - h) dV = int_wet d^2/2 n_z dA,
// (n_z = zhat . n, zhat the world up axis in body coordinates), integrated exactly on each
// wet triangle (the integrands are polynomials of degree <= 2 in the barycentric weights).
#include <array>

#include "lieride/model/hull.hpp"

namespace lieride {

// Integrals over the submerged part, body coordinates about the body origin.
struct SubmergedIntegrals {
  double volume = 0.0;
  Vec3 moment = Vec3::Zero();   // int_sub r dV (centroid = moment / volume)
  double depthMoment = 0.0;     // int_sub (z - h) dV  (<= 0; hydrostatic potential)
  double wettedArea = 0.0;

  // Adds one wet triangle (body points r, depths d >= 0), zhat = world up in body coordinates.
  void addWet(const Vec3& zhat, const Vec3& r0, const Vec3& r1, const Vec3& r2, double d0, double d1, double d2) {
    const Vec3 a = 0.5 * (r1 - r0).cross(r2 - r0);  // area vector A n
    const double az = zhat.dot(a);
    const double sd = d0 + d1 + d2;
    const double sdd = d0 * d0 + d1 * d1 + d2 * d2;
    volume -= az * sd / 3.0;
    moment -= az * ((sd * (r0 + r1 + r2) + d0 * r0 + d1 * r1 + d2 * r2) / 12.0 + zhat * ((sd * sd + sdd) / 24.0));
    depthMoment += az * (sd * sd + sdd) / 24.0;
    wettedArea += a.norm();
  }
  Vec3 centroid() const { return volume > 0.0 ? Vec3(moment / volume) : Vec3::Zero(); }
};

// Calls wet(r0, r1, r2, d0, d1, d2) for every piece of the hull under water (all d >= 0) and
// dry(...) for every piece above (all d <= 0); pieces keep the outward orientation of their
// triangle. `depth` has one entry per mesh vertex. Allocation-free.
template <class Wet, class Dry>
void clipHull(const HullMesh& mesh, const double* depth, Wet&& wet, Dry&& dry) {
  for (const auto& t : mesh.triangles) {
    const std::size_t i0 = static_cast<std::size_t>(t[0]), i1 = static_cast<std::size_t>(t[1]),
                      i2 = static_cast<std::size_t>(t[2]);
    const double d[3] = {depth[i0], depth[i1], depth[i2]};
    const Vec3* r[3] = {&mesh.vertices[i0], &mesh.vertices[i1], &mesh.vertices[i2]};
    const int nWet = (d[0] > 0.0) + (d[1] > 0.0) + (d[2] > 0.0);
    if (nWet == 3) {
      wet(*r[0], *r[1], *r[2], d[0], d[1], d[2]);
      continue;
    }
    if (nWet == 0) {
      dry(*r[0], *r[1], *r[2], d[0], d[1], d[2]);
      continue;
    }
    // Walk the edges: one polygon per side, with the crossing points (d = 0) in both.
    std::array<Vec3, 4> wp, dp;
    std::array<double, 4> wd{}, dd{};
    int nw = 0, nd = 0;
    for (int k = 0; k < 3; ++k) {
      const int n = (k + 1) % 3;
      const bool kw = d[k] > 0.0, nwet = d[n] > 0.0;
      if (kw) {
        wp[static_cast<std::size_t>(nw)] = *r[k];
        wd[static_cast<std::size_t>(nw++)] = d[k];
      } else {
        dp[static_cast<std::size_t>(nd)] = *r[k];
        dd[static_cast<std::size_t>(nd++)] = d[k];
      }
      if (kw != nwet) {
        const double s = d[k] / (d[k] - d[n]);
        const Vec3 c = *r[k] + s * (*r[n] - *r[k]);
        wp[static_cast<std::size_t>(nw)] = c;
        wd[static_cast<std::size_t>(nw++)] = 0.0;
        dp[static_cast<std::size_t>(nd)] = c;
        dd[static_cast<std::size_t>(nd++)] = 0.0;
      }
    }
    for (int k = 1; k + 1 < nw; ++k) {
      const auto a = static_cast<std::size_t>(k), b = static_cast<std::size_t>(k + 1);
      wet(wp[0], wp[a], wp[b], wd[0], wd[a], wd[b]);
    }
    for (int k = 1; k + 1 < nd; ++k) {
      const auto a = static_cast<std::size_t>(k), b = static_cast<std::size_t>(k + 1);
      dry(dp[0], dp[a], dp[b], dd[0], dd[a], dd[b]);
    }
  }
}

// The submerged integrals of a hull at pose (R, x) in still water at height `level`.
SubmergedIntegrals submergedInStillWater(const HullMesh& mesh, const Quat& q, const Vec3& x, double level);

}  // namespace lieride
