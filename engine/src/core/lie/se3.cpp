#include "lieride/lie/se3.hpp"

#include <cmath>

namespace lieride {

Mat4 SE3::matrix() const {
  Mat4 M = Mat4::Identity();
  M.topLeftCorner<3, 3>() = rotation();
  M.topRightCorner<3, 1>() = x;
  return M;
}

SE3 SE3::inverse() const {
  const Quat qi = q.conjugate();
  return {qi, -(qi * x)};
}

SE3 SE3::operator*(const SE3& o) const {
  Quat qc = q * o.q;
  qc.normalize();
  return {qc, q * o.x + x};
}

Mat6 SE3::Ad() const {
  const Mat3 R = rotation();
  Mat6 A = Mat6::Zero();
  A.topLeftCorner<3, 3>() = R;
  A.bottomRightCorner<3, 3>() = R;
  A.bottomLeftCorner<3, 3>() = so3::hat(x) * R;
  return A;
}

namespace se3 {
namespace {

// Coefficients of the lower-left block Q(w, v) of the SE(3) dexp (Barfoot's closed form of
// the SE(3) left Jacobian), each with its Taylor branch below so3::kSmallAngle.
struct QCoefficients {
  double a1, a2, a3;
};

QCoefficients qCoefficients(double t) {
  const double t2 = t * t;
  if (t < so3::kSmallAngle) {
    return {1.0 / 6.0 - t2 / 120.0 + t2 * t2 / 5040.0 - t2 * t2 * t2 / 362880.0,
            1.0 / 24.0 - t2 / 720.0 + t2 * t2 / 40320.0 - t2 * t2 * t2 / 3628800.0,
            1.0 / 120.0 - t2 / 2520.0 + t2 * t2 / 120960.0 - t2 * t2 * t2 / 7983360.0};
  }
  const double s = std::sin(t), c = std::cos(t);
  const double t4 = t2 * t2;
  return {(t - s) / (t2 * t), (t2 + 2.0 * c - 2.0) / (2.0 * t4),
          (2.0 * t - 3.0 * s + t * c) / (2.0 * t4 * t)};
}

Mat3 dexpLowerBlock(const Vec3& w, const Vec3& v) {
  const QCoefficients k = qCoefficients(w.norm());
  const Mat3 W = so3::hat(w), V = so3::hat(v);
  const Mat3 WV = W * V, VW = V * W;
  const Mat3 WVW = WV * W;
  return 0.5 * V + k.a1 * (WV + VW + WVW) + k.a2 * (W * WV + VW * W - 3.0 * WVW) +
         k.a3 * (WVW * W + W * WVW);
}

// Inverse of a block lower-triangular [[A, 0], [Q, A]] matrix.
Mat6 invertLowerTriangularSameDiagonal(const Mat3& Ainv, const Mat3& Q) {
  Mat6 M = Mat6::Zero();
  M.topLeftCorner<3, 3>() = Ainv;
  M.bottomRightCorner<3, 3>() = Ainv;
  M.bottomLeftCorner<3, 3>() = -Ainv * Q * Ainv;
  return M;
}

}  // namespace

Mat4 hat(const Vec6& xi) {
  Mat4 X = Mat4::Zero();
  X.topLeftCorner<3, 3>() = so3::hat(angular(xi));
  X.topRightCorner<3, 1>() = linear(xi);
  return X;
}

Vec6 vee(const Mat4& X) {
  return join(so3::vee(X.topLeftCorner<3, 3>()), X.topRightCorner<3, 1>());
}

Mat6 ad(const Vec6& xi) {
  Mat6 A = Mat6::Zero();
  const Mat3 W = so3::hat(angular(xi));
  A.topLeftCorner<3, 3>() = W;
  A.bottomRightCorner<3, 3>() = W;
  A.bottomLeftCorner<3, 3>() = so3::hat(linear(xi));
  return A;
}

Mat6 adTransposeMatrix(const Vec6& mu) {
  Mat6 M = Mat6::Zero();
  const Mat3 P = so3::hat(mu.tail<3>());
  M.topLeftCorner<3, 3>() = so3::hat(mu.head<3>());
  M.topRightCorner<3, 3>() = P;
  M.bottomLeftCorner<3, 3>() = P;
  return M;
}

SE3 exp(const Vec6& xi) {
  const Vec3 w = angular(xi);
  return {so3::expQuat(w), so3::dexp(w) * linear(xi)};
}

Vec6 log(const SE3& g) {
  const Vec3 w = so3::log(g.q);
  return join(w, so3::dexpInv(w) * g.x);
}

SE3 cay(const Vec6& xi) {
  const Vec3 w = angular(xi);
  return {so3::cayQuat(w), so3::cayTranslationBlock(w) * linear(xi)};
}

Vec6 cayInv(const SE3& g) {
  const Vec3 w = so3::cayInv(g.q);
  return join(w, g.x - 0.5 * w.cross(g.x));
}

Mat6 dexp(const Vec6& xi) {
  const Vec3 w = angular(xi);
  const Mat3 J = so3::dexp(w);
  Mat6 M = Mat6::Zero();
  M.topLeftCorner<3, 3>() = J;
  M.bottomRightCorner<3, 3>() = J;
  M.bottomLeftCorner<3, 3>() = dexpLowerBlock(w, linear(xi));
  return M;
}

Mat6 dexpInv(const Vec6& xi) {
  const Vec3 w = angular(xi);
  return invertLowerTriangularSameDiagonal(so3::dexpInv(w), dexpLowerBlock(w, linear(xi)));
}

Mat6 dexpInvTruncated(const Vec6& xi) {
  const Mat6 A = ad(xi);
  return Mat6::Identity() - 0.5 * A + A * A / 12.0;
}

Mat6 dcayInv(const Vec6& xi) {
  const Vec3 w = angular(xi);
  const Mat3 D = Mat3::Identity() - 0.5 * so3::hat(w);
  Mat6 C = Mat6::Zero();
  C.topLeftCorner<3, 3>() = so3::dcayInv(w);
  C.bottomRightCorner<3, 3>() = D;
  C.bottomLeftCorner<3, 3>() = -0.5 * D * so3::hat(linear(xi));
  return C;
}

Mat6 dcay(const Vec6& xi) {
  const Vec3 w = angular(xi);
  const Mat3 Ainv = so3::dcay(w);
  const Mat3 Dinv = so3::cayTranslationBlock(w);
  const Mat3 Q = -0.5 * (Mat3::Identity() - 0.5 * so3::hat(w)) * so3::hat(linear(xi));
  Mat6 M = Mat6::Zero();
  M.topLeftCorner<3, 3>() = Ainv;
  M.bottomRightCorner<3, 3>() = Dinv;
  M.bottomLeftCorner<3, 3>() = -Dinv * Q * Ainv;
  return M;
}

Mat6 cTLN(const Vec6& xi) { return Mat6::Identity() - 0.5 * ad(xi); }

SE3 updateExpB(const Vec6& hxi) { return exp(hxi); }

SE3 updateCayPaperB(const Vec6& hxi) {
  const Vec3 w = angular(hxi);
  return {so3::cayQuat(w), so3::dcay(w) * linear(hxi)};
}

}  // namespace se3
}  // namespace lieride
