#pragma once
// Watches a running integrator for a growing period-2 (step-to-step alternating) component in
// a vector signal: the velocity-level constraint residual r_k = mu(q_k) qdot_k, where
// nh-reflect's constraint-violating mode shows, or the velocities qdot_k themselves, where
// nh-rattle's mode shows with the constraints kept (docs/nonholonomic.md, "Known behaviour").
// The alternating part is the n-th difference divided by 2^n, e.g. for n = 4
// |r_k - 4 r_k-1 + 6 r_k-2 - 4 r_k-3 + r_k-4| / 16: a period-2 component passes whole, a
// smooth signal enters at O((h omega)^n) (n = 10 for the velocities, whose smooth part is the
// size of the speed), relative to the speed scale. It counts as growing once it exceeds kFloor
// and kGrowth times the smallest envelope of a block of kBlock steps since the last restart for
// kPersist (order + 1) steps in a row (an input's kink passes through in order + 1), and while it stays so.
#include <cmath>
#include <vector>

#include "lieride/model/nonholonomic_model.hpp"

namespace lieride {

class Period2Monitor {
 public:
  static constexpr double kFloor = 1e-5;  // relative; lie-nh ~1e-16, dla <= 6e-7 (sleigh, h = 0.1)
  static constexpr double kGrowth = 10.0;
  static constexpr double kLarge = 1e-2;  // relative: a constraint residual alternating at 1 % of the speed
  static constexpr int kBlock = 16;
  static constexpr int kPersist = 3;  // runs of kPersist (order + 1) samples

  // order: the difference taken (2 to 12). large: an alternating part this large (relative to
  // the speed) held as long as a growing one counts too, however it started (a mode that is
  // already saturated in the first block never grows 10x over its smallest envelope); infinite:
  // growth alone.
  explicit Period2Monitor(int order = 4, double large = INFINITY);
  // Forget the history (integrator or h switched: the integrator restarted).
  void restart();
  // One step's signal vector and speed scale (m/s).
  void add(const NVec& residual, double speedScale);
  // Alternating part of the last step's signal relative to the speed scale (0 until order + 1
  // samples).
  double value() const { return value_; }
  bool growing() const { return growing_; }

 private:
  // The signals padded with zeros to NVec's capacity: fixed-size vector arithmetic. With
  // NVec's run-time size the weighted sum cost 1276 instructions a planar step for the two
  // monitors (callgrind, car-slalom), more than a lie-nh step itself.
  using Padded = Eigen::Matrix<double, 8, 1>;
  int order_;
  double large_;
  std::vector<double> weights_;  // (-1)^i binom(order, i) / 2^order
  std::vector<Padded> history_;  // a ring, the newest at newest_
  std::size_t newest_ = 0;
  int count_ = 0, inBlock_ = 0, blocks_ = 0, run_ = 0;
  double value_ = 0.0, blockMax_ = 0.0, smallest_ = 0.0;
  bool growing_ = false;
};

}  // namespace lieride
