#include "lieride/optimize/fd_hessian.hpp"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <utility>

namespace lieride::opt {

// A Hessian entry is read from row `row` of colour `colour`'s sweep, divided by the step of
// column `column`; `colour` -1: no such reading.
struct Reading {
  int colour = -1, row = 0, column = 0;
};

struct FdHessian::Plan {
  // What it was built from (the cache's key).
  int n = 0, m = 0;
  std::vector<int> jr, jc;
  std::vector<std::pair<int, int>> costPattern;
  bool declared = false;  // constraintPattern from the Nlp (else from the Jacobian's rows)
  std::vector<std::pair<int, int>> constraintPattern;
  // Lower-triangle pattern, sorted by (row, column).
  std::vector<int> hr, hc;
  int numColours = 0;
  std::vector<std::vector<int>> byColour;
  // Entry e is the mean of its readings (two where both sweeps see it alone).
  std::vector<Reading> first, second;
};

namespace {

class ValueSink final : public JacobianSink {
 public:
  explicit ValueSink(std::vector<double>& v) : v_(v) {}
  void add(int, int, double value) override { v_[n_++] = value; }

 private:
  std::vector<double>& v_;
  std::size_t n_ = 0;
};

using Plan = FdHessian::Plan;
auto at(int i) { return static_cast<std::size_t>(i); }

// The constraints' pairs (declared by the Nlp, else every two columns sharing a Jacobian
// row), plus the cost's pairs and every diagonal entry: the lower triangle (row >= col),
// sorted. (Per-column lists sorted once: a std::set of the ~10^5 pairs took longer than a
// warm re-solve's iterations.)
void buildPattern(Plan& p) {
  std::vector<std::vector<int>> lower(at(p.n));  // lower[j]: rows i >= j of column j
  if (p.declared) {
    for (auto [i, j] : p.constraintPattern) lower[at(std::min(i, j))].push_back(std::max(i, j));
    for (int j = 0; j < p.n; ++j) lower[at(j)].push_back(j);
  } else {
    std::vector<std::vector<int>> rowCols(at(p.m));
    for (std::size_t i = 0; i < p.jr.size(); ++i) rowCols[at(p.jr[i])].push_back(p.jc[i]);
    for (auto& rc : rowCols) {
      std::sort(rc.begin(), rc.end());
      rc.erase(std::unique(rc.begin(), rc.end()), rc.end());
      for (std::size_t a = 0; a < rc.size(); ++a)
        for (std::size_t b = 0; b <= a; ++b) lower[at(rc[b])].push_back(rc[a]);
    }
  }
  for (auto [i, j] : p.costPattern) lower[at(std::min(i, j))].push_back(std::max(i, j));
  std::vector<std::pair<int, int>> pattern;  // (row, col)
  for (std::size_t j = 0; j < lower.size(); ++j) {
    auto& l = lower[j];
    std::sort(l.begin(), l.end());
    l.erase(std::unique(l.begin(), l.end()), l.end());
    for (int i : l) pattern.emplace_back(i, static_cast<int>(j));
  }
  std::sort(pattern.begin(), pattern.end());
  for (auto [i, j] : pattern) {
    p.hr.push_back(i);
    p.hc.push_back(j);
  }
}

// Colours the columns so that every entry can be read directly from one sweep (Gebremedhin,
// Manne and Pothen 2005, Sec. 4.2, symmetric direct recovery): the off-diagonal entry (i, j)
// is read from row i of the sweep of j's colour if no other neighbour of i has that colour
// (condition A), else from row j of the sweep of i's colour if no other neighbour of j has
// i's colour (condition B); a star colouring (distance 1, and no path on four vertices in two
// colours) guarantees one of them. Greedy in column order, keeping A or B true for every edge
// between coloured columns, using count[v][c] = coloured neighbours of v with colour c.
// Dense columns (a free final time couples every step) are left out: each gets a colour of
// its own and is read from its own sweep.
void colour(Plan& p) {
  const std::size_t N = at(p.n);
  std::vector<std::vector<int>> adj(N);
  for (std::size_t e = 0; e < p.hr.size(); ++e)
    if (p.hr[e] != p.hc[e]) {
      adj[at(p.hr[e])].push_back(p.hc[e]);
      adj[at(p.hc[e])].push_back(p.hr[e]);
    }
  std::vector<char> dense(N);
  for (std::size_t j = 0; j < N; ++j) dense[j] = adj[j].size() > 100 ? 1 : 0;
  for (auto& a : adj) a.erase(std::remove_if(a.begin(), a.end(), [&](int v) { return dense[at(v)] != 0; }), a.end());
  std::vector<int> colourOf(N, -1);
  std::vector<std::vector<int>> count(N);
  auto counted = [&](int v, int c) {
    const auto& cv = count[at(v)];
    return at(c) < cv.size() ? cv[at(c)] : 0;
  };
  std::vector<int> forbiddenBy;  // forbiddenBy[c] == v + 1: colour c is forbidden for v
  for (int v = 0; v < p.n; ++v) {
    if (dense[at(v)]) continue;
    auto forbid = [&](int c) {
      if (at(c) >= forbiddenBy.size()) forbiddenBy.resize(at(c) + 1, 0);
      forbiddenBy[at(c)] = v + 1;
    };
    for (int w : adj[at(v)]) {
      const int cw = colourOf[at(w)];
      if (cw < 0) continue;
      forbid(cw);  // distance 1 (and the diagonal)
      // Edge (v, w): A fails when another neighbour of v has w's colour; B then needs no
      // neighbour of w to have v's colour.
      const bool aFails = counted(v, cw) >= 2;
      for (int x : adj[at(w)]) {
        const int cx = colourOf[at(x)];
        if (cx < 0) continue;
        // Edge (w, x): v joins w's neighbours; with x's colour it breaks A, so x's colour is
        // allowed only while B holds (w the only neighbour of x with w's colour).
        if (aFails || counted(x, cw) >= 2) forbid(cx);
      }
    }
    int c = 0;
    while (at(c) < forbiddenBy.size() && forbiddenBy[at(c)] == v + 1) ++c;
    colourOf[at(v)] = c;
    p.numColours = std::max(p.numColours, c + 1);
    for (int w : adj[at(v)]) {
      auto& cw = count[at(w)];
      if (cw.size() <= at(c)) cw.resize(at(c) + 1, 0);
      ++cw[at(c)];
    }
  }
  for (std::size_t j = 0; j < N; ++j)
    if (dense[j]) colourOf[j] = p.numColours++;
  p.byColour.resize(at(p.numColours));
  for (int j = 0; j < p.n; ++j) p.byColour[at(colourOf[at(j)])].push_back(j);
  // Where each entry is read.
  const std::size_t E = p.hr.size();
  p.first.resize(E);
  p.second.resize(E);
  for (std::size_t e = 0; e < E; ++e) {
    const int i = p.hr[e], j = p.hc[e];
    const int ci = colourOf[at(i)], cj = colourOf[at(j)];
    if (dense[at(j)] || i == j) p.first[e] = {cj, i, j};  // column j alone (in its neighbourhood)
    else if (dense[at(i)]) p.first[e] = {ci, j, i};
    else {
      const bool a = counted(i, cj) == 1, b = counted(j, ci) == 1;
      if (!a && !b)
        throw std::logic_error("FdHessian: the star colouring left entry (" + std::to_string(i) + ", " +
                               std::to_string(j) + ") unreadable");
      if (a) p.first[e] = {cj, i, j};
      if (b) (a ? p.second[e] : p.first[e]) = {ci, j, i};
    }
  }
}

// The plans of the last few structures (a coarse-to-fine solve has one per level; a warm
// re-solve after an edit has its cold solve's).
std::shared_ptr<const Plan> planFor(const Nlp& nlp, const std::vector<int>& rows, const std::vector<int>& cols) {
  static std::mutex mutex;
  static std::vector<std::shared_ptr<const Plan>> recent;  // most recent first
  constexpr std::size_t kKept = 4;
  auto p = std::make_shared<Plan>();
  p->n = nlp.numVariables();
  p->m = nlp.numConstraints();
  p->jr = rows;
  p->jc = cols;
  nlp.costHessianPattern(p->costPattern);
  p->declared = nlp.constraintHessianPattern(p->constraintPattern);
  {
    const std::lock_guard<std::mutex> lock(mutex);
    for (std::size_t i = 0; i < recent.size(); ++i) {
      const Plan& q = *recent[i];
      if (q.n == p->n && q.m == p->m && q.jr == p->jr && q.jc == p->jc && q.costPattern == p->costPattern &&
          q.declared == p->declared && q.constraintPattern == p->constraintPattern) {
        std::shared_ptr<const Plan> hit = recent[i];
        recent.erase(recent.begin() + static_cast<std::ptrdiff_t>(i));
        recent.insert(recent.begin(), hit);
        return hit;
      }
    }
  }
  buildPattern(*p);
  colour(*p);
  const std::lock_guard<std::mutex> lock(mutex);
  recent.insert(recent.begin(), p);
  if (recent.size() > kKept) recent.pop_back();
  return p;
}

}  // namespace

FdHessian::FdHessian(const Nlp& nlp, const std::vector<int>& rows, const std::vector<int>& cols)
    : nlp_(nlp), plan_(planFor(nlp, rows, cols)) {
  jv_.resize(rows.size());
  g_.resize(at(plan_->m));
  eps_.resize(at(plan_->n));
  sweeps_.resize(at(plan_->numColours) * at(plan_->n));
}

FdHessian::~FdHessian() = default;
const std::vector<int>& FdHessian::rows() const { return plan_->hr; }
const std::vector<int>& FdHessian::cols() const { return plan_->hc; }
int FdHessian::colours() const { return plan_->numColours; }

void FdHessian::gradient(const std::vector<double>& x, double objFactor, const double* lambda, std::vector<double>& out) {
  ValueSink sink(jv_);
  nlp_.constraints(x.data(), g_.data(), &sink);
  gradient(x.data(), jv_.data(), objFactor, lambda, out);
}

void FdHessian::gradient(const double* x, const double* jacobian, double objFactor, const double* lambda,
                         std::vector<double>& out) const {
  out.assign(at(plan_->n), 0.0);
  nlp_.costGradient(x, out.data());
  for (double& v : out) v *= objFactor;
  const auto& jr = plan_->jr;
  const auto& jc = plan_->jc;
  for (std::size_t i = 0; i < jr.size(); ++i) out[at(jc[i])] += jacobian[i] * lambda[jr[i]];
}

void FdHessian::values(const double* x, double objFactor, const double* lambda, double* out,
                       const double* jacobianAtX) {
  const Plan& p = *plan_;
  const auto N = at(p.n);
  // Forward differences of the exact gradient, one evaluation per colour plus one at x, with
  // the step sqrt(machine epsilon) x scale (truncation and round-off both about 1e-8
  // relative): half the evaluations of central differences, and Newton's convergence does
  // not see the difference.
  for (std::size_t j = 0; j < N; ++j) eps_[j] = 1.5e-8 * std::max(1.0, std::abs(x[j]));
  xp_.assign(x, x + p.n);
  if (jacobianAtX) gradient(x, jacobianAtX, objFactor, lambda, gm_);
  else gradient(xp_, objFactor, lambda, gm_);
  for (int c = 0; c < p.numColours; ++c) {
    const auto& cols = p.byColour[at(c)];
    for (int j : cols) xp_[at(j)] += eps_[at(j)];
    gradient(xp_, objFactor, lambda, gp_);
    for (int j : cols) xp_[at(j)] = x[j];
    double* s = sweeps_.data() + at(c) * N;
    for (std::size_t i = 0; i < N; ++i) s[i] = gp_[i] - gm_[i];
  }
  auto read = [&](const Reading& r) { return sweeps_[at(r.colour) * N + at(r.row)] / eps_[at(r.column)]; };
  for (std::size_t e = 0; e < p.hr.size(); ++e)
    out[e] = p.second[e].colour < 0 ? read(p.first[e]) : 0.5 * (read(p.first[e]) + read(p.second[e]));
}

}  // namespace lieride::opt
