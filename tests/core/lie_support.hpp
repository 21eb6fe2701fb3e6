#pragma once
// Shared support for the Lie group property battery (tests/core/lie_*.cpp).
//
// Traits structs give SO(3), SE(2) and SE(3) one interface so that every property is written
// once (Catch2 TEMPLATE_TEST_CASE over SO3T, SE2T, SE3T). Independent references are built
// from nothing but hat/vee (whose layout is checked against the papers' printed matrices):
//   - refExp:  Taylor series of the matrix exponential with scaling and squaring, in long double;
//   - refCay:  (I - X/2)^{-1} (I + X/2) with a general matrix inverse, in long double;
//   - refAd:   ad_xi column j = vee([hat xi, hat e_j]) (matrix commutator);
//   - refDexp: sum_n ad^n / (n+1)!  (right-trivialized tangent of exp), in long double;
//   - refDcay: delta -> vee((I - X/2)^{-1} hat(delta) (I + X/2)^{-1}), in long double;
//   - fdTangent: d tau_xi(delta) = (D tau(xi).delta) tau(xi)^{-1} by 5-point central
//     differences of refExp / refCay (Kobilarov et al. Sec. 3.1).
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <random>
#include <type_traits>
#include <utility>

#include "lieride/lie/se2.hpp"
#include "lieride/lie/se3.hpp"
#include "lieride/lie/so3.hpp"

namespace lietest {

using namespace lieride;
using ld = long double;

template <class D>
double maxAbs(const Eigen::MatrixBase<D>& m) {
  return static_cast<double>(m.cwiseAbs().maxCoeff());
}

// ---------------------------------------------------------------------------------------------
// Traits. Alg: algebra vector (rotational components first, kRot of them); Op: linear map of
// the algebra (ad, Ad, tangents); Rep: matrix representation (3x3, 3x3, 4x4); Elem: element.

struct SO3T {
  static constexpr const char* kName = "SO3";
  static constexpr int kDim = 3, kRot = 3, kRep = 3;
  using Alg = Vec3;
  using Op = Mat3;
  using Rep = Mat3;
  using Elem = Quat;
  static Elem identity() { return Quat::Identity(); }
  // SO(3) composition through quaternions, renormalized like SE3::operator*.
  static Elem compose(const Elem& a, const Elem& b) { return (a * b).normalized(); }
  static Elem inverse(const Elem& g) { return g.conjugate(); }
  static Rep matrix(const Elem& g) { return g.toRotationMatrix(); }
  static Mat3 rotation(const Elem& g) { return g.toRotationMatrix(); }
  static Rep hat(const Alg& w) { return so3::hat(w); }
  static Alg vee(const Rep& W) { return so3::vee(W); }
  static Elem exp(const Alg& w) { return so3::expQuat(w); }
  static Alg log(const Elem& g) { return so3::log(g); }
  static Elem cay(const Alg& w) { return so3::cayQuat(w); }
  static Alg cayInv(const Elem& g) { return so3::cayInv(g); }
  static Op ad(const Alg& w) { return so3::hat(w); }
  static Op Ad(const Elem& g) { return g.toRotationMatrix(); }
  static Op dexp(const Alg& w) { return so3::dexp(w); }
  static Op dexpInv(const Alg& w) { return so3::dexpInv(w); }
  // The core has no SO(3) truncation / C_TLN; these are Eq. 14's top-left blocks.
  static Op dexpInvTruncated(const Alg& w) {
    const Mat3 W = so3::hat(w);
    return Mat3::Identity() - 0.5 * W + W * W / 12.0;
  }
  static Op dcay(const Alg& w) { return so3::dcay(w); }
  static Op dcayInv(const Alg& w) { return so3::dcayInv(w); }
  static Op cTLN(const Alg& w) { return Mat3::Identity() - 0.5 * so3::hat(w); }
};

struct SE2T {
  static constexpr const char* kName = "SE2";
  static constexpr int kDim = 3, kRot = 1, kRep = 3;
  using Alg = Vec3;
  using Op = Mat3;
  using Rep = Mat3;
  using Elem = SE2;
  static Elem identity() { return SE2::identity(); }
  static Elem compose(const Elem& a, const Elem& b) { return a * b; }
  static Elem inverse(const Elem& g) { return g.inverse(); }
  static Rep matrix(const Elem& g) { return g.matrix(); }
  static Mat2 rotation(const Elem& g) { return g.rotation(); }
  static Rep hat(const Alg& v) { return se2::hat(v); }
  static Alg vee(const Rep& V) { return se2::vee(V); }
  static Elem exp(const Alg& v) { return se2::exp(v); }
  static Alg log(const Elem& g) { return se2::log(g); }
  static Elem cay(const Alg& v) { return se2::cay(v); }
  static Alg cayInv(const Elem& g) { return se2::cayInv(g); }
  static Op ad(const Alg& v) { return se2::ad(v); }
  static Op Ad(const Elem& g) { return g.Ad(); }
  static Op dexp(const Alg& v) { return se2::dexp(v); }
  static Op dexpInv(const Alg& v) { return se2::dexpInv(v); }
  static Op dexpInvTruncated(const Alg& v) { return se2::dexpInvTruncated(v); }
  static Op dcay(const Alg& v) { return se2::dcay(v); }
  static Op dcayInv(const Alg& v) { return se2::dcayInv(v); }
  static Op cTLN(const Alg& v) { return se2::cTLN(v); }
};

struct SE3T {
  static constexpr const char* kName = "SE3";
  static constexpr int kDim = 6, kRot = 3, kRep = 4;
  using Alg = Vec6;
  using Op = Mat6;
  using Rep = Mat4;
  using Elem = SE3;
  static Elem identity() { return SE3::identity(); }
  static Elem compose(const Elem& a, const Elem& b) { return a * b; }
  static Elem inverse(const Elem& g) { return g.inverse(); }
  static Rep matrix(const Elem& g) { return g.matrix(); }
  static Mat3 rotation(const Elem& g) { return g.rotation(); }
  static Rep hat(const Alg& xi) { return se3::hat(xi); }
  static Alg vee(const Rep& X) { return se3::vee(X); }
  static Elem exp(const Alg& xi) { return se3::exp(xi); }
  static Alg log(const Elem& g) { return se3::log(g); }
  static Elem cay(const Alg& xi) { return se3::cay(xi); }
  static Alg cayInv(const Elem& g) { return se3::cayInv(g); }
  static Op ad(const Alg& xi) { return se3::ad(xi); }
  static Op Ad(const Elem& g) { return g.Ad(); }
  static Op dexp(const Alg& xi) { return se3::dexp(xi); }
  static Op dexpInv(const Alg& xi) { return se3::dexpInv(xi); }
  static Op dexpInvTruncated(const Alg& xi) { return se3::dexpInvTruncated(xi); }
  static Op dcay(const Alg& xi) { return se3::dcay(xi); }
  static Op dcayInv(const Alg& xi) { return se3::dcayInv(xi); }
  static Op cTLN(const Alg& xi) { return se3::cTLN(xi); }
};

template <class T>
using RepL = Eigen::Matrix<ld, T::kRep, T::kRep>;
template <class T>
using OpL = Eigen::Matrix<ld, T::kDim, T::kDim>;

// ---------------------------------------------------------------------------------------------
// Random algebra vectors and elements (fixed seeds: every run tests the same cases).

class Rng {
 public:
  explicit Rng(unsigned long long seed) : eng_(seed) {}
  double uniform(double a, double b) { return std::uniform_real_distribution<double>(a, b)(eng_); }
  Vec3 unitVector() {
    std::normal_distribution<double> n(0.0, 1.0);
    Vec3 u(n(eng_), n(eng_), n(eng_));
    while (u.norm() < 1e-3) u = Vec3(n(eng_), n(eng_), n(eng_));
    return u.normalized();
  }

 private:
  std::mt19937_64 eng_;
};

template <class T>
double angleOf(const typename T::Alg& xi) {
  return xi.template head<T::kRot>().norm();
}

// xi with the same translation and rotational direction, rotational magnitude set to `angle`
// (for SE(2) the sign of `angle` is the sign of omega).
template <class T>
typename T::Alg withAngle(typename T::Alg xi, double angle) {
  if constexpr (T::kRot == 1) {
    xi(0) = angle;
  } else {
    Vec3 w = xi.template head<3>();
    if (w.norm() == 0.0) w = Vec3::UnitX();
    xi.template head<3>() = angle * w.normalized();
  }
  return xi;
}

// Rotational part: uniform direction, magnitude uniform in [0, maxAngle] (SE(2): signed);
// translation components uniform in [-trans, trans].
template <class T>
typename T::Alg randomAlg(Rng& rng, double maxAngle, double trans) {
  typename T::Alg xi;
  for (int i = 0; i < T::kDim; ++i) xi(i) = rng.uniform(-trans, trans);
  if constexpr (T::kRot == 1) {
    xi(0) = rng.uniform(-maxAngle, maxAngle);
  } else {
    xi.template head<3>() = rng.uniform(0.0, maxAngle) * rng.unitVector();
  }
  return xi;
}

// Elements with rotation angle up to 3.1 < pi (inside the principal branch of log and cay^-1).
template <class T>
typename T::Elem randomElem(Rng& rng) {
  return T::exp(randomAlg<T>(rng, 3.1, 2.0));
}

template <class T>
double distance(const typename T::Elem& a, const typename T::Elem& b) {
  return maxAbs(T::matrix(a) - T::matrix(b));
}

// ---------------------------------------------------------------------------------------------
// Independent references.

template <class T>
RepL<T> hatL(const typename T::Alg& xi) {
  return T::hat(xi).template cast<ld>();  // hat only places the entries: exact
}

template <class T>
typename T::Alg basis(int j) {
  return T::Alg::Unit(j);
}

// Matrix exponential: Taylor series (to 1e-24 relative) after scaling to norm <= 1/2, then
// squaring. Long double keeps its error well below double round-off.
template <int N>
Eigen::Matrix<ld, N, N> refExpMatrix(const Eigen::Matrix<ld, N, N>& X) {
  using M = Eigen::Matrix<ld, N, N>;
  const ld norm = X.cwiseAbs().rowwise().sum().maxCoeff();
  int squarings = 0;
  ld scale = 1.0L;
  while (norm * scale > 0.5L) {
    scale *= 0.5L;
    ++squarings;
  }
  const M A = X * scale;
  M sum = M::Identity(), term = M::Identity();
  for (int n = 1; n < 60; ++n) {
    term = term * A / static_cast<ld>(n);
    sum += term;
    if (term.cwiseAbs().maxCoeff() < 1e-26L) break;
  }
  for (int i = 0; i < squarings; ++i) sum = sum * sum;
  return sum;
}

template <int N>
Eigen::Matrix<ld, N, N> refCayMatrix(const Eigen::Matrix<ld, N, N>& X) {
  using M = Eigen::Matrix<ld, N, N>;
  const M I = M::Identity();
  return (I - 0.5L * X).inverse() * (I + 0.5L * X);
}

template <class T>
typename T::Rep refExp(const typename T::Alg& xi) {
  return refExpMatrix(hatL<T>(xi)).template cast<double>();
}

template <class T>
typename T::Rep refCay(const typename T::Alg& xi) {
  return refCayMatrix(hatL<T>(xi)).template cast<double>();
}

// ad_xi from the matrix commutator: column j = vee(hat(xi) hat(e_j) - hat(e_j) hat(xi)).
template <class T>
typename T::Op refAd(const typename T::Alg& xi) {
  typename T::Op A;
  const typename T::Rep X = T::hat(xi);
  for (int j = 0; j < T::kDim; ++j) {
    const typename T::Rep E = T::hat(basis<T>(j));
    A.col(j) = T::vee(X * E - E * X);
  }
  return A;
}

template <class T>
OpL<T> refDexpL(const typename T::Alg& xi) {
  const OpL<T> A = refAd<T>(xi).template cast<ld>();
  OpL<T> sum = OpL<T>::Identity(), term = OpL<T>::Identity();
  for (int n = 1; n < 200; ++n) {
    term = term * A / static_cast<ld>(n + 1);
    sum += term;
    if (term.cwiseAbs().maxCoeff() < 1e-26L * (1.0L + sum.cwiseAbs().maxCoeff())) break;
  }
  return sum;
}

template <class T>
typename T::Op refDexp(const typename T::Alg& xi) {
  return refDexpL<T>(xi).template cast<double>();
}

template <class T>
typename T::Op refDexpInv(const typename T::Alg& xi) {
  return refDexpL<T>(xi).inverse().template cast<double>();
}

template <class T>
typename T::Op refDcay(const typename T::Alg& xi) {
  const RepL<T> X = hatL<T>(xi), I = RepL<T>::Identity();
  const RepL<T> L = (I - 0.5L * X).inverse(), R = (I + 0.5L * X).inverse();
  typename T::Op D;
  for (int j = 0; j < T::kDim; ++j) {
    D.col(j) = T::vee((L * hatL<T>(basis<T>(j)) * R).template cast<double>());
  }
  return D;
}

// Right-trivialized tangent by 5-point central differences of tau in the matrix
// representation: column j = vee((D tau(X).E_j) tau(X)^{-1}). Truncation error
// h^4 |tau^(5)| / 30, round-off ~ 1e-19 / h in long double. `algebraResidual` receives how far
// (D tau . E_j) tau^{-1} is from the algebra (it must lie in it).
template <class T, class Tau>
typename T::Op fdTangent(const typename T::Alg& xi, Tau tau, double* algebraResidual = nullptr) {
  const ld h = 1e-3L;
  const RepL<T> X = hatL<T>(xi);
  const RepL<T> tauInv = tau(X).inverse();
  typename T::Op D;
  double residual = 0.0;
  for (int j = 0; j < T::kDim; ++j) {
    const RepL<T> E = hatL<T>(basis<T>(j));
    const RepL<T> d = (8.0L * (tau(X + h * E) - tau(X - h * E)) -
                       (tau(X + 2.0L * h * E) - tau(X - 2.0L * h * E))) /
                      (12.0L * h);
    const typename T::Rep M = (d * tauInv).template cast<double>();
    D.col(j) = T::vee(M);
    residual = std::max(residual, maxAbs(T::hat(D.col(j)) - M));
  }
  if (algebraResidual) *algebraResidual = residual;
  return D;
}

template <class T>
typename T::Op fdDexp(const typename T::Alg& xi, double* residual = nullptr) {
  return fdTangent<T>(xi, [](const RepL<T>& X) { return refExpMatrix(X); }, residual);
}

template <class T>
typename T::Op fdDcay(const typename T::Alg& xi, double* residual = nullptr) {
  return fdTangent<T>(xi, [](const RepL<T>& X) { return refCayMatrix(X); }, residual);
}

}  // namespace lietest
