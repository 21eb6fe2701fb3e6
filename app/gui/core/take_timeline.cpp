#include "take_timeline.hpp"

#include <algorithm>

namespace lieride::gui {

TakeTimeline::TakeTimeline(std::unique_ptr<Simulation> sim, const Take& take, double interval)
    : player_(std::move(sim), take) {
  checkpoints_.push_back(player_.checkpoint());
  double next = interval;
  while (!player_.finished()) {
    player_.step();
    if (player_.simulation().status() != RunStatus::Ok) break;  // a diverging take ends there
    if (player_.stepsTaken() == take.start) startClock_ = player_.clock();
    if (player_.clock() >= next) {
      checkpoints_.push_back(player_.checkpoint());
      next = player_.clock() + interval;
    }
  }
  end_ = player_.stepsTaken();
  duration_ = player_.clock();
  start_ = std::min(take.start, end_);
  player_.restore(checkpoints_.front());
  seekStep(start_);
}

std::size_t TakeTimeline::checkpointBefore(long step) const {
  const auto it = std::upper_bound(checkpoints_.begin(), checkpoints_.end(), step,
                                   [](long s, const TakePlayer::Checkpoint& c) { return s < c.taken; });
  return static_cast<std::size_t>(it - checkpoints_.begin()) - 1;  // the first is at step 0
}

long TakeTimeline::seekStep(long step) {
  step = std::clamp(step, start_, end_);
  // Carry on from where the replay stands when that is closer than every checkpoint.
  const auto& cp = checkpoints_[checkpointBefore(step)];
  if (!(player_.stepsTaken() <= step && player_.stepsTaken() >= cp.taken)) player_.restore(cp);
  long resimulated = 0;
  while (player_.stepsTaken() < step) {
    player_.step();
    ++resimulated;
  }
  return resimulated;
}

long TakeTimeline::seek(double t) {
  t = std::clamp(t, startClock_, duration_);
  // The checkpoint with the largest clock at or before t, then steps until the clock reaches t.
  std::size_t k = 0;
  while (k + 1 < checkpoints_.size() && checkpoints_[k + 1].clock <= t) ++k;
  const auto& cp = checkpoints_[k];
  if (!(player_.clock() <= t && player_.stepsTaken() >= cp.taken)) player_.restore(cp);
  long resimulated = 0;
  while (player_.clock() < t && player_.stepsTaken() < end_) {
    player_.step();
    ++resimulated;
  }
  return resimulated;
}

}  // namespace lieride::gui
