// Explicit Runge-Kutta on the reduced continuous equations (the papers' baselines).
#include "lieride/integrate/nonholonomic_integrators.hpp"

namespace lieride {
namespace {

class NhRungeKutta final : public NhIntegrator {
 public:
  explicit NhRungeKutta(int order) : order_(order) {}
  std::string name() const override { return order_ == 1 ? "euler" : order_ == 2 ? "rk2" : "rk4"; }
  std::unique_ptr<NhIntegrator> clone() const override { return std::make_unique<NhRungeKutta>(*this); }

  void reset(const NhModel& m, const ControlSet& c, double t, double, const NhState& s) override {
    y_ = m.toReduced(t, s, c);
  }

  StepReport step(const NhModel& m, const ControlSet& c, double t, double h, NhState& s) override {
    NVec k1, k2, k3, k4;
    m.reducedRate(t, y_, c, k1);
    if (order_ == 1) {
      y_ += h * k1;
    } else if (order_ == 2) {  // explicit midpoint
      m.reducedRate(t + 0.5 * h, y_ + 0.5 * h * k1, c, k2);
      y_ += h * k2;
    } else {
      m.reducedRate(t + 0.5 * h, y_ + 0.5 * h * k1, c, k2);
      m.reducedRate(t + 0.5 * h, y_ + 0.5 * h * k2, c, k3);
      m.reducedRate(t + h, y_ + h * k3, c, k4);
      y_ += (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    }
    m.fixReduced(t + h, y_, c);
    s = m.fromReduced(t + h, y_, c);
    return {};
  }

 private:
  int order_;
  NVec y_;
};

}  // namespace

std::unique_ptr<NhIntegrator> makeNhRungeKutta(int order) { return std::make_unique<NhRungeKutta>(order); }

}  // namespace lieride
