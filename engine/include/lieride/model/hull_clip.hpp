#pragma once
// Clipping a hull mesh against the water surface (docs/models.md section 3; Kobilarov et al.
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
#include "lieride/model/hull.hpp"

namespace lieride {

// A point of a clipped piece: body position, depth, and a per-vertex attribute (the water
// velocity), interpolated along the cut edges like the depth.
struct ClipVertex {
  Vec3 r;
  double d;
  Vec3 e;
};

// Integrals over the submerged part, body coordinates about the body origin.
struct SubmergedIntegrals {
  double volume = 0.0;
  Vec3 moment = Vec3::Zero();   // int_sub r dV (centroid = moment / volume)
  double depthMoment = 0.0;     // int_sub (z - h) dV  (<= 0; hydrostatic potential)
  double wettedArea = 0.0;

  // Adds one wet triangle (depths >= 0) with area vector a = (r1 - r0) x (r2 - r0) / 2;
  // zhat = world up in body coordinates.
  void addWet(const Vec3& zhat, const Vec3& a, const ClipVertex& p0, const ClipVertex& p1, const ClipVertex& p2) {
    const double az = zhat.dot(a);
    const double d0 = p0.d, d1 = p1.d, d2 = p2.d;
    const double sd = d0 + d1 + d2;
    const double sdd = d0 * d0 + d1 * d1 + d2 * d2;
    volume -= az * sd / 3.0;
    moment -= az * ((sd * (p0.r + p1.r + p2.r) + d0 * p0.r + d1 * p1.r + d2 * p2.r) / 12.0 +
                    zhat * ((sd * sd + sdd) / 24.0));
    depthMoment += az * (sd * sd + sdd) / 24.0;
    wettedArea += a.norm();
  }
  Vec3 centroid() const { return volume > 0.0 ? Vec3(moment / volume) : Vec3::Zero(); }
};

inline Vec3 areaVector(const ClipVertex& a, const ClipVertex& b, const ClipVertex& c) {
  return 0.5 * (b.r - a.r).cross(c.r - a.r);
}

// Calls wet(p0, p1, p2) for every piece of the hull under water (all d >= 0) and
// dry(p0, p1, p2) for every piece above (all d <= 0), as ClipVertex; pieces keep the outward
// orientation of their triangle. `depth` has one entry per mesh vertex; `attribute` too, or
// is null (then e = 0). Allocation-free.
template <class Wet, class Dry>
void clipHull(const HullMesh& mesh, const double* depth, const Vec3* attribute, Wet&& wet, Dry&& dry) {
  for (const auto& t : mesh.triangles) {
    ClipVertex v[3];
    int nWet = 0;
    for (int k = 0; k < 3; ++k) {
      const auto i = static_cast<std::size_t>(t[static_cast<std::size_t>(k)]);
      v[k] = {mesh.vertices[i], depth[i], attribute ? attribute[i] : Vec3::Zero()};
      nWet += v[k].d > 0.0;
    }
    if (nWet == 3) {
      wet(v[0], v[1], v[2]);
      continue;
    }
    if (nWet == 0) {
      dry(v[0], v[1], v[2]);
      continue;
    }
    // Walk the edges: one polygon per side, with the crossing points (d = 0) in both.
    ClipVertex wp[4], dp[4];
    int nw = 0, nd = 0;
    for (int k = 0; k < 3; ++k) {
      const ClipVertex& a = v[k];
      const ClipVertex& b = v[(k + 1) % 3];
      const bool aw = a.d > 0.0, bw = b.d > 0.0;
      if (aw)
        wp[nw++] = a;
      else
        dp[nd++] = a;
      if (aw != bw) {
        const double s = a.d / (a.d - b.d);
        const ClipVertex c{a.r + s * (b.r - a.r), 0.0, a.e + s * (b.e - a.e)};
        wp[nw++] = c;
        dp[nd++] = c;
      }
    }
    for (int k = 1; k + 1 < nw; ++k) wet(wp[0], wp[k], wp[k + 1]);
    for (int k = 1; k + 1 < nd; ++k) dry(dp[0], dp[k], dp[k + 1]);
  }
}

// The submerged integrals of a hull at pose (R, x) in still water at height `level`.
SubmergedIntegrals submergedInStillWater(const HullMesh& mesh, const Quat& q, const Vec3& x, double level);

}  // namespace lieride
