#pragma once
// Watches a running integrator for a growing period-2 (step-to-step alternating) component in
// its velocity-level constraint residual r_k = mu(q_k) qdot_k: the signature of nh-reflect's
// constraint-violating mode (docs/nonholonomic.md, "Known behaviour"). The alternating part is
// the fourth difference |r_k - 4 r_k-1 + 6 r_k-2 - 4 r_k-3 + r_k-4| / 16 (a smooth residual
// enters it at O(h^4)), relative to the speed scale. Its envelope over blocks of kBlock steps
// counts as growing once it exceeds kFloor and kGrowth times the smallest block envelope since
// the last restart.
#include <array>

#include "lieride/model/nonholonomic_model.hpp"

namespace lieride {

class Period2Monitor {
 public:
  static constexpr double kFloor = 1e-5;  // relative; lie-nh ~1e-16, dla <= 6e-7 (sleigh, h = 0.1)
  static constexpr double kGrowth = 10.0;
  static constexpr int kBlock = 16;

  // Forget the history (integrator or h switched: the integrator restarted).
  void restart();
  // One step's residual vector and speed scale (m/s).
  void add(const NVec& residual, double speedScale);
  // Alternating part of the last step's residual relative to the speed scale (0 until five
  // samples).
  double value() const { return value_; }
  bool growing() const { return growing_; }

 private:
  std::array<NVec, 5> history_;
  int count_ = 0, inBlock_ = 0, blocks_ = 0;
  double value_ = 0.0, blockMax_ = 0.0, smallest_ = 0.0;
  bool growing_ = false;
};

}  // namespace lieride
