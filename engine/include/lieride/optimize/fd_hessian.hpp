#pragma once
// Hessian of the Lagrangian L = s f + lambda^T g by forward differences of its exact gradient
// s grad f + J^T lambda (the analytic Jacobian), compressed by a distance-2 colouring of the
// Hessian's sparsity (Curtis-Powell-Reid): one gradient evaluation per colour, plus one at x.
#include <vector>

#include "lieride/optimize/nlp.hpp"

namespace lieride::opt {

class FdHessian {
 public:
  // rows/cols: the constraint Jacobian's structure.
  FdHessian(const Nlp& nlp, const std::vector<int>& rows, const std::vector<int>& cols);
  // Lower-triangle structure (row >= col).
  const std::vector<int>& rows() const { return hr_; }
  const std::vector<int>& cols() const { return hc_; }
  void values(const double* x, double objFactor, const double* lambda, double* out);
  int colours() const { return numColours_; }

 private:
  void gradient(const std::vector<double>& x, double objFactor, const double* lambda, std::vector<double>& out);

  const Nlp& nlp_;
  int n_, m_;
  std::vector<int> jr_, jc_;
  std::vector<int> hr_, hc_;
  std::vector<int> colour_;
  std::vector<char> dense_;
  std::vector<std::vector<int>> byColour_;
  int numColours_ = 0;
  std::vector<double> jv_, g_, gp_, gm_, xp_;
};

}  // namespace lieride::opt
