#include "lieride/model/nonholonomic_model.hpp"

#include "lieride/integrate/nonholonomic_integrators.hpp"

#include <cmath>

namespace lieride {

void NhModel::force(const NVec&, const InputVec&, NVec& F) const { F.setZero(dim()); }

std::unique_ptr<LieNhVehicle> NhModel::lieNhView() const { return nullptr; }
std::unique_ptr<NhIntegrator> NhModel::lieNhIntegrator(const NhIntegratorSettings&) const { return nullptr; }

double NhModel::energy(const NhState& s) const { return 0.5 * s.qdot.dot(mass() * s.qdot); }

double NhModel::constraintResidual(const NhState& s) const {
  NMat mu;
  constraints(s.q, mu);
  return mu.rows() ? (mu * s.qdot).cwiseAbs().maxCoeff() : 0.0;
}

double NhModel::stepResidual(const NhState& a, const NhState& b, double h, double) const {
  NMat mu;
  constraints(0.5 * (a.q + b.q), mu);
  if (!mu.rows()) return 0.0;
  return (mu * (b.q - a.q) / h).cwiseAbs().maxCoeff();
}

namespace nh {

Vec3 bodyFromCoordinates(const NVec& q, const NVec& qdot) {
  const double c = std::cos(q(0)), s = std::sin(q(0));
  return {qdot(0), c * qdot(1) + s * qdot(2), -s * qdot(1) + c * qdot(2)};
}

NVec projectVelocity(const NMat& M, const NMat& S, const NVec& qdot) {
  const NMat StM = S.transpose() * M;
  const NMat G = StM * S;
  return G.ldlt().solve(StM * qdot);
}

}  // namespace nh
}  // namespace lieride
