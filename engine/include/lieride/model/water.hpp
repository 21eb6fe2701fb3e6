#pragma once
// The water the boat floats on (docs/models.md section 3), shared by the physics and the renderer so
// that what is drawn is what is simulated: a mean level, a uniform current and a sum of
// Gerstner (trochoidal) waves in deep water.
//
// Gerstner waves (Tessendorf, "Simulating Ocean Water", Eq. 7-9): the surface particle whose
// rest position is p0 = (x0, y0) sits at
//   p = p0 - sum_i dhat_i A_i sin(theta_i),  z = level + sum_i A_i cos(theta_i),
//   theta_i = k_i dhat_i . p0 - omega_i t + phase_i,  k_i = 2 pi / wavelength_i,
//   omega_i = sqrt(g k_i) (deep-water dispersion).
// height(x, y, t) inverts the horizontal map p0 -> p by Newton's method (unique while the
// steepness sum_i k_i A_i < 1; WaterParams validation demands <= kMaxSteepness). Water
// velocity is the particle velocity of the surface point above (x, y), decaying as
// exp(k_i zeta) with the depth zeta = z - height <= 0 below the surface (Wheeler stretching),
// plus the current.
#include <string>
#include <vector>

#include "lieride/lie/types.hpp"

namespace lieride {

struct GerstnerWave {
  double amplitude = 0.0;   // m
  double wavelength = 50.0; // m
  Vec2 direction = Vec2(1.0, 0.0);  // travel direction (normalized on use)
  double phase = 0.0;       // rad; the crest passes p0 = 0 at t = phase / omega
};

struct WaterParams {
  double density = 1000.0;  // rho_w, kg/m^3
  double level = 0.0;       // mean surface height, m
  double gravity = 9.81;
  Vec2 current = Vec2::Zero();  // uniform current, m/s (world x, y)
  std::vector<GerstnerWave> waves;
};

inline constexpr double kMaxWaveSteepness = 0.8;  // sum k_i A_i
inline constexpr int kMaxWaves = 16;

// Throws std::invalid_argument with a one-line reason if a parameter is out of range.
void validateWater(const WaterParams& p);

class WaterSurface {
 public:
  WaterSurface() : WaterSurface(WaterParams{}) {}
  explicit WaterSurface(WaterParams p);

  const WaterParams& params() const { return p_; }
  bool still() const { return waves_.empty(); }
  bool hasCurrent() const { return p_.current.squaredNorm() > 0.0; }

  // Surface height above the world point (x, y) at time t.
  double height(double x, double y, double t) const;
  // Water velocity (world) at (x, y, z): current + orbital velocity of the waves.
  Vec3 velocity(double x, double y, double z, double t) const;
  // Both at once (one Newton inversion); `velocity` is evaluated at depth z - height.
  void sample(double x, double y, double z, double t, double& height, Vec3& velocity) const;

  // Renderer entry: the displaced position of the surface particle with rest position
  // (x0, y0) (a regular grid of p0 gives the drawn mesh; it lies exactly on height()).
  Vec3 displaced(double x0, double y0, double t) const;
  // Surface normal (unit, upward) at the particle with rest position (x0, y0).
  Vec3 normalAt(double x0, double y0, double t) const;

 private:
  struct Wave {
    Vec2 k;       // wavenumber vector k dhat
    Vec2 dhat;    // unit travel direction
    double kmag;  // k
    double amplitude, omega, phase;
  };
  // Rest position p0 of the surface particle above (x, y), with sin and cos of its phases.
  Vec2 restPosition(const Vec2& p, double t, double* sinTheta, double* cosTheta) const;

  WaterParams p_;
  std::vector<Wave> waves_;
};

}  // namespace lieride
