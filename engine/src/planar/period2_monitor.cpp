#include "lieride/sim/period2_monitor.hpp"

#include <algorithm>
#include <cmath>

namespace lieride {

void Period2Monitor::restart() { *this = Period2Monitor(); }

void Period2Monitor::add(const NVec& residual, double speedScale) {
  for (std::size_t i = history_.size() - 1; i > 0; --i) history_[i] = history_[i - 1];
  history_[0] = residual;
  if (++count_ < static_cast<int>(history_.size())) return;
  const NVec d4 = history_[0] - 4.0 * history_[1] + 6.0 * history_[2] - 4.0 * history_[3] + history_[4];
  value_ = (d4.size() ? d4.cwiseAbs().maxCoeff() / 16.0 : 0.0) / std::max(speedScale, 1e-9);
  if (!std::isfinite(value_)) return;
  blockMax_ = std::max(blockMax_, value_);
  if (++inBlock_ < kBlock) return;
  smallest_ = blocks_++ == 0 ? blockMax_ : std::min(smallest_, blockMax_);
  growing_ = growing_ || (blockMax_ > kFloor && blockMax_ > kGrowth * smallest_);
  inBlock_ = 0;
  blockMax_ = 0.0;
}

}  // namespace lieride
