#pragma once
// Pontryagin (PMP) Hamiltonian systems of fully actuated nonholonomic optimal control problems
// (Anahory Simoes et al., section IV; docs/retraction.md).
//
// The distribution D of a vehicle is given by an adapted basis e_A = rho_A^i(q) d/dq^i; its
// points are (q^i, y^A) with qdot = rho(q) y. For the cost C = 1/2 |u|^2 and the controlled
// equations ydot = u (no Christoffel or potential terms, the paper's section VI.B), Eq. (6)
// gives on T*D, with xi = (q, y, p_q, p_y):
//   H = 1/2 |p_y|^2 + p_q^T rho(q) y,
//   qdot = rho y,  ydot = p_y,  p_q' = -p_q^T (d rho / dq) y,  p_y' = -rho^T p_q,
// and the optimal controls are u = p_y (one per basis field).
#include <Eigen/Core>

namespace lieride::ocp {

// Heap-free vectors and matrices of T*D (dimension at most 16) and of the 2-stage
// Gauss-Legendre system (at most 32).
using PVec = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 16, 1>;
using PMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 16, 16>;
using BVec = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 32, 1>;
using BMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 32, 32>;

// A canonical Hamiltonian system on T*M, M of dimension d, state xi = (x, p) in R^{2d}.
class HamiltonianSystem {
 public:
  virtual ~HamiltonianSystem() = default;
  virtual int configDim() const = 0;  // d
  int dim() const { return 2 * configDim(); }
  virtual double hamiltonian(const PVec& xi) const = 0;
  virtual void gradient(const PVec& xi, PVec& g) const = 0;  // dH/dxi
  virtual void hessian(const PVec& xi, PMat& Hxx) const = 0;  // d2H/dxi2
  // Hamilton's vector field X_H = (dH/dp, -dH/dx) and its Jacobian.
  void vectorField(const PVec& xi, PVec& f) const;
  void vectorFieldJacobian(const PVec& xi, PMat& df) const;
};

// An adapted basis of a distribution D on Q (dim Q = n, rank D = k): rho(q) is n x k, column A
// is e_A. Derivatives are by coordinate q^i. The metric G(q) on Q defines the orthogonal
// projection P : TQ -> D of the paper's Fig. 2.
class AdaptedBasis {
 public:
  virtual ~AdaptedBasis() = default;
  virtual int baseDim() const = 0;  // n
  virtual int rank() const = 0;     // k
  virtual void rho(const PVec& q, PMat& r) const = 0;
  virtual void rhoDerivative(const PVec& q, int i, PMat& dr) const = 0;            // d rho / dq^i
  virtual void rhoSecondDerivative(const PVec& q, int i, int l, PMat& ddr) const = 0;  // d2 rho / dq^i dq^l
  virtual void metric(const PVec& q, PMat& G) const = 0;                             // n x n
};

// The PMP system of the paper's section VI.B for any adapted basis: configuration x = (q, y)
// of dimension n + k, xi = (q, y, p_q, p_y).
class AdaptedBasisPmp final : public HamiltonianSystem {
 public:
  explicit AdaptedBasisPmp(const AdaptedBasis& basis) : basis_(basis) {}
  const AdaptedBasis& basis() const { return basis_; }
  int configDim() const override { return basis_.baseDim() + basis_.rank(); }
  double hamiltonian(const PVec& xi) const override;
  void gradient(const PVec& xi, PVec& g) const override;
  void hessian(const PVec& xi, PMat& Hxx) const override;
  // u = p_y: one control per basis field.
  PVec controls(const PVec& xi) const;

 private:
  const AdaptedBasis& basis_;
};

}  // namespace lieride::ocp
