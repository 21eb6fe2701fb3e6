#pragma once
// The per-step arithmetic of a description vehicle at one shape r, in fixed-size types: at most
// kMaxShape shape variables (the reduced state 3 + 2 s + (3 - k) fits NVec's 8 numbers, so
// s <= 2) and at most 3 constraints; rows and columns past s, k or b = 3 - k are zero. Every
// quantity of one evaluation comes from one pass over one compiled tape (common subexpressions
// shared), the derivatives are the symbolic ones; nothing here allocates (the tape's scratch
// registers live on the stack, or for a large tape in a per-thread buffer grown once). Derivation: lieride/model/reduced_model.hpp.
#include <Eigen/Dense>
#include <utility>
#include <vector>

#include "expression_tape.hpp"
#include "lieride/lie/se2.hpp"

namespace lieride::reduced {

constexpr int kMaxShape = 2;
constexpr int kMaxCoords = 3 + kMaxShape;

using SVec = Eigen::Matrix<double, kMaxShape, 1>;            // shape vectors
using SMat = Eigen::Matrix<double, kMaxShape, kMaxShape>;    // (u, u) block
using Mat3S = Eigen::Matrix<double, 3, kMaxShape>;           // (xi, u) block, K, A
using CVec = Eigen::Matrix<double, kMaxCoords, 1>;           // (xi, u)
using CMat = Eigen::Matrix<double, kMaxCoords, kMaxCoords>;  // M

// W (k x 3) and K (k x s) of the constraints W xi + K u = 0.
struct Constraints {
  Mat3 W = Mat3::Zero();
  Mat3S K = Mat3S::Zero();
};

// The constraints and their derivatives in each shape variable.
struct ConstraintJet : Constraints {
  Mat3 dW[kMaxShape];
  Mat3S dK[kMaxShape];
};

// M, V, the constraints and all their first shape derivatives.
struct FullJet : Constraints {
  CMat M;
  double V = 0.0;
  CMat dM[kMaxShape];
  double dV[kMaxShape] = {};
  Mat3 dW[kMaxShape];
  Mat3S dK[kMaxShape];
};

// Everything derived at one shape: the blocks of M, the symmetry directions E (3 x b in the
// first columns) and the connection A (3 x s) with W A = K, E^T I A = E^T B.
struct Frame : Constraints {
  Mat3 I = Mat3::Zero();
  Mat3S B = Mat3S::Zero();
  SMat C = SMat::Zero();
  Mat3 E = Mat3::Zero();
  Mat3S A = Mat3S::Zero();
  Mat3 Sinv = Mat3::Zero();  // of the stacked system [W; E^T I] (rows k.. from E^T I)
  double V = 0.0;
};

class Kernel {
 public:
  // The tapes' outputs in the padded, column-major layouts of the structs above:
  //   constraints: W (3 x 3), K (3 x kMaxShape);
  //   constraintJet: constraints, then for x < kMaxShape the same of d/dr_x (zero for x >= s);
  //   full: M (kMaxCoords^2), V, constraints, then for each x: dM, dV, dW, dK.
  static constexpr int kConstraintOutputs = 9 + 3 * kMaxShape;
  static constexpr int kJetOutputs = (1 + kMaxShape) * kConstraintOutputs;
  static constexpr int kFullBlock = kMaxCoords * kMaxCoords + 1 + kConstraintOutputs;
  static constexpr int kFullOutputs = (1 + kMaxShape) * kFullBlock;

  Kernel(int s, int k, ExpressionTape constraints, ExpressionTape constraintJet, ExpressionTape full,
         ExpressionTape potentialGradient);

  int numShape() const { return s_; }
  int numConstraints() const { return k_; }
  int numSymmetry() const { return 3 - k_; }
  // E = [e_a x w, e_b x w] for one constraint row w (the best-conditioned pair at the initial shape).
  void setKernelAxes(int a, int b) { axes_[0] = a, axes_[1] = b; }
  // Fixes M (and V = 0 unless hasPotential) when M does not depend on the shape: frame() then
  // evaluates only the constraints.
  void setConstantInertia(const CMat& M, bool hasPotential);
  bool constantInertia() const { return constantInertia_; }
  const CMat& constantMass() const { return M0_; }

  // Whether W or K depends on r_x (some derivative of theirs is not the constant 0), and whether
  // K's column j is identically zero (r_j's rate enters no constraint).
  bool constraintsDependOn(int x) const { return dependsOn_[x]; }
  bool constraintColumnZero(int j) const { return columnZero_[j]; }

  void constraints(const double* r, Constraints& c) const;
  // Writes the entries of W and K that do not depend on the shape (once: constraints2() leaves them).
  void presetConstraints(Constraints& c) const;
  // At two shapes in one sweep over the tape, writing only the entries that depend on the
  // shape: c0 and c1 hold the others already (presetConstraints or any earlier evaluation).
  void constraints2(const double* r0, const double* r1, Constraints& c0, Constraints& c1) const;
  void constraintJet(const double* r, ConstraintJet& j) const;
  void full(const double* r, FullJet& f) const;
  void potentialGradient(const double* r, SVec& g) const;  // dV/dr

  // The frame from M's blocks and the constraints: E from basis(), A and Sinv.
  void finishFrame(Frame& f) const;
  void frame(const double* r, Frame& f) const;   // evaluates what it needs
  void frame(const FullJet& j, Frame& f) const;  // from a full evaluation
  // dE/dr_x and dA/dr_x of a frame built (constant inertia) from the constraint jet j: the
  // lie-nh Newton Jacobian.
  void frameDerivative(const Frame& f, const ConstraintJet& j, int x, Mat3& dE, Mat3S& dA) const;
  // A basis of ker W (3 x b): the identity (k = 0), [e_a x w, e_b x w] (k = 1), w1 x w2 (k = 2).
  void basis(const Mat3& W, Mat3& E) const;
  // Its derivative along dW.
  void basisDerivative(const Mat3& W, const Mat3& dW, Mat3& dE) const;
  // xi = E (E^T I E)^-1 p - A u (p: b numbers, zero past b).
  Vec3 bodyVelocity(const Frame& f, const SVec& u, const Vec3& p) const;

 private:
  void stack(const Mat3& W, const Mat3S& K, const Mat3& E, const Mat3& I, const Mat3S& B, Mat3& S, Mat3S& rhs) const;
  template <int NK>
  void finishFrameFor(Frame& f) const;
  void finishFrameTwo(Frame& f) const;

  int s_ = 0, k_ = 0;
  int axes_[2] = {0, 1};
  bool constantInertia_ = false, hasPotential_ = false;
  bool dependsOn_[kMaxShape] = {}, columnZero_[kMaxShape] = {};
  CMat M0_ = CMat::Zero();
  // The constraint tape's varying outputs in W (index < 9) and K (index - 9), with their registers.
  std::vector<std::pair<int, int>> varyingW_, varyingK_;
  ExpressionTape constraints_, constraintJet_, full_, potentialGradient_;
};

}  // namespace lieride::reduced
