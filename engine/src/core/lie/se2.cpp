#include "lieride/lie/se2.hpp"

#include <cmath>

namespace lieride {

Mat2 SE2::rotation() const {
  const double c = std::cos(theta), s = std::sin(theta);
  Mat2 R;
  R << c, -s, s, c;
  return R;
}

Mat3 SE2::matrix() const {
  Mat3 M = Mat3::Identity();
  M.topLeftCorner<2, 2>() = rotation();
  M(0, 2) = x;
  M(1, 2) = y;
  return M;
}

SE2 SE2::inverse() const {
  const double c = std::cos(theta), s = std::sin(theta);
  return {-theta, -(c * x + s * y), -(-s * x + c * y)};
}

SE2 SE2::operator*(const SE2& o) const {
  const double c = std::cos(theta), s = std::sin(theta);
  return {theta + o.theta, x + c * o.x - s * o.y, y + s * o.x + c * o.y};
}

Vec2 SE2::act(const Vec2& p) const { return rotation() * p + Vec2(x, y); }

Mat3 SE2::Ad() const {
  const double c = std::cos(theta), s = std::sin(theta);
  Mat3 A;
  A << 1.0, 0.0, 0.0, y, c, -s, -x, s, c;
  return A;
}

namespace se2 {
namespace {
double sinc(double t) {
  const double a = std::abs(t);
  if (a < kSmallAngle) {
    const double t2 = t * t;
    return 1.0 - t2 / 6.0 * (1.0 - t2 / 20.0 * (1.0 - t2 / 42.0 * (1.0 - t2 / 72.0)));
  }
  return std::sin(t) / t;
}
// (1 - cos t)/t, odd in t
double oneMinusCosOverT(double t) {
  const double h = 0.5 * t;
  return t * 0.5 * sinc(h) * sinc(h);
}
// ((t/2) cot(t/2) - 1)/t, odd in t
double cotCoefficient(double t) {
  const double a = std::abs(t);
  if (a < kSmallAngle) {
    const double t2 = t * t;
    return -t / 12.0 * (1.0 + t2 / 60.0 + t2 * t2 / 2520.0 + t2 * t2 * t2 / 100800.0);
  }
  const double h = 0.5 * t;
  return (h * std::cos(h) / std::sin(h) - 1.0) / t;
}
}  // namespace

Mat3 hat(const Vec3& v) {
  Mat3 V;
  V << 0.0, -v(0), v(1), v(0), 0.0, v(2), 0.0, 0.0, 0.0;
  return V;
}

Vec3 vee(const Mat3& V) { return {V(1, 0), V(0, 2), V(1, 2)}; }

Mat3 ad(const Vec3& v) {
  Mat3 A;
  A << 0.0, 0.0, 0.0, v(2), 0.0, -v(0), -v(1), v(0), 0.0;
  return A;
}

SE2 exp(const Vec3& v) {
  const double t = v(0);
  const double s = sinc(t), c = oneMinusCosOverT(t);
  return {t, s * v(1) - c * v(2), c * v(1) + s * v(2)};
}

Vec3 log(const SE2& g) {
  const double t = std::remainder(g.theta, 2.0 * M_PI);
  const double s = sinc(t), c = oneMinusCosOverT(t);
  const double det = s * s + c * c;  // inverse of [[s, -c], [c, s]]
  return {t, (s * g.x + c * g.y) / det, (-c * g.x + s * g.y) / det};
}

SE2 cay(const Vec3& v) {
  const double w = v(0);
  const double d = 4.0 + w * w;
  // Rotation angle of cay: tan(theta/2) = w/2.
  return {2.0 * std::atan(0.5 * w), (-2.0 * w * v(2) + 4.0 * v(1)) / d,
          (2.0 * w * v(1) + 4.0 * v(2)) / d};
}

Vec3 cayInv(const SE2& g) {
  const double w = 2.0 * std::tan(0.5 * g.theta);
  // (I - V/2) applied to the translation recovers (v2, v3) (linear part of the Cayley map).
  return {w, g.x + 0.5 * w * g.y, g.y - 0.5 * w * g.x};
}

Mat3 dexp(const Vec3& v) {
  const double t = v(0);
  const double s = sinc(t), c = oneMinusCosOverT(t);
  // f(ad) with f(x) = (e^x - 1)/x; ad = [[0,0],[k, t J]], k = (v3, -v2).
  // f(tJ) = s I + c J;  lower-left = (f(tJ) - I)(tJ)^{-1} k.
  Mat3 M = Mat3::Zero();
  M(0, 0) = 1.0;
  M(1, 1) = s;
  M(1, 2) = -c;
  M(2, 1) = c;
  M(2, 2) = s;
  // (f(tJ) - I)(tJ)^{-1} = ((s-1) I + c J)(-J/t) = (c/t) I - ((s-1)/t) J
  double cOverT, sMinusOneOverT;
  if (std::abs(t) < kSmallAngle) {
    const double t2 = t * t;
    cOverT = 0.5 - t2 / 24.0 + t2 * t2 / 720.0 - t2 * t2 * t2 / 40320.0;
    sMinusOneOverT = -t / 6.0 * (1.0 - t2 / 20.0 * (1.0 - t2 / 42.0 * (1.0 - t2 / 72.0)));
  } else {
    cOverT = c / t;
    sMinusOneOverT = (s - 1.0) / t;
  }
  const Vec2 k(v(2), -v(1));
  M(1, 0) = cOverT * k(0) + sMinusOneOverT * k(1);
  M(2, 0) = -sMinusOneOverT * k(0) + cOverT * k(1);
  return M;
}

Mat3 dexpInv(const Vec3& v) {
  const double t = v(0);
  const double h = 0.5 * t;
  // g(x) = x/(e^x - 1): g(tJ) = a I - (t/2) J with a = (t/2) cot(t/2);
  // lower-left = (g(tJ) - I)(tJ)^{-1} k = -(1/2) k - ((a - 1)/t) J k.
  const double b = cotCoefficient(t);  // (a - 1)/t
  const double a = 1.0 + t * b;
  Mat3 M = Mat3::Zero();
  M(0, 0) = 1.0;
  M(1, 1) = a;
  M(1, 2) = h;
  M(2, 1) = -h;
  M(2, 2) = a;
  const Vec2 k(v(2), -v(1));
  const Vec2 Jk(-k(1), k(0));
  M(1, 0) = -0.5 * k(0) - b * Jk(0);
  M(2, 0) = -0.5 * k(1) - b * Jk(1);
  return M;
}

Mat3 dexpInvTruncated(const Vec3& v) {
  const Mat3 A = ad(v);
  return Mat3::Identity() - 0.5 * A + A * A / 12.0;
}

Mat3 dcayInv(const Vec3& v) {
  Mat3 M = Mat3::Identity() - 0.5 * ad(v);
  M.col(0) += 0.25 * v(0) * v;
  return M;
}

Mat3 dcay(const Vec3& v) { return dcayInv(v).inverse(); }

Mat3 cTLN(const Vec3& v) { return Mat3::Identity() - 0.5 * ad(v); }

}  // namespace se2
}  // namespace lieride
