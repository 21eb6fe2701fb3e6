// Variational Lie group integrators on SE(3): Kobilarov, Crane & Desbrun, Eqs. 9-14.
#include <Eigen/LU>
#include <cmath>

#include "se3_integrators.hpp"

namespace lieride::detail {

namespace {

// The damped update of both Newton loops (Eq. 10 in 6-vectors, its rotation row in 3-vectors):
// halve the step until the residual falls; before polishing a step below 1e-3 is taken anyway
// and counted as a stall; a polishing step that does not lower the residual is dropped (the
// better iterate is kept, round-off reached).
template <class V, class ResidualNorm>
void dampedUpdate(V& x, const V& delta, double& norm, V& residual, V& trialResidual, bool polishing, int& stalled,
                  ResidualNorm&& residualNorm) {
  for (double lambda = 1.0;; lambda *= 0.5) {
    const V trial = x - lambda * delta;
    const double trialNorm = residualNorm(trial, trialResidual);
    if (trialNorm < norm || (!polishing && lambda < 1e-3)) {
      stalled = trialNorm < norm ? 0 : stalled + 1;
      x = trial;
      norm = trialNorm;
      residual = trialResidual;
      return;
    }
    if (polishing) return;
  }
}

}  // namespace

bool sameState(const SE3& a, const SE3& b) { return a.q.coeffs() == b.q.coeffs() && a.x == b.x; }

std::string LieVariationalSe3::name() const {
  switch (variant_) {
    case LieVariant::Exp: return "lie-exp";
    case LieVariant::Cay: return "lie-cay";
    case LieVariant::ExpTLN: return "lie-exp-tln";
    case LieVariant::CayTLN: return "lie-cay-tln";
  }
  return "lie";
}

SE3 LieVariationalSe3::update(const Vec6& hxi) const {
  switch (variant_) {
    case LieVariant::Exp:
    case LieVariant::ExpTLN: return se3::exp(hxi);
    case LieVariant::Cay: return se3::cay(hxi);
    case LieVariant::CayTLN: {
      // se3::updateCayPaperB without forming the matrix B_cay = 2/(4+|w|^2)(2I + hat(w)) (Eq. 13)
      const Vec3 w = hxi.head<3>(), v = hxi.tail<3>();
      return {so3::cayQuat(w), 2.0 / (4.0 + w.squaredNorm()) * (2.0 * v + w.cross(v))};
    }
  }
  return SE3{};
}

Mat6 LieVariationalSe3::cTranspose(const Vec6& y) const {
  switch (variant_) {
    case LieVariant::Exp: return se3::dexpInv(y).transpose();
    case LieVariant::Cay: return se3::dcayInv(y).transpose();
    default: return se3::cTLN(y).transpose();
  }
}

Vec6 LieVariationalSe3::cTransposeTimes(const Vec6& y, const Vec6& mu) const {
  switch (variant_) {
    case LieVariant::Exp: return se3::dexpInv(y).transpose() * mu;
    case LieVariant::Cay: {
      // C_cay(w, v)^T (a; b) = (a + w x a/2 + w (w.a)/4 + v x c/2 ; c),  c = b + w x b/2
      const Vec3 w = y.head<3>(), v = y.tail<3>(), a = mu.head<3>(), b = mu.tail<3>();
      const Vec3 c = b + 0.5 * w.cross(b);
      return se3::join(a + 0.5 * w.cross(a) + 0.25 * w.dot(a) * w + 0.5 * v.cross(c), c);
    }
    default: return mu - 0.5 * se3::adTranspose(y, mu);  // (I - ad_y/2)^T mu
  }
}

Mat6 LieVariationalSe3::cTransposeTimesJacobian(const Vec6& y, const Vec6& mu) const {
  switch (variant_) {
    case LieVariant::Exp: {
      if (y.head<3>().norm() > 0.5) {
        // Large rotation per step: the series below is poor, so differentiate the closed form
        // (central differences; Newton then converges as with the exact Jacobian).
        Mat6 D;
        for (int c = 0; c < 6; ++c) {
          const double e = 1e-6 * std::max(1.0, std::abs(y(c)));
          Vec6 p = y, m = y;
          p(c) += e;
          m(c) -= e;
          D.col(c) = (se3::dexpInv(p).transpose() * mu - se3::dexpInv(m).transpose() * mu) / (2.0 * e);
        }
        return D;
      }
      // Derivative of the truncated series (I - ad/2 + ad^2/12)^T mu: a Jacobian accurate to
      // O(|y|^3), enough for fast Newton convergence on the exact residual.
      const Mat6 adT = se3::ad(y).transpose();
      const Vec6 nu = adT * mu;
      return -0.5 * se3::adTransposeMatrix(mu) +
             (se3::adTransposeMatrix(nu) + adT * se3::adTransposeMatrix(mu)) / 12.0;
    }
    case LieVariant::Cay: {
      const Vec3 w = y.head<3>(), v = y.tail<3>(), a = mu.head<3>(), b = mu.tail<3>();
      const Vec3 c = b + 0.5 * w.cross(b);
      Mat6 D = Mat6::Zero();
      D.topLeftCorner<3, 3>() = -0.5 * so3::hat(a) + 0.25 * (w.dot(a) * Mat3::Identity() + w * a.transpose()) -
                                0.25 * so3::hat(v) * so3::hat(b);
      D.topRightCorner<3, 3>() = -0.5 * so3::hat(c);
      D.bottomLeftCorner<3, 3>() = -0.5 * so3::hat(b);
      return D;
    }
    default: return -0.5 * se3::adTransposeMatrix(mu);
  }
}

Vec6 LieVariationalSe3::forceAt(const Se3Dynamics& d, double t, const SE3& g, const Vec6& piMinus, double h,
                                StepReport& report) const {
  // f_k = f(t_k, g_k, xi(t_k)); a velocity-dependent wrench is evaluated at the momentum
  // estimate pi^- + h f/2 (one fixed-point pass keeps the scheme second order).
  const Vec6 f0 = d.wrench(t, g, d.inertia.velocity(piMinus));
  if (!d.forces->dependsOnVelocity()) return f0;
  const Vec6 mu1 = piMinus + 0.5 * h * f0;
  const Vec6 f1 = d.wrench(t, g, d.inertia.velocity(mu1));
  // The pass's contraction, from the two evaluations already made: the next pass would move
  // mu by h |f1 - f0| / 2 after this one moved it by h |f0| / 2. Below 1/2 (every damping
  // of the shipped vehicles in flight or afloat) the pass stands, as before. Above it (a
  // crash's ground friction: a slope mu N / v_slip of ~4e3 N s/m at 0.35 m from the centre of
  // mass against J = 0.15 kg m^2 gives h/2 df/dmu ~ 8 at h = 0.005 s) the pass and the
  // fixed-point iteration run away and the scheme gains energy, so the kick is solved.
  const double moved = 0.5 * h * f0.norm(), next = 0.5 * h * (f1 - f0).norm();
  const double floor = 1e-9 * std::max(piMinus.norm(), 1e-3 * d.inertia.diagonal().maxCoeff());
  if (!(next > 0.5 * std::max(moved, floor))) return f1;
  Vec6 force;
  stiffKick(d, t, g, piMinus, h, mu1, force, report);
  return force;
}

Vec6 LieVariationalSe3::stiffKick(const Se3Dynamics& d, double t, const SE3& g, const Vec6& piMinus, double h,
                                  Vec6 mu, Vec6& force, StepReport& report) const {
  const double momentumFloor = 1e-3 * d.inertia.diagonal().maxCoeff();
  const double scale = std::max(piMinus.lpNorm<Eigen::Infinity>(), momentumFloor);
  force = d.wrench(t, g, d.inertia.velocity(mu));
  Vec6 residual = mu - piMinus - 0.5 * h * force;
  double r = residual.lpNorm<Eigen::Infinity>() / std::max(mu.lpNorm<Eigen::Infinity>(), scale);
  for (int i = 0; i < solver_.maxIterations && r > solver_.tolerance; ++i) {
    Mat6 J = Mat6::Identity();  // d/dmu of the residual
    for (int j = 0; j < 6; ++j) {
      Vec6 probe = mu;
      const double e = 1e-7 * std::max(std::abs(mu(j)), momentumFloor);
      probe(j) += e;
      J.col(j) -= 0.5 * h * (d.wrench(t, g, d.inertia.velocity(probe)) - force) / e;
    }
    const Vec6 step = J.partialPivLu().solve(residual);
    // Backtracking: the friction's slope changes over a few cm/s, and a full step can jump
    // across it; halve until the residual falls (at most 30 halvings).
    double alpha = 1.0;
    for (int k = 0; k < 30; ++k, alpha *= 0.5) {
      const Vec6 trial = mu - alpha * step;
      const Vec6 f = d.wrench(t, g, d.inertia.velocity(trial));
      const Vec6 res = trial - piMinus - 0.5 * h * f;
      const double rt = res.lpNorm<Eigen::Infinity>() / std::max(trial.lpNorm<Eigen::Infinity>(), scale);
      if (rt < r || k == 29) {
        mu = trial;
        force = f;
        residual = res;
        r = rt;
        break;
      }
    }
    ++report.iterations;
  }
  if (r > solver_.tolerance) {
    report.converged = false;
    report.residual = std::max(report.residual, r);
  }
  return mu;
}

double LieVariationalSe3::residualNorm(const Vec6& Id, double h, const Vec6& piPlus, const Vec6& xi,
                                       Vec6& residual) const {
  if (tln()) {  // rotation row: J w + (h/2) w x (J w) - pi_w
    const Vec3 w = xi.head<3>(), Jw = Id.head<3>().cwiseProduct(w);
    residual.head<3>() = Jw + 0.5 * h * w.cross(Jw) - piPlus.head<3>();
    residual.tail<3>().setZero();
    const double scale = std::max({piPlus.lpNorm<Eigen::Infinity>(), Jw.lpNorm<Eigen::Infinity>(), 1e-300});
    return residual.head<3>().lpNorm<Eigen::Infinity>() / scale;
  }
  const Vec6 mu = Id.cwiseProduct(xi);
  residual = cTransposeTimes(h * xi, mu) - piPlus;
  const double scale = std::max({piPlus.lpNorm<Eigen::Infinity>(), mu.lpNorm<Eigen::Infinity>(), 1e-300});
  return residual.lpNorm<Eigen::Infinity>() / scale;
}

// Newton on Eq. 10 with the analytic Jacobian C^T(h xi) I + h d/dy[C(y)^T mu], a backtracking
// line search for very large steps, and one polishing iteration past the tolerance so that the
// momentum balance (hence the discrete Noether theorem) holds to round-off.
StepReport LieVariationalSe3::newton(const Vec6& Id, double h, const Vec6& piPlus, Vec6& xi, Vec6 residual,
                                     double norm, Polish polish) const {
  if (tln()) return newtonTln(Id, h, piPlus, xi, residual.head<3>(), norm, polish);
  const double skipPolishBelow = polish == Polish::UnlessRoundOff ? 1e-15 : 0.0;
  StepReport report;
  report.converged = false;
  Vec6 trialResidual;
  bool polishing = false;
  int stalled = 0;  // iterations in a row without a smaller residual: round-off reached
  while (std::isfinite(norm) && report.iterations < solver_.maxIterations && stalled < 3) {
    if (norm <= solver_.tolerance) {
      report.converged = true;
      if (polishing || norm <= skipPolishBelow) break;
      polishing = true;
    }
    const Vec6 delta = newtonDirection(Id, h, xi, residual);
    ++report.iterations;
    dampedUpdate(xi, delta, norm, residual, trialResidual, polishing, stalled,
                 [&](const Vec6& trial, Vec6& r) { return residualNorm(Id, h, piPlus, trial, r); });
    if (polishing) break;
  }
  report.residual = norm;
  report.converged = std::isfinite(norm) && newtonConverged(norm, solver_.tolerance);
  return report;
}

// The same iteration for C_TLN on the rotation row alone (see tln()), in 3-vectors; the
// translation row is solved exactly at the end.
StepReport LieVariationalSe3::newtonTln(const Vec6& Id, double h, const Vec6& piPlus, Vec6& xi, Vec3 residual,
                                        double norm, Polish polish) const {
  const double skipPolishBelow = polish == Polish::UnlessRoundOff ? 1e-15 : 0.0;
  const double a = 0.5 * h, piScale = piPlus.lpNorm<Eigen::Infinity>();
  const Vec3 J = Id.head<3>(), pi = piPlus.head<3>();
  auto relativeResidual = [&](const Vec3& w, Vec3& r) {  // as residualNorm
    const Vec3 Jw = J.cwiseProduct(w);
    r = Jw + a * w.cross(Jw) - pi;
    return r.lpNorm<Eigen::Infinity>() / std::max({piScale, Jw.lpNorm<Eigen::Infinity>(), 1e-300});
  };
  StepReport report;
  report.converged = false;
  Vec3 w = xi.head<3>(), trialResidual;
  TlnJacobian factor;  // the last Jacobian, reused by the polishing iteration
  bool polishing = false;
  int stalled = 0;  // iterations in a row without a smaller residual: round-off reached
  while (std::isfinite(norm) && report.iterations < solver_.maxIterations && stalled < 3) {
    if (norm <= solver_.tolerance) {
      report.converged = true;
      if (polishing || norm <= skipPolishBelow) break;
      polishing = true;
    }
    // The polishing iteration reuses the Jacobian of the previous iterate (a chord step): the
    // iterates differ by the last Newton correction delta, so the chord step leaves an error
    // O(|delta| x residual), below round-off once the residual is within the tolerance.
    if (!polishing || !factor.valid) factor = TlnJacobian(Id, h, w);
    const Vec3 delta = factor.solve(residual);
    ++report.iterations;
    if (polishing && polish == Polish::AlwaysUnchecked) {
      // Within the tolerance the chord step only reduces the residual: take it without
      // evaluating it (the reported residual is the last one evaluated, <= the tolerance).
      w -= delta;
      break;
    }
    dampedUpdate(w, delta, norm, residual, trialResidual, polishing, stalled, relativeResidual);
    if (polishing) break;
  }
  report.residual = norm;
  report.converged = std::isfinite(norm) && newtonConverged(norm, solver_.tolerance);
  xi = se3::join(w, tlnTranslation(Id(3), h, w, piPlus.tail<3>()));
  return report;
}

Vec6 LieVariationalSe3::newtonDirection(const Vec6& Id, double h, const Vec6& xi, const Vec6& residual) const {
  const Vec6 hxi = h * xi;
  Mat6 J = cTranspose(hxi) * Id.asDiagonal();
  J += h * cTransposeTimesJacobian(hxi, Id.cwiseProduct(xi));
  return J.partialPivLu().solve(residual);
}

// C_TLN: the Jacobian of the rotation row J w + (h/2) w x (J w) is
// A = J + (h/2)(hat(w) J - hat(J w)): diagonal J_i, off-diagonal A_ij = (h/2) e_ijk w_k (J_k - J_j)
// (e the Levi-Civita symbol); its inverse in closed form, adjugate / determinant.
LieVariationalSe3::TlnJacobian::TlnJacobian(const Vec6& Id, double h, const Vec3& w) : valid(true) {
  const double a = 0.5 * h, d1 = Id(0), d2 = Id(1), d3 = Id(2);
  const double a12 = a * w(2) * (d3 - d2), a13 = a * w(1) * (d3 - d2);
  const double a21 = a * w(2) * (d1 - d3), a23 = a * w(0) * (d1 - d3);
  const double a31 = a * w(1) * (d2 - d1), a32 = a * w(0) * (d2 - d1);
  const double c11 = d2 * d3 - a23 * a32, c12 = a23 * a31 - a21 * d3, c13 = a21 * a32 - d2 * a31;
  const double inv = 1.0 / (d1 * c11 + a12 * c12 + a13 * c13);
  Ainv << c11, a13 * a32 - a12 * d3, a12 * a23 - a13 * d2,  //
      c12, d1 * d3 - a13 * a31, a13 * a21 - d1 * a23,       //
      c13, a12 * a31 - d1 * a32, d1 * d2 - a12 * a21;
  Ainv *= inv;
}

// (I + a hat(w))^{-1} = (I - a hat(w) + a^2 w w^T) / (1 + a^2 |w|^2),  a = h/2.
Vec3 LieVariationalSe3::tlnTranslation(double m, double h, const Vec3& w, const Vec3& piV) {
  const double a = 0.5 * h;
  return (piV - a * w.cross(piV) + a * a * w.dot(piV) * w) / (m * (1.0 + a * a * w.squaredNorm()));
}

void LieVariationalSe3::solveAhead(const Se3Dynamics& d, double t, double h, const Se3State& s) {
  const std::uint64_t inputs = d.controls->generation();
  if (ahead_.valid && ahead_.h == h && sameState(ahead_.g, s.g) && ahead_.mu == s.mu && ahead_.inputs == inputs) return;
  const Vec6 Id = d.inertia.diagonal();
  Vec6 piMinus, force;
  // The last step's closing force opens this one, unless the inputs changed since (a pilot, a
  // take): that step closed with f(t_k) under the old inputs and this one opens with f(t_k)
  // under the new, so the impulse at t_k is (h/2)(f_old + f_new), the trapezoid rule's two
  // halves. Reusing f_old made it h f_old and put (h/2) Delta P into the energy balance at
  // every change.
  const bool continuing = next_.valid && next_.h == h && sameState(next_.g, s.g) && next_.mu == s.mu &&
                          next_.inputs == inputs;
  if (continuing) {
    piMinus = next_.piMinus;
    force = next_.force;
  } else {  // handed over (start, switch of integrator or h, new inputs): mu is I xi(t)
    force = d.wrench(t, s.g, d.inertia.velocity(s.mu));
    piMinus = s.mu - 0.5 * h * force;
  }
  const Vec6 piPlus = piMinus + h * force;

  // Initial guess: one fixed-point pass of C^T(h xi) I xi = pi^+ (error O(h^2)); at very large
  // steps the previous step's velocity may fit better.
  Vec6 xi = d.inertia.velocity(piPlus);
  xi = d.inertia.velocity(piPlus + 0.5 * h * se3::adTranspose(xi, Id.cwiseProduct(xi)));
  Vec6 residual;
  double norm = residualNorm(Id, h, piPlus, xi, residual);
  if (continuing && ahead_.valid && norm > 1e-3) {
    Vec6 r2;
    const double n2 = residualNorm(Id, h, piPlus, ahead_.xi, r2);
    if (n2 < norm) {
      xi = ahead_.xi;
      norm = n2;
      residual = r2;
    }
  }
  const StepReport report = newton(Id, h, piPlus, xi, residual, norm, Polish::UnlessRoundOff);
  ahead_ = {true, h, s.g, s.mu, xi, report, inputs};
}

Vec6 LieVariationalSe3::discreteVelocity(const Se3Dynamics& d, double t, double h, const Se3State& s) {
  solveAhead(d, t, h, s);
  return ahead_.xi;
}

StepReport LieVariationalSe3::step(const Se3Dynamics& d, double t, double h, Se3State& s) {
  solveAhead(d, t, h, s);
  const Vec6 xi = ahead_.xi;
  StepReport report = ahead_.report;
  const Vec6 hxi = h * xi;
  s.g = s.g * update(hxi);  // Eq. 9
  const Vec6 nextPiMinus = cTransposeTimes(-hxi, d.inertia.momentum(xi));
  const Vec6 nextForce = forceAt(d, t + h, s.g, nextPiMinus, h, report);
  s.mu = nextPiMinus + 0.5 * h * nextForce;
  next_ = {report.converged, h, s.g, s.mu, nextPiMinus, nextForce, d.controls->generation()};
  return report;
}

StepReport LieVariationalSe3::solveMomentum(const Vec6& Id, double h, const Vec6& piPlus, Vec6& xi,
                                             const Vec6& predicted) const {
  Vec6 guess, residual, r2;
  double norm = INFINITY;
  if (predicted.allFinite()) {  // extrapolated from the previous steps: usually O(h^3) off
    guess = predicted;
    norm = residualNorm(Id, h, piPlus, guess, residual);
  }
  if (!(norm <= 1e-3)) {
    // No prediction, or a poor one (large steps): the best of it, one fixed-point pass of the
    // momentum equation and the given xi (a neighbouring substep's velocity).
    Vec6 fixedPoint = Id.cwiseInverse().cwiseProduct(piPlus);
    fixedPoint =
        Id.cwiseInverse().cwiseProduct(piPlus + 0.5 * h * se3::adTranspose(fixedPoint, Id.cwiseProduct(fixedPoint)));
    for (const Vec6* candidate : {&fixedPoint, &xi}) {
      if (!candidate->allFinite()) continue;
      const double n2 = residualNorm(Id, h, piPlus, *candidate, r2);
      if (n2 < norm || !std::isfinite(norm)) {
        norm = n2;
        residual = r2;
        guess = *candidate;
      }
    }
  }
  xi = guess;
  // A composition makes five solves per step and accumulates their residuals in the momentum:
  // always polish (a chord step, cheap) so that each lands at round-off.
  return newton(Id, h, piPlus, xi, residual, norm, Polish::AlwaysUnchecked);
}

Vec6 LieVariationalSe3::closingKick(const Se3Dynamics& d, double t, const SE3& g, const Vec6& piMinus, double h,
                                   Vec6& force, StepReport& report) const {
  force = d.wrench(t, g, d.inertia.velocity(piMinus));
  Vec6 mu = piMinus + 0.5 * h * force;
  if (!d.forces->dependsOnVelocity()) return mu;
  // Fixed point of mu = pi^- + h f(mu) / 2: contracts with rate |h/2 df/dmu| (a damping rate
  // times h/2). Converged when the update is below the tolerance relative to |mu|; a stall
  // (no decrease) or max_iterations ends it unconverged, which the caller reports.
  double change = INFINITY;
  const double momentumFloor = 1e-3 * d.inertia.diagonal().maxCoeff();
  for (int i = 0; i < solver_.maxIterations; ++i) {
    const Vec6 f = d.wrench(t, g, d.inertia.velocity(mu));
    const Vec6 next = piMinus + 0.5 * h * f;
    // Relative to the momentum, but at least to that of 1 mm/s on the heaviest axis: a body
    // held at rest by large opposing forces (a boat pushed against a wall by its thrusters)
    // has mu near 0 while the round-off of the wrench sum stays that of the large terms.
    const double c = (next - mu).lpNorm<Eigen::Infinity>() /
                     std::max({next.lpNorm<Eigen::Infinity>(), piMinus.lpNorm<Eigen::Infinity>(), momentumFloor});
    ++report.iterations;
    force = f;
    mu = next;
    if (c <= solver_.tolerance) return mu;
    if (!(c < change)) break;
    change = c;
  }
  // Not contracting (stiff friction or damping, e.g. a crash): solve the kick by Newton.
  return stiffKick(d, t, g, piMinus, h, mu, force, report);
}

StepReport LieVariationalSe3::kickFlowKick(const Se3Dynamics& d, double tEnd, double h, SE3& g, Vec6& mu,
                                           Vec6& force, Vec6& xi, const Vec6& predicted) const {
  const Vec6 Id = d.inertia.diagonal();
  StepReport report = solveMomentum(Id, h, mu + 0.5 * h * force, xi, predicted);
  if (!report.converged) return report;
  const Vec6 hxi = h * xi;
  g = g * update(hxi);  // Eq. 9
  mu = closingKick(d, tEnd, g, cTransposeTimes(-hxi, Id.cwiseProduct(xi)), h, force, report);
  return report;
}

}  // namespace lieride::detail
