#pragma once
// SE(2) with coordinates (theta, x, y) and algebra vectors v = (omega, vx, vy)
// (Kobilarov et al. Appendix B, Eq. 20). theta is kept unwrapped (continuous).
// ad_v = [[0,0,0],[v3,0,-v1],[-v2,v1,0]]; Ad_g = [[1,0,0],[y,c,-s],[-x,s,c]].
#include "lieride/lie/types.hpp"

namespace lieride {

struct SE2 {
  double theta = 0.0;
  double x = 0.0;
  double y = 0.0;

  static SE2 identity() { return {}; }
  Mat2 rotation() const;
  Mat3 matrix() const;
  SE2 inverse() const;
  SE2 operator*(const SE2& other) const;
  Vec2 act(const Vec2& p) const;
  Mat3 Ad() const;
};

namespace se2 {

inline constexpr double kSmallAngle = 0.1;

Mat3 hat(const Vec3& v);
Vec3 vee(const Mat3& V);
Mat3 ad(const Vec3& v);
SE2 exp(const Vec3& v);  // Appendix B
Vec3 log(const SE2& g);  // principal branch of the angle, |theta| <= pi
SE2 cay(const Vec3& v);  // Appendix B
Vec3 cayInv(const SE2& g);
Mat3 dexp(const Vec3& v);
Mat3 dexpInv(const Vec3& v);           // exact C_exp (closed form)
Mat3 dexpInvTruncated(const Vec3& v);  // Eq. 21 as printed
Mat3 dcayInv(const Vec3& v);           // C_cay, Eq. 22
Mat3 dcay(const Vec3& v);
Mat3 cTLN(const Vec3& v);              // I - ad/2

}  // namespace se2
}  // namespace lieride
