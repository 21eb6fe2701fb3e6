// A problem whose bounds cross (a lower above its upper) is refused before IPOPT iterates, with
// a message that says so and the guess's own cost and violation (IPOPT's refusal read as
// "solver failure", 0 iterations, cost 0, violation 0).
#include <catch2/catch.hpp>

#include "lieride/optimize/nlp.hpp"

namespace {

using lieride::opt::JacobianSink;
using lieride::opt::Nlp;
using lieride::opt::SolveOptions;
using lieride::opt::SolveResult;
using lieride::opt::SolveStatus;

// min (x0 - 1)^2 + x1^2 subject to x0 + x1 = 3, with one pair of bounds crossed.
class CrossedBounds final : public Nlp {
 public:
  explicit CrossedBounds(bool onVariable) : onVariable_(onVariable) {}
  int numVariables() const override { return 2; }
  int numConstraints() const override { return 1; }
  void bounds(std::vector<double>& xl, std::vector<double>& xu, std::vector<double>& gl,
              std::vector<double>& gu) const override {
    xl.assign(2, -10.0);
    xu.assign(2, 10.0);
    gl.assign(1, 3.0);
    gu.assign(1, 3.0);
    if (onVariable_) xl[1] = 11.0;
    else gl[0] = 4.0;
  }
  void initialGuess(std::vector<double>& x) const override { x = {2.0, 0.5}; }
  double cost(const double* x) const override { return (x[0] - 1.0) * (x[0] - 1.0) + x[1] * x[1]; }
  void costGradient(const double* x, double* grad) const override {
    grad[0] = 2.0 * (x[0] - 1.0);
    grad[1] = 2.0 * x[1];
  }
  void constraints(const double* x, double* g, JacobianSink* jac) const override {
    g[0] = x[0] + x[1];
    if (!jac) return;
    jac->add(0, 0, 1.0);
    jac->add(0, 1, 1.0);
  }
  std::string describe(int, const double*, double) const override { return "the sum"; }

 private:
  bool onVariable_;
};

}  // namespace

TEST_CASE("solveNlp: crossed bounds are named, and the guess's cost and violation reported", "[optimize]") {
  for (const bool onVariable : {true, false}) {
    const CrossedBounds nlp(onVariable);
    const SolveResult r = solveNlp(nlp, SolveOptions{});
    CAPTURE(onVariable, r.message);
    CHECK(r.status == SolveStatus::Failed);
    CHECK(r.refusedAtStart);
    CHECK(r.iterations == 0);
    CHECK(r.message.find("bounds that contradict each other") != std::string::npos);
    CHECK(r.message.find(onVariable ? "variable 1 must lie in [11, 10]" : "constraint 0 (the sum) must lie in [4, 3]") !=
          std::string::npos);
    // The guess (2, 0.5): cost 1 + 0.25, and x0 + x1 = 2.5 misses 3 by 0.5 (by 1.5 of the crossed [4, 3]).
    CHECK(r.cost == Approx(1.25));
    CHECK(r.maxViolation >= 0.5);
    REQUIRE(r.solution.x.size() == 2u);
    CHECK(r.solution.x[0] == 2.0);
  }
}
