#pragma once
// Hessian of the Lagrangian L = s f + lambda^T g by forward differences of its exact gradient
// s grad f + J^T lambda (the analytic Jacobian), compressed by a star colouring of the
// Hessian's sparsity with symmetric direct recovery (Coleman-More; Gebremedhin, Manne and
// Pothen, "What color is your Jacobian?", SIAM Review 47 (2005), Sec. 4.2): one gradient
// evaluation per colour, plus one at x. The pattern and the colouring depend only on the
// structure, and are kept for the last few structures seen (a re-solve of the same problem
// after an edit does not redo them).
#include <memory>
#include <vector>

#include "lieride/optimize/nlp.hpp"

namespace lieride::opt {

class FdHessian {
 public:
  // rows/cols: the constraint Jacobian's structure.
  FdHessian(const Nlp& nlp, const std::vector<int>& rows, const std::vector<int>& cols);
  ~FdHessian();
  FdHessian(const FdHessian&) = delete;
  FdHessian& operator=(const FdHessian&) = delete;
  // Lower-triangle structure (row >= col).
  const std::vector<int>& rows() const;
  const std::vector<int>& cols() const;
  // jacobianAtX: the constraint Jacobian's values at x (in the structure's order) when the
  // caller has them; the gradient at x then costs no constraint evaluation.
  void values(const double* x, double objFactor, const double* lambda, double* out,
              const double* jacobianAtX = nullptr);
  int colours() const;
  struct Plan;  // the pattern, the colouring and where each entry is read (fd_hessian.cpp)

 private:
  // s grad f + J^T lambda at x, evaluating the constraints' Jacobian there.
  void gradient(const std::vector<double>& x, double objFactor, const double* lambda, std::vector<double>& out);
  // The same from the Jacobian's values at x (in the structure's order).
  void gradient(const double* x, const double* jacobian, double objFactor, const double* lambda,
                std::vector<double>& out) const;

  const Nlp& nlp_;
  std::shared_ptr<const Plan> plan_;
  std::vector<double> jv_, g_, gp_, gm_, xp_, eps_, sweeps_;
};

}  // namespace lieride::opt
