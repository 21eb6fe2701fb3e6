// DMOC of the car on the lie-nh updates (see car_dmoc.hpp; Kobilarov et al. 5.2.1 and
// Eqs. 16-17). Jacobians are analytic; tests/optimize checks them against finite differences.
#include "lieride/optimize/car_dmoc.hpp"
#include "lieride/sim/user_input.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace lieride::opt {
namespace {

constexpr double kInf = 1e19;       // IPOPT's infinity
constexpr double kBoxPower = 8.0;   // superellipse exponent of the smooth box constraint
constexpr double kLogFloor = 1e-16;

double pow7(double q) {
  const double q2 = q * q, q4 = q2 * q2;
  return q4 * q2 * q;
}

// Superellipse of half sizes H at d, the smooth box constraint of kBoxPower = 8:
// m (log((dx/Hx)^8 + (dy/Hy)^8) - log 2) with m = min(H) / 8 (metres near the surface);
// its gradient in d into grad when non-null.
double superellipse(const Vec2& d, const Vec2& H, Vec2* grad) {
  const Vec2 q(d.x() / H.x(), d.y() / H.y());
  const double qx7 = pow7(q.x()), qy7 = pow7(q.y());
  const double S = qx7 * q.x() + qy7 * q.y() + kLogFloor;
  const double m = H.minCoeff() / kBoxPower;
  if (grad) *grad = Vec2(m * kBoxPower * qx7 / (H.x() * S), m * kBoxPower * qy7 / (H.y() * S));
  return m * (std::log(S) - std::log(2.0));
}

// sinc(phi) = sin(phi) / phi and its derivative (series near 0).
void sinc(double phi, double& s, double& ds) {
  if (std::abs(phi) < 1e-3) {
    const double p2 = phi * phi;
    s = 1.0 - p2 / 6.0 + p2 * p2 / 120.0;
    ds = phi * (-1.0 / 3.0 + p2 / 30.0);
    return;
  }
  s = std::sin(phi) / phi;
  ds = (phi * std::cos(phi) - std::sin(phi)) / (phi * phi);
}

struct Emit {
  JacobianSink* jac;
  void operator()(int row, int col, double v) const {
    if (jac) jac->add(row, col, v);
  }
};

}  // namespace

CarDmoc::CarDmoc(const Problem& problem, const CarParams& params, const CarStart& start)
    : problem_(problem), params_(params), start_(start), n_(problem.knots), h_(problem.timeStep()) {
  a_ = params.wheelInertia + params.mass * params.wheelRadius * params.wheelRadius;
  beta_ = params.yawInertia * params.wheelRadius * params.wheelRadius / (params.wheelbase * params.wheelbase) / a_;
  kappa_ = params.wheelRadius / params.wheelbase;
  rho_ = params.wheelRadius;
  obstacleRow0_ = kDynamicsRows * n_;
  for (int j = 0; j < static_cast<int>(problem.obstacles.size()); ++j) {
    obstacleOffset_.push_back(rowsPerKnot_);
    rowsPerKnot_ += obstacleRows(j);
  }
  goalRow0_ = obstacleRow0_ + n_ * rowsPerKnot_;
  speedGoal_ = problem.goal.speed.has_value();
  free_ = problem.freeTime.has_value();
  numConstraints_ = goalRow0_ + (speedGoal_ ? 1 : 0);
  auto weight = [](const std::map<std::string, double>& m, const char* k) {
    auto it = m.find(k);
    return it == m.end() ? 0.0 : it->second;
  };
  wTorque_ = weight(problem.effort, "drive_torque");
  wSteerRate_ = weight(problem.effort, "steer_rate");
  wSmoothTorque_ = weight(problem.smoothness, "drive_torque");
  wSmoothSteer_ = weight(problem.smoothness, "steer_rate");
}

int CarDmoc::obstacleRows(int j) const {
  return problem_.obstacles[static_cast<std::size_t>(j)].kind == Obstacle::Kind::Circle ? 1 : 4;
}

Vec2 CarDmoc::corner(int c) const {
  const double xr = -problem_.body.rearOverhang, xf = params_.wheelbase + problem_.body.frontOverhang;
  const double w = 0.5 * problem_.body.width;
  switch (c) {
    case 0: return {xr, w};
    case 1: return {xr, -w};
    case 2: return {xf, w};
    default: return {xf, -w};
  }
}

int CarDmoc::obstacleAtStart() const {
  const Vec2 rear(start_.x, start_.y);
  const Eigen::Rotation2Dd turn(start_.theta);
  std::array<Vec2, 4> body;
  for (int i = 0; i < 4; ++i) body[static_cast<std::size_t>(i)] = rear + turn * corner(i);
  for (int j = 0; j < static_cast<int>(problem_.obstacles.size()); ++j) {
    const Obstacle& o = problem_.obstacles[static_cast<std::size_t>(j)];
    bool overlaps = false;
    switch (o.kind) {
      case Obstacle::Kind::Circle: overlaps = circleDepth(o, start_.theta, rear) > 0.0; break;
      case Obstacle::Kind::Wall:
        for (const Vec2& b : body) overlaps = overlaps || depth(o, b) > 0.0;
        break;
      case Obstacle::Kind::Box: {
        // Separating axes: the body's two and the box's two; overlapping on all four.
        const Eigen::Rotation2Dd boxTurn(o.heading);
        std::array<Vec2, 4> box;
        const double sx[] = {1, -1, -1, 1}, sy[] = {1, 1, -1, -1};
        for (int i = 0; i < 4; ++i)
          box[static_cast<std::size_t>(i)] = o.center + boxTurn * Vec2(sx[i] * o.halfSize.x(), sy[i] * o.halfSize.y());
        const Vec2 axes[] = {turn * Vec2::UnitX(), turn * Vec2::UnitY(), boxTurn * Vec2::UnitX(), boxTurn * Vec2::UnitY()};
        overlaps = true;
        for (const Vec2& a : axes) {
          double lo1 = 1e300, hi1 = -1e300, lo2 = 1e300, hi2 = -1e300;
          for (const Vec2& b : body) lo1 = std::min(lo1, a.dot(b)), hi1 = std::max(hi1, a.dot(b));
          for (const Vec2& b : box) lo2 = std::min(lo2, a.dot(b)), hi2 = std::max(hi2, a.dot(b));
          if (!(hi1 > lo2 && hi2 > lo1)) overlaps = false;  // touching is not overlapping
        }
        break;
      }
    }
    if (overlaps) return j;
  }
  return -1;
}

void CarDmoc::bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
                     std::vector<double>& gu) const {
  const int nv = numVariables();
  xl.assign(static_cast<std::size_t>(nv), -kInf);
  xu.assign(static_cast<std::size_t>(nv), kInf);
  auto set = [&](int i, double lo, double hi) {
    xl[static_cast<std::size_t>(i)] = lo;
    xu[static_cast<std::size_t>(i)] = hi;
  };
  const double steer = std::min(params_.maxSteer, problem_.maxSteer.value_or(params_.maxSteer));
  const double sigmaMax = std::tan(steer);
  auto channel = [&](const char* name, double scale, int which) {
    auto it = problem_.channelBounds.find(name);
    if (it == problem_.channelBounds.end()) return;
    for (int k = 0; k < n_; ++k) set(var(k, which), it->second.first / scale, it->second.second / scale);
  };
  for (int k = 1; k <= n_; ++k) set(var(k, kSigma), -sigmaMax, sigmaMax);
  channel("drive_torque", a_, kF);
  channel("steer_rate", 1.0, kS);
  if (problem_.speedBounds)
    for (int k = 0; k < n_; ++k) set(var(k, kU), problem_.speedBounds->first / rho_, problem_.speedBounds->second / rho_);
  if (free_) set(stepVariable(), problem_.freeTime->first / n_, problem_.freeTime->second / n_);
  // Knot 0: the initial state of the scenario.
  set(var(0, kTheta), start_.theta, start_.theta);
  set(var(0, kX), start_.x, start_.x);
  set(var(0, kY), start_.y, start_.y);
  set(var(0, kSigma), start_.sigma, start_.sigma);
  set(var(0, kP), start_.momentum / a_, start_.momentum / a_);
  // Knot N: the goal.
  const Goal& g = problem_.goal;
  if (g.position) {
    set(var(n_, kX), g.position->x() - g.positionTolerance, g.position->x() + g.positionTolerance);
    set(var(n_, kY), g.position->y() - g.positionTolerance, g.position->y() + g.positionTolerance);
  }
  if (g.heading) set(var(n_, kTheta), *g.heading - g.headingTolerance, *g.heading + g.headingTolerance);
  if (g.steer)
    set(var(n_, kSigma), std::max(-sigmaMax, std::tan(*g.steer - g.steerTolerance)),
        std::min(sigmaMax, std::tan(*g.steer + g.steerTolerance)));
  // Waypoints: the knot nearest each time, intersected with what is already there.
  auto narrow = [&](int i, double lo, double hi) {
    xl[static_cast<std::size_t>(i)] = std::max(xl[static_cast<std::size_t>(i)], lo);
    xu[static_cast<std::size_t>(i)] = std::min(xu[static_cast<std::size_t>(i)], hi);
  };
  for (const Waypoint& w : problem_.waypoints) {
    if (w.soft()) continue;  // a cost term instead (car_dmoc_cost.cpp)
    const int k = problem_.waypointKnot(w);
    narrow(var(k, kX), w.position->x() - w.tolerance, w.position->x() + w.tolerance);
    narrow(var(k, kY), w.position->y() - w.tolerance, w.position->y() + w.tolerance);
    if (w.heading) narrow(var(k, kTheta), *w.heading - w.headingTolerance, *w.heading + w.headingTolerance);
  }
  gl.assign(static_cast<std::size_t>(numConstraints_), 0.0);
  gu.assign(static_cast<std::size_t>(numConstraints_), 0.0);
  for (int i = obstacleRow0_; i < goalRow0_; ++i) gu[static_cast<std::size_t>(i)] = kInf;
  if (speedGoal_) {
    gl[static_cast<std::size_t>(goalRow0_)] = *g.speed - g.speedTolerance;
    gu[static_cast<std::size_t>(goalRow0_)] = *g.speed + g.speedTolerance;
  }
}

// A drivable guess: the rear axle follows the cubic Hermite curve from the start pose to the
// goal pose, tangent to both headings, forward or in reverse (the sign of the goal's
// displacement along the start heading). Its parameter is a cubic in time tau = t / T whose
// rates at the ends are 0 (at rest: the start without momentum, a goal speed of 0) or 1
// (moving on), so a car at rest starts and stops smoothly. The heading is the curve's tangent (reversed when backing up), the
// steering sigma = l kappa from its curvature (within the steering bound), the wheel rates
// cover the chord of each step, the momentum and torque follow them (sigma = 0 terms).
void CarDmoc::initialGuess(std::vector<double>& xs) const {
  xs.assign(static_cast<std::size_t>(numVariables()), 0.0);
  double* const x = xs.data();  // int-indexed by var()
  const Goal& g = problem_.goal;
  const Vec2 p0(start_.x, start_.y), p1 = g.position.value_or(p0);
  const double th0 = start_.theta, th1 = g.heading.value_or(th0);
  const Vec2 e0(std::cos(th0), std::sin(th0)), e1(std::cos(th1), std::sin(th1));
  const double dir = e0.dot(p1 - p0) >= 0.0 ? 1.0 : -1.0;
  const double D = (p1 - p0).norm();
  const Vec2 m0 = dir * D * e0, m1 = dir * D * e1;
  const double sigmaMax = 0.9 * std::tan(std::min(params_.maxSteer, problem_.maxSteer.value_or(params_.maxSteer)));
  auto curve = [&](double s, Vec2& d1, Vec2& d2) {
    const double s2 = s * s, s3 = s2 * s;
    d1 = (6 * s2 - 6 * s) * p0 + (3 * s2 - 4 * s + 1) * m0 + (6 * s - 6 * s2) * p1 + (3 * s2 - 2 * s) * m1;
    d2 = (12 * s - 6) * p0 + (6 * s - 4) * m0 + (6 - 12 * s) * p1 + (6 * s - 2) * m1;
    return Vec2((2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1);
  };
  const double v0 = start_.momentum == 0.0 ? 0.0 : 1.0;
  const double v1 = g.speed && std::abs(*g.speed) <= g.speedTolerance ? 0.0 : 1.0;
  double theta = th0;
  for (int k = 0; k <= n_; ++k) {
    const double tau = static_cast<double>(k) / n_, t2 = tau * tau, t3 = t2 * tau;
    const double s = (t3 - 2 * t2 + tau) * v0 + (3 * t2 - 2 * t3) + (t3 - t2) * v1;
    Vec2 d1, d2;
    const Vec2 p = curve(s, d1, d2);
    x[var(k, kX)] = p.x();
    x[var(k, kY)] = p.y();
    if (d1.norm() > 1e-9 * std::max(D, 1.0)) {
      const double tangent = std::atan2(dir * d1.y(), dir * d1.x());
      theta += std::remainder(tangent - theta, 2.0 * M_PI);  // continuous from the start heading
      const double kappa = (d1.x() * d2.y() - d1.y() * d2.x()) / std::pow(d1.norm(), 3);
      x[var(k, kSigma)] = std::clamp(dir * params_.wheelbase * kappa, -sigmaMax, sigmaMax);
    }
    x[var(k, kTheta)] = theta;
  }
  x[var(0, kTheta)] = th0;
  x[var(0, kSigma)] = start_.sigma;
  for (int k = 0; k < n_; ++k) {
    const Vec2 chord(x[var(k + 1, kX)] - x[var(k, kX)], x[var(k + 1, kY)] - x[var(k, kY)]);
    const double u = dir * chord.norm() / (h_ * rho_);
    x[var(k, kU)] = u;
    x[var(k + 1, kP)] = u;
    x[var(k, kS)] = (x[var(k + 1, kSigma)] - x[var(k, kSigma)]) / h_;
  }
  x[var(0, kP)] = start_.momentum / a_;
  for (int k = 0; k < n_; ++k) x[var(k, kF)] = (x[var(k + 1, kP)] - x[var(k, kP)]) / h_;
  if (free_) x[static_cast<std::size_t>(stepVariable())] = h_;
}

double CarDmoc::obstacleValue(const Obstacle& o, const Vec2& p, Vec2* grad) const {
  switch (o.kind) {
    case Obstacle::Kind::Circle: break;  // circles constrain the whole body (circleValue)
    case Obstacle::Kind::Box: {
      // log((dx/hx)^8 + (dy/hy)^8) >= log 2: a superellipse through the box corners, so
      // every point it admits lies outside the box (conservative by at most 2^(1/8) - 1 = 9 %
      // of the half size mid-edge); scaled to metres near the surface.
      const double c = std::cos(o.heading), s = std::sin(o.heading);
      const Vec2 w = p - o.center;
      const Vec2 d(c * w.x() + s * w.y(), -s * w.x() + c * w.y());
      Vec2 gd = Vec2::Zero();
      const double v = superellipse(d, o.halfSize, grad ? &gd : nullptr);
      if (grad) *grad = Vec2(c * gd.x() - s * gd.y(), s * gd.x() + c * gd.y());
      return v;
    }
    case Obstacle::Kind::Wall:
      if (grad) *grad = o.normal;
      return o.normal.dot(p - o.center);
  }
  return 0.0;
}

// The circle's centre, in the body frame, outside the body rectangle grown by the radius r:
// the same superellipse form as a box, around half sizes (half length + r, half width + r),
// which contains the rounded rectangle (body plus disc), so admitted poses never touch.
double CarDmoc::circleValue(const Obstacle& o, double theta, const Vec2& rear, Vec3* grad) const {
  const double xr = -problem_.body.rearOverhang, xf = params_.wheelbase + problem_.body.frontOverhang;
  const Vec2 mid(0.5 * (xr + xf), 0.0);
  const Vec2 H(0.5 * (xf - xr) + o.radius, 0.5 * problem_.body.width + o.radius);
  const double c = std::cos(theta), s = std::sin(theta);
  const Vec2 w = o.center - rear;
  const Vec2 d = Vec2(c * w.x() + s * w.y(), -s * w.x() + c * w.y()) - mid;
  Vec2 gd = Vec2::Zero();
  const double v = superellipse(d, H, grad ? &gd : nullptr);
  if (grad) {
    const Vec2 dTheta(-s * w.x() + c * w.y(), -c * w.x() - s * w.y());
    (*grad)(0) = gd.dot(dTheta);
    (*grad)(1) = gd.dot(Vec2(-c, s));
    (*grad)(2) = gd.dot(Vec2(-s, -c));
  }
  return v;
}

double CarDmoc::circleDepth(const Obstacle& o, double theta, const Vec2& rear) const {
  const double xr = -problem_.body.rearOverhang, xf = params_.wheelbase + problem_.body.frontOverhang;
  const double c = std::cos(theta), s = std::sin(theta);
  const Vec2 w = o.center - rear;
  const Vec2 d(c * w.x() + s * w.y(), -s * w.x() + c * w.y());
  const Vec2 nearest(std::clamp(d.x(), xr, xf), std::clamp(d.y(), -0.5 * problem_.body.width, 0.5 * problem_.body.width));
  return o.radius - (d - nearest).norm();
}

double CarDmoc::depth(const Obstacle& o, const Vec2& p) const {
  switch (o.kind) {
    case Obstacle::Kind::Circle: return o.radius - (p - o.center).norm();
    case Obstacle::Kind::Box: {
      const double c = std::cos(o.heading), s = std::sin(o.heading);
      const Vec2 w = p - o.center;
      const Vec2 d(c * w.x() + s * w.y(), -s * w.x() + c * w.y());
      return std::min(o.halfSize.x() - std::abs(d.x()), o.halfSize.y() - std::abs(d.y()));
    }
    case Obstacle::Kind::Wall: return -o.normal.dot(p - o.center);
  }
  return 0.0;
}

void CarDmoc::constraints(const double* x, double* g, JacobianSink* jac) const {
  const Emit emit{jac};
  const double h = timeStep(x), al = alpha_;
  const int hv = stepVariable();
  for (int k = 0; k < n_; ++k) {
    const int r = kDynamicsRows * k;
    const double th = x[var(k, kTheta)], sk = x[var(k, kSigma)], P0 = x[var(k, kP)];
    const double u = x[var(k, kU)], F = x[var(k, kF)], s = x[var(k, kS)];
    const double s1 = x[var(k + 1, kSigma)], P1 = x[var(k + 1, kP)];
    const double sa = sk + al * h * s;
    // sigma update.
    g[r] = s1 - sk - h * s;
    emit(r, var(k + 1, kSigma), 1.0);
    emit(r, var(k, kSigma), -1.0);
    emit(r, var(k, kS), -h);
    if (free_) emit(r, hv, -s);
    // Discrete wheel momentum balance (5.2.1), before and after the step.
    g[r + 1] = (1.0 + beta_ * sk * sa) * u - P0 - h * (1.0 - al) * F;
    emit(r + 1, var(k, kU), 1.0 + beta_ * sk * sa);
    emit(r + 1, var(k, kSigma), beta_ * u * (sa + sk));
    emit(r + 1, var(k, kS), beta_ * u * sk * al * h);
    emit(r + 1, var(k, kP), -1.0);
    emit(r + 1, var(k, kF), -h * (1.0 - al));
    if (free_) emit(r + 1, hv, beta_ * sk * u * al * s - (1.0 - al) * F);
    g[r + 2] = P1 - (1.0 + beta_ * s1 * sa) * u - h * al * F;
    emit(r + 2, var(k + 1, kP), 1.0);
    emit(r + 2, var(k, kU), -(1.0 + beta_ * s1 * sa));
    emit(r + 2, var(k + 1, kSigma), -beta_ * sa * u);
    emit(r + 2, var(k, kSigma), -beta_ * s1 * u);
    emit(r + 2, var(k, kS), -beta_ * s1 * u * al * h);
    emit(r + 2, var(k, kF), -h * al);
    if (free_) emit(r + 2, hv, -beta_ * s1 * u * al * s - al * F);
    // Reconstruction g_k+1 = g_k exp(h (w, rho u, 0)).
    g[r + 3] = x[var(k + 1, kTheta)] - th - h * kappa_ * sa * u;
    emit(r + 3, var(k + 1, kTheta), 1.0);
    emit(r + 3, var(k, kTheta), -1.0);
    emit(r + 3, var(k, kU), -h * kappa_ * sa);
    emit(r + 3, var(k, kSigma), -h * kappa_ * u);
    emit(r + 3, var(k, kS), -h * kappa_ * u * al * h);
    if (free_) emit(r + 3, hv, -kappa_ * sa * u - h * kappa_ * u * al * s);
    const double phi = 0.5 * h * kappa_ * sa * u;
    double S, dS;
    sinc(phi, S, dS);
    const double chord = h * rho_ * u * S, dChord = h * rho_ * u * dS;
    const double c = std::cos(th + phi), sn = std::sin(th + phi);
    g[r + 4] = x[var(k + 1, kX)] - x[var(k, kX)] - chord * c;
    g[r + 5] = x[var(k + 1, kY)] - x[var(k, kY)] - chord * sn;
    const double dxPhi = -(dChord * c - chord * sn), dyPhi = -(dChord * sn + chord * c);
    const double phiU = 0.5 * h * kappa_ * sa, phiSigma = 0.5 * h * kappa_ * u;
    emit(r + 4, var(k + 1, kX), 1.0);
    emit(r + 4, var(k, kX), -1.0);
    emit(r + 4, var(k, kTheta), chord * sn);
    emit(r + 4, var(k, kU), -h * rho_ * S * c + dxPhi * phiU);
    emit(r + 4, var(k, kSigma), dxPhi * phiSigma);
    emit(r + 4, var(k, kS), dxPhi * phiSigma * al * h);
    const double phiH = 0.5 * kappa_ * sa * u + phiSigma * al * s;  // d phi / d h
    if (free_) emit(r + 4, hv, -rho_ * u * S * c + dxPhi * phiH);
    emit(r + 5, var(k + 1, kY), 1.0);
    emit(r + 5, var(k, kY), -1.0);
    emit(r + 5, var(k, kTheta), -chord * c);
    emit(r + 5, var(k, kU), -h * rho_ * S * sn + dyPhi * phiU);
    emit(r + 5, var(k, kSigma), dyPhi * phiSigma);
    emit(r + 5, var(k, kS), dyPhi * phiSigma * al * h);
    if (free_) emit(r + 5, hv, -rho_ * u * S * sn + dyPhi * phiH);
  }
  // Obstacles, at every knot after the first: the four body corners outside boxes and walls;
  // the body outside circles.
  for (int k = 1; k <= n_; ++k) {
    const int row0 = obstacleRow0_ + (k - 1) * rowsPerKnot_;
    forEachClearance(x, k, [&](int r, double c, double dTheta, double dx, double dy) {
      g[row0 + r] = c;
      emit(row0 + r, var(k, kTheta), dTheta);
      emit(row0 + r, var(k, kX), dx);
      emit(row0 + r, var(k, kY), dy);
    });
  }
  if (speedGoal_) {
    const double sig = x[var(n_, kSigma)], P = x[var(n_, kP)], d = 1.0 + beta_ * sig * sig;
    g[goalRow0_] = rho_ * P / d;
    emit(goalRow0_, var(n_, kP), rho_ / d);
    emit(goalRow0_, var(n_, kSigma), -rho_ * P * 2.0 * beta_ * sig / (d * d));
  }
}

std::string CarDmoc::describe(int row, const double* x, double violation) const {
  char buf[256];
  if (row < obstacleRow0_) {
    static const char* what[] = {"steering (sigma) update", "wheel momentum balance (before)",
                                 "wheel momentum balance (after)", "heading update", "x update", "y update"};
    std::snprintf(buf, sizeof buf, "step %d: %s off by %.3g", row / kDynamicsRows, what[row % kDynamicsRows], violation);
    return buf;
  }
  if (row < goalRow0_) {
    const int i = row - obstacleRow0_, k = i / rowsPerKnot_ + 1, r = i % rowsPerKnot_;
    int j = 0;
    while (j + 1 < static_cast<int>(obstacleOffset_.size()) && obstacleOffset_[static_cast<std::size_t>(j) + 1] <= r) ++j;
    const int c = r - obstacleOffset_[static_cast<std::size_t>(j)];
    const Obstacle& o = problem_.obstacles[static_cast<std::size_t>(j)];
    const double th = x[var(k, kTheta)];
    const Vec2 rear(x[var(k, kX)], x[var(k, kY)]);
    if (o.kind == Obstacle::Kind::Circle) {
      const double d = circleDepth(o, th, rear);
      if (d > 0.0) std::snprintf(buf, sizeof buf, "knot %d: body %.2g m inside %s", k, d, shown(o.name).c_str());
      else std::snprintf(buf, sizeof buf, "knot %d: body within the safety margin of %s", k, shown(o.name).c_str());
      if (k == n_ && problem_.goal.position) return std::string(buf) + " (the goal pose overlaps it: move the goal)";
      return buf;
    }
    const Vec2 b = corner(c);
    const Vec2 p = rear + Vec2(std::cos(th) * b.x() - std::sin(th) * b.y(), std::sin(th) * b.x() + std::cos(th) * b.y());
    const double d = depth(o, p);
    const char* name = kCornerNames[static_cast<std::size_t>(c)];
    if (d > 0.0) std::snprintf(buf, sizeof buf, "knot %d: %s corner %.2g m inside %s", k, name, d, shown(o.name).c_str());
    else std::snprintf(buf, sizeof buf, "knot %d: %s corner within the safety margin of %s", k, name, shown(o.name).c_str());
    // At the last knot the goal pins the car: the cause is where the goal was put.
    if (k == n_ && problem_.goal.position) return std::string(buf) + " (the goal pose overlaps it: move the goal)";
    return buf;
  }
  std::snprintf(buf, sizeof buf, "final speed misses the goal by %.3g m/s", violation);
  return buf;
}

CarTrajectory CarDmoc::trajectory(const std::vector<double>& xs) const {
  const double* const x = xs.data();
  CarTrajectory tr;
  const double h = timeStep(x);
  double psi = start_.psi;
  for (int k = 0; k <= n_; ++k) {
    const double sig = x[var(k, kSigma)];
    tr.t.push_back(k * h);
    tr.theta.push_back(x[var(k, kTheta)]);
    tr.x.push_back(x[var(k, kX)]);
    tr.y.push_back(x[var(k, kY)]);
    tr.sigma.push_back(sig);
    tr.psi.push_back(psi);
    tr.psiDot.push_back(x[var(k, kP)] / (1.0 + beta_ * sig * sig));
    // The steering rate is an input, reported at the row's time as the simulator reads the
    // replay's controls.csv there: samples at the step midpoints t_k + h/2, linear in between,
    // held before the first and after the last (docs/nonholonomic.md, the run CSV's state).
    const double rate = n_ == 0   ? start_.sigmaDot
                        : k == 0  ? x[var(0, kS)]
                        : k == n_ ? x[var(n_ - 1, kS)]
                                  : 0.5 * (x[var(k - 1, kS)] + x[var(k, kS)]);
    tr.sigmaDot.push_back(rate);
    if (k < n_) {
      psi += h * x[var(k, kU)];
      tr.driveTorque.push_back(a_ * x[var(k, kF)]);
      tr.steerRate.push_back(x[var(k, kS)]);
    }
  }
  return tr;
}

std::vector<double> CarDmoc::fromTrajectory(const CarTrajectory& tr) const {
  std::vector<double> xs(static_cast<std::size_t>(numVariables()), 0.0);
  double* const x = xs.data();  // int-indexed by var()
  if (free_) x[stepVariable()] = h_;
  for (int k = 0; k <= n_; ++k) {
    const auto K = static_cast<std::size_t>(k);
    const double sig = tr.sigma[K];
    x[var(k, kTheta)] = tr.theta[K];
    x[var(k, kX)] = tr.x[K];
    x[var(k, kY)] = tr.y[K];
    x[var(k, kSigma)] = sig;
    x[var(k, kP)] = tr.psiDot[K] * (1.0 + beta_ * sig * sig);
    if (k < n_) {
      x[var(k, kU)] = (tr.psi[K + 1] - tr.psi[K]) / h_;
      x[var(k, kF)] = tr.driveTorque[K] / a_;
      x[var(k, kS)] = tr.steerRate[K];
    }
  }
  return xs;
}

}  // namespace lieride::opt
