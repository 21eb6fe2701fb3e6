#include "lieride/model/water.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace lieride {
namespace {

constexpr double kPi = 3.14159265358979323846;

std::string num(double v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

void validateWater(const WaterParams& p) {
  if (!std::isfinite(p.density) || !(p.density > 0.0))
    throw std::invalid_argument("water density must be a positive number (kg/m^3)");
  if (!std::isfinite(p.level)) throw std::invalid_argument("water level must be finite");
  if (!std::isfinite(p.gravity) || !(p.gravity > 0.0)) throw std::invalid_argument("gravity must be positive");
  if (!p.current.allFinite()) throw std::invalid_argument("current must be finite");
  if (p.waves.size() > static_cast<std::size_t>(kMaxWaves))
    throw std::invalid_argument("at most " + std::to_string(kMaxWaves) + " waves");
  double steep = 0.0;
  for (const auto& w : p.waves) {
    if (!std::isfinite(w.amplitude) || w.amplitude < 0.0)
      throw std::invalid_argument("wave amplitude must be a number >= 0 (m)");
    if (!std::isfinite(w.wavelength) || !(w.wavelength > 0.0))
      throw std::invalid_argument("wavelength must be a positive number (m)");
    if (!w.direction.allFinite() || !(w.direction.cwiseAbs().maxCoeff() > 0.0))
      throw std::invalid_argument("wave direction must be a non-zero 2-vector");
    if (!std::isfinite(w.phase)) throw std::invalid_argument("wave phase must be finite (rad)");
    steep += 2.0 * kPi / w.wavelength * w.amplitude;
  }
  if (steep > kMaxWaveSteepness)
    throw std::invalid_argument("waves too steep: sum of 2 pi amplitude / wavelength = " + num(steep) +
                                " exceeds " + num(kMaxWaveSteepness) + " (the Gerstner surface would fold)");
}

WaterSurface::WaterSurface(WaterParams p) : p_(std::move(p)) {
  validateWater(p_);
  for (const auto& w : p_.waves) {
    if (w.amplitude == 0.0) continue;
    const double k = 2.0 * kPi / w.wavelength;
    waves_.push_back({k * w.direction.stableNormalized(), w.direction.stableNormalized(), k, w.amplitude, std::sqrt(p_.gravity * k), w.phase});
  }
}

Vec2 WaterSurface::restPosition(const Vec2& p, double t, double* sinTheta, double* cosTheta) const {
  // Solve F(p0) = p0 - sum dhat A sin(theta(p0)) - p = 0 by Newton's method; the Jacobian
  // I - sum dhat dhat^T k A cos(theta) is positive definite while sum k A < 1. The loop ends
  // on a small residual, so the returned sines and cosines belong to the returned p0 (the
  // point above which the particle sits is p + F, within 1e-12 m of p).
  Vec2 p0 = p;
  for (int it = 0; it < 16; ++it) {
    Vec2 F = p0 - p;
    Mat2 J = Mat2::Identity();
    for (std::size_t i = 0; i < waves_.size(); ++i) {
      const Wave& w = waves_[i];
      const double th = w.k.dot(p0) - w.omega * t + w.phase;
      const double sn = std::sin(th), c = std::cos(th);
      sinTheta[i] = sn;
      cosTheta[i] = c;
      F -= w.dhat * (w.amplitude * sn);
      J -= (w.amplitude * c) * w.dhat * w.k.transpose();
    }
    if (F.squaredNorm() < 1e-24) break;
    p0 -= J.inverse() * F;
  }
  return p0;
}

void WaterSurface::sample(double x, double y, double z, double t, double& h, Vec3& u) const {
  u = Vec3(p_.current.x(), p_.current.y(), 0.0);
  h = p_.level;
  if (waves_.empty()) return;
  double sn[kMaxWaves], cs[kMaxWaves];
  restPosition(Vec2(x, y), t, sn, cs);
  for (std::size_t i = 0; i < waves_.size(); ++i) h += waves_[i].amplitude * cs[i];
  const double zeta = std::min(0.0, z - h);
  for (std::size_t i = 0; i < waves_.size(); ++i) {
    const Wave& w = waves_[i];
    const double a = w.amplitude * w.omega * (zeta < 0.0 ? std::exp(w.kmag * zeta) : 1.0);
    u.x() += a * cs[i] * w.dhat.x();
    u.y() += a * cs[i] * w.dhat.y();
    u.z() += a * sn[i];
  }
}

double WaterSurface::height(double x, double y, double t) const {
  if (waves_.empty()) return p_.level;
  double sn[kMaxWaves], cs[kMaxWaves];
  restPosition(Vec2(x, y), t, sn, cs);
  double h = p_.level;
  for (std::size_t i = 0; i < waves_.size(); ++i) h += waves_[i].amplitude * cs[i];
  return h;
}

Vec3 WaterSurface::velocity(double x, double y, double z, double t) const {
  double h = 0.0;
  Vec3 u;
  sample(x, y, z, t, h, u);
  return u;
}

Vec3 WaterSurface::displaced(double x0, double y0, double t) const {
  Vec3 p(x0, y0, p_.level);
  for (const Wave& w : waves_) {
    const double th = w.k.x() * x0 + w.k.y() * y0 - w.omega * t + w.phase;
    const double s = std::sin(th);
    p.x() -= w.k.x() / w.kmag * w.amplitude * s;
    p.y() -= w.k.y() / w.kmag * w.amplitude * s;
    p.z() += w.amplitude * std::cos(th);
  }
  return p;
}

Vec3 WaterSurface::normalAt(double x0, double y0, double t) const {
  // Tangents dp/dx0 and dp/dy0 of the parametric surface; normal = their cross product.
  Vec3 tx(1.0, 0.0, 0.0), ty(0.0, 1.0, 0.0);
  for (const Wave& w : waves_) {
    const double th = w.k.x() * x0 + w.k.y() * y0 - w.omega * t + w.phase;
    const double s = std::sin(th), c = std::cos(th);
    const Vec2 dhat = w.k / w.kmag;
    tx -= Vec3(dhat.x() * w.amplitude * c * w.k.x(), dhat.y() * w.amplitude * c * w.k.x(), w.amplitude * s * w.k.x());
    ty -= Vec3(dhat.x() * w.amplitude * c * w.k.y(), dhat.y() * w.amplitude * c * w.k.y(), w.amplitude * s * w.k.y());
  }
  return tx.cross(ty).normalized();
}

}  // namespace lieride
