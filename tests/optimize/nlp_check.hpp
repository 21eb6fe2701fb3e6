#pragma once
// Shared checks of the DMOC transcriptions: the analytic sparse constraint Jacobian against
// central differences, over the whole matrix (entries outside the declared structure must be 0).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <map>
#include <ostream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "lieride/optimize/dmoc.hpp"

namespace lieride::opt::test {

inline std::string problemPath(const std::string& name) {
  return std::string(LIERIDE_SOURCE_DIR) + "/assets/problems/" + name + ".toml";
}

// Collects the triplets of a Jacobian evaluation, summing repeated entries.
class Triplets final : public JacobianSink {
 public:
  void add(int row, int col, double value) override { entries[{row, col}] += value; }
  std::map<std::pair<int, int>, double> entries;
};

// Largest |analytic - central difference| / max(1, |entry|) over the Jacobian at x; the row and
// column where it occurs go to worstRow / worstCol when given.
inline double jacobianError(const Nlp& nlp, const std::vector<double>& x, int* worstRow = nullptr,
                            int* worstCol = nullptr) {
  const int m = nlp.numConstraints(), n = nlp.numVariables();
  std::vector<double> g(static_cast<std::size_t>(m)), gp(g), gm(g);
  Triplets J;
  nlp.constraints(x.data(), g.data(), &J);
  double worst = 0.0;
  std::vector<double> xp = x;
  for (int j = 0; j < n; ++j) {
    const auto sj = static_cast<std::size_t>(j);
    const double eps = 1e-6 * std::max(1.0, std::abs(x[sj]));
    xp[sj] = x[sj] + eps;
    nlp.constraints(xp.data(), gp.data(), nullptr);
    xp[sj] = x[sj] - eps;
    nlp.constraints(xp.data(), gm.data(), nullptr);
    xp[sj] = x[sj];
    for (int i = 0; i < m; ++i) {
      const auto si = static_cast<std::size_t>(i);
      const double fd = (gp[si] - gm[si]) / (2.0 * eps);
      const auto it = J.entries.find({i, j});
      const double an = it == J.entries.end() ? 0.0 : it->second;
      const double e = std::abs(an - fd) / std::max(1.0, std::abs(an));
      if (e > worst) {
        worst = e;
        if (worstRow) *worstRow = i;
        if (worstCol) *worstCol = j;
      }
    }
  }
  return worst;
}

// The NLP's initial guess with every variable moved by a uniform draw from
// [-amplitude, amplitude], drawn from rng (seeded by the caller so each test checks the same
// point every run). lastIsStep: the last variable is a free-time step h, moved by up to
// amplitude x h instead.
inline std::vector<double> jitteredGuess(const Nlp& nlp, std::mt19937& rng, double amplitude, bool lastIsStep = false) {
  std::vector<double> x;
  nlp.initialGuess(x);
  std::uniform_real_distribution<double> jitter(-amplitude, amplitude);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] += (lastIsStep && i + 1 == x.size() ? x[i] : 1.0) * jitter(rng);
  return x;
}

inline std::vector<double> jitteredGuess(const Nlp& nlp, unsigned seed, double amplitude, bool lastIsStep = false) {
  std::mt19937 rng(seed);
  return jitteredGuess(nlp, rng, amplitude, lastIsStep);
}

// jacobianError at x with where its worst entry lies, printable for a test's INFO.
struct JacobianCheck {
  double error = 0.0;
  int row = -1, col = -1;
};

inline JacobianCheck jacobianCheck(const Nlp& nlp, const std::vector<double>& x) {
  JacobianCheck c;
  c.error = jacobianError(nlp, x, &c.row, &c.col);
  return c;
}

// Largest |analytic - central difference| / max(1, |analytic|) over the cost gradient at x.
inline double costGradientError(const Nlp& nlp, const std::vector<double>& x) {
  std::vector<double> grad(x.size());
  nlp.costGradient(x.data(), grad.data());
  double worst = 0.0;
  for (std::size_t j = 0; j < x.size(); ++j) {
    std::vector<double> p = x, m = x;
    const double eps = 1e-6 * std::max(1.0, std::abs(x[j]));
    p[j] += eps;
    m[j] -= eps;
    const double fd = (nlp.cost(p.data()) - nlp.cost(m.data())) / (2.0 * eps);
    worst = std::max(worst, std::abs(fd - grad[j]) / std::max(1.0, std::abs(grad[j])));
  }
  return worst;
}

// p (with [problem] free_time) solved at each time weight, in increasing order: every solve
// succeeds within the violation tolerance, its final time lies within free_time and falls as
// the weight grows, and the simulator replays it at its own optimal step to 1e-8 m.
inline void checkFinalTimeFalls(Problem p, std::initializer_list<double> weights) {
  REQUIRE(p.freeTime);
  double lastT = INFINITY;
  for (double w : weights) {
    p.timeWeight = w;
    const DmocSession s(p);
    const SolveResult r = s.solve(s.defaultOptions());
    INFO("time weight " << w << ": " << s.failureLine(r));
    REQUIRE(r.status == SolveStatus::Solved);
    CHECK(r.maxViolation <= 1e-8);
    const double T = p.knots * s.timeStep(r.solution.x);
    INFO("T = " << T << " s");
    CHECK(T >= p.freeTime->first);
    CHECK(T <= p.freeTime->second);
    CHECK(T < lastT);
    CHECK(s.replayError(r.solution.x) <= 1e-8);
    lastT = T;
  }
}

inline std::ostream& operator<<(std::ostream& o, const JacobianCheck& c) {
  return o << "largest relative Jacobian error " << c.error << " at row " << c.row << ", column " << c.col;
}

}  // namespace lieride::opt::test
