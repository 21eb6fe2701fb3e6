// The view of a description vehicle that lie-nh-general (engine/src/planar/lie_nh_general.cpp)
// integrates: Kobilarov et al. 3.2 with the description's constant inertia, connection and
// symmetry directions.
#include <cmath>

#include "lieride/integrate/nonholonomic_integrators.hpp"
#include "lieride/model/reduced_model.hpp"

namespace lieride {
namespace {

// The general lie-nh's view (Kobilarov et al. 3.2): constant reduced inertia in the order
// (u, xi), the connection and symmetry directions from the description's constraints.
class ReducedLieNhView final : public LieNhVehicle {
 public:
  explicit ReducedLieNhView(const ReducedModel& m, const NMat& M) : m_(m) {
    const int s = m.numShape(), n = 3 + s;
    idx_.resize(static_cast<std::size_t>(s));
    for (int j = 0; j < s; ++j) idx_[static_cast<std::size_t>(j)] = 3 + j;
    I_.resize(n, n);
    I_.topLeftCorner(s, s) = M.bottomRightCorner(s, s);
    I_.topRightCorner(s, 3) = M.bottomLeftCorner(s, 3);
    I_.bottomLeftCorner(3, s) = M.topRightCorner(3, s);
    I_.bottomRightCorner(3, 3) = M.topLeftCorner(3, 3);
  }
  std::vector<int> shapeCoordinates() const override { return idx_; }
  const NMat& reducedInertia() const override { return I_; }
  void connection(const NVec& r, NMat& A) const override { A = m_.frame(r).A; }
  void symmetryBasis(const NVec& r, NMat& E) const override { E = m_.symmetryBasis(r); }
  NhState stateFromBody(const NhModel&, const SE2& g, const NVec& r, const Vec3& xi, const NVec& u) const override {
    NhState s;
    const int n = 3 + static_cast<int>(r.size());
    s.q.resize(n);
    s.qdot.resize(n);
    const double c = std::cos(g.theta), sn = std::sin(g.theta);
    s.q.head(3) << g.theta, g.x, g.y;
    s.qdot.head(3) << xi(0), c * xi(1) - sn * xi(2), sn * xi(1) + c * xi(2);
    s.q.tail(r.size()) = r;
    s.qdot.tail(r.size()) = u;
    return s;
  }

 private:
  ReducedModel m_;
  std::vector<int> idx_;
  NMat I_;
};

}  // namespace

std::unique_ptr<LieNhVehicle> ReducedModel::lieNhView() const {
  if (!d_->constantInertia) return nullptr;
  return std::make_unique<ReducedLieNhView>(*this, M0_);
}

}  // namespace lieride
