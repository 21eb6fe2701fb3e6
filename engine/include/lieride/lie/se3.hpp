#pragma once
// SE(3) with body velocity xi = (omega, v), angular first (Kobilarov et al. Eq. 6, Table 1).
// ad_xi = [[hat(w), 0], [hat(v), hat(w)]] (Eq. 14); Ad_g = [[R, 0], [hat(x) R, R]].
// The rotation is stored as a unit quaternion, renormalized on every composition, so that
// the rotation block stays orthonormal to round-off after any number of compositions.
#include "lieride/lie/so3.hpp"

namespace lieride {

struct SE3 {
  Quat q = Quat::Identity();
  Vec3 x = Vec3::Zero();

  static SE3 identity() { return {}; }
  Mat3 rotation() const { return q.toRotationMatrix(); }
  Mat4 matrix() const;
  SE3 inverse() const;
  SE3 operator*(const SE3& other) const;  // composition, quaternion renormalized
  Vec3 act(const Vec3& p) const { return q * p + x; }
  Mat6 Ad() const;
};

namespace se3 {

inline Vec3 angular(const Vec6& xi) { return xi.head<3>(); }
inline Vec3 linear(const Vec6& xi) { return xi.tail<3>(); }
inline Vec6 join(const Vec3& w, const Vec3& v) {
  Vec6 xi;
  xi << w, v;
  return xi;
}

Mat4 hat(const Vec6& xi);
Vec6 vee(const Mat4& X);
Mat6 ad(const Vec6& xi);
// ad_xi^T mu = M(mu) xi with M(mu) = [[hat(pi), hat(p)], [hat(p), 0]], mu = (pi, p):
// the matrix of the coadjoint term as a linear function of xi (used by Newton Jacobians).
Mat6 adTransposeMatrix(const Vec6& mu);
// ad_xi^T mu = (pi x w + p x v, p x w), without forming ad.
inline Vec6 adTranspose(const Vec6& xi, const Vec6& mu) {
  const Vec3 w = angular(xi), v = linear(xi);
  const Vec3 pi = mu.head<3>(), p = mu.tail<3>();
  return join(pi.cross(w) + p.cross(v), p.cross(w));
}

SE3 exp(const Vec6& xi);
Vec6 log(const SE3& g);
// True Cayley map (I - hat(xi)/2)^{-1} (I + hat(xi)/2).
SE3 cay(const Vec6& xi);
Vec6 cayInv(const SE3& g);

// Right-trivialized tangents and their inverses (the C_tau of Eq. 14 are the inverses).
Mat6 dexp(const Vec6& xi);
Mat6 dexpInv(const Vec6& xi);        // exact C_exp (closed form; Eq. 14 is its truncation)
Mat6 dexpInvTruncated(const Vec6& xi);  // Eq. 14 as printed: I - ad/2 + ad^2/12
Mat6 dcay(const Vec6& xi);
Mat6 dcayInv(const Vec6& xi);        // C_cay, Eq. 14
Mat6 cTLN(const Vec6& xi);           // C_TLN = I - ad/2 (trapezoidal Lie-Newmark)

// The SE(3) update of Eq. 9 with a given translation block:
//   [tau(h w), h B(h w) v] as a group element. hxi = h * xi.
SE3 updateExpB(const Vec6& hxi);        // tau = exp, B = dexp(h w): equals se3::exp
SE3 updateCayPaperB(const Vec6& hxi);   // tau = cay, B = Eq. 13's B_cay (pairs with C_TLN)

}  // namespace se3
}  // namespace lieride
