#include "lieride/optimize/fd_hessian.hpp"

#include <algorithm>
#include <cmath>

namespace lieride::opt {
namespace {

class ValueSink final : public JacobianSink {
 public:
  explicit ValueSink(std::vector<double>& v) : v_(v) {}
  void add(int, int, double value) override { v_[n_++] = value; }

 private:
  std::vector<double>& v_;
  std::size_t n_ = 0;
};

}  // namespace

FdHessian::FdHessian(const Nlp& nlp, const std::vector<int>& rows, const std::vector<int>& cols)
    : nlp_(nlp), n_(nlp.numVariables()), m_(nlp.numConstraints()), jr_(rows), jc_(cols) {
  const auto N = static_cast<std::size_t>(n_);
  std::vector<std::vector<int>> rowCols(static_cast<std::size_t>(m_));
  for (std::size_t i = 0; i < jr_.size(); ++i) rowCols[static_cast<std::size_t>(jr_[i])].push_back(jc_[i]);
  // Lower-triangle pattern, column by column: every pair of columns sharing a constraint row,
  // plus the cost's pairs. (Per-column lists sorted once: a std::set of the ~10^5 pairs took
  // longer than a warm re-solve's iterations.)
  std::vector<std::vector<int>> lower(N);  // lower[j]: rows i >= j of column j
  for (auto& rc : rowCols) {
    std::sort(rc.begin(), rc.end());
    rc.erase(std::unique(rc.begin(), rc.end()), rc.end());
    for (std::size_t a = 0; a < rc.size(); ++a)
      for (std::size_t b = 0; b <= a; ++b) lower[static_cast<std::size_t>(rc[b])].push_back(rc[a]);
  }
  std::vector<std::pair<int, int>> cost;
  nlp_.costHessianPattern(cost);
  for (auto [i, j] : cost) lower[static_cast<std::size_t>(std::min(i, j))].push_back(std::max(i, j));
  std::vector<std::pair<int, int>> pattern;  // (row, col), sorted as the std::set was
  for (std::size_t j = 0; j < N; ++j) {
    auto& l = lower[j];
    std::sort(l.begin(), l.end());
    l.erase(std::unique(l.begin(), l.end()), l.end());
    for (int i : l) pattern.emplace_back(i, static_cast<int>(j));
  }
  std::sort(pattern.begin(), pattern.end());
  std::vector<std::vector<int>> adj(N);
  for (auto [i, j] : pattern) {
    hr_.push_back(i);
    hc_.push_back(j);
    if (i != j) {
      adj[static_cast<std::size_t>(i)].push_back(j);
      adj[static_cast<std::size_t>(j)].push_back(i);
    }
  }
  // Dense variables (a free final time couples every step) get a colour of their own and
  // are left out of the colouring of the others: their entries are read from their own sweep.
  dense_.assign(N, 0);
  for (std::size_t j = 0; j < N; ++j) dense_[j] = adj[j].size() > 100 ? 1 : 0;
  // Greedy distance-2 colouring (paths through dense variables excluded): no two columns of
  // one colour share a non-zero in a non-dense row.
  colour_.assign(N, -1);
  std::vector<int> mark;
  for (int j = 0; j < n_; ++j) {
    if (dense_[static_cast<std::size_t>(j)]) continue;
    mark.assign(static_cast<std::size_t>(numColours_ + 1), 0);
    auto forbid = [&](int v) {
      const int c = colour_[static_cast<std::size_t>(v)];
      if (c >= 0) mark[static_cast<std::size_t>(c)] = 1;
    };
    for (int i : adj[static_cast<std::size_t>(j)]) {
      if (dense_[static_cast<std::size_t>(i)]) continue;
      forbid(i);
      for (int l : adj[static_cast<std::size_t>(i)]) forbid(l);
    }
    int c = 0;
    while (mark[static_cast<std::size_t>(c)]) ++c;
    colour_[static_cast<std::size_t>(j)] = c;
    numColours_ = std::max(numColours_, c + 1);
  }
  for (std::size_t j = 0; j < N; ++j)
    if (dense_[j]) colour_[j] = numColours_++;
  byColour_.resize(static_cast<std::size_t>(numColours_));
  for (int j = 0; j < n_; ++j) byColour_[static_cast<std::size_t>(colour_[static_cast<std::size_t>(j)])].push_back(j);
  jv_.resize(jr_.size());
  g_.resize(static_cast<std::size_t>(m_));
}

void FdHessian::gradient(const std::vector<double>& x, double objFactor, const double* lambda, std::vector<double>& out) {
  out.assign(static_cast<std::size_t>(n_), 0.0);
  nlp_.costGradient(x.data(), out.data());
  for (double& v : out) v *= objFactor;
  ValueSink sink(jv_);
  nlp_.constraints(x.data(), g_.data(), &sink);
  for (std::size_t i = 0; i < jv_.size(); ++i) out[static_cast<std::size_t>(jc_[i])] += jv_[i] * lambda[jr_[i]];
}

void FdHessian::values(const double* x, double objFactor, const double* lambda, double* out) {
  const auto N = static_cast<std::size_t>(n_);
  // Forward differences of the exact gradient, one evaluation per colour plus one at x, with
  // the step sqrt(machine epsilon) x scale (truncation and round-off both about 1e-8
  // relative): half the evaluations of central differences, and Newton's convergence does
  // not see the difference.
  std::vector<double> eps(N);
  for (std::size_t j = 0; j < N; ++j) eps[j] = 1.5e-8 * std::max(1.0, std::abs(x[j]));
  xp_.assign(x, x + n_);
  gradient(xp_, objFactor, lambda, gm_);
  // h(i, j) = d grad_i / d x_j, from the sweep of j's colour.
  std::vector<std::vector<double>> sweep(static_cast<std::size_t>(numColours_));
  for (int c = 0; c < numColours_; ++c) {
    xp_.assign(x, x + n_);
    for (int j : byColour_[static_cast<std::size_t>(c)]) xp_[static_cast<std::size_t>(j)] += eps[static_cast<std::size_t>(j)];
    gradient(xp_, objFactor, lambda, gp_);
    auto& s = sweep[static_cast<std::size_t>(c)];
    s.resize(N);
    for (std::size_t i = 0; i < N; ++i) s[i] = gp_[i] - gm_[i];
  }
  for (std::size_t e = 0; e < hr_.size(); ++e) {
    const auto i = static_cast<std::size_t>(hr_[e]), j = static_cast<std::size_t>(hc_[e]);
    const double hij = sweep[static_cast<std::size_t>(colour_[j])][i] / eps[j];
    const double hji = sweep[static_cast<std::size_t>(colour_[i])][j] / eps[i];
    if (dense_[j]) out[e] = hij;  // column j alone was perturbed
    else if (dense_[i]) out[e] = hji;
    else out[e] = 0.5 * (hij + hji);
  }
}

}  // namespace lieride::opt
