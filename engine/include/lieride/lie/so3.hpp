#pragma once
// SO(3): hat/vee, exp/log, Cayley map and their right-trivialized tangents.
// Notation follows Kobilarov, Crane & Desbrun (2009): hat as in Eq. 6, exp as in Eq. 11,
// cay as in Eq. 12. "Right-trivialized tangent" d tau_w is defined in Sec. 3.1:
// d tau_w(delta) = (D tau(w) . delta) tau(w)^{-1}.
//
// Small-angle branches: every coefficient with a removable singularity at |w| = 0 switches
// to its Taylor series below kSmallAngle (= 0.1 rad); the series are carried to a
// truncation error below 1e-16 relative at that threshold.
#include "lieride/lie/types.hpp"

namespace lieride::so3 {

inline constexpr double kSmallAngle = 0.1;

inline Mat3 hat(const Vec3& w) {
  Mat3 W;
  W << 0.0, -w.z(), w.y(), w.z(), 0.0, -w.x(), -w.y(), w.x(), 0.0;
  return W;
}
Vec3 vee(const Mat3& W);

// exp (Eq. 11), as a unit quaternion and as a matrix.
Quat expQuat(const Vec3& w);
Mat3 exp(const Vec3& w);
// log: the rotation vector of angle in [0, pi].
Vec3 log(const Quat& q);
Vec3 log(const Mat3& R);

// Cayley map (Eq. 12): cay(w) = (I - hat(w)/2)^{-1} (I + hat(w)/2). Its quaternion is
// (1, w/2) / sqrt(1 + |w|^2/4) (the Gibbs vector of the rotation is w/2).
Quat cayQuat(const Vec3& w);
Mat3 cay(const Vec3& w);
// cay^{-1}: defined for rotation angles below pi.
Vec3 cayInv(const Quat& q);
Vec3 cayInv(const Mat3& R);

// Right-trivialized tangent of exp: dexp_w = sum_n hat(w)^n/(n+1)! (the "left Jacobian").
// This is Kobilarov et al.'s B_exp (Eq. 13).
Mat3 dexp(const Vec3& w);
// Its inverse: I - hat(w)/2 + (1 - (t/2) cot(t/2))/t^2 hat(w)^2, t = |w|.
Mat3 dexpInv(const Vec3& w);

// Right-trivialized tangent of cay: 2/(4+|w|^2) (2 I + hat(w)) (Kobilarov et al.'s B_cay,
// Eq. 13), and its inverse I - hat(w)/2 + w w^T/4 (top-left block of C_cay, Eq. 14).
Mat3 dcay(const Vec3& w);
Mat3 dcayInv(const Vec3& w);

// (I - hat(w)/2)^{-1} = 2/(4+|w|^2) (2 I + hat(w) + w w^T/2): the translation block of the
// SE(3) Cayley map (see the errata in docs/models.md).
Mat3 cayTranslationBlock(const Vec3& w);

// Rotation of v by unit quaternion q without forming the matrix.
inline Vec3 rotate(const Quat& q, const Vec3& v) { return q * v; }

}  // namespace lieride::so3
