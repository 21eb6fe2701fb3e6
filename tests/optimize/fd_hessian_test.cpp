// The coloured finite-difference Hessian of the Lagrangian (lieride/optimize/fd_hessian.hpp)
// against a plain column-by-column difference of the exact gradient, for both vehicles: the
// colouring loses nothing and the sparsity pattern holds every non-zero.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <random>
#include <set>

#include "lieride/optimize/dmoc.hpp"
#include "lieride/optimize/fd_hessian.hpp"
#include "nlp_check.hpp"
#include "problem_fixtures.hpp"

using namespace lieride;
using namespace lieride::opt;
using lieride::opt::test::jitteredGuess;
using lieride::opt::test::kCarBoxCylinder;
using lieride::opt::test::kHelicopterGoal;
using lieride::opt::test::kHelicopterProblem;
using lieride::opt::test::kHelicopterVehicle;
using lieride::opt::test::kSnakeboardProblem;
using lieride::opt::test::kSnakeboardVehicle;
using lieride::opt::test::replaced;

namespace {

class Triplets final : public JacobianSink {
 public:
  void add(int row, int col, double value) override {
    rows.push_back(row);
    cols.push_back(col);
    values.push_back(value);
  }
  std::vector<int> rows, cols;
  std::vector<double> values;
};

std::vector<double> lagrangianGradient(const Nlp& nlp, const std::vector<double>& x, double s,
                                       const std::vector<double>& lambda) {
  std::vector<double> grad(x.size()), g(static_cast<std::size_t>(nlp.numConstraints()));
  nlp.costGradient(x.data(), grad.data());
  for (double& v : grad) v *= s;
  Triplets J;
  nlp.constraints(x.data(), g.data(), &J);
  for (std::size_t i = 0; i < J.values.size(); ++i)
    grad[static_cast<std::size_t>(J.cols[i])] += J.values[i] * lambda[static_cast<std::size_t>(J.rows[i])];
  return grad;
}

// Multipliers drawn uniformly from [-scale, scale], continuing rng's draws.
std::vector<double> randomMultipliers(const Nlp& nlp, std::mt19937& rng, double scale) {
  std::uniform_real_distribution<double> draw(-scale, scale);
  std::vector<double> lambda(static_cast<std::size_t>(nlp.numConstraints()));
  for (double& l : lambda) l = draw(rng);
  return lambda;
}

// Largest |coloured - plain| / max(1, |entry|) over the whole lower triangle, at the guess
// jittered by up to 0.3 (jitteredGuess).
double hessianError(const Nlp& nlp, unsigned seed) {
  std::mt19937 rng(seed);
  const std::vector<double> x = jitteredGuess(nlp, rng, 0.3);
  const std::vector<double> lambda = randomMultipliers(nlp, rng, 0.9);
  const double s = 1.3;
  Triplets structure;
  std::vector<double> g(lambda.size());
  nlp.constraints(x.data(), g.data(), &structure);
  FdHessian H(nlp, structure.rows, structure.cols);
  std::vector<double> values(H.rows().size());
  H.values(x.data(), s, lambda.data(), values.data());
  std::map<std::pair<int, int>, double> coloured;
  for (std::size_t e = 0; e < values.size(); ++e) coloured[{H.rows()[e], H.cols()[e]}] += values[e];
  double worst = 0.0;
  const int n = nlp.numVariables();
  for (int j = 0; j < n; ++j) {
    const auto J_ = static_cast<std::size_t>(j);
    const double eps = 1e-6 * std::max(1.0, std::abs(x[J_]));
    std::vector<double> xp = x, xm = x;
    xp[J_] += eps;
    xm[J_] -= eps;
    const auto gp = lagrangianGradient(nlp, xp, s, lambda), gm = lagrangianGradient(nlp, xm, s, lambda);
    for (int i = j; i < n; ++i) {
      const double plain = (gp[static_cast<std::size_t>(i)] - gm[static_cast<std::size_t>(i)]) / (2.0 * eps);
      auto it = coloured.find({i, j});
      const double c = it == coloured.end() ? 0.0 : it->second;
      const double e = std::abs(c - plain) / std::max(1.0, std::abs(plain));
      worst = std::max(worst, e);
    }
  }
  return worst;
}

// The shared car with the initial position left to its default, the goal heading free, and a
// drive-torque cost and smoothness terms.
const std::string kCar =
    replaced(replaced(replaced(kCarBoxCylinder, "position = [0.0, 0.0]\n", ""), "heading = 0.0\n", ""), "steer = 1.0\n",
             "steer = 1.0\ndrive_torque = 1e-4\n[cost.smoothness]\nsteer_rate = 0.5\ndrive_torque = 1e-5\n");

// The shared helicopter on four knots, the goal heading free, and more cost and smoothness terms.
const std::string kHelicopter = kHelicopterVehicle + replaced(kHelicopterProblem, "knots = 5", "knots = 4") +
                                replaced(kHelicopterGoal, "heading = 0.3\n", "") +
                                "cyclic_pitch = 1.0\n[cost.smoothness]\ncyclic_roll = 1.0\ntail = 0.1\n";

}  // namespace

TEST_CASE("FD Hessian: colouring and pattern match plain differences (car)", "[optimize]") {
  const DmocSession s(loadProblemFromString(kCar, "car.toml", "."));
  const double err = hessianError(s.nlp(), 11);
  INFO("largest relative Hessian difference " << err);
  CHECK(err < 1e-6);
}

TEST_CASE("FD Hessian: colouring and pattern match plain differences (helicopter)", "[optimize]") {
  const DmocSession s(loadProblemFromString(kHelicopter, "heli.toml", "."));
  const double err = hessianError(s.nlp(), 13);
  INFO("largest relative Hessian difference " << err);
  // A missing pattern entry or a colour clash would be off by the entry itself (order 1); what
  // remains is the forward difference's truncation, (step / 2) x the third derivative with step
  // 1.5e-8 |x|: at this guess's 50 N collective and steep trimmed attitudes a few 1e-6.
  CHECK(err < 5e-6);
}

TEST_CASE("FD Hessian: a free final time's dense column is swept alone and stays exact (car)", "[optimize]") {
  std::string text = kCar;
  text.replace(text.find("knots = 6"), 9, "knots = 20");
  text.replace(text.find("horizon = 3.0"), 13, "horizon = 3.0\nfree_time = [2.0, 5.0]");
  text.replace(text.find("[cost]\n"), 7, "[cost]\ntime = 0.5\n");
  const DmocSession s(loadProblemFromString(text, "car-free.toml", "."));
  REQUIRE(s.car().freeTime());
  const double err = hessianError(s.nlp(), 17);
  INFO("largest relative Hessian difference " << err);
  // Forward differences (fd_hessian.hpp) are good to about 1e-8 relative per entry, times the
  // third derivative; h's column sums every step's, which comes to a few 1e-6 here. A colouring
  // that mixed two columns would be off by O(1).
  CHECK(err < 2e-5);
}

namespace {

// One constraint x0 + x1 = 1 whose Jacobian wrongly names column 5 of 2.
class OutOfRangeJacobian final : public Nlp {
 public:
  int numVariables() const override { return 2; }
  int numConstraints() const override { return 1; }
  void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
              std::vector<double>& gu) const override {
    xl.assign(2, -10.0);
    xu.assign(2, 10.0);
    gl.assign(1, 1.0);
    gu.assign(1, 1.0);
  }
  void initialGuess(std::vector<double>& x) const override { x.assign(2, 0.0); }
  double cost(const double* x) const override { return x[0] * x[0] + x[1] * x[1]; }
  void costGradient(const double* x, double* grad) const override {
    grad[0] = 2.0 * x[0];
    grad[1] = 2.0 * x[1];
  }
  void constraints(const double* x, double* g, JacobianSink* jac) const override {
    g[0] = x[0] + x[1];
    if (!jac) return;
    jac->add(0, 0, 1.0);
    jac->add(0, 5, 1.0);
  }
  std::string describe(int, const double*, double) const override { return "sum"; }
};

}  // namespace

TEST_CASE("solveNlp: a Jacobian entry outside the problem fails with a message instead of solving", "[optimize]") {
  const OutOfRangeJacobian nlp;
  for (auto hessian : {SolveOptions::Hessian::FiniteDifference, SolveOptions::Hessian::Lbfgs}) {
    SolveOptions o;
    o.hessian = hessian;
    const SolveResult r = solveNlp(nlp, o);
    CHECK(r.status == SolveStatus::Failed);
    CHECK(r.message.find("(0, 5)") != std::string::npos);
    CHECK(r.iterations == 0);
  }
}

TEST_CASE("FD Hessian: the star colouring reads every entry of a long horizon alone (car, helicopter)", "[optimize]") {
  // At 4-6 knots every colour class is small; at 24 knots the colours repeat along the
  // horizon many times, and an entry read from a sweep where another column of its colour
  // also reaches its row would be off by that column's entry (order 1).
  const DmocSession car(loadProblemFromString(replaced(kCar, "knots = 6", "knots = 24"), "car.toml", "."));
  const DmocSession heli(loadProblemFromString(replaced(kHelicopter, "knots = 4", "knots = 24"), "heli.toml", "."));
  const double carErr = hessianError(car.nlp(), 19), heliErr = hessianError(heli.nlp(), 23);
  INFO("largest relative Hessian difference: car " << carErr << ", helicopter " << heliErr);
  CHECK(carErr < 1e-6);
  CHECK(heliErr < 5e-6);
}

TEST_CASE("FD Hessian: no more sweeps than columns reaching a row, and the plan is shared by equal structures",
          "[optimize]") {
  const DmocSession a(loadProblemFromString(replaced(kHelicopter, "knots = 4", "knots = 24"), "heli.toml", "."));
  const DmocSession moved(loadProblemFromString(
      replaced(replaced(kHelicopter, "knots = 4", "knots = 24"), "position = [5.0, 1.0, 4.0]",
                "position = [5.1, 1.0, 4.0]"),
      "heli-moved.toml", "."));
  const DmocSession shorter(loadProblemFromString(replaced(kHelicopter, "knots = 4", "knots = 12"), "heli.toml", "."));
  auto structure = [](const Nlp& nlp) {
    std::vector<double> x;
    nlp.initialGuess(x);
    Triplets t;
    std::vector<double> g(static_cast<std::size_t>(nlp.numConstraints()));
    nlp.constraints(x.data(), g.data(), &t);
    return t;
  };
  const Triplets sa = structure(a.nlp()), sm = structure(moved.nlp()), ss = structure(shorter.nlp());
  const FdHessian ha(a.nlp(), sa.rows, sa.cols), hm(moved.nlp(), sm.rows, sm.cols), hs(shorter.nlp(), ss.rows, ss.cols);
  // A distance-2 colouring needs at least as many colours as the most columns any one
  // Hessian row touches (they all reach that row); symmetric recovery needs no more (on the
  // Jacobian rows' pattern it needed fewer; on the declared pattern the widest row is one
  // knot's attitude and velocity, a clique, whose 10 columns need 10 colours anyway).
  std::map<int, int> perRow;
  for (std::size_t e = 0; e < ha.rows().size(); ++e) {
    ++perRow[ha.rows()[e]];
    if (ha.rows()[e] != ha.cols()[e]) ++perRow[ha.cols()[e]];
  }
  int widest = 0;
  for (auto [row, count] : perRow) widest = std::max(widest, count);
  INFO("colours " << ha.colours() << ", widest Hessian row " << widest);
  CHECK(ha.colours() <= widest);
  // The goal moved: the same structure, the same plan (not rebuilt); other knots: its own.
  CHECK(&ha.rows() == &hm.rows());
  CHECK(&ha.rows() != &hs.rows());
  CHECK(hs.rows().size() < ha.rows().size());
}

TEST_CASE("FD Hessian: the Jacobian at x, when given, replaces the constraint evaluation there exactly", "[optimize]") {
  const DmocSession s(loadProblemFromString(kHelicopter, "heli.toml", "."));
  const Nlp& nlp = s.nlp();
  std::vector<double> x;
  nlp.initialGuess(x);
  std::vector<double> lambda(static_cast<std::size_t>(nlp.numConstraints()));
  for (std::size_t i = 0; i < lambda.size(); ++i) lambda[i] = std::sin(static_cast<double>(i));
  Triplets J;
  std::vector<double> g(lambda.size());
  nlp.constraints(x.data(), g.data(), &J);
  FdHessian H(nlp, J.rows, J.cols);
  std::vector<double> own(H.rows().size()), given(H.rows().size());
  H.values(x.data(), 0.7, lambda.data(), own.data());
  H.values(x.data(), 0.7, lambda.data(), given.data(), J.values.data());
  CHECK(own == given);
}

namespace {

// The same problem with no declared constraint pattern: the Hessian's pattern then comes from
// the Jacobian's rows (every two columns of a row).
class Undeclared final : public ForwardingNlp {
 public:
  explicit Undeclared(const Nlp& inner) : ForwardingNlp(inner) {}
  bool constraintHessianPattern(std::vector<std::pair<int, int>>&) const override { return false; }
};

int colours(const Nlp& nlp) {
  std::vector<double> x;
  nlp.initialGuess(x);
  Triplets t;
  std::vector<double> g(static_cast<std::size_t>(nlp.numConstraints()));
  nlp.constraints(x.data(), g.data(), &t);
  return FdHessian(nlp, t.rows, t.cols).colours();
}

// Largest |H_ij| of the Lagrangian's Hessian outside the declared constraint pattern, the
// cost's pattern and the diagonal (central differences of the exact gradient with the step
// 1e-4 max(1, |x_j|): truncation 1e-8 relative, round-off 1e-12 / 1e-4; the forward
// differences of FdHessian, step 1.5e-8, would see round-off near 1e-4 on the snakeboard), and
// the largest |H_ij| anywhere. Outside the pattern the second derivatives vanish exactly: what
// the differences see there is round-off (measured: exactly 0), while an entry the pattern
// missed would be of the size of its neighbours (1e-3 ... 1e3 at these points).
std::pair<double, double> outsidePattern(const Nlp& nlp, unsigned seed, double amplitude, bool lastIsStep) {
  std::mt19937 rng(seed);
  const std::vector<double> x = jitteredGuess(nlp, rng, amplitude, lastIsStep);
  const std::vector<double> lambda = randomMultipliers(nlp, rng, 1.0);
  std::vector<std::pair<int, int>> pairs;
  nlp.constraintHessianPattern(pairs);
  nlp.costHessianPattern(pairs);
  std::set<std::pair<int, int>> in;
  for (auto [i, j] : pairs) in.emplace(std::max(i, j), std::min(i, j));
  double outside = 0.0, largest = 0.0;
  for (int j = 0; j < nlp.numVariables(); ++j) {
    const auto J_ = static_cast<std::size_t>(j);
    const double eps = 1e-4 * std::max(1.0, std::abs(x[J_]));
    std::vector<double> xp = x, xm = x;
    xp[J_] += eps;
    xm[J_] -= eps;
    const auto gp = lagrangianGradient(nlp, xp, 1.0, lambda), gm = lagrangianGradient(nlp, xm, 1.0, lambda);
    for (int i = j; i < nlp.numVariables(); ++i) {
      const double H = std::abs(gp[static_cast<std::size_t>(i)] - gm[static_cast<std::size_t>(i)]) / (2.0 * eps);
      largest = std::max(largest, H);
      if (i != j && !in.count({i, j})) outside = std::max(outside, H);
    }
  }
  return {outside, largest};
}

// The helicopter past a box, with obstacles, free final time, path length and hazard: every
// constraint row kind of the transcription.
const std::string kHelicopterEverything =
    replaced(replaced(kHelicopter, "horizon = 2.0", "horizon = 2.0\nfree_time = [1.0, 4.0]"), "[cost]\n",
             "[cost]\ntime = 0.5\npath_length = 0.3\nhazard = 0.2\nhazard_distance = 2.0\n") +
    "[[obstacles]]\nshape = \"box\"\ncenter = [2.5, 0.5, 2.0]\nsize = [1.0, 1.0, 1.0]\n"
    "[[obstacles]]\nshape = \"box\"\ncenter = [3.5, -1.5, 3.0]\nsize = [1.0, 2.0, 1.0]\nheading = 0.4\n";

}  // namespace

TEST_CASE("FD Hessian: the helicopter's declared constraint pattern holds every non-zero and needs fewer colours",
          "[optimize]") {
  // The transcription declares where its rows have second derivatives (no two knots coupled,
  // helicopter_dmoc.cpp): the coloured Hessian on that pattern must still equal the plain
  // column-by-column difference everywhere, including outside the pattern (zero there).
  const DmocSession s(loadProblemFromString(kHelicopterEverything, "heli-all.toml", "."));
  REQUIRE(s.helicopter().freeTime());
  std::vector<std::pair<int, int>> declared;
  REQUIRE(s.nlp().constraintHessianPattern(declared));
  for (unsigned seed : {29u, 31u}) {
    const double err = hessianError(s.nlp(), seed);
    INFO("seed " << seed << ": largest relative Hessian difference " << err);
    CHECK(err < 2e-5);  // as for the car's free time above: h's column sums every step's
    const auto [outside, largest] = outsidePattern(s.nlp(), seed, 0.3, true);
    INFO("largest entry outside the declared pattern " << outside << ", anywhere " << largest);
    CHECK(outside < 1e-6);
    CHECK(largest > 1.0);
  }
  // Fewer colours than the pattern taken from the Jacobian's rows, which couples the two
  // knots of every step: 17 variables a knot, so at least 2 x 17 columns reach some row of
  // the Hessian there. Declared, the largest coupled block is one knot's attitude and
  // velocity (4 + 6 columns).
  const DmocSession long24(loadProblemFromString(replaced(kHelicopter, "knots = 4", "knots = 24"), "heli.toml", "."));
  const int own = colours(long24.nlp()), fromRows = colours(Undeclared(long24.nlp()));
  INFO("colours: declared pattern " << own << ", from the Jacobian's rows " << fromRows);
  CHECK(own >= 10);
  CHECK(2 * own <= fromRows);
}

TEST_CASE("FD Hessian: the snakeboard's declared constraint pattern holds every non-zero and needs fewer colours",
          "[optimize]") {
  // One block per step (the step's own knot, torques and h); knot k+1 enters its rows
  // linearly (snakeboard_dmoc.cpp). Fixed and free final time, 12 knots.
  const std::string fixed = kSnakeboardVehicle + replaced(kSnakeboardProblem, "knots = 5", "knots = 12");
  const std::string free = replaced(replaced(fixed, "horizon = 0.5", "horizon = 0.5\nfree_time = [0.3, 1.0]"),
                                    "[cost]\n", "[cost]\ntime = 0.5\n");
  for (const std::string& text : {fixed, free}) {
    const DmocSession s(loadProblemFromString(text, "board.toml", "."));
    std::vector<std::pair<int, int>> declared;
    REQUIRE(s.nlp().constraintHessianPattern(declared));
    const bool freeTime = s.snakeboard().freeTime();
    // Jittered by 0.05 (the guess's torques, -3932 N m and more here, drive the entries of h
    // to 1e12 through the smoothness term's 1/h; 0.3 can also turn the steering towards pi/2).
    const auto [outside, largest] = outsidePattern(s.nlp(), 37, 0.05, freeTime);
    const int own = colours(s.nlp()), fromRows = colours(Undeclared(s.nlp()));
    INFO("free time " << freeTime << ": largest entry outside the declared pattern " << outside << ", anywhere "
                      << largest << "; colours: declared " << own << ", from the Jacobian's rows " << fromRows);
    CHECK(outside < 1e-6);
    CHECK(largest > 1.0);
    // A step's 11 inputs form one clique: at least 11 colours; from the rows, knot k+1's 9
    // variables join them.
    CHECK(own >= 11);
    CHECK(own < fromRows);
  }
}
