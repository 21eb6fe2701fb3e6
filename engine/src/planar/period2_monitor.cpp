#include "lieride/sim/period2_monitor.hpp"

#include <algorithm>
#include <cmath>

namespace lieride {

Period2Monitor::Period2Monitor(int order, double large) : order_(std::clamp(order, 2, 12)), large_(large) {
  double binomial = 1.0;
  for (int i = 0; i <= order_; ++i) {
    weights_.push_back((i % 2 ? -binomial : binomial) / std::ldexp(1.0, order_));
    binomial = binomial * (order_ - i) / (i + 1);
  }
  history_.resize(weights_.size());
}

void Period2Monitor::restart() { *this = Period2Monitor(order_, large_); }

void Period2Monitor::add(const NVec& signal, double speedScale) {
  const std::size_t n = history_.size();
  newest_ = newest_ + 1 == n ? 0 : newest_ + 1;
  Padded& slot = history_[newest_];
  slot.setZero();
  slot.head(signal.size()) = signal;
  if (++count_ <= order_) return;
  Padded d = Padded::Zero();
  std::size_t at = newest_;
  for (std::size_t i = 0; i < n; ++i) {
    d += weights_[i] * history_[at];
    at = at == 0 ? n - 1 : at - 1;
  }
  value_ = d.cwiseAbs().maxCoeff() / std::max(speedScale, 1e-9);
  if (!std::isfinite(value_)) return;
  // Growing: above the floor and kGrowth times the smallest block envelope at every one of
  // kPersist (order + 1) samples in a row. A kink in the inputs (a key pressed: the
  // acceleration jumps) passes through the difference in order + 1 samples and is not a mode.
  const bool high = (blocks_ > 0 && value_ > kFloor && value_ > kGrowth * smallest_) || value_ > large_;
  // Not latched: a burst of kinks (keys pressed and released in turn while driving by hand)
  // can pass the test once and then decay to round-off, where a latched flag kept the app's
  // badge up beside "1.6e-17 of the speed"; a growing mode stays above it.
  run_ = high ? run_ + 1 : 0;
  growing_ = run_ >= kPersist * (order_ + 1);
  blockMax_ = std::max(blockMax_, value_);
  if (++inBlock_ < kBlock) return;
  smallest_ = blocks_++ == 0 ? blockMax_ : std::min(smallest_, blockMax_);
  inBlock_ = 0;
  blockMax_ = 0.0;
}

}  // namespace lieride
