#include "lieride/lie/so3.hpp"

#include <cmath>

namespace lieride::so3 {
namespace {

// sin(t)/t
double sinc(double t) {
  if (t < kSmallAngle) {
    const double t2 = t * t;
    return 1.0 - t2 / 6.0 * (1.0 - t2 / 20.0 * (1.0 - t2 / 42.0 * (1.0 - t2 / 72.0)));
  }
  return std::sin(t) / t;
}
// (1 - cos t)/t^2, written as 2 sin^2(t/2)/t^2 to avoid cancellation.
double oneMinusCosOverT2(double t) {
  const double s = 0.5 * sinc(0.5 * t);
  return 2.0 * s * s;
}
// (t - sin t)/t^3
double tMinusSinOverT3(double t) {
  const double t2 = t * t;
  if (t < kSmallAngle) {
    return 1.0 / 6.0 - t2 / 120.0 + t2 * t2 / 5040.0 - t2 * t2 * t2 / 362880.0;
  }
  return (t - std::sin(t)) / (t2 * t);
}
// (1 - (t/2) cot(t/2))/t^2
double dexpInvCoefficient(double t) {
  const double t2 = t * t;
  if (t < kSmallAngle) {
    return 1.0 / 12.0 + t2 / 720.0 + t2 * t2 / 30240.0 + t2 * t2 * t2 / 1209600.0;
  }
  const double half = 0.5 * t;
  return (1.0 - half * std::cos(half) / std::sin(half)) / t2;
}

}  // namespace

Vec3 vee(const Mat3& W) { return {W(2, 1), W(0, 2), W(1, 0)}; }

Quat expQuat(const Vec3& w) {
  const double t = w.norm();
  const double half = 0.5 * t;
  const double s = 0.5 * sinc(half);  // sin(t/2)/t
  return Quat(std::cos(half), s * w.x(), s * w.y(), s * w.z());
}

Mat3 exp(const Vec3& w) {
  const double t = w.norm();
  const Mat3 W = hat(w);
  return Mat3::Identity() + sinc(t) * W + oneMinusCosOverT2(t) * W * W;
}

Vec3 log(const Quat& qIn) {
  Quat q = qIn.normalized();
  if (q.w() < 0.0) q.coeffs() = -q.coeffs();  // angle in [0, pi]
  const Vec3 u = q.vec();
  const double s = u.norm();
  const double angle = 2.0 * std::atan2(s, q.w());
  // angle/s -> 2/w as s -> 0; the series of 2 atan(s/w)/s avoids 0/0.
  double factor;
  if (s < 1e-8) {
    factor = 2.0 / q.w() * (1.0 - s * s / (3.0 * q.w() * q.w()));
  } else {
    factor = angle / s;
  }
  return factor * u;
}

Vec3 log(const Mat3& R) { return log(Quat(R)); }

Quat cayQuat(const Vec3& w) {
  const double n = 1.0 / std::sqrt(1.0 + 0.25 * w.squaredNorm());
  return Quat(n, 0.5 * n * w.x(), 0.5 * n * w.y(), 0.5 * n * w.z());
}

Mat3 cay(const Vec3& w) {
  const Mat3 W = hat(w);
  return Mat3::Identity() + 4.0 / (4.0 + w.squaredNorm()) * (W + 0.5 * W * W);
}

Vec3 cayInv(const Quat& qIn) {
  const Quat q = qIn.normalized();
  return 2.0 / q.w() * q.vec();  // sign of q cancels
}

Vec3 cayInv(const Mat3& R) { return cayInv(Quat(R)); }

Mat3 dexp(const Vec3& w) {
  const double t = w.norm();
  const Mat3 W = hat(w);
  return Mat3::Identity() + oneMinusCosOverT2(t) * W + tMinusSinOverT3(t) * W * W;
}

Mat3 dexpInv(const Vec3& w) {
  const Mat3 W = hat(w);
  return Mat3::Identity() - 0.5 * W + dexpInvCoefficient(w.norm()) * W * W;
}

Mat3 dcay(const Vec3& w) {
  return 2.0 / (4.0 + w.squaredNorm()) * (2.0 * Mat3::Identity() + hat(w));
}

Mat3 dcayInv(const Vec3& w) { return Mat3::Identity() - 0.5 * hat(w) + 0.25 * w * w.transpose(); }

Mat3 cayTranslationBlock(const Vec3& w) {
  return 2.0 / (4.0 + w.squaredNorm()) *
         (2.0 * Mat3::Identity() + hat(w) + 0.5 * w * w.transpose());
}

}  // namespace lieride::so3
