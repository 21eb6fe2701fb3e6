#include "reduced_kernel.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace lieride::reduced {

namespace {

// Reads W (3 x 3) and K (3 x kMaxShape), column-major, from o.
void readConstraints(const double* o, Mat3& W, Mat3S& K) {
  W = Eigen::Map<const Mat3>(o);
  K = Eigen::Map<const Mat3S>(o + 9);
}

}  // namespace

Kernel::Kernel(int s, int k, ExpressionTape constraints, ExpressionTape constraintJet, ExpressionTape full,
               ExpressionTape potentialGradient)
    : s_(s),
      k_(k),
      constraints_(std::move(constraints)),
      constraintJet_(std::move(constraintJet)),
      full_(std::move(full)),
      potentialGradient_(std::move(potentialGradient)) {
  for (int x = 0; x < kMaxShape; ++x) {
    dependsOn_[x] = false;
    for (int o = 0; o < kConstraintOutputs; ++o)
      if (!constraintJet_.outputIsZero((1 + x) * kConstraintOutputs + o)) dependsOn_[x] = true;
    columnZero_[x] = true;
    for (int i = 0; i < 3; ++i)
      if (!constraints_.outputIsZero(9 + 3 * x + i)) columnZero_[x] = false;
  }
  for (const auto& [i, reg] : constraints_.varyingOutputs()) {
    if (i < 9) varyingW_.emplace_back(i, reg);
    else varyingK_.emplace_back(i - 9, reg);
  }
}

void Kernel::setConstantInertia(const CMat& M, bool hasPotential) {
  constantInertia_ = true;
  hasPotential_ = hasPotential;
  M0_ = M;
}

// The tape's scratch registers: on the stack for the small tapes of the per-step evaluations,
// else one buffer per thread, grown to the largest tape it has run.
namespace {
class Scratch {
 public:
  explicit Scratch(const ExpressionTape& t, int lanes = 1) {
    const auto need = static_cast<std::size_t>(t.numRegisters() * lanes);
    if (need <= kLocal) {
      data_ = local_;
      return;
    }
    thread_local std::vector<double> work;
    if (work.size() < need) work.resize(need);
    data_ = work.data();
  }
  double* data() { return data_; }

 private:
  static constexpr std::size_t kLocal = 192;
  double local_[kLocal];
  double* data_;
};
}  // namespace

// The output buffers start as copies of the tapes' constant outputs (one fixed-size copy), so
// that the sweeps write only the outputs that vary (ExpressionTape::eval).
void Kernel::constraints(const double* r, Constraints& c) const {
  double out[kConstraintOutputs];
  std::memcpy(out, constraints_.constantOutputs(), sizeof out);
  constraints_.eval(r, out, Scratch(constraints_).data());
  readConstraints(out, c.W, c.K);
}

void Kernel::presetConstraints(Constraints& c) const { readConstraints(constraints_.constantOutputs(), c.W, c.K); }

// The sweep leaves register g of point l at w[2 g + l]; only the varying entries are copied.
void Kernel::constraints2(const double* r0, const double* r1, Constraints& c0, Constraints& c1) const {
  Scratch scratch(constraints_, 2);
  const double* w = scratch.data();
  constraints_.sweep2(r0, r1, scratch.data());
  double *w0 = c0.W.data(), *w1 = c1.W.data(), *k0 = c0.K.data(), *k1 = c1.K.data();
  for (const auto& [i, reg] : varyingW_) {
    w0[i] = w[2 * reg];
    w1[i] = w[2 * reg + 1];
  }
  for (const auto& [i, reg] : varyingK_) {
    k0[i] = w[2 * reg];
    k1[i] = w[2 * reg + 1];
  }
}

void Kernel::constraintJet(const double* r, ConstraintJet& j) const {
  double out[kJetOutputs];
  std::memcpy(out, constraintJet_.constantOutputs(), sizeof out);
  constraintJet_.eval(r, out, Scratch(constraintJet_).data());
  readConstraints(out, j.W, j.K);
  for (int x = 0; x < kMaxShape; ++x) readConstraints(out + (1 + x) * kConstraintOutputs, j.dW[x], j.dK[x]);
}

void Kernel::full(const double* r, FullJet& f) const {
  if (constantInertia_ && !hasPotential_) {  // only the constraints depend on the shape
    ConstraintJet j;
    constraintJet(r, j);
    f.W = j.W;
    f.K = j.K;
    f.M = M0_;
    f.V = 0.0;
    for (int x = 0; x < kMaxShape; ++x) {
      f.dM[x].setZero();
      f.dV[x] = 0.0;
      f.dW[x] = j.dW[x];
      f.dK[x] = j.dK[x];
    }
    return;
  }
  double out[kFullOutputs];
  std::memcpy(out, full_.constantOutputs(), sizeof out);
  full_.eval(r, out, Scratch(full_).data());
  constexpr int m = kMaxCoords * kMaxCoords;
  f.M = Eigen::Map<const CMat>(out);
  f.V = out[m];
  readConstraints(out + m + 1, f.W, f.K);
  for (int x = 0; x < kMaxShape; ++x) {
    const double* o = out + (1 + x) * kFullBlock;
    f.dM[x] = Eigen::Map<const CMat>(o);
    f.dV[x] = o[m];
    readConstraints(o + m + 1, f.dW[x], f.dK[x]);
  }
}

void Kernel::potentialGradient(const double* r, SVec& g) const {
  g.setZero();
  std::copy_n(potentialGradient_.constantOutputs(), potentialGradient_.numOutputs(), g.data());
  potentialGradient_.eval(r, g.data(), Scratch(potentialGradient_).data());
}

void Kernel::basis(const Mat3& W, Mat3& E) const {
  E.setZero();
  if (k_ == 0) {
    E.setIdentity();
  } else if (k_ == 1) {
    const Vec3 w = W.row(0).transpose();
    E.col(0) = Vec3::Unit(axes_[0]).cross(w);
    E.col(1) = Vec3::Unit(axes_[1]).cross(w);
  } else if (k_ == 2) {  // w1 x w2 written out, in the order of Eigen's cross()
    E(0, 0) = W(0, 1) * W(1, 2) - W(0, 2) * W(1, 1);
    E(1, 0) = W(0, 2) * W(1, 0) - W(0, 0) * W(1, 2);
    E(2, 0) = W(0, 0) * W(1, 1) - W(0, 1) * W(1, 0);
  }
}

void Kernel::basisDerivative(const Mat3& W, const Mat3& dW, Mat3& dE) const {
  dE.setZero();
  if (k_ == 1) {
    const Vec3 v = dW.row(0).transpose();
    dE.col(0) = Vec3::Unit(axes_[0]).cross(v);
    dE.col(1) = Vec3::Unit(axes_[1]).cross(v);
  } else if (k_ == 2) {
    const Vec3 w1 = W.row(0).transpose(), w2 = W.row(1).transpose();
    dE.col(0) = Vec3(dW.row(0).transpose()).cross(w2) + w1.cross(Vec3(dW.row(1).transpose()));
  }
}

// Rows 0..k-1: W and K (their rows past k are zero); rows k..2: E^T I and E^T B.
void Kernel::stack(const Mat3& W, const Mat3S& K, const Mat3& E, const Mat3& I, const Mat3S& B, Mat3& S,
                   Mat3S& rhs) const {
  S = W;
  rhs = K;
  for (int i = 0; i < 3 - k_; ++i) {
    S.row(k_ + i) = E.col(i).transpose() * I;
    rhs.row(k_ + i) = E.col(i).transpose() * B;
  }
}

// A from W A = K and E^T I A = E^T B (3 x 3, inverted in closed form), unrolled for each
// count of constraints (the solvers call it twice per step).
template <int NK>
void Kernel::finishFrameFor(Frame& f) const {
  basis(f.W, f.E);
  Vec3 row[3];
  Eigen::Matrix<double, 1, kMaxShape> rhs[3];
  for (int i = 0; i < NK; ++i) {
    row[i] = f.W.row(i).transpose();
    rhs[i] = f.K.row(i);
  }
  for (int i = NK; i < 3; ++i) {
    const Vec3 e = f.E.col(i - NK);
    row[i] = f.I.transpose() * e;
    rhs[i] = e.transpose() * f.B;
  }
  // The inverse's columns are the cross products of S's rows over the determinant.
  const Vec3 c0 = row[1].cross(row[2]);
  const double inv = 1.0 / row[0].dot(c0);
  f.Sinv.col(0) = inv * c0;
  f.Sinv.col(1) = inv * row[2].cross(row[0]);
  f.Sinv.col(2) = inv * row[0].cross(row[1]);
  for (int j = 0; j < kMaxShape; ++j)
    f.A.col(j) = f.Sinv.col(0) * rhs[0](j) + f.Sinv.col(1) * rhs[1](j) + f.Sinv.col(2) * rhs[2](j);
}

// Two constraints (the snakeboard, the car, the robot): finishFrameFor<2> in scalars, every
// sum in Eigen's order (left to right), so that the frame is the same to the bit.
void Kernel::finishFrameTwo(Frame& f) const {
  const Mat3& W = f.W;
  const double w00 = W(0, 0), w01 = W(0, 1), w02 = W(0, 2), w10 = W(1, 0), w11 = W(1, 1), w12 = W(1, 2);
  // E = w1 x w2 (basis), the row E^T I and the right-hand side E^T B of the stacked system.
  const double e0 = w01 * w12 - w02 * w11, e1 = w02 * w10 - w00 * w12, e2 = w00 * w11 - w01 * w10;
  f.E.setZero();
  f.E(0, 0) = e0;
  f.E(1, 0) = e1;
  f.E(2, 0) = e2;
  const Mat3& I = f.I;
  const double r20 = I(0, 0) * e0 + I(1, 0) * e1 + I(2, 0) * e2;
  const double r21 = I(0, 1) * e0 + I(1, 1) * e1 + I(2, 1) * e2;
  const double r22 = I(0, 2) * e0 + I(1, 2) * e1 + I(2, 2) * e2;
  // The inverse's columns: the cross products of the rows over the determinant.
  const double c00 = w11 * r22 - w12 * r21, c01 = w12 * r20 - w10 * r22, c02 = w10 * r21 - w11 * r20;
  const double inv = 1.0 / (w00 * c00 + w01 * c01 + w02 * c02);
  const double c10 = r21 * w02 - r22 * w01, c11 = r22 * w00 - r20 * w02, c12 = r20 * w01 - r21 * w00;
  const double c20 = w01 * w12 - w02 * w11, c21 = w02 * w10 - w00 * w12, c22 = w00 * w11 - w01 * w10;
  Mat3& S = f.Sinv;
  S(0, 0) = inv * c00, S(1, 0) = inv * c01, S(2, 0) = inv * c02;
  S(0, 1) = inv * c10, S(1, 1) = inv * c11, S(2, 1) = inv * c12;
  S(0, 2) = inv * c20, S(1, 2) = inv * c21, S(2, 2) = inv * c22;
  for (int j = 0; j < kMaxShape; ++j) {
    const double q0 = f.K(0, j), q1 = f.K(1, j);
    const double q2 = e0 * f.B(0, j) + e1 * f.B(1, j) + e2 * f.B(2, j);
    for (int i = 0; i < 3; ++i) f.A(i, j) = S(i, 0) * q0 + S(i, 1) * q1 + S(i, 2) * q2;
  }
}

void Kernel::finishFrame(Frame& f) const {
  switch (k_) {
    case 0: finishFrameFor<0>(f); break;
    case 1: finishFrameFor<1>(f); break;
    case 2: finishFrameTwo(f); break;
    default: finishFrameFor<3>(f); break;
  }
}

void Kernel::frame(const FullJet& j, Frame& f) const {
  f.W = j.W;
  f.K = j.K;
  f.V = j.V;
  f.I = j.M.topLeftCorner<3, 3>();
  f.B = j.M.topRightCorner<3, kMaxShape>();
  f.C = j.M.bottomRightCorner<kMaxShape, kMaxShape>();
  finishFrame(f);
}

void Kernel::frame(const double* r, Frame& f) const {
  if (!constantInertia_ || hasPotential_) {
    FullJet j;
    full(r, j);
    frame(j, f);
    return;
  }
  constraints(r, f);
  f.V = 0.0;
  f.I = M0_.topLeftCorner<3, 3>();
  f.B = M0_.topRightCorner<3, kMaxShape>();
  f.C = M0_.bottomRightCorner<kMaxShape, kMaxShape>();
  finishFrame(f);
}

// S dA_x = d(rhs)_x - dS_x A from S A = rhs (I and B constant).
void Kernel::frameDerivative(const Frame& f, const ConstraintJet& j, int x, Mat3& dE, Mat3S& dA) const {
  basisDerivative(f.W, j.dW[x], dE);
  Mat3 dS;
  Mat3S drhs;
  stack(j.dW[x], j.dK[x], dE, f.I, f.B, dS, drhs);
  dA = f.Sinv * (drhs - dS * f.A);
}

Vec3 Kernel::bodyVelocity(const Frame& f, const SVec& u, const Vec3& p) const {
  Vec3 xi = -(f.A * u);
  const int b = numSymmetry();
  if (b == 1) {
    xi += f.E.col(0) * (p(0) / f.E.col(0).dot(f.I * f.E.col(0)));
  } else if (b) {
    // (E^T I E) c = p on the first b rows, the identity past b.
    Mat3 G = f.E.transpose() * f.I * f.E;
    for (int i = b; i < 3; ++i) G(i, i) = 1.0;
    xi += f.E * G.ldlt().solve(p);
  }
  return xi;
}

}  // namespace lieride::reduced
